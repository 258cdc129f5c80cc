# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Samsung's CredSweeper, for the ``fresh16`` split: the passwords, secrets and tokens its test
samples say in documents, command lines, HTTP headers, code and configuration (the provider
tokens and keys are ``credsweeper.py``'s, which joins both tables into one source).

The samples write credentials the way people do outside code: documentation (``doc_*``:
"ID:master,PW:…", "ID/PW:master/…", an IP, a user and a password in one line, Korean labels
such as 아이디 and 패스워드, "my password is …", tokens, secrets and access keys after a
label), Confluence tables and a diagram (``test.html``, ``pretty.html``, ``drawio``), a CSV of
Wi-Fi passwords, command lines (``gpg --passphrase``, ``mysql --password``, PowerShell's
``-Password`` and ``ConvertTo-SecureString``, ``curl --oauth2-bearer``, ``openssl -passin
pass:``), HTTP ``Authorization`` headers, curl options in C, URLs with a password, and
passwords, secrets and tokens given to a name in Scala, Python, C, batch, shell, Groovy, TOML,
PHP, JSON, YAML, RPM spec and Go. The ``doc_*`` files say one password shape per line with a
counter inside (``dipPr10Gg!``, ``dipPr11Gg!``, …, a hundred lines): one line of each form is
taken, its own value, and the form names the kind (``credsweeper:doc-korean-id-password-pair``);
the other lines, each form's second and third examples and the second value of a code form
(``sample.c``'s other curl passwords, ``password_TRUE``'s ``!=`` line) are left out without a
row, so that the split stays near 150 (none was judged differently from the one kept).

``NEGATIVES``: the samples' false-positive lines: prose with the word password, masked and
typed placeholders (``*****``, ``"string"``, ``<enter password>``), references
(``getenv("SECRET")``, ``$TEST_USER_PASS``), SQL password policies, IP addresses with words,
paths and URLs without credentials, uuencoded data, bit masks, HTML form markup, constant
names, mail headers, comments.

``NO_SECRET``: the samples' many values that name themselves: leet for password, SQL password,
multiline, "must be found", "be with you", "default credent", credential written with
``HTbI`` for the Cyrillic нты (``Cr3DeHTbIal``); German ``Geheimnis``/``geheim`` (secret) in
``GEHEIMN1S``, ``GEHE1MNIS`` and ``FlUgeGeHeImEn01``; keyboard columns (``ZAQWS-XCDER-…``),
``crack me`` and ``MYPSWRD`` with counted or shifted digits; base64 of the word token
(``dG9rZW4g``); the SHA-256 of the empty string given to ``WPA2_PASSWORD``.

Left out without a row: values under 8 signs (``cackle!``, ``dkajco1``, ``0dm1nk0``,
``p4Dsr8b``, ``TeRcE52``); salts (``salt.py``, ``salt.hs``: not a credential, as ``fresh15``
left them out); ``nonce.py``'s nonce (public by design, yet a random string a reader takes
for a key: neither label fair) and its keyboard-mashed wrapped keys; ``doc_credentials_p``'s
``LONG_CREDENTIAL`` (5 kB of an AWS Encryption SDK message, ``0x02 0x0578``: ciphertext, not
a credential); a MySQL password hash; values split by markup (``<i>ya29.</i>dshMb…``) or
escaped twice in a diagram (``Dw7^&amp;amp;nd&amp;lt;dj``); the lines that repeat a value
(``doc_passwd_pair`` and ``doc_various`` say one password forty times: cited once);
``auth.hs``'s OAuth signature (a request's signature, not reusable); lines a password or key
sits in though a sample files them as false (``http://…/master/iP38dT_o/api``,
``id:master@example.com,pw:IHQSB1GG!``, ``otpauth://…?set=VNMX…``, ``password =
"0xAb19D82E7f546cC3"``, ``Default ID/PW are wpasp/wpasp``, ``bypass = "cackle!"``).

Doubtful labels, kept: ``peace_for_ukraine`` (a slogan, but the value the XML stores as a
password); the UUID given to ``--super-secret_token`` (a UUID's form, a token's place); the
TOML token ``b035d48j…`` (CredSweeper files the same value false under
``fp_tokenized_value`` and true under ``tp_token_value``: cited at the second).
"""

from __future__ import annotations

_S = "tests/samples"
_DIP = f"{_S}/doc_id_pair_passwd_pair"
_DIPP = f"{_S}/doc_id_passwd_pair"
_DSP = f"{_S}/doc_secret_pair"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (f"{_S}/doc_credentials_p", "credsweeper:doc-password-prose", "237dg546fs9", None),
    (f"{_S}/doc_credentials_p", "credsweeper:doc-activation-key", "ZAQWS-XCDER-VBGTR-FRTGU-KLMNX", None),
    (f"{_S}/doc_passwd_pair", "credsweeper:doc-password-label", "Prl23Db#@", None),
    (_DIP, "credsweeper:doc-id-password-pair", "dipPr10Gg!", None),
    (_DIP, "credsweeper:doc-login-flags-password", "dipPr119Gg!", None),
    (_DIP, "credsweeper:doc-korean-id-password-pair", "dipPr123Gg!", None),
    (_DIP, "credsweeper:doc-id-password-prose", "dipPr18Gg!", None),
    (_DIP, "credsweeper:doc-ip-id-password-pair", "dipPr149Gg!", None),
    (_DIPP, "credsweeper:doc-id-slash-password", "iPp0@GRq", None),
    (_DIPP, "credsweeper:doc-id-paren-password", "iPp1@GRq", None),
    (f"{_S}/doc_ip_id_password_triple", "credsweeper:doc-ip-id-password-triple", "iP30dT_o", None),
    (f"{_S}/doc_various", "credsweeper:doc-host-login-password", "IhqSb1Gg", "ssh gildong.hong@98.76.54.32 mailto:{1} (PW:IhqSb1Gg)"),
    (_DSP, "credsweeper:doc-token-label", "AIhq5Xyb1Gga9Q5", None),
    (_DSP, "credsweeper:doc-secret-label", "AIhq5Xyb1Gga9Q9", None),
    (_DSP, "credsweeper:doc-access-key-label", "AIhq5Xyb1Gga9Q8", None),
    (_DSP, "credsweeper:doc-korean-token-label", "AIhq5Xyb1Gga9Q28", None),
    (f"{_S}/pretty.html", "credsweeper:doc-table-id-slash-password", "Jid8^5gvB", None),
    (f"{_S}/pretty.html", "credsweeper:url-query-token", "zUkITxodk63bDVUMwIymb3zKTxICz85zC00cv0Gel1nE8O", None),
    (f"{_S}/test.html", "credsweeper:html-table-secret", "BNbNbws73bdhss329ssakKhds120384", None),
    (f"{_S}/test.html", "credsweeper:html-table-token", "H72gsdv2dswPneHduwhfd", None),
    (f"{_S}/test.html", "credsweeper:html-table-password", "Cr3DeHTbIal", None),
    (f"{_S}/test.html", "credsweeper:html-table-password", "MU$T6Ef09#D!", None),
    (f"{_S}/drawio", "credsweeper:drawio-diagram-password", "NsIdksKJdj", None),
    (f"{_S}/sample.csv", "credsweeper:csv-wifi-password", "Jfb49,Hd2!@", None),
    (f"{_S}/sample.csv", "credsweeper:csv-wifi-password", "MuLtI1iNe", None),
    (f"{_S}/xml_password.xml", "credsweeper:xml-password-element", "peace_for_ukraine", None),
    (f"{_S}/sample.tm7", "credsweeper:xml-value-password", "6Ew1ThY0u", None),
    (f"{_S}/cmd_credential", "credsweeper:cmd-gpg-passphrase", "N1DdkUD3E73", None),
    (f"{_S}/cmd_credential", "credsweeper:cmd-mysql-password", "Sne3sd8AZjq", None),
    (f"{_S}/cmd_credential", "credsweeper:cmd-powershell-password", "Sjdn43ss@!", None),
    (f"{_S}/cmd_credential", "credsweeper:cmd-uuid-token", "1ace4d19-fa7e-b4e2-c3f0-9129474bcd81", None),
    (f"{_S}/cmd_credential", "credsweeper:cmd-curl-oauth2-bearer", "eZs2fjkjD8hUcsQ37b8zHig==", None),
    (f"{_S}/cmd_secure_string", "credsweeper:cmd-convertto-securestring", "dsjUE#$gds8s", None),
    (f"{_S}/curl_user_password", "credsweeper:curl-user-password", "dG9rZW4g", None),
    (f"{_S}/auth_n.template", "credsweeper:basic-auth-header", "R2hyZG5oYzpycWVpIGVuZ2xiZg==", None),
    (f"{_S}/auth_n.template", "credsweeper:bearer-authorization-header", "eyJGRpVu1c2VzY2-823r_db32hbf4W1lbj", None),
    (f"{_S}/auth.hs", "credsweeper:kerberos-authorization-value", "YI7IB6wYJgaMgHAgIKoZI2AQBuIh2cSA0IB1qA", None),
    (f"{_S}/sample.c", "credsweeper:curl-option-bearer", "K5aS1fMnmhQJMRKRw75Mwm3AVuRVZT39-v0hDyAfeqOYJZ3ji9mhO4lQ_oN2aT2Juugcd5CYqTso", None),
    (f"{_S}/sample.c", "credsweeper:curl-option-password", ")d!~ORI8ed7293eg@w8&()", None),
    (f"{_S}/sample.c", "credsweeper:curl-option-userpwd", "dkb82VddSD", None),
    (f"{_S}/url_cred.js", "credsweeper:url-password", "5WdF4f2jE76a", None),
    (f"{_S}/url_cred.js", "credsweeper:smtp-url-password", "FnD83JZs", None),
    (f"{_S}/url_cred.js", "credsweeper:js-password-comparison", "PaS5w0rD2#", None),
    (f"{_S}/password_TRUE", "credsweeper:openssl-passin-password", "nCzx8A8#!", "-passin \"pass:nCzx8A8#!\""),
    (f"{_S}/password_TRUE", "credsweeper:yaml-password", "Ce7shE0ENPiBlE_EdEose0cBAA", None),
    (f"{_S}/password_TRUE", "credsweeper:scala-password-literal", "exord13Paw64", None),
    (f"{_S}/password_TRUE", "credsweeper:python-default-argument-password", "cq2tPr1a2", None),
    (f"{_S}/password_TRUE", "credsweeper:password-comparison", "q4c1a2oPd", None),
    (f"{_S}/password_TRUE", "credsweeper:c-define-password", "n84ASM54y4", None),
    (f"{_S}/password_TRUE", "credsweeper:batch-set-password", "n83.bat47Fy4", None),
    (f"{_S}/password_TRUE", "credsweeper:wpa2-password", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", None),
    (f"{_S}/password_TRUE", "credsweeper:bash-pswd-variable", "d37Yt1Jnv0-z", None),
    (f"{_S}/password_TRUE", "credsweeper:go-assign-password", "FlUgeGeHeImEn01", None),
    (f"{_S}/passwd.groovy", "credsweeper:groovy-password", "cAc48k1Zd7", None),
    (f"{_S}/passwd.groovy", "credsweeper:yaml-password", "KrAcMe12345", None),
    (f"{_S}/password.tfvars", "credsweeper:tfvars-password", "MYPSWRD!@#$%^&*", None),
    (f"{_S}/api.toml", "credsweeper:toml-api-key", "DvMB_glvwjlEQ_uqIyn8k", None),
    (f"{_S}/token.toml", "credsweeper:toml-token", "b035d48j9X2dfjF0hb9sd8Guf5hWu2ia", "tp_token_value="),
    (f"{_S}/key.php", "credsweeper:php-define-password", "2Arh5dA1Sn0ywiVYdnpwr3aLzZDJPNG", None),
    (f"{_S}/key_value.json", "credsweeper:json-key-value-api-key", "QMEFk2TZGlkGcOkG-R9UwV1ZmlNkWEYvQzF", None),
    (f"{_S}/struct.json", "credsweeper:json-key-value-password", "Axt4T0eO0lm9sS==", None),
    (f"{_S}/binary.yml", "credsweeper:yaml-secret-block", "we5345d0f3da48544z1t1e275y05i161x995q485", None),
    (f"{_S}/sample.py", "credsweeper:python-continued-secret", "RlQ8MGlWH8Hn1TrHn6WBfy31EhIIJmBsuUBOU8H2AJ6KnJC0L3djWHaqhDTZTth", None),
    (f"{_S}/sample.py", "credsweeper:env-default-secret", "R15br4jtfcFbWh9G7EZTb6jR12c9We", None),
    (f"{_S}/sample.py", "credsweeper:python-auth-token-list", "8ab20238fb3ef48823e75469b5712d3f0baf2e58", None),
    (f"{_S}/doc_get_p", "credsweeper:env-default-secret", "GEHEIMN1S", None),
    (f"{_S}/doc_get_p", "credsweeper:env-default-password", "GEHE1MNIS", None),
    (f"{_S}/doc_get_p", "credsweeper:env-default-password", "at5G6zi!m", None),
    (f"{_S}/sample.html", "credsweeper:env-default-credential", "De7a01tC4e9En7", None),
    (f"{_S}/sample.spec", "credsweeper:rpm-spec-token", "4b9a6d8b4bc56fbfa1c638eb0c6cab3746bf32ac7bfa89a6d8b638eb0c619ff2", None),
    (f"{_S}/secret.go", "credsweeper:go-secret-variable", "/VnpmUGWxhQW9KQAwrL2ZYdDJPNG1PQjYxMXNPaF", None),
    (f"{_S}/sql_password", "credsweeper:sql-create-user-password", "SqLpa5sW0rD", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "ZAQWS-XCDER-VBGTR-FRTGU-KLMNX": "keyboard columns (zaq, wsx, cde, …) and the alphabet's klmn",
    "MuLtI1iNe": "leet for multiline, the case's name",
    "6Ew1ThY0u": "leet for: be with you (May password: be with you)",
    "MU$T6Ef09#D!": "leet for: must be found!",
    "Cr3DeHTbIal": "the word credential, HTbI written for the Cyrillic нты",
    "dG9rZW4g": "base64 of the word token",
    "PaS5w0rD2#": "leet for password, a digit and a sign",
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855": "the SHA-256 of the empty string, a known constant",
    "FlUgeGeHeImEn01": "a made-up word around German geheim (secret), a counter",
    "KrAcMe12345": "crack me and digits counted in order",
    "MYPSWRD!@#$%^&*": "the word password without its vowels and the shifted digit row in order",
    "GEHEIMN1S": "Geheimnis, German for secret, in leet",
    "GEHE1MNIS": "Geheimnis, German for secret, in leet",
    "De7a01tC4e9En7": "leet for: default credent(ial)",
    "SqLpa5sW0rD": "leet for: SQL password",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (f"{_S}/doc_credentials_n", "credsweeper-fp:prose", "the password is incorrect"),
    (f"{_S}/doc_credentials_n", "credsweeper-fp:keyboard-placeholder", "Activation key : ZAQWS-XCDER-VBGTR-FRTGU-KLMNO"),
    (f"{_S}/doc_credentials_n", "credsweeper-fp:masked-value", "Activation key : ZAQWS-XCDER-*****-VBGTR-FRTGU"),
    (f"{_S}/doc_credentials_n", "credsweeper-fp:type-placeholder", "\"SecretApiKey\": \"string\""),
    (f"{_S}/doc_credentials_n", "credsweeper-fp:uuid", "\"UserKeyword\": \"A1328E04-88B6-4E2A-A5C0-A4D9B21754C4\""),
    (f"{_S}/doc_get_n", "credsweeper-fp:reference", "CEKPET = getenv(&quot;SECRET&quot;, None)"),
    (f"{_S}/doc_get_n", "credsweeper-fp:reference", "SECRET = getenv(\"GEHE1MN15\", '')"),
    (f"{_S}/doc_get_n", "credsweeper-fp:config", "{\"dummy\": \"api-custom-key\", \"c098f218-face-c0fe-dea0-0199cba\": \"not-a-key-in-the-line\", \"next\": \"something-else\"}"),
    (_DIPP, "credsweeper-fp:angle-placeholder", "password: <PostgreSQL PW>"),
    (f"{_S}/doc_ip_id_password_triple", "credsweeper-fp:path", "<p tst=\"auto\">sirius 192.168.0.1/mnt/user/USBx/\\\\[Root_Test\\\\]UseCase/12345678/76125-733_FFB_2038_judgement_day6_238811_6524.apk</p>"),
    (f"{_S}/doc_ip_id_password_triple", "credsweeper-fp:url-without-credentials", "http://192.168.0.1/master/branch"),
    (f"{_S}/doc_ip_id_password_triple", "credsweeper-fp:prose", "not an IP 1.2.3.4.5 rabbit went to play"),
    (f"{_S}/doc_ip_id_password_triple", "credsweeper-fp:command", "ifconfig eth0 192.168.0.1 netmask 255.255.255.0"),
    (f"{_S}/doc_ip_id_password_triple", "credsweeper-fp:prose", "10.2.3.4 Chapter Local Area Network"),
    (f"{_S}/doc_ip_id_password_triple", "credsweeper-fp:prose", "10.0.3.2 Ancient Library"),
    (f"{_S}/doc_ip_id_password_triple", "credsweeper-fp:prose", "192.168.0.1 dedicated SinCity(K4 room)"),
    (f"{_S}/doc_ip_id_password_triple", "credsweeper-fp:config", "Service(Standby) ip : 192.168.127.24(23591 port) ip : 192.168.142.42(21345 port) ip : 192.168.12.23(23827 port)"),
    (f"{_S}/doc_ip_id_password_triple", "credsweeper-fp:path", "127.0.0.1/root/OTHER_ETC/job/OTHER_CPI6_COVERAGE/376/GCOV_32Coverage_32Report_12CAPI_42/"),
    (f"{_S}/doc_ip_id_password_triple", "credsweeper-fp:version", "FP# [Wi-Fi HotSpot] 5.2.0.299-WR220224U #Wi-Fi"),
    (f"{_S}/doc_passwd_pair", "credsweeper-fp:comment", "# password: keep empty"),
    (f"{_S}/doc_passwd_pair", "credsweeper-fp:word-naming-the-value", "암호 : @@@hl@@@비번@@@endhl@@@"),
    (f"{_S}/doc_passwd_pair", "credsweeper-fp:config", "FP# 10.0.0.1    8888    TLSv1.2"),
    (_DSP, "credsweeper-fp:url-without-credentials", "page.action?spaceKey=LOGIC&title=QUANTUM\","),
    (_DSP, "credsweeper-fp:prose", "Enter token : This is a query parameter"),
    (_DSP, "credsweeper-fp:identifier", "\"key\":\"attached_file_0\""),
    (f"{_S}/doc_various", "credsweeper-fp:comment", "# vim: set ft=text:"),
    (f"{_S}/doc_various", "credsweeper-fp:command", "ssh -p 2222 # port number - not a password"),
    (f"{_S}/doc_various", "credsweeper-fp:placeholder-run", "PAT:xxxx-xxxx-xxxx-xxxx"),
    (f"{_S}/doc_various", "credsweeper-fp:placeholder-run", "-dbpwd VAL:xxxx"),
    (f"{_S}/drawio", "credsweeper-fp:type-placeholder", "value=\"token: String\""),
    (f"{_S}/password_FALSE", "credsweeper-fp:placeholder-run", "#define PASSWORD 0x0dead1beef7cafe2"),
    (f"{_S}/password_FALSE", "credsweeper-fp:short-value", "password = \"abc\""),
    (f"{_S}/password_FALSE", "credsweeper-fp:file-reference", "RUN openssl x509 -req -days 365 -passin \"file:dkajco1\" -sha256 -in server.csr -CA ca.pem -CAkey ca-key"),
    (f"{_S}/password_FALSE", "credsweeper-fp:uuencoded-data", "M[@%]PW:2Z.Q?2M^S;`4G?E0C.@V&?0KY]]\"H3Y@6$#I4V*R^\"+B,2P6`A)UL"),
    (f"{_S}/password_FALSE", "credsweeper-fp:uuencoded-data", "M>1D!ZT;JA?AD9%I_+YD/,6X7/D-LCAWT\\/Y<+1-JL*\"1UX/I731CLB<\\Q=CZ"),
    (f"{_S}/password_FALSE", "credsweeper-fp:config", "passengers: [\"quickBrown\", \"lazyDog\"]"),
    (f"{_S}/password_FALSE", "credsweeper-fp:placeholder-phrase", "PWR_MGM: N0tThePSw45f!!!"),
    (f"{_S}/password_FALSE", "credsweeper-fp:placeholder-phrase", "pwdump=n0NeKreD"),
    (f"{_S}/password_TRUE", "credsweeper-fp:comment", "# UUE must not skip due `localhost` in lower"),
    (f"{_S}/password_TRUE", "credsweeper-fp:config", "MYSQL_DATABASE_HOSTNAME=localhost;MYSQL_DATABASE_PORT=655351;"),
    (f"{_S}/password_TRUE", "credsweeper-fp:config", "X3_USER=root"),
    (f"{_S}/passwd.groovy", "credsweeper-fp:masked-value", "masked_password = *****1*****2;"),
    (f"{_S}/pass_filtered", "credsweeper-fp:prose", "PASS Interface test: items are unique"),
    (f"{_S}/pass_filtered", "credsweeper-fp:prose", "* Pass condition : Loyalty cards displayed"),
    (f"{_S}/pass_filtered", "credsweeper-fp:identifier", "password_id = 2938479"),
    (f"{_S}/auth_n.template", "credsweeper-fp:placeholder-phrase", "author = \"M$Bn0Tf0YHD\""),
    (f"{_S}/auth_n.template", "credsweeper-fp:config", "authors = \"Nobody John Doe\""),
    (f"{_S}/auth_n.template", "credsweeper-fp:angle-placeholder", "AUTH_TOKEN=<an authorization token>"),
    (f"{_S}/curl_user_password", "credsweeper-fp:reference", "curl -X PUT -u \"$USER:$PASSWORD\" https://127.0.0.1 # FP"),
    (f"{_S}/key_value.json", "credsweeper-fp:identifier", "\"key\": \"api_key\","),
    (f"{_S}/key_value.json", "credsweeper-fp:word", "\"IDX_SOMR_KEYBOARD\": \"Khartabil\","),
    (f"{_S}/key_value.json", "credsweeper-fp:config", "\"KeypadUserMask\": \"mask16bit\","),
    (f"{_S}/key_value.json", "credsweeper-fp:bit-mask", "\"pass_mask32\": \"0x31c45018\","),
    (f"{_S}/key_value.json", "credsweeper-fp:bit-mask", "\"pass_mask64\": \"0x81103c1452dd61cd\","),
    (f"{_S}/key_value.json", "credsweeper-fp:config", "\"&apid;\": { \"checkpkoint\": [4931], \"symbolsist\": \"\\u224B\" }"),
    (f"{_S}/struct.json", "credsweeper-fp:prose", "\"info\": \"Structure can be combined if keys exists: key - value\","),
    (f"{_S}/sql_password", "credsweeper-fp:reference", "CREATE USER $TEST_USER_NAME WITH SUPERUSER LOGIN NOINHERIT PASSWORD '$TEST_USER_PASS' CREATEROLE; -- todo filter"),
    (f"{_S}/sql_password", "credsweeper-fp:sql-policy", "ALTER USER 'super_user'@'10.10.%' PASSWORD EXPIRE INTERVAL 90 DAY;"),
    (f"{_S}/sql_password", "credsweeper-fp:sql-policy", "ALTER USER 'super_user'@'10.1.%' PASSWORD HISTORY 1;"),
    (f"{_S}/sql_password", "credsweeper-fp:sql-policy", "ALTER USER 'u2'@'localhost' FAILED_LOGIN_ATTEMPTS 45PASSWORD_LOCK_TIME UNBOUNDED;"),
    (f"{_S}/sql_password", "credsweeper-fp:angle-placeholder", "alter user \"bob\"@\"localhost\" identified with sha256_password by '<enter password>';"),
    (f"{_S}/sql_password", "credsweeper-fp:short-value", "select concat(\"--alter user'\", user, \"'@'%' identified with sha256_password by 'pass';\") from mysql.user"),
    (f"{_S}/sample.html", "credsweeper-fp:html-form", "<label for=\"password\">Password:</label>"),
    (f"{_S}/sample.html", "credsweeper-fp:html-form", "type=\"password\""),
    (f"{_S}/sample.html", "credsweeper-fp:html-form", "<td colspan=\"2147483647\">MAX INT32</TD>"),
    (f"{_S}/sample.c", "credsweeper-fp:constant-name", "#define CURLOPT_PROXYPASSWORD 1"),
    (f"{_S}/sample.c", "credsweeper-fp:constant-name", "#define CURLOPT_KEYPASSWD 6"),
    (f"{_S}/sample.c", "credsweeper-fp:code", "printf(\"%p, %d, %s\\n\", a, b, c);"),
    (f"{_S}/sample.cc", "credsweeper-fp:comment", "/* only deep scan can find the key */"),
    (f"{_S}/sample.py", "credsweeper-fp:comment", "# The sample is used for deep scan mode only. No credentials should be found in regular mode."),
    (f"{_S}/test.eml", "credsweeper-fp:mime-boundary", "boundary=\"----=_Part_100500_123456789.987654321\""),
    (f"{_S}/test2.eml", "credsweeper-fp:mail-header", "Subject: token in zip"),
    (f"{_S}/test2.eml", "credsweeper-fp:mail-header", "Content-Disposition: attachment; filename=\"token.zip\""),
    (f"{_S}/test2.eml", "credsweeper-fp:mail-header", "X-Attachment-Id: f_lto8qj7m0"),
    (f"{_S}/test.html", "credsweeper-fp:html-title", "<title>Password storage - Confluence</title>"),
    (f"{_S}/url_cred.js", "credsweeper-fp:email-address", "// note:dummyuser@example.com"),
    (f"{_S}/url_cred.js", "credsweeper-fp:comment", "// Strict inequality (!==)"),
    (f"{_S}/xml_password.xml", "credsweeper-fp:prose", "Password for authorization"),
)  # fmt: skip

# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""GitHub's field team's secret scanning custom patterns, read by hand, for the ``fresh18`` split
(``fresh18.py`` reads and writes).

``advanced-security/secret-scanning-custom-patterns`` has a folder per theme (``configs``,
``database``, ``generic``, ``jwt``, ``password_store``, ``rsa``, ``uri``, ``vendors``, ``pii``,
``common``); each ``patterns.yml`` gives its patterns a ``test`` (``data``, with the match's
``start_offset``/``end_offset``) and the ``expected`` matches in the folder's test files; the
test runner fails on a match it does not expect, and some test files end with a "False
Positives" section the patterns must not match.

This source is not new to the corpus: ``fresh5`` read it at the same commit (``9b84660…``),
mechanically (``secpatterns.py``: each stated match cut at its offsets, at most three per
pattern type, the filters dropping the rest), and took 23 values of 15 types and the 7 lines of
``vendors/not_okta.txt``; the engine has since been tuned with ``fresh5``'s misses in view. So
what this table takes is only what that pass left and a reading finds: the filters drop
``fresh5``'s values again (they are in the earlier splits), and no value ``fresh5`` took is
listed here. Every ``patterns.yml`` and every test file was read at ``HEAD`` (the ``pii``
folder's card numbers, IBANs and national ids and ``common``'s word list of weak passwords are
no credential and were not taken).

``SECRETS``: (file, kind, value, anchor), kind ``ghcp:<pattern type>``. What is left: the fourth
Okta token of ``okta.txt`` (past ``fresh5``'s cap), the Flickr OAuth token and the Microsoft
Teams incoming webhook the vendor patterns' tests give, the signature of the AWS S3 presigned
URL (a real snort.org URL, expired; the signature is what lends it its access), the OpenSSH
private key of ``rsa/ssh_rsa`` (its first line of private material, the head of the private
exponent, cited with the lines above it: the second line of an OpenSSH key is its public part,
and its runs of ``A`` read as filler to the placeholder filter), and ``HelloSecretScanning``,
the password of a Flask app's database URL.

``NO_SECRET``: values in a password's place that name the value or are stand-ins: the MySQL
compose file's ``SecretMySQLR00tPassword`` and ``MySQLPassword``, MySQL's documented
``my-secret-pw``, Spring's ``SQLSpringPassword`` and ``QuotedSpringPassword``, a JavaScript
comparison's ``hardcodedsecret``, OpenStack's ``password1234isnotagoodpassword``, the OAuth
test's ``thisisaverysecretkey``, the Juice Shop test's user password ``hooooorst`` (``horst``
with its ``o`` held down) and ``does.not.matter``. Left out without a row: the values
``fresh5`` took (Django's key, the machine keys, the PlanetScale password, the passwords of
``passwords.js``, ``app.config`` and ``database.txt``, the JWTs, the Juice Shop RSA key, the
GPG key, Grafana, Sentry DSN, Okta, Flickr API key, BrowserStack and Azure client secret), the
same GPG key under headers and the same OpenSSH key JSON-escaped in ``rsa.json`` (one key, one
case), SendGrid's ``SG.ngeVf…`` (Yelp's detect-secrets test value, which the main corpus read),
the Juice Shop password ``bW9jLm…`` (``fresh12`` read it in Juice Shop's ``users.yml``),
values under 8 signs (``seKr1t``, ``webgoat``, ``dbpass1``…), ``common``'s weak passwords
(``p@55w0rd123``: a weak password is still a password, yet a word list is no leak) and the
``pii`` folder.

``NEGATIVES``: (file, kind, text): the patterns' test data written with placeholders (runs of
``A``, ``a`` and zeros, counted hex, ``password``, ``foo:bar``, ``ddd``), the lines of the test
files beside the secrets that hold none (placeholders in Sentry and Datadog configs, an Okta
look-alike of counted digits, Jasypt's ``ENC(…)``, JDBC URLs without a password, UUIDs used as
ids, host names, IPs and version strings, an e-mail address, a public SSH key, an action
reference, a password store's metadata, an HTTP request line, comments such as ``// secret:
jwt``), the "False Positives" sections (URLs whose password is a GitHub Actions
expression or a variable, a URL with a user only, Python attribute assignments), and Juice
Shop's test lines that pass a token by reference, mask a password, or send an invalid token.

Doubtful labels, kept. Secrets: ``HelloSecretScanning`` (a phrase addressing the product
under test, but the password the URL gives, naming no value); the Teams webhook (its tenant
host is ``example``, its ids and key random); the presigned URL's signature (expired, but
the credential part of a real URL). Negatives: the stand-ins that name themselves
(``client_secret = 'thisisaverysecretkey'``, ``OPENSTACK_PASSWORD: "password1234isnot…"``,
``password: password123``): placeholders by this split's rule, though a redactor that masks a
password's place whatever it holds does no harm there.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/advanced-security+secret-scanning-custom-patterns/repo")
REPO = "advanced-security/secret-scanning-custom-patterns"

_V = "vendors/patterns.yml"
_C = "configs/patterns.yml"
_D = "database/patterns.yml"
_G = "generic/patterns.yml"
_J = "jwt/owasp-juice-shop.ts"
_SSH = "\n".join(
    (
        "-----BEGIN OPENSSH PRIVATE KEY-----",
        "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAABlwAAAAdzc2gtcn",
        "NhAAAAAwEAAQAAAYEAxFVrpAQUAPAFuZNK8siqKQEbbCiTizV96aKhauHIPQf/JY1JSEzo",
        "RyNbTmYBsSh+3HDoadCbYZ3Ynh7IfipaFu1TzzKgx/5ffrPXc93dUyPGIZ2t+SjTx0J0xc",
        "nZB33HIl9NJ7OV+1yg2K8ddS6ZkrIVB3uyPcyeAV868X3UN7D4HoLb50MaO7XheaMtXKBu",
        "8UyMm5KhxeY1peLbSI4ewbQDdpMUcAS6X7sd5VBRSZMpxO4VhyQ0o51fSu6bdWusk+ASYT",
        "V40JROjyr8ISVDTW5fT4lxZ5JDsbOfNSK2RWXVsDWSGORIc5Izry/+gBrd95XhGWETQtsa",
        "ioWTpyqwL6hxb3GAQGO55nu9twMNY/B1iiP1/pZwYLvhCjRQc1Sls7mkkwJGGWU6ZDUZkp",
        "XY+TYpm8Oo6hB+jGQPCXy/pB7I+LpJ4ytrnF9+5IU1kBz9iFSp5KWHoyiw3a03PfA3jJWw",
        "nq/o4qR6/jpnTYA3Z2a+VFglDWInFUmc6bBkavv1AAAFoCOTmREjk5kRAAAAB3NzaC1yc2",
        "EAAAGBAMRVa6QEFADwBbmTSvLIqikBG2wok4s1femioWrhyD0H/yWNSUhM6EcjW05mAbEo",
        "ftxw6GnQm2Gd2J4eyH4qWhbtU88yoMf+X36z13Pd3VMjxiGdrfko08dCdMXJ2Qd9xyJfTS",
        "ezlftcoNivHXUumZKyFQd7sj3MngFfOvF91Dew+B6C2+dDGju14XmjLVygbvFMjJuSocXm",
        "NaXi20iOHsG0A3aTFHAEul+7HeVQUUmTKcTuFYckNKOdX0rum3VrrJPgEmE1eNCUTo8q/C",
        "ElQ01uX0+JcWeSQ7GznzUitkVl1bA1khjkSHOSM68v/oAa3feV4RlhE0LbGoqFk6cqsC+o",
        "cW9xgEBjueZ7vbcDDWPwdYoj9f6WcGC74Qo0UHNUpbO5pJMCRhllOmQ1GZKV2Pk2KZvDqO",
        "oQfoxkDwl8v6QeyPi6SeMra5xffuSFNZAc/YhUqeSlh6MosN2tNz3wN4yVsJ6v6OKkev46",
        "Z02AN2dmvlRYJQ1iJxVJnOmwZGr79QAAAAMBAAEAAAGBAIEUI+u2XqxrIWhrhTfvY6gHuU",
        "63sqEwbvK+4F8TyAEQE9hNdmOZZJD4ltwJRo2BsT4e4T5ITw+zpin21RvVnls6dwJfJ8O0",
    )
)

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("vendors/okta.txt", "ghcp:okta_token", "00iqMOKIplUddEWA5WEM4YwOkw7RXeGw31lFCMTvZ2", None),
    (_V, "ghcp:flickr_oauth_token", "72157652803311234-5a8be4617b02f1c3", None),
    (_V, "ghcp:teams_incoming_webhook", "https://example.webhook.office.com/webhookb2/892e8ed3-997c-4b6e-8f8a-7f32728a8a87@f7322380-f203-42ff-93e8-66e266f6d2e4/IncomingWebhook/fcc6565ec7a944928bd43d6fc193b258/4f0482d4-b147-4f67-8a61-11f0a5019547", None),
    (_V, "ghcp:aws_s3_presigned_url", "1d5134d3a84db0f7b1ece95fcf98387a0cc32ff131b6c95e6a80d3cd4b616a5c", None),
    ("rsa/ssh_rsa", "ghcp:ssh_private_keys", "63sqEwbvK+4F8TyAEQE9hNdmOZZJD4ltwJRo2BsT4e4T5ITw+zpin21RvVnls6dwJfJ8O0", _SSH),
    ("uri/app.py", "ghcp:hardcoded_uri_passwords", "HelloSecretScanning", None),
    # read as no secret (NO_SECRET)
    ("configs/mysql/docker-compose.yml", "ghcp:yaml_passwords_plain", "SecretMySQLR00tPassword", None),
    ("configs/mysql/docker-compose.yml", "ghcp:yaml_passwords_plain", "MySQLPassword", None),
    ("configs/mysql/run-mysql.sh", "ghcp:env_passwords", "my-secret-pw", None),
    ("configs/application.properties", "ghcp:hardcoded_spring_sql_passwords", "SQLSpringPassword", None),
    ("configs/application.properties", "ghcp:hardcoded_spring_sql_passwords", "QuotedSpringPassword", None),
    ("generic/passwords.js", "ghcp:generic_passwords", "hardcodedsecret", None),
    (_V, "ghcp:openstack_password_or_key", "password1234isnotagoodpassword", None),
    (_G, "ghcp:oauth_client_secret", "thisisaverysecretkey", None),
    (_J, "ghcp:generic_passwords", "hooooorst", None),
    (_J, "ghcp:generic_passwords", "does.not.matter", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "SecretMySQLR00tPassword": "'secret MySQL root password' in leet: words naming the value",
    "MySQLPassword": "words naming the value",
    "my-secret-pw": "the MySQL image's documented stand-in: words naming the value",
    "SQLSpringPassword": "words naming the value",
    "QuotedSpringPassword": "words naming the value (and how the test writes it)",
    "hardcodedsecret": "words naming the value",
    "password1234isnotagoodpassword": "words naming the value, with counted digits",
    "thisisaverysecretkey": "words naming the value",
    "hooooorst": "a test user's name with its o held down: a typed stand-in",
    "does.not.matter": "words saying the value does not matter",
}
"""Values read as no secret, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # the patterns' test data, written with placeholders
    (_C, "ghcp-fp:placeholder-word", "postgres_password=password"),
    (_C, "ghcp-fp:placeholder-word", "spring.datasource.password=password"),
    (_C, "ghcp-fp:placeholder-word", 'SECRET_KEY = "password"'),
    (_C, "ghcp-fp:named-stand-in", "password: password123"),
    (_C, "ghcp-fp:named-stand-in", "SECRET_KEY=password123"),
    (_C, "ghcp-fp:named-stand-in", '<add key="password" value="mypassword" />'),
    (_C, "ghcp-fp:placeholder-run", "password: AAAAAAAAAAAa00=="),
    (_C, "ghcp-fp:counted-placeholder", "password: 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"),
    (_C, "ghcp-fp:placeholder-run", '{"password": "AAAAAAAAAAAa00==", "user": "admin"}'),
    (_C, "ghcp-fp:counted-placeholder", '{"password": "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", "user": "admin"}'),
    (_C, "ghcp-fp:action-reference", "uses: sample-org/sample-action@v2"),
    (_D, "ghcp-fp:placeholder-word", 'connection_string = "Data Source=eee,1433;Initial Catalog=bbb;Integrated Security=False;User ID=ccc@aaa;Password=ddd;"'),
    (_D, "ghcp-fp:placeholder-word", 'connection_string = "Password=ddd;Data Source=eee,1433;Initial Catalog=bbb;Integrated Security=False;User ID=ccc@aaa;"'),
    (_D, "ghcp-fp:placeholder-word", 'ConnectionStrings__Default="Data Source=eee,1433;Initial Catalog=bbb;Integrated Security=False;User ID=ccc@aaa;Password=ddd;"'),
    (_D, "ghcp-fp:placeholder-word", "mongodb+srv://foo:bar@mongodb.example.invalid/"),
    (_G, "ghcp-fp:named-stand-in", "password=Password123"),
    (_G, "ghcp-fp:counted-placeholder", "password=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"),
    (_G, "ghcp-fp:placeholder-run", 'password="AAAAAAAAAAAa00=="'),
    (_G, "ghcp-fp:counted-placeholder", "10203040-5060-7080-90a0-b0c0d0e0f000"),
    (_G, "ghcp-fp:named-stand-in", "Authorization: Bearer FAKETOKENFORTESTING"),
    (_G, "ghcp-fp:named-stand-in", "client_secret = 'thisisaverysecretkey'"),
    (_V, "ghcp-fp:host-name", 'const db = "abc123.database.secure.windows.net"'),
    (_V, "ghcp-fp:counted-placeholder", "SENTRY_AUTH_TOKEN=aabbccddeeff0011223344556677889900a1b1c1d1e1f1011121314151617181"),
    (_V, "ghcp-fp:counted-placeholder", "SENTRY_API_KEY=aabbccddeeff00112233445566778899"),
    (_V, "ghcp-fp:placeholder-run", "DD_API_KEY=01000000000000000000000000000000"),
    (_V, "ghcp-fp:placeholder-run", "DD_APP_KEY=0100000000000000000000000000000000000000"),
    (_V, "ghcp-fp:placeholder-run", "api-00000000-0000-0000-0000-000000000000"),
    (_V, "ghcp-fp:placeholder-run", "pd_api_key=AAAAAAAAAAAAAAAAAAAa"),
    (_V, "ghcp-fp:placeholder-run", "VERCEL_ACCESS_TOKEN=aaaaaaaaaaaaaaaaaaaaaaaa"),
    (_V, "ghcp-fp:placeholder-run", "vercel --token=aaaaaaaaaaaaaaaaaaaaaaaa"),
    (_V, "ghcp-fp:placeholder-run", "clientId: 'oac_aaaaaaaaaaaaaaaaaaaaaaaa',"),
    (_V, "ghcp-fp:placeholder-run", "clientSecret: 'aaaaaaaaaaaaaaaaaaaaaaaa',"),
    (_V, "ghcp-fp:counted-placeholder", "Bearer 01234567-89ab-4def-8123-456789abcdef"),
    (_V, "ghcp-fp:counted-placeholder", "google_api_key: 0123456789abcdef0123456789abcdef01234567"),
    (_V, "ghcp-fp:named-stand-in", 'OPENSTACK_PASSWORD: "password1234isnotagoodpassword"'),
    (_V, "ghcp-fp:counted-placeholder", 'ALIENVAULT_OTX_API_KEY: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"'),
    (_V, "ghcp-fp:placeholder-run", "key: service:my-apollo-service:aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"),
    (_V, "ghcp-fp:counted-placeholder", 'CLICKUP_API_KEY: "pk_1234567_ABCDEFGHIJKLMNOPQRSTUVWXYZ123456"'),
    (_V, "ghcp-fp:counted-placeholder", 'amzn.mws.auth.token: "amzn.mws.12345678-1234-1234-1234-1234567890ab"'),
    (_V, "ghcp-fp:counted-placeholder", 'jenkins_api_token="0123456789abcdef0123456789abcdef"'),
    (_V, "ghcp-fp:counted-placeholder", 'AZURE_ACCESS_KEY: "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmn=="'),
    (_V, "ghcp-fp:counted-placeholder", 'AZURE_SAS_TOKEN: "?sv=2019-12-12&ss=bfqt&srt=sco&sp=rwdlacupx&se=2021-10-11T16:57:00Z&st=2021-10-11T08:57:00Z&spr=https&sig=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmn%3D"'),
    (_V, "ghcp-fp:counted-placeholder", 'circle_ci_api_token: "0123456789abcdef0123456789abcdef01234567"'),
    ("uri/patterns.yml", "ghcp-fp:url-without-credentials", "https://something_internal.example.com/a/path/"),
    ("uri/patterns.yml", "ghcp-fp:placeholder-word", "https://user:foo@example.invalid/"),
    ("rsa/patterns.yml", "ghcp-fp:key-placeholder", "--BEGIN PRIVATE KEY--\\nAAAA\\n--END PRIVATE KEY--"),
    ("rsa/patterns.yml", "ghcp-fp:key-placeholder", "--BEGIN OPENSSH PRIVATE KEY--AAAA--END OPENSSH PRIVATE KEY--"),
    ("rsa/patterns.yml", "ghcp-fp:key-placeholder", "--BEGIN PGP PRIVATE KEY BLOCK--AAAA--END PGP PRIVATE KEY BLOCK--"),
    ("rsa/patterns.yml", "ghcp-fp:public-key", "ssh-rsa aaaaaaaaaaaaaaaaaaaaa foo"),
    # the test files: lines beside the secrets that hold none
    ("vendors/okta.txt", "ghcp-fp:counted-placeholder", "okta_key:00123456789987654321456987412358"),
    ("vendors/datadog.txt", "ghcp-fp:placeholder-run", 'DATADOG_API_KEY = "01000000000000000000000000000000"'),
    ("vendors/datadog.txt", "ghcp-fp:placeholder-run", "terraformer import datadog --api-key=01000000000000000000000000000000 --app-key==0100000000000000000000000000000000000000"),
    ("vendors/datadog.txt", "ghcp-fp:placeholder-run", 'set :datadog_app_key, "0100000000000000000000000000000000000000"'),
    ("vendors/sentry.sh", "ghcp-fp:counted-placeholder", "sentry-cli --auth-token 1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef"),
    ("vendors/sentry.properties", "ghcp-fp:counted-placeholder", "auth.api_key=1234567890abcdef1234567890abcdef"),
    ("vendors/.sentryclirc", "ghcp-fp:counted-placeholder", "token=1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef"),
    ("vendors/webpack_sentry.js", "ghcp-fp:counted-placeholder", "apiKey: '1234567890abcdef1234567890abcdef',"),
    ("vendors/webpack_sentry.js", "ghcp-fp:placeholder-word", "organization: 'your-organization-name',"),
    ("vendors/webpack_sentry.js", "ghcp-fp:reference", "release: process.env.GIT_SHA"),
    ("vendors/terraform.tf", "ghcp-fp:counted-placeholder", 'token = "1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef"'),
    ("configs/application.properties", "ghcp-fp:encrypted-value", "datasource.password=ENC(G6N718UuyPE5bHyWKyuLQSm02auQPUtm)"),
    ("configs/application.properties", "ghcp-fp:url-without-credentials", "spring.datasource.url = jdbc:mysql://localhost:3306/PRODUCTSERVICE?autoreconnect = true"),
    ("configs/application.properties", "ghcp-fp:url-without-credentials", "spring.datasource.url=jdbc:sqlserver://localhost;databaseName=springbootdb"),
    ("configs/web.config", "ghcp-fp:config", 'validation="SHA1" decryption="AES" />'),
    ("configs/application.properties", "ghcp-fp:url-without-credentials", "datasource.url=jdbc:mysql://localhost/reportsdb"),
    ("configs/global_settings.py", "ghcp-fp:comment", "# this is a fake/sample Django setting file"),
    ("vendors/datadog.txt", "ghcp-fp:config", "- name: DD_AP_KEY"),
    ("vendors/grafana.txt", "ghcp-fp:http-request-line", "GET /api/auth/keys HTTP/1.1"),
    ("generic/uuids.txt", "ghcp-fp:uuid", "729b70cc-a239-4454-ad7b-33980a72fb27"),
    ("generic/uuids.txt", "ghcp-fp:uuid", "e40ab2de817f4a2d98b6ca2137bc93e1"),
    ("generic/uuids.txt", "ghcp-fp:uuid", "f99c644c-c708-11ec-9d64-0242ac120002"),
    ("jwt/example.txt", "ghcp-fp:comment", "// secret: jwt"),
    ("jwt/example.txt", "ghcp-fp:code", "exclude_editable=options.exclude_editable"),
    ("jwt/example.txt", "ghcp-fp:code", "error_handler=settings.error_encoding_error_handler"),
    ("uri/database.txt", "ghcp-fp:reference", "https://repository-sync:${{ secrets.ALL_REPOSITORIES_SECRET }}@github.com/${{ env.PRIVATE_REPOSITORY }}.git"),
    ("uri/database.txt", "ghcp-fp:reference", "https://repository-sync:$ALL_REPOSITORIES_SECRET@github.com/test.git"),
    ("uri/database.txt", "ghcp-fp:url-without-credentials", "ftp://test@example.com:22"),
    ("uri/email.js", "ghcp-fp:url-without-credentials", 'const uriUsername = "https://username@example.com"'),
    ("uri/email.js", "ghcp-fp:email-address", 'const securityEmailAddress = "security@example.com";'),
    ("uri/ipv4_random.txt", "ghcp-fp:ip-address", 'u = url("https://192.168.0.10")'),
    ("uri/wrong_docker.sh", "ghcp-fp:reference", "echo $GHCR_TOKEN | docker login ghrc.io -u me@test.invalid --password-stdin"),
    ("uri/ipv4.txt", "ghcp-fp:version", "This is a FP: 1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1"),
    ("uri/ipv4.txt", "ghcp-fp:version", "This is also a version string: 1.0.1.0-beta"),
    ("uri/ipv4_random.txt", "ghcp-fp:version", "105.0.5195.102      # The 3rd part of the version is 4 chars long"),
    ("uri/ipv4.txt", "ghcp-fp:ip-address", "https://192.168.1.1/hello is a URL with a private IP address in it"),
    ("rsa/ssh_rsa.pub", "ghcp-fp:public-key", "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQDEVWukBBQA8AW5k0ryyKopARtsKJOLNX3poqFq4cg9B/8ljUlITOhHI1tOZgGxKH7ccOhp0JthndieHsh+KloW7VPPMqDH/l9+s9dz3d1TI8Yhna35KNPHQnTFydkHfcciX00ns5X7XKDYrx11LpmSshUHe7I9zJ4BXzrxfdQ3sPgegtvnQxo7teF5oy1coG7xTIybkqHF5jWl4ttIjh7BtAN2kxRwBLpfux3lUFFJkynE7hWHJDSjnV9K7pt1a6yT4BJhNXjQlE6PKvwhJUNNbl9PiXFnkkOxs581IrZFZdWwNZIY5EhzkjOvL/6AGt33leEZYRNC2xqKhZOnKrAvqHFvcYBAY7nme723Aw1j8HWKI/X+lnBgu+EKNFBzVKWzuaSTAkYZZTpkNRmSldj5Nimbw6jqEH6MZA8JfL+kHsj4uknjK2ucX37khTWQHP2IVKnkpYejKLDdrTc98DeMlbCer+jipHr+OmdNgDdnZr5UWCUNYicVSZzpsGRq+/U= random-device"),
    ("password_store/meta.json", "ghcp-fp:metadata", '{"id":2,"title":"Foo","encryption":"aes","created_at":"2023-04-28T14:33:09.863337+01:00","updated_at":"2023-04-28T14:33:09.863337+01:00","expired_at":"0001-01-01T00:00:00Z","prune":false,"notified":false,"compressed":false,"pinned":false,"size":199,"next_id":1}'),
    (_J, "ghcp-fp:reference", "const authHeader = { Authorization: `Bearer ${security.authorize()}`, 'content-type': 'application/json' }"),
    (_J, "ghcp-fp:masked-value", "password: '********************************'"),
    (_J, "ghcp-fp:code", "password: Joi.any().forbidden()"),
    (_J, "ghcp-fp:invalid-token", "return frisby.get(`${REST_URL}/user/whoami`, { headers: { Authorization: 'Bearer InvalidAuthToken' } })"),
    (_J, "ghcp-fp:invalid-token", "return frisby.get(`${REST_URL}/user/whoami`, { headers: { Authorization: 'BoarBeatsBear' } })"),
)  # fmt: skip

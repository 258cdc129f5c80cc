"""The ``config_secret`` rule's patterns: configuration lines whose key is a keyword a
tool defines, not a name someone chose, so no "password =" comes before the value.

redis.conf's ``requirepass``/``masterauth``, ipsec.secrets' ``: PSK "…"``, OpenWrt's
``option key``, wpa_supplicant's and NetworkManager's ``psk``,
sendmail's ``AuthInfo … "P:…"``, fetchmail's and netrc's ``password "…"``, a Lisp's
``(setq …-password "…")``, a session cookie (``cookies.py``), FileZilla's ``<Pass>``, PHP's
``define('DB_PASSWORD', '…')``, .NET's ``<add key="…Password" value="…"/>``, Composer's
``"github-oauth": {"github.com": "…"}``, an application's salt (``$CFG->passwordsaltmain =
'…'``), Magento's ``<key><![CDATA[…]]></key>``, a Dockerfile's old ``ENV NAME value``, a
terraform plan's changed secret, Spring Boot's failure analysis and HAProxy's ``stats auth`` and
``insecure-password``. Every match's value is
judged by :func:`.accept.assignment_value`; split from ``statements.py`` (values stated by
position), whose forms these are not. Each form is in ``tests/redact/test_statements.py``.
"""

from __future__ import annotations

from .assignments import APP_SALT, assignment
from .cookies import COOKIE_PATTERNS
from .pattern import Pattern
from .pattern import literal as _p
from .statements import QUOTED, VALUE

CONFIG_SECRET: tuple[Pattern, ...] = (
    # a Dockerfile's ENV in its old form: the name naming a secret, a blank, the value to
    # the line's end (ENV OB_PASS ob_pass: fresh82), not another name for one (ENV S3Secret
    # AWSS3Secret: fresh73)
    _p(
        r"(?m)^[ \t]*env[ \t]+[a-z0-9_]*(?:pass(?:word|wd)?|pwd|secret|token)[a-z0-9_]*"
        r"[ \t]+(?![^\s]*(?:secret|token|password))([^\s=\"'$][^\s]{2,255})[ \t]*$",
        "@docker_env",
        lower=True,
    ),
    # strongSwan's and Libreswan's ipsec.secrets: <ids> : PSK "…" (XAUTH, EAP, NTLM, PIN
    # too): a pre-shared key or a user's password (fresh139's Openswan line)
    _p(
        r":[ \t]*(?:psk|xauth|eap|ntlm|pin)[ \t]+\"([^\"\n]{1,256})\"",
        ": psk",
        ":psk",
        " xauth ",
        " eap ",
        " ntlm ",
        lower=True,
    ),
    # PPP's chap-secrets and pap-secrets (pptpd, xl2tpd, pppoe): client, server, secret,
    # addresses; the server a "*" or the daemon's name, the addresses a "*" or an IP
    # (fresh139's VPN and dial-up lines)
    _p(
        r"(?m)^[ \t]*\"?[^\s\"#]+\"?[ \t]+\"?(?:\*|[\w.\-]*(?:pptp|l2tp|pppoe)[\w.\-]*)\"?[ \t]+"
        r"\"?([^\s\"]{4,128})\"?[ \t]+\"?(?:\*|\d{1,3}(?:\.\d{1,3}){3}[^\s\"]*)\"?[ \t]*$",
        " *",
        "\t*",
        "pptp",
        "l2tp",
        "pppoe",
        lower=True,
    ),
    # an APRS-IS login's passcode: aprx's "passcode 12345", Dire Wolf's "IGLOGIN <call>
    # 12345" (a number derived from the callsign; -1 logs in read-only: fresh142)
    _p(
        r"(?m)^[ \t]*(?:passcode|iglogin[ \t]+[\w\-]+)[ \t]+(\d{3,6})[ \t]*$",
        "passcode",
        "iglogin",
        lower=True,
    ),
    # OpenWrt's UCI wireless section: option key '…' (the Wi-Fi passphrase; an index of a
    # WEP key is one digit, a certificate's option names a path: fresh139)
    _p(
        r"(?m)^[ \t]*option[ \t]+(?:key|sae_password|auth_secret)[ \t]+"
        r"['\"]?([^'\"\s]{8,256})['\"]?[ \t]*$",
        "option key",
        "option sae_password",
        "option auth_secret",
        lower=True,
    ),
    # redis.conf (and CONFIG SET): requirepass …, masterauth …
    _p(r"(?:requirepass|masterauth)[ \t]+" + VALUE, "requirepass", "masterauth", lower=True),
    # wpa_supplicant.conf psk="…", NetworkManager's psk=…: a WPA passphrase is 8 to 63
    # characters, a raw key 64 hex digits (not a constant: HPKE's PSK = 0x01)
    _p(
        r"psk(?<![\w-]psk)[ \t]*=[ \t]*(\"[^\"\n]{8,63}\"|(?!0x)[^\s'\";,)]{8,64})",
        "psk",
        lower=True,
    ),
    # sendmail's authinfo: AuthInfo:host "U:user" "P:password"
    _p(r"authinfo:[^\n]*?\"p:([^\"\n]+)\"", "authinfo", lower=True),
    # fetchmail, netrc, msmtp with a quoted value: password "…" (a word of its own, and a
    # value that does not open with a blank: not "Enter your password " + name + "…"); an
    # UnrealIRCd link block's password-connect "…" and password-receive "…" (fresh79)
    *(
        _p(
            word
            + r"(?<![^\s]"
            + word
            + r")(?:-connect|-receive)?[ \t]+(\"(?![ \t])[^\"\n]{3,512}\")",
            "pass",
            lower=True,
        )
        for word in ("password", "passwd")
    ),
    # fetchmail's short form, "pass": on a poll's indented line or after "with", then the
    # line's end or another of its keywords (fresh33); "Pass "meta" headers" is a sentence
    _p(
        r"(?m)(?:^[ \t#]*[ \t]|with[ \t]+)pass[ \t]+(\"(?![ \t])[^\"\n]{3,512}\")"
        r"(?=[ \t]*$|[ \t]+(?:fetchall|keep|nokeep|ssl|is|here|options|mda|smtphost|folder)\b)",
        'pass "',
        lower=True,
    ),
    # a Source or GoldSrc game server's console variables, in server.cfg or on srcds's command
    # line: rcon_password "…", sv_password "…", +sv_setsteamaccount <GSLT> (fresh163)
    _p(
        r"(?<![\w.])\+?(?:rcon_password|sv_password|sv_setsteamaccount)[ \t]+"
        r"(\"[^\"\n]{3,128}\"|[^\s\"+]{3,128})",
        "rcon_password",
        "sv_password",
        "sv_setsteamaccount",
        lower=True,
    ),
    # HAProxy's statistics page login, stats auth <user>:<password> (fresh170), and a
    # userlist's user given in the clear: user <name> insecure-password <password>
    _p(r"(?m)^[ \t]*stats[ \t]+auth[ \t]+[^\s:]+:([^\s]{1,256})", "stats auth", lower=True),
    _p(r"(?<![\w\-])insecure-password[ \t]+([^\s]{1,256})", "insecure-password", lower=True),
    # Emacs Lisp and other Lisps: (setq nntp-authinfo-password "…"), (defvar my-api-key "…")
    _p(
        r"\((?:setq(?:-default|-local)?|setopt|defvar|defcustom|defconst|def|define)[ \t]+"
        r"[\w\-*/:.]*?(?:password|passwd|passphrase|secret|token|api-key|apikey|key)[ \t]+"
        + QUOTED,
        "(setq",
        "(setopt",
        "(def",
        lower=True,
    ),
    # a C macro naming a secret (Arduino sketches' #define WIFI_PASSWORD "…", #define
    # SECRET_PASS "…", #define STAPSK "…", #define BLYNK_AUTH_TOKEN "…": fresh32; an APRS-IS
    # passcode: fresh142)
    _p(
        r"#[ \t]*define[ \t]+\w*(?:pass(?:word|wd|code)?|pwd|psk|secret|token|auth|key|app_license)"
        r"\d*[ \t]+" + QUOTED,
        "define",
        lower=True,
    ),
    # Gradle's signing config in Groovy: storePassword '…', keyPassword "…" (no "="), and
    # its AWS repository credentials: accessKey "…", secretKey "…", sessionToken "…"
    _p(r"(?<![\w.])(?:store|key)password[ \t]+" + QUOTED, "pass", lower=True),
    _p(
        r"(?<![\w.])(?:secretkey|accesskey|sessiontoken)[ \t]+" + QUOTED,
        "secretkey",
        "accesskey",
        "sessiontoken",
        lower=True,
    ),
    # a hashing salt's setting given key material (Drupal's $settings['hash_salt'],
    # $drupal_hash_salt, HASH_SALT=…): it signs one-time links, so it is a secret
    _p(
        r"(?<![\w])\$?(?:[a-z0-9]+_)*hash_salt['\"\]]*[ \t]*(?:=>?|:)[ \t]*['\"]?"
        r"([a-z0-9+/=_\-]{16,512})(?![a-z0-9+/=_\-(])",  # not a call: file_get_contents(…)
        "hash_salt",
        lower=True,
    ),
    # PHP: define('DB_PASSWORD', '…'), WordPress's keys and salts
    _p(
        r"define[ \t]*\([ \t]*['\"][a-z0-9_]*(?:pass|secret|key|token|salt)[a-z0-9_]*['\"]"
        r"[ \t]*,[ \t]*" + QUOTED,
        "define",
        lower=True,
    ),
    # .NET appSettings and NuGet.Config: <add key="…Password" value="…" /> (a key that
    # ends with the noun: not "TokenExpiry" or "PasswordLength")
    _p(
        r"<add[ \t]+key=\"[^\"\n]*(?:password|secret|token|apikey|api_key)\"[ \t]+"
        r"value=\"([^\"\n]{1,512})\"",
        "<add",
        lower=True,
    ),
    *COOKIE_PATTERNS,
    # an app id of 32 hex digits: OpenWeatherMap's "appid" is its API key (appid = "…",
    # {"appid": "…"}: fresh35's weather bots; its URL parameter is url_credential_param's);
    # so is Infura's project id (WEB3_INFURA_PROJECT_ID=…: fresh37; its URL is url_path_key's)
    _p(
        r"(?<![\w.])[\"']?(?:app_?id|[a-z0-9_]*infura[a-z0-9_]*?id)[\"']?[ \t]*[:=][ \t]*[\"']?"
        r"([0-9a-f]{32})(?![0-9a-z])",
        "appid",
        "app_id",
        "infura",
        lower=True,
    ),
    # an application's salt (assignments.APP_SALT) given key material: 16 signs or more
    assignment(APP_SALT + r"(?=[\"'\]]*[ \t]*(?:=>?|:)[ \t]*[\"']?[^\s\"']{16})", "salt"),
    # Phoenix's and Plug's session salts (signing_salt: "cWHQs4V9"): 8 signs (fresh45)
    assignment(r"(?:signing|encryption)_salt(?=[ \t]*(?:=>?|:)[ \t]*\"[A-Za-z0-9+/]{8})", "salt"),
    # an ODBC connection string's braced value (Pwd={…}: braces quote a value with ";" or
    # signs in it, so one holds a sign; a format string's field is none: {db_pass},
    # {password!r}, {pw:>10};
    # Azure's template writes Pwd={your_password_here}, a placeholder: fresh38)
    _p(
        r"(?:^|[;\"'\s])(?:pwd|password)=\{(?![A-Za-z_][\w.]*(?:![rsa])?(?::[^{}\n]*)?\})"
        r"([^{}\n\[\]()'\"]*[^\w.{}\n\[\]()'\"\s]"
        r"[^{}\n\[\]()'\"]*)\}(?=[;\"'\s]|$)",
        "pwd={",
        "password={",
        lower=True,
    ),
    # Magento 1's local.xml: <crypt><key><![CDATA[…]]></key> (a plist's <key> holds a name)
    _p(r"<key><!\[cdata\[([0-9a-z]{16,128})\]\]></key>", "<key><![cdata[", lower=True),
    # FileZilla's sitemanager.xml and recentservers.xml: <Pass encoding="base64">…</Pass>
    _p(r"<pass(?:[ \t]+encoding=\"[a-z0-9]+\")?>([^<\n]{3,512})</pass>", "<pass", lower=True),
    # an XML element named for a secret, its value alone inside, on its line or its own
    # (<authToken>…</authToken>, a Maven server's <password>, gitleaks' sample lines);
    # not <key> (a plist's name), <publicKey>, <tokenUrl> (the name must end so)
    _p(
        r"<[a-z][\w.\-]{0,40}?(?:token|secret|password|passwd|pwd|passphrase|api[_\-]?key"
        r"|access[_\-]?key|private[_\-]?key|client[_\-]?secret)>[ \t]*\n?[ \t]*"
        r"([^<\s]{6,512})[ \t]*\n?[ \t]*</[a-z][\w.\-]*>",
        *(
            word + ">"
            for word in ("token", "secret", "password", "passwd", "pwd", "passphrase", "key")
        ),
        lower=True,
    ),
    # Composer's auth.json: "github-oauth": {"github.com": "…"}, "gitlab-token": {…}
    _p(
        r"\"(?:github-oauth|gitlab-oauth|gitlab-token|bitbucket-oauth)\"[ \t]*:[ \t]*\{[ \t\n]*"
        r"\"[^\"\n]+\"[ \t]*:[ \t]*\"([^\"\n]{1,512})\"",
        "-oauth",
        "gitlab-token",
        lower=True,
    ),  # fmt: skip
    # terraform plan's change of an attribute named for a secret: ~ token = "…" -> "…"
    # (the new value; the old is the assignment rules')
    _p(
        r"(?:token|secret|password|passwd|passphrase|api_key|apikey|_key|auth)[\w\-]*[ \t]*="
        r"[ \t]*\"[^\"\n]*\"[ \t]*->[ \t]*\"([^\"\n]{1,512})\"",
        "->",
        lower=True,
    ),
    # Spring Boot's failure analysis: "Property: <name>" and, below, its "Value: …"
    _p(
        r"property:[ \t]+[\w.\-]*(?:password|secret|token|api-key|api\.key|apikey|key)\n"
        r"[ \t]*value:[ \t]+\"?([^\"\n]{1,512}?)\"?[ \t]*\n",
        "property:",
        lower=True,
    ),
)

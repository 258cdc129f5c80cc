"""The thirty-seventh session's readings (fresh134 to fresh146: cameras, management
controllers, maker tools, shipping, accounting, Unix servers, database servers, CI files,
radio and weather stations, robots and cars, sports tooling, online judges), each form
beside a look-alike that stays. The values are made up in each form."""

from __future__ import annotations

import pytest

from streams.redact import Redactor

R = Redactor()


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # Python DB-API drivers and NetApp's client called by position: host, user, password
        ('db = pymysql.connect("10.0.0.5", "root", "Lm4yQ2xz", "shop", 3306)', "Lm4yQ2xz"),
        ('db = MySQLdb.connect("localhost","testuser","Ty7pQ2wr","TESTDB")', "Ty7pQ2wr"),
        ("c = HostConnection('10.0.0.9', 'admin', 'Nx7kR2pq', verify=False)", "Nx7kR2pq"),
        # python-onvif's camera: host, port, user, password, wsdl folder
        (
            "cam = ONVIFCamera('10.0.0.42', 80, 'viewer', 'Qz8wLp3Kd', '/etc/onvif/wsdl/')",
            "Qz8wLp3Kd",
        ),
        # a salt of bcrypt's form used as a signing secret (cncjs)
        ('\t"secret": "$2a$10$3Mqw8XpmOXqEFRqBIxaK6u"', "w8XpmOXqEFRqBIxaK6u"),
        # Packstack's answer file: names that end in _PW
        ("CONFIG_MARIADB_PW=4f1c9e2a7b3d8e60", "4f1c9e2a7b3d8e60"),
        # "pswd" and "passcode" name a password too
        ("$dbpswd = 'Polka2016x';", "Polka2016x"),
        ('aprs_passcode: "20923"', "20923"),
        ('#define wm_passcode "9092"', "9092"),
        ("passcode 20923", "20923"),
        ("IGLOGIN N0CALL-10 12345", "12345"),
        # R's <- before a quoted literal
        ('api_key <- "5c2e8f1a-7b4d-4e9a-9c3f-1d2e3f4a5b6c"', "5c2e8f1a-7b4d"),
        # strongSwan's and Libreswan's ipsec.secrets, OpenWrt's wireless key
        ('203.0.113.7 %any: PSK "Hx7qPm2kLz"', "Hx7qPm2kLz"),
        ('carol : XAUTH "Carol2009pw"', "Carol2009pw"),
        ("\toption key 'Wq8xKp2Lz'", "Wq8xKp2Lz"),
        # PPP's chap-secrets
        ("wenbo * Qz8xc1Qwe *", "Qz8xc1Qwe"),
        ("tedi\tpptpd\tayankrefi7\t*", "ayankrefi7"),
        ('"bingkun" "PPTP" "bk55chen" *', "bk55chen"),
        ("alice  *  Kp2wLz9q  10.0.0.2", "Kp2wLz9q"),
        # MIT Kerberos' tools
        ("kdb5_util create -s -P Mk8qLz2p", "Mk8qLz2p"),
        ('kadmin.local -q "addprinc -pw Kp3eRz7 alice"', "Kp3eRz7"),
        ('kadmin -p admin/admin -w Adm1nPass -q "listprincs"', "Adm1nPass"),
        # Codecov's uploaders
        (
            "bash <(curl -s https://codecov.io/bash) -t 5c2e8f1a-7b4d-4e9a-9c3f-1d2e3f4a5b6c",
            "5c2e8f1a",
        ),
        ("codecovcli upload-process --token 5c2e8f1a-7b4d-4e9a-9c3f-1d2e3f4a5b6c", "5c2e8f1a"),
        # Gitter's incoming webhooks
        ("      - https://webhooks.gitter.im/e/d2120f3f2bb39a4531b2", "d2120f3f2bb39a4531b2"),
        # a Gmail app password after its account in Postfix's sasl_passwd
        ("[smtp.gmail.com]:587 someone@gmail.com:abcd efgh ijkl mnop", "abcd efgh"),
        # ESPN's espn_s2 session cookie
        ('    "espn_s2": "AEB' + "x7Qz%2Bk9L" * 8 + '"', "x7Qz%2Bk9L"),
        ('FFL_ESPN_S2="AEA' + "Wq2%2Fp8Kd" * 8 + '"', "Wq2%2Fp8Kd"),
        # an id, a "|" and a secret: Flightradar24's tokens, Laravel Sanctum's
        ('FR24 = "019b1ebe-a96a-70ce-b39e-b9e993672ef5|' + "Qm7XkTrWpLsNdVbH" * 3 + '"', "Qm7XkTr"),
        ('curl -H "Authorization: Bearer 3|Wx9Lk2Qp7Rt4Yu1Io8Pa5Sd3Fg6Hj0Kl2Zx4Cv7B"', "Wx9Lk2Qp7"),
        # round 2: AnyDesk's unattended password on its standard input, Google Calendar's
        # secret iCal address, ZeroTier's identity.secret
        ("echo prox@123x | sudo anydesk --set-password", "prox@123x"),
        (
            "url: 'https://calendar.google.com/calendar/ical/abc%40group.calendar.google.com"
            "/private-3e265cd53bc6e4198e56d25a98b52734/basic.ics'",
            "3e265cd53bc6e4198e56d25a98b52734",
        ),
        ("4283fefc63:0:" + "ab12" * 32 + ":" + "9f8e7d6c" * 16, "9f8e7d6c9f8e7d6c"),
        # a client secret as a lookup's default, a literal beside a client id in a tuple
        (
            'SECRET = os.getenv("QBO_CLIENT_SECRET", "ABjSEkHu5eSVDUk43Yk6HPzMqTIqqwy1UIuvFvt")',
            "ABjSEkHu5",
        ),
        ('r = requests.post(url, auth=(client_id, "Xk82jdKs0LmQ2x9Pz7aaBBcc"))', "Xk82jdKs0Lm"),
        # DJI's SDKs: an app's licence
        (
            '#define USER_APP_LICENSE "v78oYZ9ASmGEA9sVvht6JdOKIB8I1GaNgVunyhkHDiGVD+X0rZSe04"',
            "v78oYZ9",
        ),
        ('    "user_app_license": "BO86stxOf200Sv9FMEZUSFCZhJhWxKG1jVYBACSnFvz42nn"', "BO86stx"),
    ],
)
def test_each_form_of_the_session_is_redacted(text: str, secret: str) -> None:
    assert secret not in R.redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        # sudoers' tag, with or without a blank
        'echo "%wheel ALL=(ALL) NOPASSWD: ALL" > /etc/sudoers.d/wheel',
        "deploy ALL=(ALL) NOPASSWD: /usr/bin/systemctl",
        # htpasswd's user after the password file (no -b: it prompts)
        "htpasswd -c /etc/squid/passwd squid_user",
        # references: Terraform's (names hold "-"), a pointer's member, FreeRADIUS' expansion
        "  token_key = var.rancher-token",
        "  password = module.db.admin-password",
        "this->WeatherAPIkey = weather_apikey_item->valuestring;",
        "FreeRADIUS-Client-Secret = \"%{sql: SELECT secret FROM nas WHERE nasname = '%{Client}'}\"",
        # Perl's and Puppet's undef
        "      private_key: undef",
        # a command-line help's type of the value
        "  --api-key TEXT                  Your API key for the Toggl API",
        # a usage line's empty flags
        '  echo "Usage: provision --user= --password= --database="',
        # Proxmox's token id
        "# token: username@pam!Token ID",
        # a Slack webhook's path of words
        "  - https://hooks.slack.com/services/GlobalHooksForAllClients",
        # .NET's configuration key
        'dotnet user-secrets set "Services:QuickBooks:OAuth:ClientSecret" "YOUR_SECRET_HERE"',
        # a shell variable after "$"
        "openssl aes-256-cbc -K $encrypted_1cc2137e332d_key -iv $encrypted_1cc2137e332d_iv -d",
        # chap-secrets' header, a crontab line
        "#USERNAME  PROVIDER  PASSWORD  IPADDRESS",
        "* * * * /usr/bin/backup.sh",
        # placeholders: a pair's two slots, a provider's name with a digit, a count, words
        'private static let placeholderAPIKey = "YOUR_KEY|YOUR_SECRET"',
        'export const SAT_API_KEY = "YOUR_N2YO_KEY";',
        'app.config["JWT_SECRET_KEY"] = "your-secret-key-123"',
        '  OPENAI_API_KEY: "dummy-value"',
        'AuthToken = "NotAValidToken";',
        "SECRET_KEY = env('KEY', default='django-insecure-development-key-change-in-production')",
        ' - echo "SECRET_KEY=\\"`cat /dev/urandom | head -1 | md5sum | head -c 32`\\"" >> x.py',
        # docstrings and comments in a value's place
        "        :param str api_key: Should be a valid Bing Maps API key",
        "  * @param  token : Endpoint Type",
        "app_key :                     //Onboard SDK APPINFO APPKEY",
        # words after a label of words: a list item, a translation
        "- DB credentials: environment variables only (`.env` file).",
        "Refresh Token=Обновить маркер",
        # round 2: notes to change the value, OpenSSL's salted ciphertext, a shipped
        # default, a Render host, a DKIM key's chunk, OpenDKIM's KeyTable
        "DBPASS=autogenerated_password_please_change",
        "U2FsdGVkX18G4WdNswqnh92j8F6JY7ySzmohzKc3F8s=",
        "$config['des_key'] = 'rcmail-!24ByteDESkey*Str';",
        "   LISTMONK_database__host=dpg-d401ht75r7bs73a3lf6g-a",
        '\t  "p=MIICIjANBgkqhkiG9w0BAQEFAAOCAg8AMIICCgKCAgEAuXG1JoMGePwW45FTjG+XDH9Eik9soSvPgRD58"',
        "mail._domainkey.example.com example.com:mail:/etc/opendkim/keys/example.com/mail.private",
        "#   connect = host=sql.example.com dbname=virtual user=virtual password=blarg",
        # an OAuth client id as an environment lookup's default
        'CLIENT_ID = os.getenv("QBO_CLIENT_ID", "ABjSEkHu5eSVDUk43Yk6HPzMqTIqqwy1UIuvF")',
        '  process.env.HARVEST_CLIENT_ID || "Q1IBM5S_X364-2v-RsTAAVhI";',
        # an id|secret look-alike: a table's row number and a commit
        "|1|9fceb02d0ae598e95dc970b74767f19372d61af8|",
        # R's arrow to a call, not a literal
        "token <- getToken",
        # a licence's name, a WEP key's index, a certificate's path
        '#define LICENSE "MIT"',
        "\toption key '1'",
        "\toption key '/etc/uhttpd.key'",
    ],
)
def test_each_look_alike_of_the_session_stays(text: str) -> None:
    assert R.redact_text(text)[0] == text

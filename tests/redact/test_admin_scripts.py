# ruff: noqa: E501
"""What the first runs of fresh45–fresh47 and fresh49 showed (Rails, Phoenix, Go and Rust
configs; recorded HTTP traffic; SQL, Windows and shell admin scripts; shell histories: text
93.0 / 93.7 / 74.1 / 78.5 %, false positives 10.1 / 15.1 / 17.1 / 3.0 %). Each reading beside
a look-alike that stays."""

from __future__ import annotations

import pytest

from streams.redact import Redactor
from streams.redact.admin_scripts import script_reference

R = Redactor()


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # expect's answer to a password prompt (fresh47)
        ('    "password:" { send "uplooking\\r" };', "uplooking"),
        ('expect "*assword:" ; send "huawei12\\r"', "huawei12"),
        ('expect "Password:"\nsend "Taren1xy\\n"', "Taren1xy"),
        # Winlogon's auto-logon password set with reg add
        (
            'reg add "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" /v DefaultPassword /d "worker12" /f',
            "worker12",
        ),
        # T-SQL's Unicode literal under a password's name; SQL/MED's user mapping
        (
            "EXEC master.dbo.sp_addlinkedsrvlogin @rmtsrvname = N'SQLNODE1', @rmtuser = N'u', @rmtpassword = N'DBAUser@1234'",
            "DBAUser@1234",
        ),
        ("  OPTIONS (user 'furrrlogres', password 'pwd.furrrlogres');", "pwd.furrrlogres"),
        # a literal piped into ConvertTo-SecureString
        (
            "(new-object pscredential('Administrator',('Somepass1' | ConvertTo-SecureString -AsPlain -Force)))",
            "Somepass1",
        ),
        # a seed row whose password column is abbreviated
        ("INSERT INTO public.user (username, passw) VALUES ('pippo', 'plutone1');", "plutone1"),
        # Phoenix's session salts (fresh45)
        ('  live_view: [signing_salt: "cWHQs4V9"],', "cWHQs4V9"),
        ('    encryption_salt: "3zoTdm5d",', "3zoTdm5d"),
        # a session cookie known by its attributes, a form's bracketed password (fresh46)
        (
            "      - JSESSIONID=57EAFBA72793FE61AF9629A1AFE02DC0; Path=/; HttpOnly",
            "57EAFBA72793FE61AF9629A1AFE02DC0",
        ),
        (
            "      - ASP.NET_SessionId=nt3dc1uabsguhj55ri4ldn55; path=/; HttpOnly",
            "nt3dc1uabsguhj55ri4ldn55",
        ),
        (
            "      string: session%5Bemail%5D=a%40b.com&session%5Bpassword%5D=6VVsa8H6YtRJ&x=1",
            "6VVsa8H6YtRJ",
        ),
        # MySQL's PASSWORD() and .mysql_history's escaped blanks (fresh49)
        (
            "update user set authentication_string=password('calculus') where user='root';",
            "calculus",
        ),
        ("SET PASSWORD FOR 'root'@'localhost' = PASSWORD('n3wPass');", "n3wPass"),
        ("mysql\\040-u\\040usercmr\\040-pPassUserCmr*879", "PassUserCmr*879"),
        # Chainstack's RPC endpoint holds its key
        (
            'RPC_URL = "https://polygon-mainnet.core.chainstack.com/fb69b44ab18a22e2d02854cd2402bd95"',
            "fb69b44ab18a22e2d02854cd2402bd95",
        ),
        # a dotted value where no code can stand: a compose list, a connection string
        ("      - POSTGRES_PASSWORD=pwd.postgres", "pwd.postgres"),
        ("export FDW_API_KEY=pwd.furrrlogres", "pwd.furrrlogres"),
        ("docker run --rm -e FDW_SECRET=pwd.postgres img", "pwd.postgres"),
        (
            '<add key="db" value="Data Source=10.0.0.9;User ID=reportadmin;Password=report.admin12;Pooling=True;"/>',
            "report.admin12",
        ),
        # sshpass's own -p, before the command it runs
        ("sshpass -p 'Pw0rd123' ssh -p 2222 root@host", "Pw0rd123"),
        ("sshpass -v -p Pw0rd123 ssh root@host", "Pw0rd123"),
    ],
)
def test_an_admin_scripts_secret_goes(text: str, secret: str) -> None:
    redacted, _ = R.redact_text(text)
    assert secret not in redacted, redacted


@pytest.mark.parametrize(
    "text",
    [
        # a batch variable, an ARM template's expression, a cmdlet's call, a Ruby attribute
        "mysql -h localhost -u%username% -p%password% %input% < .\\%input%.sql",
        "CMDKEY /generic:TERMSRV/%sServer% /user:%sUser% /pass:%sPass%",
        "net use h: \\\\Leopard\\Public /user:WORKGROUP\\%unix1% %unix2% /persistent:no",
        'for /f "usebackq delims=" %%p in (`%psCommand%`) do set password=%%p',
        '      "adminPassword": "[parameters(\'adminPassword\')]",',
        '          "adminPassword": "[parameters(\'SharedVmConfig\').adminPassword]"',
        "$password = Unprotect-CmsMessage -Content (Get-Content .\\PasswordDDN.txt)",
        "    @params = { origin: 'denver, co', api_key: @neeru.api_key }",
        # expect answering with a variable or a Tcl command
        '    "password:" {exp_send "${LOGIN_PSW}\\r"}',
        'expect "password:" { send "[lindex $argv 0]\\r" }',
        # ssh's -p is a port; sshpass -e reads the password from the environment
        '    v=$(timeout 15 sshpass -e ssh -p 22 $SSHUSER@$HOST "echo hi")',
        # a name after "=" is a value, not a .netrc line's name
        "wget --ftp-user=USERNAME --ftp-password=PASSWORD url",
        # placeholders: a stand-in's words, a TODO, a generated marker, a masked UUID
        "      - MYSQL_ROOT_PASSWORD=yourpassword",
        "    uri: https://api.wunderlist.com/login?email=fake@example.com&password=badpassword",
        '      let(:args) { %w"auth login --email fake@example.com --password fakepass" }',
        "      string: grant_type=password&username=a_fake_username&password=a_fake_password",
        "                                             token: 'thisistoken'",
        "PASSWD = TODO: dbpassword",
        'const PRIVATE_KEY = "0xあなたのウォレットの秘密鍵"; // 実戦用の秘密鍵',
        'hash = password("x")',
        "    $apiKey = 'YOUR OPENAI API HERE'",
        '  -p|--password)         shift; P7ZIPPASS="-p$1";      shift ;;',
        '      string: \'{"username":"ENV-cloud9_username","password":"ENV-cloud9_password"}\'',
        "      string: grant_type=authorization_code&code=invalid&client_id=invalid&client_secret=invalid",
        "x = {password=settings.password;}",
        "password = settings.password",
        "            password=self.password,",
        "    api_key=self.api_key,",
        "Swarm initialized: current node (ikr79bw58pt7tap2p8z5zba1e) is now a manager.",
        "INTERNAL_TOKEN = AUTOGENERATED ",
        '      string: \'{"token":"wwwwwwww-wwww-wwww-wwww-wwwwwwwwwwww","minutes":10}\'',
        # ids and nonces under a secret's word: an analytics id, a token's type, an OAuth 1
        # signature, pg_dump's \restrict key
        "gatoken : UA-20926037-2",
        "    url: 'https://x.example/v?token-type=Bearer&uid=e0611906'",
        '        oauth_signature="8fji8lDitzzlDfdAq0MPYsu%2F9Oc%3D", oauth_signature_method="HMAC-SHA1",',
        "\\restrict chCrxDU29unVaeFINBAlllay7WyebNitQx7KbrBBJgiU8d7Sc4kUbHXpf9JqIth",
        # a webhook path of words; a cookie that is no session's
        "      placeholder: https://hooks.slack.com/services/something/something/something",
        "      - _ga=GA1.2.1234567890.1234567890; path=/; expires=Fri",
        "      - locale=en-US-with-a-long-name; path=/",
    ],
)
def test_an_admin_scripts_look_alike_stays(text: str) -> None:
    redacted, _ = R.redact_text(text)
    assert redacted == text


@pytest.mark.parametrize(
    ("value", "reference"),
    [
        ("%DB_PASS%", True),
        ("%%p", True),
        ("%~1", True),
        ("[parameters('adminPassword')]", True),
        ("[variables('x')].password", False),
        ("@user.api_key", True),
        ("-p$1", True),
        ("-p${PASS}", True),
        ("%Secr3t", False),
        ("P@ss%w0rd%", False),
        ("@dm1n.Pass!", False),
    ],
)
def test_a_script_reference_is_wholly_one(value: str, reference: bool) -> None:
    assert script_reference(value) is reference

"""Readings from the blind sets fresh68 to fresh75 (CI/CD files, database drivers'
connection code, end-to-end tests and scripted logins, web3 tooling, home automation,
backup tools, Windows administration): each secret goes and each look-alike beside it
stays. The seed phrase's own cases are in ``test_seed_phrase``."""

from __future__ import annotations

import pytest

from streams.redact import Redactor

R = Redactor()


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # SQL Server's Unicode literal after PASSWORD =
        ("CREATE LOGIN [etl] WITH PASSWORD=N'demopass9', DEFAULT_DATABASE=[dw]", "demopass9"),
        ("ALTER LOGIN sa WITH PASSWORD = N'Str0ng!Pass'", "Str0ng!Pass"),
        # Cassandra's driver given the password as an argument
        (
            "const auth = new cassandra.auth.PlainTextAuthProvider('nineteen68', 'TA@SLK2017');",
            "TA@SLK2017",
        ),
        # jsonwebtoken's sign imported bare, a literal key after the claims
        (
            'const token = sign({roles : roles}, "abec7267-d4b5-44e8-9286-533d407e2297", {',
            "abec7267-d4b5",
        ),
        # Robot Framework: Input Password with and without a locator, Input Text into a
        # password locator, a variables table's row
        ("    Input Password Field      Bhinneka321", "Bhinneka321"),
        ("\tInput Password\txpath://input[@name='pw']\tHunter22!", "Hunter22!"),
        (
            "     Input Text           ${PASSWORD_TEXTBOX_CMS}            Bhinneka10610",
            "Bhinneka10610",
        ),
        ("${password_new}          Letmetest2@23", "Letmetest2@23"),
        # a value used as the password, told before its noun
        (
            '$p = Read-Host "Enter a password...use PurpleTruck70! as the password"',
            "PurpleTruck70!",
        ),
        ("I typed hunter22x as my new password", "hunter22x"),
        # Windows Setup's answer file: base64 of the password's UTF-16LE text and
        # "Password" ("P@ssw0rd!" here), or "AdministratorPassword" ("Password" here)
        ("<Value>UABAAHMAcwB3ADAAcgBkACEAUABhAHMAcwB3AG8AcgBkAA==</Value>", "UABAAHMA"),
        (
            "<Value>UABhAHMAcwB3AG8AcgBkAEEAZABtAGkAbgBpAHMAdAByAGEAdABvAHIAUABhAHMAcwB3AG8AcgBkAA==</Value>",
            "UABhAHMA",
        ),
        # librdkafka's setter: the name, the value, then the error buffer
        ('if (conf->set("sasl.password", "Xk93mQp2s", errstr) != Conf::CONF_OK) {', "Xk93mQp2s"),
        # sshpass run as a Windows program
        (r"REM C:\bin\sshpass.exe -p bazzite ssh bazzite@host", "bazzite ssh"),
    ],
)
def test_their_secrets_go(text: str, secret: str) -> None:
    out, found = R.redact_text(text)
    assert secret not in out and found, out


@pytest.mark.parametrize(
    "text",
    [
        # a keyword before an expression, an optional chain, a workflow's permission
        "      password: await hash('admin', 8),",
        "            let privateKey = tronArr?.PRIVATEKEY",
        "      id-token: write",
        "permissions:\n  id-token: write\n  contents: read",
        # an end-to-end test's locators of the secret's field
        "    clientsecret : '[data-testid=\"clientsecret-input\"]',",
        "password= \"xpath://input[@id='password']\"",
        # an app's bundle id under a secret's name
        "APPLE_APP_SECRET='com.meetCoin.meetCoinDev'",
        # an inventory's empty settings, one after the other
        "agent_4 ansible_host= ansible_ssh_user= ansible_ssh_pass= ansible_become_pass=",
        # Robot's variables and locators are no values
        "    Input Password    id:password    ${PASSWORD}",
        "${password}    ${EMPTY}",
        # used as the password, but a variable or a word
        "use this as the password",
        "use secrets.token_hex(16) as the secret",
        # the same calls given variables
        "new cassandra.auth.PlainTextAuthProvider(user, password)",
        'conf->set("sasl.password", password.c_str(), errstr)',
        "const token = sign({ id }, process.env.JWT_SECRET, { expiresIn: '1h' })",
        "CREATE LOGIN [etl] WITH PASSWORD = N'$(Password)'",
        # an answer file's empty password: the element's name alone; base64 of plain text
        "<Value>QQBkAG0AaQBuAGkAcwB0AHIAYQB0AG8AcgBQAGEAcwBzAHcAbwByAGQA</Value>",
        "<Value>SGVsbG8gd29ybGQgdGhpcyBpcyBub3Q=</Value>",
        # XML attributes' names after a secret's noun, their values quoted
        '<PathAndCredentials wcm:action="add" wcm:keyValue="1">',
        '<Property ovf:key="guestinfo.root_password" ovf:password="true" ovf:type="string"'
        ' ovf:userConfigurable="true" ovf:value="">',
        # PowerShell: a cmdlet in any case, an operator, a Nutanix Calm macro
        '\t\t$SAPWD = read-host "/SAPWD"',
        "$Password = -join ((48..57) + (65..90) | Get-Random -Count $Length)",
        "$swpassword = '@@{SolarWinds.secret}@@'",
        "$Password = ConvertTo-SecureString '@@{administrator.secret}@@' -AsPlainText -Force",
        # the form a key must have, said where it goes (ESPHome's docs)
        'api_key: "32-character-base64-key"',
        'api_key: "your-base64-encoded-32-byte-key"',
        # a container's volume, read-only
        "      - ./mosquitto/passwd:/mosquitto/config/passwd:ro",
        # a template literal's expression in a query's credential parameter (a userscript)
        "data: `q=${text}&token=${baidu_token}&sign=${getBaiduSign(text, baidu_gtk)}`,",
    ],
)
def test_their_look_alikes_stay(text: str) -> None:
    assert R.redact_text(text)[0] == text

"""Readings from the blind sets fresh90 to fresh96 (Chinese cloud platforms and chat robots,
dotfiles, mobile builds, serverless backends, trading bots, notebooks, identity servers):
each secret goes and each look-alike beside it stays. Values are made up in each form."""

from __future__ import annotations

import pytest

from streams.redact import Redactor

R = Redactor()

_ANON = (  # a Supabase anon key: {"iss":"supabase-demo","role":"anon"}, signature made up
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24ifQ."
    "Qm9XkT3vLr8sYp2ZcW7nHf5JdA1gE6uKbN4tRyM0iOx"
)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # DingTalk's and WeCom's group robots: whoever has the URL posts, so all of it goes
        (
            'WEBHOOK = "https://oapi.dingtalk.com/robot/send?access_token='
            + "3f9e1c7a5b2d8e4f" * 4
            + '"',
            "oapi.dingtalk.com/robot",
        ),
        (
            "`https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=7a2c9e4f-1b3d-4f6a-8c5e-2d9b0f7e1a3c`",
            "qyapi.weixin.qq.com/cgi-bin",
        ),
        # a secret's name misspelled as code often does (appSerect, client_secrect)
        ("let appSerect = `8e3b0c44298fc1c149afbf4c8996fb92`;", "8e3b0c44298fc1c149afbf4c8996fb92"),
        ('client_secrect = "Jq7vR2mK9xLp4TzW"', "Jq7vR2mK9xLp4TzW"),
        # IRC: the password told to NickServ, with or without the account
        ('    autosendcmd = "/msg nickserv identify Hunt3rz0ne; wait 2000";', "Hunt3rz0ne"),
        ("PRIVMSG NickServ :IDENTIFY mynick qu1etRiver", "qu1etRiver"),
        # Fabric's run script: the API key and the build secret
        (
            "./Fabric.framework/run 4c1f9a2e7b3d5f8a0c6e2b9d1f4a7c3e5b8d0f2a " + "9d2f" * 16,
            "4c1f9a2e7b3d5f8a0c6e",
        ),
        ('"${PODS_ROOT}/Fabric/run" ' + "a1b2" * 10 + " " + "7e3c" * 16, "7e3c" * 16),
        # OANDA's personal access token, said alone in a thought
        (
            "The oanda key "
            + "c4e8a2f6b0d9" * 2
            + "c4e8a2f6-"
            + "1a3c5e7b9d0f" * 2
            + "2b4d6f8a"
            + " gets a 401 now.",
            "1a3c5e7b9d0f1a3c5e7b",
        ),
        # a flag's quoted value with blanks goes whole, not its first word alone
        ("mysqladmin --password 'correct horse battery staple' status", "battery staple"),
        # a property list's key and the string after it; an Android manifest's meta-data
        (
            "\t<key>AppSecret</key>\n\t<string>5d1c8e2a-7b3f-4a6e-9c0d-1f2e3a4b5c6d</string>",
            "5d1c8e2a",
        ),
        (
            '<meta-data\n    android:name="io.fabric.ApiKey"\n    android:value="'
            + "6e1f" * 10
            + '" />',
            "6e1f" * 10,
        ),
        # a passphrase named for its environment, and initials and a number as a password
        ('passphrase_sandbox = "k2v9qmx7tz"', "k2v9qmx7tz"),
        ("remotepass = jqw_271", "jqw_271"),
    ],
)
def test_secrets_go(text: str, secret: str) -> None:
    out = R.redact_text(text)[0]
    assert secret not in out, out


@pytest.mark.parametrize(
    "text",
    [
        # the webhook URLs' look-alikes: a template's token, a documentation's key
        'url = "https://oapi.dingtalk.com/robot/send?access_token=${DINGTALK_TOKEN}"',
        # NickServ's help, no password in it
        "/msg NickServ HELP IDENTIFY",
        # a Firebase app's id, whatever variable holds it
        'FIREBASE_APP_DISTRIBUTION_KEY="1:123456789012:android:0a1b2c3d4e5f60718293a4"',
        # a key binding under a password tool's name
        'type_pass="Alt+3"',
        "copy_pass = Ctrl+Shift+c",
        # git's signing key: which public key signs
        "\tsigningkey = 3AA5C34371567BD2",
        "\tsigningkey = 0x9F2E6C1D4B7A8E05F3C2D1B0A9E8F7D6C5B4A392",
        # a "your …" placeholder whose words carry a digit; "… secret here"
        "# AUTH0_CLIENT_SECRET=your-auth0-client-secret",
        'client_secret: "argon2 secret here"',
        # a page cursor named in a notebook's JSON-escaped source
        '    "        \\"next_token\\": \\"7140dibdnow9c7btw3w4sa5sco98khhojgo7k8amth6wg\\",\\n",',
        # Supabase's anon key in an Authorization header
        f"  --header 'Authorization: Bearer {_ANON}' \\",
        f"ARRAY[http_header('Authorization', 'Bearer {_ANON}')],",
        # a header's name under a token's name; words in a query parameter's place
        "    'token_key' => 'M-Token'",
        'AUTH_HEADER_TOKEN = "X-Auth-Token"',
        "url: 'https://api.weixin.qq.com/sns/jscode2session?appid=自己的APPID&secret=自己的SECRET'",
        # a key's description; a sentence in a flag's place
        "api_key_desc = 'api-key-1618654051368'",
        "authelia crypto hash generate argon2 --password 'output of the openssl command'",
        # a property list's public entries; a manifest's key kept in a resource or a variable
        "<key>CFBundleIdentifier</key>\n<string>com.example.app</string>",
        "<key>API_KEY</key>\n<string>$(API_KEY)</string>",
        '<meta-data android:name="geo.API_KEY" android:value="@string/maps_key"/>',
        '<meta-data android:name="geo.API_KEY" android:value="${MAPS_API_KEY}"/>',
        # an object's short prefix and a counter that counts
        'token = "tok_123"',
        'api_key = "key_001"',
    ],
)
def test_look_alikes_stay(text: str) -> None:
    out, found = R.redact_text(text)
    assert out == text, (out, found)

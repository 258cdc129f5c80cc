"""Readings from the blind sets fresh90 to fresh99 (Chinese cloud platforms and chat robots,
dotfiles, mobile builds, serverless backends, trading bots, notebooks, identity servers;
headless CMS, productivity SaaS, analytics): each secret goes and each look-alike beside it
stays. Values are made up in each form."""

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
        # RapidAPI's application key alone in a list; a PAT by its usual name
        ("9. **RapidAPI** - `3c9e1a7b5dmsh0f2d4b6a8c1e3f5p1a2b3cjsn9e8d7c6b5a40`", "msh0f2d4b6a"),
        ("const PAT = '1/1203948576102938:7c1e9a4f0b2d8e6a3f5c7e9a1b3d5f7a'", "7c1e9a4f0b2d8e6a"),
        ("GITHUB_PAT=" + "5b8d0f2a" * 5, "5b8d0f2a" * 5),
        # Asana's older token and DeepL's free key, printed alone
        ("token: 0/" + "9a1c3e5b7d2f4a6c" * 2, "9a1c3e5b7d2f4a6c" * 2),
        ("auth: 7d3e9b1a-5c2f-4e8a-9b0d-1c3e5a7b9d2f:fx", "7d3e9b1a-5c2f-4e8a"),
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
        # a path's segment that happens to be 0 and 32 hex; a bare UUID
        "objects/0/" + "0123456789abcdef" * 2,
        '"path":"/api/search/1.0/' + "ee93f9aa" * 4 + '/"',
        "request 7d3e9b1a-5c2f-4e8a-9b0d-1c3e5a7b9d2f failed",
        # dotenvx's ciphertext (an ephemeral public key's 0x04 first), a search-only key
        "API_TOKEN=encrypted:BP" + "Nq3vR8sT1uV4yZ6aB0cD5eF7gH9jK2mL" * 5,
        "REACT_APP_TYPESENSE_SEARCH_ONLY_API_KEY=leYaJxicJjyC6sIE8djLfSzHo3d5taRH",
        # an Airtable base's id after a key's noun, PostHog's project key as an env default
        "new Airtable({apiKey: process.env.KEY}).base('appXXbVu5p4uSKViT');",
        "const KEY = process.env.POSTHOG_KEY || 'phc_GfraBph9Radjd6a4R0Zae89WbGozDvGZswo3OkEgy';",
        # an angle-bracket placeholder; a project's ref; a name stamped with a time
        'password = "<your password here>"',
        '"--project-ref=trxudkgkbhylmcnqaqmm"',
        'var FD_ENDPOINT = "newaccount1608025958165";',
        # a CSS class or an event's namespace under a key's name
        "  var DATA_API_KEY = '.data-api';",
        "STRIPE_SECRET_KEY=sk_12345",
        # an object's short prefix and a counter that counts
        'token = "tok_123"',
        'api_key = "key_001"',
    ],
)
def test_look_alikes_stay(text: str) -> None:
    out, found = R.redact_text(text)
    assert out == text, (out, found)

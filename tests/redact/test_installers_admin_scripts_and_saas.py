"""Readings from the blind sets fresh118 to fresh133 (installers and provisioning files,
research scripts, media and storage APIs, Windows administration scripts, CRM and support
SaaS, scraping and test grids, video and education platforms, search and vector databases;
IoT platforms, maps, translation, home media servers, monitoring, AI agent tooling, browser
extensions, payment gateways): each secret goes and each look-alike beside it stays. Values
are made up in each form."""

from __future__ import annotations

import pytest

from streams.redact import Redactor

R = Redactor()


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # Debian's preseed answers: a Wi-Fi passphrase and a user's password
        ("d-i netcfg/wireless_wpa_password string *17MaRch1999", "*17MaRch1999"),
        ("d-i netcfg/wireless_wpa string Lantern-Fog-42", "Lantern-Fog-42"),
        ("d-i passwd/user-password-again password Quokka!88", "Quokka!88"),
        # Kickstart's root password, plain or marked so
        ("rootpw Wk8#vQ2pLm", "Wk8#vQ2pLm"),
        ("rootpw --plaintext Wk8#vQ2pLm", "Wk8#vQ2pLm"),
        # Windows' net user with an account's password, quoted or not
        ('NET USER "Grumpy"\t"pQ7*#&21zx" /ADD', "pQ7*#&21zx"),
        ("net user backup Tr0mbone55 /add /domain", "Tr0mbone55"),
        # Elasticsearch's Python client: basic_auth and http_auth tuples
        ('es = Elasticsearch(url, basic_auth=("elastic", "Zq4vN8xT"))', "Zq4vN8xT"),
        ("es = Elasticsearch(url, http_auth=('elastic', 'Zq4vN8xT'))", "Zq4vN8xT"),
        # Agora's certificate named for Agora, ZEGOCLOUD's appSign, Telegram's api hash
        ('export const AGORA_CERTIFICATE = "' + "5d1f9b3e7a2c4e6f" * 2 + '";', "5d1f9b3e7a2c"),
        ('    static let appSign = "' + "a7c3e1f9b5d2" * 5 + 'e4f6"', "a7c3e1f9b5d2"),
        ('TELEGRAM_HASH = "' + "3c8e1a5f7b9d2c4e" * 2 + '"', "3c8e1a5f7b9d"),
        # a factory given the key (HubSpot's), a builder's withToken
        ("$hs = Factory::createWithApiKey('9b2e4c6a-1f3d-4a5e-8c7b-0d2f4e6a8c1b');", "9b2e4c6a"),
        ('Auth.withToken("Xk38dj3kdLs93kdQ")', "Xk38dj3kdLs93kdQ"),
        # DataStax Astra's token, X's bearer token and Klaviyo's private key, said alone
        ("AstraCS:QmXkTrWpLsNdVbHcYfGzRjEu:" + "6e2a9c4f1b8d3e7a" * 4, "6e2a9c4f1b8d3e7a"),
        (
            "Pasted AAAAAAAAAAAAAAAAAAAAAJk7qMwEAAAAR5tUv%2Bn8Wd3LqZx9Pc4Hb2Gm%3DTn6Ry1Vk8Sd3Jf5"
            "Lh0Qa2Wz7Xc4Bv9Nm1Kp6Rt3Yu8Io5Pl2 from the dashboard",
            "R5tUv%2Bn8Wd3Lq",
        ),
        ("klaviyo rejects pk_" + "4c8e2a6f1b9d3e5a7c" * 2 + " now", "4c8e2a6f1b9d"),
        # round 2: a key's name ending in what it may do, Icinga 2's ticket salt, HERE's
        # app_code, Omise's secret key, Pocket's and UptimeRobot's numbered keys
        ('WRITE_API_KEY_HTTP  = "QH7ZK2PX9MW4TR1B"      # channel', "QH7ZK2PX9MW4TR1B"),
        ('API_KEY_READ = "N83LQ2ZX7PW4KD1M"', "N83LQ2ZX7PW4KD1M"),
        ('const TicketSalt = "' + "9e4b2d7f1a3c5e8b" * 2 + '"', "9e4b2d7f1a3c"),
        (
            "https://x.here.com/r.json?app_id=pRx2iZs3&app_code=Kq7vL2nX9pW4zT1m&q=Berlin",
            "Kq7vL2nX",
        ),
        ("Pasted skey_test_5kq9v2x7m3p8w4z1r6t from omise", "5kq9v2x7m3p8"),
        ("Pasted 48213-7c1e9a4f0b2d8e6a5c3f7b1d from the pocket dashboard", "7c1e9a4f0b2d"),
        ("uptimerobot rejects u771204-3e9b1d7f5a2c8e4b6d0f1a3c now", "3e9b1d7f5a2c"),
    ],
)
def test_their_secrets_go(text: str, secret: str) -> None:
    out, found = R.redact_text(text)
    assert secret not in out and found, out


@pytest.mark.parametrize(
    "text",
    [
        # prose after "password": a checklist's or a commit's subject
        "- Plaintext password storage",
        "- [x] password reset",
        "fix password validation",
        # a batch file's prompt, a JavaScript operator, a GraphQL field's type
        "Set /P Pass=Veuillez indiquer le mot de passe : ",
        "  token: typeof window !== 'undefined' ? localStorage.getItem('token') : null,",
        "    password: String!",
        # a setup script's marker, stand-in words, a translated one
        '\t\t<Script Cmd="sqlcmd -U sa -P @@@SAPWD@@@ -i " Path="/tmp/x.sql" />',
        '      <SQLCreds Username="sa" Password="@@@SAPWD@@@" />',
        "AUTH_KEY='generateme'",
        '$loginForm.Fields["Password"] = "whatever"',
        'd-i netcfg/wireless_wpa_password string "votre mot de passe"',
        # strings code builds, a name in an expression, a command substitution
        "        self.tokenKey = '?token=' + self.user_token + '&key=' + self.apiKey",
        '    t.Token = "SharedAccessSignature sr=" + HttpUtility.UrlEncode(uri) + "&sig=" + s;',
        "token = base_path + 'oauth2/token'",
        "TOKEN=`echo $RESULT | sed 's/.*access_token\":\"//g' | sed 's/\".*//g'`",
        # a value cut short, a message, a URL of stand-ins, a file's name, an enum's flag
        "ZOHO_REFRESH_TOKEN=1000.47c...",
        "      no_token: \"You can't open this page without a reset email. If you do have one,"
        ' please use the full link."',
        "# DATABASE_URL='mysql://database_user:database_password@database_host:database_port/db'",
        "FILE_VULTR_API_KEY=vultr-api-key.txt.age",
        "        DONT_EXPIRE_PASSWD = 65536,",
        # ids: an account's, a Vonage Video session's
        'const ACCOUNT_ID = "kQiyTUuiPYmRtXkRFtNHWq";',
        'var SESSION_ID = "2_MX40NjY5MDQ5Mn5-MTU4NzQ4ODYxMDg0N35UbmFWakRpOEcveHlSTFd3NE5W'
        'TGF4OFN-QX4";',
        # what no reading takes: hashes rootpw marks, options and variables of net user,
        # a username's question, Stripe's public key, base64 of zeros
        "rootpw --lock",
        "net user bob * /add",
        "net user administrator /active:yes",
        "@net user %1% %2% /add",
        "net user administrator RandomPassword",
        "d-i netcfg/wireless_wpa_username string alex@example.org",
        "pk_live_51H8abcDEFghiJKLmnoPQRstu",
        "A" * 90,
        # round 2: what a value's place holds instead of one
        "   - CRON_SECRET: Generate new secret",
        "        api_key: Firecrawl API key",
        "OPENAI_API_KEY=sk-",
        '  "SUPABASE_ACCESS_TOKEN": "sbp_NEEDS_REAL_PERSONAL_ACCESS_TOKEN_FROM_DASHBOARD"',
        '"Ocp-Apim-Subscription-Key": os.environ.get("TRANSLATE_KEY", "NoKeyFound"),',
        " *     accessToken: 'thisIsMyAccessToken'",
        '    > {"accessToken": "h1.userTokenHere...", ...}',
        "SECRET_KEY = os.getenv('SECRET_KEY', 'django-insecure-" + "0123456789" * 5 + "')",
        # public keys made for the page: Omise's pkey_, Midtrans' client key
        "define('OMISE_PUBLIC_KEY', 'pkey_test_5kq9v2x7m3p8w4z1r6u');",
        'CLIENT_KEY="SB-Mid-client-xicPqdoGeSL_abCD"',
    ],
)
def test_look_alikes_stay(text: str) -> None:
    out, found = R.redact_text(text)
    assert out == text and not found, (out, found)


def test_a_quoted_value_ending_in_an_equals_sign_is_still_a_value() -> None:
    """Base64's padding is no parameter's ``=``: ``USER_TOKEN=ZGF0…=`` on a patch's line,
    the next line starting with ``+``, still goes (fresh29)."""
    text = "+NODE_ENV=development\n+USER_TOKEN=ZGF0YWxha2U=\n+LOG=1\n"
    assert "ZGF0YWxha2U" not in R.redact_text(text)[0]


def test_a_password_in_a_template_url_with_a_real_port_still_goes() -> None:
    """Only a URL whose password, host and port are all names is a template."""
    out = R.redact_text("postgres://u:S3cr3tpw@localhost:port/db")[0]
    assert "S3cr3tpw" not in out


def test_a_word_password_beside_its_stand_in_words_still_goes() -> None:
    """``mypassword`` under a password's name is a value, not a stand-in echoing the name."""
    out = R.redact_text("spring.datasource.password=mypassword")[0]
    assert "mypassword" not in out

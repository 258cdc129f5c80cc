"""Readings from the blind sets fresh83 to fresh89 (IoT and maker projects, error tracking
and APM, web scraping, education and video conferencing, maps and GIS, game backends,
social-media bots): each secret goes and each look-alike beside it stays."""

from __future__ import annotations

import pytest

from streams.redact import Redactor

R = Redactor()

_SESSION = (
    "1BVtsOLoBu2_ICyYCk7K8luN1-RI1Rn2LgTQopwY2-6wOMJ756-ScQUXV1Jbe9wwf2CrDIjQGsXH4QJGyJ_CXYBP-"
    "_XV0o02n6PoHtnR3wKuqJWJYZMy0n3xl876wxD88HSu0uHv-nkDSCVlEfUUoDD7wwZIOmQlnvNUQoNwCl1fCuYA"
    "ZcE2XWn_qYyF38aMF21fAj3tAlm6fK5O5Gn4ZL0wsyOJsWVqFUaaupV2jTyYivm8h1eTgbJvaN2fA1ZkdTAM8_K2e5"
)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # a bundler's NEXT_PUBLIC_ prefix says where a key goes, not that it is a public half
        (
            "NEXT_PUBLIC_TOM_TOM_KEY=hvIJTzc57zP7ZptCOdwNYHv3rFW8thqE",
            "hvIJTzc57zP7ZptCOdwNYHv3rFW8thqE",
        ),
        (
            "NEXT_PUBLIC_NAKAMA_SERVER_KEY=65fe2645baf246d6d30f425a6a891cfb0e7028684e4c816460e64a9c8e552e3f",
            "65fe2645baf246d6d30f425a6a891cfb",
        ),
        # Splunk's HEC scheme, and the other schemes an Authorization header names
        ('  -H "Authorization: Splunk DF0FDC3D-B68C-4C89-AD1F-5BB4E7798659" \\', "DF0FDC3D-B68C"),
        (
            '"Authorization": "Bot MTk4NjIyNDgzNDcxOTI1MjQ4.Cl2FMQ.ZnCjm1XVW7vRze4b7Cq4se7kKWs"',
            "MTk4NjIyNDgzNDcx",
        ),
        # Telegram's api_hash, as a constant, a keyword argument and an env default
        ('    API_HASH = "eea78eb9fa01f4e590d5202ffc4fe989"', "eea78eb9fa01f4e590d5202ffc4fe989"),
        (
            'app = Client("s", api_id=6, api_hash="eb06d4abfb49dc3eeb1aeb98ae0f581e")',
            "eb06d4abfb49dc3eeb1aeb98ae0f581e",
        ),
        (
            'API_HASH = os.environ.get("API_HASH", "c6c02e51a03f6b03dba9ad9a826dc2f1")',
            "c6c02e51a03f6b03dba9ad9a826dc2f1",
        ),
        # a Telethon session string, longer than a run is read alone, named a session
        (f'STRING_SESSION = os.environ.get("STRING_SESSION", "{_SESSION}")', _SESSION[:40]),
        # Agora's app certificate
        (
            '    private final static String appCertificate = "a0a62266ac204e9eae02add460fabcbd";',
            "a0a62266ac204e9eae02add460fabcbd",
        ),
        # IFTTT's Webhooks URL: the whole URL fires the applet
        (
            '    http.begin("http://maker.ifttt.com/trigger/button_pressed/with/key/djbSikp4f8uotm");',
            "maker.ifttt.com/trigger/button_pressed",
        ),
        # a legacy Sentry DSN: its public key beside the secret goes too
        (
            "SENTRY_DSN = 'http://10eb8cf305f741e9acf227a82f12d21a:017e859ff4434ae496b001f5d1f638de@s.io/12'",
            "10eb8cf305f741e9acf227a82f12d21a",
        ),
        # Playwright's and Puppeteer's fill and type into a password field
        ("    await page.fill('input[type=\"password\"]', 'Pic@12345');", "Pic@12345"),
        ("await page.type('input[name=password]', 'Pic@12345');", "Pic@12345"),
        ('await page.type(passwordSelector, "s3cr3tPw!");', "s3cr3tPw!"),
        # a script's own login helper; BigBlueButton's meeting passwords
        ('    cl = login_instagram("shortstorydaily_", "titikkoma")', "titikkoma"),
        ("    'moderatorPW' => 'ioy9Xep9',", "ioy9Xep9"),
        ("attendeePW=ap7Kq2x", "ap7Kq2x"),
        # net-snmp's SNMPv3 user: both passphrases (fresh82's kept miss)
        ('createUser myuser SHA "authPass123" AES "privPass456"', "authPass123"),
        ('createUser myuser SHA "authPass123" AES "privPass456"', "privPass456"),
        ('createUser -e 0x8000000001020304 myuser MD5 "mypassphrase1" DES', "mypassphrase1"),
    ],
)
def test_their_secrets_go(text: str, secret: str) -> None:
    out = R.redact_text(text)[0]
    assert secret not in out, out


@pytest.mark.parametrize(
    "text",
    [
        # the name still says public after the bundler's prefix; a public key's own name
        "NEXT_PUBLIC_PUBLIC_KEY=hvIJTzc57zP7ZptCOdwNYHv3rFW8thqE",
        # npm's version ranges under names that hold "token"
        '        "gtoken": "^7.0.0",',
        '    "agora-token": "^2.0.2",',
        '    "jsonwebtoken": "~9.0.x",',
        # a Slack webhook whose secret comes from a variable: the ids left are no credential
        "    f'https://hooks.slack.com/services/T0838QEFVPY/B083FFZD96E/{os.environ.get(\"SLACK_ID\")}',",
        # a coverage report's anchor, named by its file's sha1
        '<td><a href="#8496cb053ed6cf91e78456cc1058bd51dc97edfb" class="src_link" '
        'title="config/initializers/omniauth.rb">',
        # "password" in French, a prompt and what is yours to put there
        'EMAIL_PASSWORD = "motdepasse"',
        'PASS = "FILL THIS IN"\t\t\t\t# your Twitch OAuth token',
        '  const appCertificate = "Your Certificate";',
        # a certificate's path, a login helper of a route, a field name given a variable
        "APP_CERTIFICATE=/etc/ssl/app.pem",
        'login_required("admin", "view")',
        "await page.fill(passwordInput, password);",
        "api_hash: str",
        # a cipher's name after a stand-in password is no value of a .netrc-style line
        "createUser bootstrap MD5 temp_password DES",
    ],
)
def test_look_alikes_stay(text: str) -> None:
    assert R.redact_text(text)[0] == text

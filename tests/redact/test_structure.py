"""Structure-aware redaction: URLs keep scheme, host and path; paths are never tokens."""

from __future__ import annotations

import pytest

from streams.redact import Redactor

CERT_LINE = "MIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJRTES"


@pytest.mark.parametrize(
    "text",
    [
        "file:///tmp/tmp.Xk3jd8fQ2a/data/repos/demo-3f9c2a1b7e8d/.git",
        "FIXTRACE_DATA_DIR=/tmp/tmp.AbC123xYz9/data fixtrace demo",
        "/tmp/tmpa8f3k_2x/Xk3jd8fQ2aB7cD9eF1gH2iJ3kL4.whl",
        "s3://ml-artifacts/models/Xk3jd8fQ2aB7cD9eF1gH2iJ3kL4mN5o/model.pt",
        "./.next/cache/webpack/client-production/Xk3jd8fQ2aB7cD9eF1gH2iJ3kL4mN5oP6qR7sT8uV/0.pack",
        "https://www.google.com/search?q=asyncio&ei=Xk3jd8fQ2aB7cD9eF1gH2i",
        f"-----BEGIN CERTIFICATE-----\n{CERT_LINE}\n-----END CERTIFICATE-----",
    ],
)
def test_places_and_public_material_stay(text: str) -> None:
    assert Redactor().redact_text(text)[0] == text


@pytest.mark.parametrize(
    "text",
    [
        # an app's Info.plist: the <key> tag names a setting, the name inside it decides
        "<key>AD_UNIT_ID_FOR_BANNER_TEST</key>\n<string>ca-app-pub-3940256099942544/2934735716</string>",
        "<key>REVERSED_CLIENT_ID</key>\n"
        "<string>com.googleusercontent.apps.407966239993-b1h97alknrmf0g846um5pr3a25s9qmeu</string>",
        'const NOT_A_SECRET = "I\'m not a secret, I think";',  # a sentence, not a value
        "map4.setProperty(CAMEL_CASE_KEY_P4SS, input);",  # a constant's name
        # WrongSecrets' Dockerfile (fresh11): a resource's id, mixed case after its label
        'ARG GOOGLE_DRIVE_DOCUMENT_ID="1PlZkwEd7GouyY4cdOxBuczm6XumQeuZN31LR2BXRgPs"',
    ],
)  # fmt: skip
def test_fresh9_and_fresh11_negatives_stay(text: str) -> None:
    """Issue 29, thirteenth session: false positives of fresh9's first run (2ms' generic
    credential tests, eslint-plugin-no-secrets', find-sec-bugs' samples)."""
    assert Redactor().redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("<key>ApiToken</key>\n<string>9f8e7d6c5b4a39281706f5e4d3c2b1a0</string>",
         "9f8e7d6c5b4a39281706f5e4d3c2b1a0"),
        ("<key>STRIPE_SECRET</key><string>Xk3jd8fQ2aB7cD9eF1gH2iJ3kL4mN5oP6q</string>",
         "Xk3jd8fQ2aB7cD9eF1gH2iJ3kL4mN5oP6q"),
        ('password = "P4SS_W0RD"', "P4SS_W0RD"),
        # a resource's id label does not spare a client's secret (an OAuth client's id is
        # its public half since the twenty-fifth session: ten splits label it a negative)
        ("CLIENT_SECRET=Xk3jd8fQ2aB7cD9eF1gH2iJ3kL4mN5oP6q", "Xk3jd8fQ2aB7cD9eF1gH2iJ3kL4mN5oP6q"),
    ],
)  # fmt: skip
def test_secrets_beside_the_fresh9_and_fresh11_forms_still_go(text: str, secret: str) -> None:
    assert secret not in Redactor().redact_text(text)[0]


@pytest.mark.parametrize(
    ("text", "kept", "gone"),
    [
        ("git clone https://oauth2:Hunter%237Q@gitlab.example.org/team/app.git",
         "https://oauth2:[REDACTED", "Hunter%237Q"),
        ("psql postgresql://app:Summer#7$@db.internal:5432/shop", "@db.internal:5432/shop",
         "Summer#7$"),
        ("curl 'https://api.example.org/v1/items?page=2&api_key=Zk3jd8fQ2aB7cD9e&sort=asc'",
         "https://api.example.org/v1/items?page=2&api_key=", "Zk3jd8fQ2aB7cD9e"),
    ],
)  # fmt: skip
def test_urls_lose_only_userinfo_and_credential_parameters(text: str, kept: str, gone: str) -> None:
    out = Redactor().redact_text(text)[0]
    assert kept in out and gone not in out, out


def test_private_keys_go() -> None:
    body = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj"
    text = f"-----BEGIN PRIVATE KEY-----\n{body}\n-----END PRIVATE KEY-----"
    assert body not in Redactor().redact_text(text)[0]


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("mysql -h db -u root -pCastle99x shop", "Castle99x"),
        ("redis-cli -h cache -a 'Hunter 2024' PING", "Hunter 2024"),
        ("sshpass -p s3cr3tpw ssh deploy@10.0.3.7", "s3cr3tpw"),
        ("curl --user admin:'Zqu7xajxm00oBo' https://ci.example.org/api/json", "Zqu7xajxm00oBo"),
        ("MYSQL_ROOT_PASS=Orange99Q docker compose up", "Orange99Q"),
        ("SMTP_PWD=falcon_42Q python send.py", "falcon_42Q"),
        ("aws_secret_key wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY", "wJalrXUtnFEMI"),
        ("SECRET_KEY = 'uzRssXAtS!bIA^gFE=aT))Hop@1%nPNl4s'", "uzRssXAtS!bIA"),
        ("machine api.example.org login deploy password Winter99x", "Winter99x"),
        ("db.internal:5432:shop:app:Riverx99Q", "Riverx99Q"),
        ("//registry.example.org/:_auth=ZGVwbG95OldpbnRlcjk5eA==", "ZGVwbG95OldpbnRlcjk5eA=="),
        ('{"auths": {"r.example.org": {"auth": "Y2k6SHVudGVyOTk="}}}', "Y2k6SHVudGVyOTk="),
        ("    client-key-data: LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlF", "LS0tLS1CRUdJ"),
        ("client_secret=bP88Q~rcBcYjzzOhg1Hnn76Wm3jGgakZiZ.8vMgR", "bP88Q~rcBcYjzzOhg1"),
        ("token dapi0123456789abcdef0123456789abcdef", "dapi0123456789abcdef"),
        ("http -a alice:Spruce41x POST https://api.example.org/items", "Spruce41x"),
        ("https -a alice:'Spruce 41x' api.example.org/me", "Spruce 41x"),
        (
            "printf '%s\\n' 'machine h.example.org login ci password Birch77q' >> ~/.netrc",
            "Birch77q",
        ),
        ("echo 'aws_secret_key Maple!x9' >> ~/.s3cfg", "Maple!x9"),
        # fresh25 gq0035: Cypress Cloud's record key, a UUID (a row's "record_key" stays)
        ("  CYPRESS_RECORD_KEY: 4a48f41c-11b3-425b-aa88-c58048fa69eb", "4a48f41c-11b3"),
    ],
)
def test_credential_flags_assignments_and_files(text: str, secret: str) -> None:
    assert secret not in Redactor().redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "http --auth=alice:'Spruce 41x' https://api.example.org/me",
        'http --auth alice:"Spruce 41x" https://api.example.org/me',
        "wget --auth=alice:'Spruce 41x' https://api.example.org/me",
        "credentials=alice:'Spruce 41x'",
    ],
)
def test_a_quoted_password_after_user_colon_goes_whole(text: str) -> None:
    """``--auth=user:'quoted pw'``: the generic ``auth=`` assignment ran first and took only
    ``user:``, and the tool rule then matched inside its token (``[REDACTED:[REDACTED:…``),
    leaving the quoted password in the text."""
    out, findings = Redactor().redact_text(text)
    assert "Spruce" not in out, out
    assert out.count("[REDACTED:") == sum(findings.values()) == 1, out


@pytest.mark.parametrize(
    "text",
    [
        "http --auth=alice:'${API_PW}' https://api.example.org/me",
        'http --auth alice:"$API_PW" https://api.example.org/me',
        "auth: alice:'{{ vault_pw }}'",
        "password=[REDACTED:jwt] then token=[REDACTED:github_token]",
    ],
)
def test_quoted_references_and_earlier_tokens_stay(text: str) -> None:
    """Look-alikes: a quoted variable is a reference, not a password, and a later rule never
    reads an earlier rule's ``[REDACTED:…]`` token as a value."""
    assert Redactor().redact_text(text)[0] == text


def test_a_quoted_secret_holding_an_earlier_token_still_goes_whole() -> None:
    """The token guard skips spans that cut a token, not values that hold one: a connection
    URL quoted as an api key loses its user and host too, as before the guard."""
    text = '"apiKey": "redis://1SHPg6BjyS:$YYbMDot25P@PvfdX9VshFjW"'
    out, findings = Redactor().redact_text(text)
    assert out == '"apiKey": "[REDACTED:secret_assignment]"', out
    assert findings == {"connection_string_password": 1, "secret_assignment": 1}


SIGNED = "eyJ0eXAiOiJKV1QifQ." + "Xk3jd8fQ2aB7cD9eF1gH2iJ3kL4mN5oP6qR7sT8uV" * 20


@pytest.mark.parametrize(
    "text",
    [f"export SERVICE_TOKEN={SIGNED}", f'client = Client(token="{SIGNED}")',
     f"the api key {SIGNED} expired"],
)  # fmt: skip
def test_a_long_signed_token_named_as_a_secret_goes_whole(text: str) -> None:
    """A value of ~800 characters (a signed token) is redacted to its end, not cut at 512."""
    out = Redactor().redact_text(text)[0]
    assert "Xk3jd8fQ2aB7" not in out, out


PROVIDER_EXAMPLES = {
    # synthetic values in each provider's documented format
    "azure_ad_client_secret": "client_secret=bP88Q~rcBcYjzzOhg1Hnn76Wm3jGgakZiZ.8vMgR",
    "mailgun_key": "key-dirirygl04i92ww1uuvz9owuc9sb0fpm",
    "google_app_password": '"Password": "qwvf ndzx hrkp ltmy"',
    "apple_app_password": "FASTLANE_SESSION_PW wyjv-ucmp-kuur-nvsj",
    "mailgun_api_key": "mailgun 516c85648c378e36f8e48b908239f8f2-30b58138-6cbb07b9",
    "vault_token": "the vault gave s.N5Rv5OJpUbxviQkkqVtmlFni.fvuLy",
    "sdk_client_secret": "Client('AC" + "3f9a1c7e" * 4 + "', '" + "b62d0e4a" * 4 + "')",
    "fcm_server_key": "fcmkey: AAAAq1w2e3r:APA91b"
    + "Qx7vK2mP9sL4nR8tW1yZ3cB6dF0gH5jK" * 4
    + "aB3dE5",
    "elasticsearch_enrollment_token": (
        "eyJ2ZXIiOiI4LjE0LjAiLCJhZHIiOlsiMTAuMC4wLjc6OTIwMCJdLCJmZ3IiOiIzZjNmM2YzZjNmM2Yz"
        "ZjNmM2YzZjNmM2YzZjNmM2YzZjNmM2YzZjNmM2YzZjNmM2YzZjNmM2YzZjNmM2YzZjNmIiwia2V5IjoiUXg3dksybVA5c0w0blI4dFcxeVo6YjNWcTlacFgybVI3dEw4d0FiNGMifQ=="
    ),
    "feishu_webhook": "https://open.feishu.cn/open-apis/bot/v2/hook/0f3c9d2e-7b1a-4c5e-9f8d-2a6b4c8e1d3f",
    "dingtalk_webhook": "https://oapi.dingtalk.com/robot/send?access_token="
    + "7c1e9a4f0b2d8e6a" * 4,
    "wecom_webhook": "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=5b8e2c1a-9d4f-4e7b-a3c6-0f1d2e8b7a94",
    "rapidapi_key": "4. **RapidAPI** - `3c9e1a7b5dmsh0f2d4b6a8c1e3f5p1a2b3cjsn9e8d7c6b5a40`",
    "asana_token": "the asana token 0/" + "6c2e8a4f1b3d5e7a" * 2 + " expired",
    "deepl_key": "translator = deepl.Translator('4b7e2c9a-1d3f-4a6e-8b0c-2e4f6a8b0c1d:fx')",
    "oanda_token": "the practice account's token "
    + "5e0c9a7f3b1d2e4a" * 2
    + "-"
    + "8b6d4f2a0c9e7b5d" * 2,
    "woocommerce_key": "    'cs_" + "4f2a9c1e7b3d5a8f0e6c" * 2 + "',",
    "amazon_lwa_secret": 'lwa_client_secret="amzn1.oa2-cs.v1.' + "9d3b7f1a5c2e8d4b" * 4 + '",',
    "ebay_credential": 'EBAY_CERT_ID = "PRD-3f9a1c7e5b2d-8e4a-4c1f-b7d2-9a6e"',
    "mercadopago_token": 'sdk = mercadopago.SDK("TEST-4107823916540213-031522-'
    + "7a1c9e3f5b2d8a4c" * 2
    + '-381726450")',
    "wrapped_jwt": "  apiKey: 'ZXlKaGJHY2lPaUpJVXpJMU5pSXNJblI1Y0NJNklrcFhWQ0o5LmV5SnpkV0lpT2lKemFH"
    + "OXdMVFF5SWl3aWFXRjBJam94TnpBd01EQXdNREF3ZlEuUTJ4OXZLZDdSbVA0c1Qxd1piOG5MYzN5SGY2alhxMGF"
    + "VZTVvR2kyck50',",
    "id_pipe_token": 'FR24_TOKEN = "019b1ebe-a96a-70ce-b39e-b9e993672ef5|'
    + "Qm7XkTrWpLsNdVbH" * 3
    + '"',
    "astra_db_token": '    verifyToken("AstraCS:QmXkTrWpLsNdVbHcYfGzRjEu:'
    + "6e2a9c4f1b8d3e7a" * 4
    + '")',
    "twitter_bearer_token": "the x bearer AAAAAAAAAAAAAAAAAAAAAJk7qMwEAAAAR5tUv%2Bn8Wd3Lq"
    + "Zx9Pc4Hb2Gm%3D"
    + "Tn6Ry1Vk8Sd3Jf5Lh0Qa2Wz7Xc4Bv9Nm1Kp6Rt3Yu8Io5Pl2Ek7Dj4Fh expired",
    "account_numbered_key": "the pocket key 48213-" + "7c1e9a4f0b2d8e6a5c3f7b1d" + " failed",
    "kubeadm_token": "kubeadm join 10.0.0.5:6443 --token n657pt.edesxg1ka5yzj508",
    "mailchimp_key": "343ea45721923ed956e2b38c31db76aa-us30",
    "databricks_token": "dapi0123456789abcdef0123456789abcdef",
    "cwa_opendata_key": "curl -H 'Authorization: CWA-5E1F0B2D-8C47-4A9E-B3D6-7F20C91AE846' "
    "https://opendata.cwa.gov.tw/api/v1/rest/datastore/F-C0032-001",
    "wolfram_app_id": 'client = wolframalpha.Client(app_id="7HRT2K-QX94LW3VZP")',
    "akamai_edgegrid_token": "client_token = akab-tblc7jkffv3wfxh3-h5stbzeswb3v4kj3",
    "alibaba_access_key_id": "f.write(LTAIwRQQQIlUKh25, key)",
    "uuid_service_token": "AXIOM_TOKEN=xaat-315d5e41-4534-4dda-b0e5-c5edb9219bfd",
    "shopify_token": "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",
    "digitalocean_token": "dop_v1_" + "0a1b2c3d4e5f6a7b" * 4,
    "newrelic_key": "NRAK-7JQ2ZKD3Z0GWX9M1E4RJ8T5YB6C",
    "planetscale_token": "pscale_tkn_toLyJg1LfgY8vDQr9vhfF2HcT410U3q1alxt7012kcV",
    "prefixed_service_token": "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",
    "appsync_api_key": "da2-k3v9q0x2m7w4b8n1c6z5r0t4yp",
    "telegram_bot_token": "https://api.telegram.org/bot4839574812:AAHk3j9XzQ2pLm8vB7cT1yH6jF8sW5aE0uI/getMe",
    "url_path_key": "https://mainnet.infura.io/v3/3f9c2e71b8d04a6c95e1d7b2a8c4f061",
    "cloudflare_origin_ca_key": "v1.0-" + "0a1b2c3d" * 3 + "-" + "9f8e7d6c5b4a" * 12 + "0a",
    "twilio_api_key": "SK" + "4f0e9d8c7b6a" * 2 + "5f4e3d2c",
    "amazon_mws_token": "amzn.mws.4b18315e-6b7d-4337-b449-5d38f5a189ec",
    "gocardless_token": "live_k3v9q0x2m7w4b8n1c6z5r0t4yp=Q-d8s2LmZ0bXy",
    "django_secret_key": "SECRET_KEY = 'django-insecure-4f!x2(q8_m^z0w=7k@v3+1r&c9s$e6b*h5n)d'",
    "airtable_token": "patW3kq9ZxT2mLp7R." + "4e1f0a9b8c7d6e5f" * 4,
    "salesforce_access_token": "00D5e000000AbCdE!AQ8AQ" + "Xk3jd8fQ2aB7cD9eF1gH2iJ3kL4" * 3,
    "named_service_token": "CC_TEST_REPORTER_ID=" + "9a8b7c6d5e4f3a2b" * 4,
    "sendgrid_token": "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",
    "duffel_token": "duffel_test_Xk3jd8fQ2aB7cD9eF1gH2i=J3kL4mN5oP6qR7sT8uV9",
    "plaid_token": "access-development-0b686395-8a68-4e27-93f6-56230b647a0c",
    "zoho_token": "1000." + "4e1f0a9b8c7d6e5f" * 2 + "." + "9a8b7c6d5e4f3a2b" * 2,
    "jose_token": "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9." + "Xk3jd8fQ2aB7cD9eF1gH2iJ3kL4mN5" * 3,
    "azure_devops_pat": "aB3dE5gH7jK9mN1pQ3sT5vW7yZ9" * 2 + "xC2eF4hJ6kL8nP0rS2uVwY" + "AZDOq7Rt",
}


@pytest.mark.parametrize(
    ("token", "rule"),
    [
        ("NRBR-4e1f0a9b8c7d6e5f4e1", "newrelic_key"),
        ("4e1f0a9b8c7d6e5f4e1f0a9b8c7d6e5fFFFFNRAL", "newrelic_key"),
        ("AA4e1f0a9b8c7d6e5f4e1f0a9b8c7d6e5f4e1f0a9b-NRMA", "newrelic_key"),
        ("live_4e1f0a9b8c7d6e5f4e1f0a9b8c7d6e5f4e1", "prefixed_service_token"),  # Lob
        ("sk_4e1f0a9b8c7d6e5f4e1f0a9b8c7d6e5f", "prefixed_service_token"),  # IEX Cloud
        ("sk_6551_225099_4e1f0a9b8c7d6e5f4e1f0a9b8c7d6e5f", "prefixed_service_token"),
    ],
)
def test_formats_of_trufflehogs_detector_tests_go(token: str, rule: str) -> None:
    """Issue 29, thirteenth session: formats TruffleHog's detector tests hold that no rule
    here knew (New Relic's browser, license and mobile keys, Lob, IEX Cloud, Ticket
    Tailor)."""
    out, found = Redactor().redact_text(f"then {token} in the log")
    assert token not in out and rule in found, out


@pytest.mark.parametrize(
    "text",
    [
        "sonar.login=4e1f0a9b8c7d6e5f4e1f0a9b8c7d6e5f4e1f0a9b",
        "['-Dsonar.login', '4e1f0a9b8c7d6e5f4e1f0a9b8c7d6e5f4e1f0a9b']",
        '$sonarLogin = "4e1f0a9b8c7d6e5f4e1f0a9b8c7d6e5f4e1f0a9b"',
        "curl -H 'Jenkins-Crumb:4e1f0a9b8c7d6e5f4e1f0a9b8c7d6e5f' -X POST $JOB/build",
    ],
)
def test_tokens_a_provider_names_by_their_variable_go(text: str) -> None:
    """Issue 29, thirteenth session (Kingfisher's rule examples): SonarQube's login token
    however it is passed, a Jenkins crumb; ``sonar.login=sonarqube_token`` (a name) stays
    (``test_value_forms``)."""
    out, found = Redactor().redact_text(text)
    assert "4e1f0a9b8c7d6e5f4e1f0a9b" not in out and found == {"named_service_token": 1}, out


@pytest.mark.parametrize(
    "token",
    ["fc-0c5e3b9a7d2f4e6a8b1c3d5e7f9a0b2c", "px-api-9b2f4c1e-6a3d-4f8b-9c7e-1d5a2b8e4f60",
     "scp-live-0c5e3b9a7d2f4e6a8b1c3d5e7f9a0b2c"],
)  # fmt: skip
def test_prefixed_tokens_of_firecrawl_pixie_and_scrapfly_go(token: str) -> None:
    out, found = Redactor().redact_text(f"the key {token} expired")
    assert token not in out and found == {"prefixed_service_token": 1}, out


def test_an_infracost_key_goes_even_as_a_query_value() -> None:
    """Eighteenth session (the prose set): gitleaks' ``ico-`` and 32 letters and digits, here
    as an ``id=`` parameter (no credential name, so the URL rule keeps the value)."""
    text = "403 Forbidden for url: https://api.example.com/v1/items?id=ico-mlCr1Mn3SRcRiZMObUZOTHLcgtH2Lpgt"
    out, found = Redactor().redact_text(text)
    assert "mlCr1Mn3SRc" not in out and found == {"prefixed_service_token": 1}, out
    assert Redactor().redact_text("favicon: ico-16x16-abcdefghijklmnop.png")[1] == {}
    hashed = "http://assets.r7.com/video_box.ico-7a388b69018576d24b59331fd60aab0c.png"
    assert Redactor().redact_text(hashed)[1] == {}  # gitleaks' own false positive


@pytest.mark.parametrize(
    ("user", "taken"),
    [("live_0979969b3f6cc23ed67e9b650bfaf64f710", True), ("git", False),
     ("deploy-bot-2024", False), ("ci-9fceb02", False)],
)  # fmt: skip
def test_a_word_and_long_hex_as_a_urls_user_is_a_token(user: str, taken: bool) -> None:
    text = f"fatal: unable to access 'https://{user}@git.example.com/team/app.git/': 403"
    out = Redactor().redact_text(text)[0]
    assert (user not in out) is taken and "git.example.com/team/app.git" in out, out


_AZURITE_KEY = (
    "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="
)


@pytest.mark.parametrize(
    ("url", "taken"),
    [(f"azblob://{_AZURITE_KEY}@devstoreaccount1", True),
     ("ipfs://QmXoypizjW3WknFiJnKLwHCnL72vedxjQkDDP1mXWo6uco/wiki/index@x", False),
     ("git+https://github.com/owner/repositorynamelongerthanforty/subdir@v1.2", False)],
)  # fmt: skip
def test_a_base64_key_as_a_urls_user_goes_with_its_slashes(url: str, taken: bool) -> None:
    """Twenty-third session (fresh28's Azurite key): a base64 account key sent as a URL's
    user holds "/" unescaped, which ended the user's match; a path of words stays."""
    out = Redactor().redact_text(f"export STORAGE_URL={url}")[0]
    assert (url.split("://")[1].rsplit("@", 1)[0] not in out) is taken, out
    assert url.rsplit("@", 1)[1] in out


def test_an_rfc_number_with_hex_after_it_is_no_firecrawl_key() -> None:
    text = "see rfc-0c5e3b9a7d2f4e6a8b1c3d5e7f9a0b2c"
    assert "prefixed_service_token" not in Redactor().redact_text(text)[1]


@pytest.mark.parametrize(("rule", "text"), sorted(PROVIDER_EXAMPLES.items()))
def test_provider_rules_find_their_examples(rule: str, text: str) -> None:
    assert rule in Redactor().redact_text(f"then {text} in the log")[1]


@pytest.mark.parametrize(
    ("token", "random"),
    [
        # Hugging Face's format is hf_ and 34 letters; seeded random ones the old name test
        # took for CamelCase (17 of 200 such tokens were kept before, 2 now)
        ("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", True),
        ("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", True),
        ("XMLHttpRequestFactoryBeanDefinitionParser", False),
        ("getElementByIdOrThrowWhenMissing", False),
        ("AbstractSingletonProxyFactoryBean", False),
    ],
)
def test_case_flipping_letters_are_a_key_camel_case_words_a_name(token: str, random: bool) -> None:
    out = Redactor().redact_text(f"it fails with {token} again")[0]
    assert (token not in out) is random, out


def test_a_facebook_app_access_token_goes_with_its_app_id() -> None:
    """``<15-16 digit app id>|<secret>`` is one credential (gitleaks' facebook-access-token)."""
    for joiner in ("|", "%7C"):
        out = Redactor().redact_text(f"token is 1234567890123456{joiner}Rk3dQ8vTzX2pLm9NcY4wB7eJ")
        assert "1234567890123456" not in out[0] and "Rk3dQ8vTzX2p" not in out[0], out


BODY = "Xk3jd8fQ2aB7cD9eF1gH2iJ3kL4mN5oP6q"


@pytest.mark.parametrize(
    "token",
    [
        "AQVN" + BODY, "API-ZNRMR7SL6L3ATMOIK7GKJDKLPY", "AKCp" + BODY * 2, "BBDC-" + BODY,
        "CCIPAT_" + BODY, "CFPAT-" + BODY, "bkua_" + BODY.lower(), "cmVmdGtu" + BODY,
        "dckr_oat_" + BODY, "eyJrIjoi" + BODY, "figp_" + BODY, "fm2_" + BODY,
        "pnu_" + BODY, "rdme_" + BODY.lower(), "rootly_" + BODY, "rzp_live_Xk3jd8fQ2aB7cD",
        "sgp_" + BODY, "slk_" + BODY, "sm_pat_" + BODY, "sqco_" + BODY, "thog-key-" + BODY,
        "tskey-" + BODY,
    ],
)  # fmt: skip
def test_documented_prefixes_of_the_second_pass(token: str) -> None:
    """Prefixes from gitleaks' config and trufflehog's detectors (synthetic bodies)."""
    out = Redactor().redact_text(f"it fails with {token} now")
    assert token not in out[0] and "prefixed_service_token" in out[1], out


@pytest.mark.parametrize(
    "text",
    ["kubectl logs api-7d9f8b6c5d-x2kqp", "GET /API-Reference-Guide-For-Developers.html",
     '"ssl_ciphers": ["TLS_CHACHA20_POLY1305_SHA256", "ECDHE-RSA-AES128-GCM-SHA256"]',
     '"KmsKeyId": "arn:aws:kms:us-east-1:123456789012:key/4c1731d6-5435-ed4d-be13-d53411a7cfbd"',
     'raise ValueError("None is not allowed as password value")',
     "ramp_id_lookup_table_for_customers = {}", "sm_path_to_the_model_checkpoint_dir"],
)  # fmt: skip
def test_prefix_look_alikes_stay(text: str) -> None:
    assert Redactor().redact_text(text)[0] == text


def test_a_prefix_made_of_words_is_not_read_as_the_body() -> None:
    """``thog-key-<16 hex>``: the body after the prefix's last ``-`` is key material, though
    ``thog-key-…`` as a whole reads as words."""
    out = Redactor().redact_text("it fails with thog-key-830d5e1fbee7caff again")
    assert "830d5e1fbee7caff" not in out[0] and "prefixed_service_token" in out[1], out


@pytest.mark.parametrize(
    "text",
    ["Pick a strong password combination.\n\nNext: the login form.",
     "# reset it if you forgot the password first!\n",
     "AttributeError: unknown password hash: 'mysql141'"],
)  # fmt: skip
def test_a_word_ending_a_sentence_after_a_secret_name_is_prose(text: str) -> None:
    assert Redactor().redact_text(text)[0] == text


@pytest.mark.parametrize(
    "text",
    [
        "    def _api_org_96726c78_4ae3_402f_b08b_7a78c6903d2a(self, method, url, body):",
        'body = self.fixtures.load("api_org_96726c78_4ae3_402f_b08b_7a78c6903d2a.json")',
        "test_case_0f8fad5b_d9cb_469f_a165_70867728950e_passes",
    ],
)
def test_a_uuid_written_with_underscores_is_a_name(text: str) -> None:
    """Generated identifiers and fixture names hold UUIDs with underscores (libcloud's Hugging
    Face-like ``api_org_<uuid>``, gitleaks' false-positive sample): an id, like ``8-4-4-4-12``."""
    assert Redactor().redact_text(text)[0] == text


@pytest.mark.parametrize(
    "text",
    [
        "HF_TOKEN=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",
        "the key 96726c78_4ae3_402f_b08b_7a78c6903d2a_Xk3jd8fQ2aB7cD9eF1gH2",
    ],
)
def test_a_token_beside_an_underscored_uuid_still_goes(text: str) -> None:
    assert "[REDACTED:" in Redactor().redact_text(text)[0]


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("https://eth-mainnet.alchemyapi.io/v2/6wgSNoYMEzJ2s47Q593p9-9Xg5clkmAB",
         "https://eth-mainnet.alchemyapi.io/v2/"),
        ("wss://mainnet.infura.io/ws/v3/ac08c9ada68044d38f55d4cb4749d54a",
         "wss://mainnet.infura.io/ws/v3/"),
        # a webhook whose whole URL is the credential loses its host, as Slack's does
        ("https://hooks.zapier.com/hooks/catch/192840272/anwidh83/", "https://"),
        ("https://hooks.zapier.com/hooks/catch/bJdWL5uSLdrqauDu", "https://"),
        ("https://thingsboard.cloud/api/v1/A1b2C3d4E5f6G7h8I9j0/telemetry",
         "https://thingsboard.cloud/api/v1/"),
        ("https://efT.tines.com/webhook/4j55coiuyiladq9ydaoo4oan89u56vkm/u37txygi11dou8u2ttwe4rl63ax4lnw9",
         "https://"),
    ],
)  # fmt: skip
def test_a_key_in_a_service_urls_path_goes_and_the_url_stays(text: str, kept: str) -> None:
    """Issue 29, sixth session (SonarSource's rules, fresh4): RPC endpoints and catch hooks
    carry their key in the path (seventh session, fresh6: Tines webhooks, Zapier's
    one-segment hooks)."""
    out, found = Redactor().redact_text(f"url = '{text}'")
    assert found.get("url_path_key") == 1 and f"'{kept}[REDACTED:url_path_key]" in out, out


@pytest.mark.parametrize(
    "text", ["https://docs.alchemy.com/v2/reference", "https://infura.io/v3/docs/intro"]
)
def test_a_service_urls_documentation_path_is_not_a_key(text: str) -> None:
    assert Redactor().redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("jdbc:mysql://db:3306/shop?user=app&password=river#7x", "river#7x"),
        ("http://api.openweathermap.org/data/2.5/weather?q=x&appid=ae73acab47d0fc4b71b6", "ae73"),
    ],
)
def test_query_passwords_keep_their_signs_and_appid_is_a_key(text: str, secret: str) -> None:
    out = Redactor().redact_text(text)[0]
    assert secret not in out and "[REDACTED:url_credential_param]" in out, out


@pytest.mark.parametrize(
    "text",
    [
        'DSN="jdbc:mysql://db?user=myuser&password=password&sql_mode=STRICT_TRANS_TABLES"',
        'const MQURL = "amqp://foo:bar@127.0.0.1:5672/"',
        "DATABASE_URL: postgresql://${DB_USERNAME:-postgres}:${DB_PASSWORD:-postgres}@db/x",
        "MasterUserPassword: !Ref 'MasterUserPassword'",
        "password: '{{resolve:secretsmanager:prod/db:SecretString:password}}'",
        "endpoint_secret = 'whsec_...';",
    ],
)
def test_stand_ins_templates_and_references_are_not_secrets(text: str) -> None:
    """SonarSource's and ripsecrets' compliant examples (fresh4): a textbook pair, a shell
    expansion's default, a CloudFormation reference, a prefix cut with an ellipsis."""
    assert Redactor().redact_text(text)[0] == text


def test_a_real_password_beside_those_forms_still_goes() -> None:
    for text, secret in (
        ("amqp://admin:s3cr3tPw9@host/", "s3cr3tPw9"),
        ("endpoint_secret = 'whsec_Xk3jd8fQ2aB7Lm9P'", "whsec_Xk3jd8fQ2aB7Lm9P"),
        ("postgres://fixtrace:fixtrace@db/x", "fixtrace@db"),
        ("az://container/blob.csv?account_name=me&account_key=Xk3jd8fQ2aB7Lm9PqR", "Xk3jd8"),
    ):
        assert secret not in Redactor().redact_text(text)[0], text


@pytest.mark.parametrize(
    "token",
    ["xoxa-23984754863-2348975623111", "xoxb-128493760512-5973168421320-324311228695034717549806"],
)
def test_a_slack_token_of_ids_only_is_a_token_in_text_and_never_an_id(token: str) -> None:
    """secretlint's and SonarSource's examples (fresh2, fresh4): every part digits."""
    from schemas.shapes import SHAPES

    assert token not in Redactor().redact_text(f"slack rejects {token} now")[0]
    assert SHAPES["id"].why_not(token) is not None
    assert Redactor().redact_text("xoxb-123456789-123456789")[1] == {}  # counts up: a stand-in


@pytest.mark.parametrize(
    "text",
    [
        "git push origin gh-readonly-queue/main/pr-123-9fceb02d0ae598e95dc970b74767f19372d61af8",
        "On branch gh-readonly-queue/release/v2.1/pr-4521-2f1e9b3c7a8d4e5f6a7b8c9d0e1f2a3b4c5d6e7f",
    ],
)
def test_a_merge_queue_branch_is_a_name(text: str) -> None:
    """GitHub merge-queue branches carry the head commit's id; the whole branch was one
    high-entropy run before the sixth session."""
    assert Redactor().redact_text(text)[0] == text


@pytest.mark.parametrize(
    "text",
    [
        # written here, in the forms pip, Windows' package store and file shares use
        r"C:\Users\dev\AppData\Local\Temp\pip-install-Xk3jd8fQ2aB7mN\numpy_4f8a9c2e1b7d4e6fa0c3b5d8e9f1a2b3",
        r"C:\Users\dev\.m2\repository\org\Xk3jd8fQ2aB7mN9pQr4sT6uV\lib.jar",
        r'{"cwd": "C:\\Users\\dev\\AppData\\Local\\Temp\\tmpXk3jd8fQ2aB7mN9pQr\\repo"}',
        r"\\fileserver\builds\Xk3jd8fQ2aB7mN9pQr4sT6uV\setup.exe",
        r"%TEMP%\Xk3jd8fQ2aB7mN9pQr4sT6uV\out.log",
        # a real one, from a blog post on WSL (GitHub search, 2026-12-04)
        r"`C:\Users\admin\AppData\Local\Packages\CanonicalGroupLimited.Ubuntu18.04onWindows_79rhkp1fndgsc\LocalState\rootfs`",
    ],
)
def test_windows_paths_with_random_folder_names_stay(text: str) -> None:
    assert Redactor().redact_text(text)[0] == text


@pytest.mark.parametrize(
    "text",
    [
        r"C:\keys> echo Xk3jd8fQ2aB7mN9pQr4sT6uV",
        r'"message": "failed\nXk3jd8fQ2aB7mN9pQr4sT6uV"',
        r"C:\Users\dev> set API_TOKEN=Xk3jd8fQ2aB7mN9pQr4sT6uV",
    ],
)
def test_a_token_after_a_windows_prompt_or_an_escape_still_goes(text: str) -> None:
    assert "Xk3jd8fQ2aB7mN9pQr4sT6uV" not in Redactor().redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "token = u@D7GXt)t>8d(LtH^(lvZ<g=",  # trufflehog's d7network sample
        "D7NETWORK_ACCESS_KEY=u@D7GXt)t>8d(LtH^(lvZ<g=",
        "DB_PASSWORD=k#9Lm(2x)Qp!7",
    ],
)
def test_a_generated_password_with_brackets_is_no_code(text: str) -> None:
    value = text.split("=", 1)[1].strip()
    assert value not in Redactor().redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "secret = f(x)+g(y)",
        "token = get_token(user, scope)",
        "password = hash(pw)>3",
        "password = [a-z0-9]{8,}",
        "password=(?=.*[A-Z])(?=.*\\d).{8,}",
        "PASSWORD=$(cat /run/secrets/db)",
        "token=${{secrets.TOKEN}}",
        "secret: !Ref(DbPassword1)",
    ],
)
def test_calls_patterns_and_expansions_assigned_to_a_secret_name_stay(text: str) -> None:
    assert Redactor().redact_text(text)[0] == text


@pytest.mark.parametrize(
    "text",
    [
        "credentials=include",  # fetch's credentials modes (earlybird's false-positive tests)
        '"credentials" : "omit"',
        "fetch(url, { credentials: 'same-origin' })",
        "var txtFieldPassword: UITextField! = nil",  # a Swift optional's type, then nil
        '"Password": "Lösenord"',  # a localisation file labels the field
        '"password": "L&#246;senord"',
        '"password": "Mot de passe"',
        "password_label = Passwort",
    ],
)
def test_option_values_swift_types_and_translations_of_password_stay(text: str) -> None:
    assert Redactor().redact_text(text)[0] == text


def test_a_swift_optional_holding_a_literal_still_goes() -> None:
    text = 'var apiKey: String? = "Zk3jd8fQ2aB7cD9eF1gH"'
    assert "Zk3jd8fQ2aB7cD9eF1gH" not in Redactor().redact_text(text)[0]


def test_a_json_web_keys_private_members_go_and_its_public_ones_stay() -> None:
    """crAPI's jwks.json: ``d`` and the CRT values of a 2048-bit key are past the token
    rule's 256 characters; the document's ``"kty"`` says what they are."""
    d = "XJu0Vh3Uq5gV5UPMCfm_j6D5INgX7VjLSN8mup4LfUBkJAk9vpQmDYF8gVzpMr3YdBk_Y7MI1BapPVg2i" * 4
    text = '{"keys": [{"kty": "RSA", "e": "AQAB", "kid": "a1", "d": "' + d + '"}]}'
    out, found = Redactor().redact_text(text)
    assert d[:40] not in out and "jwk_private_key" in found
    assert '"kty": "RSA", "e": "AQAB", "kid": "a1"' in out
    lone = '"d": "' + d + '"'  # a member cut from its key (crAPI's line alone): 43+ chars
    assert d[:40] not in Redactor().redact_text(lone)[0]
    for kept in ('{"d": "M10 10 L20 20"}', '"d": "2024-05-01"', '"k": "' + d + '"'):
        assert Redactor().redact_text(kept)[0] == kept  # a path, a date; "k" names much else


def test_a_published_json_web_keys_public_members_stay() -> None:
    """RFC 7515's Appendix A.3 key: an EC JWK set's ``x`` and ``y`` are a public point; the
    same key with its ``d`` loses only ``d``."""
    public = (
        '{"keys":[{"kty":"EC","crv":"P-256",'
        '"x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",'
        '"y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0","kid":"a3"}]}'
    )
    assert Redactor().redact_text(public)[0] == public
    private = public.replace('"kid":"a3"', '"d":"jpsQnnGQmL-YBIffH1136cLSG3yb2Z3Bt8ckjQXFvMg"')
    out, found = Redactor().redact_text(private)
    assert out == private.replace(
        "jpsQnnGQmL-YBIffH1136cLSG3yb2Z3Bt8ckjQXFvMg", "[REDACTED:jwk_private_key]"
    )
    assert found == {"jwk_private_key": 1}


@pytest.mark.parametrize("key", ["ABIA25PHSSRRXQQM4PLP", "ACCASMUEZQPOG5CGA6O4"])
def test_aws_key_ids_of_every_documented_head_go(key: str) -> None:
    """gitleaks' aws-access-token heads besides AKIA/ASIA, said bare."""
    out, found = Redactor().redact_text(f"Tried {key} again, same 403.")
    assert key not in out and "aws_access_key_id" in found


@pytest.mark.parametrize(
    "text",
    [
        # fresh15's false positives on its first run, each a form that names no secret
        "includes/password.inc\tfd9a1c94fe5a0fa7c7049a2435c7280b1d666b2074595010e3c492dd15712775",
        "<pre><code>Authorization: Bearer your-jwt-token</code></pre>",
        "'client_secret' => 'xsd:string',",
        "echo DB_ADMIN_PASSWORD=%DB_ADMIN_PASSWORD%",
        'SecretKeyFactory factory = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256");',
        'Mac mac = Mac.getInstance("HmacSHA512"); // the signing key comes from the vault',
        "{'AWS_PLACEHOLDER_KEY': 'foo', 'AWS_SECRET_ACCESS_KEY': 'bar'},",  # pre-commit-hooks
        "aws_session_token = foo",
    ],
)
def test_checksum_listings_types_references_and_algorithm_names_stay(text: str) -> None:
    assert Redactor().redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("my api token: fd9a1c94fe5a0fa7c7049a2435c7280b1d666b2074595010e3c492dd15712775",
         "fd9a1c94fe5a0fa7c7049a2435c7280b"),
        ("<code>Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abcDEF123ghiJKL</code>",
         "eyJzdWIiOiIxIn0"),
        ("node -e \"require('./scripts/check-key')('26f5fd13099f2c1331aafb86f6489692')\"",
         "26f5fd13099f2c1331aafb86f6489692"),
    ],
)  # fmt: skip
def test_the_same_forms_with_a_secret_still_go(text: str, secret: str) -> None:
    assert secret not in Redactor().redact_text(text)[0]


def test_a_value_starting_with_a_dot_is_no_concatenation() -> None:
    """Bearer's fixture key ``.uYikE-os3cM23rz.i6Q`` read as PHP's ``.`` operator before."""
    out = Redactor().redact_text("echo 'JAVAHARDCODED_SECRET=.uYikE-os3cM23rz.i6Q' >> .env")
    assert "uYikE-os3cM23rz" not in out[0]
    php = "$pw = 'pw = '.$config['pw'];"
    assert Redactor().redact_text(php)[0] == php


@pytest.mark.parametrize(
    ("text", "secret", "rule"),
    [
        ("- accessKeyId=LTAIAAAZ5BhleEv7", "LTAIAAAZ5BhleEv7", "alibaba_access_key_id"),
        (
            "access_token = akab-abc77fxa6zyxi4k-e7jf5ikib5jknesc3",
            "akab-abc77fxa6zyxi4k-e7jf5ikib5jknesc3",
            "akamai_edgegrid_token",
        ),
        (
            '- "client_token: akab-rWdcwwASNbe9fcGk-00qwecOueticOXxA"',
            "akab-rWdcwwASNbe9fcGk-00qwecOueticOXxA",
            "akamai_edgegrid_token",
        ),
    ],
)
def test_alibaba_and_akamai_forms_of_plugin_fixtures_go(text: str, secret: str, rule: str) -> None:
    """Watchman's and 1Password's shell plugins' fixtures (fresh26): an Alibaba id whose
    body holds ``AAA``, Akamai groups of 15 to 17 signs and in mixed case."""
    out, found = Redactor().redact_text(text)
    assert secret not in out and rule in found, out


@pytest.mark.parametrize(
    "text",
    [
        "LTAIXXXXXXXXXXXX",
        "LTAIMPLEMENTATIONS",
        "host = akab-ip5n2k53w7nhdcxy-nflxabc432DE1ymd.luna.akamaiapis.net",
        "akab-abcdefghijklmnop-abcdefghijklmnop",
    ],
)
def test_alibaba_and_akamai_stand_ins_and_hosts_stay(text: str) -> None:
    assert Redactor().redact_text(text)[0] == text

# ruff: noqa: E501  (lines as the SDKs write them: one per entry reads best)
"""Forms from the ``fresh22`` split's first run (the example credentials in fourteen API
providers' SDKs and docs, ``bench/redact_corpus/public/fresh22_first_run.json``, seventeenth
session): what the docs write as a credential goes, what they write as a stand-in, an id or
a description stays."""

from __future__ import annotations

import pytest

from streams.redact import Redactor

R = Redactor()


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "stripe.api_key = 'sk_test_KOWobxXidxNlIx'",
            "sk_test_KOWobxXidxNlIx",
        ),  # cut short in docs
        ("Pasted sk_live_axwITqZSgTUXSN from the dashboard", "sk_live_axwITqZSgTUXSN"),
        (
            "STRIPE_KEY=sk_prod_9fK2mXq7LpZ4vR8tW1",
            "sk_prod_9fK2mXq7LpZ4vR8tW1",
        ),  # gitleaks' sk_prod_
        (
            '"https://12927b5f211046b575ee51fd8b1ac34f@o1.ingest.sentry.io/1",  # Your DSN here',
            "12927b5f211046b575ee51fd8b1ac34f",
        ),
        (
            "git clone https://Xk3jd8fQ2aB7mN5pQ9rTzz@dev.azure.com/org/repo",
            "Xk3jd8fQ2aB7mN5pQ9rTzz",
        ),
        ("TWILIO_API_KEY=SK9b4cc552783500ace5414a1ed3e9fd1a", "SK9b4cc552783500ace5414a1ed3e9fd1a"),
        (
            "Authorization: Basic YWRtaW46czNjcjN0UGFzcyE=",
            "YWRtaW46czNjcjN0UGFzcyE=",
        ),  # admin:s3cr3tPass!
        (
            "the webhook signature BW8kRQjMD1Xz1nhSsaxFncd5 does not verify",
            "BW8kRQjMD1Xz1nhSsaxFncd5",
        ),
    ],
)
def test_a_documented_credential_goes(text: str, secret: str) -> None:
    assert secret not in R.redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        'call = client.calls.get("CA42ed11f93dc08b952027ffbc406d0868")',  # a Twilio SID
        'account_sid = "AC42ed11f93dc08b952027ffbc406d0868"',
        '# proxy_headers={"Proxy-Authorization": "Basic dXNlcjpwYXNz"},',  # user:pass
        'Authorization: "Bearer PRIMARY_ACCOUNT_JWT"',
        'mock.text = \'{"error": "mfa_required", "mfa_token": "Fe26...Ha"}\'',
        'token = "a.b.c.d"',
        "handler = BugsnagHandler(api_key='some key')",
        'resource = stripe.Source.create(type="card", token="tok_123")',
        "private_token = helper: path/to/helper.sh",
        "signature = 'KVBdcVdz2lYMwcBLZCRITgxUfA/WkwSi+T3Wxl2HL6w='",
        "SENTRY_DSN=https://0123456789abcdef0123456789abcdef@sentry.io/12345",  # counted
        "git clone https://deploy-bot-account@github.com/x/y",
        ":param password: The password that the username will use when authenticating SIP requests.",
        "        :param aws_session_token: The session token to use when creating the client.",
    ],
)
def test_a_stand_in_an_id_or_a_description_stays(text: str) -> None:
    assert R.redact_text(text)[0] == text


def test_a_word_password_after_a_short_counter_is_still_typed() -> None:
    """``tok_123`` is a stand-in under a token's name; under a password's, a lower-case
    word and a number is what people type."""
    assert "admin_123" not in R.redact_text("POSTGRES_PASSWORD=admin_123")[0]
    assert "admin_123" not in R.redact_text('  password             = "admin_123"')[0]  # toollines3


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # toollines4's first run (seventeenth session)
        ("ipmitool -I lanplus -H $IP -U root -P Huawei12#$ sol activate", "Huawei12#$"),
        (
            "export const sequelize = new Sequelize('recommendations', 'root', 'test1234', {",
            "test1234",
        ),
    ],
)
def test_a_tools_or_a_constructors_password_goes(text: str, secret: str) -> None:
    assert secret not in R.redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "$Credential = New-Object System.Management.Automation.PSCredential ($StringUserName, $SecureStringPassword)",
        "mysql -uroot -p${{secrets.MYSQL_ROOT_PASSWORD}} -sse 'SELECT 1'",
        "const s = new Sequelize(process.env.DB, process.env.USER, process.env.PASS, {",
    ],
)
def test_a_cmdlet_or_a_ci_expression_is_no_password(text: str) -> None:
    assert R.redact_text(text)[0] == text


def test_an_asana_token_goes_whole() -> None:
    """Its numbered head (``<id>/<user id>:``) is part of the token (fresh23's first run; the
    same in fresh6): taken with the key the entropy rule finds."""
    token = (
        "1/1724908107002616220416212965:"
        "Yv3DoiSFhtsgUwN3AcnXWjK8zabQHKSHBRHpuNKVjz3oCcpyDIdXRm3GL4SUDkTMFoTb"
    )
    out = R.redact_text(f"Using asana credentials {token} for tenant acme-prod")[0]
    assert "1724908107002616220416212965" not in out and "Yv3DoiSF" not in out
    assert (
        R.redact_text("see 2024/20240101120000123456: ok")[0] == "see 2024/20240101120000123456: ok"
    )

# ruff: noqa: E501
"""What the first runs of fresh48 and fresh50 showed (AI and LLM applications' configs;
Kubernetes, Helm, compose and cloud-init files: text 90.3 / 84.3 %, false positives
12/204, 16/129). Each reading beside a look-alike that stays."""

from __future__ import annotations

import base64

import pytest

from streams.redact import Redactor
from streams.redact.ids import stellar_account

R = Redactor()


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # a Google app password as Google shows it, assigned whole
        ("GMAIL_APP_KEY=sabw icwn sieb unoj", "icwn sieb unoj"),
        ('    "Password": "nqno vcfv ydmc zhhn",', "nqno vcfv ydmc zhhn"),
        # FCM's legacy server key; a Feishu bot's webhook
        (
            "  fcmkey: AAAA7i5yoC4:APA91bEm_dTPobfeUDqzVL8uf5kT5gQ7vUmCmwAQa-twnKCA9Lyy-BSndPxPYpeUCUeFZkDgRek2V6DSfs2M9xwr31X7d7WzTRkqiLsD8SIj8FavtSp-gU5q-wyYEbUGSQl_VKji3-UN",
            "APA91bEm_dTPobfeUDqzVL8uf5kT5gQ7vUmCmwAQa",
        ),
        (
            '  - url: "http://alert:8080/send?fsurl=https://open.feishu.cn/open-apis/bot/v2/hook/735cbc74-ad11-47b4-9a92-b18636dc4b64"',
            "735cbc74-ad11-47b4-9a92-b18636dc4b64",
        ),
        # a Kubernetes Secret's base64 of a URL that holds a password
        (
            "  DATABASE_URL: "
            + base64.b64encode(
                b"postgresql://driftbox:driftbox123@postgresql:5432/driftbox"
            ).decode(),
            base64.b64encode(
                b"postgresql://driftbox:driftbox123@postgresql:5432/driftbox"
            ).decode(),
        ),
        (
            "  REDIS_URL: " + base64.b64encode(b"redis://:s3cretPw9@redis:6379/0").decode(),
            base64.b64encode(b"redis://:s3cretPw9@redis:6379/0").decode(),
        ),
    ],
)
def test_a_deploy_configs_secret_goes(text: str, secret: str) -> None:
    redacted, _ = R.redact_text(text)
    assert secret not in redacted, redacted


@pytest.mark.parametrize(
    "text",
    [
        # SOPS ciphertext; a Helm chart's existing Secret's name; a vault's name
        "CLOUDFLARE_API_TOKEN: ENC[AES256_GCM,data:XNNIuajm30YJPpQDwhiJ7dcfHABMKh8FpEOZl0UFv/M36rmGfGbfiw==,iv:mRA5NjufMgTVsFy9IaihxJHiJnfjJ3buHgnMZQ6c+2g=,tag:hWHrqSQ2r0fskvAV8zvxmQ==,type:str]",
        "  existingSecret: argocd-redis",
        "  keyvaultName: coderaptor-prod-h476d-kv",
        # sudoers' tag, Ansible's update_password option, MongoDB's auth options
        "    sudo: ALL=(ALL) NOPASSWD:ALL",
        "    update_password: on_create",
        "  uri: mongodb+srv://USERNAME:PASSWORD@HOSTNAME/DATABASE?authMechanism=DEFAULT&authSource=admin",
        # placeholders: masked, described, "…keyhere", a provider's prefix then "your…here",
        # a placeholder's word, a hash's stand-in, 0x before a stand-in's words
        "      secretAccessKey: BLOCKED",
        "      accountkey: base64encodedaccountkey",
        "AUTH_SECRET_KEY=changeme32charsecretkeyhere",
        '    "api_key": "r8_your_replicate_api_key_here",',
        'GOOGLE_API_KEY = "placeholder_value"',
        "    passwd: hashpassword",
        "BTNG_ORACLE_ADMIN_PRIVATE_KEY=0xYourPrivateKey",
        "SLACK_WEBHOOK_URL=https://hooks.slack.com/services/CHANGE/THIS/VALUE",
        # public or no credential: a Stellar account, a Drive folder's id, a Windows path,
        # Colab's authorship tag, a token endpoint as a variable's default
        "ENV TOKEN_ISSUER=GBZH36ATUXJZKFRMQTAAW42MWNM34SOA4N6E7DQ62V3G5NVITC3QOVRL",
        'GOOGLE_DRIVE_INPUT_ID = "1TdldKLOtybWt9Ywy2b14fZg1eguzYrKc"',
        'GOOGLE_APPLICATION_CREDENTIALS = "C:/Users/p/Downloads/resume_builder/resumebuilder1-475304-4ba3a0b4151b.json"',
        '      "authorship_tag": "ABX9TyM5FSwqHuPQaVmyoQKuvXAO",',
        '        self.aws_token_url = os.getenv("AWS_TOKEN_URL", "https://api.aws.amazon.com/oauth2/token")',
        # base64 of a URL without a password
        "  URL: " + base64.b64encode(b"https://example.com/callback/path").decode(),
    ],
)
def test_a_deploy_configs_look_alike_stays(text: str) -> None:
    redacted, _ = R.redact_text(text)
    assert redacted == text


def test_a_stellar_account_is_known_by_its_checksum() -> None:
    account = "GBZH36ATUXJZKFRMQTAAW42MWNM34SOA4N6E7DQ62V3G5NVITC3QOVRL"
    assert stellar_account(account)
    assert not stellar_account(account[:-1] + "M")  # one sign changed: the checksum fails
    assert not stellar_account("S" + account[1:])  # a secret seed's version byte


def test_four_words_of_a_sentence_are_no_app_password() -> None:
    assert "google_app_password" not in R.redact_text("password: must have more than")[1]

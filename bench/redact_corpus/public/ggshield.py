# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""GitGuardian's ggshield, for the ``fresh7`` split (``fresh7.py`` reads and writes).

ggshield's tests hold the secrets its API reports (``tests/unit/conftest.py``'s patches and
the ``policy_breaks`` of its recorded responses, ``tests/unit/cassettes/*.yaml``, with the
detector's name), test tokens (``tests/conftest.py``), credentials of its own config and
auth files, honeytokens, a HasMySecretLeaked token, and the values its ``hmsl fingerprint``
must take from an env file. Its own repository marks several with ``# ggignore``. Each case
below was read in its file and is cited by the first line holding it (``anchor``, else the
value); a value Python builds from adjacent literals is matched against the file's string
constants.

``SECRETS``: (file, kind, value, anchor), the kind the GitGuardian detector the tests name,
or what the value is. ``NEGATIVES``: (file, kind, text) for lines the tests say hold no
secret, values ``hmsl fingerprint`` must leave out, and plain text of the same fixtures.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/GitGuardian+ggshield/repo")
REPO = "GitGuardian/ggshield"

_UNIT = "tests/unit/conftest.py"
_FINGERPRINT = "tests/unit/cmd/hmsl/test_fingerprint.py"
_MIGRATE = "tests/unit/cmd/test_config_migrate.py"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("tests/conftest.py", "ggshield:gitguardian_test_token", "ggtt-v-12345azert", None),
    ("tests/conftest.py", "ggshield:gitguardian_test_token", "ggtt-v-0d4buhg879", None),
    (_UNIT, "ggshield:gitguardian_development_secret", "8a784aab7090f6a4ba3b9f7a6594e2e727007a26590b58ed314e4b9ed4536479sRZlRup3xvtMVfiHWAanbe712Jtc3nY8veZux5raL1bhpaxiv0rfyhFoAIMZUCh2Njyk7gRVsSQFPrEphSJnxa16SIdWKb03sRft770LUTTYTAy3IM18A7Su4HjiHlGA9ihLj9ou3luadfRAATlKH6kAZwTw289Kq9uip67zxyWkUJdh6PTeFpMgCh3AhHcZ21VeZHlu12345", "GG_TEST_TOKEN = ("),
    (_UNIT, "ggshield:mysql_assignment", "m42ploz2wd", None),
    (_UNIT, "ggshield:github_token", "368ac3edf9e850d1c0ff9d6c526496f8237ddf91", None),
    (_UNIT, "ggshield:facebook_access_token", "ce3f9f0362bbe5ab01dfc8ee565e4372", None),
    (_UNIT, "ggshield:rsa_private_key", "MIIBOgIBAAJBAIIRkYjxjE3KIZiEc8k4sWWGNsPYRNE0u0bl5oFVApPLm+uXQ/4l", None),
    (_UNIT, "ggshield:sendgrid_key", "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", None),
    ("tests/unit/cassettes/test_honeytoken_create_ok_no_name.yaml", "ggshield:honeytoken_aws_secret_key", "9ImlMcdJrM2H1eDsYTnHM6mNC0YgLEm6tQJSF", None),
    ("tests/unit/cmd/honeytoken/test_honeytoken.py", "ggshield:honeytoken_aws_secret_key", "9ImlMcdJrfjkriegj3454566C0YgLEgregerZEaa", None),
    ("tests/unit/core/config/conftest.py", "ggshield:gitguardian_api_token", "62890f237c703c92fbda8236ec2a055ac21332a46115005c976d68b900535fb5", None),
    ("tests/unit/core/config/conftest.py", "ggshield:gitguardian_api_token", "8ecffbaeedcd2f090546efeed3bc48a5f4a04a1196637aef6b3f6bbcfd58a96b", None),
    ("tests/unit/verticals/hmsl/test_hmsl_utils.py", "ggshield:hmsl_token", "eyJhbGciOiJSUzI1NiIsImtpZCI6Im1haW5fa2V5IiwidHlwIjoiSldUIn0.eyJzdWIiOjEsInRva2VuX2lkIjoiZWFkNDg0MGMtN2FkNC00MTdmLWE3ZjItZGY3ZjY1YjQzMDI5IiwiYXVkIjoiaHR0cHM6Ly9oYXNteXNlY3JldGxlYWtlZC5naXRndWFyZGlhbi5jb20iLCJpc3MiOiJodHRwczovL2Rhc2hib2FyZC5naXRndWFyZGlhbi5jb20iLCJpYXQiOjE2ODAwMDAwMDAsImV4cCI6MTY4MDAwMTAwMCwiaG1zbF9xdW90YSI6MTAwMDAwMDAsIm1lbWJlcl9pZCI6NDJ9.bJT7gxGtL2rmENKSFk7AxyFPesZpo4hIIkyTf30n88BxtPEhPPoX6xZZTBnSGAMjbye4hZ8L0_-7A7hcQAL-0qPv4F6NBB39MiaKG_laURz15qG70hwfaeANM-IQILrkK1qr1Ir4hV8EVqXsLWFFKocWnq-fTkBqF2Qq9MkXjKxPv9Yq2nfRMCBPkVmENkP5VfJMhiHiVIaDo3Fb9CuQ_BYkU5h5iG8QQWdI2aiM_86mTqpS3PFaJCQY6R2cxVGFEBm7TsxT3RjQ8afWteNs5zXaKz5y7U0xYC6_0VRyN66IxCL88NM6HeFO3tjHjD9roql853f8StxbcfbUSdCiXg", "def test_good_token_validation"),
    ("tests/unit/verticals/auth/test_oauth.py", "ggshield:oauth_code", "Mhpf80jek7oP8bL43mEVTrL1wluEvB", None),
    (_MIGRATE, "ggshield:matches_ignore", "vLXyx1iAhFo2xgb71tTa", None),
    (_MIGRATE, "ggshield:matches_ignore", "05Panda_8463", None),
    (_MIGRATE, "ggshield:matches_ignore", "29825c15f543be6158140d0561a2257a5157ee6d845355c62eb1b53bfd4155af", None),
    (_MIGRATE, "ggshield:matches_ignore", "v1.6793be7966338465559c751561e82de746880ccb", None),
    (_FINGERPRINT, "ggshield:hmsl_env_secret", "123v4@!,asTd", None),
    (_FINGERPRINT, "ggshield:hmsl_env_secret", "P@ssw0rd3", None),
    (_FINGERPRINT, "ggshield:hmsl_env_secret", "aBcD1234!@#$", None),
    ("tests/functional/hmsl/test_hmsl_fingerprint.py", "ggshield:hmsl_env_secret", "mysupersecretkey123", None),
    ("tests/functional/hmsl/test_hmsl_fingerprint.py", "ggshield:hmsl_env_secret", "anothersecretvalue", None),
    ("tests/unit/data/docset-example.jsonl", "ggshield:discord_webhook_url", "discord.com/api/webhooks/123456700672007252/ZAu-HxgCQ9mkMUsD7HGm7uOdzmnu_-4L75LaqzhvuRC5_Du_tGR9Oc-4L75LaqzhvuRC5_Du", None),
    ("tests/unit/verticals/secret/output/test_ignored_secret_context_leak.py", "ggshield:generic_password", "existing_secret_abc123", None),
    ("tests/unit/verticals/secret/output/test_ignored_secret_context_leak.py", "ggshield:generic_password", "new_secret_def456", None),
    ("tests/unit/cassettes/test_hmsl_secret_manager_hashicorp_vault_get_kv_secrets_v1_b2b_worker_config.env.yaml", "ggshield:vault_secret", "my_secret_key", None),
    ("tests/unit/cassettes/test_hmsl_secret_manager_hashicorp_vault_get_kv_secrets_v1_b2b_worker_config.env.yaml", "ggshield:vault_secret", "super_secret", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "ggtt-v-12345azert": "GitGuardian's test-token prefix before a typed body (12345 and the azerty row)",
    "29825c15f543be6158140d0561a2257a5157ee6d845355c62eb1b53bfd4155af": "a SHA-256 in an ignore list (ggshield ignores a match by its hash), not the secret",
    "aBcD1234!@#$": "typed: abcd in turned case, 1234, the shifted 1234",
    "mysupersecretkey123": "words naming the value",
    "anothersecretvalue": "words naming the value",
    "existing_secret_abc123": "words naming the value, then abc123",
    "new_secret_def456": "words naming the value, then def456",
    "my_secret_key": "words naming the value",
    "super_secret": "words naming the value",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (_FINGERPRINT, "ggshield-fp:hmsl-fingerprint", "this line does not contain a secret"),
    (_FINGERPRINT, "ggshield-fp:hmsl-fingerprint", "KEY9=enabled"),
    (_FINGERPRINT, "ggshield-fp:hmsl-fingerprint", "KEY10=disabled"),
    (_FINGERPRINT, "ggshield-fp:hmsl-fingerprint", "HOST=123.4.56.7"),
    (_FINGERPRINT, "ggshield-fp:hmsl-fingerprint", "PORT=8080"),
    ("tests/functional/hmsl/test_hmsl_fingerprint.py", "ggshield-fp:hmsl-fingerprint", "HOST=192.168.1.1"),
    ("tests/unit/cassettes/no_secret.yaml", "ggshield-fp:no-secret", "is a patch without secret"),
    ("tests/unit/data/docset-example.jsonl", "ggshield-fp:docset", "[Triggered] Alert example"),
    ("tests/unit/data/docset-example.jsonl", "ggshield-fp:docset", "A secret of type AWS Keys has been detected"),
    ("tests/unit/data/docset-example.jsonl", "ggshield-fp:docset", "A new occurrence has been detected in commit 97bc664, file leak3.env."),
    ("tests/unit/data/docset-example.jsonl", "ggshield-fp:docset", "Secret of type detected"),
    ("tests/unit/data/docset-example.jsonl", "ggshield-fp:docset", "No token in description"),
)  # fmt: skip

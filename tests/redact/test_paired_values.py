# ruff: noqa: E501  (a table of documented forms: one case per line reads best)
"""Values whose record names them a secret (``assignments.paired_value``), and messages
written where a value should be (``worded.written_sentence``).

The name/value forms are the documented shapes of Kubernetes ``env`` lists, ECS task
definitions, CodeBuild environment variables, Elastic Beanstalk option settings, SSM
``get-parameter`` output and Terraform lists; fresh25 (pasted into a public thread) holds
the first one with a real password.
"""

from __future__ import annotations

import pytest

from streams.redact import Redactor

TAKEN = [
    # fresh25 gq0061: an authentik Helm values file pasted into an issue
    ('            - name: AUTHENTIK_POSTGRESQL__PASSWORD\n              value: "5aGKBCVu6W"', "5aGKBCVu6W"),
    ("env:\n  - name: DB_PASSWORD\n    value: hunter2pass\n  - name: DB_USER\n    value: admin", "hunter2pass"),
    ('{"name": "DB_PASSWORD", "value": "s3cretPa55"}', "s3cretPa55"),
    ('"environment": [{"name": "API_TOKEN", "value": "abcd1234efgh"}]', "abcd1234efgh"),
    ('environment = [{ name = "DB_PASSWORD", value = "Zq9vbn3L" }]', "Zq9vbn3L"),
    ('"Parameter": {\n "Name": "/prod/db/password",\n "Type": "SecureString",\n "Value": "Tr0ub4dor&3"}', "Tr0ub4dor&3"),
    ("- Name: GITHUB_TOKEN\n  Type: PLAINTEXT\n  Value: abcdefgh12345678", "abcdefgh12345678"),
    ('{"Namespace": "aws:elasticbeanstalk:application:environment", "OptionName": "SECRET_KEY", "Value": "x8y-7wq-lmn"}', "x8y-7wq-lmn"),
]  # fmt: skip

KEPT = [
    "- name: LOG_LEVEL\n  value: debug",
    '- name: PASSWORD_RESET_TIMEOUT\n  value: "3600"',
    "- name: TOKEN_URL\n  value: https://auth.example.com/token",
    "- name: KEYCLOAK_URL\n  value: http://keycloak:8080",
    "- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: db\n      key: password",
    "- name: DB_PASSWORD\n  value: ${DB_PASSWORD}",
    '- name: DB_PASSWORD\n  value: "{{ .Values.db.password }}"',
    # fresh11 yn0016 (OWASP wrongsecrets): a message where the value should be
    "- name: vaultpassword\n  value: if_you_see_this_please_use_K8S_and_Vault",
    "password: this_is_not_the_real_one",
    "DB_PASSWORD=please_change_this_in_production",
]


@pytest.mark.parametrize(("text", "secret"), TAKEN)
def test_a_value_its_record_names_a_secret_goes(text: str, secret: str) -> None:
    assert secret not in Redactor().redact_text(text)[0]


@pytest.mark.parametrize("text", KEPT)
def test_other_names_references_and_messages_stay(text: str) -> None:
    assert Redactor().redact_text(text)[0] == text


def test_a_passphrase_of_words_is_no_message() -> None:
    """Words a passphrase draws are not the small words a sentence needs."""
    for value in ("correct-horse-battery-staple", "correct_horse_battery_staple_in_the_box"):
        assert value not in Redactor().redact_text(f"password: {value}")[0]

"""What fresh29's first run (Terraform providers, Kubernetes operators, self-hosted apps,
package registries) showed altered that holds no secret, each beside a look-alike that still
goes: stand-ins written in base64, behind a token's prefix or as markers, ciphertexts made
to be committed (SealedSecrets, Vault's transit engine), README badges' tokens, a cipher's
transformation name, a Terraform reference, a help text's choices."""

from __future__ import annotations

import base64
import os

import pytest

from streams.redact import RedactionConfig, Redactor

R = Redactor(RedactionConfig(mode="redacted"))


def _kept(text: str) -> bool:
    return R.redact_text(text)[0] == text


@pytest.mark.parametrize(
    "text",
    [
        # base64 of a stand-in in a Secret's data: "REPLACE-WITH-…", "hvs.*******", "**SOPS**"
        "AWS_SECRET_ACCESS_KEY: UkVQTEFDRS1XSVRILUFXUy1TRUNSRVQtS0VZ",
        "GCS_PRIVATE_KEY: UkVQTEFDRS1XSVRILUdDU19QUklWQVRFX0tFWQ==",
        "token: aHZzLioqKioqKio= # hvs.*******",
        "token: KipTT1BTKio=",
        # a token's prefix before masks, a marked name, a JWT of words
        "export GITHUB_TOKEN=ghp_###",
        'AccessToken: "dop_v1_xxxxxx",',
        "--from-literal=ca.password=_P12-PASSWORD_",
        'AccessToken: "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.payload.sig",',
        'export SNOWFLAKE_PRIVATE_KEY="-----BEGIN PRIVATE KEY-----..."',
        "aws_access_key=ASIA2TEO6PMT6_example_4T4VM3J",
        # words that ask for the value, or mask it
        "HD_AUTH_SESSION_SECRET=change-me-in-production",
        "DB_PASSWORD=fixme-postgres-password",
        '# $ GITHUB_TOKEN="not-used" orchestrator parse config',
        ':rubygems_api_key => "KEY",',
        'receive(:new).with("download gem from https://user:REDACTED@foo.bar/")',
        '$Token = ":$PersonalAccessToken"',
        # ciphertexts made to be committed
        '"hmac": "vault:v1:1jFhRYWHiddSKgEFyVRpX8ieX7UU+748NBwHKecXE3hnGBoAxrfgoD5U0yAvji7b5X6V1"',
        # a badge's graph token, a cipher's transformation, a reference, a help text
        "[codecov-svg]: https://img.shields.io/codecov/c/github/montanaflynn/stats?token=wnw8dActnH",
        "[![codecov](https://codecov.io/gh/pdm-project/pdm/branch/main/graph/badge.svg"
        "?token=erZTquL5n0)](https://codecov.io/gh/pdm-project/pdm)",
        "password.encoder.cipher.algorithm=AES/CBC/PKCS5Padding",
        "k6_access_token = grafana_k6_installation.k6_installation.k6_access_token",
        '"\\n  AvoidCommandLinePassword=true|false: prevents using -a <password> in redis-cli")',
        # a Vault path, a URN's own words, a UI label in German
        "secret: secret/data/dc/cluster1/cfg",
        '"urn:auth0:params:oauth:grant-type:token-exchange:federated-connection-access-token"',
        "vaultPassword: 'Tresor-Passwort',",
    ],
)
def test_fresh29s_stand_ins_and_public_values_stay(text: str) -> None:
    assert _kept(text), R.redact_text(text)[0]


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("AWS_SECRET_ACCESS_KEY: " + base64.b64encode(b"vJ7kq2Lm9xPz4RtY").decode(),
         base64.b64encode(b"vJ7kq2Lm9xPz4RtY").decode()),
        ("data:\n  password: " + base64.b64encode(b"Zx8kq2Lmw!").decode(),
         base64.b64encode(b"Zx8kq2Lmw!").decode()),
        ("data:\n  password: " + base64.b64encode(b"Enterprise2024!").decode(),
         base64.b64encode(b"Enterprise2024!").decode()),
        ("export GITHUB_TOKEN=ghp_R8kq2LmwP9xZt4VbN7cQ1sD3fG5hJ6kL0mX2", "R8kq2LmwP9xZt4Vb"),
        ("DB_PASSWORD=postgres-Zk29qLx!", "Zk29qLx!"),
        ('<password name="password">peace_for_ukraine</password>', "peace_for_ukraine"),
        ('csb.Password = "npgsql_tests_scram";', "npgsql_tests_scram"),
        ('"token": "1jFhRYWHiddSKgEFyVRpX8ieX7UU+748NBwHKecXE3hnGBoAxrfgoD5U0yA"', "1jFhRYWHidd"),
        ("curl https://api.example.com/v1/items?token=wnw8dActnH7x", "wnw8dActnH7x"),
        ("https://example.com/dl?file=a.svg&token=Zk2mq8Lw3Pq", "Zk2mq8Lw3Pq"),
        ("docker login -u bob -p Xk2mzq9Lpw registry.io", "Xk2mzq9Lpw"),
        ("k6_access_token = tf.k6_installation.k6tok_R8kq2LmwP9xZt4VbN7cQ1sD3", "R8kq2LmwP9x"),
        ('$Token = ":R8kq2LmwP9xZt4VbN7cQ1sD3fG5h"', "R8kq2LmwP9x"),
        ("secret: Zk2mq8Lw3P/Qx7vT4nB9/cR5yU1wE3sA6dF8", "Zk2mq8Lw3P"),
        ("grant_type=urn:ietf:params:oauth:grant-type:token-exchange&subject_token=Zk2mq8Lw3PqX9",
         "Zk2mq8Lw3PqX9"),
        ("password: Mein-Passwort-2024", "Mein-Passwort-2024"),
    ],
)  # fmt: skip
def test_look_alikes_of_those_stand_ins_still_go(text: str, secret: str) -> None:
    out = R.redact_text(text)[0]
    assert secret not in out, out


def _sealed(session_key_bits: int, value: bytes) -> str:
    """A SealedSecret's value as kubeseal writes it: the RSA-OAEP session key's length in two
    bytes, that ciphertext, then AES-GCM's (the value and a 16-byte tag)."""
    size = session_key_bits // 8
    raw = size.to_bytes(2, "big") + os.urandom(size) + os.urandom(len(value) + 16)
    return base64.b64encode(raw).decode()


@pytest.mark.parametrize("bits", [2048, 4096])
def test_a_sealed_secrets_ciphertext_stays_under_a_passwords_name(bits: int) -> None:
    assert _kept(f"encryptedData:\n  password: {_sealed(bits, b'hunter22')}\n")


def test_random_base64_of_a_sealed_secrets_length_still_goes() -> None:
    """Two bytes that read 256 or 512 and enough bytes after them: 1 in 32,768 random keys;
    a key of another first pair stays a finding under the same name."""
    key = base64.b64encode(b"\x07\x00" + os.urandom(560)).decode()
    assert key[:40] not in R.redact_text(f"password: {key}")[0]


def test_a_value_that_is_part_of_the_token_is_not_replaced_inside_it() -> None:
    """A value the rules took is replaced where it repeats; "REDACTED" repeats inside the
    token just written, which the replacement used to cut in two."""
    out = R.redact_text("mysql -u root -pREDACTEDXY1 db; echo REDACTEDXY1")[0]
    assert out.count("[REDACTED:tool_password_flag]") == 2 and "XY1" not in out, out

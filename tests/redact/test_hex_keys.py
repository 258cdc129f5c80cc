"""Hex and UUID-shaped keys standing alone, and the hex ids, digests and data that stay.

The rule (``streams.redact.entropy.hex_key``) decides by form: no digest or id printer
mixes letter case (within a UUID's group either), so mixed-case hex is a key; single-case
hex of any length is a digest, an id or data (test vectors, signatures) unless a secret
word is right before it. What it cannot tell apart (a hex key with no secret word beside
it, a key that is an RFC UUID) stays, and is named in the README.
"""

from __future__ import annotations

import pytest

from streams.redact import Redactor
from streams.redact.entropy import hex_key

KEY_48 = "471b970f09669b9317068d6dec85e19a368db54ff63b71cf"
KEY_30 = "e4340ca530931ee21115412e0b50a6"
MIXED_40 = "947Bfd94BBCe1A01e35b2535A00b91460fBC65ca"
NOT_A_UUID = "90043171-4501-c588-75b6-be3171a77db8"  # version c, variant 7: not an RFC UUID
MIXED_UUID = "90043171-4501-C588-75b6-BE3171a77db8"
RFC_UUID = "69226474-9636-4e8c-9eaf-484d1515ba5d"
MD5 = "921f7fffd4119aba1adc6c6f79d6cfcc"
SHA1 = "4d9f001a483bfea6e9b3d1547e56db07244cd6f2"
OBJECT_ID = "5c2bb224a2e8abe27c7f31f2"
LONG_HEX = (
    "13ab620386b24f96859f47e602fcd81c13a0b2e16d5cbda8590908acdd3e943b"
    "9020e30f5bea5f9f55a6f5aa16c8687dbbe285"
)


@pytest.mark.parametrize(
    ("token", "verdict"),
    [
        (KEY_48, False),  # a test vector or a key: data unless a secret word is before it
        (KEY_30, False),
        (MIXED_40, True),
        (MIXED_UUID, True),
        (NOT_A_UUID, False),  # UUID(int=random) prints so too: an id unless a key word is before
        (NOT_A_UUID.upper(), False),
        (RFC_UUID, False),
        (RFC_UUID.upper(), False),
        ("00000000-0000-0000-0000-000000000000", False),
        (MD5, False),
        (SHA1, False),
        (OBJECT_ID, False),
        (LONG_HEX, False),
        ("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", False),  # EIP-55 address
        ("12345678901234567890", None),
        ("deadbeefdeadbeefcafe", None),
        ("ghp_R2d4x0ZkQpL9mN3vB7cT1yH6jF8sW5aE0uIo", None),
    ],
)
def test_hex_key_by_form(token: str, verdict: bool | None) -> None:
    assert hex_key(token) is verdict


@pytest.mark.parametrize(
    "text",
    [
        f"The staging project rejects the api key {KEY_48} since this morning.",
        f'client = Client(token="{KEY_30}")',
        f"Using credentials {MIXED_40} for tenant acme",
        f"pasted {MIXED_UUID} into the settings page",
        f"the token {NOT_A_UUID} is rejected",
        f"the api key {MD5} is rejected",
        f"token {SHA1}",
    ],
)
def test_hex_keys_standing_alone_are_redacted(text: str) -> None:
    out = Redactor().redact_text(text)[0]
    secret = next(
        t for t in (KEY_48, KEY_30, MIXED_40, MIXED_UUID, NOT_A_UUID, MD5, SHA1) if t in text
    )
    assert secret not in out, out


@pytest.mark.parametrize(
    "text",
    [
        f"commit {SHA1}\nAuthor: Dev <dev@example.org>",
        f"{MD5}  dist/app.tar.gz",
        f"INFO request_id={NOT_A_UUID} status=200",
        f'{{"traceId": "{NOT_A_UUID}", "spanId": "00f067aa0ba902b7"}}',
        f"X-Request-Id: {KEY_30}",
        f"{{'_id': ObjectId('{OBJECT_ID}')}}",
        f"main.{KEY_30[:20]}.chunk.js  212 KiB  [emitted]",
        f"  <UserSecretsId>{RFC_UUID}</UserSecretsId>",
        f"signature={LONG_HEX}",
        f'plaintext = "{KEY_30}"\nciphertext = "{KEY_48}"',  # test vectors
        f">>> UUID('{NOT_A_UUID}')",
        "3c38c29667ff92da48efe096a4d02c33-{87A94AB0-E370-4cde-98D3-AC1B0F4E7D21}",
        f"rows: ['{NOT_A_UUID}', '{RFC_UUID}']",
        '{"id": "01ARZ3NDEKTSV4RRFFQ69G5FAV"}',  # a ULID
        "v1.15.0_gemini-3-pro-preview-20251118.json",
        f"/var/cache/objects/{KEY_48}/data",
    ],
)
def test_hex_ids_digests_and_names_stay(text: str) -> None:
    assert Redactor().redact_text(text)[0] == text


def test_a_secret_id_label_does_not_make_the_value_an_id() -> None:
    """Vault's AppRole ``secret_id`` is a secret in UUID form."""
    out = Redactor().redact_text(f"vault write auth/approle/login secret_id={NOT_A_UUID}")[0]
    assert NOT_A_UUID not in out


def test_random_lower_case_keys_with_few_digits_are_keys() -> None:
    """Seeded random base-36 of 32: the old 15 % digit floor kept 29 of 400, 8 % keeps 20.

    The rest fail the 4.0-bit entropy floor, kept on purpose: a length-aware floor took
    cipher-suite names (``TLS_CHACHA20_POLY1305_SHA256``) and ASN.1 constants in the
    installed packages for keys.
    """
    import random
    import string

    rng = random.Random(5)
    alphabet = string.ascii_lowercase + string.digits
    tokens = ["".join(rng.choice(alphabet) for _ in range(32)) for _ in range(400)]
    kept = [t for t in tokens if t in Redactor().redact_text(f"it fails with {t} now")[0]]
    assert len(kept) <= 22, len(kept)


@pytest.mark.parametrize(
    "text",
    [
        '"id": "gen-1763000000-8A1OqZ3xPbK2xR9"',  # an API response's id (OpenRouter's)
        'wheel("numpylike", "2.5.0", "cp312-cp312-manylinux_2_17_x86_64", ">=3.12")',
        "  Downloading brotlicffi-1.1.0.0-cp37-abi3-manylinux_2_17_x86_64.manylinux2014_x86_64.whl",
        "    public_key = bytes(range(100, 132))",
    ],
)
def test_json_ids_wheel_tags_and_public_key_code_stay(text: str) -> None:
    assert Redactor().redact_text(text)[0] == text

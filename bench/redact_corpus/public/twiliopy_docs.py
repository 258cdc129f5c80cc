# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Twilio's Python helper library, for the ``fresh22`` split (``fresh22.py`` reads and writes).

``twilio/twilio-python`` is Twilio's official Python SDK. Its README shows every quick start
with ``ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX`` and ``your_auth_token``; the example values that do
look real sit in the docstrings generated from Twilio's API reference: a SIP credential's
password (``IWasAtSignal2018``, the reference's "eg" for a password of twelve signs or more),
AWS's documented key pair as the example of a stored AWS credential, and the head of an RSA
private key as the example of an APN credential's ``private_key``. The README, ``examples/``,
``tests/__init__.py``, ``tests/unit/test_request_validator.py``,
``tests/unit/jwt/test_client_validation.py`` and the docstrings holding ``For example`` or
``eg`` near a credential's name were read at ``HEAD``; the rest of the generated ``twilio/rest``
tree was searched, not read line by line.

Rule for Twilio's ids: an Account SID (``AC…``), a Call SID (``CA…``) and every other SID name a
resource and authorise nothing alone (the Auth Token or an API key secret does): identifiers,
so negatives wherever the docs hold one.

``SECRETS``: (file, kind, value, anchor). ``NEGATIVES``: (file, kind, text): the README's
stand-ins (``ACXXXX…``, ``your_auth_token``, ``XXXX…``/``YYYY…``), a Call SID, a test's
``"AC" + "a" * 32``, request signatures and body digests the validator tests expect, and the
certificate Twilio's reference gives as an APN certificate example (a certificate is public).

``NO_SECRET``: ``AUTHTOKEN`` (a word naming the value). Left out without a row: the validator
tests' token ``12345`` (under 8 signs).

Doubtful labels, kept: the APN private key is the reference's example, cut after its first 64
base64 signs and ended with ``.``: taken as its first line is (a private key's opening in a
private key's place), as earlier splits take a PEM key's first line. AWS's documented pair
(``…EXAMPLE``, ``…EXAMPLEKEY``) is a secret by the same rule; the builder's placeholder test
drops it, not this table.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/twilio+twilio-python/repo")
REPO = "twilio/twilio-python"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("twilio/rest/api/v2010/account/sip/credential_list/credential.py", "twilio-python:sip-credential-password", "IWasAtSignal2018", None),
    ("twilio/rest/accounts/v1/credential/aws.py", "twilio-python:aws-access-key-id", "AKIAIOSFODNN7EXAMPLE", None),
    ("twilio/rest/accounts/v1/credential/aws.py", "twilio-python:aws-secret-access-key", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", None),
    ("twilio/rest/chat/v1/credential.py", "twilio-python:apn-private-key", "MIIEpQIBAAKCAQEAuyf/lNrH9ck8DmNyo3fGgvCI1l9s+cmBY3WIz+cUDqmxiieR", None),
    # read as no secret (NO_SECRET)
    ("tests/__init__.py", "twilio-python:auth-token", "AUTHTOKEN", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "AUTHTOKEN": "a word naming the value",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("README.md", "twilio-python-fp:placeholder", 'account_sid = "ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"'),
    ("README.md", "twilio-python-fp:placeholder", 'auth_token  = "your_auth_token"'),
    ("README.md", "twilio-python-fp:placeholder", 'api_key = "XXXXXXXXXXXXXXXXX"'),
    ("README.md", "twilio-python-fp:placeholder", 'api_secret = "YYYYYYYYYYYYYYYYYY"'),
    ("README.md", "twilio-python-fp:resource-sid", 'call = client.calls.get("CA42ed11f93dc08b952027ffbc406d0868")'),
    ("tests/__init__.py", "twilio-python-fp:generator", 'self.account_sid = "AC" + "a" * 32'),
    ("tests/unit/test_request_validator.py", "twilio-python-fp:signature", 'self.expected = "RSOYDt4T1cUTdK1PDd93/VVr8B8="'),
    ("tests/unit/test_request_validator.py", "twilio-python-fp:signature", 'self.duplicate_expected = "IK+Dwps556ElfBT0I3Rgjkr1wJU="'),
    ("tests/unit/test_request_validator.py", "twilio-python-fp:digest", '"0a1ff7634d9ab3b95db5c9a2dfe9416e41502b283a80c7cf19632632f96e6620"'),
    ("tests/unit/test_request_validator.py", "twilio-python-fp:resource-sid", '"CallSid": "CA1234567890ABCDE",'),
    ("tests/unit/jwt/test_client_validation.py", "twilio-python-fp:digest", '"4dc9b67bed579647914587b0e22a1c65c1641d8674797cd82de65e766cce5f80"'),
    ("tests/unit/jwt/test_client_validation.py", "twilio-python-fp:resource-sid", 'jwt = ClientValidationJwt("AC123", "SK123", "CR123", "secret", vp)'),
    ("twilio/rest/notify/v1/credential.py", "twilio-python-fp:certificate", ":param certificate: [APN only] The URL-encoded representation of the certificate. Strip everything outside of the headers, e.g. `-----BEGIN CERTIFICATE-----MIIFnTCCBIWgAwIBAgIIAjy9H849+E8wDQYJKoZIhvcNAQEFBQAwgZYxCzAJBgNV.....A==-----END CERTIFICATE-----`"),
    ("twilio/rest/messaging/v1/external_campaign.py", "twilio-python-fp:resource-sid", ":ivar sid: The unique string that identifies a US A2P Compliance resource `QE2c6890da8086d771620e9b13fadeba0b`."),
)  # fmt: skip

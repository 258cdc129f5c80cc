# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Plivo's Python SDK, for the ``fresh22`` split (``fresh22.py`` reads and writes).

``plivo/plivo-python`` is Plivo's official Python SDK. Its README writes ``your_auth_id`` and
``<auth_token>``; its tests replay Plivo API responses recorded as JSON fixtures, among them
subaccounts with their auth tokens (40 base64 signs, as Plivo issues them) and a created
access token (an HS256 JWT). The README, ``tests/base.py``, ``tests/resources/test_subaccounts.py``,
``tests/resources/test_tokens.py`` and the account, subaccount, token and call fixtures were
read at ``HEAD``.

Rule for Plivo's ids: an Auth ID (``MA…``, ``SA…``) names an account and is sent beside the
Auth Token, which is the secret; Auth IDs, ``api_id`` request ids and call and request UUIDs
are negatives, like Twilio's SIDs.

``SECRETS``: (file, kind, value, anchor). ``NEGATIVES``: (file, kind, text): the README's
stand-ins, a test's generated ``MA`` + 18 ``X`` Auth ID, Auth IDs, request ids, call UUIDs.

``NO_SECRET``: ``AbcdEfghIjklMnop1234`` and ``AbcdEfghIjklMnol1234`` (the alphabet and digits in
order).

Doubtful labels, kept: none.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/plivo+plivo-python/repo")
REPO = "plivo/plivo-python"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("tests/resources/fixtures/subaccountCreateResponse.json", "plivo-python:subaccount-auth-token", "MTMzZTZjNzdiNDVmY2VhZDQyNTUwYWVjNzI2OThk", None),
    ("tests/resources/fixtures/subaccountGetResponse.json", "plivo-python:subaccount-auth-token", "YjE4NWEyNzgzODkyNGI2NjdmZmZhZTdjNzlkYTE1", None),
    ("tests/resources/fixtures/subaccountListResponse.json", "plivo-python:subaccount-auth-token", "OWVjODk1NzFjNzY1MTJiNDVkNTlmMGUyNjMyNWRh", None),
    ("tests/resources/test_subaccounts.py", "plivo-python:subaccount-auth-token", "MTZjYWM0YzVjNjMwZmVmODFiNWJjNPJmOGJjZjgw", None),
    ("tests/resources/fixtures/tokenCreateResponse.json", "plivo-python:access-token-jwt", "eyJhbGciOiJIUzI1NiIsImN0eSI6InBsaXZvO3Y9MSIsInR5cCI6IkpXVCJ9.eyJhcHAiOiIiLCJleHAiOjE2NjAzNjM2ODMsImlzcyI6Ik1BTURWTFpKWTJaR1k1TVdVMVpKIiwibmJmIjoxNjYwMjc3MjgzLCJwZXIiOnsidm9pY2UiOnsiaW5jb21pbmdfYWxsb3ciOmZhbHNlLCJvdXRnb2luZ19hbGxvdyI6dHJ1ZX19LCJzdWIiOiIifQ.LAwFEuotTmbZeGWBhfNT4X2KbRapYF23BrkwVfmr5A4", None),
    # read as no secret (NO_SECRET)
    ("tests/base.py", "plivo-python:auth-token", "AbcdEfghIjklMnop1234", None),
    ("tests/base.py", "plivo-python:auth-token", "AbcdEfghIjklMnol1234", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "AbcdEfghIjklMnop1234": "the alphabet and digits in order",
    "AbcdEfghIjklMnol1234": "the alphabet and digits in order",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("README.md", "plivo-python-fp:placeholder", "client = plivo.RestClient(auth_id='your_auth_id', auth_token='your_auth_token')"),
    ("README.md", "plivo-python-fp:placeholder", "auth_token = '<auth_token>'"),
    ("tests/base.py", "plivo-python-fp:generator", "auth_id='MA' + 'X' * 18, auth_token='AbcdEfghIjklMnop1234')"),
    ("tests/resources/fixtures/subaccountCreateResponse.json", "plivo-python-fp:auth-id", '"auth_id": "SANDLHYZBIZMU4ZDEXNM",'),
    ("tests/resources/fixtures/subaccountGetResponse.json", "plivo-python-fp:auth-id", '"auth_id": "SAODNKNDDMY2EXY2JKMG",'),
    ("tests/resources/fixtures/accountGetResponse.json", "plivo-python-fp:placeholder", '"auth_id": "MAXXXXXXXXXXXXXXXXXX",'),
    ("tests/resources/fixtures/subaccountCreateResponse.json", "plivo-python-fp:request-id", '"api_id": "97c8d1de-3f08-11e7-b6f4-061564b78b75",'),
    ("tests/resources/fixtures/callCreateResponse.json", "plivo-python-fp:request-id", '"request_uuid": "9834029e-58b6-11e1-b8b7-a5bd0e4e126f",'),
    ("tests/resources/fixtures/callGetResponse.json", "plivo-python-fp:call-id", '"call_uuid": "4d04c52e-cea3-4458-bbdb-0bfc314ee7cd",'),
)  # fmt: skip

# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""MessageBird's Python SDK, for the ``fresh22`` split (``fresh22.py`` reads and writes).

``messagebird/python-rest-api`` is MessageBird's (now Bird's) official Python client. Its
README says ``YOUR_ACCESS_KEY``; four of its example scripts set the test access key
MessageBird's documentation printed for years (``test_gshuPaZoeEG6ovbc8M79w0QyM``), and its
tests verify webhook requests with a legacy signing key and a JWT webhook signing secret.
The README, ``examples/`` (every script's ``ACCESS_KEY``), ``tests/test_signed_request.py``,
``tests/test_request_validator/webhook_signature_test_data.json`` (the secret and the case
names) and the conversation and message tests' recorded responses were read at ``HEAD``.

``SECRETS``: (file, kind, value, anchor). ``NEGATIVES``: (file, kind, text): the README's
stand-in, an example's empty ``ACCESS_KEY`` left commented, request signatures the tests
expect (an HMAC of one request, no key), message, webhook and channel ids (identifiers).

``NO_SECRET``: none. Left out without a row: the webhook tests' signed JWTs (``MessageBird-
Signature-JWT`` values: a signature over one request, not a credential, and matched by
gitleaks' JWT rule, so no fair negative either), ``foobar``, ``barbar`` and ``FooBarToken``
(words naming the value).

Doubtful labels, kept: ``test_gshuPaZoeEG6ovbc8M79w0QyM`` is a test-mode key from the vendor's
docs: a key's form in a key's place, a secret by the split's rule.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/messagebird+python-rest-api/repo")
REPO = "messagebird/python-rest-api"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("examples/balance.py", "messagebird-python:test-access-key", "test_gshuPaZoeEG6ovbc8M79w0QyM", None),
    ("tests/test_signed_request.py", "messagebird-python:signing-key", "PlLrKaqvZNRR5zAjm42ZT6q1SQxgbbGd", None),
    ("tests/test_request_validator/webhook_signature_test_data.json", "messagebird-python:webhook-signing-secret", "36efdd1aace2e26cd490f0d951138253bef2f7c6d34d18981da781555cc4cebb", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("README.md", "messagebird-python-fp:placeholder", "client = messagebird.Client('YOUR_ACCESS_KEY')"),
    ("examples/call.py", "messagebird-python-fp:commented-example", "# ACCESS_KEY = ''"),
    ("tests/test_signed_request.py", "messagebird-python-fp:signature", "signature = 'KVBdcVdz2lYMwcBLZCRITgxUfA/WkwSi+T3Wxl2HL6w='"),
    ("tests/test_signed_request.py", "messagebird-python-fp:message-id", "'id': 'eef0ab57a9e049be946f3821568c2b2e',"),
    ("tests/test_conversation_webhook.py", "messagebird-python-fp:webhook-id", 'http_client.request.return_value = json.dumps({"id": "985ae50937a94c64b392531ea87a0263",'),
    ("tests/test_conversation_webhook.py", "messagebird-python-fp:channel-id", '"channelId": "853eeb5348e541a595da93b48c61a1ae",'),
    ("tests/test_signed_request.py", "messagebird-python-fp:timestamp", "timestamp = 1547198231"),
)  # fmt: skip

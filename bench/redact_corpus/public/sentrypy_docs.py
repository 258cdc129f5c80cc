# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Sentry's Python SDK, for the ``fresh22`` split (``fresh22.py`` reads and writes).

``getsentry/sentry-python`` is Sentry's official Python SDK. Its README's quick start passes a
DSN whose key part is 32 hex digits (``https://12927b5f…@o1.ingest.sentry.io/1``, "Your DSN
here"); the tests build clients from more DSNs of that form, and ``tests/test.key`` is the
private key of the TLS certificate some HTTP transport tests serve. The README, the changelog's
examples (searched for ``dsn``), ``tests/test_api.py``, ``tests/test_client.py``,
``tests/test_envelope.py``, ``tests/test_scrubber.py``, ``tests/test.key``, the tracing tests'
headers and the pymongo and aiohttp integration tests were read at ``HEAD``.

``SECRETS``: (file, kind, value, anchor): a DSN's key (the brief's rule: a DSN key is in a
credential's place), the TLS key's first line. ``NEGATIVES``: (file, kind, text): the changelog's
``examplePublicKey`` DSN, trace and event ids (the tracing tests' ``771a43a4…``), a MongoDB
object id, header values the scrubber already replaced by ``[Filtered]``, a release version,
the dynamic sampling spec's URL.

``NO_SECRET``: none read as a doubtful value; left out without a row: DSNs whose key is a word
(``mysecret``, ``foo``, ``foobar``, ``asdf``, ``dogsarebadatkeepingsecrets``), the scrubber
tests' ``1231231231`` and ``cat123`` (counted digits, a word), the pymongo test's
``"password": "c4e86722…"`` (a digest-like stored value: neither the secret nor a fair negative).

Doubtful labels, kept: a DSN key is what Sentry calls its public key, and the SDK sends it in
``baggage`` headers; it is labelled a secret here as the brief asks of DSN keys, and the
``sentry-public_key=…`` baggage lines are in neither file.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/getsentry+sentry-python/repo")
REPO = "getsentry/sentry-python"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("README.md", "sentry-python:dsn-key", "12927b5f211046b575ee51fd8b1ac34f", None),
    ("tests/test_api.py", "sentry-python:dsn-key", "97333d956c9e40989a0139756c121c34", None),
    ("tests/test_client.py", "sentry-python:dsn-key", "894b7d594095440f8dfea9b300e6f572", None),
    ("tests/test_envelope.py", "sentry-python:dsn-key", "e12d836b15bb49d7bbf99e64295d995b", None),
    ("tests/test.key", "sentry-python:tls-private-key", "MIIJQgIBADANBgkqhkiG9w0BAQEFAASCCSwwggkoAgEAAoICAQCNSgCTO5Pc7o21", "-----BEGIN PRIVATE KEY-----\nMIIJQgIBADANBgkqhkiG9w0BAQEFAASCCSwwggkoAgEAAoICAQCNSgCTO5Pc7o21"),
)  # fmt: skip

NO_SECRET: dict[str, str] = {}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("CHANGELOG.md", "sentry-python-fp:placeholder", "dsn='https://examplePublicKey@o0.ingest.sentry.io/0',"),
    ("tests/tracing/test_integration_tests.py", "sentry-python-fp:trace-id", '"trace_id": "771a43a4192642f0b136d5159a501700",'),
    ("tests/test_tracing_utils.py", "sentry-python-fp:trace-id", '"sentry-trace_id=771a43a4192642f0b136d5159a501700, sentry-org_id=1234",'),
    ("tests/test_envelope.py", "sentry-python-fp:event-id", 'assert actual.headers["event_id"] == "9ec79c33ec9942ab8353589fcb2e04dc"'),
    ("tests/integrations/pymongo/test_pymongo.py", "sentry-python-fp:object-id", '"_id": "635bc7403cb4f8a736f61cf2",'),
    ("tests/integrations/aiohttp/test_aiohttp.py", "sentry-python-fp:filtered", '"authorization": "[Filtered]",'),
    ("CHANGELOG.md", "sentry-python-fp:version", 'release="v1.0.7-a1",'),
    ("tests/test_dsc.py", "sentry-python-fp:trace-id", 'assert envelope_trace_header["trace_id"] == "771a43a4192642f0b136d5159a501700"'),
    ("tests/test_dsc.py", "sentry-python-fp:url", "https://develop.sentry.dev/sdk/telemetry/traces/dynamic-sampling-context/#dsc-specification"),
)  # fmt: skip

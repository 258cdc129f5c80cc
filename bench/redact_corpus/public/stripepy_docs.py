# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Stripe's Python SDK, for the ``fresh22`` split (``fresh22.py`` reads and writes).

``stripe/stripe-python`` is Stripe's official Python library: a README of usage examples, a
changelog that shows the calls it changed, example scripts and a test suite. Its docs and
examples write every key as ``sk_test_...`` or ``{{API_KEY}}``; its tests carry three keys in
Stripe's form: the public test secret key Stripe's own documentation prints
(``sk_test_BQokikJOvBiI2HlWgH4olfQ2``, cited in a comment as "the public test secret key, as
found on https://docs.stripe.com/keys"), and a test-mode and a live-mode key a dashboard-link
test patches in. The README, the examples, ``tests/test_util.py``, ``tests/test_http_client.py``,
``tests/test_webhook.py``, ``tests/test_requestor_options.py``, ``tests/test_stripe_client.py``
and the changelog's examples were read at ``HEAD``; the generated resource code (types and
docstrings only) was searched, not read line by line.

``SECRETS``: (file, kind, value, anchor), the kind naming the key's mode. ``NEGATIVES``:
(file, kind, text) for lines beside them that hold no secret: the ``sk_test_...`` and
``{{API_KEY}}`` stand-ins, the webhook secret read from the environment, object ids
(``cus_…``, ``ch_…``, ``tok_…``), a request id (``req_…``) and an idempotency key (neither
authorises anything), the CA bundle's certificate digest.

``NO_SECRET``: ``whsec_test_secret`` (words naming the value), ``sk_test_555555555`` (a run of
one digit), ``sk_test_custom`` (a word naming the value).

Doubtful labels, kept: ``sk_test_BQokikJOvBiI2HlWgH4olfQ2`` is published by Stripe for anyone
to try: a secret key's form in a secret key's place, so a secret, as the split's rule says of
documented example keys.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/stripe+stripe-python/repo")
REPO = "stripe/stripe-python"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("tests/test_http_client.py", "stripe-python:test-secret-key", "sk_test_BQokikJOvBiI2HlWgH4olfQ2", None),
    ("tests/test_util.py", "stripe-python:test-secret-key", "sk_test_KOWobxXidxNlIx", None),
    ("tests/test_util.py", "stripe-python:live-secret-key", "sk_live_axwITqZSgTUXSN", None),
    # read as no secret (NO_SECRET)
    ("tests/test_webhook.py", "stripe-python:webhook-secret", "whsec_test_secret", None),
    ("tests/test_requestor_options.py", "stripe-python:test-secret-key", "sk_test_555555555", None),
    ("tests/api_resources/test_list_object.py", "stripe-python:test-secret-key", "sk_test_custom", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "whsec_test_secret": "words naming the value",
    "sk_test_555555555": "one digit said nine times",
    "sk_test_custom": "a word naming the value",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("README.md", "stripe-python-fp:placeholder", 'stripe.api_key = "sk_test_..."'),
    ("README.md", "stripe-python-fp:placeholder", 'client = StripeClient("sk_test_...", max_network_retries=2)'),
    ("README.md", "stripe-python-fp:object-id", 'customer = client.v1.customers.retrieve("cus_123456789")'),
    ("README.md", "stripe-python-fp:placeholder", '"stripe_account": "acct_...",'),
    ("examples/example_template.py", "stripe-python-fp:placeholder", 'api_key = "{{API_KEY}}"'),
    ("examples/webhooks.py", "stripe-python-fp:reference", 'webhook_secret = os.environ.get("WEBHOOK_SECRET")'),
    ("examples/webhooks.py", "stripe-python-fp:placeholder", 'payload, received_sig, webhook_secret, api_key="sk_test_..."'),
    ("tests/test_util.py", "stripe-python-fp:request-id", 'DUMMY_REQ_ID = "req_qsxPhqHyLxcoaM"'),
    ("tests/api_resources/test_source.py", "stripe-python-fp:object-id", 'resource = stripe.Source.create(type="card", token="tok_123")'),
    ("tests/test_stripe_client.py", "stripe-python-fp:object-id", '"cus_xxxxxxxxxxxxx", options={"max_network_retries": 0}'),
    ("CHANGELOG.md", "stripe-python-fp:idempotency-key", 'idempotency_key="KG5LxwFBepaKHyUD",'),
    ("stripe/data/ca-certificates.crt", "stripe-python-fp:digest", "## SHA256: a903b3cd05231e39332515ef7ebe37e697262f39515a52015c23c62805b73cd0"),
)  # fmt: skip

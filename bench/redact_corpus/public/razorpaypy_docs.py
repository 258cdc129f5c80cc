# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Razorpay's Python SDK, for the ``fresh22`` split (``fresh22.py`` reads and writes).

``razorpay/razorpay-python`` is Razorpay's official Python SDK, with one Markdown page per API
in ``documents/`` giving each call's request and response. The docs and the README write keys
as ``<YOUR_API_KEY>``/``your_key_secret``; the one credential in Razorpay's form is the
subscription-signature test's secret (``EnLs21M47BllR3X8PSFtjtbd``, 24 signs like a key
secret). ``README.md``, ``documents/`` (searched for secret, token, signature and key) and
``tests/`` (``helpers.py``, ``test_client_utility.py``, the mocks holding ``token`` or
``secret``) were read at ``HEAD``.

``SECRETS``: (file, kind, value, anchor). ``NEGATIVES``: (file, kind, text): the stand-in keys,
payment signatures the docs and tests show (an HMAC of one payment, no key), saved-card token
ids and customer and order ids (identifiers: a card token is used with the merchant's key,
not alone), a UPI transaction id, an OTP URL's one-payment digest path.

``NO_SECRET``: none. Left out without a row: the webhook example's ``"secret": "12345"``
(under 8 signs), ``key_secret`` (a word naming the value).

Doubtful labels, kept: Razorpay's saved-card ``token`` values (``token_…`` and bare
``14LDXyJ1q4MKge``) are read as ids, not secrets: they charge only with the merchant's key.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/razorpay+razorpay-python/repo")
REPO = "razorpay/razorpay-python"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("tests/test_client_utility.py", "razorpay-python:webhook-secret", "EnLs21M47BllR3X8PSFtjtbd", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("README.md", "razorpay-python-fp:placeholder", 'client = razorpay.Client(auth=("<YOUR_API_KEY>", "<YOUR_API_SECRET>"))'),
    ("documents/posGateway.md", "razorpay-python-fp:placeholder", "pos = POSIntegration('your_key_id', 'your_key_secret')"),
    ("tests/helpers.py", "razorpay-python-fp:placeholder", "self.client = razorpay.Client(auth=('key_id', 'key_secret'))"),
    ("documents/card.md", "razorpay-python-fp:signature", '"razorpay_signature" : "9ef4dffbfd84f1318f6739a3ce19f9d85851857ae648f114332d8401e0949a3d"'),
    ("tests/test_client_utility.py", "razorpay-python-fp:signature", "sig = 'b2335e3b0801106b84a7faff035df56ecffde06918c9ddd1f0fafbb37a51cc89'"),
    ("documents/token.md", "razorpay-python-fp:card-token-id", '"token": "14LDXyJ1q4MKge",'),
    ("tests/mocks/init_create_recurring.json", "razorpay-python-fp:card-token-id", '"token": "token_Ia5ip8Ix07JDRm",'),
    ("tests/test_client_utility.py", "razorpay-python-fp:object-id", "parameters['razorpay_subscription_id'] = 'sub_ID6MOhgkcoHj9I'"),
    ("documents/upi.md", "razorpay-python-fp:transaction-id", '"upi_transaction_id": "D0BED5A062ECDB3E9B3A1071C96BB273"'),
    ("documents/payment.md", "razorpay-python-fp:url", '"url": "https://api.razorpay.com/v1/payments/pay_FVmAstJWfsD3SO/otp_submit/ac2d415a8be7595de09a24b41661729fd9028fdc?key_id=<YOUR_KEY_ID>"'),
    ("documents/payment.md", "razorpay-python-fp:object-id", '"id": "pay_G8VQzjPLoAvm6D",'),
    ("documents/payment.md", "razorpay-python-fp:object-id", '"order_id": "order_G8VPOayFxWEU28",'),
    ("documents/payment.md", "razorpay-python-fp:object-id", '"customer_id": "cust_DitrYCFtCIokBO",'),
)  # fmt: skip

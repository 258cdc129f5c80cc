"""Forms written after the fresh6 split's blind run was read (TruffleHog's detector tests),
each with look-alikes that stay: documented prefixes before a fixed body, a key written as
two hex parts, Azure API Management's credential, and stand-ins that count up; and one seen
in fresh5 at the session's end: a Django key assigned bare, whose alphabet holds ``(``."""

from __future__ import annotations

import pytest

from streams.redact import Redactor

REDACTOR = Redactor()

TAKEN = (
    "export DJANGO_SECRET_KEY=!r7!(xjadix=(m5t9$0y%+bdxs#$^4u+7(s+kg&m67o0jsj&b$",
    "Pasted spu-3f10194ca38240ddb880bab79492384b from the dashboard",  # SpectralOps
    "besttime rejects pri_099889f14d114dfaae476569b395eade",  # BestTime private key
    "checkout rejects sk_test_14a67eEd-21Fd-B18d-2B8D-275697febE7D",  # Checkout.com
    "sk_sbox_9b3a1c2d-4e5f-4a6b-8c7d-0e1f2a3b4c5d in the sandbox",
    "fibery rejects 42b2eda8.3fe6b086bb21be7e3548368626d01aaf2cd",  # two hex parts
    "git&202503251200&Xk3jd8fQ2aB7Lm9pR4tWz5HqXk3jd8fQ2aB7Lm9pR4tWz5HqXk3jd8fQ2aB7Lm9pR4tWz5Hq==",
)


@pytest.mark.parametrize("text", TAKEN)
def test_the_form_is_taken(text: str) -> None:
    out = REDACTOR.redact_text(text)[0]
    assert "[REDACTED:" in out, out


KEPT = (
    "password=hash_password(user_input_value_here_xyz_0123)",  # code, not Django's alphabet
    "token=compute(a+b-c*d)+compute(e+f-g*h)+1234567",
    "pri_sample and spu-1234 are the documented prefixes",
    "the sk_ prefix names a secret key",
    "main.3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c.chunk.js",  # a content-hashed asset
    "deadbeef.3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c.js",
    "git diff 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a..4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1b",
    # stand-ins that count up, as documentation and scanners' tests write them
    "cloudflare: abcdef1234567890abcdef1234567890abcdef0/testing@go",
    "da2-abcdefghijklmnopqrstuvwxyz",
    '    net_pass = "test_requests.py::RequestsTestCase::test_connection_error"',
    # a CloudFormation physical name (botocore's ECS examples) and names with acronyms
    '"loadBalancerName": "EC2Contai-EcsElast-15DCDAURT3ZO2"',
    "PBKDF2WithHMAC-SHA1AndAES128 is the algorithm for the key",
)


@pytest.mark.parametrize("text", KEPT)
def test_look_alikes_are_kept(text: str) -> None:
    assert REDACTOR.redact_text(text) == (text, {})

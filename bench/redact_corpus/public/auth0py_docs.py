# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Auth0's Python SDK, for the ``fresh22`` split (``fresh22.py`` reads and writes).

``auth0/auth0-python`` is Auth0's official Python SDK (Authentication and Management API
clients), with a README, a generated ``reference.md`` of every Management API call and a
test suite. The README and reference write tokens as ``YOUR_TOKEN``, ``<token>`` and
``Bearer PRIMARY_ACCOUNT_JWT``; the token verifier's tests hold ID tokens signed with HS256
and RS256, which the SDK verifies against a shared secret and a JWKS public key. The README,
``reference.md`` (searched for ``token=`` and ``Authorization``), ``v5_MIGRATION_GUIDE.md``,
``src/auth0/management/management_client.py`` (its docstring example) and
``tests/authentication/`` were read at ``HEAD``.

``SECRETS``: (file, kind, value, anchor): an ID token whole (a bearer JWT, as earlier splits
label JWTs). ``NEGATIVES``: (file, kind, text): the stand-in tokens, a malformed token the
tests feed the verifier, an MFA token cut with ``...``, a JWKS public key's modulus (a public
key).

``NO_SECRET``: ``secret`` is under 8 signs and has no row. Left out without a row:
``my-client-secret``, ``client-secret``, ``clsec``, ``csecret``, ``sh!`` (words or short).

Doubtful labels, kept: the three ID tokens expired in 2020 and name a test tenant; a signed
token in a token's place is a secret all the same.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/auth0+auth0-python/repo")
REPO = "auth0/auth0-python"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("tests/authentication/test_token_verifier.py", "auth0-python:id-token", "eyJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJodHRwczovL3Rva2Vucy10ZXN0LmF1dGgwLmNvbS8iLCJzdWIiOiJhdXRoMHwxMjM0NTY3ODkiLCJhdWQiOlsidG9rZW5zLXRlc3QtMTIzIiwiZXh0ZXJuYWwtdGVzdC05OTkiXSwiZXhwIjoxNTg3NzY1MzYxLCJpYXQiOjE1ODc1OTI1NjEsIm5vbmNlIjoiYTFiMmMzZDRlNSIsImF6cCI6InRva2Vucy10ZXN0LTEyMyIsImF1dGhfdGltZSI6MTU4NzY3ODk2MX0.Hn38QVtN_mWN0c-jOa-Fqq69kXpbBp0THsvE-CQ47Ps", None),
    ("tests/authentication/test_token_verifier.py", "auth0-python:id-token", "eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJodHRwczovL3Rva2Vucy10ZXN0LmF1dGgwLmNvbS8iLCJzdWIiOiJhdXRoMHwxMjM0NTY3ODkiLCJhdWQiOlsidG9rZW5zLXRlc3QtMTIzIiwiZXh0ZXJuYWwtdGVzdC05OTkiXSwiZXhwIjoxNTg3NzY1MzYxLCJpYXQiOjE1ODc1OTI1NjEsIm5vbmNlIjoiYTFiMmMzZDRlNSIsImF6cCI6InRva2Vucy10ZXN0LTEyMyIsImF1dGhfdGltZSI6MTU4NzY3ODk2MX0.Eo2jxdlrKmutIeyn9Un6VHorMJaCL5txPDCC3QiAQn0pYYnrRU7VMQwqbTiXLQ9zPYh5Q4pQmT-XRaGL-HwDH8vCUieVJKOm0-gNFAMzx1i8sRH1ubw75sn69y09AQKcitYtjnBmahgfZrswtsxOXM7XovlLftPjv6goAi_U38GYsS_V_zOBvdbX2cM5zdooJAC0e7vlCr3bXNo90qwgCuezvCGt1ZrgWyDNO9oMzK-TlK86q36LuIkux7XZboF5rc3zsThEce_tPufA5qoEa-7I_ybmjwlvOCWmngYLT52_S2CbHeRNarePMjZIlmAuG-DcetwO8jJsX84Ra0SdUw", None),
    ("tests/authentication/test_token_verifier.py", "auth0-python:id-token", "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhdXRoMHxzZGs0NThma3MiLCJhdWQiOiJ0b2tlbnMtdGVzdC0xMjMiLCJvcmdfaWQiOiJvcmdfMTIzIiwiaXNzIjoiaHR0cHM6Ly90b2tlbnMtdGVzdC5hdXRoMC5jb20vIiwiZXhwIjoxNTg3NzY1MzYxLCJpYXQiOjE1ODc1OTI1NjF9.hjSPgJpg0Dn2z0giCdGqVLD5Kmqy_yMYlSkgwKD7ahQ", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("README.md", "auth0-python-fp:placeholder", 'token="YOUR_TOKEN",'),
    ("reference.md", "auth0-python-fp:placeholder", 'token="<token>",'),
    ("reference.md", "auth0-python-fp:placeholder", 'Authorization: "Bearer PRIMARY_ACCOUNT_JWT"'),
    ("v5_MIGRATION_GUIDE.md", "auth0-python-fp:placeholder", "token = 'MGMT_API_TOKEN'"),
    ("src/auth0/management/management_client.py", "auth0-python-fp:placeholder", 'token="your_token"'),
    ("tests/authentication/test_base.py", "auth0-python-fp:elided", """mock_request.return_value.text = '{"error": "mfa_required", "error_description": "Multifactor authentication required", "mfa_token": "Fe26...Ha"}'"""),
    ("tests/authentication/test_token_verifier.py", "auth0-python-fp:malformed-token", 'token = "a.b.c.d"'),
    ("tests/authentication/test_token_verifier.py", "auth0-python-fp:public-key", '"n": "jtMFQKfx7WGP982lvl2ox_wmPolrqo2mrJ44ZgTM",'),
    ("tests/authentication/test_token_verifier.py", "auth0-python-fp:key-id", '"kid": "test-key-1",'),
)  # fmt: skip

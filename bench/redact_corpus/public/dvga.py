# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""The Damn Vulnerable GraphQL Application, for the ``fresh13`` split (``fresh13.py`` reads
and writes).

``dolevf/Damn-Vulnerable-GraphQL-Application`` (DVGA) is a deliberately insecure GraphQL API
(Flask, Graphene, SQLite). Its own secrets are few and short: the Flask and JWT signing key
``dvga`` (``app.py``) and the seeded passwords ``changeme`` and ``password123``
(``setup.py``). What it holds at length are its tests' bearer tokens: the two access tokens
``tests/test_auth.py`` sends to the ``me`` query (HS256, signed with ``dvga``, one for the
admin and one for the operator), and the passwords its tests log in or register with. The
files were read at ``HEAD`` and each value is cited by the first line holding it.

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: a key drawn at run time,
token lifetimes, the audit log's masking of tokens and passwords, a decode that skips the
signature, the solutions' ``FORGED_TOKEN`` placeholder and masked password, a query by
password, the database URL and the Postman collection's ids.

``NO_SECRET``: ``password123`` (the word password and digits in order), the registration
test's ``strongpass`` (words naming the value). Left out without a row: values under 8 signs
(``dvga``, the solutions' brute-force list ``admin123``, ``pass123``, ``123``), the seeded
admin's ``changeme`` (a placeholder, as ``build.py`` reads it) and the word ``password`` the
solutions type.

Doubtful label, kept: ``dolevwashere``, the password a test logs in with to see the login
refused (a wrong password, but typed into a login as a credential).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/dolevf+Damn-Vulnerable-GraphQL-Application/repo")
REPO = "dolevf/Damn-Vulnerable-GraphQL-Application"

_AUTH = "tests/test_auth.py"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_AUTH, "dvga:test-access-token", "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJ0eXBlIjoiYWNjZXNzIiwiaWF0IjoxNjU2ODE0OTQ4LCJuYmYiOjE2NTY4MTQ5NDgsImp0aSI6ImI5N2FmY2QwLTUzMjctNGFmNi04YTM3LTRlMjdjODY5MGE2YyIsImlkZW50aXR5IjoiYWRtaW4iLCJleHAiOjE2NTY4MjIxNDh9.-56ZQN9jikpuuhpjHjy3vLvdwbtySs0mbdaSq-9RVGg", None),
    (_AUTH, "dvga:test-access-token", "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJ0eXBlIjoiYWNjZXNzIiwiaWF0IjoxNjU2ODE0OTQ4LCJuYmYiOjE2NTY4MTQ5NDgsImp0aSI6ImI5N2FmY2QwLTUzMjctNGFmNi04YTM3LTRlMjdjODY5MGE2YyIsImlkZW50aXR5Ijoib3BlcmF0b3IiLCJleHAiOjE2NTY4MjIxNDh9.iZ-Sifz1WEkcy1CwX4c-rzI-QgfzUMqpWr2oYr8vZ1o", None),
    (_AUTH, "dvga:test-login-password", "password123", None),
    (_AUTH, "dvga:test-login-password", "dolevwashere", None),
    ("tests/test_mutations.py", "dvga:test-register-password", "strongpass", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "password123": "the word password and digits in order",
    "strongpass": "words naming the value (strong pass)",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("app.py", "dvga-fp:reference", "app.secret_key = os.urandom(24)"),
    ("app.py", "dvga-fp:config", 'app.config["JWT_ACCESS_TOKEN_EXPIRES"] = 120'),
    ("core/models.py", "dvga-fp:reference", "clean = re.sub(r'(?<=token:\")(.*)(?=\")', \"*****\", gql_query)"),
    ("core/models.py", "dvga-fp:reference", "clean = re.sub(r'(?<=password:\")(.*)(?=\")', \"*****\", clean)"),
    ("core/helpers.py", "dvga-fp:reference", "return decode(token, options={\"verify_signature\":False, \"verify_exp\":False}).get('identity')"),
    ("core/views.py", "dvga-fp:reference", "user = User.query.filter_by(username=username, password=password).first()"),
    ("templates/partials/solutions/solution_22.html", "dvga-fp:placeholder", 'me(token: "FORGED_TOKEN") {'),
    (_AUTH, "dvga-fp:masked", "assert r.json()['data']['me']['password'] == '******'"),
    ("config.py", "dvga-fp:config", 'SQLALCHEMY_DATABASE_URI = f"sqlite:///{SQLALCHEMY_FILE}"'),
    ("README.md", "dvga-fp:identifier", "[![Run in Postman](https://run.pstmn.io/button.svg)](https://god.gw.postman.com/run-collection/14270212-b5875c90-d36e-43f4-8bd7-2c81b556245d?action=collection%2Ffork&collection-url=entityId%3D14270212-b5875c90-d36e-43f4-8bd7-2c81b556245d%26entityType%3Dcollection%26workspaceId%3Dab3d0551-b65d-4588-b464-1a317e8d7e98)"),
)  # fmt: skip

# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""PyCQA's bandit, for the ``fresh9`` split (``fresh9.py`` reads and writes).

bandit's hard-coded password plugins (B105 string, B106 function argument, B107 default)
are tested on ``examples/hardcoded-passwords.py``, whose comments name each value the
check must report ("Possible hardcoded password: '…'"; ``tests/functional/
test_functional.py`` expects 16 of them) and whose "... but not:" lines it must leave
alone. ``examples/pyghmi.py`` passes a literal ``password=`` that the functional test
counts as one B106 issue (LOW severity, MEDIUM confidence, beside the pyghmi import's HIGH
one); ``examples/telnetlib.py`` reads its password with ``getpass`` and is expected to
raise only the telnet issues. Each case below was read in its file and is cited by the
first line holding it (``anchor``, else the value).

``SECRETS``: (file, kind, value, anchor), the kind the plugin that reports it.
``NEGATIVES``: (file, kind, text) for lines the functional tests expect no password issue
on, as the file holds them.

Left out without a row: the reported values under 8 signs (``Admin``, ``root``,
``blerg``, ``secret``, ``1234``, ``pass``, ``12345``), the empty string and ``None``
defaults bandit also reports, and the plugins' doc examples (the same values).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/PyCQA+bandit/repo")
REPO = "PyCQA/bandit"

_HP = "examples/hardcoded-passwords.py"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_HP, "bandit:hardcoded-password-string", "class_password", 'password = "class_password"'),
    (_HP, "bandit:hardcoded-password-string", "ajklawejrkl42348swfgkg", 'if password == "ajklawejrkl42348swfgkg":'),
    (_HP, "bandit:hardcoded-password-string", "this cool password", 'if obj.password == "this cool password":'),
    (_HP, "bandit:hardcoded-password-string", "emails_secret", "email_pwd = 'emails_secret'"),
    (_HP, "bandit:hardcoded-password-string", "d6s$f9g!j8mg7hw?n&2", "my_secret_password_for_email = 'd6s$f9g!j8mg7hw?n&2'"),
    ("examples/pyghmi.py", "bandit:hardcoded-password-funcarg", "ZjE4ZjI0NTE4YmI2NGJjZDliOGY3ZmJiY2UyN2IzODQK", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "class_password": "words naming the value",
    "this cool password": "words naming the value",
    "emails_secret": "words naming the value",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (_HP, "bandit-fp:hardcoded-password", 'log({"server": server, "password": password, "user": user})'),
    (_HP, "bandit-fp:hardcoded-password", 'info = {"password": password}'),
    (_HP, "bandit-fp:hardcoded-password", "def someFunction2(password):"),
    (_HP, "bandit-fp:hardcoded-password", "self.auth_password = auth_password"),
    ("examples/telnetlib.py", "bandit-fp:hardcoded-password", "password = getpass.getpass()"),
)  # fmt: skip

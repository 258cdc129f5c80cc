# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""awslabs' git-secrets, for the ``fresh10`` split (``fresh10.py`` reads and writes).

git-secrets greps commits, messages and merges for prohibited patterns kept in git config,
less what allowed patterns match. ``--register-aws`` adds AWS's patterns (key ids, Bedrock
API keys, secret-key and account-id assignments) and allows AWS's two documentation keys;
``--aws-provider`` turns the values of an ``~/.aws/credentials`` file into prohibited
literals. Its tests (``test/*.bats``, fixtures made in ``test/test_helper.bash``) run the
hooks on toy patterns (``@todo``, ``forbidden|me``, ``#hash``) and check what fails and what
passes. Each case below was read in its test and is cited by the first line holding it.

``SECRETS``: none. The credentials-file test's values are under 8 signs or names
(``abc123``, ``foobaz``, ``Bernard``, ``Laverne``, ``Hoagie+man``), the tests' prohibited
strings are the toy patterns, and the only AWS values are the documentation keys
(``AKIAIOSFODNN7EXAMPLE``, ``wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY``) and the Bedrock
short-lived key prefix (``bedrock-api-key-`` and base64 of ``bedrock.amazonaws.com``): not
taken, as no earlier split took AWS's documentation keys. ``NEGATIVES``: (file, kind,
text) for the lines the tests expect to pass, as the test writes them (a line an allowed
pattern excuses, one whose match is no whole word, a working-tree fix left unstaged); the
one-word and two-word texts (``hello!``, ``hi there``, ``it is ok``, ``This is OK``) were
not taken.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/awslabs+git-secrets/repo")
REPO = "awslabs/git-secrets"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = ()

NO_SECRET: dict[str, str] = {}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("test/git-secrets.bats", "git-secrets-fp:allowed", 'foo="bazzz" is ok because 3 "z"s'),
    ("test/git-secrets.bats", "git-secrets-fp:plain-text", "mesa Jar Jar Binks"),
    ("test/pre-commit.bats", "git-secrets-fp:plain-text", "fixed the working directory, but not staged"),
)  # fmt: skip

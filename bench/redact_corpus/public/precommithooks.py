# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""pre-commit's own hooks, for the ``fresh14`` split (``fresh14.py`` reads and writes).

``pre-commit/pre-commit-hooks`` ships two secret hooks: ``detect-aws-credentials`` (a staged
file must not hold a secret access key or session token found in the user's AWS
configuration) and ``detect-private-key`` (a staged file must not hold a private key's header).
Their tests read AWS configuration files under ``testing/resources/`` (access key ids and
secret access keys in one or several profiles, a session token, a profile without a secret)
and feed key headers and public-key lines to the key hook
(``tests/detect_private_key_test.py``). Each value was read in its file at ``HEAD`` and is
cited by the first line holding it.

``SECRETS``: (file, kind, value, anchor), the kind the field. ``NEGATIVES``: (file, kind, text)
for what the tests say holds no secret or what holds none beside the keys: bare key headers
with no key material (a header alone gives nothing away), public-key lines, the environment
variables naming credential files, a session token ``foo``, an empty secret, the files'
comments.

``NO_SECRET``: the secret key of the ``arbitrary encoding`` test (``9018asdf23908190238123``:
the keyboard run ``asdf`` between digits). Listed and dropped by the filters:
``AKIAVOGONSVOGONS0042`` (``VOGONS`` said twice reads as a placeholder to fresh2's filter), so
the fourth access key id (``AKIASLARTARGENTINA86``, of the profile whose secret is blank)
takes its place under the cap of 3 per kind. Left
out without a row: ``AKIASDFASDF`` (eleven signs, no access key id's form: a keyboard run).

Doubtful labels, kept: the access key ids spell names (``SLARTIBARTFAST``, ``VOGONS``,
``JIMMINYCRICKET``) after ``AKIA``; they have an access key id's form, and prior splits label
access key ids secrets. The secret access keys are 40 small letters and digits, not AWS's
base64 alphabet, but no word.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/pre-commit+pre-commit-hooks/repo")
REPO = "pre-commit/pre-commit-hooks"

_MULTI = "testing/resources/aws_config_with_multiple_sections.ini"
_AWS_TEST = "tests/detect_aws_credentials_test.py"
_KEY_TEST = "tests/detect_private_key_test.py"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_MULTI, "pre-commit-hooks:aws-secret-access-key", "7xebzorgm5143ouge9gvepxb2z70bsb2rtrh099e", None),
    (_MULTI, "pre-commit-hooks:aws-secret-access-key", "z2rpgs5uit782eapz5l1z0y2lurtsyyk6hcfozlb", None),
    (_MULTI, "pre-commit-hooks:aws-secret-access-key", "ixswosj8gz3wuik405jl9k3vdajsnxfhnpui38ez", None),
    (_MULTI, "pre-commit-hooks:aws-access-key-id", "AKIASLARTIBARTFAST11", None),
    (_MULTI, "pre-commit-hooks:aws-access-key-id", "AKIAVOGONSVOGONS0042", None),
    (_MULTI, "pre-commit-hooks:aws-access-key-id", "AKIAJIMMINYCRICKET0A", None),
    ("testing/resources/aws_config_without_secrets_with_spaces.ini", "pre-commit-hooks:aws-access-key-id", "AKIASLARTARGENTINA86", None),
    (_AWS_TEST, "pre-commit-hooks:aws-secret-access-key-inline", "9018asdf23908190238123", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "9018asdf23908190238123": "the keyboard run asdf between digits",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (_KEY_TEST, "pre-commit-hooks-fp:key-header", "(b'-----BEGIN DSA PRIVATE KEY-----', 1),"),
    (_KEY_TEST, "pre-commit-hooks-fp:key-header", "(b'PuTTY-User-Key-File-2: ssh-rsa', 1),"),
    (_KEY_TEST, "pre-commit-hooks-fp:key-header", "(b'---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----', 1),"),
    (_KEY_TEST, "pre-commit-hooks-fp:key-header", "(b'-----BEGIN OpenVPN Static key V1-----', 1),"),
    (_KEY_TEST, "pre-commit-hooks-fp:public-key", "(b'ssh-rsa DATA', 0),"),
    (_AWS_TEST, "pre-commit-hooks-fp:reference", "({'AWS_SHARED_CREDENTIALS_FILE': '/foo'}, {'/foo'}),"),
    (_AWS_TEST, "pre-commit-hooks-fp:reference", "{'AWS_PLACEHOLDER_KEY': 'foo', 'AWS_SECRET_ACCESS_KEY': 'bar'},"),
    (_AWS_TEST, "pre-commit-hooks-fp:reference", "({'AWS_SESSION_TOKEN': 'foo', 'AWS_SECURITY_TOKEN': ''}, {'foo'}),"),
    (_AWS_TEST, "pre-commit-hooks-fp:reference", "'testing/resources/aws_config_with_multiple_sections.ini',"),
    ("testing/resources/aws_config_with_session_token.ini", "pre-commit-hooks-fp:placeholder", "aws_session_token = foo"),
    ("testing/resources/aws_config_without_secrets_with_spaces.ini", "pre-commit-hooks-fp:config", "# file with an AWS access key id but no valid AWS secret access key only space characters"),
    (_MULTI, "pre-commit-hooks-fp:config", "# file with AWS access key ids, AWS secret access keys and AWS session tokens in multiple sections"),
)  # fmt: skip

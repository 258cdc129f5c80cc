# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""IBM's fork of detect-secrets, its own plugins' tests, for the ``fresh17`` split
(``fresh17.py`` reads and writes).

``IBM/detect-secrets`` forked Yelp's scanner (0.13) and added plugins for IBM's services and
its GitHub Enterprise. Four of them went upstream (Cloudant, IBM Cloud IAM, IBM COS HMAC,
SoftLayer: Yelp's copies of their tests were read by earlier splits, and their lines came back
as repeats when first tried here), so only the three the fork alone has were read: Box, Db2
and GitHub Enterprise (``tests/plugins/box_test.py``, ``db2_test.py``,
``gh_enterprise_test.py`` at ``HEAD``, with the plugin each tests). The fork's other tests are
Yelp's of 2019-2020 (read for the main corpus and ``fresh6``). It stands in for KeyHacks'
secrets (see ``fresh17.py``).

``SECRETS``: (file, kind, value, anchor). The Box test writes its keys as counted or repeated
runs (``abcd1234`` four times, ``12345678abcdefgh12345678ABCDEFGH``): listed and dropped by
``NO_SECRET``. What stays: the two 40-hex GitHub Enterprise tokens of the old form, the body of
a new-form token (``ghp_`` + 36 signs), the Basic credential the GHE plugin must flag, and two
Db2 passwords.

``NEGATIVES``: (file, kind, text) for what these tests expect not flagged and for lines beside
the secrets that hold none: a Box secret too short, an "encrypted private key" whose body is
the word ``key``, Db2 connection templates and ``notapassword`` as a host, a GHE token
placeholder without its keyword, ``<fake-pass>`` in a URL, ``token %s``, the plugins' regexes
(one marked ``pragma: whitelist secret``), an enterprise id.

``NO_SECRET``: the counted and repeated keys above; the Db2 tests' ``fake_password``,
``$omespeci@!ch@r$`` (leet for "some special chars": words naming the value),
``:anothersyntax!`` and ``ilikespaces`` (words naming the case each tests). Left out without
a row: values under 8 signs (``secret``, ``astring``, ``pass``, ``@#!%#``), the 39- and
41-hex near-tokens the GHE test expects not flagged (too short or long for the rule, but each
could be a key cut or run on: neither label is fair) and its ``53d49dnotakeyata9…`` (a
labelled token with letters put in).

Doubtful labels, kept: ``Iusedb2!`` and ``ilikelemons`` (phrases, but each set as a Db2
password and neither names the value).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/IBM+detect-secrets/repo")
REPO = "IBM/detect-secrets"

_T = "tests/plugins"
_GHE = f"{_T}/gh_enterprise_test.py"
_DB2 = f"{_T}/db2_test.py"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_GHE, "ibm-detect-secrets:ghe-token-hex", "2764d47e6bf540911b7da8fe55caa9451e783549", None),
    (_GHE, "ibm-detect-secrets:ghe-token-hex", "53d49d5081266d939bac57a3d86c517ded974b19", None),
    (_GHE, "ibm-detect-secrets:github-token-body", "wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx", None),
    (_GHE, "ibm-detect-secrets:ghe-basic-auth", "YWJjZWRmYWJlZmQzMzMzMTQ1OTA4YWJjZGRmY2JkZGUxMTQ1Njc4OQo=", None),
    (_DB2, "ibm-detect-secrets:db2-password", "Iusedb2!", None),
    (_DB2, "ibm-detect-secrets:db2-password", "ilikelemons", None),
    (_DB2, "ibm-detect-secrets:db2-password", "$omespeci@!ch@r$", None),
    (_DB2, "ibm-detect-secrets:db2-password", ":anothersyntax!", None),
    (_DB2, "ibm-detect-secrets:db2-password", "ilikespaces", None),
    (_DB2, "ibm-detect-secrets:db2-password", "fake_password", None),
    (f"{_T}/box_test.py", "ibm-detect-secrets:box-client-secret", "12345678abcdefgh12345678ABCDEFGH", None),
    (f"{_T}/box_test.py", "ibm-detect-secrets:box-client-secret", "abcd1234ABCD1234abcd1234ABCD1234", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "$omespeci@!ch@r$": "leet for 'some special chars': words naming the value",
    ":anothersyntax!": "words naming the case it tests",
    "ilikespaces": "words naming the case it tests",
    "fake_password": "words naming the value",
    "12345678abcdefgh12345678ABCDEFGH": "digits and letters counted in order",
    "abcd1234ABCD1234abcd1234ABCD1234": "one run said four times, in two cases",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # Box
    (f"{_T}/box_test.py", "ibm-detect-secrets-fp:too-short", '"clientSecret": "12345678abcdnotenough"'),
    (f"{_T}/box_test.py", "ibm-detect-secrets-fp:no-key", "BOX_PRIVATE_KEY = '-----BEGIN ENCRYPTED PRIVATE KEY----- key -----END ENCRYPTED PRIVATE KEY-----\\n'"),
    (f"{_T}/box_test.py", "ibm-detect-secrets-fp:identifier", "BOX_ENTERPRISE_ID = '1234'"),
    (f"{_T}/box_test.py", "ibm-detect-secrets-fp:identifier", "'\"publicKeyID\": \"abcd1234\"',"),
    (f"{_T}/box_test.py", "ibm-detect-secrets-fp:config", "mock_box.return_value.user.return_value.get.return_value.name = 'Testy'"),
    ("detect_secrets/plugins/box.py", "ibm-detect-secrets-fp:regex", "password = r'([a-zA-Z0-9]{32})'  # pragma: whitelist secret"),
    ("detect_secrets/plugins/box.py", "ibm-detect-secrets-fp:regex", "publickeyid_factor = r'([a-z0-9]{8})'"),
    # Db2
    (_DB2, "ibm-detect-secrets-fp:host", "dashdb_host = notapassword"),
    (_DB2, "ibm-detect-secrets-fp:config", "DB2_HOSTNAME = 'fake.host.name'"),
    (_DB2, "ibm-detect-secrets-fp:template", "'protocol=tcpip;uid={DB2_USER};pwd={DB2_PASSWORD};ConnectTimeout=5'"),
    (_DB2, "ibm-detect-secrets-fp:template", "'''jdbc:db2://{}:{}/{}:user={};password={};"),
    (_DB2, "ibm-detect-secrets-fp:reference", "mock_db2_connect.assert_called_with(DB2_CONN_STRING, '', '')"),
    ("detect_secrets/plugins/db2.py", "ibm-detect-secrets-fp:regex", "password_keyword = r'(?:password|pwd|pass|passwd|creds|credentials|cred|auth)'"),
    # GitHub Enterprise
    (_GHE, "ibm-detect-secrets-fp:placeholder", "('abcdef0123456789abcdef0123456789abcdef01', False),  # no keyword prefix"),
    (_GHE, "ibm-detect-secrets-fp:placeholder", "('new_ghe_token: abcdef0123456789abcdef0123456789abcdef01', False),  # missing prefix"),
    (_GHE, "ibm-detect-secrets-fp:placeholder", "('https://<fake-username>:<fake-pass>@github.ibm.com', False),"),
    (_GHE, "ibm-detect-secrets-fp:template", "('Authorization: token %s', False),"),
    (_GHE, "ibm-detect-secrets-fp:reference", "GHE_TOKEN_NEW = 'ghp_' + TOKEN_STRING"),
    (_GHE, "ibm-detect-secrets-fp:url", "responses.GET, 'https://github.ibm.com/api/v3', status=401,"),
    ("detect_secrets/plugins/github_enterprise.py", "ibm-detect-secrets-fp:regex", "new_ghe_token = (r'(ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9_]{36}')"),
    ("detect_secrets/plugins/github_enterprise.py", "ibm-detect-secrets-fp:regex", "key_or_pass_values = 'key|pwd|password|pass|token|oauth|auth|pat|ghe|gh|secret'"),
    ("detect_secrets/plugins/github_enterprise.py", "ibm-detect-secrets-fp:template", "headers = {'Authorization': 'token %s' % token}"),
)  # fmt: skip

# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""feeltheajf's trufflehog3, for the ``fresh17`` split (``fresh17.py`` reads and writes).

``feeltheajf/trufflehog3`` is a Python rewrite of truffleHog (regex and entropy rules, inline
``nosecret`` comments, HTML reports). Since v3 its tests are doctests in the package
(``setup.cfg``: ``--doctest-modules``) and ``tests/data/`` holds three files with no value
(``Test`` and two YAML documents of numbers). What there is was read in full: the doctests at
``HEAD`` (``trufflehog3/models.py``, ``search.py``, ``helper.py``, ``source.py``), the
example report the docs show (``docs/examples/report.json``), the rules and the repository's
own exclusions (``trufflehog3/static/rules.yml``, ``.trufflehog3.yml``); and, pinned, the
tests v3 deleted: v2's ``tests/conftest.py``, ``tests/test_cli.py`` and ``scripts/makerepo``
(``bd90072…``, the commit before v3), v1's rule tests ``tests/test_*.json`` and
``test_all.py`` (``042c394…``; the const-hash-salt test at ``17569a9…``, the commit that
added it), and the file the v1 test ``test_return_correct_commit_hash`` expects a secret in
(``temp/nothing`` at ``9ed5461…``, "OH no a secret", a commit of truffleHog's history the
fork keeps).

``SECRETS``: (file, kind, value, anchor). The example report's AWS access key id, a mail
client's password and a Slack bot token; the password a doctest's entropy rule finds; the
string truffleHog's history plants as a secret; the high-entropy string v2's test repository
commits as its secret.

``NEGATIVES``: (file, kind, text): the repository's exclusions (the SRI hashes of the
report's scripts and styles, a commit hash and an alphabet the tests use), the same SRI
hashes in the report templates, issue ids (UUIDv3) and a commit id in the example report,
the rules' regexes, the doctests' ``nosecret`` comments and the alphabet and counted digits
the entropy doctests flag, the v1 rule tests' ``✗`` lines (what must not be found) and
their counted-digit ``✓`` values, URLs with ``password`` as the password, a bare RSA key
header with no key, commit hashes, skip strings.

``NO_SECRET``: ``Postgres1!`` (the database's name, a digit and a sign: the example report's
made-up weak password). Left out without a row: ``letmein`` (under 8 signs, and in the
``nosecret`` doctests), the v1 Slack test token (``xoxp-12345678901-…qweqwe…``: digits
counted in order and a keyboard run; kept as a negative), ``DEADBEEF`` (a hex word), the
string v2's tests commit under "Adds no secret values at all"
(``f18e9874c95a664e7175e8a7991ff9e5e1f91a473665f5``: the tests report it as high entropy
but its commit says it is none; neither label is fair) and ``test_all.py``'s two random
strings for the entropy function (test vectors, split over two literals).

Doubtful labels, kept: the two planted strings (``iZNOIP…`` and ``4b2810c1…``): neither
has a provider's form, but each is what its test plants and expects found as the secret.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/feeltheajf+trufflehog3/repo")
REPO = "feeltheajf/trufflehog3"

_V2 = "bd900724f7f82040689f4d7bcd918fcbabcb7e7e"
"""The commit before v3 (``36efb70``) deleted the tests and ``scripts/makerepo``."""
_V1 = "042c394ba19df9b758d2f251a53de34c90f44925"
"""The last commit with v1's rule tests (``tests/test_*.json``) and ``test_all.py``."""
_SALT = "17569a97965968d49910b5d6317455f05b9f2c5a"
"""The commit that added ``tests/test_const_hash_salt.json`` (``042c394`` deleted it)."""
_PLANTED = "9ed54617547cfca783e0f81f8dc5c927e3d1e345"
"""truffleHog's "OH no a secret" commit, which v1's ``test_all.py`` expects a finding in."""

_REPORT = "docs/examples/report.json"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_REPORT, "trufflehog3:report-aws-access-key-id", "AKIABACE43789891CE72", None),
    (_REPORT, "trufflehog3:report-mail-client-password", "A5f8760a16039c1aD66dc3EBbce533c3", None),
    (_REPORT, "trufflehog3:report-slack-bot-token", "xoxb-05047172927-298483969606-9a05046c9394fd596c2cc2aa", None),
    (_REPORT, "trufflehog3:report-postgres-url-password", "Postgres1!", None),
    ("trufflehog3/models.py", "trufflehog3:doctest-entropy-password", "irtksdajfhaeu356", None),
    (f"temp/nothing@{_PLANTED}", "trufflehog3:history-planted-secret", "iZNOIPugKnpjh6D6tyNmeGmU7lyPfhIIqGeKYOoyFN9WUB9ZaDPQmv3sPi3g5wFY3UxmhowWYD1GYVq7E54xJYMvrLH6yJt8UlN4", None),
    (f"scripts/makerepo@{_V2}", "trufflehog3:test-repo-high-entropy-secret", "4b2810c1a65d47af13dc8d6eae8d36", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "Postgres1!": "the database's name, a digit and a sign: a made-up weak password",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # the repository's own exclusions and the hashes they name
    (".trufflehog3.yml", "trufflehog3-fp:sri-hash", "pattern: sha256-Uv3H6lx7dJmRfRvH8TH6kJD1TSK1aFcwgx\\+mdg3epi8="),
    (".trufflehog3.yml", "trufflehog3-fp:sri-hash", "pattern: sha256-kpeCd0c1zTgJMsU\\+s8Pz4CwckI73qwpdYMTxTsRyO8A="),
    (".trufflehog3.yml", "trufflehog3-fp:sri-hash", "pattern: sha256-U/cHDMTIHCeMcvehBv1xQ052bPSbJtbuiw4QA9cTKz0="),
    (".trufflehog3.yml", "trufflehog3-fp:commit-hash", "pattern: 9e404e6c59d286645b2465aacaf61108ebc12a3a"),
    (".trufflehog3.yml", "trufflehog3-fp:alphabet", "pattern: abcdefghijklmnopqrstuvwxyz"),
    (".trufflehog3.yml", "trufflehog3-fp:config", "#     pattern: (?i)not-a-secret"),
    ("docs/templates/html.mako", "trufflehog3-fp:sri-hash", '<script src="https://cdnjs.cloudflare.com/ajax/libs/highlight.js/10.1.1/highlight.min.js" integrity="sha256-Uv3H6lx7dJmRfRvH8TH6kJD1TSK1aFcwgx+mdg3epi8=" crossorigin></script>'),
    ("trufflehog3/static/report.html.j2", "trufflehog3-fp:sri-hash", '<link rel="stylesheet" href="https://feeltheajf.github.io/materialize/materialize.min.css" integrity="sha256-kpeCd0c1zTgJMsU+s8Pz4CwckI73qwpdYMTxTsRyO8A=" crossorigin>'),
    # the example report beside its secrets
    (_REPORT, "trufflehog3-fp:identifier", '"id": "1367237d-b56f-38f8-b557-a4634d8e9fb2",'),
    (_REPORT, "trufflehog3-fp:identifier", '"id": "ce643b0c-098e-38d2-bf01-97e04e03d35a",'),
    (_REPORT, "trufflehog3-fp:commit-hash", '"commit": "3c663477ad5befa55f6e83f52af33f8d",'),
    (_REPORT, "trufflehog3-fp:code", '"13": "    return _api_call(token, **kwargs)"'),
    (_REPORT, "trufflehog3-fp:regex", '"pattern": "AKIA[0-9A-Z]{16}",'),
    (_REPORT, "trufflehog3-fp:regex", '"pattern": "xox[p|b|o|a]-[0-9]{12}-[0-9]{12}-[a-z0-9]{24}",'),
    # the rules
    ("trufflehog3/static/rules.yml", "trufflehog3-fp:alphabet", 'alphabet: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+/="'),
    ("trufflehog3/static/rules.yml", "trufflehog3-fp:regex", 'pattern: "amzn\\\\.mws\\\\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"'),
    ("trufflehog3/static/rules.yml", "trufflehog3-fp:regex", 'pattern: "-----BEGIN (RSA|DSA|EC|OPENSSH) PRIVATE KEY-----"'),
    ("trufflehog3/static/rules.yml", "trufflehog3-fp:regex", 'pattern: "https://hooks.slack.com/services/T[a-zA-Z0-9_]{8}/B[a-zA-Z0-9_]{8}/[a-zA-Z0-9_]{24}"'),
    # the doctests: nosecret comments, what the entropy rule flags that is no secret
    ("trufflehog3/search.py", "trufflehog3-fp:reference", '>>> _parse_nosecret("token = get_token()  # not secret")'),
    ("trufflehog3/search.py", "trufflehog3-fp:reference", '>>> sorted(_parse_nosecret("token := getToken() // nosecret: id1,id2"))'),
    ("trufflehog3/search.py", "trufflehog3-fp:config", "...         \"9\":  \"username = 'admin'\","),
    ("trufflehog3/models.py", "trufflehog3-fp:alphabet", ">>> rule.findall(\"token = 'abcdefghijklmnopqrstuvwxyz'\")"),
    ("trufflehog3/models.py", "trufflehog3-fp:counted-digits", ">>> rule.findall(\"password = '1234567890'\")"),
    ("trufflehog3/helper.py", "trufflehog3-fp:hex-word", '>>> get_strings("something about deadbeef", "0123456789abcdef", 5)'),
    ("trufflehog3/source.py", "trufflehog3-fp:commit-hash", '...     since="9e404e6c59d286645b2465aacaf61108ebc12a3a",'),
    ("trufflehog3/source.py", "trufflehog3-fp:commit-id-bytes", '>>> b1 = b"\\x87\\x02\\xc5\\x00p\\xf8\\x84\\x04\\xd5bLJ\\xec\\xe69\\xba\\x85\\xf1V\\x81"'),
    ("README.md", "trufflehog3-fp:empty", 'password = ""  # nosecret'),
    ("README.md", "trufflehog3-fp:empty", 'password = ""  # nosecret: generic.password'),
    # v2's tests (deleted by v3)
    (f"tests/conftest.py@{_V2}", "trufflehog3-fp:commit-hash", 'since_commit="d15627104d07846ac2914a976e8e347a663bbd9b",'),
    (f"tests/conftest.py@{_V2}", "trufflehog3-fp:placeholder", "\"server_url = 'https://username:password@localhost:1234'\""),
    (f"tests/conftest.py@{_V2}", "trufflehog3-fp:config", 'skip_strings=["qweqwe"],'),
    (f"tests/conftest.py@{_V2}", "trufflehog3-fp:text", '"sample code before secret line",'),
    (f"tests/test_cli.py@{_V2}", "trufflehog3-fp:regex", 'skip_strings = [".*test_secret.*", "test_password = .*"]'),
    (f"scripts/makerepo@{_V2}", "trufflehog3-fp:pem-header-only", 'PRIVATE_KEY_STRING="-----BEGIN RSA PRIVATE KEY-----"'),
    # v1's rule tests: what must not be found, and the counted values that must
    (f"tests/test_password_in_url.json@{_V1}", "trufflehog3-fp:url", '"✗": "test password in url postgres://localhost:5432/test"'),
    (f"tests/test_password_in_url.json@{_V1}", "trufflehog3-fp:counted-digits", '"✓": "postgres://postgres:1234567890@localhost:5432/test"'),
    (f"tests/test_generic_encryption_key.json@{_V1}", "trufflehog3-fp:text", '"✗": "test generic encryption key"'),
    (f"tests/test_generic_encryption_key.json@{_V1}", "trufflehog3-fp:counted-digits", "\"✓\": \"encryptionKey = '1234567890'\""),
    (f"tests/test_rsa_private_key.json@{_V1}", "trufflehog3-fp:text", '"✗": "test RSA private key"'),
    (f"tests/test_slack_token.json@{_V1}", "trufflehog3-fp:text", '"✗": "test slack token"'),
    (f"tests/test_slack_token.json@{_V1}", "trufflehog3-fp:counted-digits", '"✓": "sc = SlackClient(xoxp-12345678901-123456789012-123456789012-1234567890123qweqwe1234567890123)",'),
    (f"tests/test_const_hash_salt.json@{_SALT}", "trufflehog3-fp:hex-word", "\"✓\": \"hashlib.md5(password + 'DEADBEEF').hexdigest()\","),
    (f"test_all.py@{_V1}", "trufflehog3-fp:config", 'core.config.whitelist = ["qweqwe"]'),
    (f"test_all.py@{_V1}", "trufflehog3-fp:commit-hash", 'commit_w_secret = "9ed54617547cfca783e0f81f8dc5c927e3d1e345"'),
    (f"test_all.py@{_V1}", "trufflehog3-fp:text", 'cross_valdiating_commit_w_secret_comment = "OH no a secret"'),
)  # fmt: skip

# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""GoDaddy's tartufo, for the ``fresh14`` split (``fresh14.py`` reads and writes).

``godaddy/tartufo`` scans Git history and folders for secrets by regular expression and by
entropy (base64 and hex words above a threshold). Its tests plant few values: the folder
scanner's fixtures (``tests/data/scan_folder/``) hold one base64 string the entropy scan must
report (and a file the scan must skip holding the same), the base64 alphabet in a
subfolder, and the entropy tests (``tests/test_base_scanner.py``) measure one base64 and one
hex string. The rest is configuration: exclusion signatures (SHA-256 digests of findings),
exclusion patterns with their reasons, rule patterns. Each value was read in its file at
``HEAD`` and is cited by the first line holding it.

``SECRETS``: (file, kind, value, anchor), the kind the fixture. ``NEGATIVES``: (file, kind,
text) for the configuration and test lines that hold none: exclusion signatures, exclusion
and rule patterns (a rule naming a PEM header), the base64 alphabet (which the scan reports,
but which is no secret), a digest computed at run time, a results folder's name, the
splitting tests' runs of one sign.

Listed and dropped by the filters: the base64 entropy test's string
(``ZWVTjPQSdhwRgl204Hc51YCsritMIzn8B=/p9UyeX7xu6KkAGqfm3FJ+oObLDNEva``, the base64 alphabet
shuffled; ``fresh9`` holds it, from eslint-plugin-no-secrets' tests, which share it).

Doubtful labels, kept: the hex test's ``b3A0a1FDfe86dcCE945B72`` mixes the cases of hex
letters, as no digest printer does: random to the eye and to any scanner, so read as a secret;
the folder fixture's ``KQ0I97OBuPlGB9yPRxoSxnX52zE=`` has a SHA-1 digest's length in base64
(it could be a digest; with no context it reads as the token the test says it is).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/godaddy+tartufo/repo")
REPO = "godaddy/tartufo"

_BASE = "tests/test_base_scanner.py"
_CONF = "docs/source/configuration.rst"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("tests/data/scan_folder/test.txt", "tartufo:entropy-fixture-base64", "KQ0I97OBuPlGB9yPRxoSxnX52zE=", None),
    (_BASE, "tartufo:entropy-test-base64", "ZWVTjPQSdhwRgl204Hc51YCsritMIzn8B=/p9UyeX7xu6KkAGqfm3FJ+oObLDNEva", None),
    (_BASE, "tartufo:entropy-test-hex", "b3A0a1FDfe86dcCE945B72", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (_CONF, "tartufo-fp:digest", '{signature = "62f22e4500140a6ed959a6143c52b0e81c74e7491081292fce733de4ec574542"},'),
    (_CONF, "tartufo-fp:digest", '{signature = "2a3cb329b81351e357b09f1b97323ff726e72bd5ff8427c9295e6ef68226e1d1", reason = "reason for exclusion"},'),
    (_CONF, "tartufo-fp:pattern", "{path-pattern = 'products_.*\\.txt', pattern = '^SK[\\d]{16,32}$', reason = 'SKU pattern that resembles Twilio API Key'},"),
    (_CONF, "tartufo-fp:pattern", "{path-pattern = '\\.github/workflows/.*\\.yaml', pattern = 'https://\\${\\S+}:\\${\\S+}@\\S+', reason = 'URL with env variables for auth'},"),
    (_CONF, "tartufo-fp:pattern", "{path-pattern = '\\.github/workflows/.*\\.yml', pattern = 'uses: .*@[a-zA-Z0-9]{40}', reason = 'GitHub Actions'}"),
    ("tests/data/config/rule_pattern_config.toml", "tartufo-fp:pattern", '{reason = "RSA private key 2", pattern = "-----BEGIN EC PRIVATE KEY-----"},'),
    ("tests/data/scan_folder/scan_sub_folder/sub_folder_test.txt", "tartufo-fp:alphabet", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="),
    ("tests/test_scan_local_repo.py", "tartufo-fp:reference", 'secret_key = sha256(b"hello world")'),
    ("tests/test_cli.py", "tartufo-fp:path", 'result_dir = output_dir / "tartufo-scan-results-nownownow"'),
    ("tests/test_util.py", "tartufo-fp:run", 'self.assertEqual(strings, ["111111111+ffffCCCC=="])'),
    ("tests/test_util.py", "tartufo-fp:run", '["+111111111-ffffCCCC=", "111111111111111111111==", "==111111111111111111"],'),
)  # fmt: skip

# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""New Relic's rusty-hog, for the ``fresh8`` split (``fresh8.py`` reads and writes).

rusty-hog's scanner crate tests its generic-secret and entropy checks on a few keyword
lines (``crates/rusty-hog-scanner/src/lib.rs``: ``generic_secret_regex_test`` must find
three of four lines, ``test_check_entropy`` must reject a low-entropy one,
``email_address_regex_test`` must find one address among SSH and URL look-alikes), ships an
allowlist of strings never to report (``default_allowlist.json``), and ``duroc_hog``'s test
allowlists an address. Each case below was read in its file and is cited by the first line
holding it (``anchor``, else the value).

``SECRETS``: (file, kind, value, anchor), the kind the pattern the test exercises.
``NEGATIVES``: (file, kind, text) for lines a test says must not be found and allowlisted
strings.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/newrelic+rusty-hog/repo")
REPO = "newrelic/rusty-hog"

_LIB = "crates/rusty-hog-scanner/src/lib.rs"
_ALLOW = "crates/rusty-hog-scanner/src/default_allowlist.json"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_LIB, "rusty-hog:generic-secret", "gfedcbaZYXWVUTSRQPONMLKJIHGFEDCBA", None),
    (_LIB, "rusty-hog:generic-secret", "1dd06c1162b44890b97ad27849f1c1ef", None),
    (_LIB, "rusty-hog:generic-secret", "aea7f86653514d94b86cc33a5bad1659", None),
    (_LIB, "rusty-hog:entropy", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefg", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "gfedcbaZYXWVUTSRQPONMLKJIHGFEDCBA": "the alphabet backwards",
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefg": "the alphabet",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (_LIB, "rusty-hog-fp:generic-secret", "not_so_secret_but_has_the_word_secret_and_is_long"),
    (_LIB, "rusty-hog-fp:entropy", "secret: AAAAAAAAABBBBBBBBBBBBCCCCCCCCCCCC"),
    (_LIB, "rusty-hog-fp:email", "git@github.com:newrelic/rusty-hog-scanner.git"),
    (_LIB, "rusty-hog-fp:email", "scp user@host:file.txt ."),
    (_LIB, "rusty-hog-fp:email", "https://user@host/secured/file"),
    (_LIB, "rusty-hog-fp:email", "https://user@host.com/secured/file"),
    (_ALLOW, "rusty-hog-fp:allowlist", "NRAK-123456789ABCDEFGHIJKLMNOPQR"),
    (_ALLOW, "rusty-hog-fp:allowlist", "sanitizeAPIKeyForLogging"),
    (_ALLOW, "rusty-hog-fp:allowlist", "bootstrap_newrelic_admin_license_key"),
    (_ALLOW, "rusty-hog-fp:allowlist", "__YOUR_NEW_RELIC_LICENSE_KEY__LICENSE__"),
    (_ALLOW, "rusty-hog-fp:allowlist", "YOUR_NEW_RELIC_APPLICATION_TOKEN"),
    (_ALLOW, "rusty-hog-fp:allowlist", "secret:NewRelicLicenseKeySecret"),
    ("src/bin/duroc_hog.rs", "rusty-hog-fp:allowlist", "My email is username@mail.com"),
)  # fmt: skip

"""Build the ``fresh23`` split from the test fixtures gitleaks, TruffleHog and Yelp's
detect-secrets once held and later changed or deleted: the three projects the main corpus (and
``fresh6``) read at one commit each, read here through their history instead, so that none of
the values is one a rule here was tuned on.

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh23.py

(``fetch github:trufflesecurity/trufflehog``, ``fetch github:Yelp/detect-secrets``, the gitleaks
mirror and the ripsecrets mirror the negatives' judges read bring what it reads.) Each mirror's
``HEAD`` is the commit the main corpus read (gitleaks
``b58d3f102cf3a2c84cb7f923d05c25c9b1aed84b``, TruffleHog
``3ab759fef4bb5935d4fe9ac68b503d05346b8364``, detect-secrets
``5e141933554a0b74e7341841f318be21e895339c``), and no case is read there: every case names its
file as ``<path>@<commit>``, the commit on ``HEAD``'s own history (``git log HEAD``, no side
branch or pull request) whose file still held the value, i.e. the parent of the commit that
changed or deleted the line. It writes ``fresh23_secrets.jsonl`` and ``fresh23_negatives.jsonl``.
The cases are tables read by hand (``gitleaks_history.py``, ``trufflehog_history.py``,
``detectsecrets_history.py``); this script looks each one up in its file at its commit (a table
that no longer matches its source stops the build), cites the first line holding it and filters.
Ids are ``hx0001``... and ``hxn0001``... (no id in any file starts with ``hx``; ``h`` alone is
``fresh3``'s letter, whose ids are ``h`` and four digits, so none begins ``hx``).

How the candidates were found: ``git log HEAD -p --diff-filter=DM`` over each project's fixture
paths (gitleaks: the whole tree but ``vendor/``; TruffleHog: ``pkg/detectors``; detect-secrets:
``tests``, ``test_data``, ``testing``), every string literal on a removed line kept if no file at
``HEAD`` holds it and no earlier split has it; then each file was read at its commit to label the
case.

What each source gives. gitleaks: literal true positives of rule files before the rules moved to
generated samples (Facebook page and app access tokens, an age secret key, two OpenAI keys, three
generic-rule values, an MSSQL connection string's password, an AWS access key id), the v7
expected reports' offenders (a Square OAuth secret, a Google API key) and the 2018 entropy
test's flagged Reddit secret; negatives are the rules' false-positive lists (Meraki,
Sourcegraph, Okta, Azure AD, generic) and that entropy test's unflagged lines. TruffleHog: the
pattern tests' valid keys of 36 detectors as they stood before a later commit rewrote them (many
before ``2f1baea40da850cf64656bb98e0e91935ccc7b0d``'s rewrite of detectors ``a…``/``b…``), two
Coinbase WaaS EC keys (their first line of key material), a Mailgun Basic header; negatives are
their ``invalidPattern`` lines with a refused sign put in or a counted stand-in. detect-secrets:
flagged values of older plugin tests and test data (a Telegram bot token, an Azure storage key,
base64 and hex high-entropy strings) and two values of ``test_data/`` at ``HEAD`` the main corpus
never read (it read ``tests/plugins`` only); negatives are lines its tests say must not be flagged
(Discord tokens of a refused first letter, malformed JWTs, URLs with no credential, UUIDs, an
SNS ARN, ``$hunter2``, ``True``, short base64, npm lines with ``xxxx``).

Read and not taken: gitleaks' ``rule.go`` sample constants (runs built to a width), its
``testdata/repos/basic/secrets.py`` (a copy of detect-secrets' ``each_secret.py``: AWS's
documented pair, base64 sentences), early ``main.go`` constants; TruffleHog's joined ``want``
values (key and secret run together), ids, URLs and e-mail addresses, the integration tests'
canary keys, ``invalidPattern`` lines that are the valid key cut short or with a ``?`` put in;
detect-secrets' counted IBM COS keys, hashed-secret digests of old baselines. Commits of side
branches, pull requests and forks in the mirrors (``git log --all``) were not used.

The lookup, the filters (``fresh9``'s; every split up to ``fresh22`` among the earlier splits:
``fresh22``'s chain and ``fresh22``'s own files, and besides them the negatives of the
``realneg``, ``vectors`` and ``logneg`` sets), numbering and report are ``blind_split.py``'s.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import blind_split  # noqa: E402
import detectsecrets_history  # noqa: E402
import fresh22  # noqa: E402
import gitleaks_history  # noqa: E402
import trufflehog_history  # noqa: E402

SPLIT = "fresh23"
LETTER = "hx"
SOURCES: tuple[tuple[str, ModuleType], ...] = (
    ("gitleaks", gitleaks_history),
    ("trufflehog", trufflehog_history),
    ("detect-secrets", detectsecrets_history),
)
EARLIER_SECRETS, _CHAIN_NEGATIVES = blind_split.after(fresh22, "fresh22")
EARLIER_NEGATIVES = (
    *_CHAIN_NEGATIVES,
    "realneg_negatives.jsonl",
    "vectors_negatives.jsonl",
    "logneg_negatives.jsonl",
)
"""``fresh22``'s chain already holds ``fresh21``'s files, so only ``fresh22``'s own are added;
the three negatives-only sets are not in any builder's chain and are added by name."""


if __name__ == "__main__":
    blind_split.build_split(SPLIT, LETTER, SOURCES, EARLIER_SECRETS, EARLIER_NEGATIVES)

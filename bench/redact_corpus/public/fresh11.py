"""Build the ``fresh11`` split from OWASP WrongSecrets' challenges, TruffleHog's test_keys
and CI/CD Goat's planted credentials (three sources no rule here was tuned on, nor any
earlier split taken from).

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh11.py

(``fetch github:OWASP/wrongsecrets``, ``fetch github:trufflesecurity/test_keys``,
``fetch github:cider-security-research/cicd-goat`` and the gitleaks and ripsecrets mirrors
the negatives' judges read bring what it reads; each mirror's ``HEAD`` is the commit its
cases cite, but for a file a table writes ``<path>@<commit>``: test_keys' first ``keys``,
removed from ``HEAD``.) It writes ``fresh11_secrets.jsonl`` and ``fresh11_negatives.jsonl``;
both are committed, so CI never needs the network. The cases are tables read by hand
(``wrongsecrets_cases.py``, ``testkeys.py``, ``cicdgoat.py``); this script looks each one up
in its file at the pinned commit (a table that no longer matches its source stops the
build), cites the first line holding it and filters. A case of several lines (a private
key's header and first line of key material, a YAML block) is looked up as consecutive
lines. Every source held something usable; none was skipped.

The lookup (pins, ``<path>@<commit>`` and several-line cases included), the filters
(``fresh9``'s, ``fresh10`` included among the earlier splits; ``NO_SECRET`` holds CTF flags,
sentences and words naming the value, user names and placeholders), numbering and report are
``blind_split.py``'s.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import blind_split  # noqa: E402
import cicdgoat  # noqa: E402
import fresh10  # noqa: E402
import testkeys  # noqa: E402
import wrongsecrets_cases  # noqa: E402

SPLIT = "fresh11"
LETTER = "y"
SOURCES: tuple[tuple[str, ModuleType], ...] = (
    ("wrongsecrets", wrongsecrets_cases),
    ("test-keys", testkeys),
    ("cicd-goat", cicdgoat),
)
EARLIER_SECRETS = (*fresh10.EARLIER_SECRETS, "fresh10_secrets.jsonl")
EARLIER_NEGATIVES = (*fresh10.EARLIER_NEGATIVES, "fresh10_negatives.jsonl")


if __name__ == "__main__":
    blind_split.build_split(SPLIT, LETTER, SOURCES, EARLIER_SECRETS, EARLIER_NEGATIVES)

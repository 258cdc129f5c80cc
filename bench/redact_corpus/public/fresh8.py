"""Build the ``fresh8`` split from checkov's, Microsoft security-utilities', DevSkim's,
rusty-hog's and credential-digger's tests (five sources no rule here was tuned on, nor any
earlier split taken from).

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh8.py

(``fetch github:bridgecrewio/checkov``, ``fetch github:microsoft/security-utilities``,
``fetch github:microsoft/DevSkim``, ``fetch github:newrelic/rusty-hog``,
``fetch github:SAP/credential-digger`` and the gitleaks and ripsecrets mirrors the
negatives' judges read bring what it reads; each mirror's ``HEAD`` is the commit its cases
cite.) It writes ``fresh8_secrets.jsonl`` and ``fresh8_negatives.jsonl``; both are
committed, so CI never needs the network. The cases are tables read by hand
(``checkov_cases.py``, ``secutils.py``, ``devskim.py``, ``rustyhog.py``, ``creddigger.py``);
this script looks each one up in its file at the pinned commit (a table that no longer
matches its source stops the build), cites the first line holding it and filters.

The filters are ``fresh7``'s; the lookup, filters, numbering and report are
``blind_split.py``'s, which every later split shares.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import blind_split  # noqa: E402
import checkov_cases  # noqa: E402
import creddigger  # noqa: E402
import devskim  # noqa: E402
import fresh7  # noqa: E402
import rustyhog  # noqa: E402
import secutils  # noqa: E402

SPLIT = "fresh8"
LETTER = "u"
SOURCES: tuple[tuple[str, ModuleType], ...] = (
    ("checkov", checkov_cases),
    ("security-utilities", secutils),
    ("devskim", devskim),
    ("rusty-hog", rustyhog),
    ("credential-digger", creddigger),
)
EARLIER_SECRETS = (*fresh7.EARLIER_SECRETS, "fresh7_secrets.jsonl")
EARLIER_NEGATIVES = (*fresh7.EARLIER_NEGATIVES, "fresh7_negatives.jsonl")


if __name__ == "__main__":
    blind_split.build_split(SPLIT, LETTER, SOURCES, EARLIER_SECRETS, EARLIER_NEGATIVES)

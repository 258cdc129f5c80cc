"""Build the ``fresh9`` split from gosec's, bandit's, eslint-plugin-no-secrets',
find-sec-bugs' and 2ms' tests (five sources no rule here was tuned on, nor any earlier
split taken from; 2ms only for what it does not share with gitleaks).

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh9.py

(``fetch github:securego/gosec``, ``fetch github:PyCQA/bandit``,
``fetch github:nickdeis/eslint-plugin-no-secrets``, ``fetch github:find-sec-bugs/find-sec-bugs``,
``fetch github:Checkmarx/2ms`` and the gitleaks and ripsecrets mirrors the negatives' judges
read bring what it reads; each mirror's ``HEAD`` is the commit its cases cite.) It writes
``fresh9_secrets.jsonl`` and ``fresh9_negatives.jsonl``; both are committed, so CI never
needs the network. The cases are tables read by hand (``gosec_cases.py``,
``bandit_cases.py``, ``nosecrets.py``, ``findsecbugs.py``, ``twoms.py``); this script looks
each one up in its file at the pinned commit (a table that no longer matches its source
stops the build), cites the first line holding it and filters.

deepfence's SecretScanner was read and left out: its one fixture (``test/keys.txt``, which
no test reads) holds AWS's documentation keys and runs of digits in provider shapes
(``sk_live_0123…``, ``…-0123456789abcdefghijKL.apps.googleusercontent.com``), and its docs
show no other value.

The filters are ``fresh8``'s (``fresh7``'s), now in ``blind_split.py`` with the lookup,
numbering and report every later split shares.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import bandit_cases  # noqa: E402
import blind_split  # noqa: E402
import findsecbugs  # noqa: E402
import fresh8  # noqa: E402
import gosec_cases  # noqa: E402
import nosecrets  # noqa: E402
import twoms  # noqa: E402

SPLIT = "fresh9"
LETTER = "w"
SOURCES: tuple[tuple[str, ModuleType], ...] = (
    ("gosec", gosec_cases),
    ("bandit", bandit_cases),
    ("no-secrets", nosecrets),
    ("find-sec-bugs", findsecbugs),
    ("2ms", twoms),
)
EARLIER_SECRETS = (*fresh8.EARLIER_SECRETS, "fresh8_secrets.jsonl")
EARLIER_NEGATIVES = (*fresh8.EARLIER_NEGATIVES, "fresh8_negatives.jsonl")


if __name__ == "__main__":
    blind_split.build_split(SPLIT, LETTER, SOURCES, EARLIER_SECRETS, EARLIER_NEGATIVES)

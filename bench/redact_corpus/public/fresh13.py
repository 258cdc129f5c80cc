"""Build the ``fresh13`` split from the secrets hard-coded in OWASP WebGoat, OWASP crAPI, OWASP
Security Shepherd, nVisium's django.nV, OWASP iGoat-Swift and the Damn Vulnerable GraphQL
Application (six deliberately vulnerable applications no rule here was tuned on, nor any
earlier split taken from).

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh13.py

(``fetch github:WebGoat/WebGoat``, ``fetch github:OWASP/crAPI``,
``fetch github:OWASP/SecurityShepherd``, ``fetch github:nVisium/django.nV``,
``fetch github:OWASP/iGoat-Swift``, ``fetch github:dolevf/Damn-Vulnerable-GraphQL-Application``
and the gitleaks and ripsecrets mirrors the negatives' judges read bring what it reads; each
mirror's ``HEAD`` is the commit its cases cite.) It writes ``fresh13_secrets.jsonl`` and
``fresh13_negatives.jsonl``; both are committed, so CI never needs the network. The cases are
tables read by hand (``webgoat.py``, ``crapi.py``, ``shepherd.py``, ``djangonv.py``,
``igoat.py``, ``dvga.py``); this script looks each one up in its file at the pinned commit (a
table that no longer matches its source stops the build), cites the first line holding it and
filters. A case of several lines (a key's header and first lines of key material, a SQL
block) is looked up as consecutive lines.

Read and left out: VAmPI (``erev0s/VAmPI``: its secret key ``random`` and passwords ``pass1``
are under 8 signs; one OpenAPI example token and ``pass1secret`` were not worth a source),
DVWS-Node (``snoopysecurity/dvws-node``: ``letmein``, ``access`` and ``test`` under 8 signs,
``mysecretpassword`` words naming the value, test passwords equal to their user names), the
Vulnerable Flask App (``we45/Vulnerable-Flask-App``: one Flask secret key and one leet phrase
naming a key), DIVA (``payatu/diva-android``: ``vendorsecretkey`` names itself), DVSA
(``OWASP/DVSA``: a default password ``changeme!`` in a template's description, nothing else),
DVNA (already read by ``fresh12``'s note). Six sources are enough for one split.

The lookup (several-line cases included), the filters (``fresh9``'s, ``fresh12`` included
among the earlier splits; ``NO_SECRET`` holds CTF result keys, words naming the value and
names or words with digits or signs counted in order), numbering and report are
``blind_split.py``'s.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import blind_split  # noqa: E402
import crapi  # noqa: E402
import djangonv  # noqa: E402
import dvga  # noqa: E402
import fresh12  # noqa: E402
import igoat  # noqa: E402
import shepherd  # noqa: E402
import webgoat  # noqa: E402

SPLIT = "fresh13"
LETTER = "b"
SOURCES: tuple[tuple[str, ModuleType], ...] = (
    ("webgoat", webgoat),
    ("crapi", crapi),
    ("security-shepherd", shepherd),
    ("django-nv", djangonv),
    ("igoat-swift", igoat),
    ("dvga", dvga),
)
EARLIER_SECRETS = (*fresh12.EARLIER_SECRETS, "fresh12_secrets.jsonl")
EARLIER_NEGATIVES = (*fresh12.EARLIER_NEGATIVES, "fresh12_negatives.jsonl")


if __name__ == "__main__":
    blind_split.build_split(SPLIT, LETTER, SOURCES, EARLIER_SECRETS, EARLIER_NEGATIVES)

"""Build the ``fresh12`` split from the secrets hard-coded in OWASP Juice Shop, OWASP NodeGoat,
OWASP RailsGoat, DVWA and TerraGoat (five deliberately vulnerable applications and
infrastructure-as-code repositories no rule here was tuned on, nor any earlier split taken
from).

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh12.py

(``fetch github:juice-shop/juice-shop``, ``fetch github:OWASP/NodeGoat``,
``fetch github:OWASP/railsgoat``, ``fetch github:digininja/DVWA``,
``fetch github:bridgecrewio/terragoat`` and the gitleaks and ripsecrets mirrors the
negatives' judges read bring what it reads; each mirror's ``HEAD`` is the commit its cases
cite.) It writes ``fresh12_secrets.jsonl`` and ``fresh12_negatives.jsonl``; both are
committed, so CI never needs the network. The cases are tables read by hand
(``juiceshop.py``, ``nodegoat.py``, ``railsgoat.py``, ``dvwa.py``, ``terragoat.py``); this
script looks each one up in its file at the pinned commit (a table that no longer matches
its source stops the build), cites the first line holding it and filters. A case of several
lines (a key's header and first line of key material, a YAML or Terraform block) is looked
up as consecutive lines.

Read and left out: CloudFormation Goat (``bridgecrewio/cfngoat``: its only plaintext
secrets are AWS's documentation keys), KustomizeGoat (no value at all), Kubernetes Goat
(``madhuakula/kubernetes-goat``: every planted value is a ``k8s-goat-<md5>`` CTF flag, which
``fresh11`` reads as no secret, and its images' secrets are in binary archives), DVNA
(``appsecco/dvna``: its one value in code is express-session's ``keyboard cat``, its database
password only in the README). django.nV and the Damn Vulnerable GraphQL Application were
fetched and left for a later split (five sources are enough for one). TerraGoat gives
negatives only: its three plaintext passwords are dropped by ``NO_SECRET`` and the
placeholder filter, its AWS keys are AWS's documentation keys.

The lookup (several-line cases included), the filters (``fresh9``'s, ``fresh11`` included
among the earlier splits; ``NO_SECRET`` holds placeholders asking for a value, words naming
the value, passwords that are a name with digits in order and a key of digits counted in
order), numbering and report are ``blind_split.py``'s.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import blind_split  # noqa: E402
import dvwa  # noqa: E402
import fresh11  # noqa: E402
import juiceshop  # noqa: E402
import nodegoat  # noqa: E402
import railsgoat  # noqa: E402
import terragoat  # noqa: E402

SPLIT = "fresh12"
LETTER = "z"
SOURCES: tuple[tuple[str, ModuleType], ...] = (
    ("juice-shop", juiceshop),
    ("nodegoat", nodegoat),
    ("railsgoat", railsgoat),
    ("dvwa", dvwa),
    ("terragoat", terragoat),
)
EARLIER_SECRETS = (*fresh11.EARLIER_SECRETS, "fresh11_secrets.jsonl")
EARLIER_NEGATIVES = (*fresh11.EARLIER_NEGATIVES, "fresh11_negatives.jsonl")


if __name__ == "__main__":
    blind_split.build_split(SPLIT, LETTER, SOURCES, EARLIER_SECRETS, EARLIER_NEGATIVES)

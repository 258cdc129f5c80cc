"""Build the ``fresh10`` split from leaky-repo's credential files, GitGuardian's sample
secrets, Bearer's rule tests, git-secrets' tests and tfsec's check examples (five sources
no rule here was tuned on, nor any earlier split taken from).

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh10.py

(``fetch github:Plazmaz/leaky-repo``, ``fetch github:GitGuardian/sample_secrets``,
``fetch github:Bearer/bearer-rules``, ``fetch github:awslabs/git-secrets``,
``fetch github:aquasecurity/tfsec`` and the gitleaks and ripsecrets mirrors the negatives'
judges read bring what it reads; each mirror's ``HEAD`` is the commit its cases cite, but for
the files a table pins to another commit: ``ggsamples.COMMITS``, a branch and a pull
request.) It writes ``fresh10_secrets.jsonl`` and ``fresh10_negatives.jsonl``; both are
committed, so CI never needs the network. The cases are tables read by hand
(``leakyrepo.py``, ``ggsamples.py``, ``bearer_cases.py``, ``gitsecrets.py``,
``tfsec_cases.py``); this script looks each one up in its file at the pinned commit (a
table that no longer matches its source stops the build), cites the first line holding it
and filters. A case of several lines (a private key's header and first line of key
material, a Terraform block) is looked up as consecutive lines.

Bearer's rules and their tests are in ``Bearer/bearer-rules``; the engine's repository
(``Bearer/bearer``) holds no rule test (``bearer_cases`` says what it holds). eth0izzle's
shhgit was read and left out: its ``config.yaml`` is patterns and file names, with no
example value labelled either way (its ``blacklisted_strings`` are AWS's documentation key
id and two fragments, ``username:password`` and ``sshpass -p $SSH_PASS``), and it has no
tests.

The lookup (pins and several-line cases included), the filters (``fresh9``'s), numbering
and report are ``blind_split.py``'s.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import bearer_cases  # noqa: E402
import blind_split  # noqa: E402
import fresh9  # noqa: E402
import ggsamples  # noqa: E402
import gitsecrets  # noqa: E402
import leakyrepo  # noqa: E402
import tfsec_cases  # noqa: E402

SPLIT = "fresh10"
LETTER = "x"
SOURCES: tuple[tuple[str, ModuleType], ...] = (
    ("leaky-repo", leakyrepo),
    ("gg-samples", ggsamples),
    ("bearer", bearer_cases),
    ("git-secrets", gitsecrets),
    ("tfsec", tfsec_cases),
)
EARLIER_SECRETS = (*fresh9.EARLIER_SECRETS, "fresh9_secrets.jsonl")
EARLIER_NEGATIVES = (*fresh9.EARLIER_NEGATIVES, "fresh9_negatives.jsonl")


if __name__ == "__main__":
    blind_split.build_split(SPLIT, LETTER, SOURCES, EARLIER_SECRETS, EARLIER_NEGATIVES)

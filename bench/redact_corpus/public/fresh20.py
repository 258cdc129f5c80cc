"""Build the ``fresh20`` split from what two successors of scanners the corpus already read
added to their ancestors' rule tests: Betterleaks (gitleaks' successor) and Praetorian's Titus
(Nosey Parker's successor). Only rules and examples new in them are taken.

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh20.py

(``fetch github:betterleaks/betterleaks``, ``fetch github:praetorian-inc/titus`` and the
gitleaks and ripsecrets mirrors the negatives' judges read bring what it reads; each mirror's
``HEAD`` is the commit its cases cite: Betterleaks at ``6381fa45ae946c588e2e1334d8396a15e5171ad6``
(2026-07-23), Titus at ``369d8dc4359a2d70629e0fe7732d3244a3315efc`` (2026-04-10).) It writes
``fresh20_secrets.jsonl`` and ``fresh20_negatives.jsonl``; both are committed, so CI never
needs the network. The cases are tables read by hand (``betterleaks_cases.py``,
``titus_cases.py``); this script looks each one up in its file at the pinned commit (a table
that no longer matches its source stops the build), cites the first line holding it and
filters. The one key kept (Coinbase's EC key, a PEM block JSON-escaped on one line) is cut
to its first line of key material, which holds the SEC1 private scalar.

What was new, and how it was told apart. Betterleaks' rule generator
(``cmd/generate/config/rules/*.go``, each rule with ``tps`` and ``fps``) has 413 rule ids to
gitleaks' 225 at gitleaks' mirror ``HEAD`` (``b58d3f102cf3a2c84cb7f923d05c25c9b1aed84b``, the
rules the ``blind`` and ``tune`` splits read): the 192 new ids were read whole, and in the
rules both have, each string literal was looked for in every file of gitleaks' mirror and
only those it lacks were read. Titus' rules (``pkg/rule/rules/*.yml``, ``examples`` and
``negative_examples``) are Nosey Parker's (``np.*``; its mirror,
``2e6e7f36ce36619852532bbe698d8cb7a26d2da7``, was read by ``fresh``) and Kingfisher's
(``kingfisher.*``; Kingfisher at ``ee7c0db…`` was read by ``fresh2``): every example was
parsed and looked for in both mirrors (866 of 1,632 are in neither) and those were read. Then
every value and negative kept was looked for again, alone, in the gitleaks, Nosey Parker,
Kingfisher and TruffleHog mirrors, in the mirrors of every scanner an earlier split read
(Poltergeist, CredSweeper, GitHub's custom patterns, DeepSecrets, ripsecrets, IBM's
detect-secrets, trufflehog3, KeyHacks, git-hound, secret-magpie) and in the earlier splits'
files: 89 values held there were struck (most of Titus' ``np.*`` examples keep Nosey
Parker's values under rewritten text; Betterleaks and Titus share many values with
Kingfisher's older rules and with TruffleHog), and 7 more that are an ancestor's value with a
few signs changed (Titus writes ``aCes``, ``ace5`` or ``f99`` into Nosey Parker's keys,
``…U9alg…_54e2f8be`` for ``…U7alg…_55e2f8be``; Betterleaks' Grafana key is Nosey Parker's with
its last bytes changed): a 14-sign run shared with an ancestor's value, checked by hand;
negatives an ancestor holds were struck too. The values kept were searched for in the whole
history of the gitleaks (3,795 commits) and Nosey Parker (1,194) mirrors: none is there but
two MongoDB passwords, in an unmerged gitleaks pull request (#2085, never in the rules any
split read), kept.

Read and left out, each table's docstring says more: rules whose examples are drawn at random
at each test run (nothing written to read); identifiers and host names a rule finds only to
pair with a secret (some taken as negatives); ``fps`` that are near-copies of a positive, or
another provider's or a sandbox's real-format credential (neither label fair); publishable
keys (Branch.io, Razorpay key ids); values under 8 signs; Titus' ``testdata/secrets/`` (runs
of ``x`` and ``TESTFAKEKEY`` stand-ins) and the Go tests of both (their values are the rules'
examples or alphabet runs).

The lookup, the filters (``fresh9``'s, ``fresh18``, ``fresh19`` and every split before them
among the earlier splits; ``fresh21``, built at the same time and committed first, is not read:
the two share no value and no negative text, checked; ``NO_SECRET``
holds values that count, spell the alphabet or a keyboard row, alternate letters and digits in
order, name themselves, and the stock hexadecimal run Titus' new rules reuse), numbering and
report are ``blind_split.py``'s.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import betterleaks_cases  # noqa: E402
import blind_split  # noqa: E402
import fresh19  # noqa: E402
import titus_cases  # noqa: E402

SPLIT = "fresh20"
LETTER = "l"
SOURCES: tuple[tuple[str, ModuleType], ...] = (
    ("betterleaks", betterleaks_cases),
    ("titus", titus_cases),
)
EARLIER_SECRETS, EARLIER_NEGATIVES = blind_split.after(fresh19, "fresh18", "fresh19")


if __name__ == "__main__":
    blind_split.build_split(SPLIT, LETTER, SOURCES, EARLIER_SECRETS, EARLIER_NEGATIVES)

"""Build the ``fresh14`` split from secret scanners' and IaC scanners' test fixtures: Auth0's
repo-supervisor, pre-commit's own hooks, GoDaddy's tartufo, Stelligent's cfn_nag and Tenable's
Terrascan (five tools no rule here was tuned on, nor any earlier split taken from).

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh14.py

(``fetch github:auth0/repo-supervisor``, ``fetch github:pre-commit/pre-commit-hooks``,
``fetch github:godaddy/tartufo``, ``fetch github:stelligent/cfn_nag``,
``fetch github:tenable/terrascan`` and the gitleaks and ripsecrets mirrors the negatives'
judges read bring what it reads; each mirror's ``HEAD`` is the commit its cases cite.) It
writes ``fresh14_secrets.jsonl`` and ``fresh14_negatives.jsonl``; both are committed, so CI
never needs the network. The cases are tables read by hand (``reposupervisor.py``,
``precommithooks.py``, ``tartufo.py``, ``cfnnag.py``, ``terrascan.py``); this script looks each
one up in its file at the pinned commit (a table that no longer matches its source stops the
build), cites the first line holding it and filters.

What each source gives: repo-supervisor most of the secrets (its random-secret fixtures, the
values its integration tests plant in JavaScript, JSON, Kubernetes pod specs and a text file,
a Lambda event's JWT) and the negatives its pre-filters' fixtures list; pre-commit-hooks the
AWS access key ids and secret access keys of its credential hook's fixtures, and bare key
headers; tartufo its entropy fixtures and its configuration's signatures and patterns;
Terrascan one PKCS#12 archive in an ARM parameters file and IaC lines naming secrets; cfn_nag
negatives only (every literal it plants names the value, ``b@dP@$sW0rD`` and the like: listed,
dropped by ``NO_SECRET``) and the dynamic references each secret field resolves.

Read and left out: Checkmarx KICS (``Checkmarx/kics``: its passwords-and-secrets query's
positive and negative samples were the brief's richest source, but its snapshot, 959 MB, is
over what ``fetch`` brings, and a case must be looked up in a mirror to be cited; the search
index holds the samples at many different commits, none a single pinned tree), Talisman
(``thoughtworks/talisman``: ``fresh7`` took its detector tests, so rules may have been tuned on
them), KubeLinter (``stackrox/kube-linter``: its env-var-secret check's one value,
``secretsquirrels``, names itself). repo-supervisor and pre-commit-hooks stand in for the two
left out: secret scanners' fixtures, as the brief asks, fetched and read here first.

The lookup, the filters (``fresh9``'s, ``fresh13`` included among the earlier splits;
``NO_SECRET`` holds words naming the value, in leet or not, an identifier, a keyboard run),
numbering and report are ``blind_split.py``'s.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import blind_split  # noqa: E402
import cfnnag  # noqa: E402
import fresh13  # noqa: E402
import precommithooks  # noqa: E402
import reposupervisor  # noqa: E402
import tartufo  # noqa: E402
import terrascan  # noqa: E402

SPLIT = "fresh14"
LETTER = "c"
SOURCES: tuple[tuple[str, ModuleType], ...] = (
    ("repo-supervisor", reposupervisor),
    ("pre-commit-hooks", precommithooks),
    ("tartufo", tartufo),
    ("terrascan", terrascan),
    ("cfn-nag", cfnnag),
)
EARLIER_SECRETS = (*fresh13.EARLIER_SECRETS, "fresh13_secrets.jsonl")
EARLIER_NEGATIVES = (*fresh13.EARLIER_NEGATIVES, "fresh13_negatives.jsonl")


if __name__ == "__main__":
    blind_split.build_split(SPLIT, LETTER, SOURCES, EARLIER_SECRETS, EARLIER_NEGATIVES)

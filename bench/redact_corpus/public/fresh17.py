"""Build the ``fresh17`` split from four secret scanners' test data that no rule here was
tuned on, nor any earlier split taken from: avito-tech's DeepSecrets, feeltheajf's
trufflehog3, streaak's KeyHacks and the plugins IBM's fork of detect-secrets added.

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh17.py

(``fetch github:avito-tech/deepsecrets``, ``fetch github:feeltheajf/trufflehog3``,
``fetch github:streaak/keyhacks``, ``fetch github:IBM/detect-secrets`` and the gitleaks and
ripsecrets mirrors the negatives' judges read bring what it reads; each mirror's ``HEAD`` is
the commit its cases cite, but for the files a table pins as ``<path>@<commit>``.) It writes
``fresh17_secrets.jsonl`` and ``fresh17_negatives.jsonl``; both are committed, so CI never
needs the network. The cases are tables read by hand (``deepsecrets_cases.py``,
``trufflehog3_cases.py``, ``keyhacks.py``, ``ibmdetectsecrets.py``); this script looks each
one up in its file at the pinned commit (a table that no longer matches its source stops the
build), cites the first line holding it and filters. A PEM key is cited by its header and
first two lines of key material, looked up as consecutive lines.

What each source gives: DeepSecrets' fixtures (trimmed real configuration and code of Avito's
services) service and LDAP passwords, a Jira password and a Mattermost bot token, an S3
secret key, a hand-mangled JWT, Slack bot tokens, an RSA key, Superset's JWT secrets and a
Mattermost webhook key, and many negatives (variables and templates where a password goes,
map keys its semantic engine must not flag, settings beside the secrets, FreeRADIUS's
attribute mappings). trufflehog3 has few tests left since v3 (doctests, and ``tests/data/``
with no value): its example report's AWS key id, mail password and Slack token, a doctest's
password and the strings its v1 and v2 tests planted as secrets (read at the commits before
their deletion), with its exclusions (SRI hashes, commit hashes), doctests' ``nosecret``
lines and v1's "must not find" lines as negatives. KeyHacks' README writes nearly every key as
a placeholder: it gives one value at ``HEAD`` (a Cypress record key), one from its history (a
Zendesk token, pinned) and many hard negatives (the commands with their placeholders).
Because KeyHacks gives almost no secret, the candidates the brief named to replace a source
that gives nothing were checked against ``README.md`` and the earlier splits' files (none of
IBM's fork, gitGraber, secret-magpie, gitrob, git-hound is used; Semgrep's rules are,
``fresh3``), and IBM's fork of detect-secrets was added: the tests of the three plugins only
the fork has (Box, Db2, GitHub Enterprise; its Cloudant, IBM Cloud IAM, COS HMAC and SoftLayer
plugins went upstream, and Yelp's copies of their tests were read before) give GitHub
Enterprise tokens, a Basic credential and Db2 passwords, and their "must not flag" lines.

Read and left out: the fork's other tests (Yelp's of 2019-2020; Yelp's tests were read for
the main corpus and ``fresh6``); DeepSecrets' ``hashed_secrets.json`` (the SHA-1 of a
password: a digest is neither the secret nor a fair negative); the DeepSecrets key material
written again under OpenSSH, DSA, EC and PGP headers (one key, cited once); trufflehog3's
``f18e9874…`` (its tests report it, its commit says it is no secret: neither label is fair)
and its ``test_all.py`` entropy vectors; the counted and repeated keys of IBM's Box test and
DeepSecrets' ``TESTSECRET1234`` stand-in (listed and dropped by ``NO_SECRET``); DeepSecrets'
hand-mangled JWT is listed, and dropped by the filters (``kingfisher.made_up``).

The lookup, the filters (``fresh9``'s, ``fresh15`` included among the earlier splits;
``NO_SECRET`` holds words naming the value, in leet or not, counted and repeated runs, a
made-up weak password), numbering and report are ``blind_split.py``'s.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import blind_split  # noqa: E402
import deepsecrets_cases  # noqa: E402
import fresh15  # noqa: E402
import ibmdetectsecrets  # noqa: E402
import keyhacks  # noqa: E402
import trufflehog3_cases  # noqa: E402

SPLIT = "fresh17"
LETTER = "e"
SOURCES: tuple[tuple[str, ModuleType], ...] = (
    ("deepsecrets", deepsecrets_cases),
    ("trufflehog3", trufflehog3_cases),
    ("keyhacks", keyhacks),
    ("ibm-detect-secrets", ibmdetectsecrets),
)
EARLIER_SECRETS = (*fresh15.EARLIER_SECRETS, "fresh15_secrets.jsonl")
EARLIER_NEGATIVES = (*fresh15.EARLIER_NEGATIVES, "fresh15_negatives.jsonl")


if __name__ == "__main__":
    blind_split.build_split(SPLIT, LETTER, SOURCES, EARLIER_SECRETS, EARLIER_NEGATIVES)

"""Build the ``fresh18`` split from the test data of GitHub's field team's secret scanning
custom patterns (what ``fresh5`` left of it), of Ghost Security's Poltergeist and of Punk
Security's secret-magpie.

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh18.py

(``fetch github:advanced-security/secret-scanning-custom-patterns``, ``fetch
github:ghostsecurity/poltergeist``, ``fetch github:punk-security/secret-magpie`` and the
gitleaks and ripsecrets mirrors the negatives' judges read bring what it reads; each mirror's
``HEAD`` is the commit its cases cite.) It writes ``fresh18_secrets.jsonl`` and
``fresh18_negatives.jsonl``; both are committed, so CI never needs the network. The cases are
tables read by hand (``ghcustompatterns.py``, ``poltergeist_cases.py``, ``secretmagpie.py``);
this script looks each one up in its file at the pinned commit (a table that no longer
matches its source stops the build), cites the first line holding it and filters. A PEM key
is cited by its header and first two lines of key material, looked up as consecutive lines.

What each source gives. GitHub's custom patterns (``advanced-security/secret-scanning-custom-
patterns``): each ``patterns.yml`` gives a pattern's ``test`` data with the match's offsets
and the ``expected`` matches in its folder's test files. It is not a fresh source: ``fresh5``
read it at the same commit, mechanically (23 values, 7 negatives), and the engine has since
been tuned with ``fresh5``'s misses in view. Read again by hand, it gives what that pass left:
six values (an Okta token past ``fresh5``'s cap, a Flickr OAuth token, a Teams webhook, a
presigned URL's signature, an OpenSSH key, a database URL's password) and many hard negatives
(the test data written with placeholders, the lines of the test files that hold none, their
"False Positives" sections). Its kinds are ``ghcp:<pattern type>``, so its figures can be read
apart. Because it gives far fewer than the 40 secrets aimed at, the second sources the brief
named were checked (``grep -ril`` over this folder: none of git-hound, gitrob, gitGraber,
secret-magpie is used): git-hound's rules are Nosey Parker's (their examples were read by the
``fresh`` split) and its gitleaks import; gitrob matches file names and has no test data;
gitGraber has regexes and no example; secret-magpie's tests plant an OpenSSH key and
TruffleHog's canary AWS pair (``fresh11``'s). So secret-magpie was added for its key and its
negatives, and Ghost Security's Poltergeist (2025, no earlier split read it), whose 59 rule
files carry ``assert``/``assert_not`` tests for some ninety rules, gives most of the split:
provider tokens of ninety forms and placeholders of counted digits, zeros and words.

Read and left out (each table's docstring says more): ``fresh5``'s values and the custom
patterns' ``pii`` folder and common-password list; values of another scanner's tests copied
into these (SendGrid's ``SG.ngeVf…`` from Yelp's, Slack's ``xoxe`` and ``xapp-1-IEMF8…`` tokens
from gitleaks'); Poltergeist's second and further values of a rule written the same way, its
``assert_not`` near-copies (one sign short or long, a prefix changed: as random as the
positives, neither label fair), Salesforce consumer keys (client ids), Stripe test-mode keys;
secret-magpie's counted AWS key ids and digests.

The lookup, the filters (``fresh9``'s; every earlier split up to ``fresh17`` deduplicated:
``fresh16`` and ``fresh17`` were built side by side and neither chain held the other, this one
holds both; ``NO_SECRET`` holds values naming themselves, counted runs and hand-made
near-copies), numbering and report are ``blind_split.py``'s.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import blind_split  # noqa: E402
import fresh17  # noqa: E402
import ghcustompatterns  # noqa: E402
import poltergeist_cases  # noqa: E402
import secretmagpie  # noqa: E402

SPLIT = "fresh18"
LETTER = "i"
SOURCES: tuple[tuple[str, ModuleType], ...] = (
    ("ghcp", ghcustompatterns),
    ("poltergeist", poltergeist_cases),
    ("secret-magpie", secretmagpie),
)
EARLIER_SECRETS, EARLIER_NEGATIVES = blind_split.after(fresh17, "fresh16", "fresh17")


if __name__ == "__main__":
    blind_split.build_split(SPLIT, LETTER, SOURCES, EARLIER_SECRETS, EARLIER_NEGATIVES)

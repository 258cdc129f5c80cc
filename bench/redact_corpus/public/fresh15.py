"""Build the ``fresh15`` split from the credentials hard-coded in real configuration and
application code: Docker's awesome-compose samples, Globo's secDevLabs apps, OWASP Mutillidae
II and SasanLabs' VulnerableApp (four projects no rule here was tuned on, nor any earlier
split taken from).

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh15.py

(``fetch github:docker/awesome-compose``, ``fetch github:globocom/secDevLabs``,
``fetch github:webpwnized/mutillidae``, ``fetch github:SasanLabs/VulnerableApp`` and the
gitleaks and ripsecrets mirrors the negatives' judges read bring what it reads; each mirror's
``HEAD`` is the commit its cases cite.) It writes ``fresh15_secrets.jsonl`` and
``fresh15_negatives.jsonl``; both are committed, so CI never needs the network. The cases are
tables read by hand (``awesomecompose.py``, ``secdevlabs.py``, ``mutillidae.py``,
``vulnerableapp.py``); this script looks each one up in its file at the pinned commit (a
table that no longer matches its source stops the build), cites the first line holding it
and filters. A PEM key is cited by its header and first two lines of key material, looked up
as consecutive lines.

What each source gives: awesome-compose the passwords Compose samples hand their databases as
secret files, Spring's fallback passwords, a Django secret key and a password in a database
URL, and many negatives (secret references, ``*_FILE`` variables, ``.env`` placeholders,
module digests); secDevLabs committed Mongo passwords, a Flask key's fallback, a Drupal
site's hash salt and its private and cron keys as a database dump writes them; Mutillidae a
JWT signing key, signed JWTs, an HTML5-storage token, an XML user store's client secrets and
the seed accounts' passwords; VulnerableApp a JWT HMAC key, an RSA private key and the admin
passwords of its authentication levels. Most of the four's other literal passwords name the
value, an app or a role, or count digits in order: listed and dropped by ``NO_SECRET``.

Read and left out: CloudFormation Goat, KustomizeGoat and Kubernetes Goat
(``bridgecrewio/cfngoat``, ``bridgecrewio/kustomizegoat``, ``madhuakula/kubernetes-goat``:
``fresh12`` read them and found AWS's documentation keys, no value, and CTF flags; nothing has
changed that a split could take). Password hashes (Drupal's ``$S$…``, VulnerableApp's MD5,
SHA-1, SHA-256 and bcrypt rows, secDevLabs' SHA-256 row) are left out of both files: a
digest of a password is neither the secret nor a fair negative.

The lookup, the filters (``fresh9``'s, ``fresh14`` included among the earlier splits;
``NO_SECRET`` holds words naming the value, the apps' and software's names, names or words
with digits counted in order, a keystore's default), numbering and report are
``blind_split.py``'s.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import awesomecompose  # noqa: E402
import blind_split  # noqa: E402
import fresh14  # noqa: E402
import mutillidae  # noqa: E402
import secdevlabs  # noqa: E402
import vulnerableapp  # noqa: E402

SPLIT = "fresh15"
LETTER = "d"
SOURCES: tuple[tuple[str, ModuleType], ...] = (
    ("awesome-compose", awesomecompose),
    ("secdevlabs", secdevlabs),
    ("mutillidae", mutillidae),
    ("vulnerableapp", vulnerableapp),
)
EARLIER_SECRETS = (*fresh14.EARLIER_SECRETS, "fresh14_secrets.jsonl")
EARLIER_NEGATIVES = (*fresh14.EARLIER_NEGATIVES, "fresh14_negatives.jsonl")


if __name__ == "__main__":
    blind_split.build_split(SPLIT, LETTER, SOURCES, EARLIER_SECRETS, EARLIER_NEGATIVES)

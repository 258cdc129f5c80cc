"""Build the ``fresh19`` split from the credentials hard-coded in the code and configuration of
two cloud training labs and three deliberately vulnerable applications no rule here was tuned
on, nor any earlier split taken from: Rhino Security Labs' CloudGoat, INE's AWSGoat and
AzureGoat, the OWASP Security Knowledge Framework's labs and PyGoat.

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh19.py

(``fetch github:RhinoSecurityLabs/cloudgoat``, ``fetch github:ine-labs/AWSGoat``,
``fetch github:ine-labs/AzureGoat``, ``fetch github:blabla1337/skf-labs``,
``fetch github:adeyosemanputra/pygoat`` and the gitleaks and ripsecrets mirrors the negatives'
judges read bring what it reads; each mirror's ``HEAD`` is the commit its cases cite.) It
writes ``fresh19_secrets.jsonl`` and ``fresh19_negatives.jsonl``; both are committed, so CI
never needs the network. The cases are tables read by hand (``cloudgoat.py``, ``awsgoat.py``,
``azuregoat.py``, ``skflabs.py``, ``pygoat.py``); this script looks each one up in its file at
the pinned commit (a table that no longer matches its source stops the build), cites the
first line holding it and filters. A PEM key is cited by its header and first two lines of
key material, looked up as consecutive lines.

What each source gives: CloudGoat RDS master passwords as Terraform variable defaults, an API
key in a Lambda's environment, a Vault dev root token in EC2 user data, a Node app's command
key, a victim bot's typed password and, in one cheat sheet, an IAM access key pair and an API
Gateway key of a recorded run; and many negatives (Terraform references to the keys and
passwords it creates, code reading them from the environment, the cheat sheets' masked, cut
and typed stand-ins). AWSGoat a Lambda's JWT secret, an RDS password and the SSH private keys
its "shared" bucket exposes (one OpenSSH, seven RSA). AzureGoat a VM's admin password, a
storage account key and a Cosmos DB key left in comments, and one more SSH key. The SKF labs
Flask secret keys, a signed JWT, seeded API keys and passwords, LDAP accounts, an OpenSSH key
and the infra machines' ``chpasswd`` and login-table passwords. PyGoat Django's
``SECRET_KEY``, a JWT signing key, view-checked passwords and a captured session cookie and
CSRF token. Most of the five's other literal values are CTF flags, name the value, an app or
a role, or count digits in order: listed and dropped by ``NO_SECRET``.

Read and not taken: INE's GCPGoat (``ine-labs/GCPGoat``: AzureGoat's JWT secret and SSH keys
again, nothing of its own); dvpwa (``anxolerd/dvpwa``: ``postgres``, and seed passwords equal
to the user's name or the word password); AltoroJ (``HCL-TECH-SOFTWARE/AltoroJ``: ``demo1234``,
``Altoro1234``, ``admin``: counted digits and names); Android-InsecureBankv2
(``dineshshetty/Android-InsecureBankv2``: ``Jack@123$``, ``Dinesh@123$`` and an AES key that
says "This is the super secret key 123"). Read and left for a later split, too few values for a
source of their own: Damn-Vulnerable-Bank (``rewanthtammana/Damn-Vulnerable-Bank``: a Firebase
API key, a JWT in its guide), vulnerable-node (``cr0hn/vulnerable-node``: an express-session
secret, one seed password), DSVW (``stamparm/DSVW``: two seed passwords), vulnado
(``ScaleSec/vulnado``: a JWT secret given as a UUID, seed passwords), snyk's goof, allsafe and
InjuredAndroid (a token, Firebase keys). VAmPI, DVSA and DVNA were judged by ``fresh12`` and
``fresh13``. Password hashes (the labs' MD5, SHA-1, SHA-256 and bcrypt rows, glauth's
``passsha256``) are in neither file: a digest of a password is neither the secret nor a fair
negative.

The lookup, the filters (``fresh9``'s, ``fresh17``, ``fresh16`` and every split before them
among the earlier splits; ``fresh18``, built at the same time, is not read; ``NO_SECRET``
holds CTF flags, words naming the value, the apps' and projects' names, names or words with
digits counted in order), numbering and report are ``blind_split.py``'s.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import awsgoat  # noqa: E402
import azuregoat  # noqa: E402
import blind_split  # noqa: E402
import cloudgoat  # noqa: E402
import fresh17  # noqa: E402
import pygoat  # noqa: E402
import skflabs  # noqa: E402

SPLIT = "fresh19"
LETTER = "j"
SOURCES: tuple[tuple[str, ModuleType], ...] = (
    ("cloudgoat", cloudgoat),
    ("awsgoat", awsgoat),
    ("azuregoat", azuregoat),
    ("skf-labs", skflabs),
    ("pygoat", pygoat),
)
EARLIER_SECRETS, EARLIER_NEGATIVES = blind_split.after(fresh17, "fresh16", "fresh17")


if __name__ == "__main__":
    blind_split.build_split(SPLIT, LETTER, SOURCES, EARLIER_SECRETS, EARLIER_NEGATIVES)

"""Build the ``fresh21`` split from the credentials hard-coded in the code and configuration of
thirteen deliberately vulnerable applications no rule here was tuned on, nor any earlier split
taken from: five web applications and APIs (vulnerable-node, DSVW, vulnado, Snyk's Goof,
Rapid7's Hackazon), two projects that pair an API with a mobile client (Damn Vulnerable Bank,
the OWASP MASTG Hacking Playground) and six mobile apps (Allsafe, InjuredAndroid, AndroGoat,
DVIA-v2, BugBazaar, Oversecured's OVAA).

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh21.py

(``fetch github:rewanthtammana/Damn-Vulnerable-Bank``, ``fetch github:cr0hn/vulnerable-node``,
``fetch github:stamparm/DSVW``, ``fetch github:ScaleSec/vulnado``, ``fetch github:snyk/goof``,
``fetch github:t0thkr1s/allsafe``, ``fetch github:B3nac/InjuredAndroid``,
``fetch github:OWASP/MASTG-Hacking-Playground``, ``fetch github:satishpatnayak/AndroGoat``,
``fetch github:prateek147/DVIA-v2``, ``fetch github:rapid7/hackazon``,
``fetch github:payatu/BugBazaar``, ``fetch github:oversecured/ovaa`` and the gitleaks and
ripsecrets mirrors the negatives' judges read bring what it reads; each mirror's ``HEAD`` is the
commit its cases cite: Damn-Vulnerable-Bank ``5136c3484c704dc74e8837e324ac24b1452a1e31``,
vulnerable-node ``4e2058201e4443026c11de1799d1e2f2e37f9f9b``, DSVW
``2e9706c87fc0c74a9cc62d0777a0cc17c65e0ecd``, vulnado ``53336e14a40a0b25acdb8edd8b65a813e5f61bda``,
goof ``d240896711e31c540fc1cab79ae2e4cf63f00b1a``, allsafe
``a50b4b078df572b29ab1033bec6c9eff42ac67f3``, InjuredAndroid
``2cc669a1829427f1183b47b80af846cc919bd6f6``, MASTG-Hacking-Playground
``db219a1011e6735cf0c6c08ba929a27ef40e1873``, AndroGoat
``77996f239587a8ed2691629777374b5f4a364589``, DVIA-v2 ``556d7225c64952ff422a47518f275d01377cc362``,
hackazon ``4e8197ec908413859ad75ba185c934144d43877c``, BugBazaar
``fef6a899a684245eb70b2ab4be926f62be849ed9``, ovaa ``4c60d202918e33d3dc9dd7574260f75f761f6e2b``.)
It writes ``fresh21_secrets.jsonl`` and ``fresh21_negatives.jsonl``; both are committed, so CI
never needs the network. The cases are tables read by hand, one per source (``dvbank.py``,
``vulnnode.py``, ``dsvw.py``, ``vulnado.py``, ``goof.py``, ``allsafe.py``, ``injuredandroid.py``,
``mastg.py``, ``androgoat.py``, ``dvia.py``, ``hackazon.py``, ``bugbazaar.py``, ``ovaa.py``);
this script looks each one up in its file at the pinned commit (a table that no longer matches
its source stops the build), cites the first line holding it and filters.

What each source gives: Firebase API keys in ``google-services.json`` (Damn Vulnerable Bank,
Allsafe, InjuredAndroid, BugBazaar); bearer JWTs and a session cookie copied into guides,
READMEs and attack scripts (Damn Vulnerable Bank, vulnado, the MASTG Rails API,
vulnerable-node); framework keys (vulnado's Spring JWT secret, the Rails API's two
``secret_key_base``, vulnerable-node's express-session secret, Hackazon's REST token salt);
third-party API keys and secrets (Hackazon's Facebook and Twitter logins and Best Buy key, the
MASTG app's Fabric key and crash-report credential, DVIA-v2's Flurry key, AndroGoat's AWS key
pair, Goof's token); encryption keys in app code (the MASTG memory challenge's AES and HMAC
keys, InjuredAndroid's DES keys, OVAA's AES key, DVIA-v2's RNCryptor password); a release
keystore's password (BugBazaar); seed and view-compared passwords (vulnerable-node, DSVW,
vulnado, DVIA-v2). Most of the thirteen's other literal values are CTF flags, name the value,
the app or a role, or count digits in order: listed and dropped by ``NO_SECRET``.

Read and not taken (too few values, or none a split could fairly take): sqlmap's testenv
(``sqlmapproject/testenv``: ``testpass`` in every driver and compose file, htpasswd digests);
InsecureShop (``optiv/InsecureShop``: ``!ns3csh0p``, the app's name in leet); xvwa
(``s4n7h0/xvwa``: MD5 rows only); Vulnerable-Web-Application
(``OWASP/Vulnerable-Web-Application``: ``ufoundmypassword``, ``password``);
vuln-node.js-express.js-app (``SirAppSec/vuln-node.js-express.js-app``: ``SuperSecret``,
``superSecretPassword``, ``123``); vulnerable-java-application
(``DataDog/vulnerable-java-application``: no value); vulnerable-api
(``jorritfolmer/vulnerable-api``: ``pass1``, ``THISISATOKEN``); MoneyX (``nVisium/MoneyX``:
names with counted digits, a commented ``mypassword``). DIVA, the Vulnerable Flask App, DVWS,
VAmPI, DVSA and DVNA were judged by ``fresh12`` and ``fresh13``. Password hashes (allsafe's and
xvwa's MD5 rows, Hackazon's salted digests in ``database/db.sql``, InjuredAndroid's flag
digest) are in neither file: a digest of a password is neither the secret nor a fair
negative.

The lookup, the filters (``fresh9``'s; every split up to ``fresh19`` among the earlier splits;
``fresh20``, built at the same time, is not read; ``NO_SECRET`` holds CTF flags, words naming
the value, the apps' and authors' names, names or words with digits counted in order),
numbering and report are ``blind_split.py``'s.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import allsafe  # noqa: E402
import androgoat  # noqa: E402
import blind_split  # noqa: E402
import bugbazaar  # noqa: E402
import dsvw  # noqa: E402
import dvbank  # noqa: E402
import dvia  # noqa: E402
import fresh19  # noqa: E402
import goof  # noqa: E402
import hackazon  # noqa: E402
import injuredandroid  # noqa: E402
import mastg  # noqa: E402
import ovaa  # noqa: E402
import vulnado  # noqa: E402
import vulnnode  # noqa: E402

SPLIT = "fresh21"
LETTER = "o"
SOURCES: tuple[tuple[str, ModuleType], ...] = (
    ("dvbank", dvbank),
    ("vulnerable-node", vulnnode),
    ("dsvw", dsvw),
    ("vulnado", vulnado),
    ("goof", goof),
    ("hackazon", hackazon),
    ("mastg", mastg),
    ("allsafe", allsafe),
    ("injuredandroid", injuredandroid),
    ("androgoat", androgoat),
    ("dvia-v2", dvia),
    ("bugbazaar", bugbazaar),
    ("ovaa", ovaa),
)
EARLIER_SECRETS, EARLIER_NEGATIVES = blind_split.after(fresh19, "fresh18", "fresh19")


if __name__ == "__main__":
    blind_split.build_split(SPLIT, LETTER, SOURCES, EARLIER_SECRETS, EARLIER_NEGATIVES)

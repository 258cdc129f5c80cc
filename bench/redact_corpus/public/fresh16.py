"""Build the ``fresh16`` split from the test samples of Samsung's CredSweeper (a secret scanner
no rule here was tuned on, nor any earlier split taken from).

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh16.py

(``fetch github:Samsung/CredSweeper`` and the gitleaks and ripsecrets mirrors the negatives'
judges read, ``fetch github:gitleaks/gitleaks`` and ``fetch github:sirwart/ripsecrets``, bring
what it reads; the mirror's ``HEAD`` is the commit every case cites.) It writes
``fresh16_secrets.jsonl`` and ``fresh16_negatives.jsonl``; both are committed, so CI never
needs the network. The cases are tables read by hand (``credsweeper.py``: provider tokens and
private keys; ``credsweeper_text.py``: passwords, secrets and tokens said in documents,
commands and code; one source, ``credsweeper.py`` joins them); this script looks each one up
in its file at the pinned commit (a table that no longer matches its source stops the build),
cites the first line holding it and filters. A PEM key is cited by its header and first two
lines of key material, looked up as consecutive lines.

What the source gives: ``tests/samples/`` has a file or a few for each of CredSweeper's rules,
true cases and their look-alikes side by side. Provider tokens of some eighty-five formats (AI
services, code hosts and CI, cloud, chat and mail, payments: one value each), private keys in
several wrappings (PEM in code strings and build logs, JSON-escaped, bare base64 DER; RSA, EC,
PGP, ML-DSA), and what few corpora give: passwords said in documentation (``doc_*``: ID and
password pairs, slashes, parentheses, IP-user-password triples, Korean labels, prose), in
Confluence tables, a diagram and a CSV, on command lines (``cmd_*``), in HTTP headers, curl
options and URLs, and passwords given to a name in a dozen languages. Its negatives are the
samples' false-positive lines (``*_n``, ``false_positive``, ``password_FALSE``, the ``FP:``
and ``NEGATIVE:`` lines) and the lines beside the secrets that hold none. ``tests/data/``'s
expected results (``output.json``, ``doc.json``) were read as a cross-check only: this reading
decides (it labels no secret where CredSweeper reports a placeholder, an id or a publishable
key, and labels values its default run does not report: deep-scan and document samples).
The samples hold about 250 values that pass the filters; one per form was kept (150), so
that the split stays in the 60 to 150 it aims at.

Read and left out: the binary samples (``.jks``, ``.p12``, ``.class``, ``.pyc``, ``.dex``,
``.elf``, ``.rpm``, ``.deb``, ``.snk``, the archives and compressed copies of ``pem_key``,
office files, images, PDF, SQLite, SquashFS, pickle): a case is a line of a text file; the
patches in UTF-16 and 8-bit encodings (their one password, ``dkajco1``, is under 8 signs); the
copies of a value in another file (``key.py`` and ``secret.go`` repeat ``key.go``'s OpenSSH
key, ``pem_key.p.java``'s second sample is ``pem_key.p.code``, ``multifile.patch`` repeats
``multiline.patch``, ``small.pdf`` the Azure secret, ``test.html`` the DigitalOcean and
Telegram tokens, ``test2.eml`` a second Grafana key of zeros); the near-copies of a positive
the samples mark false for one changed run (Anthropic's, Groq's and Perplexity's ``…76543210``
tails, the counted heads of the OpenAI, RubyGems and Brevo look-alikes, ``jfrog_n``, the age
key with a bad checksum, Bitbucket's ``falsesample…``, Supabase's ``…abcdef``): their bodies
are as random as the positive's, neither label is fair; Twilio's account and API key SIDs
(identifiers: the secret is elsewhere, yet too like a key for a fair negative); salts, a nonce,
base64 blobs that decode to a keyboard mash (``LS0t_p``, ``LS0t_n``, ``key.py``'s ``pkey``,
``encoded_data``), password hashes. Each table's docstring says more.

The lookup, the filters (``fresh9``'s, ``fresh15`` included among the earlier splits;
``NO_SECRET`` holds values naming themselves in leet, German or base64, the samples' stand-in
``gireogi``, keyboard columns, counted digits, a known constant), numbering and report are
``blind_split.py``'s.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import blind_split  # noqa: E402
import credsweeper  # noqa: E402
import fresh15  # noqa: E402

SPLIT = "fresh16"
LETTER = "a"
SOURCES: tuple[tuple[str, ModuleType], ...] = (("credsweeper", credsweeper),)
EARLIER_SECRETS = (*fresh15.EARLIER_SECRETS, "fresh15_secrets.jsonl")
EARLIER_NEGATIVES = (*fresh15.EARLIER_NEGATIVES, "fresh15_negatives.jsonl")


if __name__ == "__main__":
    blind_split.build_split(SPLIT, LETTER, SOURCES, EARLIER_SECRETS, EARLIER_NEGATIVES)

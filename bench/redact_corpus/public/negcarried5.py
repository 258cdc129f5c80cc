"""Build the ``negcarried5`` negatives: a fifth holdout of the ``negcarried`` kind, with values
and repositories that none of ``negcarried``, ``negcarried2``, ``negcarried3`` and ``negcarried4``
used. Each value is a harmless string that looks random, drawn from an outside tester's "hard
negatives" list in roughly equal parts: tool-made paths (JNA and sqlite-jdbc native extracts,
Ansible, Packer, pre-commit, Poetry, Hugging Face, WiX Burn and macOS App Translocation
folders, Windows and macOS forms among them), object keys and artifact or CDN URLs (CDK asset
keys, R2, Vercel Blob, ECR Public, Actions artifact containers, Windows Update catalog, model
weights), public key material (Matrix, Lightning, libp2p, Tailscale, Yggdrasil, age, sigstore,
X.509 fields and lines, JWK thumbprints, signing-certificate fingerprints), hashes and ids (JA3
and JA4 fingerprints, YARA sample hashes, ELF build ids, Mach-O and crash UUIDs, Unity, Xcode,
Visual Studio and Alembic ids, AAGUIDs, Akamai and Azure edge references) and encodings or
published test vectors (DNS stamps, HPACK, MIME words, BOLT 12 offers, Crypto++ known answers).
Each appears in five hand-written texts of a bug-fixing session: a ``command``, its ``output``, a
``patch``, a ``snapshot`` of a file and a ``thought``. ``negcarried5_taken.py`` holds the values,
their pinned sources, the labelling rule and the candidates that were read but left out.

Build it (offline, before any redactor has seen the result)::

    python bench/redact_corpus/public/negcarried5.py

All the work is ``negcarried.run`` with this split's ``Spec``: it refuses the table if a row has
a malformed kind or source, a carrier without the value or with the wrong number of lines, a
patch whose hunks do not add up or do not add the value, any credential-shaped text, or a value
found in any other ``*.jsonl`` file of this folder (``every_jsonl`` and ``hunk_counts`` are on,
as for the earlier holdouts). It then writes ``negcarried5_negatives.jsonl``: one row per
(value, carrier), keys sorted, ids ``nj0001``... in (kind, source, value, carrier) order. Running
it twice gives the same bytes; the file is committed so tests need no network.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from negcarried import Spec, hunk_problems, run  # noqa: E402
from negcarried import render as _render  # noqa: E402
from negcarried5_taken import DROPPED_BY_HAND, ROWS  # noqa: E402

SPEC = Spec(
    "negcarried5", "nj", "negcarried5_taken.py", (100, 120), every_jsonl=True, hunk_counts=True
)

__all__ = ["SPEC", "hunk_problems", "render"]


def render(rows: list[dict]) -> str:
    """The bytes of ``negcarried5_negatives.jsonl`` for ``rows``."""
    return _render(rows, SPEC)


if __name__ == "__main__":
    run(SPEC, ROWS, DROPPED_BY_HAND)

"""Build the ``negcarried4`` negatives: a fourth holdout of the ``negcarried`` kind, with values
and repositories that none of ``negcarried``, ``negcarried2`` and ``negcarried3`` used. Each
value is a harmless string that looks random, weighted toward a tester's "hard negatives" list:
tool-made paths (temp, cache, socket, volume and build folders), object keys and hashed download
or CDN URLs, public keys and certificate lines (DANE, SSHFP, OPENPGPKEY, WireGuard, Nix, SSH,
Nostr, WebAuthn COSE, Tauri, Sparkle), hashes (SRI, manifests, lock files), request and trace
ids, plain encodings and published test vectors. Each appears in five hand-written texts of a
bug-fixing session: a ``command``, its ``output``, a ``patch``, a ``snapshot`` of a file and a
``thought``. ``negcarried4_taken.py`` holds the values, their pinned sources, the labelling rule
and the candidates that were read but left out.

Build it (offline, before any redactor has seen the result)::

    python bench/redact_corpus/public/negcarried4.py

All the work is ``negcarried.run`` with this split's ``Spec``: it refuses the table if a row has
a malformed kind or source, a carrier without the value or with the wrong number of lines, a
patch whose hunks do not add up or do not add the value, any credential-shaped text, or a value
found in any other ``*.jsonl`` file of this folder (``every_jsonl`` and ``hunk_counts`` are on,
as for the earlier holdouts). It then writes ``negcarried4_negatives.jsonl``: one row per
(value, carrier), keys sorted, ids ``nh0001``... in (kind, source, value, carrier) order. Running
it twice gives the same bytes; the file is committed so tests need no network.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from negcarried import Spec, hunk_problems, run  # noqa: E402
from negcarried import render as _render  # noqa: E402
from negcarried4_taken import DROPPED_BY_HAND, ROWS  # noqa: E402

SPEC = Spec(
    "negcarried4", "nh", "negcarried4_taken.py", (100, 120), every_jsonl=True, hunk_counts=True
)

__all__ = ["SPEC", "hunk_problems", "render"]


def render(rows: list[dict]) -> str:
    """The bytes of ``negcarried4_negatives.jsonl`` for ``rows``."""
    return _render(rows, SPEC)


if __name__ == "__main__":
    run(SPEC, ROWS, DROPPED_BY_HAND)

"""Build the ``negcarried2`` negatives, a holdout of the same kind as ``negcarried`` with other
values from other sources: harmless strings that look random (build, cache and temp paths,
object URLs and registry paths, public keys and fingerprints, lock-file and DNSSEC hashes, ids,
encoded non-secrets, published test vectors), each placed in five texts of a developer's
bug-fixing session: a ``command`` line, terminal ``output``, a unified diff (``patch``), a file
excerpt (``snapshot``) and a private note (``thought``). The values, their sources, the texts and
what was left out by hand are in ``negcarried2_taken.py`` (read it for the labelling rule).

Run once, before any redaction is tried on the result (no network, no mirrors needed)::

    python bench/redact_corpus/public/negcarried2.py

The builder is ``negcarried.py``'s (``negcarried.run`` with this split's ``Spec``), with two
stricter checks this split added (``every_jsonl``, ``hunk_counts``). It checks every row of
``negcarried2_taken.ROWS`` and stops with a message on any that breaks the split's rules:

* the kind is ``<path|object|pubkey|hash|id|encoded|vector>:<what>``; at most ``PER_KIND`` rows
  a kind; ``MIN_VALUES`` to ``MAX_VALUES`` values in all, of at least ``MIN_KINDS`` kinds;
* the source is a GitHub blob URL pinned to a 40-hex commit with one line (``#L<n>``), or an
  issue or pull-request thread URL;
* the five carriers are there and each holds the value verbatim (a plain substring test, so
  the value may sit anywhere in the text); ``command`` and ``thought`` are one line,
  ``output`` 2 to 8 lines, ``snapshot`` 3 to 15; ``patch`` starts with ``--- a/``, ``+++ b/``
  and ``@@ -`` lines and adds the value on a ``+`` line; every hunk line starts with ``' '``,
  ``'+'`` or ``'-'`` and each hunk holds exactly the old and new line counts its header says;
* no text has trailing whitespace, a carriage return or another control sign, private or
  encrypted armour, or anything a pattern of ``LOOKS_LIKE_A_CREDENTIAL`` (``realneg.py``, the
  negatives builders' one list) finds;
* no value is repeated, and none occurs anywhere in another ``*.jsonl`` file here (any string
  of any row: ``negcarried_negatives.jsonl`` and every other split's negatives, secrets and tool
  files); no text holds a labelled secret value (8 signs or more) of a secrets file.

It then writes ``negcarried2_negatives.jsonl``: one JSON object a line, keys sorted, one row per
(value, carrier) with ``id`` (``nq0001``... numbered after sorting by kind, source and value, then
carrier in the order command, output, patch, snapshot, thought), ``kind``, ``source``, ``split``,
``carrier``, ``value`` and ``text``. The file is committed, so CI never needs the network; a
second run writes the same bytes. There is no secrets file: the split is negatives only.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from negcarried import Spec, hunk_problems, run  # noqa: E402
from negcarried import render as _render  # noqa: E402
from negcarried2_taken import DROPPED_BY_HAND, ROWS  # noqa: E402

SPEC = Spec(
    "negcarried2", "nq", "negcarried2_taken.py", (100, 120), every_jsonl=True, hunk_counts=True
)

__all__ = ["SPEC", "hunk_problems", "render"]


def render(rows: list[dict]) -> str:
    """The bytes of ``negcarried2_negatives.jsonl`` for ``rows``."""
    return _render(rows, SPEC)


if __name__ == "__main__":
    run(SPEC, ROWS, DROPPED_BY_HAND)

"""Build the ``fresh25`` split: credentials people pasted into public GitHub issue and
pull-request threads, and hard negatives copied from the same kind of pasted material (taken
from other threads than ``fresh24``'s).

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh25.py

The cases are the hand-read tables of ``fresh25_taken.py`` (its docstring says how they were
found, the labelling rules and what was left out). This script only checks them, numbers them
and writes ``fresh25_secrets.jsonl`` (ids ``gq0001``...) and ``fresh25_negatives.jsonl`` (ids
``gqn0001``...); both are committed, so CI never needs the network. No id of another file
starts with ``gq``.

Checks (any failure stops the build, nothing is dropped silently): every secret has a ``kind``
of the form ``<service-or-tool>:<what>``, a value of ``MIN_LEN`` signs or more that its
``example`` holds, a boolean ``sure`` and a thread address as ``source``
(``https://github.com/<owner>/<repo>/(issues|pull)/<n>``, optionally with
``#issuecomment-<n>`` or ``#discussion_r<n>``); every negative has a kind, a source of the same
form and a text of 1 to ``MAX_LINES`` lines; no kind has more than ``MAX_PER_KIND`` secrets; no
value and no negative text repeats; no value occurs in any other ``*.jsonl`` file of this folder
(in any string field of any row); no negative text occurs there either, and no negative holds a
value of another split's secrets file (of ``MIN_LEN`` signs or more) or of this split; no
source is a thread that ``fresh24_secrets.jsonl`` or ``fresh24_negatives.jsonl`` cites. The
checks and the writing are ``fresh24.py``'s (:func:`fresh24.build`).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import fresh24  # noqa: E402
import fresh25_taken  # noqa: E402

if __name__ == "__main__":
    fresh24.build("fresh25", "gq", fresh25_taken, sibling="fresh24")

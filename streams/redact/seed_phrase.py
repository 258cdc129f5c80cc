"""A wallet's recovery phrase: the ``seed_phrase`` rule.

A BIP-39 mnemonic (12 to 24 words of a fixed list of 2,048) is a wallet's private key
written as words: ``purpose betray marriage blame crunch monitor spin slide donate sport
lift clutch`` in Juice Shop's code. No value rule takes it (a value ends at a blank) and no
token rule sees words. The list is Trezor's ``mnemonic`` package's (the reference
implementation's wordlists), so the rule knows exactly the words a wallet draws from.

Taken: a run of 12 or more consecutive words of the list, separated by single blanks (or a
comma and a blank), in a text that names what it is: ``mnemonic``, ``seed``, ``recovery``,
``wallet``, ``passphrase``, ``bip39`` or ``secret phrase`` (the rule's triggers). English
sentences rarely hold twelve list words in a row, but the words are common ones (``that``,
``have``, ``you``), so a text saying none of those words is not read: a run of prose is
no seed. The checksum is not required: fixtures and made-up phrases fail it and are
secrets' stand-ins all the same.
"""

from __future__ import annotations

import re
from functools import cache

from mnemonic import Mnemonic

MIN_WORDS = 12
TRIGGERS = ("mnemonic", "seed", "recovery", "wallet", "passphrase", "bip39", "secret phrase")
_RUN = re.compile(rf"(?:[a-z]{{3,8}},? ){{{MIN_WORDS - 1},}}[a-z]{{3,8}}")
"""A run of 12+ short lower-case words."""
PATTERN = re.compile(r"\A(?=[\s\S]*(?:" + "|".join(TRIGGERS) + r"))[\s\S]*?" + _RUN.pattern)
"""Every span's necessary condition, for the engine's trigger checks: a trigger, and a run."""


@cache
def _wordlist() -> frozenset[str]:
    return frozenset(Mnemonic("english").wordlist)


def seed_spans(text: str, low: str, hits: list[str] | None) -> list[tuple[int, int]]:
    """The runs of 12+ list words in the text (on its lower-cased copy: ``Purpose …``)."""
    words = _wordlist()
    spans: list[tuple[int, int]] = []
    for run in _RUN.finditer(low):
        start = end = 0
        count = 0
        for word in re.finditer(r"[a-z]+", run.group()):
            if word.group() in words:
                if not count:
                    start = word.start()
                count += 1
                end = word.end()
                continue
            if count >= MIN_WORDS:
                spans.append((run.start() + start, run.start() + end))
            count = 0
        if count >= MIN_WORDS:
            spans.append((run.start() + start, run.start() + end))
    return spans

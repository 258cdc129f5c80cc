"""A wallet's recovery phrase: the ``seed_phrase`` rule.

A BIP-39 mnemonic (12 to 24 words of a fixed list of 2,048) is a wallet's private key
written as words: ``purpose betray marriage blame crunch monitor spin slide donate sport
lift clutch`` in Juice Shop's code. No value rule takes it (a value ends at a blank) and no
token rule sees words. The list is Trezor's ``mnemonic`` package's (the reference
implementation's wordlists), so the rule knows exactly the words a wallet draws from.

Taken: a run of 12 or more consecutive words of the list, separated by single blanks (or a
comma and a blank), in a text that names what it is: ``mnemonic``, ``seed``, ``recovery``,
``wallet``, ``phrase`` (``passphrase``, ``PHRASE = '…'``: fresh71) or ``bip39`` (the
rule's triggers). English sentences rarely hold twelve list words in a row, but the words
are common ones (``that``, ``have``, ``you``), so a text saying none of those words is not
read: a run of prose is no seed. The checksum is not required there: fixtures and made-up
phrases fail it and are secrets' stand-ins all the same.

With no trigger, the text is taken only when it is one whole phrase whose checksum holds:
exactly 12, 15, 18, 21 or 24 list words, the last of which carries the SHA-256 check bits
of the rest (what every wallet and ``ethers.Wallet.createRandom()`` writes), and nothing
else but quotes. A Truffle or Hardhat project's ``.secret`` file holds the phrase alone
(fresh71: five such files); a run of list words passes the check once in 16 (12 words) to
256 (24). Only short texts are read so (a gate of C-speed tests): a search of every text
for a phrase alone on some line cost 12 µs per string of the bench's event mix, a sixth
of the whole engine's.
"""

from __future__ import annotations

import re
from functools import cache

from mnemonic import Mnemonic

MIN_WORDS = 12
PHRASE_LENGTHS = frozenset((12, 15, 18, 21, 24))
"""BIP-39's phrase lengths (128 to 256 bits of entropy, 32 bits per three words)."""
TRIGGERS = ("mnemonic", "seed", "recovery", "wallet", "phrase", "bip39")
_RUN = re.compile(rf"(?:[a-z]{{3,8}},? ){{{MIN_WORDS - 1},}}[a-z]{{3,8}}")
"""A run of 12+ short lower-case words."""
PATTERN = re.compile(r"\A(?=[\s\S]*(?:" + "|".join(TRIGGERS) + r"))[\s\S]*?" + _RUN.pattern)
"""Every span's necessary condition, for the engine's trigger checks: a trigger, and a run."""


@cache
def _mnemonic() -> Mnemonic:
    return Mnemonic("english")


@cache
def _wordlist() -> frozenset[str]:
    return frozenset(_mnemonic().wordlist)


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


LONE_MAX = 24 * 9 + 16
"""The longest text a phrase alone fills: 24 words of up to 8 letters, blanks, quotes."""
LONE = re.compile(r"[ \t'\"`]*((?:[a-z]{3,8} ){11,23}[a-z]{3,8})[ \t'\"`;,]*\n?")
"""A whole text of 12 to 24 short words between blanks, quotes and a line's end: the
phrase a ``.secret`` file or a quoted constant holds (what :func:`lone_phrase_spans` reads)."""


def lone_phrase_gate(low: str) -> bool:
    """The gate of :func:`lone_phrase_spans` (C speed, on every string): short, 11 blanks."""
    return len(low) <= LONE_MAX and low.count(" ") >= MIN_WORDS - 1


def lone_phrase_spans(text: str, low: str, hits: list[str] | None) -> list[tuple[int, int]]:
    """The whole text is one phrase whose BIP-39 checksum holds."""
    m = LONE.fullmatch(low)
    if m is None:
        return []
    phrase = m.group(1).split(" ")
    if len(phrase) not in PHRASE_LENGTHS or not _wordlist().issuperset(phrase):
        return []
    return [m.span(1)] if _mnemonic().check(m.group(1)) else []

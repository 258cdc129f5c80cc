"""``seed_phrase``: a wallet's BIP-39 recovery phrase, and the prose that is not one."""

from __future__ import annotations

import pytest

from streams.redact import Redactor

R = Redactor()
PHRASE = "purpose betray marriage blame crunch monitor spin slide donate sport lift clutch"
"""Juice Shop's wallet mnemonic (routes/checkKeys.ts), 12 words of the BIP-39 list."""


@pytest.mark.parametrize(
    "text",
    [
        f"const mnemonic = '{PHRASE}'",
        f"WALLET_SEED={PHRASE}",
        f"my recovery phrase: {PHRASE.capitalize()}",
        f"seed words: {PHRASE.replace(' ', ', ')}",
    ],
)
def test_a_recovery_phrase_goes(text: str) -> None:
    out, found = R.redact_text(text)
    assert "seed_phrase" in found and "marriage blame" not in out, out


@pytest.mark.parametrize(
    "text",
    [
        # eleven list words: one short of a phrase
        "seed: purpose betray marriage blame crunch monitor spin slide donate sport lift",
        # twelve short words, not all of the list, beside a trigger
        "the wallet test seeds every account with these same tiny fake values before each run",
        # no word saying what it is, and thirteen list words in a row ("used" is one): no
        # whole phrase, so the checksum is not asked
        f"Used {PHRASE}. The call returned 200",
    ],
)
def test_prose_and_short_runs_stay(text: str) -> None:
    assert R.redact_text(text)[0] == text


GANACHE = "pattern bar faith fever enroll pulse clarify captain weather apology soul few"
"""A Truffle project's ``.secret`` file (fresh71's td0052): twelve list words whose BIP-39
checksum holds."""


@pytest.mark.parametrize(
    "text",
    [
        GANACHE,
        f"  '{GANACHE}',",
        f"const PHRASE = '{GANACHE}';",
    ],
)
def test_a_whole_phrase_whose_checksum_holds_goes_with_no_word_beside_it(text: str) -> None:
    out, found = R.redact_text(text)
    assert "seed_phrase" in found and "enroll pulse" not in out, out


@pytest.mark.parametrize(
    "text",
    [
        # the same words with a last word that breaks the checksum
        GANACHE.replace(" few", " fan"),
        # the checksummed phrase with a thirteenth list word: no phrase has 13 words
        f"{GANACHE} fever",
        # eleven of its words
        GANACHE.rsplit(" ", 1)[0],
    ],
)
def test_runs_that_are_not_whole_checksummed_phrases_stay_with_no_word_beside_them(
    text: str,
) -> None:
    assert R.redact_text(text)[0] == text

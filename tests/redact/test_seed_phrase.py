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
        # a phrase with no word saying what it is: prose, not read
        f"Used {PHRASE}. The call returned 200",
    ],
)
def test_prose_and_short_runs_stay(text: str) -> None:
    assert R.redact_text(text)[0] == text

"""``ids_holding`` finds what testing every value against every text with ``in`` finds."""

from __future__ import annotations

import random

from tests.corpus.corpus_files import ids_holding, load_once


def test_a_value_anywhere_in_a_text_is_found_and_a_short_one_is_not() -> None:
    values = ["hunter2hunter2", "sk_live_abcdefgh", "short7"]
    rows = [
        {"id": "start", "text": "hunter2hunter2 was typed"},
        {"id": "middle", "text": "key=sk_live_abcdefgh;"},
        {"id": "end", "text": "the password: hunter2hunter2"},
        {"id": "whole", "text": "sk_live_abcdefgh"},
        {"id": "prefix only", "text": "sk_live_abcdefg and hunter2hunter"},
        {"id": "short value", "text": "short7 is too short to count"},
        {"id": "tiny", "text": "abc"},
    ]
    assert ids_holding(values, rows) == ["start", "middle", "end", "whole"]


def test_it_agrees_with_in_on_random_texts() -> None:
    rng = random.Random(7)
    alphabet = "ab8_"  # few signs: values share starts and overlap in texts
    values = ["".join(rng.choices(alphabet, k=rng.randint(6, 10))) for _ in range(300)]
    rows = [{"id": str(i), "text": "".join(rng.choices(alphabet, k=60))} for i in range(500)]
    rows += [{"id": f"planted{i}", "text": f"x{v}y"} for i, v in enumerate(values[:20])]
    want = [r["id"] for r in rows if any(len(v) >= 8 and v in r["text"] for v in values)]
    assert ids_holding(values, rows) == want
    assert any(i.startswith("planted") for i in want) and any(not i.startswith("p") for i in want)


def test_a_file_is_read_once_and_cannot_be_changed() -> None:
    assert load_once("secrets.jsonl") is load_once("secrets.jsonl")
    assert isinstance(load_once("secrets.jsonl"), tuple)

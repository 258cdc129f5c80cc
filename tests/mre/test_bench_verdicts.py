"""bench/mre_verdicts.py reads the agreement bench's per-report lines as the bench prints
them, merges chunks (a later log's line wins) and lists the reports whose verdict moved."""

from __future__ import annotations

from pathlib import Path

from bench.mre_verdicts import changes, read_logs

# as bench/mre_agreement.py's run_pass prints them (its f-string), cold pass included
CHUNK_1 = """corpus tests/mre/corpus (2 reports, 2 projects), mode deterministic

[cold  1/2] arrow-79               RED    ≠ GREEN    3.10s  missing-module
[warm  1/2] arrow-79               GREEN  = GREEN    0.27s  reproduced
[warm  2/2] asttokens-55           RED    = RED      0.02s  no-code

agreement: 2/2 = 100.0%
"""
CHUNK_2 = "[warm  1/1] astral-81              YELLOW ≠ GREEN    0.39s  not-reproduced\n"
RERUN = "[warm  1/1] astral-81              GREEN  = GREEN    0.41s  reproduced\n"


def _logs(tmp_path: Path, *texts: str) -> list[Path]:
    paths = []
    for i, text in enumerate(texts):
        path = tmp_path / f"log{i}.txt"
        path.write_text(text)
        paths.append(path)
    return paths


def test_chunks_merge_and_only_the_warm_pass_counts(tmp_path: Path) -> None:
    run = read_logs(_logs(tmp_path, CHUNK_1, CHUNK_2))
    assert list(run) == ["arrow-79", "astral-81", "asttokens-55"]
    assert run["arrow-79"] == {
        "verdict": "GREEN",
        "label": "GREEN",
        "seconds": 0.27,
        "category": "reproduced",
    }


def test_a_later_log_wins_and_the_moved_verdict_is_listed(tmp_path: Path) -> None:
    before = read_logs(_logs(tmp_path, CHUNK_1, CHUNK_2))
    after = read_logs(_logs(tmp_path, CHUNK_1, CHUNK_2, RERUN))
    assert after["astral-81"]["verdict"] == "GREEN"
    assert changes(before, after) == [
        "astral-81: YELLOW (not-reproduced) -> GREEN (reproduced), label GREEN: now agrees"
    ]
    assert changes(after, after) == []

"""``traces list`` and ``traces show`` in an 80-column terminal: columns chosen, nothing cut.

Rich's default overflow cuts a cell with "…" (the old list showed "tra…", "rep…"); here the
commands choose columns by importance until the width is used, fold what is still too
long, and ``--wide`` shows every column.
"""

from __future__ import annotations

import pytest
from rich.console import Console
from typer.testing import CliRunner

from fixtrace.ops import traces_cli
from fixtrace.ops.render import Column, choose_columns, elapsed
from fixtrace_config import Settings
from tests.ops.conftest import Sample
from tests.ops.sample import store_sample

runner = CliRunner()


def _run(ops_app, monkeypatch: pytest.MonkeyPatch, width: int, *args: str) -> list[str]:
    monkeypatch.setattr(traces_cli, "console", Console(width=width, no_color=True))
    out = runner.invoke(ops_app, list(args))
    assert out.exit_code == 0, out.output
    return out.stdout.splitlines()


LONG_PREFIX = "swe-agent:django__django-11099:run-2026-01-02"


@pytest.fixture(scope="module")
def long_ids(sample: Sample) -> tuple[str, str]:
    """Two more traces whose ids (an importer's style) are longer than half a terminal."""
    return store_sample(sample.store, sample.blob_root, LONG_PREFIX)


def test_list_fits_80_columns_and_keeps_ids_whole(ops_app, stack_env: Settings, sample: Sample,
                                                  monkeypatch: pytest.MonkeyPatch):  # fmt: skip
    lines = _run(ops_app, monkeypatch, 80, "traces", "list")
    text = "\n".join(lines)
    assert max(len(line) for line in lines) <= 80
    assert "…" not in text
    header = next(line for line in lines if line.startswith("trace "))
    assert header.split()[:5] == ["trace", "tests", "judge", "status", "repo"]
    for trace_id in (sample.fixed, sample.broken):
        assert any(line.startswith(trace_id + " ") for line in lines), trace_id
    assert "fail→pass" in text and "4.50" in text and "httpparse" in text
    words = " ".join(text.split())  # the caption may wrap
    assert "not shown at 80 columns:" in words and "--wide shows every column" in words

    wide = "\n".join(_run(ops_app, monkeypatch, 80, "traces", "list", "--wide"))
    for name in ("MRE", "created (UTC)", "events", "title", "judge mode", "test runs"):
        assert name in wide, name
    assert "not shown" not in wide and "…" not in wide
    assert "Header values with ':' are cut" in wide  # the title, whole


def test_list_keeps_long_ids_whole(ops_app, stack_env: Settings, sample: Sample,
                                   long_ids: tuple[str, str],
                                   monkeypatch: pytest.MonkeyPatch):  # fmt: skip
    """Issue 31: an id folded over two lines can be neither clicked nor copied; the other
    columns give way (and are named in the caption) instead."""
    lines = _run(ops_app, monkeypatch, 80, "traces", "list")
    assert max(len(line) for line in lines) <= 80
    assert "…" not in "\n".join(lines)
    for long_id in long_ids:  # 51 characters: whole on one line
        assert any(line.startswith(long_id + " ") for line in lines), long_id
    for short_id in (sample.fixed, sample.broken):  # short ids stay on one line
        assert any(line.startswith(short_id + " ") for line in lines)


def test_show_fits_80_columns(ops_app, stack_env: Settings, sample: Sample,
                              monkeypatch: pytest.MonkeyPatch):  # fmt: skip
    lines = _run(ops_app, monkeypatch, 80, "traces", "show", sample.fixed)
    text = "\n".join(lines)
    assert max(len(line) for line in lines) <= 80
    assert "…" not in text.replace("<blob", "")
    for needle in ("hypothesis: split(':') breaks on ports", "FAIL (1/2 failed)", "GREEN"):
        assert needle in text, needle
    wide = "\n".join(_run(ops_app, monkeypatch, 80, "traces", "show", sample.fixed, "--wide"))
    assert "judge model" in wide and "heuristic-v1" in wide


def test_timeline_offsets_fit_their_column():
    """The +time column held ``0:00:01.955`` (11 characters in a column of 8), so every
    timeline row of `traces show` wrapped onto two lines at 80 columns."""
    cases = {0: "0:00.0", 1955: "0:02.0", 65_300: "1:05.3", 599_999: "10:00.0",
             7_265_000: "2:01:05"}  # fmt: skip
    for ms, shown in cases.items():
        assert elapsed(ms) == shown
        assert len(shown) <= 8
    # the web UI's timeline: whole seconds, cut rather than rounded
    assert [elapsed(ms, tenths=False) for ms in (0, 65_300, 599_999, 7_265_000)] == [
        "0:00", "1:05", "9:59", "2:01:05"
    ]  # fmt: skip


def test_choose_columns_by_priority():
    cols = [Column("a", "a", 0, 10), Column("b", "b", 2, 10), Column("c", "c", 1, 10)]
    shown, hidden = choose_columns(cols, [], 22)  # 10 + 2 + 10
    assert [c.key for c in shown] == ["a", "c"] and [c.key for c in hidden] == ["b"]
    shown, _ = choose_columns(cols, [], 5)  # the first column is kept even if too wide
    assert [c.key for c in shown] == ["a"]
    ids = [Column("id", "id", 0, None)]
    assert choose_columns(ids, [{"id": "x" * 30}], 80)[0] == ids

"""``traces show`` takes the start of an id, and prints times a person can read (issue 31)."""

from __future__ import annotations

import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from fixtrace.ops import traces_cli
from fixtrace_config import Settings
from tests.ops.conftest import Sample

runner = CliRunner()


def _show(ops_app, monkeypatch: pytest.MonkeyPatch, *args: str):
    monkeypatch.setattr(traces_cli, "console", Console(width=100, no_color=True))
    return runner.invoke(ops_app, ["traces", "show", *args])


def test_show_takes_a_unique_prefix(ops_app, stack_env: Settings, sample: Sample,
                                    monkeypatch: pytest.MonkeyPatch):  # fmt: skip
    prefix = sample.fixed[: len(sample.fixed) - len("-fixed") + 2]  # "…-fi": the fixed one only
    out = _show(ops_app, monkeypatch, prefix)
    assert out.exit_code == 0, out.output
    assert f"trace {sample.fixed}" in out.stdout
    by_prefix = _show(ops_app, monkeypatch, prefix, "--json")
    whole = _show(ops_app, monkeypatch, sample.fixed, "--json")
    assert by_prefix.stdout == whole.stdout != ""


def test_show_names_the_candidates_of_an_ambiguous_prefix(
    ops_app, stack_env: Settings, sample: Sample, monkeypatch: pytest.MonkeyPatch
) -> None:
    common = sample.fixed[: len(sample.fixed) - len("-fixed")]  # both sample traces
    out = _show(ops_app, monkeypatch, common)
    assert out.exit_code == 1
    line = out.output.strip()
    assert "\n" not in line and "give more of the id" in line
    assert sample.fixed in line and sample.broken in line
    missing = _show(ops_app, monkeypatch, "no-such-trace")
    assert missing.exit_code == 1 and "no trace no-such-trace" in missing.output


def test_show_prints_times_not_epoch_milliseconds(
    ops_app, stack_env: Settings, sample: Sample, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = _show(ops_app, monkeypatch, sample.fixed).stdout
    assert re.search(r"created_at\s+│?\s*\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} UTC", text), text
    assert not re.search(r"\b1\d{12}\b", text), "an epoch-milliseconds value is still shown"

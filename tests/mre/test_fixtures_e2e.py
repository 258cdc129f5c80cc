"""Three fixture issues (one per verdict) end to end, deterministic mode, real PyPI and
real sandbox."""

from __future__ import annotations

import json
import py_compile
from pathlib import Path

from typer.testing import CliRunner

from qa_agents.mre.cli import app
from qa_agents.mre.models import Verdict
from qa_agents.mre.service import MODE_NO_MODEL

from .conftest import FIXTURES

SPEC_ARTIFACTS = (
    "extraction_metadata.json",
    "version_report.json",
    "behavior_analysis.json",
    "execution_results.json",
    "validation_report.md",
)


def _fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def test_valid_issue_is_green(run_issue) -> None:
    result = run_issue(_fixture("valid_issue.md"))
    assert result.verdict == Verdict.GREEN, result.report_markdown
    assert result.mode == MODE_NO_MODEL
    out = result.artifacts.out_dir
    for name in SPEC_ARTIFACTS:
        assert (out / name).is_file(), name
    meta = json.loads((out / "extraction_metadata.json").read_text())
    assert meta["code_blocks_found"] == 2 and meta["entrypoint_added"] is True
    versions = json.loads((out / "version_report.json").read_text())
    assert versions["packages"][0]["name"] == "packaging" and versions["all_latest"]
    execution = json.loads((out / "execution_results.json").read_text())
    assert execution["exception"].startswith("packaging.version.InvalidVersion")
    assert execution["timed_out"] is False and execution["needs_interaction"] is False
    report = result.report_markdown
    assert "**Status**: ✓ REPRODUCED" in report and "**Mode**: deterministic" in report
    assert "## Package Versions" in report and "packaging: " in report
    assert result.artifacts.reproduction is not None
    py_compile.compile(str(result.artifacts.reproduction), doraise=True)
    assert result.errors == []
    assert result.timings.execution_s > 0


def test_partial_issue_is_yellow_with_questions(run_issue) -> None:
    result = run_issue(_fixture("partial_issue.md"))
    assert result.verdict == Verdict.YELLOW, result.report_markdown
    report = result.report_markdown
    assert "**Status**: ⚠ PARTIAL_REPRODUCTION" in report
    assert "- Expected: AttributeError" in report and "- Actual: TypeError" in report
    assert "## Questions for Issue Author" in report
    assert "you mentioned 20.9; the run used" in report
    assert result.artifacts.reproduction is None


def test_invalid_issue_is_red_with_requests(run_issue) -> None:
    result = run_issue(_fixture("invalid_issue.md"))
    assert result.verdict == Verdict.RED
    report = result.report_markdown
    assert "**Status**: ✗ CANNOT_REPRODUCE" in report
    assert "No code provided in issue report" in report
    assert "## Questions for Issue Author" in report
    assert "**Minimal code example**" in report
    assert result.artifacts.reproduction is None
    execution = json.loads((result.artifacts.out_dir / "execution_results.json").read_text())
    assert execution["skipped"] is True


def test_cli_exit_codes_and_default_folder(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.setenv("FIXTRACE_SANDBOX_BACKEND", "bwrap")
    runner = CliRunner()
    red = runner.invoke(app, [str(FIXTURES / "invalid_issue.md")])
    assert red.exit_code == 2, red.output
    assert (tmp_path / "validations" / "invalid_issue" / "validation_report.md").is_file()
    green = runner.invoke(app, [str(FIXTURES / "valid_issue.md"), "--out", "o", "--json"])
    assert green.exit_code == 0, green.output
    assert json.loads(green.stdout[green.stdout.index("{") :])["verdict"] == "GREEN"
    yellow = runner.invoke(app, [str(FIXTURES / "partial_issue.md"), "-o", "y"])
    assert yellow.exit_code == 1

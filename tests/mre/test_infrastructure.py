"""Failures of ours are ERROR (exit 3) with the cause, never a verdict about the report."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fixtrace_config import Settings
from qa_agents.mre.cli import app
from qa_agents.mre.environment.pypi import PypiClient
from qa_agents.mre.models import (
    ActualBehavior,
    BehaviorAnalysis,
    Comparison,
    ExecutionResults,
    ExpectedBehavior,
    ExtractionMetadata,
    MreError,
    Verdict,
    VersionReport,
)
from qa_agents.mre.runtime import MreOptions
from qa_agents.mre.service import validate_issue
from qa_agents.mre.verdict import decide

CORPUS = Path(__file__).parent / "corpus"
STDLIB_REPORT = CORPUS / "cpython-124238.md"  # GREEN, needs no package
NO_CODE_REPORT = CORPUS / "packaging-594.md"  # RED, runs nothing


def _report_folder(tmp_path: Path) -> Path:
    """A folder with one GREEN and one RED report of the corpus."""
    folder = tmp_path / "reports"
    folder.mkdir()
    for report in (STDLIB_REPORT, NO_CODE_REPORT):
        shutil.copy(report, folder / report.name)
    return folder


def _docker_answers() -> bool:
    from qa_agents.sandbox.docker_backend import docker_client

    return docker_client() is not None


def test_no_sandbox_is_exit_3_with_the_cause(tmp_path: Path, monkeypatch) -> None:
    if _docker_answers():
        pytest.skip("a Docker engine answers here, so the docker backend is available")
    monkeypatch.setenv("FIXTRACE_SANDBOX_BACKEND", "docker")
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    result = CliRunner().invoke(app, [str(STDLIB_REPORT), "--out", str(tmp_path / "o")])
    assert result.exit_code == 3, result.output
    report = (tmp_path / "o" / "validation_report.md").read_text()
    assert "**Verdict**: ERROR" in report and "SandboxUnavailable" in report
    assert "this says nothing about the report" in report
    assert "Questions for Issue Author" not in report  # nothing is asked of the author


def test_unreachable_index_is_error_not_red(tmp_path: Path, no_model_settings) -> None:
    closed_port = PypiClient(base_url="http://127.0.0.1:9/pypi/{name}/json", retries=0)
    md = "# x\n\n```python\nimport tomlkit\nprint(tomlkit.dumps({'a': 1}))\n```\n"
    result = validate_issue(md, tmp_path / "o", no_model_settings, pypi=closed_port)
    assert result.verdict == Verdict.ERROR and result.exit_code == 3
    assert "package index could not be reached" in result.report_markdown


def test_env_build_failure_is_error() -> None:
    failed = ExecutionResults(
        error=MreError(error="InstallError", message="pip install x==1 failed (exit 1)")
    )
    behavior = BehaviorAnalysis(
        expected_behavior=ExpectedBehavior(), actual_behavior=ActualBehavior()
    )
    decision = decide(
        ExtractionMetadata(code_blocks_found=1, python_blocks_used=1),
        VersionReport(),
        behavior,
        failed,
        Comparison(matched=False, detail=""),
    )
    assert decision.verdict == Verdict.ERROR and decision.questions == []
    assert "InstallError" in decision.reasons[0]


def test_folder_gets_progress_summary_and_worst_exit_code(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.setenv("FIXTRACE_SANDBOX_BACKEND", "bwrap")
    folder = _report_folder(tmp_path)
    result = CliRunner().invoke(app, [str(folder), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2, result.output  # the worst verdict is RED
    assert "GREEN" in result.output and "RED" in result.output and "2/2" in result.output
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert [s["verdict"] for s in summary] == ["GREEN", "RED"]
    assert summary[1]["summary"] == "No code provided in issue report"
    assert [s["reason_category"] for s in summary] == ["reproduced", "no-code"]
    assert (tmp_path / "out" / "cpython-124238" / "reproduction.py").is_file()


def test_folder_with_an_error_exits_3(tmp_path: Path, monkeypatch) -> None:
    if _docker_answers():
        pytest.skip("a Docker engine answers here, so the docker backend is available")
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.setenv("FIXTRACE_SANDBOX_BACKEND", "docker")
    folder = _report_folder(tmp_path)
    result = CliRunner().invoke(app, [str(folder), "--out", str(tmp_path / "out")])
    assert result.exit_code == 3, result.output


def test_settings_fixture_is_deterministic(no_model_settings: Settings) -> None:
    assert no_model_settings.anthropic_api_key is None
    assert MreOptions().pypi_cache_dir is not None


def test_a_guessed_package_that_fails_to_install_is_dropped(
    tmp_path: Path, no_model_settings: Settings
) -> None:
    """``slugs.make(...)`` never imports ``slugs``; PyPI has a project of that name, so it is
    guessed. When installing the guess fails for good, the guess is dropped and the run goes
    on without it: the verdict is about the report (its undefined name), not exit 3."""
    import httpx

    from qa_agents.mre.run.execute import BuiltEnv, Executor, InstallError
    from qa_agents.mre.runtime import pyenv_builder
    from qa_agents.sandbox import sandbox_from_settings

    project = {
        "info": {"version": "1.0"},
        "releases": {"1.0": [{"filename": "slugs-1.0.tar.gz", "requires_python": None}]},
    }
    pypi = PypiClient(
        transport=httpx.MockTransport(
            lambda r: (
                httpx.Response(200, json=project)
                if r.url.path.split("/")[2] == "slugs"
                else httpx.Response(404)
            )
        ),
        retries=0,
    )
    real = pyenv_builder()  # the sandbox's default cache: reachable by its user
    asked: list[list[str]] = []

    def builder(requirements: list[str]) -> BuiltEnv:
        asked.append(requirements)
        if any(r.startswith("slugs") for r in requirements):
            raise InstallError("Failed to build slugs: error: ‘::max’ has not been declared", False)
        return real(requirements)

    executor = Executor(builder, lambda: sandbox_from_settings(no_model_settings), timeout_s=10)
    md = "# Bug\n\nThis fails:\n\n```python\nprint(slugs.make('a b'))\n```\n"
    result = validate_issue(md, tmp_path / "o", no_model_settings, executor=executor, pypi=pypi)
    assert asked == [["slugs==1.0"], []]
    assert result.verdict == Verdict.RED and result.exit_code != 3
    assert "import slugs" not in (tmp_path / "o" / "extracted_code.py").read_text()
    meta = json.loads((tmp_path / "o" / "extraction_metadata.json").read_text())
    assert meta["packages_guessed"] == []
    assert any("dropped the guessed package(s) slugs" in w for w in meta["warnings"])
    run = json.loads((tmp_path / "o" / "execution_results.json").read_text())
    assert "NameError: name 'slugs' is not defined" in run["exception"]


def test_an_import_whose_pypi_name_has_nothing_released_is_the_author_s_module(
    tmp_path: Path, no_model_settings: Settings
) -> None:
    """``from gui import TreeDisplay``: PyPI holds the name ``gui`` with no files in any
    release. Nothing of ours failed; the module is the author's own (RED, not exit 3)."""
    import httpx

    reserved = {"info": {"version": "0.0.1"}, "releases": {"0.0.1": []}}
    pypi = PypiClient(
        transport=httpx.MockTransport(lambda r: httpx.Response(200, json=reserved)), retries=0
    )
    md = "# Crash\n\n```python\nfrom gui import TreeDisplay\nTreeDisplay().show()\n```\n"
    result = validate_issue(md, tmp_path / "o", no_model_settings, pypi=pypi)
    assert (result.verdict, result.reason_category) == (Verdict.RED, "missing-module")
    assert "`gui`" in result.report_markdown

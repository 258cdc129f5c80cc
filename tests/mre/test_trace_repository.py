"""open-MRE inside QA runs a report against the trace's own repository at ``commit_base``.

Real parts: a throwaway git repository, the capture CLI on the suite's broker, the real
sandbox (bubblewrap) and PyPI. The package ``shopcalc`` is not on PyPI, so before this
change the report was RED ("'shopcalc' does not exist on PyPI"); stand-alone open-MRE,
which has no trace, still says so.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bench.sample_repo import as_document, run_git
from fixtrace_config import Settings
from qa_agents.mre import validate_issue
from qa_agents.mre.repository import checkout_trace_repository, provided_modules
from qa_agents.mre.runtime import MreOptions
from qa_agents.repo_tests import ReposConfig, RepoSpec, RepoTestRunner
from qa_agents.runconfig import qa_config
from qa_agents.stages import RunContext, stage_mre
from schemas.document import TraceDocument
from schemas.models import (
    BugReport,
    Developer,
    EventBatch,
    Repo,
    Task,
    TraceFinalize,
    TraceFinalized,
    TraceOpened,
)
from sinks.blobs import FilesystemBlobStore
from tests.producers.test_capture import _cli, _read_trace

CART = "def total(prices, quantity):\n    return sum(prices)  # the bug: quantity is ignored\n"
FIXED = "def total(prices, quantity):\n    return sum(prices) * quantity\n"
REPORT = """# total() ignores the quantity

```python
from shopcalc import total

print(total([100, 300], quantity=2))
```

Expected: `800`. Actual: `400`.
"""


def _shop_repo(root: Path, layout: str = "flat", module: str = "shopcalc") -> tuple[Path, str]:
    """A git repository whose package ``module`` has the bug on its only commit."""
    package = root / ("src" if layout == "src" else "") / module
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(f"from {module}.cart import total\n")
    (package / "cart.py").write_text(CART)
    (root / ".gitignore").write_text("__pycache__/\n")
    if layout == "src":
        (root / "pyproject.toml").write_text(
            '[build-system]\nrequires = ["setuptools>=64"]\n'
            'build-backend = "setuptools.build_meta"\n\n'
            f'[project]\nname = "{module}"\nversion = "0.1.0"\n'
        )
    run_git(root, "init", "-q", "-b", "main")
    run_git(root, "add", "-A")
    run_git(root, "commit", "-qm", "base")
    return root, run_git(root, "rev-parse", "HEAD").strip()


@pytest.fixture()
def qa_settings(tmp_path: Path) -> Settings:
    return Settings(data_dir=tmp_path, sandbox_backend="bwrap").model_copy(
        update={"anthropic_api_key": None}
    )


def _run_mre(
    doc: TraceDocument, settings: Settings, blobs: FilesystemBlobStore, repos: ReposConfig
) -> tuple[dict, dict]:
    """``stage_mre`` as the QA pipeline calls it; its result and execution record."""
    ctx = RunContext(
        settings=settings,
        blobs=blobs,
        config=qa_config(settings),
        run_id="run-1",
        finalized=TraceFinalized(
            trace_id=doc.trace_id, finalized_at_ms=1, seq_last=0, event_count=0
        ),
        doc=doc,
        tests_runner=RepoTestRunner(settings, blobs, repos=repos),
    )
    out = stage_mre(ctx)
    execution = blobs.get(out.result["artifacts"]["execution_results"])
    return out.model_dump(mode="json"), json.loads(execution)


def test_captured_session_reproduces_against_its_repository_at_commit_base(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    unique_topics: Settings,
    qa_settings: Settings,
) -> None:
    """The issue's newcomer try: `fixtrace capture` in a repository whose package is not on
    PyPI, a report that reproduces, MRE inside QA: GREEN, run at the trace's base commit."""
    repo, base = _shop_repo(tmp_path / "shop")
    monkeypatch.chdir(repo)
    (tmp_path / "bug.md").write_text(REPORT)
    env = {
        "FIXTRACE_KAFKA_BOOTSTRAP": unique_topics.kafka_bootstrap,
        "FIXTRACE_TOPIC_RAW": unique_topics.topic_raw,
        "FIXTRACE_DATA_DIR": str(tmp_path / "data"),
        "FIXTRACE_BLOB_URL": (tmp_path / "blobs").as_uri(),
    }
    _cli(env, "capture", "start", "--bug-report", str(tmp_path / "bug.md"))
    (repo / "shopcalc" / "cart.py").write_text(FIXED)  # the fix, after the base commit
    run_git(repo, "commit", "-qam", "multiply by quantity")
    _cli(env, "capture", "finish", "--title", "Multiply by quantity")
    opened, *batches, fin = asyncio.run(_read_trace(unique_topics))
    assert isinstance(opened, TraceOpened) and isinstance(fin, TraceFinalize)
    events = [e for b in batches if isinstance(b, EventBatch) for e in b.events]
    doc = as_document(opened, events, fin)
    assert doc.repo.commit_base == base and doc.repo.remote_url == repo.as_uri()

    blobs = FilesystemBlobStore(tmp_path / "blobs", fsync=False)
    stage, execution = _run_mre(doc, qa_settings, blobs, ReposConfig())

    assert stage["result"]["verdict"] == "GREEN", stage["result"]["summary"]
    assert stage["status"] == "ok" and stage["flags"] == ["mre_green"]
    assert stage["result"]["repository"] == {"repo_id": doc.repo.repo_id, "commit": base}
    record = execution["repository"]
    assert record["commit"] == base and record["source"] == repo.as_uri()
    assert record["modules"] == ["shopcalc"] and record["installed_by"] == "PYTHONPATH=."
    assert execution["stdout"].strip() == "400"  # the base commit's bug, not the fix's 800
    assert not any(p.startswith("shopcalc") for p in execution["packages_installed"])
    report = blobs.get(stage["result"]["report_blob_id"]).decode()
    assert f"the trace's repository {doc.repo.repo_id} at {base[:12]}" in report


def test_standalone_open_mre_keeps_pypi(tmp_path: Path, qa_settings: Settings) -> None:
    """Without a trace the same report asks PyPI, where ``shopcalc`` does not exist."""
    result = validate_issue(REPORT, tmp_path / "out", qa_settings, options=MreOptions())
    assert (result.verdict.value, result.reason_category) == ("RED", "missing-module")
    assert "'shopcalc' does not exist on PyPI" in result.summary


def test_repository_module_never_comes_from_a_pypi_namesake(
    tmp_path: Path, qa_settings: Settings
) -> None:
    """A repository whose package is named like a PyPI project (``six``): the report's
    import is the repository's, and PyPI's ``six`` is neither looked up nor installed."""
    repo, base = _shop_repo(tmp_path / "fork", module="six")
    found = checkout_trace_repository("me/six", str(repo), base, RepoSpec(), tmp_path / "s")
    report = REPORT.replace("shopcalc", "six")
    result = validate_issue(report, tmp_path / "out", qa_settings, repository=found)
    assert result.verdict.value == "GREEN", result.summary
    versions = json.loads(Path(result.artifacts.version_report).read_text())
    assert versions["packages"] == [] and versions["from_repository"] == ["six"]
    execution = json.loads(Path(result.artifacts.execution_results).read_text())
    assert execution["packages_installed"] == [] and execution["repository"]["commit"] == base


def test_a_forgotten_import_of_the_repositorys_package_is_added(
    tmp_path: Path, qa_settings: Settings
) -> None:
    """``shopcalc.total(...)`` with no import: the repository provides ``shopcalc``, so the
    import is added as for a PyPI package, and nothing is installed for it."""
    repo, base = _shop_repo(tmp_path / "shop")
    found = checkout_trace_repository("me/shop", str(repo), base, RepoSpec(), tmp_path / "s")
    report = REPORT.replace("from shopcalc import total\n\n", "").replace(
        "print(total(", "print(shopcalc.total("
    )
    result = validate_issue(report, tmp_path / "out", qa_settings, repository=found)
    assert result.verdict.value == "GREEN", result.summary
    assert "`import shopcalc`" in result.report_markdown
    execution = json.loads(Path(result.artifacts.execution_results).read_text())
    assert execution["packages_installed"] == []


def test_install_step_of_the_repos_file_runs_offline_in_the_sandbox(
    tmp_path: Path, qa_settings: Settings
) -> None:
    """A repository with an install step (as imported benchmark traces have): installed
    the way the tests stage installs it, in a layered venv, offline, before the run."""
    repo, base = _shop_repo(tmp_path / "src-shop", layout="src")
    spec = RepoSpec(install="python -m pip install -e .")
    found = checkout_trace_repository("me/shop", str(repo), base, spec, tmp_path / "s")
    assert (found.modules, found.import_roots) == (["shopcalc"], [".", "src"])
    result = validate_issue(REPORT, tmp_path / "out", qa_settings, repository=found)
    assert result.verdict.value == "GREEN", result.summary
    record = json.loads(Path(result.artifacts.execution_results).read_text())["repository"]
    assert record["installed_by"] == spec.install and record["install_exit_code"] == 0
    assert "Successfully installed shopcalc-0.1.0" in record["install_output"]


def test_a_repository_that_cannot_be_cloned_degrades_the_stage_visibly(
    tmp_path: Path, qa_settings: Settings
) -> None:
    repo, base = _shop_repo(tmp_path / "shop")
    doc = _doc(repo, "f" * 40)  # a commit the repository does not have
    blobs = FilesystemBlobStore(tmp_path / "blobs", fsync=False)
    stage, _ = _run_mre(doc, qa_settings, blobs, ReposConfig())
    assert stage["status"] == "degraded" and "mre_repository_unavailable" in stage["flags"]
    error = stage["result"]["repository_error"]
    assert error.startswith(f"cannot check out me/shop at ffffffffffff from {repo.as_uri()}")
    assert "reference is not a tree" in error
    assert stage["result"]["verdict"] == "RED"  # on PyPI alone, as said


def test_repos_file_source_wins_over_the_trace_remote(
    tmp_path: Path, qa_settings: Settings
) -> None:
    """The same source the tests stage clones: the repos file's entry first."""
    repo, base = _shop_repo(tmp_path / "shop")
    doc = _doc(tmp_path / "gone", base)
    repos = ReposConfig(repos={doc.repo.repo_id: RepoSpec(source=str(repo))})
    blobs = FilesystemBlobStore(tmp_path / "blobs", fsync=False)
    stage, execution = _run_mre(doc, qa_settings, blobs, repos)
    assert stage["result"]["verdict"] == "GREEN", stage["result"]["summary"]
    assert execution["repository"]["source"] == str(repo)


def test_a_traces_expected_and_actual_fields_are_read_as_its_sides(
    tmp_path: Path, qa_settings: Settings
) -> None:
    """An SDK trace's bug report with structured ``expected``/``actual`` (rendered as
    "## Expected" / "## Actual" sections; rule value-under-a-side-heading)."""
    repo, base = _shop_repo(tmp_path / "shop")
    code = REPORT.split("Expected:")[0]
    doc = _doc(repo, base, BugReport(title="t", description=code, expected="800", actual="400"))
    blobs = FilesystemBlobStore(tmp_path / "blobs", fsync=False)
    stage, _ = _run_mre(doc, qa_settings, blobs, ReposConfig())
    assert stage["result"]["verdict"] == "GREEN", stage["result"]["summary"]


def _doc(remote: Path, base: str, report: BugReport | None = None) -> TraceDocument:
    opened = TraceOpened(
        repo=Repo(repo_id="me/shop", remote_url=remote.as_uri(), commit_base=base),
        task=Task(
            bug_report=report or BugReport(title="total() ignores the quantity", description=REPORT)
        ),
        developer=Developer(developer_id="dev"),
    )
    fin = TraceFinalize(trace_id=opened.trace_id, finalized_at_ms=2, seq_last=0)
    return as_document(opened, [], fin)


def test_provided_modules_reads_flat_and_src_layouts(tmp_path: Path) -> None:
    for folder in ("pkg", "src/spkg", "src/nspkg", "tests"):
        (tmp_path / folder).mkdir(parents=True)
    for file in ("pkg/__init__.py", "src/spkg/__init__.py", "src/nspkg/mod.py", "tests/a.py"):
        (tmp_path / file).write_text("")
    for file in ("setup.py", "conftest.py", "tool.py", "test_x.py", "notes.txt"):
        (tmp_path / file).write_text("")
    assert provided_modules(tmp_path) == (["nspkg", "pkg", "spkg", "tool"], [".", "src"])

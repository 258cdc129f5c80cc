"""The web UI's QA panel says what the stored QA results say (``traces show --json``).

Issue 31: the page contradicted the results — "judge model claude-sonnet-4-5" beside
"judge backend heuristic"; the schema stage showed ``ok`` while the trace was flagged
``schema_invalid`` and its problems were shown nowhere; a trace whose sandbox re-run went
fail → pass carried a ``passed`` badge; one diff was shown four times; events had anchors
nothing linked to.

Two traces of the sample fix run through the real QA pipeline (bubblewrap sandbox, offline
judge, deterministic MRE): one valid, one whose PR diff points at a blob never stored (so
the schema stage finds a problem and the tests stage has no patch). ``fixtrace traces show
ID --json`` (through a stack's admin SQL, as a user runs it) gives the stored document;
Chromium reads the trace page; each stage's shown decision is checked against it.
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from selenium.webdriver.common.by import By
from typer.testing import CliRunner

from bench.sample_repo import REPO_ID, make_sample_repo, sample_fix_trace, write_trace
from fixtrace.ops.admin_api import admin_router
from fixtrace.ops.query import ClientBackend
from fixtrace.ui.app import UiSources, serve_app
from fixtrace.ui.security import Access
from fixtrace_config import Settings
from fixtrace_config.stack_state import STATE_FILE, StackState
from qa_agents.qa_run import QAPipeline
from qa_agents.repo_tests import ReposConfig, RepoSpec, RepoTestRunner
from sinks.blobs import FilesystemBlobStore
from sinks.clickhouse.store import ClickHouseStore
from tests.asgi_server import serve

pytestmark = pytest.mark.slow
TOKEN = "qa-panel-test-token"
MISSING_BLOB = "sha256:" + "0" * 64


class Stored:
    def __init__(self, store: ClickHouseStore, blob_root: Path, dsn: str, database: str):
        self.store, self.blob_root, self.dsn, self.database = store, blob_root, dsn, database
        self.valid = self.broken = ""


@pytest.fixture(scope="module")
def stored(clickhouse_dsn: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stored]:
    root = tmp_path_factory.mktemp("qa-panel")
    database = f"qapanel_{uuid.uuid4().hex[:8]}"
    store = ClickHouseStore.open(clickhouse_dsn, database=database)
    blobs = FilesystemBlobStore(root / "blobs", fsync=False)
    repo = make_sample_repo(root / "repo")
    settings = Settings(data_dir=root, sandbox_backend="bwrap", qa_test_timeout_s=60.0)
    settings = settings.model_copy(update={"anthropic_api_key": None})
    runner = RepoTestRunner(
        settings, blobs, repos=ReposConfig(repos={REPO_ID: RepoSpec(source=str(repo.path))})
    )
    pipeline = QAPipeline(settings, store, blobs, tests_runner=runner)
    out = Stored(store, root / "blobs", clickhouse_dsn, database)

    opened, events, fin = sample_fix_trace(repo, blobs)
    pipeline.process(write_trace(store, opened, events, fin, blobs))
    out.valid = opened.trace_id

    opened, events, fin = sample_fix_trace(repo, blobs)
    assert fin.final_state.pr is not None
    fin.final_state.pr.diff_blob_id = MISSING_BLOB  # a reference that never resolves
    pipeline.process(write_trace(store, opened, events, fin))
    out.broken = opened.trace_id
    yield out
    store.close()


@pytest.fixture(scope="module")
def ui(stored: Stored) -> Iterator[str]:
    sources = UiSources(
        backend=ClientBackend(stored.dsn, database=stored.database),
        blobs=FilesystemBlobStore(stored.blob_root),
        access=Access(lambda: [], required=False),
        label=f"test database {stored.database}",
    )
    with serve(serve_app(sources)) as url:
        yield url


@pytest.fixture()
def show_json(stored: Stored, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """``fixtrace traces show ID --json`` as a user runs it while a stack is up."""
    from fixtrace.cli import app as cli

    admin = FastAPI()
    admin.include_router(admin_router(lambda: stored.store, [TOKEN]))
    with serve(admin) as url:
        data_dir = tmp_path / "data"
        data_dir.mkdir()
        state = StackState(pid=os.getpid(), gateway_url=url, kafka_bootstrap="127.0.0.1:1",
                           fleet_token=TOKEN)  # fmt: skip
        (data_dir / STATE_FILE).write_text(state.model_dump_json())
        monkeypatch.setenv("FIXTRACE_DATA_DIR", str(data_dir))
        monkeypatch.setenv("FIXTRACE_BLOB_URL", stored.blob_root.resolve().as_uri())

        def show(trace_id: str, *, text: bool = False) -> Any:
            args = ["traces", "show", trace_id, *([] if text else ["--json"])]
            result = CliRunner().invoke(cli, args, env={"COLUMNS": "250"})
            assert result.exit_code == 0, result.output
            return result.stdout if text else json.loads(result.stdout)

        yield show


def _stages(browser: Any) -> dict[str, dict[str, Any]]:
    rows = {}
    for row in browser.find_elements(By.CSS_SELECTOR, "table.stages tr.stage"):
        rows[row.get_attribute("data-stage")] = {
            "status": row.get_attribute("data-status"),
            "decided": row.find_element(By.CSS_SELECTOR, ".decided").text,
            "why": [li.text for li in row.find_elements(By.CSS_SELECTOR, "ul.why li")],
        }
    return rows


def test_valid_trace_panel_matches_stored_qa(browser: Any, ui: str, stored: Stored, show_json):
    doc = show_json(stored.valid)
    qa = doc["qa"]
    browser.get(f"{ui}/ui/traces/{stored.valid}")
    stages = _stages(browser)
    assert list(stages) == ["schema", "tests", "mre", "judge", "final"]

    assert qa["schema_valid"] is True and stages["schema"]["decided"].startswith("valid")
    tests = qa["tests"]
    assert tests["fail_to_pass"], tests  # the sandbox saw the fix turn a test green
    assert stages["tests"]["decided"].startswith("fail → pass")
    badge = browser.find_element(By.ID, "badge-tests").text
    assert badge == "tests fail → pass", badge  # the header agrees with the stage
    assert stages["mre"]["decided"].startswith(qa["mre"]["verdict"])
    judge = qa["judge"]
    assert stages["judge"]["decided"] == (
        f"{judge['overall']:.2f} / 5 by {judge['model']} ({judge['mode']})"
    )
    assert any("ANTHROPIC_API_KEY" in w for w in stages["judge"]["why"])  # why heuristic

    config = dict(zip(
        [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".run dl.kv dt")],
        [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".run dl.kv dd")],
        strict=True,
    ))  # fmt: skip
    assert config["judge"] == f"{judge['model']} ({judge['mode']})"
    if "configured model" in config:  # the configured model is said to be unused
        assert "not used" in config["configured model"]

    consent = doc["developer"]["consent_flags"]
    words = {True: "yes", False: "no"}
    assert browser.find_element(By.ID, "consent").text.startswith(
        f"raw code {words[consent['store_raw_code']]}, terminal output "
        f"{words[consent['store_terminal_output']]}, LLM judge {words[consent['allow_llm_judge']]}"
    )

    # one diff: the edit's and the PR's copies of the change link to the final patch
    diffs = browser.find_elements(By.CSS_SELECTOR, "table.diff, .diff")
    refs = browser.find_elements(By.CSS_SELECTOR, "p.ref a")
    assert refs and all(r.get_attribute("href").endswith("#final-patch") for r in refs)
    added = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".diff .add")]
    assert len(added) == len(set(added)), added  # no changed line is shown twice
    assert diffs

    # the judge's cited events link to anchors that exist on the page
    cites = browser.find_elements(By.CSS_SELECTOR, "a.cite")
    assert cites, "the judge's reasons cite events"
    for cite in cites:
        anchor = cite.get_attribute("href").rsplit("#", 1)[1]
        assert browser.find_elements(By.ID, anchor), anchor


def test_schema_problems_are_listed_not_hidden(
    browser: Any, ui: str, stored: Stored, show_json
) -> None:
    doc = show_json(stored.broken)
    qa = doc["qa"]
    assert qa["schema_valid"] is False and "schema_invalid" in qa["flags"]
    browser.get(f"{ui}/ui/traces/{stored.broken}")
    stages = _stages(browser)
    schema = stages["schema"]
    assert schema["decided"] == f"invalid: {len(qa['schema_problems'])} problem(s)"
    assert schema["why"][: len(qa["schema_problems"])] == qa["schema_problems"]
    assert any(MISSING_BLOB in w for w in schema["why"])
    terminal = show_json(stored.broken, text=True)  # the terminal lists them too
    assert all(problem in terminal for problem in qa["schema_problems"]), terminal
    tests = stages["tests"]
    assert tests["status"] != "ok" and tests["decided"] in ("failed", "not run"), tests
    assert tests["why"], "a stage that did not run says why"

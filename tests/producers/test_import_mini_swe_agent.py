"""Importing real mini-swe-agent 1.15 runs (SWE-bench Verified) with their task records.

The trajectories and the reconstructed records are under ``bench/data/swebench`` (sources in
its README); no broker is needed here: parsing, record matching and the derived ids.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fixtrace.cli import app
from fixtrace_config import Settings
from producers.importers.base import ImportFormatError
from producers.importers.batch import mini_swe_agent_items, prepare
from producers.importers.mini_swe_agent import parse
from producers.importers.swebench import apply_record, load_records
from schemas.models import TraceOpened
from tests.producers.helpers import read_topic
from tests.producers.test_import_swebench import memory_blobs

DATA = Path(__file__).resolve().parents[2] / "bench" / "data" / "swebench"
RUN = DATA / "trajectories" / "mini-swe-agent" / "20251118_gemini-3-pro"
RECORDS = DATA / "verified_reconstructed.jsonl"


def test_run_directory_imports_every_trajectory_with_its_record() -> None:
    records = load_records(RECORDS)
    items = list(mini_swe_agent_items([RUN], None))
    assert len(items) == 6
    for item in items:
        prepared, outcome = prepare(item, records)
        assert outcome is None and prepared is not None, outcome
        trace, record = prepared.trace, prepared.record
        blobs, put = memory_blobs()
        apply_record(trace, record, put)
        spec = trace.opened.task.evaluation
        assert spec is not None and spec.fail_to_pass == record.fail_to_pass
        assert blobs[spec.test_patch_blob_id] == record.test_patch
        raw = json.loads(Path(item.where).read_text())
        assert trace.final_patch == raw["info"]["submission"]
        assert "import-batch:20251118_gemini-3-pro" in trace.opened.task.labels
        assert all(record.test_patch not in json.dumps(e.payload) for e in trace.events)


def test_turns_become_thoughts_commands_outputs_and_test_runs() -> None:
    trace = parse(RUN / "pallets__flask-5014" / "pallets__flask-5014.traj.json")
    assert trace.instance_id == "pallets__flask-5014" and trace.fmt == "mini-swe-agent"
    assert trace.opened.task.bug_report.title == "Require a non-empty name for Blueprints"
    kinds = [e.type for e in trace.events]
    assert kinds[:3] == ["thought", "terminal_command", "terminal_output"]
    assert trace.events[0].payload["kind"] == "plan"
    assert trace.events[1].payload["command"] == "ls -R"
    assert trace.events[2].payload["exit_code"] == 0
    assert trace.events[-1].type == "thought" and trace.events[-1].payload["kind"] == "decision"
    # The submit turn's answer is the patch itself: no command event carries it.
    assert not any("COMPLETE_TASK_AND_SUBMIT" in str(e.payload) for e in trace.events[1:])
    runs = [e.payload for e in trace.events if e.type == "test_run"]
    assert runs and all(r["passed"] == (r["exit_code"] == 0) for r in runs)
    assert trace.final_patch.startswith("diff --git a/src/flask/blueprints.py")


def test_not_a_mini_swe_agent_file_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "x.traj.json"
    bad.write_text(json.dumps({"trajectory": []}))
    with pytest.raises(ImportFormatError, match="messages"):
        parse(bad)


def test_cli_imports_the_run_to_the_broker(unique_topics: Settings, tmp_path: Path) -> None:
    env = {
        "FIXTRACE_KAFKA_BOOTSTRAP": unique_topics.kafka_bootstrap,
        "FIXTRACE_TOPIC_RAW": unique_topics.topic_raw,
        "FIXTRACE_DATA_DIR": str(tmp_path / "data"),
        "FIXTRACE_BLOB_URL": (tmp_path / "blobs").as_uri(),
    }
    args = ["import", "mini-swe-agent", str(RUN), "--instances", str(RECORDS), "--json"]
    result = CliRunner().invoke(app, args, env=env)
    assert result.exit_code == 0, result.output
    outcomes = json.loads(result.stdout[result.stdout.index("[") :])
    assert [o["status"] for o in outcomes] == ["imported"] * 6
    sent = asyncio.run(read_topic(unique_topics.kafka_bootstrap, unique_topics.topic_raw))
    opened = [r for r in sent if isinstance(r, TraceOpened)]
    assert {r.task.task_id for r in opened} == {o["instance_id"] for o in outcomes}
    assert all(r.task.evaluation is not None for r in opened)

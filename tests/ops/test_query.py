"""The query backends, the admin route and ``fixtrace sql``/``traces`` over real chdb."""

from __future__ import annotations

import json
import os
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from fixtrace.ops.admin_api import first_verb
from fixtrace.ops.query import ClientBackend, HttpBackend, QueryError, open_query_backend
from fixtrace_config import Settings
from fixtrace_config.stack_state import STATE_FILE, StackState, running_stack
from tests.ops.conftest import TOKEN, Sample
from tests.ops.sample import T0

runner = CliRunner()


def test_direct_and_http_backends_agree(sample: Sample, admin_url: str, clickhouse_dsn: str):
    sql = "SELECT trace_id, fail_to_pass, judge_overall FROM trace_summary ORDER BY trace_id"
    direct = ClientBackend(clickhouse_dsn, database=sample.database)
    http = HttpBackend(admin_url, TOKEN)
    try:
        a, b = direct.query(sql), http.query(sql)
    finally:
        direct.close()
        http.close()
    assert a == b
    assert {tuple(r) for r in a.rows} == {(sample.fixed, True, 4.5), (sample.broken, False, 2.0)}


def test_admin_route_parameters_auth_and_read_only(admin_url: str, sample: Sample):
    http = HttpBackend(admin_url, TOKEN)
    try:
        res = http.query(
            "SELECT repo_id, created_at FROM traces FINAL WHERE trace_id = {t:String}",
            {"t": sample.fixed},
        )
        assert res.rows == [["httpparse", res.rows[0][1]]]
        assert res.rows[0][1].startswith("2025-10-09T")  # DateTime64 → ISO-8601
        with pytest.raises(QueryError, match="403"):
            http.query("DROP TABLE traces")
        with pytest.raises(QueryError, match="400"):
            http.query("SELECT no_such_column FROM traces")
    finally:
        http.close()
    with pytest.raises(QueryError, match="401"):
        HttpBackend(admin_url, "wrong").query("SELECT 1")
    assert httpx.post(f"{admin_url}/admin/sql", json={"sql": "SELECT 1"}).status_code == 401
    assert first_verb("  -- note\n/* x */ (SELECT 1)") == "SELECT"
    assert first_verb("insert into t values (1)") == "INSERT"


def test_backend_choice_follows_the_stack_and_explicit_settings(tmp_path: Path, admin_url: str):
    settings = Settings(data_dir=tmp_path)
    assert running_stack(settings) is None
    state = StackState(pid=os.getpid(), gateway_url=admin_url, kafka_bootstrap="x:1",
                       fleet_token=TOKEN)  # fmt: skip
    (tmp_path / STATE_FILE).write_text(state.model_dump_json())
    backend = open_query_backend(settings)
    assert isinstance(backend, HttpBackend)
    backend.close()
    # an explicit ClickHouse wins over the stack's route (here: nothing listens there)
    with pytest.raises(QueryError, match="cannot open http://127.0.0.1:1/default"):
        open_query_backend(
            settings.model_copy(update={"clickhouse_dsn": "http://127.0.0.1:1/default"})
        )
    dead = state.model_copy(update={"pid": 2**22 + 12345})  # above pid_max: never alive
    (tmp_path / STATE_FILE).write_text(dead.model_dump_json())
    assert running_stack(settings) is None
    (tmp_path / STATE_FILE).write_text("{not json")
    assert running_stack(settings) is None
    with pytest.raises(QueryError, match="does not exist.*fixtrace up"):
        open_query_backend(settings)  # no stack, and no chdb folder: nothing to open


def test_sql_command_formats(ops_app, stack_env: Settings, sample: Sample):
    sql = "SELECT trace_id, repo_id, events_stored FROM trace_summary ORDER BY trace_id"
    out = runner.invoke(ops_app, ["sql", sql, "--format", "json"])
    assert out.exit_code == 0, out.output
    rows = json.loads(out.stdout)
    assert rows == [
        {"trace_id": sample.broken, "repo_id": "other", "events_stored": 5},
        {"trace_id": sample.fixed, "repo_id": "httpparse", "events_stored": 10},
    ]
    out = runner.invoke(ops_app, ["sql", sql, "-f", "csv"])
    assert out.stdout.splitlines()[0] == "trace_id,repo_id,events_stored"
    out = runner.invoke(
        ops_app,
        ["sql", "SELECT repo_id FROM traces FINAL WHERE trace_id = {t:String}", "-p",
         f"t={sample.fixed}"],
    )  # fmt: skip
    assert out.exit_code == 0 and "httpparse" in out.stdout and "1 row(s)" in out.stdout
    out = runner.invoke(ops_app, ["sql", "SELECT nope FROM traces"])
    assert out.exit_code == 1 and "error: query failed (stack)" in out.stderr


@pytest.mark.parametrize(
    ("args", "expect"),
    [
        ([], {"fixed", "broken"}),
        (["--tests", "fail_to_pass"], {"fixed"}),
        (["--tests", "failed"], {"broken"}),
        (["--tests", "passed", "--repo", "httpparse"], {"fixed"}),
        (["--min-judge", "3"], {"fixed"}),
        (["--max-judge", "3"], {"broken"}),
        (["--mre", "red"], {"broken"}),
        (["--status", "open"], set()),
        (["--since", "2025-10-09"], {"fixed", "broken"}),  # created 2025-10-09T08:53:20Z
        (["--until", "2025-10-09T08:53"], set()),
        (["--since", str(T0 + 1)], set()),  # epoch ms
        (["--since", str(T0), "--until", "2025-10-10"], {"fixed", "broken"}),
        (["--limit", "1"], {"fixed", "broken"}),  # newest first: same created_at, one row
    ],
)
def test_traces_list_filters(ops_app, stack_env: Settings, sample: Sample, args, expect):
    out = runner.invoke(ops_app, ["traces", "list", "-f", "json", *args])
    assert out.exit_code == 0, out.output
    got = {r["trace_id"] for r in json.loads(out.stdout)}
    names = {"fixed": sample.fixed, "broken": sample.broken}
    if "--limit" in args:
        assert len(got) == 1 and got <= set(names.values())
    else:
        assert got == {names[n] for n in expect}


def test_traces_list_time_window_in_words_a_user_types(ops_app, stack_env: Settings):
    out = runner.invoke(ops_app, ["traces", "list", "--since", "last tuesday"])
    assert out.exit_code == 2 and "2026-11-24T10:30 or epoch ms" in out.output


def test_traces_show(ops_app, stack_env: Settings, sample: Sample):
    out = runner.invoke(ops_app, ["traces", "show", sample.fixed])
    assert out.exit_code == 0, out.output
    text = out.stdout
    for needle in (
        "timeline",
        "hypothesis: split(':') breaks on ports",
        "$ pytest -q",
        "FAIL (1/2 failed)",
        "PASS (0/2 failed)",
        "edit httpparse/headers.py",
        "QA (newest result per stage)",
        "GREEN",
        "heuristic",
        "fail_to_pass",
    ):
        assert needle in text, needle
    out = runner.invoke(ops_app, ["traces", "show", sample.fixed, "--json"])
    doc = json.loads(out.stdout)
    assert [e["seq"] for e in doc["events"]] == list(range(1, 11))
    assert doc["qa"]["mre"]["verdict"] == "GREEN" and doc["artifacts"]["blobs"]
    out = runner.invoke(ops_app, ["traces", "show", "no-such-trace"])
    assert out.exit_code == 1 and "error: no trace no-such-trace" in out.stderr

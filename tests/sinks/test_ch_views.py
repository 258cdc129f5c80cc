"""Analyst views and the documented example queries, on a small known dataset."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from chdata import Dataset, load_dataset

from sinks.clickhouse.store import ClickHouseStore
from tests.sinks.example_queries import BY_NAME, EXAMPLES

DOCS = Path(__file__).resolve().parents[2] / "docs" / "analysts.md"


@pytest.fixture(scope="module")
def data(ch_store: ClickHouseStore) -> Dataset:
    return load_dataset(ch_store)


def rows_of(store: ClickHouseStore, sql: str, params: dict | None = None) -> list[dict[str, Any]]:
    names, rows = store.query(sql, params)
    return [dict(zip(names, r, strict=True)) for r in rows]


def test_trace_summary_one_row_per_trace(ch_store: ClickHouseStore, data: Dataset) -> None:
    by_id = {r["trace_id"]: r for r in rows_of(ch_store, "SELECT * FROM trace_summary")}
    assert set(by_id) == {data.fixed, data.unfixed, data.gappy}
    fixed, unfixed, gappy = by_id[data.fixed], by_id[data.unfixed], by_id[data.gappy]

    assert fixed["fail_to_pass"] and not unfixed["fail_to_pass"] and not gappy["fail_to_pass"]
    assert (fixed["test_runs"], fixed["test_runs_passed"]) == (3, 1)
    assert fixed["last_test_passed"] is True and unfixed["last_test_passed"] is False
    assert fixed["events_by_type"]["test_run"] == 3
    assert sum(fixed["events_by_type"].values()) == fixed["events_stored"]
    assert fixed["duration_ms"] == fixed["last_event_ms"] - fixed["first_event_ms"] > 0

    assert (fixed["judge_overall"], fixed["rubric_version"]) == (4.0, "1.1")  # newest run
    assert fixed["qa_final_passed"] is True and fixed["schema_valid"] is True
    assert fixed["final_passed"] is True and unfixed["final_passed"] is False
    assert (fixed["mre_verdict"], unfixed["mre_verdict"], gappy["mre_verdict"]) == (
        "GREEN", "RED", None,
    )  # fmt: skip

    # No QA yet: QA columns are NULL and final_passed falls back to the last test run.
    assert gappy["judge_overall"] is None and gappy["qa_final_passed"] is None
    assert gappy["final_passed"] is True
    assert (gappy["status"], gappy["missing_seqs"]) == ("missing_events", [5])

    # The benchmark verdict: NULL without an evaluation spec (the web UI filters on it).
    assert (fixed["resolved"], unfixed["resolved"], gappy["resolved"]) == (True, False, None)
    assert (fixed["eval_instance_id"], gappy["eval_instance_id"]) == ("acme__lib-1", None)
    assert "import-batch:sample" in fixed["labels"] and gappy["labels"] == []
    _, types = ch_store.query(
        "SELECT name, type FROM system.columns WHERE database = currentDatabase() "
        "AND table = 'trace_summary' AND name = 'resolved'"
    )
    assert types == [("resolved", "Nullable(Bool)")]


def test_events_dedup_has_one_row_per_event(ch_store: ClickHouseStore, data: Dataset) -> None:
    _, raw = ch_store.query("SELECT count() FROM events")
    (dedup_rows,) = rows_of(
        ch_store, "SELECT count() AS n, uniqExact(trace_id, event_id) AS u FROM events_dedup"
    )
    expected = sum(len(ev) for _, ev, _ in data.traces.values()) - 1  # gappy lost seq 5
    assert dedup_rows == {"n": expected, "u": expected}
    assert raw[0][0] >= expected


def test_latest_qa_keeps_configs_apart(ch_store: ClickHouseStore, data: Dataset) -> None:
    rows = rows_of(
        ch_store,
        "SELECT stage, run_id, rubric_version FROM latest_qa WHERE trace_id = {t:String} "
        "ORDER BY stage, rubric_version",
        {"t": data.fixed},
    )
    judge = [(r["run_id"], r["rubric_version"]) for r in rows if r["stage"] == "judge"]
    assert judge == [("run-a", "1.0"), ("run-b", "1.1")]
    assert sorted(r["stage"] for r in rows) == ["judge", "judge", "mre", "schema", "tests"]


@pytest.mark.parametrize("name", [q.name for q in EXAMPLES])
def test_example_query_runs(ch_store: ClickHouseStore, data: Dataset, name: str) -> None:
    query = BY_NAME[name]
    values = {"trace_id": data.fixed, "since_ms": 0, "rubric_a": "1.0", "rubric_b": "1.1"}
    params = {k: values[k] for k in query.params}
    assert set(params) == set(query.params), "give the test a value for every parameter"
    rows = rows_of(ch_store, query.sql, params or None)
    assert rows, f"{name} returned nothing on the sample dataset"
    CHECKS.get(name, lambda r, d: None)(rows, data)


def _check_fail_to_pass(rows: list[dict], data: Dataset) -> None:
    assert [r["trace_id"] for r in rows] == [data.fixed]


def _check_rubric(rows: list[dict], data: Dataset) -> None:
    assert [(r["trace_id"], r["overall_a"], r["overall_b"]) for r in rows] == [
        (data.fixed, 3.5, 4.0)
    ]


def _check_time_to_green(rows: list[dict], data: Dataset) -> None:
    assert [(r["trace_id"], r["seconds_to_green"]) for r in rows] == [(data.fixed, 2.0)]


def _check_incomplete(rows: list[dict], data: Dataset) -> None:
    assert [(r["trace_id"], r["missing_seqs"]) for r in rows] == [(data.gappy, [5])]


def _check_mre(rows: list[dict], data: Dataset) -> None:
    assert {r["verdict"]: r["traces"] for r in rows} == {"GREEN": 1, "RED": 1}


def _check_timeline(rows: list[dict], data: Dataset) -> None:
    assert [r["seq"] for r in rows] == list(range(1, len(rows) + 1))


def _check_daily(rows: list[dict], data: Dataset) -> None:
    total = sum(len(ev) for _, ev, _ in data.traces.values()) - 1
    assert sum(r["events"] for r in rows) == total  # re-deliveries counted once


def _check_resolved_rate(rows: list[dict], data: Dataset) -> None:
    assert rows == [
        {"batch": "import-batch:sample", "n_resolved": 1, "n_unresolved": 1, "n_no_verdict": 0,
         "resolved_rate": 0.5, "judge_resolved": 4.0, "judge_unresolved": 1.5}
    ]  # fmt: skip


CHECKS = {
    "resolved_rate": _check_resolved_rate,
    "fail_to_pass": _check_fail_to_pass,
    "rubric_side_by_side": _check_rubric,
    "time_to_green": _check_time_to_green,
    "incomplete_traces": _check_incomplete,
    "mre_verdicts": _check_mre,
    "timeline": _check_timeline,
    "daily_volume": _check_daily,
}


def test_docs_quote_every_example() -> None:
    text = DOCS.read_text(encoding="utf-8")
    assert len(EXAMPLES) >= 10
    for query in EXAMPLES:
        assert query.sql in text, f"docs/analysts.md does not quote {query.name} verbatim"

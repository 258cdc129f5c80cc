"""The analyst example queries quoted in docs/analysts.md.

They live in code so a test runs every one against sample data and checks the docs quote
them verbatim: documented SQL that no longer runs is caught by the suite. Parameters use
ClickHouse's ``{name:Type}`` syntax, which clickhouse-client (``--param_name=…``),
clickhouse-connect (``parameters={...}``) and Grafana variables all understand.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class ExampleQuery:
    """A question, the SQL that answers it, and the parameters it takes."""

    name: str
    question: str
    sql: str
    params: dict[str, str] = field(default_factory=dict)  # name → what to pass


EXAMPLES: list[ExampleQuery] = [
    ExampleQuery(
        "status_overview",
        "How many traces are in each state, per repository?",
        """\
SELECT repo_id, status, count() AS traces
FROM traces FINAL
GROUP BY repo_id, status
ORDER BY repo_id, status""",
    ),
    ExampleQuery(
        "timeline",
        "What did the developer do in one trace, step by step?",
        """\
SELECT seq, ts, type, subtype, command, exit_code, passed, file_path
FROM events FINAL
WHERE trace_id = {trace_id:String}
ORDER BY seq""",
        {"trace_id": "a trace id"},
    ),
    ExampleQuery(
        "fail_to_pass",
        "Which traces turned a failing test run into a passing one, and how did they score?",
        """\
SELECT trace_id, developer_id, test_runs, duration_ms, judge_overall, mre_verdict
FROM trace_summary
WHERE fail_to_pass
ORDER BY created_at_ms""",
    ),
    ExampleQuery(
        "event_mix",
        "What share of events does each event type make up?",
        """\
SELECT type, count() AS events, round(100 * events / sum(events) OVER (), 1) AS pct
FROM events_dedup
GROUP BY type
ORDER BY events DESC""",
    ),
    ExampleQuery(
        "daily_volume",
        "How many distinct events of each type arrived per day since a date?",
        # No FINAL: uniqExact(event_id) counts re-deliveries once, and the query can use the
        # by_type_time projection, which FINAL reads cannot.
        """\
SELECT toDate(fromUnixTimestamp64Milli(ts_ms)) AS day, type, uniqExact(event_id) AS events
FROM events
WHERE ts_ms >= {since_ms:Int64}
GROUP BY day, type
ORDER BY day, type""",
        {"since_ms": "epoch milliseconds"},
    ),
    ExampleQuery(
        "time_to_green",
        "How long from the first failing test run to the first passing one after it?",
        """\
SELECT
    trace_id,
    minIf(ts_ms, type = 'test_run' AND NOT passed) AS first_fail_ms,
    arrayMin(arrayFilter(t -> t > first_fail_ms,
                         groupArrayIf(ts_ms, type = 'test_run' AND passed))) AS first_green_ms,
    (first_green_ms - first_fail_ms) / 1000 AS seconds_to_green
FROM events FINAL
WHERE trace_id IN (SELECT trace_id FROM trace_summary WHERE fail_to_pass)
GROUP BY trace_id
ORDER BY seconds_to_green""",
    ),
    ExampleQuery(
        "hot_files",
        "Which files get edited most, and in how many traces?",
        """\
SELECT file_path, count() AS edits, uniqExact(trace_id) AS traces
FROM events_dedup
WHERE type = 'file_edit'
GROUP BY file_path
ORDER BY edits DESC, file_path
LIMIT 10""",
    ),
    ExampleQuery(
        "rubric_side_by_side",
        "How do two rubric versions score the same traces?",
        """\
SELECT
    trace_id,
    maxIf(judge_overall, rubric_version = {rubric_a:String}) AS overall_a,
    maxIf(judge_overall, rubric_version = {rubric_b:String}) AS overall_b,
    overall_b - overall_a AS delta
FROM latest_qa
WHERE stage = 'judge' AND rubric_version IN ({rubric_a:String}, {rubric_b:String})
GROUP BY trace_id
HAVING countDistinct(rubric_version) = 2
ORDER BY trace_id""",
        {"rubric_a": "a rubric version", "rubric_b": "another rubric version"},
    ),
    ExampleQuery(
        "outcome_vs_judge",
        "Do traces that end green score higher with the judge, by experience level?",
        """\
SELECT experience_level, final_passed, count() AS traces,
       round(avg(judge_overall), 2) AS avg_judge, round(avg(duration_ms) / 1000) AS avg_s
FROM trace_summary
GROUP BY experience_level, final_passed
ORDER BY experience_level, final_passed""",
    ),
    ExampleQuery(
        "incomplete_traces",
        "Which traces were finalized with events missing, and which seqs?",
        """\
SELECT trace_id, status, seq_last, event_count, missing_seqs
FROM traces FINAL
WHERE status = 'missing_events'
ORDER BY completed_at_ms DESC""",
    ),
    ExampleQuery(
        "mre_verdicts",
        "How often is the bug report a valid minimal reproducible example?",
        """\
SELECT verdict, count() AS traces
FROM (SELECT trace_id, argMax(verdict, (created_at_ms, version)) AS verdict
      FROM mre_results FINAL GROUP BY trace_id)
GROUP BY verdict
ORDER BY traces DESC, verdict""",
    ),
    ExampleQuery(
        "resolved_rate",
        "Which share of each import batch's benchmark instances did the agent resolve?",
        """SELECT arrayJoin(arrayFilter(l -> startsWith(l, 'import-batch:'), labels)) AS batch,
       countIf(resolved = true) AS n_resolved, countIf(resolved = false) AS n_unresolved,
       countIf(resolved IS NULL) AS n_no_verdict,
       round(countIf(resolved = true) / count(), 3) AS resolved_rate,
       round(avgIf(judge_overall, resolved = true), 2) AS judge_resolved,
       round(avgIf(judge_overall, resolved = false), 2) AS judge_unresolved
FROM trace_summary
WHERE eval_instance_id IS NOT NULL
GROUP BY batch
ORDER BY batch""",
    ),
]

BY_NAME: dict[str, ExampleQuery] = {q.name: q for q in EXAMPLES}

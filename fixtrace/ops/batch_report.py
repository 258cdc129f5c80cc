"""The resolved rate of an import batch, shaped like the SWE-bench harness's run report.

Why that shape: the team compares fixtrace's verdicts with the harness's published ones, so
``fixtrace traces report --batch NAME --json`` writes the keys of the harness's
``<model>.<run_id>.json`` (``resolved_ids``, ``unresolved_ids``, ``error_ids`` …) and the
two files can be diffed key by key.

How a trace is counted (its newest tests-stage result; one trace per instance, the newest):

- ``resolved`` / ``unresolved``: a verdict was reached (``resolved`` true / false);
- ``empty_patch``: the trace had no final patch (the harness does not run those either);
- ``error``: no verdict (install failed before any patch, test patch did not apply, repo
  unavailable …), or the final patch did not apply, which the harness also reports as an
  error (fixtrace still stores ``resolved = false`` on the trace: a fix that does not apply
  is a failed fix);
- ``incomplete``: the QA worker has not graded the trace yet.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from fixtrace.ops.filters import batch_label
from fixtrace.ops.query import QueryBackend

REPORT_SQL = """
SELECT
    s.trace_id AS trace_id,
    ifNull(s.eval_instance_id, ifNull(s.task_id, s.trace_id)) AS instance_id,
    s.eval_instance_id IS NOT NULL AS has_spec,
    s.resolved AS resolved,
    q.flags AS flags,
    q.graded AS graded,
    s.created_at_ms AS created_at_ms
FROM trace_summary AS s
LEFT JOIN
(
    SELECT trace_id, argMax(flags, (finished_at_ms, version)) AS flags, true AS graded
    FROM qa_results FINAL
    WHERE stage = 'tests'
    GROUP BY trace_id
) AS q USING (trace_id)
WHERE has(s.labels, {label:String})
ORDER BY instance_id, created_at_ms DESC, trace_id
LIMIT 1 BY instance_id
"""

HARNESS_ERRORS = {"patch_does_not_apply"}
"""Flags the harness reports as an evaluation error although the trace is unresolved."""


class InstanceVerdict(BaseModel):
    instance_id: str
    trace_id: str
    outcome: str = Field(description="resolved, unresolved, empty_patch, error or incomplete")
    flags: list[str] = Field(default_factory=list)


class BatchReport(BaseModel):
    """The harness's run-report keys, plus the batch name, rate and per-instance rows."""

    batch: str
    total_instances: int
    submitted_instances: int
    completed_instances: int
    resolved_instances: int
    unresolved_instances: int
    empty_patch_instances: int
    error_instances: int
    completed_ids: list[str]
    incomplete_ids: list[str]
    empty_patch_ids: list[str]
    submitted_ids: list[str]
    resolved_ids: list[str]
    unresolved_ids: list[str]
    error_ids: list[str]
    schema_version: int = 2
    resolved_rate: float | None = Field(
        None, description="resolved / submitted instances (the harness's headline figure)."
    )
    without_spec_ids: list[str] = Field(
        default_factory=list, description="Traces of the batch with no evaluation spec."
    )
    instances: list[InstanceVerdict] = Field(default_factory=list)

    def harness_json(self) -> dict[str, Any]:
        """Only the keys the harness writes, for a key-by-key diff."""
        return self.model_dump(exclude={"batch", "resolved_rate", "without_spec_ids", "instances"})


def classify(resolved: bool | None, flags: list[str], graded: bool) -> str:
    """The harness outcome of one graded (or not yet graded) trace."""
    if not graded:
        return "incomplete"
    if "no_final_patch" in flags:
        return "empty_patch"
    if resolved is None or HARNESS_ERRORS & set(flags):
        return "error"
    return "resolved" if resolved else "unresolved"


def batch_report(backend: QueryBackend, batch: str) -> BatchReport:
    """The report of every trace labelled with ``batch`` (an empty batch gives zeros)."""
    rows = backend.query(REPORT_SQL, {"label": batch_label(batch)}).dicts()
    verdicts: list[InstanceVerdict] = []
    without_spec: list[str] = []
    for row in rows:
        if not row["has_spec"]:
            without_spec.append(row["instance_id"])
            continue
        flags = list(row["flags"] or [])
        outcome = classify(row["resolved"], flags, bool(row["graded"]))
        verdicts.append(
            InstanceVerdict(
                instance_id=row["instance_id"],
                trace_id=row["trace_id"],
                outcome=outcome,
                flags=flags,
            )  # fmt: skip
        )

    def ids(*outcomes: str) -> list[str]:
        return sorted(v.instance_id for v in verdicts if v.outcome in outcomes)

    submitted = ids("resolved", "unresolved", "empty_patch", "error", "incomplete")
    resolved, unresolved = ids("resolved"), ids("unresolved")
    return BatchReport(
        batch=batch,
        total_instances=len(submitted),
        submitted_instances=len(submitted),
        completed_instances=len(resolved) + len(unresolved),
        resolved_instances=len(resolved),
        unresolved_instances=len(unresolved),
        empty_patch_instances=len(ids("empty_patch")),
        error_instances=len(ids("error")),
        completed_ids=ids("resolved", "unresolved"),
        incomplete_ids=ids("incomplete"),
        empty_patch_ids=ids("empty_patch"),
        submitted_ids=submitted,
        resolved_ids=resolved,
        unresolved_ids=unresolved,
        error_ids=ids("error"),
        resolved_rate=round(len(resolved) / len(submitted), 4) if submitted else None,
        without_spec_ids=sorted(without_spec),
        instances=verdicts,
    )

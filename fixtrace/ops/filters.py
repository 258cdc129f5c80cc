"""Trace filters shared by ``traces list`` and ``export``, compiled to SQL on ``trace_summary``."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field

from schemas.base import time_ms as parse_time_ms


class TestOutcome(StrEnum):
    """What the trace's tests did: final state passed/failed, or went from failing to passing."""

    __test__ = False

    passed = "passed"
    failed = "failed"
    fail_to_pass = "fail_to_pass"


def time_ms(text: str) -> int:
    """A time typed into a filter (``2026-11-24``, ``2026-11-24T10:30`` in UTC, or epoch
    ms), surrounding spaces ignored."""
    return parse_time_ms(text.strip())


BATCH_LABEL_PREFIX = "import-batch:"


def batch_label(name: str) -> str:
    """The task label an importer puts on every trace of batch ``name``."""
    return name if name.startswith(BATCH_LABEL_PREFIX) else BATCH_LABEL_PREFIX + name


class TraceFilter(BaseModel):
    """Which traces to select; every field narrows, None means any."""

    repo: str | None = None
    status: list[str] = Field(default_factory=list, description="Trace statuses to keep.")
    min_judge: float | None = Field(None, ge=0, le=5)
    max_judge: float | None = Field(None, ge=0, le=5)
    tests: TestOutcome | None = None
    mre: list[str] = Field(default_factory=list, description="MRE verdicts to keep.")
    resolved: bool | None = Field(
        None, description="The held-out tests' verdict; traces without one match neither."
    )
    batch: str | None = Field(None, description="Import batch: the `import-batch:<name>` label.")
    since_ms: int | None = Field(None, description="Created at or after (epoch ms).")
    until_ms: int | None = Field(None, description="Created before (epoch ms).")
    trace_ids: list[str] = Field(default_factory=list)
    limit: int | None = Field(None, ge=1)

    def where(self) -> tuple[str, dict[str, Any]]:
        """A ``WHERE …`` clause (or "") and its parameters, for ``trace_summary``."""
        parts: list[str] = []
        params: dict[str, Any] = {}
        if self.repo is not None:
            parts.append("repo_id = {repo:String}")
            params["repo"] = self.repo
        if self.status:
            parts.append("status IN {status:Array(String)}")
            params["status"] = list(self.status)
        if self.min_judge is not None:
            parts.append("judge_overall >= {min_judge:Float64}")
            params["min_judge"] = self.min_judge
        if self.max_judge is not None:
            parts.append("judge_overall <= {max_judge:Float64}")
            params["max_judge"] = self.max_judge
        if self.tests is TestOutcome.passed:
            parts.append("final_passed = true")
        elif self.tests is TestOutcome.failed:
            parts.append("final_passed = false")
        elif self.tests is TestOutcome.fail_to_pass:
            parts.append("fail_to_pass")
        if self.mre:
            parts.append("mre_verdict IN {mre:Array(String)}")
            params["mre"] = [v.upper() for v in self.mre]
        if self.resolved is not None:
            parts.append("resolved = {resolved:Bool}")
            params["resolved"] = self.resolved
        if self.batch is not None:
            parts.append("has(labels, {batch:String})")
            params["batch"] = batch_label(self.batch)
        if self.since_ms is not None:
            parts.append("created_at_ms >= {since_ms:Int64}")
            params["since_ms"] = self.since_ms
        if self.until_ms is not None:
            parts.append("created_at_ms < {until_ms:Int64}")
            params["until_ms"] = self.until_ms
        if self.trace_ids:
            parts.append("trace_id IN {ids:Array(String)}")
            params["ids"] = list(self.trace_ids)
        return ("WHERE " + " AND ".join(parts)) if parts else "", params

    def select(self, columns: str = "*") -> tuple[str, dict[str, Any]]:
        """The full SELECT on ``trace_summary``, newest traces first."""
        where, params = self.where()
        sql = f"SELECT {columns} FROM trace_summary {where} ORDER BY created_at_ms DESC, trace_id"
        if self.limit is not None:
            sql += f" LIMIT {int(self.limit)}"
        return sql, params

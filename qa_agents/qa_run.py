"""One QA run of one finalized trace: config → run id → stages → results written.

Why a class: the worker, the bench and the tests share one set of long-lived parts (store,
blob store, sandbox, Python env cache) across many traces.
"""

from __future__ import annotations

import json
import logging

from pydantic import BaseModel, Field

from fixtrace_config import Settings
from qa_agents.ports import Blobs, TraceStore
from qa_agents.repo_tests import RepoTestRunner
from qa_agents.runconfig import QAConfig, qa_config
from qa_agents.stages import STAGES, RunContext, run_stage
from schemas.base import now_ms
from schemas.models import MISSING_EVENTS, QAResult, StageStatus, TraceFinalized

log = logging.getLogger(__name__)


class RunReport(BaseModel):
    """What one ``process`` call did."""

    trace_id: str
    run_id: str
    config: QAConfig
    already_done: bool = False
    results: list[QAResult] = Field(default_factory=list)


class QAPipeline:
    """Runs the stages for finalized traces and writes each stage's result to the store.

    The store is the one writer of ``qa_results`` (see worker.py for the topic's role).
    """

    def __init__(
        self,
        settings: Settings,
        store: TraceStore,
        blobs: Blobs,
        *,
        tests_runner: RepoTestRunner | None = None,
    ) -> None:
        self.settings = settings
        self.store = store
        self.blobs = blobs
        self.tests_runner = tests_runner or RepoTestRunner(settings, blobs)

    def run_exists(self, trace_id: str, run_id: str) -> bool:
        """A run is done once its ``final`` stage is stored: re-delivery then costs one query."""
        return any(
            r.run_id == run_id and r.stage == "final" and r.status == StageStatus.ok
            for r in self.store.qa_results(trace_id)
        )

    def owed(self, completed_before_ms: int, limit: int = 500) -> list[TraceFinalized]:
        """Finished traces that have no QA run under this worker's configuration, as the
        ``TraceFinalized`` records the stream worker published for them (rebuilt from the
        ``traces`` row): after a crash the finalized topic may have lost them, ClickHouse
        has not."""
        config = qa_config(self.settings)
        out = []
        for row in self.store.traces_owed_qa(config.canonical_json(), completed_before_ms, limit):
            missing = row["status"] == MISSING_EVENTS
            out.append(
                TraceFinalized(
                    trace_id=row["trace_id"],
                    finalized_at_ms=row["finalized_at_ms"] or row["completed_at_ms"] or 0,
                    completed_at_ms=row["completed_at_ms"] or 0,
                    seq_last=row["seq_last"] or 0,
                    event_count=row["event_count"],
                    missing_seqs=list(row["missing_seqs"] or []),
                    flags=[MISSING_EVENTS] if missing else [],
                )
            )
        return out

    def process(self, finalized: TraceFinalized) -> RunReport:
        """Run (or skip, when already done) the QA run of ``finalized`` under its config."""
        config = qa_config(self.settings, finalized.replay)
        run_id = config.run_id(finalized.trace_id)
        report = RunReport(trace_id=finalized.trace_id, run_id=run_id, config=config)
        if self.run_exists(finalized.trace_id, run_id):
            report.already_done = True
            return report
        doc = self.store.assemble(finalized.trace_id)
        if doc is None:
            at = now_ms()
            report.results = [
                QAResult(
                    run_id=run_id,
                    trace_id=finalized.trace_id,
                    stage="schema",
                    status=StageStatus.failed,
                    started_at_ms=at,
                    finished_at_ms=at,
                    config_json=config.canonical_json(),
                    result_json="{}",
                    flags=["trace_not_found"],
                    error="the store has no such trace",
                )
            ]
        else:
            ctx = RunContext(
                settings=self.settings,
                blobs=self.blobs,
                config=config,
                run_id=run_id,
                finalized=finalized,
                doc=doc,
                tests_runner=self.tests_runner,
            )
            report.results = [run_stage(ctx, name) for name in STAGES]
        self.store.insert_qa_results(report.results)
        self._record_final_trace(report.results)
        return report

    def _record_final_trace(self, results: list[QAResult]) -> None:
        """Point the trace row at its newest final_trace.json, so GET /traces/{id} finds it."""
        for result in results:
            if result.stage == "final" and result.status == StageStatus.ok:
                blob_id = json.loads(result.result_json).get("final_trace_blob_id")
                if blob_id:
                    self.store.set_final_trace_blob(result.trace_id, blob_id)

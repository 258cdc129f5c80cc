"""Per-trace sequencing: dedupe by seq, gap detection, and the completion decision.

Why in memory and not a faust table: faust recovers a table up to the changelog's end
offsets, which Tansu reports one batch short, so a recovered table can miss the last batch
of updates; nothing here is authoritative. The state only ever holds
seqs that a *successful* ClickHouse flush stored (a subset of the truth), and every
negative answer ("seq 7 is missing") is re-checked against ClickHouse before it has an
effect. A restarted worker starts empty and converges from redelivered records plus
ClickHouse, which is what makes the outcome independent of what the process remembered.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from schemas.models import COMPLETE, FINAL_STATUSES, MISSING_EVENTS


@dataclass(slots=True)
class TraceState:
    """What this worker knows of one trace; everything in it is also in ClickHouse."""

    partition: int
    seqs: set[int] = field(default_factory=set)
    synced: bool = False
    """True once ``seqs`` was merged with ClickHouse's stored seqs."""
    seq_last: int | None = None
    finalized_at_ms: int | None = None
    status: str | None = None
    status_known: bool = False
    """True once ``status`` was read from (or written to) ClickHouse."""
    loaded: bool = False
    """True once the finalize marker and status stored by earlier runs were loaded."""
    gap_since: float | None = None
    """Monotonic time a hole was first seen; the gap timeout counts from here."""

    def missing(self) -> list[int]:
        """Seqs in 1..seq_last not stored (empty when seq_last is unknown)."""
        if self.seq_last is None:
            return []
        return [s for s in range(1, self.seq_last + 1) if s not in self.seqs]

    def has_hole(self) -> bool:
        """A gap below the highest stored seq, or below a known seq_last."""
        top = self.seq_last if self.seq_last is not None else max(self.seqs, default=0)
        return len([s for s in self.seqs if s <= top]) < top


@dataclass(frozen=True, slots=True)
class Completion:
    """A decision to publish: the trace reached ``status`` with these figures."""

    trace_id: str
    status: str
    seq_last: int
    finalized_at_ms: int
    event_count: int
    missing_seqs: tuple[int, ...] = ()


StoredSeqs = Callable[[list[str]], dict[str, set[int]]]
"""Bulk lookup: trace_id → seqs stored in ClickHouse."""
StoredStatus = Callable[[list[str]], dict[str, str | None]]
"""Bulk lookup: trace_id → final status stored in ClickHouse (None when not final)."""


class Tracker:
    """Decides completions from flushed seqs, checking ClickHouse before any negative."""

    def __init__(
        self,
        stored_seqs: StoredSeqs,
        stored_status: StoredStatus,
        gap_timeout_s: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._stored_seqs = stored_seqs
        self._stored_status = stored_status
        self.gap_timeout_s = gap_timeout_s
        self._clock = clock
        self.traces: dict[str, TraceState] = {}
        self.gaps_seen = 0

    def state(self, trace_id: str, partition: int) -> TraceState:
        """The state of ``trace_id``, created empty on first sight."""
        st = self.traces.get(trace_id)
        if st is None:
            st = self.traces[trace_id] = TraceState(partition)
        return st

    def stored(self, trace_id: str, partition: int, seqs: Iterable[int]) -> None:
        """Record seqs a flush has just stored, noting when a hole appears."""
        st = self.state(trace_id, partition)
        st.seqs.update(seqs)
        self._note_gap(st)

    def unloaded(self, trace_ids: Iterable[str]) -> list[str]:
        """Traces first seen by this process: what ClickHouse knows of them is not loaded."""
        return [t for t in trace_ids if (st := self.traces.get(t)) is not None and not st.loaded]

    def load(self, progress: dict[str, tuple[int | None, int | None, str | None]],
             ids: Iterable[str]) -> None:  # fmt: skip
        """Merge (seq_last, finalized_at_ms, status) stored by earlier runs or workers."""
        for trace_id in ids:
            st = self.traces[trace_id]
            st.loaded = True
            seq_last, at, status = progress.get(trace_id, (None, None, None))
            if seq_last is not None and st.seq_last is None:
                st.seq_last, st.finalized_at_ms = seq_last, at
                self._note_gap(st)
            if not st.status_known:
                st.status, st.status_known = status, True

    def finalize_seen(self, trace_id: str, partition: int, seq_last: int, at_ms: int) -> None:
        """Record a stored finalize marker."""
        st = self.state(trace_id, partition)
        st.seq_last, st.finalized_at_ms = seq_last, at_ms
        self._note_gap(st)

    def _note_gap(self, st: TraceState) -> None:
        if st.gap_since is None and st.has_hole():
            st.gap_since = self._clock()
            self.gaps_seen += 1

    def _refresh(self, ids: list[str]) -> None:
        for trace_id, seqs in self._stored_seqs(ids).items():
            st = self.traces[trace_id]
            st.seqs |= seqs
            st.synced = True

    def decide(self, trace_ids: Iterable[str]) -> list[Completion]:
        """Completions due among ``trace_ids``: complete, or past the gap timeout.

        A trace is published at most once per status: ``missing_events`` may be followed by
        ``complete`` when late events close the gap, never the other way round. ClickHouse
        is asked (in bulk) only where memory cannot prove completeness.
        """
        now = self._clock()
        ids = [
            t
            for t in dict.fromkeys(trace_ids)
            if (st := self.traces.get(t)) is not None
            and st.seq_last is not None
            and st.status != COMPLETE
        ]
        self._refresh([t for t in ids if not self.traces[t].synced and self.traces[t].missing()])
        timed_out = []
        for t in ids:
            st = self.traces[t]
            if st.missing():
                if st.gap_since is None:
                    st.gap_since = now
                if now - st.gap_since >= self.gap_timeout_s:
                    timed_out.append(t)
        # Timed out: re-read the truth, another worker may have stored more meanwhile.
        self._refresh(timed_out)
        due = [t for t in ids if not self.traces[t].missing() or t in timed_out]
        unknown = [t for t in due if not self.traces[t].status_known]
        for trace_id, status in (self._stored_status(unknown) if unknown else {}).items():
            st = self.traces[trace_id]
            st.status, st.status_known = status, True
        out: list[Completion] = []
        for trace_id in due:
            st = self.traces[trace_id]
            assert st.seq_last is not None
            missing = st.missing()
            status = MISSING_EVENTS if missing else COMPLETE
            if not missing:
                st.gap_since = None
            if st.status in (status, COMPLETE):
                if st.status == COMPLETE:
                    del self.traces[trace_id]
                continue
            count = sum(1 for s in st.seqs if 1 <= s <= st.seq_last)
            out.append(
                Completion(
                    trace_id, status, st.seq_last, st.finalized_at_ms or 0, count, tuple(missing)
                )
            )
        return out

    def due(self) -> list[str]:
        """Traces whose gap timeout has passed and that are not yet finalized."""
        now = self._clock()
        return [
            tid
            for tid, st in self.traces.items()
            if st.seq_last is not None
            and st.status not in FINAL_STATUSES
            and st.gap_since is not None
            and now - st.gap_since >= self.gap_timeout_s
        ]

    def published(self, c: Completion) -> None:
        """Record that ``c`` was published and marked in ClickHouse."""
        st = self.traces.get(c.trace_id)
        if st is None:
            return
        if c.status == COMPLETE:
            # Done for good; a redelivery re-reads the status from ClickHouse and skips.
            del self.traces[c.trace_id]
        else:
            st.status, st.status_known = c.status, True

    def forget_partitions(self, keep: set[int]) -> None:
        """Drop traces of partitions this worker no longer owns (their owner decides now)."""
        for tid in [t for t, st in self.traces.items() if st.partition not in keep]:
            del self.traces[tid]

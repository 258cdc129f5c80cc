"""The judge packet: a compact, redacted, size-bounded view of one trace.

Why a packet and not the trace: a trace can be megabytes of output; the judge needs the bug,
the reasoning, the key commands and test outcomes and the final diff. ``signals`` are counted
over the whole trace before any truncation, so the heuristic judge scores the same trace the
same way whatever the budget.
"""

from __future__ import annotations

import json
import re

from pydantic import BaseModel, Field

from qa_agents.ports import Blobs, get_text
from qa_agents.trace_facts import final_patch_text, split_patch
from schemas.document import QATests, TraceDocument
from schemas.payloads import (
    Commit,
    DebugAction,
    FileEdit,
    Navigation,
    PrMetadata,
    TerminalCommand,
    TerminalOutput,
    TestRun,
    Thought,
)

TEXT_LIMIT = 600
SNIPPET_LIMIT = 1500
_SECRETS = [
    re.compile(r"AKIA[0-9A-Z]{16}"),
    re.compile(r"(?:ghp|gho|ghs|github_pat)_[A-Za-z0-9_]{20,}"),
    re.compile(r"sk-[A-Za-z0-9_\-]{20,}"),
    re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----"),
    re.compile(r"(?i)(bearer\s+)[A-Za-z0-9._\-]{16,}"),
    re.compile(r"(?i)((?:password|passwd|secret|token|api[_-]?key)\s*[=:]\s*)['\"]?[^\s'\"]{4,}"),
]


def redact(text: str) -> str:
    """Mask secret-looking strings (defence in depth: the stream already redacted)."""
    for pattern in _SECRETS:
        text = pattern.sub(lambda m: (m.group(1) if m.groups() else "") + "[REDACTED]", text)
    return text


def clip(text: str, limit: int) -> str:
    """Deterministic cut to ``limit`` characters with a visible marker."""
    text = redact(text)
    return text if len(text) <= limit else text[:limit] + f"…[+{len(text) - limit} chars]"


class ThoughtItem(BaseModel):
    seq: int
    kind: str
    text: str


class CommandItem(BaseModel):
    seq: int
    command: str


class TestItem(BaseModel):
    seq: int
    command: str
    passed: bool
    exit_code: int


class Signals(BaseModel):
    """Counts over the whole trace, before truncation (what the heuristic judge reads)."""

    events: int = 0
    agent_steps: int = Field(
        0, description="Events other than the final patch (pr_metadata, commit): the process seen."
    )
    thoughts_by_kind: dict[str, int] = Field(default_factory=dict)
    first_edit_seq: int | None = None
    first_hypothesis_seq: int | None = None
    plans_before_first_edit: int = 0
    test_outcomes: list[bool] = Field(default_factory=list)
    interpretations_after_signal: int = 0
    commands: int = 0
    outputs: int = 0
    debug_actions: int = 0
    navigations: int = 0
    edits: int = 0
    files_touched: int = 0
    diff_added: int = 0
    diff_removed: int = 0
    has_final_patch: bool = False
    has_bug_report: bool = False
    pr_description: bool = False
    thought_chars: int = 0
    qa_fail_to_pass: int | None = None
    qa_final_passed: bool | None = None
    qa_resolved: bool | None = None


class JudgePacket(BaseModel):
    trace_id: str
    repo_id: str
    bug_report: dict[str, str] = Field(default_factory=dict)
    thoughts: list[ThoughtItem] = Field(default_factory=list)
    commands: list[CommandItem] = Field(default_factory=list)
    test_runs: list[TestItem] = Field(default_factory=list)
    diff_summary: dict[str, object] = Field(default_factory=dict)
    snippets: list[str] = Field(default_factory=list)
    qa_tests: dict[str, object] = Field(default_factory=dict)
    signals: Signals = Field(default_factory=Signals)
    truncated: list[str] = Field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps(self.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))

    def size(self) -> int:
        return len(self.to_json().encode())


def _thought_text(t: Thought, blobs: Blobs) -> str:
    if t.content_text:
        return t.content_text
    if t.content_blob_id:
        try:
            return get_text(blobs, t.content_blob_id, limit=4 * TEXT_LIMIT)
        except Exception:
            return "[thought blob unavailable]"
    return ""


def _signals(doc: TraceDocument, thoughts: list[ThoughtItem], tests: list[TestItem]) -> Signals:
    s = Signals(events=len(doc.events), has_bug_report=doc.task.bug_report is not None)
    s.agent_steps = sum(not isinstance(e.payload, PrMetadata | Commit) for e in doc.events)
    last_signal_seq: int | None = None
    for e in doc.events:
        p = e.payload
        if isinstance(p, FileEdit):
            s.edits += 1
            s.first_edit_seq = s.first_edit_seq or e.seq
        elif isinstance(p, Thought):
            s.thoughts_by_kind[str(p.kind)] = s.thoughts_by_kind.get(str(p.kind), 0) + 1
            if str(p.kind) == "hypothesis" and s.first_hypothesis_seq is None:
                s.first_hypothesis_seq = e.seq
            if s.first_edit_seq is None and str(p.kind) in ("hypothesis", "plan"):
                s.plans_before_first_edit += 1
            if str(p.kind) == "interpretation" and last_signal_seq is not None:
                s.interpretations_after_signal += 1
        elif isinstance(p, TestRun):
            last_signal_seq = e.seq
        elif isinstance(p, TerminalOutput):
            s.outputs += 1
            last_signal_seq = e.seq
        elif isinstance(p, TerminalCommand):
            s.commands += 1
        elif isinstance(p, DebugAction):
            s.debug_actions += 1
            last_signal_seq = e.seq
        elif isinstance(p, Navigation):
            s.navigations += 1
    s.test_outcomes = [t.passed for t in tests]
    s.thought_chars = sum(len(t.text) for t in thoughts)
    s.pr_description = bool(doc.final_state.pr and doc.final_state.pr.description)
    return s


def build_packet(
    doc: TraceDocument, blobs: Blobs, *, budget_bytes: int, qa_tests: QATests | None = None
) -> JudgePacket:
    """The packet of ``doc`` within ``budget_bytes`` (same inputs → same bytes)."""
    thoughts = [
        ThoughtItem(seq=e.seq, kind=str(e.payload.kind), text=_thought_text(e.payload, blobs))
        for e in doc.events
        if isinstance(e.payload, Thought)
    ]
    tests = [
        TestItem(
            seq=e.seq,
            command=e.payload.command,
            passed=e.payload.passed,
            exit_code=e.payload.exit_code,
        )
        for e in doc.events
        if isinstance(e.payload, TestRun)
    ]
    signals = _signals(doc, thoughts, tests)
    seen: set[str] = set()
    commands = []
    for e in doc.events:
        if isinstance(e.payload, TerminalCommand) and e.payload.command not in seen:
            seen.add(e.payload.command)
            commands.append(CommandItem(seq=e.seq, command=clip(e.payload.command, 200)))
    packet = JudgePacket(
        trace_id=doc.trace_id,
        repo_id=doc.repo.repo_id,
        thoughts=[t.model_copy(update={"text": clip(t.text, TEXT_LIMIT)}) for t in thoughts],
        commands=commands,
        test_runs=[t.model_copy(update={"command": clip(t.command, 200)}) for t in tests],
        signals=signals,
    )
    if doc.task.bug_report is not None:
        br = doc.task.bug_report.model_dump(exclude_none=True, exclude={"links"})
        packet.bug_report = {k: clip(str(v), TEXT_LIMIT) for k, v in br.items() if v}
    try:
        patch = final_patch_text(doc, blobs)
    except Exception:
        patch = None
        packet.truncated.append("final patch blob unavailable")
    if patch:
        stats = split_patch(patch)
        signals.has_final_patch = True
        signals.files_touched = len(stats.files)
        signals.diff_added, signals.diff_removed = stats.added, stats.removed
        packet.diff_summary = {
            "files": [
                {"path": f.path, "added": f.added, "removed": f.removed} for f in stats.files
            ],
            "added": stats.added,
            "removed": stats.removed,
        }
        packet.snippets = [clip(f.text, SNIPPET_LIMIT) for f in stats.files]
    if qa_tests is not None:
        signals.qa_fail_to_pass = len(qa_tests.fail_to_pass)
        signals.qa_final_passed = qa_tests.final_passed
        signals.qa_resolved = qa_tests.resolved
        packet.qa_tests = {
            "final_passed": qa_tests.final_passed,
            "fail_to_pass": qa_tests.fail_to_pass[:20],
            "pass_to_pass_count": len(qa_tests.pass_to_pass),
        }
        if qa_tests.evaluation is not None:
            packet.qa_tests.update(held_out_section(qa_tests))
    return fit_budget(packet, budget_bytes)


def held_out_section(qa_tests: QATests) -> dict[str, object]:
    """The held-out tests' verdict as the judge reads it: which tests, not how to fix them.

    Only test ids and outcomes: the spec's gold patch and the test patch's code stay out.
    """
    ev = qa_tests.evaluation
    assert ev is not None
    kinds = ("fail_to_pass", "pass_to_pass")
    return {
        "resolved": qa_tests.resolved,
        "held_out": {
            "instance_id": ev.instance_id,
            **{f"{k}_total": sum(t.kind == k for t in ev.tests) for k in kinds},
            **{f"{k}_failed": ev.failed(k)[:20] for k in kinds},
        },
    }


def _halve(items: list, keep_ends: bool = True) -> list:
    """Keep the first and last quarter: beginnings and outcomes matter most."""
    if len(items) <= 2:
        return items[:1] if len(items) == 2 else []
    quarter = max(1, len(items) // 4)
    return [*items[:quarter], *items[-quarter:]] if keep_ends else items[: len(items) // 2]


def fit_budget(packet: JudgePacket, budget_bytes: int) -> JudgePacket:
    """Shrink sections in a fixed order until the packet fits; note each cut in ``truncated``."""
    steps = ["snippets", "commands", "test_runs", "thoughts"]
    guard = 0
    while packet.size() > budget_bytes and guard < 200:
        guard += 1
        for name in steps:
            items = getattr(packet, name)
            if items:
                kept = _halve(items)
                setattr(packet, name, kept)
                packet.truncated.append(f"{name}: kept {len(kept)} of {len(items)}")
                break
        else:
            # Only fixed-size sections left: shorten the bug report and the diff file list.
            packet.bug_report = {k: v[: max(40, len(v) // 2)] for k, v in packet.bug_report.items()}
            files = packet.diff_summary.get("files")
            if isinstance(files, list) and len(files) > 1:
                packet.diff_summary["files"] = files[: len(files) // 2]
            packet.truncated.append("bug_report/diff_summary shortened")
            if all(len(v) <= 40 for v in packet.bug_report.values()) and not (
                isinstance(files, list) and len(files) > 1
            ):
                break
    return packet

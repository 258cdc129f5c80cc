"""Offline judge: scores from the trace's own signals, deterministic, and says it is heuristic.

Why: a trace must get scores even with no model key or no network, and those scores must be
reproducible. Each rule reads counts from ``JudgePacket.signals`` (computed before any
truncation), so the same trace always scores the same.
"""

from __future__ import annotations

from qa_agents.judge.base import PROCESS_CRITERIA, unobserved_process
from qa_agents.judge.packet import JudgePacket, Signals
from qa_agents.judge.rubric import Rubric
from qa_agents.ports import Blobs, put_text
from schemas.document import JudgeScores, QAJudge

HEURISTIC_MODEL = "heuristic-v1"


def _clamp(x: float) -> float:
    return max(0.0, min(5.0, round(x * 2) / 2))


def _fail_then_pass(outcomes: list[bool]) -> bool:
    return any(not a and b for a, b in zip(outcomes, outcomes[1:], strict=False))


def _cycles(outcomes: list[bool]) -> int:
    return sum(1 for a, b in zip(outcomes, outcomes[1:], strict=False) if a != b)


def score_signals(s: Signals) -> tuple[JudgeScores, list[str]]:
    """(scores, one reason line per criterion)."""
    kinds = s.thoughts_by_kind
    hyp_first = s.first_hypothesis_seq is not None and (
        s.first_edit_seq is None or s.first_hypothesis_seq < s.first_edit_seq
    )
    f2p = bool(s.qa_fail_to_pass) or _fail_then_pass(s.test_outcomes)

    root = 1.0 + 1.5 * hyp_first + 1.5 * f2p + 0.5 * (s.debug_actions + s.navigations > 0)
    root += 0.5 * bool(s.qa_final_passed)
    plan = 1.0 + min(2.0, s.plans_before_first_edit * 1.0) + 1.0 * hyp_first
    plan += 1.0 * bool(kinds.get("decision") or kinds.get("postmortem"))
    loop = 0.5 + min(1.5, 0.5 * len(s.test_outcomes)) + 2.0 * f2p
    loop += min(1.0, 0.5 * _cycles(s.test_outcomes))
    signals = 0.5 + 1.0 * bool(s.test_outcomes) + 1.0 * bool(s.outputs)
    signals += min(2.0, 1.0 * s.interpretations_after_signal) + 0.5 * bool(s.debug_actions)
    if not s.has_final_patch:
        minimal = 0.0
    else:
        size = s.diff_added + s.diff_removed
        minimal = 5.0 - max(0, s.files_touched - 2) * 0.5 - max(0, size - 40) / 40
    n_thoughts = sum(kinds.values())
    avg = s.thought_chars / n_thoughts if n_thoughts else 0
    clarity = 0.5 + min(2.0, 0.5 * n_thoughts) + 1.0 * (40 <= avg <= 800)
    clarity += 0.5 * (len(kinds) >= 3) + 1.0 * s.pr_description
    scores = JudgeScores(
        root_cause_identification=_clamp(root),
        plan_quality=_clamp(plan),
        experiment_iterate_loop=_clamp(loop),
        use_of_signals_tests_logs=_clamp(signals),
        minimality_of_fix=_clamp(minimal),
        clarity=_clamp(clarity),
    )
    cited = ", ".join(
        f"{what} seq {seq}"
        for what, seq in (
            ("first hypothesis", s.first_hypothesis_seq),
            ("first edit", s.first_edit_seq),
        )  # fmt: skip
        if seq is not None
    )
    reasons = [
        f"root_cause_identification: hypothesis before first edit={hyp_first}, "
        f"fail->pass={f2p}, debug/navigation={s.debug_actions + s.navigations}"
        + (f" ({cited})" if cited else ""),
        f"plan_quality: hypotheses/plans before first edit={s.plans_before_first_edit}",
        f"experiment_iterate_loop: test runs={len(s.test_outcomes)}, outcome changes="
        f"{_cycles(s.test_outcomes)}, fail->pass={f2p}",
        f"use_of_signals_tests_logs: outputs={s.outputs}, interpretations after a signal="
        f"{s.interpretations_after_signal}, debug actions={s.debug_actions}",
        f"minimality_of_fix: files={s.files_touched}, +{s.diff_added}/-{s.diff_removed} lines, "
        f"final patch={s.has_final_patch}",
        f"clarity: thoughts={n_thoughts}, mean length={avg:.0f} chars, kinds={sorted(kinds)}, "
        f"PR description={s.pr_description}",
    ]
    return scores, reasons


class HeuristicJudge:
    """Deterministic offline judge (``mode="heuristic"``, ``model="heuristic-v1"``)."""

    def __init__(self, blobs: Blobs, extra_flags: list[str] | None = None) -> None:
        self.blobs = blobs
        self.extra_flags = list(extra_flags or [])

    def judge(self, packet: JudgePacket, rubric: Rubric) -> QAJudge:
        scores, reasons = score_signals(packet.signals)
        s = packet.signals
        scores, capped = rubric.apply_verified_outcome(scores, s.qa_resolved)
        if capped:
            reasons.append("verified outcome: the held-out tests fail; capped as a failed fix")
        scores, unseen = unobserved_process(scores, packet)
        if unseen:
            reasons.append(
                "no trajectory: the trace holds a final patch and no recorded steps, so "
                f"{', '.join(PROCESS_CRITERIA)} are 0: not observed, rather than judged bad"
            )
        flags = [*self.extra_flags, *capped, *unseen]
        if not s.test_outcomes or not s.has_final_patch:
            flags.append("missing_steps")
        rationale = "\n".join(
            [
                f"Heuristic judge {HEURISTIC_MODEL}, rubric {rubric.version}; "
                "scores come from counted trace signals, not a model.",
                *reasons,
            ]
        )
        return QAJudge(
            model=HEURISTIC_MODEL,
            mode="heuristic",
            rubric_version=rubric.version,
            scores=scores,
            overall=rubric.overall(scores),
            rationale_blob_id=put_text(self.blobs, rationale),
            flags=sorted(set(flags)),
        )

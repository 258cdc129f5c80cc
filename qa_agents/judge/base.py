"""What every judge shares: the strict output model and the ``Judge`` protocol."""

from __future__ import annotations

import json
import re
from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field, field_validator

from qa_agents.judge.packet import JudgePacket
from qa_agents.judge.rubric import Rubric
from schemas.document import JudgeScores, QAJudge

PROCESS_CRITERIA = (
    "plan_quality",
    "experiment_iterate_loop",
    "use_of_signals_tests_logs",
    "clarity",
)
"""Criteria only the recorded steps can show (the patch and its verdict show the others)."""
NO_TRAJECTORY_FLAG = "no_trajectory"


def unobserved_process(scores: JudgeScores, packet: JudgePacket) -> tuple[JudgeScores, list[str]]:
    """``scores`` with the process criteria at 0 when the trace recorded no steps, and flags.

    Why: an imported prediction is a patch without the steps that made it; scoring its plan
    or its use of test output would praise (or blame) a process nobody saw. Its patch-borne
    criteria (root cause as the verified outcome shows it, minimality) are still scored. Both
    judges apply this, so a model cannot award what the packet does not contain either.
    """
    if packet.signals.agent_steps > 0:
        return scores, []
    return scores.model_copy(update=dict.fromkeys(PROCESS_CRITERIA, 0.0)), [NO_TRAJECTORY_FLAG]


class StrictScores(JudgeScores):
    """The six scores, nothing else: an unknown criterion is a parse failure."""

    model_config = ConfigDict(extra="forbid")


class JudgeOutput(BaseModel):
    """What the model must answer with (validated strictly)."""

    model_config = ConfigDict(extra="forbid")

    scores: StrictScores
    rationale: str = Field(max_length=4000)
    flags: list[str] = Field(default_factory=list, max_length=10)
    overall: float | None = Field(None, ge=0, le=5)  # accepted, but recomputed from the rubric

    @field_validator("flags")
    @classmethod
    def _snake(cls, flags: list[str]) -> list[str]:
        for flag in flags:
            if not re.fullmatch(r"[a-z][a-z0-9_]{0,63}", flag):
                raise ValueError(f"flag must be snake_case: {flag!r}")
        return flags


_FENCE = re.compile(r"^```(?:json)?\s*\n(.*)\n```$", re.S)


def parse_output(text: str) -> JudgeOutput:
    """Strict parse: the whole answer is one JSON object (a ```json fence is tolerated)."""
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1).strip()
    return JudgeOutput.model_validate(json.loads(body))


class Judge(Protocol):
    """Scores a packet under a rubric; never raises for a bad trace or an unreachable model."""

    def judge(self, packet: JudgePacket, rubric: Rubric) -> QAJudge: ...

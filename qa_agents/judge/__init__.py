"""Judge stage: packet builder, versioned rubrics, Anthropic and heuristic judges.

The Anthropic judge is imported when first asked for: the ``anthropic`` package takes most
of a second to import, and every process that loads this stage (``fixtrace up``, the QA
worker, the UI's QA panel) would pay it even when no model key is set.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fixtrace_config import Settings
from qa_agents.judge.base import Judge, JudgeOutput, parse_output
from qa_agents.judge.heuristic import HEURISTIC_MODEL, HeuristicJudge
from qa_agents.judge.packet import JudgePacket, build_packet
from qa_agents.judge.rubric import Rubric, RubricNotFound, load_rubric
from qa_agents.ports import Blobs

if TYPE_CHECKING:
    from qa_agents.judge.anthropic_judge import AnthropicJudge


def make_judge(
    settings: Settings, blobs: Blobs, *, model: str | None = None, allow_llm: bool = True
) -> Judge:
    """The Anthropic judge when a key is set and the developer allows it, else the heuristic.

    The heuristic judge's flags say why it ran (``no_model_key``, ``llm_judge_not_consented``).
    """
    if not allow_llm:
        return HeuristicJudge(blobs, extra_flags=["llm_judge_not_consented"])
    if settings.anthropic_api_key is None:
        return HeuristicJudge(blobs, extra_flags=["no_model_key"])
    from qa_agents.judge.anthropic_judge import AnthropicJudge

    return AnthropicJudge(settings, blobs, model=model)


def __getattr__(name: str) -> Any:
    """``from qa_agents.judge import AnthropicJudge`` imports ``anthropic`` only then."""
    if name == "AnthropicJudge":
        from qa_agents.judge.anthropic_judge import AnthropicJudge

        return AnthropicJudge
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "HEURISTIC_MODEL",
    "AnthropicJudge",
    "HeuristicJudge",
    "Judge",
    "JudgeOutput",
    "JudgePacket",
    "Rubric",
    "RubricNotFound",
    "build_packet",
    "load_rubric",
    "make_judge",
    "parse_output",
]

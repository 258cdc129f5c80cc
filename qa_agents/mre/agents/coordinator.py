"""The deepagents coordinator (``mre_coordinator``) and its five subagents."""

from __future__ import annotations

from typing import Any

from deepagents import SubAgent, create_deep_agent
from langchain.agents.middleware import AgentMiddleware
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import ToolMessage
from langgraph.errors import GraphBubbleUp
from pydantic import BaseModel, ConfigDict

from qa_agents.mre.agents import prompts
from qa_agents.mre.agents.tools import RunTools
from qa_agents.mre.models import MreError
from qa_agents.mre.steps import STEP_NAMES


class AgentModels(BaseModel):
    """One chat model for the coordinator, optionally one per subagent."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    coordinator: BaseChatModel
    subagents: dict[str, BaseChatModel] = {}
    structured: BaseChatModel | None = None

    def for_subagent(self, name: str) -> BaseChatModel:
        return self.subagents.get(name, self.coordinator)


def is_provider_error(exc: BaseException) -> bool:
    """Errors that mean "the model is unreachable or unusable", not "the step failed"."""
    try:
        import anthropic
    except ImportError:  # pragma: no cover - anthropic is a dependency
        return False
    provider = (
        anthropic.APIConnectionError,
        anthropic.APITimeoutError,
        anthropic.AuthenticationError,
        anthropic.PermissionDeniedError,
        anthropic.InternalServerError,
        anthropic.RateLimitError,
        anthropic.NotFoundError,
    )
    if isinstance(exc, provider):
        return True
    # anthropic with no key fails at call time with a TypeError about authentication
    return isinstance(exc, TypeError) and "auth" in str(exc).lower()


class SubagentErrors(AgentMiddleware):
    """Turns a crashing ``task`` call into an ``MreError`` object for the coordinator.

    Provider failures are re-raised: they mean the whole agent mode is unusable, and the
    caller falls back to the deterministic pipeline.
    """

    def __init__(self, errors: list[MreError]) -> None:
        super().__init__()
        self.errors = errors

    def wrap_tool_call(self, request: Any, handler: Any) -> Any:
        try:
            return handler(request)
        except GraphBubbleUp:
            raise
        except Exception as exc:
            if is_provider_error(exc):
                raise
            call = request.tool_call
            step = str(call.get("args", {}).get("subagent_type", call.get("name", "")))
            error = MreError(
                step=step,
                message=f"{step} failed: {type(exc).__name__}: {exc}",
                recovery_suggestion="Continue with the next step; the report will note the gap",
            )
            self.errors.append(error)
            return ToolMessage(
                content=error.model_dump_json(),
                tool_call_id=call["id"],
                name=call.get("name"),
                status="error",
            )


def subagent_specs(tools: RunTools, models: AgentModels) -> list[SubAgent]:
    """The five subagents (one per open-MRE step) with their prompts, tools and models."""
    table = {
        "code_extractor": (
            prompts.CODE_EXTRACTOR_DESCRIPTION,
            prompts.CODE_EXTRACTOR_PROMPT,
            tools.code_extractor(),
        ),
        "version_validator": (
            prompts.VERSION_VALIDATOR_DESCRIPTION,
            prompts.VERSION_VALIDATOR_PROMPT,
            tools.version_validator(),
        ),
        "behavior_analyst": (
            prompts.BEHAVIOR_ANALYST_DESCRIPTION,
            prompts.BEHAVIOR_ANALYST_PROMPT,
            tools.behavior_analyst(),
        ),
        "executor": (prompts.EXECUTOR_DESCRIPTION, prompts.EXECUTOR_PROMPT, tools.executor()),
        "report_generator": (
            prompts.REPORT_GENERATOR_DESCRIPTION,
            prompts.REPORT_GENERATOR_PROMPT,
            tools.report_generator(),
        ),
    }
    return [
        SubAgent(
            name=name,
            description=table[name][0],
            system_prompt=table[name][1],
            tools=table[name][2],
            model=models.for_subagent(name),
        )
        for name in STEP_NAMES
    ]


def create_mre_coordinator(tools: RunTools, models: AgentModels, errors: list[MreError]) -> Any:
    """The compiled coordinator graph writing through the run's real-disk backend."""
    return create_deep_agent(
        model=models.coordinator,
        name="mre_coordinator",
        system_prompt=prompts.COORDINATOR_PROMPT,
        subagents=subagent_specs(tools, models),
        tools=[],
        backend=tools.steps.store.backend,
        middleware=[SubagentErrors(errors)],
    )

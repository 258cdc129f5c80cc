"""The agent team on scripted chat models: delegation, tools, files on disk, errors."""

from __future__ import annotations

import json
from pathlib import Path

import anthropic
import httpx
import pytest
from langchain_core.messages import AIMessage, ToolMessage

from fixtrace_config import Settings
from qa_agents.mre.agents.coordinator import AgentModels
from qa_agents.mre.agents.runner import models_from_settings
from qa_agents.mre.environment.pypi import PypiClient
from qa_agents.mre.models import Verdict
from qa_agents.mre.run.execute import BuiltEnv, Executor
from qa_agents.mre.service import MODE_AGENTS, validate_issue
from qa_agents.mre.steps import STEP_NAMES
from qa_agents.sandbox import SandboxResult

from .conftest import FIXTURES
from .scripted import ScriptedChatModel, call, coordinator_script

TRACEBACK = (
    'Traceback (most recent call last):\n  File "extracted_code.py", line 5\n'
    "packaging.version.InvalidVersion: Invalid version: '1.0 beta'\n"
)


class FakeSandbox:
    """Answers like the bwrap backend would for the valid fixture."""

    def __init__(self) -> None:
        self.specs: list[object] = []

    def run(self, spec: object) -> SandboxResult:
        self.specs.append(spec)
        return SandboxResult(
            exit_code=1,
            stdout="",
            stderr=TRACEBACK,
            timed_out=False,
            duration_ms=12,
            backend="bwrap",
        )


@pytest.fixture
def offline(tmp_path: Path) -> tuple[Executor, PypiClient, FakeSandbox]:
    sandbox = FakeSandbox()
    env = tmp_path / "env"
    (env / "bin").mkdir(parents=True)

    def builder(requirements: list[str]) -> BuiltEnv:
        assert requirements == ["packaging==26.3"]
        return BuiltEnv(path=env, install_s=0.01)

    executor = Executor(builder, lambda: sandbox, timeout_s=5, work_root=tmp_path / "runs")
    pypi = PypiClient(
        transport=httpx.MockTransport(
            lambda r: httpx.Response(200, json={"info": {"version": "26.3"}})
        )
    )
    return executor, pypi, sandbox


def _subagent_scripts() -> dict[str, list[AIMessage]]:
    return {
        "code_extractor": [
            call("extract_code_blocks", {}, 0),
            call("extract_and_hydrate", {}, 1),
            AIMessage(content="Extracted 1 Python block; entrypoint added."),
        ],
        "version_validator": [
            call("find_package_mentions", {}, 0),
            call("check_pypi_version", {"package_name": "packaging"}, 1),
            call(
                "write_version_report",
                {"packages": [{"name": "packaging", "mentioned_version": None}]},
                2,
            ),
            AIMessage(content="packaging is latest."),
        ],
        "behavior_analyst": [
            call("analyze_behavior", {}, 0),
            AIMessage(content="Expect InvalidVersion."),
        ],
        "executor": [
            call("read_file", {"file_path": "/extracted_code.py"}, 0),
            call("execute_python_code", {}, 1),
            AIMessage(content="Raised InvalidVersion."),
        ],
        "report_generator": [
            call("generate_report", {"notes": ["checked by the scripted report agent"]}, 0),
            AIMessage(content="GREEN"),
        ],
    }


def _models(scripts: dict[str, list]) -> tuple[AgentModels, dict[str, ScriptedChatModel]]:
    subs = {name: ScriptedChatModel(script=s) for name, s in scripts.items()}
    coordinator = ScriptedChatModel(script=coordinator_script(STEP_NAMES))
    return AgentModels(coordinator=coordinator, subagents=subs), subs


def _validate(tmp_path: Path, models: AgentModels, offline) -> object:
    executor, pypi, _ = offline
    events: list[tuple[str, str]] = []
    result = validate_issue(
        (FIXTURES / "valid_issue.md").read_text(),
        tmp_path / "out",
        Settings().model_copy(update={"anthropic_api_key": None}),
        agent_models=models,
        executor=executor,
        pypi=pypi,
        listener=lambda step, status, detail: events.append((step, status)),
    )
    return result, events


def test_coordinator_delegates_and_subagents_write_files(tmp_path: Path, offline) -> None:
    models, subs = _models(_subagent_scripts())
    result, events = _validate(tmp_path, models, offline)
    assert result.mode == MODE_AGENTS
    assert result.verdict == Verdict.GREEN, result.report_markdown
    assert result.errors == []
    out = tmp_path / "out"
    for name in (
        "extracted_code.py",
        "extraction_metadata.json",
        "version_report.json",
        "behavior_analysis.json",
        "execution_results.json",
        "validation_report.md",
        "reproduction.py",
    ):
        assert (out / name).is_file(), name
    assert "**Mode**: agents" in result.report_markdown
    assert "checked by the scripted report agent" in result.report_markdown
    # every subagent was reached through `task` and consumed its whole script
    assert all(not m.script for m in subs.values())
    assert all(m.seen for m in subs.values())
    # the subagents' tool answers came back to them, e.g. the PyPI lookup
    version_msgs = [m for m in subs["version_validator"].seen[-1] if isinstance(m, ToolMessage)]
    assert any('"latest_version": "26.3"' in str(m.content) for m in version_msgs)
    # the executor read the extracted code through the real-disk backend
    exec_msgs = subs["executor"].seen[-1]
    assert any("reproduce_issue" in str(m.content) for m in exec_msgs if isinstance(m, ToolMessage))
    assert [s for s, st in events if st == "done"][:5] == list(STEP_NAMES)
    assert json.loads((out / "execution_results.json").read_text())["exit_code"] == 1


def test_subagent_error_becomes_spec_error_object(tmp_path: Path, offline) -> None:
    scripts = _subagent_scripts()
    scripts["executor"] = [RuntimeError("executor model exploded")]
    models, _ = _models(scripts)
    coordinator = models.coordinator
    result, _ = _validate(tmp_path, models, offline)
    error = next(e for e in result.errors if e.step == "executor")
    assert error.success is False and error.error == "SubagentError"
    assert "executor model exploded" in error.message and error.recovery_suggestion
    # the coordinator received the error object as the task's answer and carried on
    answers = [
        json.loads(m.content)
        for m in coordinator.seen[-1]  # type: ignore[attr-defined]
        if isinstance(m, ToolMessage) and '"success":false' in str(m.content)
    ]
    assert answers and answers[0]["error"] == "SubagentError"
    # the missing artifact was filled in deterministically and the mode says so
    assert result.mode.startswith("agents (completed deterministically: executor")
    assert result.artifacts.execution_results is not None
    assert result.verdict == Verdict.GREEN


def test_unreachable_provider_falls_back_to_deterministic(tmp_path: Path, offline) -> None:
    request = httpx.Request("POST", "https://api.anthropic.com/v1/messages")
    models = AgentModels(
        coordinator=ScriptedChatModel(script=[anthropic.APIConnectionError(request=request)])
    )
    result, _ = _validate(tmp_path, models, offline)
    assert result.mode.startswith("deterministic (model unreachable: APIConnectionError")
    assert result.verdict == Verdict.GREEN
    assert result.errors[0].step == "coordinator" and result.errors[0].transient
    assert "**Mode**: deterministic (model unreachable" in result.report_markdown


def test_models_from_settings() -> None:
    no_key = Settings().model_copy(update={"anthropic_api_key": None})
    assert models_from_settings(no_key) is None
    models = models_from_settings(
        Settings(
            ANTHROPIC_API_KEY="sk-test", MRE_MODEL="claude-x", llm_timeout_s=7, llm_max_retries=1
        )
    )
    assert models is not None
    chat = models.coordinator
    assert chat.model == "claude-x"  # type: ignore[attr-defined]
    assert chat.default_request_timeout == 7 and chat.max_retries == 1  # type: ignore[attr-defined]


def test_structured_mentions_merge_with_regex_and_survive_failure() -> None:
    from qa_agents.mre.agents.structured import structured_mention_finder

    answer = call(
        "MentionList",
        {"packages": [{"name": "numpy", "spec": "2.0"}, {"name": "packaging", "spec": None}]},
        0,
    )
    find = structured_mention_finder(ScriptedChatModel(script=[answer]))
    found = {m.name: m.spec for m in find("- packaging 20.9\nnumpy 2 release", ["packaging"])}
    assert found == {"packaging": "20.9", "numpy": "2.0"}  # regex wins where it found one
    broken = structured_mention_finder(ScriptedChatModel(script=[RuntimeError("down")]))
    assert [m.name for m in broken("- packaging 20.9", [])] == ["packaging"]

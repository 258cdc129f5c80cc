"""mini-swe-agent trajectories (``<instance_id>.traj.json``) → fixtrace traces.

A mini-swe-agent 1.x trajectory (``"trajectory_format": "mini-swe-agent-1"``) is JSON:
``messages`` (the chat: ``system``, then ``user`` with the task in ``<pr_description>``, then
``assistant`` turns — a ``THOUGHT:`` and exactly one fenced ``bash`` block — each answered by
a ``user`` turn ``<returncode>N</returncode><output>…</output>``), ``info`` (``submission`` =
the final patch, ``exit_status``, ``model_stats``, ``mini_version``) and ``instance_id``.

Each assistant turn becomes a ``thought`` (its THOUGHT text) and a ``terminal_command`` (the
bash block); the answer becomes a ``terminal_output`` with the return code, plus a
``test_run`` when the command runs tests. The agent edits files with shell commands
(``sed``, ``cat <<EOF``, ``python - <<EOF``), so edits are not separate events: the final
patch is what the agent submitted.

Verified on mini-swe-agent 1.15.0 SWE-bench Verified runs (Gemini 3 Pro, November 2025).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from producers.capture.tests_detect import test_runner
from producers.importers.base import (
    ImportedEvent,
    ImportedTrace,
    ImportFormatError,
    content_hash,
    read_json_object,
    validation_message,
)
from schemas.models import BugReport, Developer, Repo, Task, TraceOpened

FORMAT = "mini-swe-agent"
_BASH = re.compile(r"```(?:bash|sh)?\s*\n(.*?)\n```", re.S)
_THOUGHT = re.compile(r"^\s*THOUGHT:\s*", re.I)
_RETURNCODE = re.compile(r"<returncode>\s*(-?\d+)\s*</returncode>")
_OUTPUT = re.compile(r"<output>\n?(.*?)\n?</output>", re.S)
_TASK = re.compile(
    r"<pr_description>\s*(?:Consider the following PR description:\s*)?(.*?)\s*</pr_description>",
    re.S,
)  # noqa: E501
_SUBMIT = "COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT"


class Message(BaseModel):
    model_config = ConfigDict(extra="allow")
    role: str
    content: str | list[Any] = ""


class Info(BaseModel):
    model_config = ConfigDict(extra="allow")
    submission: str | None = None
    exit_status: str | None = None
    mini_version: str | None = None


class Trajectory(BaseModel):
    model_config = ConfigDict(extra="allow")
    messages: list[Message] = Field(min_length=1)
    info: Info = Field(default_factory=Info)
    instance_id: str | None = None
    trajectory_format: str | None = None


def _text(message: Message) -> str:
    if isinstance(message.content, str):
        return message.content
    return "".join(c.get("text", "") for c in message.content if isinstance(c, dict))


def _bug_report(messages: list[Message]) -> BugReport | None:
    for message in messages:
        if message.role == "user":
            text = _text(message)
            match = _TASK.search(text)
            body = (match[1] if match else text).strip()
            if body:
                return BugReport(title=body.splitlines()[0][:200], description=body[:20000])
    return None


def _observation(text: str) -> tuple[int | None, str]:
    code = _RETURNCODE.search(text)
    out = _OUTPUT.search(text)
    return (int(code[1]) if code else None), (out[1] if out else text)


def _turn_events(
    kind: str, thought: str, command: str | None, answer: str | None
) -> list[ImportedEvent]:
    events = []
    if thought:
        events.append(ImportedEvent("thought", {"kind": kind, "content_text": thought}))
    if command is None:
        return events
    events.append(
        ImportedEvent("terminal_command", {"cwd": "/testbed", "command": command, "shell": "bash"})
    )
    if answer is None:
        return events
    code, output = _observation(answer)
    payload: dict[str, Any] = {"stream": "stdout", "chunk_text": output}
    if code is not None:
        payload["exit_code"] = code
    events.append(ImportedEvent("terminal_output", payload, "tool"))
    runner = test_runner(command)
    if runner is not None and code is not None:
        events.append(
            ImportedEvent(
                "test_run",
                {
                    "command": command,
                    "runner": runner,
                    "exit_code": code,
                    "duration_ms": 0,
                    "passed": code == 0,
                },
                "tool",
            )
        )
    return events


def parse(path: Path) -> ImportedTrace:
    """Parse a ``.traj.json`` file; :class:`ImportFormatError` names what is wrong."""
    data, raw = read_json_object(path, "messages")
    try:
        traj = Trajectory.model_validate(raw)
    except ValidationError as exc:
        raise ImportFormatError(f"{path}: {validation_message(exc)}") from None
    stem = Path(path).name.removesuffix(".json").removesuffix(".traj")
    name = traj.instance_id or stem
    opened = TraceOpened(
        repo=Repo(repo_id=name, commit_base="unknown"),
        task=Task(task_id=name, bug_report=_bug_report(traj.messages), labels=[f"import:{FORMAT}"]),
        developer=Developer(developer_id=FORMAT),
    )
    out = ImportedTrace(
        opened=opened,
        final_patch=traj.info.submission or None,
        pr_title=f"mini-swe-agent submission for {name}",
        fmt=FORMAT,
        instance_id=name,
        aliases=[stem] if stem != name else [],
        content_sha256=content_hash(data),
    )
    turns = traj.messages
    first = True
    for i, message in enumerate(turns):
        if message.role != "assistant":
            continue
        text = _text(message)
        blocks = _BASH.findall(text)
        thought = _THOUGHT.sub("", _BASH.split(text)[0] if blocks else text).strip()
        command = blocks[0].strip() if blocks else None
        kind, first = ("plan" if first else "interpretation"), False
        if command is not None and _SUBMIT in command:
            # The answer is the submitted patch: it is the trace's final patch.
            out.events.extend(_turn_events("decision", thought, None, None))
            continue
        nxt = turns[i + 1] if i + 1 < len(turns) and turns[i + 1].role == "user" else None
        out.events.extend(_turn_events(kind, thought, command, _text(nxt) if nxt else None))
    return out

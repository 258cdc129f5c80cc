"""SWE-agent ``.traj`` files → fixtrace traces.

A ``.traj`` is JSON: ``trajectory`` (steps with ``thought``, ``action``, ``observation``,
``execution_time``, optional ``state``), ``info`` (``submission`` = final patch,
``exit_status``) and ``history`` (the chat; its first user message holds the issue).
Each step becomes: a ``thought`` (if any), then for the action either a ``file_edit``
(``str_replace_editor str_replace|create|insert``, the classic ``edit N:M`` block, or the
1.0 ``edit 'search' 'replace'`` tool) or a ``terminal_command`` + ``terminal_output``, plus a
``test_run`` when the command runs tests.

Verified on real files of SWE-agent 0.x (``gpt4__…`` run directories, April 2024: ``edit
N:M`` blocks, ``environment: swe_main``) and 1.0 (December 2024 demonstrations: the
``edit 'search' 'replace'`` tool, ``replay_config`` naming the instance).

The instance id is the file name's stem (SWE-agent writes ``<instance_id>.traj``), else the
``replay_config``'s problem statement id.
"""

from __future__ import annotations

import hashlib
import json
import re
import shlex
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from producers.capture.tests_detect import test_runner
from producers.importers.base import (
    ImportedEvent,
    ImportedTrace,
    ImportFormatError,
    content_hash,
    edit_diff,
    read_json_object,
    validation_message,
)
from schemas.models import BugReport, Developer, Repo, Task, TraceOpened


class Step(BaseModel):
    model_config = ConfigDict(extra="allow")
    action: str
    thought: str | None = ""
    observation: str | None = ""
    execution_time: float | None = Field(None, ge=0)
    state: Any = None


class Info(BaseModel):
    model_config = ConfigDict(extra="allow")
    submission: str | None = None
    exit_status: str | None = None


class Traj(BaseModel):
    model_config = ConfigDict(extra="allow")
    trajectory: list[Any]
    info: Info = Field(default_factory=Info)
    history: list[Any] = Field(default_factory=list)


_FAIL = re.compile(r"\b(\d+ failed|FAILED|Error|error:|Traceback|FAIL\b)")
_OPEN = re.compile(r"^(open|goto)\s+\"?([^\s\"]+)")


def _sha(text: str) -> str:
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def _edit_event(action: str, open_file: str | None) -> ImportedEvent | None:
    """A file_edit for edit actions, else None."""
    if action.startswith("str_replace_editor"):
        try:
            argv = shlex.split(action)
        except ValueError:
            return None
        if len(argv) < 3 or argv[1] not in ("str_replace", "create", "insert"):
            return None
        opts = {
            argv[i][2:]: argv[i + 1] for i in range(3, len(argv) - 1) if argv[i].startswith("--")
        }
        path = argv[2]
        old = opts.get("old_str", "") if argv[1] == "str_replace" else ""
        new = opts.get("new_str", opts.get("file_text", ""))
        return ImportedEvent(
            "file_edit",
            {
                "file_path": path,
                "edit_kind": "patch",
                "patch_text": edit_diff(path, old, new),
                "pre_hash": _sha(old) if old else None,
                "post_hash": None,
            },
        )
    if action.startswith("edit '") or action.startswith('edit "'):
        try:
            argv = shlex.split(action)
        except ValueError:
            argv = []
        if len(argv) >= 3:
            path = open_file or "unknown"
            return ImportedEvent(
                "file_edit",
                {
                    "file_path": path,
                    "edit_kind": "patch",
                    "patch_text": edit_diff(path, argv[1], argv[2]),
                    "pre_hash": None,
                    "post_hash": None,
                },
            )
    m = re.match(r"^edit\s+(\d+):(\d+)\n(.*?)\n?end_of_edit\s*$", action, re.S)
    if m:
        start, end, text = int(m[1]), int(m[2]), m[3]
        path = open_file or "unknown"
        patch = f"--- a/{path}\n+++ b/{path}\n@@ -{start},{end - start + 1} @@\n" + "".join(
            f"+{line}\n" for line in text.splitlines()
        )
        return ImportedEvent(
            "file_edit",
            {
                "file_path": path,
                "edit_kind": "replace_range",
                "patch_text": patch,
                "selection": {"start_line": start, "start_col": 0, "end_line": end, "end_col": 0},
            },
        )
    return None


def _issue(history: list[Any]) -> BugReport | None:
    for msg in history:
        if isinstance(msg, dict) and msg.get("role") == "user":
            content = msg.get("content")
            if isinstance(content, list):
                content = " ".join(c.get("text", "") for c in content if isinstance(c, dict))
            if isinstance(content, str) and content.strip():
                text = content.strip()
                m = re.search(r"<pr_description>\s*(.*?)\s*</pr_description>", text, re.S)
                text = m[1] if m else text
                return BugReport(title=text.splitlines()[0][:200], description=text[:20000])
    return None


def _instance_ids(path: Path, raw: dict[str, Any]) -> list[str]:
    """The file stem, then the instance the trajectory's replay config names (if any)."""
    stem = Path(path).name.removesuffix(".json").removesuffix(".traj")
    config = raw.get("replay_config")
    if isinstance(config, str):
        try:
            config = json.loads(config)
        except json.JSONDecodeError:
            config = None
    named = None
    if isinstance(config, dict) and isinstance(config.get("problem_statement"), dict):
        named = config["problem_statement"].get("id")
    return [stem, *([str(named)] if named and named != stem else [])]


def parse(path: Path) -> ImportedTrace:
    """Parse a ``.traj`` file; :class:`ImportFormatError` names the broken step."""
    data, raw = read_json_object(path, "trajectory")
    try:
        traj = Traj.model_validate(raw)
    except ValidationError as exc:
        raise ImportFormatError(f"{path}: {validation_message(exc)}") from None
    name, *aliases = _instance_ids(path, raw)
    opened = TraceOpened(
        repo=Repo(repo_id=str(raw.get("environment") or name), commit_base="unknown"),
        task=Task(task_id=name, bug_report=_issue(traj.history), labels=["import:swe-agent"]),
        developer=Developer(developer_id="swe-agent"),
    )
    out = ImportedTrace(
        opened=opened,
        final_patch=traj.info.submission or None,
        pr_title=f"SWE-agent submission for {name}",
        fmt="swe-agent",
        instance_id=name,
        aliases=aliases,
        content_sha256=content_hash(data),
    )
    open_file: str | None = None
    for i, item in enumerate(traj.trajectory):
        try:
            step = Step.model_validate(item)
        except ValidationError as exc:
            e = exc.errors()[0]
            loc = ".".join(map(str, e["loc"])) or "step"
            raise ImportFormatError(
                f"{path}: trajectory[{i}] (step {i + 1}): {loc}: {e['msg']}"
            ) from None
        if step.thought and step.thought.strip():
            kind = (
                "plan"
                if i == 0
                else ("decision" if step.action.strip() == "submit" else "interpretation")
            )
            out.events.append(
                ImportedEvent("thought", {"kind": kind, "content_text": step.thought})
            )
        action = step.action.strip()
        if not action:
            continue
        if (m := _OPEN.match(action)) is not None:
            open_file = m[2]
        edit = _edit_event(action, open_file)
        if edit is not None:
            out.events.append(edit)
            if step.observation:
                out.events.append(
                    ImportedEvent(
                        "terminal_output",
                        {"stream": "stdout", "chunk_text": step.observation},
                        "tool",
                    )
                )
            continue
        out.events.append(
            ImportedEvent("terminal_command", {"cwd": "/repo", "command": action, "shell": "bash"})
        )
        obs = step.observation or ""
        if obs:
            out.events.append(
                ImportedEvent("terminal_output", {"stream": "stdout", "chunk_text": obs}, "tool")
            )
        runner = test_runner(action)
        if runner is not None:
            failed = bool(_FAIL.search(obs))
            out.events.append(
                ImportedEvent(
                    "test_run",
                    {
                        "command": action,
                        "runner": runner,
                        "exit_code": 1 if failed else 0,
                        "duration_ms": int((step.execution_time or 0) * 1000),
                        "passed": not failed,
                    },
                    "tool",
                )
            )
    return out

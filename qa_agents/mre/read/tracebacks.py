"""Where a Python traceback says an exception came from: the report's own script or a library.

Why: a raise inside the report's code that the report itself asks for is not a bug, and one
that ends in a library is; the frames tell them apart.
"""

from __future__ import annotations

import re

from qa_agents.mre.models import SCRIPT_NAME
from qa_agents.mre.rules.vocabulary import RAISED, exception_class

EXCEPTION_LINE = re.compile(rf"^{exception_class(RAISED)}:\s+\S.*$")
"""A whole line that is an exception with its message (``ValueError: Ranges must …``), as
a session prints its last line or a report pastes it alone."""

PYTEST_FAILURE = re.compile(r"^E {2,}(?=\S)")
"""The prefix of pytest's failure lines (``E       KeyError: 'content-type'``): what
follows is the exception the test raised, as a traceback's last line would say it."""

_FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line \d+')


def traceback_frames(stderr: str) -> list[tuple[str, str]]:
    """(file name, source line) of each frame of the last traceback in ``stderr``."""
    if "Traceback (most recent call last)" not in stderr:
        return []
    lines = stderr[stderr.rfind("Traceback (most recent call last)") :].splitlines()
    frames = []
    for i, line in enumerate(lines):
        frame = _FRAME.match(line)
        if frame:
            source = lines[i + 1].strip() if i + 1 < len(lines) else ""
            frames.append((frame.group("file").rsplit("/", 1)[-1], source))
    return frames


def raised_in(stderr: str, script: str = SCRIPT_NAME) -> bool | None:
    """Did the last traceback end in ``script`` (not in a library)? None: no frames."""
    frames = traceback_frames(stderr)
    return frames[-1][0] == script if frames else None


def raising_line(stderr: str, script: str = SCRIPT_NAME) -> str | None:
    """The report's own line the exception came from (the script's innermost frame)."""
    return next((src for name, src in reversed(traceback_frames(stderr)) if name == script), None)


_TRACE_EXC = re.compile(r"^(?P<type>[A-Za-z_][\w.]*)(?::\s?(?P<msg>.*))?$")


def parse_exception(stderr: str) -> tuple[str, str] | None:
    """The final ``Type: message`` of the last traceback in ``stderr``."""
    if "Traceback (most recent call last)" not in stderr:
        return None
    tail = stderr[stderr.rfind("Traceback (most recent call last)") :].splitlines()[1:]
    # the exception is the first line back at column 0 after the frames; its message may
    # continue on the following lines (pydantic, marshmallow), which are not exceptions
    for line in tail:
        if line.startswith((" ", "\t")) or not line.strip():
            continue
        match = _TRACE_EXC.match(line.strip())
        if match:
            return match.group("type"), (match.group("msg") or "").strip()
    return None


def stopped_in_script(exception: str, source: str) -> dict[str, object]:
    """A run's fields (exit code, exception, stderr) when ``source``, a line of the report's
    script, raised ``exception``: what the rules that read where a run raised are shown in
    their examples."""
    frame = f'  File "/tmp/run/{SCRIPT_NAME}", line 3, in <module>\n    {source}\n'
    stderr = f"Traceback (most recent call last):\n{frame}{exception}\n"
    return {"exit_code": 1, "exception": exception, "stderr": stderr}

"""A run in a table's id or name column is that row's id, whatever it looks like.

Command-line tools print what they list as tables aligned under a header of capitals:
``docker service ps`` and ``docker stack ps`` (swarm task ids, 25 random letters and digits),
``docker stats`` (a task's name ending in its id), ``kubectl get`` (generated pod names),
``docker images``. A key never sits in such a column: the tools that print secrets print
them as ``Key  Value`` pairs or under a label. So the entropy rule's take is dropped when the
run lies in a cell under one of :data:`ID_HEADERS`, found by reading up the table's lines to
its header (no blank line between) and by the run's column.
"""

from __future__ import annotations

import re

ID_HEADERS = frozenset({
    "ID", "CONTAINER ID", "CONTAINER", "IMAGE ID", "TASK ID", "NODE ID", "NETWORK ID",
    "SERVICE ID", "NAME", "NAMES", "IMAGE", "DIGEST", "UID", "UUID", "REVISION", "COMMIT",
    "SHA", "HASH", "CHECKSUM", "REQUEST ID", "RUN ID", "JOB ID", "BUILD ID", "POD", "PODS",
})  # fmt: skip
"""Column headers whose cells name or identify the row."""
_HEADER = re.compile(r"[ \t]*[A-Z][A-Z0-9_%/().\-]*(?: [A-Z0-9_%/().\-]+)*(?:[ \t]{2,}\S.*)?")
_COLUMN = re.compile(r"\S+(?: \S+)*")
"""A header's column: words apart by one space (``CONTAINER ID``), columns by two or more."""
_MAX_ROWS = 200


def _header_above(text: str, line_start: int) -> str | None:
    """The nearest line above ``line_start`` in the same block (no blank line between) that
    is a header of capitals with two columns or more, or None."""
    end = line_start - 1
    for _ in range(_MAX_ROWS):
        if end < 0:
            return None
        start = text.rfind("\n", 0, end) + 1
        line = text[start:end].rstrip("\r")
        if not line.strip():
            return None
        if line == line.upper() and _HEADER.fullmatch(line) and len(_COLUMN.findall(line)) >= 2:
            return line
        end = start - 1
    return None


def in_id_column(text: str, start: int, end: int) -> bool:
    """The run ``text[start:end]`` lies in a table's cell under an id or name header."""
    line_start = text.rfind("\n", 0, start) + 1
    if "\n" in text[start:end] or line_start == 0:
        return False  # the first line has no header above it
    header = _header_above(text, line_start)
    if header is None:
        return False
    at = start - line_start
    columns = list(_COLUMN.finditer(header))
    for column, following in zip(columns, [*columns[1:], None], strict=True):
        if column.start() <= at and (following is None or at < following.start()):
            cell_start = text.rfind(" ", line_start, start) + 1 if at else line_start
            return column.group() in ID_HEADERS and cell_start - line_start >= column.start() - 1
    return False

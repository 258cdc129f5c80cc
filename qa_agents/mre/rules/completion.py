"""Rules that complete a report the way a careful reader would (issue 32, item 5).

A reader fills in what the author clearly meant: the value after "Actual:" on the same line
as "Expected:" is the output, not a sentence. Each rule is general (no report's names in
it) and says in its examples what it reads.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import PurePosixPath

from qa_agents.mre.rules.registry import PROSE_LINE, SCRIPT, SHOWN_OUTPUT, Example, Rule
from qa_agents.mre.rules.vocabulary import RAISED_OR_WARNED, exception_class

# -- labelled-inline-values ----------------------------------------------------------------

_EXPECTED_WORDS = ("expected", "expecting", "expect", "should be")
_ACTUAL_WORDS = ("actual", "actually", "got", "but got", "result", "output", "instead")
_LABEL = "|".join(
    re.escape(w).replace(r"\ ", r"\s+")
    for w in sorted(_EXPECTED_WORDS + _ACTUAL_WORDS, key=len, reverse=True)
)
# "Expected: `800`." / "**Actual**: `300`" / "but got `300`": one label, one span
_PAIR = re.compile(
    rf"\**(?P<label>{_LABEL})(?:\s+(?:result|output|value|behaviou?r))?\**\s*[:=]?\s*\**\s*"
    r"(?P<tick>`+)(?P<value>[^`\n]+?)(?P=tick)\**\s*[.,;]?\s*",
    re.IGNORECASE,
)
_BULLET = re.compile(r"^\s*(?:[-*+]\s+)?")


def labelled_values(line: str) -> list[tuple[str, str]] | None:
    """The (side, value) pairs of a line made only of labelled inline values, else None."""
    rest = _BULLET.sub("", line, count=1).strip()
    if not rest or "`" not in rest:
        return None
    pairs: list[tuple[str, str]] = []
    at = 0
    while at < len(rest):
        match = _PAIR.match(rest, at)
        if match is None:
            return None  # words other than labels and values: a sentence, read elsewhere
        label = " ".join(match.group("label").lower().split())
        side = "expected" if label in _EXPECTED_WORDS else "actual"
        pairs.append((side, match.group("value").strip()))
        at = match.end()
    sides = [s for s, _ in pairs]
    if "actual" not in sides or sides.count("actual") > 1 or sides.count("expected") > 1:
        return None  # no value shown as the bug, or two of them: no pair to read
    return pairs


LABELLED_INLINE_VALUES = Rule(
    name="labelled-inline-values",
    phase=PROSE_LINE,
    doc="A line of only labelled inline values (`Expected: `800`. Actual: `300`.`) shows "
    "both sides: the actual value is the output the run must print, the other the expected.",
    examples=(
        Example("Expected: `800`. Actual: `300`.", [("expected", "800"), ("actual", "300")]),
        Example("**Expected**: `[1]`, **Actual**: `[2]`", [("expected", "[1]"), ("actual", "[2]")]),
        Example("- Actual output: `None`", [("actual", "None")]),
        Example("Expected `True` but got `False`", [("expected", "True"), ("actual", "False")]),
        Example("Expected: `800`.", None),  # nothing shown as the bug
        Example("The result is `300`, which is wrong.", None),  # a sentence
        Example("Use `total()` instead.", None),
    ),
    apply=labelled_values,
)


# -- inline-output-note -------------------------------------------------------------------

# "{'a': 2} <-- was not expecting this", "1.5  ← wrong", "False <== should be True": an
# arrow pointing back at the value, then the author's words (``<-`` alone needs two words,
# as ``a <- b`` may be printed text)
_NOTE = re.compile(
    r"(?P<value>\S.*?)\s+(?:#\s*)?(?:<-{2,}|<={2,}|←|<-(?=\s*[A-Za-z]+\s+[A-Za-z]))"
    r"\s*(?P<note>[^\n]*[A-Za-z][^\n]*)$"
)


def without_note(line: str) -> str:
    """A line of shown output without the note its author wrote beside the value."""
    match = _NOTE.fullmatch(line.rstrip())
    return match.group("value").rstrip() if match else line


def without_notes(text: str) -> str:
    """Shown output with each line's note taken off (line ends kept)."""
    lines = text.splitlines(keepends=True)
    return "".join(
        without_note(ln.rstrip("\n")) + ("\n" if ln.endswith("\n") else "") for ln in lines
    )


INLINE_OUTPUT_NOTE = Rule(
    name="inline-output-note",
    phase=SHOWN_OUTPUT,
    doc="An arrow and words beside a shown value (`{'a': 2} <-- not expected`) are the "
    "author's note, not output: the value alone is compared with the run's.",
    examples=(
        Example("{'a': 2} <-- was not expecting this one to change", "{'a': 2}"),
        Example("1.5   ← wrong, should be 2", "1.5"),
        Example("False  # <-- here", "False"),
        Example("[1, 2] <== should be [2, 1]", "[1, 2]"),
        Example("x <- y", "x <- y"),  # printed text, not a note
        Example("a <= b", "a <= b"),
        Example("<-- marker", "<-- marker"),  # nothing before the arrow: no value to keep
    ),
    apply=without_note,
)


# -- library-of-a-forgotten-import -----------------------------------------------------------


def libraries_of(imports: str) -> list[str]:
    """The third-party libraries that ``from library import Name`` lines (one a line) pin
    down, in order; a module imported whole (``import numpy as np``) pins no names."""
    found: list[str] = []
    for statement in imports.splitlines():
        try:
            node = ast.parse(statement.strip()).body[0] if statement.strip() else None
        except SyntaxError:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append(node.module.split(".")[0])
    return [m for m in dict.fromkeys(found) if m not in sys.stdlib_module_names]


LIBRARY_OF_A_FORGOTTEN_IMPORT = Rule(
    name="library-of-a-forgotten-import",
    phase=SCRIPT,
    doc="The libraries that the imports added for a snippet's well-known names pin down "
    "(`BaseModel` is pydantic's) are searched, guarded, for its other undefined names "
    "(`ConfigDict`).",
    examples=(
        Example("from pydantic import BaseModel", ["pydantic"]),
        Example("from langchain_core.messages import HumanMessage", ["langchain_core"]),
        Example("import numpy as np\nimport pandas as pd", []),  # a module alias names no export
        Example("from pathlib import Path", []),  # the standard library is no report's library
    ),
    apply=libraries_of,
)


# -- file-named-by-fence-info ------------------------------------------------------------------

# a data file's name: a stem and an extension that is not Python's
_FILE_NAME = r"(?P<name>[\w./-]*\w\.(?!py\b|pyi\b|ipynb\b)[A-Za-z][\w]{0,7})"
_INFO_NAMES = (
    re.compile(rf"^{_FILE_NAME}$"),  # ```data.json
    re.compile(rf"^\w+:{_FILE_NAME}$"),  # ```yaml:config.yaml
    re.compile(rf"""^\S*\s.*?\b(?:title|file(?:name)?|name)\s*=\s*["']?{_FILE_NAME}["']?"""),
)


def file_named_by_info(info: str) -> str | None:
    """The data file a fence's info string names (```` ```data.json ````, ``yaml:x.yaml``,
    ``json title="x.json"``), else None."""
    text = info.strip()
    for pattern in _INFO_NAMES:
        match = pattern.search(text)
        name = match.group("name") if match else ""
        if name and not name.startswith("/") and ".." not in name.split("/"):
            return name  # a relative path inside the run's folder
    return None


FILE_NAMED_BY_FENCE_INFO = Rule(
    name="file-named-by-fence-info",
    phase=SCRIPT,
    doc="A data block whose fence info string names a file (```` ```config.yaml ````, "
    '`json title="data.json"`) is that file, written beside the script.',
    examples=(
        Example("data.json", "data.json"),
        Example("yaml:conf/app.yaml", "conf/app.yaml"),
        Example("yaml:../app.yaml", None),  # outside the run's folder
        Example('json title="settings.json"', "settings.json"),
        Example("toml filename=pyproject.toml", "pyproject.toml"),
        Example("json", None),
        Example("python title=repro.py", None),  # the script, not a data file
        Example("py", None),
    ),
    apply=file_named_by_info,
)


# -- name-of-a-shown-file ----------------------------------------------------------------------


def shown_file_for(name: str, files: tuple[str, ...]) -> str | None:
    """The shown file an undefined name stands for: ``old_json`` for ``old.json``, or a JSON
    file's bare stem (``settings`` for ``settings.json``: its document is the one reading;
    ``data`` beside ``data.csv`` may be its text, its rows or a frame)."""
    for path in files:
        stem, _, ext = PurePosixPath(path).name.rpartition(".")
        stem = re.sub(r"\W", "_", stem)
        if name == f"{stem}_{ext}".lower() or (name == stem and ext.lower() == "json"):
            return path
    return None


def file_bindings(undefined: set[str], files: dict[str, str]) -> dict[str, str]:
    """A line binding each undefined name that stands for a shown file to its content (a
    JSON file's parsed document, any other file's text), by name."""
    lines = {}
    for name in sorted(undefined):
        path = shown_file_for(name, tuple(sorted(files)))
        if path is None:
            continue
        read = f"open({path!r}, encoding='utf-8')"
        value = f"__import__('json').load({read})" if path.endswith(".json") else f"{read}.read()"
        lines[name] = f"{name} = {value}  # added by open-mre: the file the report shows\n"
    return lines


NAME_OF_A_SHOWN_FILE = Rule(
    name="name-of-a-shown-file",
    phase=SCRIPT,
    doc="A name the code uses but never defines that names a file the report shows "
    "(`old_json` beside `old.json`) is that file's content (a JSON file parsed).",
    examples=(
        Example(("old_json", ("new.json", "old.json")), "old.json"),
        Example(("config_yaml", ("config.yaml",)), "config.yaml"),
        Example(("settings", ("settings.json",)), "settings.json"),
        Example(("data", ("data.csv",)), None),  # its text, its rows or a frame: no one reading
        Example(("old_yaml", ("old.json",)), None),
    ),
    apply=shown_file_for,
)


# -- value-under-a-side-heading --------------------------------------------------------------

_SIDE_HEADING = re.compile(
    r"^\s{0,3}#{1,6}\s+(?P<side>expected|actual)(?:\s+(?:result|output|value|behaviou?r))?"
    r"\s*:?\s*#*\s*$",
    re.IGNORECASE,
)


def value_under_side_heading(section: str) -> tuple[str, str] | None:
    """(side, value) for a heading "## Expected" / "## Actual output" whose whole body is
    one paragraph of printed values, not words (``800``, ``KeyError: 'x'``)."""
    head, _, body = section.partition("\n")
    match = _SIDE_HEADING.match(head)
    lines = []
    for line in body.strip("\n").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            break  # the paragraph ends at a blank line or the next heading
        lines.append(line.rstrip())
    if match is None or not lines or not all(_looks_like_a_value(ln) for ln in lines):
        return None
    return match.group("side").lower(), "\n".join(lines) + "\n"


_EXCEPTION = re.compile(rf"^{exception_class((*RAISED_OR_WARNED, 'Exit'))}\b:?")


def _looks_like_a_value(line: str) -> bool:
    """A printed value, not words: a Python expression (``300``, ``[1, 2]``, ``None``),
    an exception line (``KeyError: 'x'``), or one token (``application/octet-stream``)."""
    text = line.strip()
    if _EXCEPTION.match(text) or (text and len(text.split()) == 1 and not text.endswith(":")):
        return True
    try:
        ast.parse(text, mode="eval")
    except SyntaxError:
        return False
    return True


VALUE_UNDER_A_SIDE_HEADING = Rule(
    name="value-under-a-side-heading",
    phase=PROSE_LINE,
    doc='A heading "Expected" or "Actual" whose whole body is bare lines, no sentence '
    "(`## Actual` then `300`), shows that side's value: the actual one is the output.",
    examples=(
        Example("## Actual\n\n300", ("actual", "300\n")),
        Example("### Expected output\n\n800", ("expected", "800\n")),
        Example("## Actual\n\nKeyError: 'content-type'", ("actual", "KeyError: 'content-type'\n")),
        Example("## Actual behavior\n\nIt crashes.", None),  # a sentence
        Example("## Actual\n\n- it crashes", None),
        Example("### Actual Behavior\nNot the whole traceback, the end:", None),  # a lead-in
        Example("## Expected behaviour\nNo errors\n## Actual behaviour", None),  # words
        Example("## Steps\n\n300", None),
    ),
    apply=value_under_side_heading,
)


RULES: list[Rule] = [
    LABELLED_INLINE_VALUES,
    VALUE_UNDER_A_SIDE_HEADING,
    INLINE_OUTPUT_NOTE,
    LIBRARY_OF_A_FORGOTTEN_IMPORT,
    FILE_NAMED_BY_FENCE_INFO,
    NAME_OF_A_SHOWN_FILE,
]

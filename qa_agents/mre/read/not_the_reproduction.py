"""Blocks that are not the reproduction: a proposed fix, outputs of other Pythons, files.

Why after classification: each looks like what it is not. The line a report proposes
as the fix ("the fix would be changing this line to ...") parses as code, and joining it to
the reproduction runs it too. Outputs shown "In Python 3.6" and "in Python 3.7" are both
real, but a run on one interpreter can only print one of them: the other is context.
A file's contents shown under ``# cat path`` is input, not output.
"""

from __future__ import annotations

import re
import sys

from qa_agents.mre.models import CodeBlock

# the prose before a block that proposes a change to the library, not code to run
_PROPOSED_CHANGE = re.compile(
    r"\b(?:(?:the|a|possible|proposed|suggested|simple|quick|my|one)\s+"
    r"(?:fix|patch|solution)\b|\bfix(?:ed)? (?:would|could|might|is to)\b|"
    r"\b(?:chang|replac)(?:e|es|ing|ed)\b.*\b(?:to|with|by)\s*:?\s*$)",
    re.I,
)
_PYTHON_VERSION = re.compile(
    r"\b(?:python|py|cpython)\s*v?(?P<major>[23])\.(?P<minor>\d{1,2})\b", re.I
)


def assign_roles(blocks: list[CodeBlock]) -> None:
    """Mark, in place, the blocks that are neither the reproduction nor its symptom."""
    mark_proposed_fixes(blocks)
    keep_this_pythons_output(blocks)
    mark_file_listings(blocks)
    mark_config_files(blocks)


def mark_proposed_fixes(blocks: list[CodeBlock]) -> None:
    """A code block after the reproduction, under prose proposing a change, is the fix."""
    seen_code = False
    for block in blocks:
        if block.kind != "code":
            continue
        if seen_code and proposes_a_change(block.lead):
            block.kind = "other"
            block.rules.append("proposed-fix")
            continue
        seen_code = True


def keep_this_pythons_output(
    blocks: list[CodeBlock], running: tuple[int, int] = sys.version_info[:2]
) -> None:
    """Of output blocks each led by a different Python version, keep the one for the
    newest version up to ``running`` (the others become context, not the symptom)."""
    versioned = {}
    for block in blocks:
        version = python_version_named(block.lead)
        if block.kind == "output" and version:
            versioned[block.index] = version
    if len(set(versioned.values())) < 2:
        return
    usable = [v for v in versioned.values() if v <= running]
    if not usable:
        return
    keep = max(usable)
    for block in blocks:
        if block.index in versioned and versioned[block.index] != keep:
            block.kind = "other"
            block.rules.append("another-pythons-output")


# "# cat test/config.yaml" or "$ cat x.ini" heading a block: a file's contents, shown
CAT_HEADER = re.compile(r"^\s*(?:#|\$)\s*cat\s+(?P<path>[\w./-]+)[ \t]*(?=\n|$)")
# "# setup.cfg" or "# file: conf/app.yaml" heading a block: the file's name
FILE_HEADER = re.compile(
    r"^\s*#\s*(?:file(?:name)?:\s*)?[\w./-]+\.(?:cfg|ini|toml|ya?ml|json|txt|md|csv|xml|env)\s*$"
)
_TREE = re.compile(r"^\s*(?:[│|]\s*)*[├└]──", re.M)


def mark_file_listings(blocks: list[CodeBlock]) -> None:
    """An "output" that is a file's contents under the ``cat`` that printed it or a
    comment naming it (``# setup.cfg``), or a directory tree (``├── config.yaml``),
    describes the author's files, not what the code printed."""
    for block in blocks:
        if block.kind == "output" and is_file_listing(block.content):
            block.kind = "other"
            block.rules.append("file-listing")


# an INI or TOML file: a ``[section]`` line, then ``key = value`` lines and more sections
_SECTION_LINE = re.compile(r"^\[{1,2}[\w.\-\" ]+\]{1,2}\s*$")
_KEY_LINE = re.compile(r"^[\w.\-\"]+\s*=\s*\S|^\s*[#;]")


def mark_config_files(blocks: list[CodeBlock]) -> None:
    """A block that parses as Python only by accident, ``[tool.poetry]`` then
    ``name = "x"``, is a config file's contents: a list alone on a line does nothing in
    a script. Blocks labelled Python stay code."""
    for block in blocks:
        if block.kind == "code" and is_config_file(block.language, block.content):
            block.kind = "other"
            block.rules.append("config-file-contents")


def proposes_a_change(lead: str) -> bool:
    """The paragraph before a block proposes a change to the library ("the fix would be")."""
    return _PROPOSED_CHANGE.search(_last_paragraph(lead)) is not None


def python_version_named(lead: str) -> tuple[int, int] | None:
    """The Python version the paragraph before a block names ("In Python 3.7:")."""
    match = _PYTHON_VERSION.search(_last_paragraph(lead))
    return (int(match["major"]), int(match["minor"])) if match else None


def is_file_listing(content: str) -> bool:
    """A file's contents under the ``cat`` or comment naming it, or a directory tree."""
    first = content.lstrip("\n").split("\n", 1)[0]
    listing = CAT_HEADER.match(first) or FILE_HEADER.match(first)
    return bool(listing or _TREE.search(content))


def is_config_file(language: str, content: str) -> bool:
    """``[section]`` then ``key = value`` lines, not in a block labelled Python."""
    lines = [ln for ln in content.splitlines() if ln.strip()]
    return bool(
        language not in {"python", "py", "python3"}
        and lines
        and _SECTION_LINE.match(lines[0])
        and all(_SECTION_LINE.match(ln) or _KEY_LINE.match(ln) for ln in lines)
    )


def _last_paragraph(lead: str) -> str:
    paragraphs = [p for p in re.split(r"\n\s*\n", lead) if p.strip()]
    return " ".join(paragraphs[-1].split()) if paragraphs else ""

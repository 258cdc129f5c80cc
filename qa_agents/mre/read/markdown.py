"""Blocks of a markdown issue: code, tracebacks, output and data, with what each was shown as.

Issues mix the snippet with its traceback, shell commands and printed output, not always
in fences: REPL transcripts as prose, indented code, code *and* its traceback in one
block, outputs quoted with ``>``, one inline span under "Got:". Only the snippet runs; the
rest is evidence, each piece tagged with the context it was shown in ("expected" vs
"actual") so an expected traceback is never mistaken for the symptom.
"""

from __future__ import annotations

import re

from qa_agents.mre.models import CodeBlock
from qa_agents.mre.read.fences import fenced_blocks
from qa_agents.mre.read.not_the_reproduction import assign_roles
from qa_agents.mre.read.prose import RawBlock, prose_blocks
from qa_agents.mre.read.quotes import unquote_code
from qa_agents.mre.rules.block_context import (
    data_file_named_above,
    inert,
    prints,
    python_value_in_json_fence,
    restated,
    side_of,
)
from qa_agents.mre.rules.block_kind import read_block

_TITLE = re.compile(r"\A(?:\s*<!--.*?-->\s*)*\s*#\s[^\n]*\n")
_SECTION = re.compile(r"^ {0,3}#{1,6}\s+(?P<h>.+?)\s*#*\s*$|^\*\*(?P<b>[^*\n]+)\*\*:?\s*$", re.M)


def extract_code_blocks(markdown: str) -> list[CodeBlock]:
    """Every block of the issue, in order, classified and tagged with its context."""
    return classify_blocks(raw_blocks(markdown))


def classify_blocks(pieces: list[RawBlock]) -> list[CodeBlock]:
    """The report's pieces (``raw_blocks``) classified and tagged with their context; each
    block names the rules (``rules/block_kind.py``, ``rules/block_context.py``) that
    decided it."""
    blocks: list[CodeBlock] = []
    mentions: set[int] = set()
    for index, raw in enumerate(pieces):
        if raw.mention:
            mentions.add(index)
        kind, content, transcript, rule = read_block(raw.language, raw.body, raw.lead)
        rules = [raw.found_by, rule] if raw.found_by else [rule]
        if kind in {"code", "output"} and data_file_named_above(raw.language, raw.body, raw.lead):
            kind, content, transcript = "other", raw.body, ""
            rules.append("data-file-named-above")
        previous = blocks[-1] if blocks else None
        if kind == "other" and raw.adjacent and previous and _prints(previous):
            kind = "output"  # what the snippet right above printed, in its own language
            rules.append("printed-by-the-code-above")
        after_code = any(b.kind == "code" for b in blocks)
        json_after_code = kind == "other" and raw.language == "json" and after_code
        if json_after_code and python_value_in_json_fence(raw.body):  # a repr
            kind = "output"
            rules.append("python-value-in-a-json-fence")
        side, side_rule = side_of(raw.lead, raw.section)
        blocks.append(
            CodeBlock(
                index=index,
                language=raw.language,
                kind=kind,
                content=content,
                origin=raw.origin,  # type: ignore[arg-type]
                context=side,
                transcript_output=transcript,
                lead=raw.lead[-200:],
                info=raw.info,
                section=raw.section,
                rules=[*rules, side_rule] if side_rule else rules,
            )
        )
    _inert_tail_is_data(blocks)
    assign_roles(blocks)
    if any(b.kind == "code" and b.index not in mentions for b in blocks):
        for block in blocks:  # a call a sentence names is prose beside real code
            if block.index in mentions or _restated(block, blocks):
                block.kind = "other"
                block.rules.append("call-a-sentence-names")
    return blocks


def context_of(lead: str, section: str = "") -> str:
    """ "expected" or "actual" from the prose line right before a block, when it says
    (the first of ``rules/block_context.py``'s side rules that decides)."""
    return side_of(lead, section)[0]


def _prints(block: CodeBlock) -> bool:
    return block.kind == "code" and prints(block.content)


def _restated(span: CodeBlock, blocks: list[CodeBlock]) -> bool:
    """An inline code span that calls what a block of the report also calls."""
    code = tuple(b.content for b in blocks if b.origin != "inline" and b.kind == "code")
    return span.origin == "inline" and span.kind == "code" and restated(span.content, code)


def _inert_tail_is_data(blocks: list[CodeBlock]) -> None:
    """An unlabelled block after the script that calls, imports and defines nothing adds
    nothing the run could show: it is what the script wrote or read."""
    code = [b for b in blocks if b.kind == "code"]
    for block in code[1:]:
        later_code = any(b.kind == "code" for b in blocks[block.index + 1 :])
        session = bool(block.transcript_output.strip())  # typed at a prompt: not data
        if block.language == "" and not later_code and not session and inert(block.content):
            block.kind = "other"
            block.rules.append("inert-tail-is-data")


def last_line(text: str) -> str:
    """The last line of a text that is not blank ("" when none)."""
    lines = [ln for ln in text.strip().splitlines() if ln.strip()]
    return lines[-1] if lines else ""


def raw_blocks(markdown: str) -> list[RawBlock]:
    """Fenced and ``<pre>`` blocks, and in the prose between them what prose can hold."""
    markdown = unquote_code(_TITLE.sub("", markdown, count=1))
    found: list[RawBlock] = []
    pos = 0
    section = ""
    for fence in fenced_blocks(markdown):
        prose = markdown[pos : fence.start]
        found.extend(_in_section(prose_blocks(prose, _previous_lead(found)), prose, section))
        section = _last_section(prose, section)
        lead = _lead(prose, found)
        adjacent = bool(found) and not prose.strip()
        raw = RawBlock(fence.language, fence.body, fence.origin, lead, section, adjacent)
        raw.info = fence.info
        found.append(raw)
        pos = fence.end
    prose = markdown[pos:]
    found.extend(_in_section(prose_blocks(prose, _previous_lead(found)), prose, section))
    return found


def _in_section(blocks: list[RawBlock], prose: str, section: str) -> list[RawBlock]:
    """Tag prose blocks with the heading above each (the prose may hold headings too)."""
    for block in blocks:
        at = prose.find(block.body.splitlines()[0]) if block.body.strip() else -1
        block.section = _last_section(prose[: max(at, 0)], section)
    return blocks


def _last_section(prose: str, current: str) -> str:
    headings = list(_SECTION.finditer(prose))
    if not headings:
        return current
    last = headings[-1]
    return (last.group("h") or last.group("b") or "").strip()


def _previous_lead(found: list[RawBlock]) -> str | None:
    return found[-1].lead if found else None


def _lead(prose: str, found: list[RawBlock]) -> str:
    """The prose right before a block; when it is empty, the context of the previous one."""
    text = prose.strip("\n")
    if text.strip() or not found:
        return text
    return found[-1].lead

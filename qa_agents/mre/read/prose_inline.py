"""Code a report writes inline: one backtick span on its own line, a span that runs over
several lines, or a call that a sentence names ("`lib.get(url)` hangs.",
"1. try `demoji.download_codes()`"). Each becomes a raw block for the classifier."""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass

from qa_agents.mre.read.syntax import assigns_a_call, is_runnable_call, parses
from qa_agents.mre.read.transcripts import is_transcript

HEADING = re.compile(r"^\s{0,3}#{1,6}\s")
TRACEBACK_HEAD = re.compile(r"^Traceback \(most recent call last\):?\s*$")
INLINE_ONLY = re.compile(r"^\s*(?P<tick>`+)(?P<code>[^`\n]+?)(?P=tick)\s*$")
# `call(...)` then a few words saying what it does: "hangs.", "works fine."
_INLINE_LEADING = re.compile(r"^\s*(?P<tick>`+)(?P<code>[^`\n]+?)(?P=tick)(?P<rest>[^`\n]*)$")
# any inline span of a sentence: "On trying ``lib.f("x")`` I get 947."
_INLINE_ANY = re.compile(r"(?P<tick>`+)(?P<code>[^`\n]+?)(?P=tick)")
_VALUE_LEAD = re.compile(
    r"\b(result\w*|output\w*|prints?|got|get|gives?|returns?|produces?|shows?|see|expect\w*|"
    r"should|instead|actual\w*|is|was|becomes?)\b",
    re.I,
)


@dataclass
class RawBlock:
    """A block before classification: where it came from and the prose just before it.

    ``adjacent``: only blank lines separate it from the block before (the output a
    snippet printed is often pasted right under it, with no prose between).
    ``mention``: a call named inside a sentence, code only when the report has no other.
    """

    language: str
    body: str
    origin: str
    lead: str
    section: str = ""
    adjacent: bool = False
    mention: bool = False
    info: str = ""  # a fence's whole info string (``json title="data.json"``)
    found_by: str = ""  # the named rule that found it in prose (``labelled-inline-values``)


def multiline_span(lines: list[str], start: int) -> tuple[str, int] | None:
    """Code written in one pair of single backticks over several lines (`` `import x``
    … ``f(x)` ``): the script without its backticks, when it parses (up to a traceback
    pasted inside the same span, which classification splits off)."""
    first = lines[start]
    if not first.startswith("`") or first.startswith("``") or first.count("`") != 1:
        return None
    for end in range(start + 1, min(len(lines), start + 200)):
        if "`" not in lines[end]:
            continue
        last = lines[end].rstrip()
        if lines[end].count("`") != 1 or not last.endswith("`"):
            return None
        body = "\n".join([first[1:], *lines[start + 1 : end], last[:-1]]).strip("\n")
        body = textwrap.dedent(body) + "\n"  # "`    d = f(x)" keeps its paste's indent
        code = _before_traceback(body)
        session = is_transcript(body)  # "`>>> from wcmatch import glob" … "False`"
        return (body, end + 1) if code.strip() and (session or parses(code)) else None
    return None


def _before_traceback(body: str) -> str:
    """The code of a span that pastes its traceback right under it (all of it if none)."""
    lines = body.splitlines()
    head = next((k for k, ln in enumerate(lines) if TRACEBACK_HEAD.match(ln.strip())), None)
    return body if head is None else "\n".join(lines[:head]) + "\n"


_CALL_THEN_VERB = re.compile(  # ("f() returns" only names f)
    r"^\s*(?![\w.]+\(\)\s)(?P<code>[a-z_]\w*\.\S.*?\))\s+(?:causes?|raises?|crash(?:es)?|gives?|returns?|"
    r"fails?|throws?|segfaults?|hangs?|results? in|produces?)\b"
)
# a numbered step that ends by calling a module's function, unquoted
_STEP_CALL = re.compile(
    r"^\s*\d+[.)]\s.*?(?<![\w.`])(?P<code>[a-z_]\w*(?:\.\w+)+\([^()`]*\))\s*[.;]?\s*$"
)


def inline_block(line: str, lead: str, anything_before: bool) -> RawBlock | None:
    """One inline span on its own line (a value, a session, or a call), or a call that
    opens a short sentence (`` `lib.get(url)` hangs.``)."""
    only = INLINE_ONLY.match(line)
    if only and anything_before:
        span = only.group("code").strip()
        if span.startswith(">>> "):  # a one-line session
            return RawBlock("pycon", span + "\n", "inline", lead)
        code = is_runnable_call(span) or assigns_a_call(span)  # a span alone on its line
        if code and not announces_value(lead):
            return RawBlock("python", span + "\n", "inline", lead)
        return RawBlock("text", span + "\n", "inline", lead)
    leading = _INLINE_LEADING.match(line)
    if leading and not only and len(leading.group("rest").split()) <= 8:
        span = leading.group("code").strip()
        if is_runnable_call(span):
            return RawBlock("python", span + "\n", "inline", lead)
    if only or HEADING.match(line):
        return None
    said = _CALL_THEN_VERB.match(line)  # "gmpy2.mpg('1+2j').conjugate() causes a core dump."
    if said and is_runnable_call(said.group("code")):
        return RawBlock("python", said.group("code") + "\n", "inline", lead)
    step = _STEP_CALL.match(line)  # "1. try using command demoji.download_codes()"
    if step and is_runnable_call(step.group("code")):
        return RawBlock("python", step.group("code") + "\n", "inline", lead, mention=True)
    calls = [m.group("code").strip() for m in _INLINE_ANY.finditer(line)]
    # `f()` with nothing between the brackets names a function ("called from
    # `pd.read_msgpack()`"); a call with its arguments is one the author ran
    calls = [c for c in calls if is_runnable_call(c) and not c.endswith("()")]
    if len(calls) == 1:  # the one call a sentence names: the code, if the report has none
        return RawBlock("python", calls[0] + "\n", "inline", lead, mention=True)
    return None


def announces_value(lead: str) -> bool:
    """The line before ends with a colon after saying a value follows ("I get:")."""
    lines = [ln for ln in lead.splitlines() if ln.strip()]
    if not lines:
        return False
    last = lines[-1].strip().rstrip("*").rstrip()
    return last.endswith(":") and bool(_VALUE_LEAD.search(last))

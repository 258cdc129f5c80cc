"""The value pytest prints when an assert on a secret fails.

A failed ``assert client.api_key == "test-key"`` shows the secret's value three times, none
of them beside its name: the ``E`` line repeats the assert with values
(``E       AssertionError: assert 'goodspec' == 'test-key'``), the diff shows the left side
(``E         + goodspec``), and a "where" line explains a value
(``E        +  where 'goodspec' = <app.Client object at 0x7f…>.api_key``). The name is on
the ``>`` line (the source line pytest points at), so the first two are taken from the
report block below it, whatever the value looks like: a word-like password is the secret
as much as a random key. (The "where" line names its attribute itself: a regex of the
``secret_assignment`` rule takes it.)

Only the left side of an ``==`` whose expression ends with a secret's name counts
(``client.api_key``, ``settings["token"]``, ``get_secret()``); ``cfg.token_url`` or
``user.keys`` do not. Finding the ``>`` lines by ``str.find`` keeps the cost low: the
event mix has pytest output in nearly half its strings.
"""

from __future__ import annotations

import re

ASSERTED_SECRET = (
    r"(?:key|token|secret|password|passwd|pwd|credentials?)(?:\(\)|[\"']?\])?(?![a-z0-9_])"
)
"""The end of an expression that holds a secret, lower-cased."""

ASSERT_LINE = re.compile(r"(?:\A|\n)>[ \t]+assert[ \t]")
"""The regex every span of :func:`asserted_secret_spans` has before it (the pre-check's
necessary condition, on the lower-cased text). Its triggers are the line start ``"\n>"``
and, for a pasted block that starts with its ``>`` line (a thought), ``@assert_first``:
"assert" is in a quarter of the event mix's strings, a ``>`` line in one in 400, so
"assert" alone only gates a match anchored at the text's start."""
ASSERT_FIRST = re.compile(r"\A>[ \t]+assert[ \t]")
"""``@assert_first``'s regex (``triggers.REGEX_TRIGGERS``): tried at position 0 only."""

_ON_A_SECRET = re.compile(r">[ \t]+assert[ \t]+[^\n=]*?" + ASSERTED_SECRET + r"[ \t]*==[^\n]*")
_REPEATED = re.compile(r"e[ \t]+(?:assertionerror:[ \t]+)?assert[ \t]+'([^'\n]{3,2048})'[ \t]+==")
_LEFT_IN_DIFF = re.compile(r"e[ \t]+\+[ \t](?![ \t]*where[ \t])([^\s][^\n]{2,2047})$", re.M)
_BLOCK_LINES = 12
"""How far below its ``>`` line a report's ``E`` lines are looked for."""


def asserted_secret_spans(
    text: str, low: str | None = None, hits: list[str] | None = None
) -> list[tuple[int, int]]:
    """Spans of the values a failed assert on a secret prints (see the module's docstring)."""
    low = low if low is not None else text.lower()
    starts = [0] if low.startswith(">") else []
    pos = low.find("\n>")
    while pos != -1:
        starts.append(pos + 1)
        pos = low.find("\n>", pos + 1)
    spans: list[tuple[int, int]] = []
    for at in starts:
        line = _ON_A_SECRET.match(low, at)
        if line is None:
            continue
        block_end = line.end()
        for _ in range(_BLOCK_LINES):
            nxt = low.find("\n", block_end + 1)
            block_end = len(low) if nxt == -1 else nxt
        spans.extend(_values(low, line.end(), block_end))
    return sorted(set(spans))


def _values(low: str, start: int, end: int) -> list[tuple[int, int]]:
    """The left side's value in one report block: its ``E`` line and its diff line."""
    found = []
    for regex in (_REPEATED, _LEFT_IN_DIFF):
        for m in regex.finditer(low, start, end):
            if _at_line_start(low, m.start()):
                found.append(m.span(1))
                break
    return found


def _at_line_start(low: str, pos: int) -> bool:
    return pos == 0 or low[pos - 1] == "\n"

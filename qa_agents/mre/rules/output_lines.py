"""How a line of output, shown or printed, is normalized before the two are compared: named
rules, applied in order.

Why: two runs of one program never print exactly the same bytes (addresses, timestamps,
paths, float tails, prompts and the author's annotations differ), and a report pastes more
than output (what was typed at the prompt, the interpreter's banner). Each rule either
drops a line that is not output ("") or rewrites its noise to one token; the comparison
(``compare/output_match.py``) runs every line of both sides through the same list.
"""

from __future__ import annotations

import re

from qa_agents.mre.read.transcripts import OUT_PROMPT
from qa_agents.mre.rules.registry import OUTPUT_LINE, Example, Rule, rules_of

Exact = frozenset[str] | set[str]

# an object's address: hex, or the decimal ``id()`` a repr ends with (``<Date … 140119382474832>``)
ADDRESS = re.compile(r"\b0x[0-9a-fA-F]{4,}\b|(?<=\s)\d{12,}(?=>)")
TIMESTAMP = re.compile(
    r"\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b"
)
CLOCK = re.compile(r"\b\d{1,2}:\d{2}:\d{2}(?:\.\d+)?\b")
PATH = re.compile(r"(?:[A-Za-z]:)?(?:[\\/][\w.@+-]+){2,}[\\/](?=[\w.-]+)")
FLOAT = re.compile(r"(?<![\w.])-?\d+\.\d{7,}(?:e[+-]?\d+)?")
# a line that is only a whole number written as a float: ``0.0`` is the ``0`` a report shows
WHOLE_FLOAT = re.compile(r"^(-?\d+)\.0+$")
# the interpreter's banner, pasted above what a script printed: never the script's output
BANNER = re.compile(r"^(?:Python \d+\.\d+[.\w+]* \(.*\).*|Type \"help\", \"copyright\".*)$")
PSEUDO_FILE = re.compile(r"<(?:stdin|string|input|python-input-\d+|ipython-input-[\w-]+)>")
INPUT_LINE = re.compile(r"^(?:>>>|\.\.\.)(?: |$)|^In(?: \[\d*\])?: ")
# a shell prompt's line that ran a script (``~/repo ± python cmd/test.py``): input, not output
SCRIPT_COMMAND = re.compile(r"(?:^|[\s$%#>±])(?:python[\d.]*|py)(?:\s+-\S+)*\s+[\w./\\~-]+\.py\b")
ANNOTATION = re.compile(r"\s{2,}#.*$|\s+#\s*(?:<-+|-+>|should|expected|wrong|correct).*$", re.I)

_NONE: Exact = frozenset()


def _blank_or_comment(line: str, exact: Exact = _NONE, mask_times: bool = True) -> str:
    return "" if not line or line.startswith("#") else line


def _typed_at_a_prompt(line: str, exact: Exact = _NONE, mask_times: bool = True) -> str:
    return "" if INPUT_LINE.match(line) else line


def _interpreter_banner(line: str, exact: Exact = _NONE, mask_times: bool = True) -> str:
    return "" if BANNER.match(line) else line


def _command_that_ran_a_script(line: str, exact: Exact = _NONE, mask_times: bool = True) -> str:
    return "" if SCRIPT_COMMAND.search(line) else line


def _result_prompt(line: str, exact: Exact = _NONE, mask_times: bool = True) -> str:
    return OUT_PROMPT.sub("", line)


def _author_annotation(line: str, exact: Exact = _NONE, mask_times: bool = True) -> str:
    return ANNOTATION.sub("", line)


def _object_address(line: str, exact: Exact = _NONE, mask_times: bool = True) -> str:
    return ADDRESS.sub("0x?", line)


def _time_of_the_run(line: str, exact: Exact = _NONE, mask_times: bool = True) -> str:
    if not mask_times:
        return line
    kept = [m.group(0) for m in TIMESTAMP.finditer(line) if m.group(0) in exact]
    line = TIMESTAMP.sub(lambda m: "\0" if m.group(0) in exact else "<time>", line)
    line = CLOCK.sub("<time>", line)
    for stamp in kept:
        line = line.replace("\0", stamp, 1)
    return line


def _pseudo_file(line: str, exact: Exact = _NONE, mask_times: bool = True) -> str:
    return PSEUDO_FILE.sub("<input>", line)


def _folders_of_a_path(line: str, exact: Exact = _NONE, mask_times: bool = True) -> str:
    return PATH.sub("", line)


def _float_tail(line: str, exact: Exact = _NONE, mask_times: bool = True) -> str:
    def short(m: re.Match[str]) -> str:
        number = m.group(0)
        return number if number in exact else format(float(number), ".6g")

    return FLOAT.sub(short, line)


def _spacing_and_whole_floats(line: str, exact: Exact = _NONE, mask_times: bool = True) -> str:
    return WHOLE_FLOAT.sub(r"\1", re.sub(r"\s+", " ", line).strip())


_line = rules_of(OUTPUT_LINE)


_E = Example
OUTPUT_LINE_RULES: list[Rule] = [
    _line(
        "blank-or-comment-line",
        "A blank line, or one starting `#` (a comment pasted with the output), is not output.",
        _blank_or_comment,
        _E("# the result", ""),
        _E("[1, 2]", "[1, 2]"),
    ),
    _line(
        "typed-at-a-prompt",
        "A `>>>`, `...` or `In [1]:` line is what was typed, not what was printed.",
        _typed_at_a_prompt,
        _E(">>> f(1)", ""),
        _E("In [3]: f(1)", ""),
        _E(">>>x", ">>>x"),
    ),
    _line(
        "interpreter-banner",
        'The interpreter\'s banner (`Python 3.11.2 (main, …)`, `Type "help", …`) pasted '
        "above the output is never the script's.",
        _interpreter_banner,
        _E("Python 3.11.2 (main, Mar 13 2023, 12:18:29) [GCC 12.2.0] on linux", ""),
        _E("Python is great", "Python is great"),
    ),
    _line(
        "command-that-ran-a-script",
        "A shell line that ran a script (`$ python test.py`, `~/repo ± python cmd/x.py`) is "
        "input, not output.",
        _command_that_ran_a_script,
        _E("$ python3 -u repro.py", ""),
        _E("wrote repro.py", "wrote repro.py"),
    ),
    _line(
        "result-prompt",
        "IPython's `Out[2]:` before a value is the prompt, not part of it.",
        _result_prompt,
        _E("Out[2]: 42", "42"),
        _E("Output: 42", "Output: 42"),
    ),
    _line(
        "author-annotation",
        "A `# <- wrong` or a comment after two spaces, beside a shown value, is the author's "
        "note, not output.",
        _author_annotation,
        _E("3  # should be 4", "3"),
        _E("3 # <-- here", "3"),
        _E("a#b", "a#b"),
    ),
    _line(
        "object-address",
        "An object's address (`0x7f…`, or the decimal id a repr ends with) differs per run: "
        "`0x?` on both sides.",
        _object_address,
        _E("<Foo object at 0x7f3a2b1c>", "<Foo object at 0x?>"),
        _E("<Date 2020 140119382474832>", "<Date 2020 0x?>"),
        _E("0x12", "0x12"),
    ),
    _line(
        "time-of-the-run",
        "Dates and clock times differ per run: `<time>` on both sides, except a timestamp "
        "the report's code builds itself (kept as written).",
        _time_of_the_run,
        _E("at 2024-01-02 10:11:12", "at <time>"),
        _E(("built 2023-01-03T15:17:00", {"2023-01-03T15:17:00"}), "built 2023-01-03T15:17:00"),
        _E(("at 10:11:12", _NONE, False), "at 10:11:12"),  # comparing with placeholders
        _E("version 1.2.3", "version 1.2.3"),
    ),
    _line(
        "pseudo-file",
        "`<stdin>`, `<string>`, `<ipython-input-…>` name where code was typed: one `<input>`.",
        _pseudo_file,
        _E('File "<stdin>", line 1', 'File "<input>", line 1'),
        _E('File "x.py", line 1', 'File "x.py", line 1'),
    ),
    _line(
        "folders-of-a-path",
        "The folders of a path differ per machine; its file name is kept.",
        _folders_of_a_path,
        _E('File "/home/me/venv/lib/x.py"', 'File "x.py"'),
        _E("a/b", "a/b"),
    ),
    _line(
        "float-tail",
        "A float's last digits are noise (6 significant digits are compared), unless the "
        "report also writes its short value (`0.30000000000000004` beside `0.3`).",
        _float_tail,
        _E("0.123456789", "0.123457"),
        _E(("0.30000000000000004", {"0.30000000000000004"}), "0.30000000000000004"),
        _E("1.5", "1.5"),
    ),
    _line(
        "spacing-and-whole-floats",
        "Runs of spaces are one space, and a line that is only `2.0` is the `2` a report shows.",
        _spacing_and_whole_floats,
        _E("a    b", "a b"),
        _E("2.0", "2"),
        _E("2.5", "2.5"),
    ),
]


def normalize_line(raw: str, exact: Exact = _NONE, mask_times: bool = True) -> str:
    """One line through every rule in order; "" when it is no output at all."""
    line = raw.strip()
    for rule in OUTPUT_LINE_RULES:
        line = rule.apply(line, exact, mask_times)
        if not line:
            return ""
    return line

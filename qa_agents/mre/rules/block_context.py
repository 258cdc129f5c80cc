"""Rules that read a block beside what surrounds it: the line before it (which side it shows)
and the blocks around it (a data file a sentence names, a repr printed by the code above).

Why apart from ``block_kind.py``: those rules see one block alone; these mend that first
reading with context a block cannot see in itself. Each is named, exemplified and pure; the
driver (``read/markdown.py``) records on each block the names of the rules that decided it.
"""

from __future__ import annotations

import ast
import json
import re

from qa_agents.mre.models import BlockContext
from qa_agents.mre.read.not_the_reproduction import (
    is_config_file,
    is_file_listing,
    proposes_a_change,
    python_version_named,
)
from qa_agents.mre.read.prose import IMPORT_LINE
from qa_agents.mre.read.transcripts import is_transcript
from qa_agents.mre.rules.registry import BLOCK_IN_CONTEXT, BLOCK_SIDE, Example, Rule, rules_of
from qa_agents.mre.rules.vocabulary import EXPECT, JUDGED_RIGHT, SHOULD, words

_E = Example

# -- which side a block shows: the line before it -------------------------------------------

EXPECTED_WORDS = re.compile(rf"\b({words(EXPECT, SHOULD, *JUDGED_RIGHT)})\b", re.I)
# "doesn't give the expected result", "should have been detected as": what happened
UNMET = re.compile(
    r"(?:\bnot|n't|\bnever)(?:\s+\w+){0,3}?\s+(?:the\s+)?expected\b"
    r"|\bshould(?:'ve| have) been (?!printed|returned|shown|output)",
    re.I,
)
# words that say a block is what happened; "prints"/"returns" alone only say output follows
ACTUAL_WORDS = re.compile(
    r"\b(actual\w*|got|get|raises?|error|traceback|instead|happen\w*|observed|current\w*|"
    r"see|fails?|crash\w*|breaks?)\b",
    re.I,
)
OUTPUT_WORDS = re.compile(
    r"\b(gives?|result\w*|output\w*|prints?|returns?|shows?|produces?)\b", re.I
)
_INSTEAD_OF = re.compile(r"\b(?:instead\s+of|rather\s+than)\s*(?:this|that)?\s*:?\s*$", re.I)
_TURN = re.compile(r"\b(?:but|however|whereas)\b", re.I)


def instead_of_side(line: str, section: str = "") -> BlockContext | None:
    """``expected`` for a line that ends by announcing what the author wanted in place of
    what they got ("Instead of:"), else None (its "instead" is not the actual side)."""
    return "expected" if _INSTEAD_OF.search(line.strip().rstrip("*_")) else None


def _expectation_then_but(line: str, section: str = "") -> BlockContext | None:
    *before, last = _TURN.split(line)
    said = before and EXPECTED_WORDS.search(" ".join(before))
    return "actual" if said and not EXPECTED_WORDS.search(last) else None


def _expectation_words(line: str, section: str = "") -> BlockContext | None:
    return "expected" if EXPECTED_WORDS.search(line) and not UNMET.search(line) else None


def _actual_words(line: str, section: str = "") -> BlockContext | None:
    return "actual" if ACTUAL_WORDS.search(line) or UNMET.search(line) else None


def _expected_section(line: str, section: str = "") -> BlockContext | None:
    wanted = section and EXPECTED_WORDS.search(section) and not ACTUAL_WORDS.search(section)
    return "expected" if wanted else None


def _output_words(line: str, section: str = "") -> BlockContext | None:
    return "actual" if OUTPUT_WORDS.search(line) else None


_side = rules_of(BLOCK_SIDE)


BLOCK_SIDE_RULES: list[Rule] = [
    _side(
        "instead-of-announces-the-expected",
        'A line ending in "Instead of:" or "rather than:" announces what the author '
        "wanted, so the block under it is the expected side, never the symptom.",
        instead_of_side,
        _E("Instead of:", "expected"),
        _E("**rather than this:**", "expected"),
        _E("I get this instead:", None),  # what happened
        _E("Instead of the list it returns:", None),  # a sentence going on
    ),
    _side(
        "expectation-then-but",
        '"I\'d expect an error, but it prints:": the wish comes before the turn, so the '
        "block is what happened.",
        _expectation_then_but,
        _E("I'd expect an error, but instead it prints:", "actual"),
        _E("It raises, but it should return:", None),  # the wish is after the turn
        _E("I expected this:", None),
    ),
    _side(
        "expectation-words",
        'A line with "expected", "should", "desired", "correct" … (not "not the expected") '
        "shows what should happen.",
        _expectation_words,
        _E("I expected this:", "expected"),
        _E("The correct output would be:", "expected"),
        _E("It doesn't give the expected result:", None),  # unmet: what happened
    ),
    _side(
        "actual-words",
        'A line with "got", "raises", "error", "instead", "happens" …, or an unmet '
        "expectation, shows what happened.",
        _actual_words,
        _E("But I got:", "actual"),
        _E("It doesn't give the expected result:", "actual"),
        _E("Here is the code:", None),
    ),
    _side(
        "expected-section",
        'A line that says neither takes the side of its section ("## Expected behaviour").',
        _expected_section,
        _E(("Prints:", "Expected behavior"), "expected"),
        _E(("Prints:", "Expected vs actual"), None),  # the section says both
        _E(("Prints:", "Steps"), None),
    ),
    _side(
        "output-words",
        'A line that only announces output ("Prints:", "Result:") outside an expected '
        "section shows what happened.",
        _output_words,
        _E("Prints:", "actual"),
        _E("Here is the code:", None),
    ),
]


def side_of(lead: str, section: str = "") -> tuple[BlockContext, str]:
    """(side, the rule that decided or "") from the prose line right before a block; an
    aside in parentheses says neither side."""
    lines = [ln for ln in lead.splitlines() if ln.strip() and not ln.lstrip().startswith("<!--")]
    line = re.sub(r"\([^()]*\)", " ", lines[-1]) if lines else ""
    for rule in BLOCK_SIDE_RULES:
        side = rule.apply(line, section)
        if side is not None:
            return side, rule.name
    return "", ""


# -- a block's kind mended by its neighbours -----------------------------------------------

# a data file named on the line before its block: "In .env:", "Given config.yaml:"
NAMED_FILE = re.compile(
    r"(?<![\w/.-])(\.[A-Za-z][\w-]*|[\w-]+\.(?:env|ya?ml|json|toml|ini|cfg|csv|tsv|txt|xml))"
    r"(?![\w/])"
)
# a data format named on the line before its block: "Here is my yaml file:"
DATA_FORMAT = re.compile(
    r"\b(?P<fmt>json|ya?ml|toml|csv|tsv|xml|ini)[ -]?(?:file|data|document|input|config)\b", re.I
)


def names_data(lead: str) -> bool:
    """The line before a block names one data file ("In .env:") or a data format."""
    lines = [ln for ln in lead.splitlines() if ln.strip()]
    if not lines:
        return False
    return len(NAMED_FILE.findall(lines[-1])) == 1 or bool(DATA_FORMAT.search(lines[-1]))


def data_file_named_above(language: str, body: str, lead: str) -> bool:
    """An unlabelled block under a line naming a data file is that file (no prompts, no
    imports: ``import rtoml`` under "my toml file:" is still code)."""
    plain = language in {"", "text", "txt"}
    file_like = plain and names_data(lead) and not is_transcript(body)
    return file_like and not IMPORT_LINE.match(body.lstrip())


def prints(code: str) -> bool:
    """Code that calls ``print``: a block right under it is what it printed."""
    return re.search(r"\bprint\s*\(", code) is not None


def python_value_in_json_fence(body: str) -> bool:
    """A block fenced as JSON that is no JSON but a Python value (single quotes, ``True``,
    ``None``): what Python printed, labelled JSON by its author."""
    try:
        json.loads(body)
        return False
    except ValueError:
        pass
    try:
        ast.literal_eval(body.strip())
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False
    return bool(body.strip())


def inert(body: str) -> bool:
    """Code that calls, imports and defines nothing (``[section]`` / ``key = value``
    settings parse as Python): after the script, what it wrote or read."""
    try:
        tree = ast.parse(body)
    except (SyntaxError, ValueError):
        return False
    if not all(isinstance(s, ast.Expr | ast.Assign) for s in tree.body):
        return False
    return not any(isinstance(n, ast.Call) for n in ast.walk(tree))


def restated(span: str, code: tuple[str, ...]) -> bool:
    """An inline call whose function a code block of the report also calls: the sentence
    (`` `session.run([...])` results in a traceback``) speaks of that code."""
    called = span.partition("(")[0].strip()
    return any(f"{called}(" in body for body in code)


_context = rules_of(BLOCK_IN_CONTEXT)


BLOCK_IN_CONTEXT_RULES: list[Rule] = [
    _context(
        "data-file-named-above",
        'A plain block under a line naming one data file or format ("In .env:", "my yaml '
        "file:\") is that file's contents, not code or output.",
        data_file_named_above,
        _E(("", "KEY=1\n", "In .env:"), True),
        _E(("text", "a: 1\n", "Here is my yaml file:"), True),
        _E(("", "import rtoml\nrtoml.load(f)\n", "Reading my toml file:"), False),
        _E(("", "a: 1\n", "Run this:"), False),
    ),
    _context(
        "printed-by-the-code-above",
        "A block in another language right under code that prints (no prose between) is "
        "what that code printed.",
        prints,
        _E("print(tree.to_dict())\n", True),
        _E("x = 1\n", False),
    ),
    _context(
        "python-value-in-a-json-fence",
        "A block after the code, fenced as JSON, that is a Python value and no JSON "
        "(`{'a': [1, 2]}`, `{\"a\": True}`) is what the code printed: shown output, not data.",
        python_value_in_json_fence,
        _E("{\n    'network': {'domain': ['old', 'new']}\n}", True),
        _E('{"ok": True, "value": None}', True),
        _E('{"network": {"domain": "old.domain"}}', False),  # real JSON: a file's data
        _E("{'a': 1,", False),  # cut off: neither
    ),
    _context(
        "proposed-fix",
        'Code after the reproduction under prose proposing a change ("the fix would be '
        'changing this line to:") is the fix, not more of the script.',
        proposes_a_change,
        _E("A possible fix is:", True),
        _E("Changing line 12 to:", True),
        _E("Then run:", False),
    ),
    _context(
        "another-pythons-output",
        "Of outputs each led by a different Python version, only the newest one the sandbox "
        "runs is the symptom; the others are context.",
        python_version_named,
        _E("In Python 3.7 it prints:", (3, 7)),
        _E("On py2.7:", (2, 7)),
        _E("It prints:", None),
    ),
    _context(
        "file-listing",
        'An "output" under the `cat` that printed it, a comment naming a file '
        "(`# setup.cfg`) or a directory tree is the author's files, not printed output.",
        is_file_listing,
        _E("$ cat conf/app.yaml\na: 1\n", True),
        _E("# setup.cfg\n[metadata]\n", True),
        _E("├── config.yaml\n", True),
        _E("[1, 2]\n", False),
    ),
    _context(
        "config-file-contents",
        'Code that parses as Python only by accident (`[tool.poetry]` then `name = "x"`) '
        "is a config file, unless labelled Python.",
        is_config_file,
        _E(("", '[tool.poetry]\nname = "x"\n'), True),
        _E(("python", '[tool.poetry]\nname = "x"\n'), False),
        _E(("", "x = [1]\nprint(x)\n"), False),
    ),
    _context(
        "inert-tail-is-data",
        "An unlabelled block after the script that calls, imports and defines nothing is "
        "what the script wrote or read, not more of it.",
        inert,
        _E("[section]\nkey = 1\n", True),
        _E("x = f(1)\n", False),
    ),
    _context(
        "call-a-sentence-names",
        "An inline call in a sentence whose function a code block also calls (or that the "
        "sentence only mentions) is prose about that code, not a second script.",
        restated,
        _E(("session.run([1])", ("import s\nsession.run([1, 2])\n",)), True),
        _E(("other()", ("session.run()\n",)), False),
    ),
]

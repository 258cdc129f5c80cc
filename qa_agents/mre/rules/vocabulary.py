"""The wording reports share, in one place: exception class names and what-ought-to-happen words.

Why: the same words (``KeyError``, "should", "expected") were spelt out as regular
expressions in eight modules, each slightly differently. A reading rule now builds its
pattern from these named pieces, so "which words mean the expected side?" has one answer
per role, and a new word is added once. The pieces are regex source (``str``), joined in
the order given, so a rule's pattern reads exactly as it did when it was written inline.
"""

from __future__ import annotations

# -- exception class names ----------------------------------------------------------------

RAISED = ("Error", "Exception")
"""Suffixes of a class that is raised: ``KeyError``, ``ParseException``."""
RAISED_OR_WARNED = (*RAISED, "Warning")
"""... or warned about: ``DeprecationWarning``."""
STOPS_A_RUN = (*RAISED, "Warning", "Exit", "Interrupt")
"""... or that stops the interpreter: ``SystemExit``, ``KeyboardInterrupt``."""
NOT_NAMED_AS_ERRORS = (
    "StopIteration",
    "StopAsyncIteration",
    "KeyboardInterrupt",
    "SystemExit",
    "GeneratorExit",
)
"""Python's exceptions whose names do not end in one of the suffixes."""

DOTTED_PREFIX = r"(?:[A-Za-z_]\w*\.)*"
"""The modules before a class name: ``requests.exceptions.``."""


def suffixes(names: tuple[str, ...]) -> str:
    """``(?:Error|Exception)``: one of the given class-name endings."""
    return "(?:" + "|".join(names) + ")"


def exception_class(names: tuple[str, ...] = RAISED) -> str:
    """A dotted class name with one of the endings: ``json.decoder.JSONDecodeError``."""
    return DOTTED_PREFIX + r"[A-Z]\w*" + suffixes(names)


# -- the expected side: what ought to happen ----------------------------------------------

EXPECT = r"expect\w*"
SHOULD = "should"
EXPECTATION = (SHOULD, EXPECT)
"""The two words every report uses for the side it wanted."""
WISH = ("would like", r"wants?", "ought")
"""Softer wanting: "I would like", "it wants", "ought to"."""
JUDGED_RIGHT = ("desired", "intended", "correct", "wanted")
"""Words that call a behaviour the right one."""
IN_PLACE_OF = "instead of"
"""Names what the author wanted in place of what they got."""


def words(*names: str) -> str:
    """``a|b|c``: an alternation of the given words, in the order given."""
    return "|".join(names)

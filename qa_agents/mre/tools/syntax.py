"""Does a piece of text parse as Python 3: the one question every reader of a report asks."""

from __future__ import annotations

import ast


def parses(text: str) -> bool:
    try:
        ast.parse(text)
    except (SyntaxError, ValueError):
        return False
    return True


def does_something(text: str) -> bool:
    """Code that acts (a call, an import, an assignment), not only a name or a value:
    ``> Thanks`` or ``> {'a': 1}`` in a quote is prose or output, ``> lib.run()`` is code."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return False
    acts = (ast.Call, ast.Import, ast.ImportFrom, ast.Assign)
    return any(isinstance(node, acts) for node in ast.walk(tree))


def is_literal(node: ast.expr) -> bool:
    """A value written out (``42``, ``{"a": [1]}``), which runs the same anywhere."""
    try:
        ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False
    return True

"""Does a piece of text parse as Python 3: the one question every reader of a report asks."""

from __future__ import annotations

import ast


def parses(text: str) -> bool:
    try:
        ast.parse(text)
    except (SyntaxError, ValueError):
        return False
    return True


def is_expression(text: str) -> bool:
    """Does the text parse as one Python expression (a value, a call), not a statement?"""
    try:
        ast.parse(text, mode="eval")
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


def literal_arguments(call: ast.Call) -> bool:
    """Every argument of the call, positional or keyword, is written out."""
    return all(is_literal(a) for a in [*call.args, *(k.value for k in call.keywords)])


def is_runnable_call(text: str) -> bool:
    """A statement that runs as given: a call of ``module.function`` (or a chain of
    calls on it) whose arguments are all literals, ``lib.check(42, {"a": "b"})``.

    A bare name called (``Decimal('1.0')``) is as likely a value's repr, and a call on
    names the span does not define cannot run, so neither counts.
    """
    try:
        tree = ast.parse(text.strip())
    except (SyntaxError, ValueError):
        return False
    if len(tree.body) != 1:
        return False
    stmt = tree.body[0]
    value = stmt.value if isinstance(stmt, ast.Expr | ast.Assign) else None
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and _literal_call_chain(value)
    )


def _literal_call_chain(node: ast.expr) -> bool:
    if isinstance(node, ast.Name):
        return True
    if isinstance(node, ast.Attribute):
        return _literal_call_chain(node.value)
    if isinstance(node, ast.Call):
        return _literal_call_chain(node.func) and literal_arguments(node)
    return False


def assigns_a_call(text: str) -> bool:
    """One assignment of a call (``hosts = config('HOSTS', cast=Csv())``): code, as a repr
    never assigns."""
    try:
        tree = ast.parse(text.strip())
    except (SyntaxError, ValueError):
        return False
    return (
        len(tree.body) == 1
        and isinstance(tree.body[0], ast.Assign)
        and isinstance(tree.body[0].value, ast.Call)
    )


def is_printed_value(text: str) -> bool:
    """A written-out value and nothing else (``{'a': [1, 2]}``), or one cut off before it
    closes (a report stored short mid-repr): what a print showed, not a script."""
    body = text.strip()
    if not body or body[0] not in "{[(\"'":
        return False
    try:
        tree = ast.parse(body)
    except SyntaxError:
        return True  # opens like a value and never closes: cut off, as printed
    node = tree.body[0] if len(tree.body) == 1 else None
    return isinstance(node, ast.Expr) and is_literal(node.value)

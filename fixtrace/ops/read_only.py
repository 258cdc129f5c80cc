"""Read-only analyst SQL: the engine's own guard, plus what the engine lets through.

Why two layers: ClickHouse's ``readonly=1`` setting (sent with every statement) makes the
engine itself refuse writes, DDL, ``SYSTEM``, settings changes and most table functions,
whatever the statement's spelling. Measured on the embedded engine (chdb), it still
allows three things a read-only endpoint must not: the scalar ``file()`` function reads
any host file (the gateway secret included), ``DESCRIBE`` of a table function such as
``file()``/``url()`` reads or fetches to infer a schema, and ``INTO OUTFILE`` writes a host
file from the embedded engine. So before running a statement this module parses it with
the engine (``EXPLAIN AST``, so quoting and comments cannot hide a name) and refuses
functions that reach outside the database; ``OUTFILE`` is refused on sight, since the AST
does not name it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

READ_ONLY_VERBS = frozenset({"SELECT", "WITH", "SHOW", "DESCRIBE", "DESC", "EXPLAIN", "EXISTS"})
READ_ONLY_SETTINGS: dict[str, Any] = {"readonly": 1}
"""Sent with every statement: the engine refuses writes and settings changes itself."""

PURE_TABLE_FUNCTIONS = frozenset(
    {
        "numbers", "numbers_mt", "zeros", "zeros_mt", "primes", "generaterandom",
        "generateseries", "generate_series", "values", "view", "merge", "null", "loop",
    }
)  # fmt: skip
"""Table functions that only compute or read this database's tables; every other one the
engine knows (``file``, ``url``, ``s3``, ``remote``, ``mysql``, ``executable``, ``python``…)
reaches outside and is refused, so a table function added by a new engine version is
refused until someone lists it here."""

HOST_SCALAR_FUNCTIONS = frozenset({"file", "catboostevaluate"})
"""Scalar functions that read host files."""

_LEADING_NOISE = re.compile(r"^(?:\s+|--[^\n]*\n?|/\*.*?\*/|\()*", re.S)
_OUTFILE = re.compile(r"outfile", re.I)
_FUNCTION = re.compile(r"^\s*Function (\S+)", re.M)
_INSERT = re.compile(r"^\s*InsertQuery\b", re.M)


class Refused(Exception):
    """The statement is not a read: the message says which part and why."""


def first_verb(sql: str) -> str:
    """The statement's first keyword, past comments and opening parentheses."""
    rest = _LEADING_NOISE.sub("", sql, count=1)
    match = re.match(r"[A-Za-z]+", rest)
    return match.group(0).upper() if match else ""


def refused_functions(ast: str, table_functions: Iterable[str]) -> list[str]:
    """Functions in an ``EXPLAIN AST`` text that read or write outside the database."""
    outside = {t.lower() for t in table_functions} - PURE_TABLE_FUNCTIONS
    outside |= HOST_SCALAR_FUNCTIONS
    return sorted({n for n in _FUNCTION.findall(ast) if n.lower() in outside})


def check_read_only(
    sql: str, explain_ast: Callable[[str], str], table_functions: Iterable[str]
) -> None:
    """Raise :class:`Refused` unless ``sql`` is a plain read.

    ``explain_ast`` runs ``EXPLAIN AST <sql>`` with the statement's parameters and
    :data:`READ_ONLY_SETTINGS` and returns the tree as text; its errors (bad SQL, two
    statements, a settings change the engine refuses) propagate to the caller.
    """
    verb = first_verb(sql)
    if verb not in READ_ONLY_VERBS:
        raise Refused(
            f"read-only endpoint: {verb or 'this'} statements are refused "
            f"(allowed: {', '.join(sorted(READ_ONLY_VERBS))})"
        )
    if _OUTFILE.search(sql):
        raise Refused("read-only endpoint: INTO OUTFILE is refused (it writes a file)")
    ast = explain_ast(sql)
    if _INSERT.search(ast):
        raise Refused("read-only endpoint: the statement is an INSERT")
    names = refused_functions(ast, table_functions)
    if names:
        raise Refused(
            f"read-only endpoint: {', '.join(names)}() reach files or other servers and are refused"
        )

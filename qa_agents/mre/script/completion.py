"""AST-based hydration: add obviously missing imports and an entrypoint, nothing else.

Hydration must never guess intent, so imports are added only for names with one
conventional meaning (``pd``, ``np``, ``Path``, ``HumanMessage``...), and an entrypoint
only when the script defines a zero-argument function that nothing calls. A report's files
are inlined into one script, so ``from .utils import f`` is made to name the module, and an
import of a file the report inlined goes.
"""

from __future__ import annotations

import ast
import builtins
import functools
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field

from qa_agents.mre.claims.comments import bare_expressions, value_claim
from qa_agents.mre.rules.completion import LIBRARY_OF_A_FORGOTTEN_IMPORT, libraries_of
from qa_agents.mre.script.stdlib_imports import attributes_of, import_for
from qa_agents.mre.script.unimported_names import (
    LOOKUP,
    alias_imports,
    export_imports,
    guarded,
    imported_modules,
    is_guarded_import,
    submodule_lookup,
)

# Names with one conventional meaning in a bug report's code, and Python 2's dropped
# builtins: adding a name to these tables is how a new conventional import is taught.

# name used in code -> the import statement that conventionally provides it
KNOWN_IMPORTS: dict[str, str] = {
    "pd": "import pandas as pd",
    "np": "import numpy as np",
    "plt": "import matplotlib.pyplot as plt",
    "sns": "import seaborn as sns",
    "tf": "import tensorflow as tf",
    "nx": "import networkx as nx",
    "Path": "from pathlib import Path",
    "dataclass": "from dataclasses import dataclass",
    "field": "from dataclasses import field",
    "defaultdict": "from collections import defaultdict",
    "Counter": "from collections import Counter",
    "OrderedDict": "from collections import OrderedDict",
    "deque": "from collections import deque",
    "namedtuple": "from collections import namedtuple",
    "partial": "from functools import partial",
    "reduce": "from functools import reduce",
    "lru_cache": "from functools import lru_cache",
    "StringIO": "from io import StringIO",
    "BytesIO": "from io import BytesIO",
    "date": "from datetime import date",
    "timedelta": "from datetime import timedelta",
    "timezone": "from datetime import timezone",
    "UUID": "from uuid import UUID",
    "uuid4": "from uuid import uuid4",
    "deepcopy": "from copy import deepcopy",
    "pprint": "from pprint import pprint",
    "dedent": "from textwrap import dedent",
    "Decimal": "from decimal import Decimal",
    "Fraction": "from fractions import Fraction",
    "Enum": "from enum import Enum",
    "Any": "from typing import Any",
    "Optional": "from typing import Optional",
    "Union": "from typing import Union",
    "List": "from typing import List",
    "Dict": "from typing import Dict",
    "Tuple": "from typing import Tuple",
    "TypedDict": "from typing import TypedDict",
    "Annotated": "from typing import Annotated",
    "Literal": "from typing import Literal",
    "Callable": "from typing import Callable",
    "Iterable": "from typing import Iterable",
    "Sequence": "from typing import Sequence",
    "Mapping": "from typing import Mapping",
    "TypeVar": "from typing import TypeVar",
    "Generic": "from typing import Generic",
    "BaseModel": "from pydantic import BaseModel",
    "HumanMessage": "from langchain_core.messages import HumanMessage",
    "AIMessage": "from langchain_core.messages import AIMessage",
    "SystemMessage": "from langchain_core.messages import SystemMessage",
    "ToolMessage": "from langchain_core.messages import ToolMessage",
    "ChatPromptTemplate": "from langchain_core.prompts import ChatPromptTemplate",
    "RunnableLambda": "from langchain_core.runnables import RunnableLambda",
    "StateGraph": "from langgraph.graph import StateGraph",
    "START": "from langgraph.graph import START",
    "END": "from langgraph.graph import END",
    "MessagesState": "from langgraph.graph import MessagesState",
    "add_messages": "from langgraph.graph.message import add_messages",
}
# plain module names that are safe to import under their own name
KNOWN_MODULES = {
    "os",
    "sys",
    "re",
    "json",
    "math",
    "random",
    "time",
    "datetime",
    "itertools",
    "functools",
    "collections",
    "subprocess",
    "pathlib",
    "typing",
    "asyncio",
    "logging",
    "tempfile",
    "shutil",
    "io",
    "csv",
    "pickle",
    "copy",
    "string",
    "textwrap",
    "decimal",
    "statistics",
    "uuid",
    "hashlib",
    "base64",
    "struct",
    "threading",
    "operator",
    "warnings",
    "inspect",
    "dataclasses",
    "enum",
    "abc",
    "contextlib",
    "traceback",
    "platform",
    "glob",
    "requests",
    "httpx",
    "pandas",
    "numpy",
    "yaml",
    "pytest",
    "packaging",
    "attr",
    "attrs",
}
# builtins of Python 2 that Python 3 dropped: a call to one is old code, never an import
PYTHON2_BUILTINS = {
    "file",
    "unicode",
    "basestring",
    "long",
    "xrange",
    "raw_input",
    "unichr",
    "execfile",
    "cmp",
    "reload",
    "buffer",
    "apply",
    "intern",
    "coerce",
}


def rewrite_relative_imports(
    code: str, tree: ast.Module, local_modules: set[str]
) -> tuple[str, list[str]]:
    """``from .utils import f`` becomes ``from utils import f``; inlined modules are dropped,
    also when the author's project path leads to them (``from src.data.utils import f``
    where the report gives ``utils.py``)."""
    lines = code.splitlines(keepends=True)
    rewritten: list[str] = []
    for node in sorted(
        (n for n in ast.walk(tree) if _relative(n) or _into_local_file(n, local_modules)),
        key=lambda n: -n.lineno,
    ):
        start, end = node.lineno - 1, (node.end_lineno or node.lineno)
        indent = lines[start][: len(lines[start]) - len(lines[start].lstrip())]
        names = ", ".join(a.name + (f" as {a.asname}" if a.asname else "") for a in node.names)
        inlined = node.module and {node.module.split(".")[0], node.module.split(".")[-1]}
        if inlined and inlined & local_modules:
            new = f"{indent}pass  # open-mre: module {node.module} is inlined above\n"
        elif node.module:
            new = f"{indent}from {node.module} import {names}\n"
        else:
            new = f"{indent}import {names}\n"
        rewritten.append(f"{ast.get_source_segment(code, node)} -> {new.strip()}")
        lines[start:end] = [new]
    return "".join(lines), list(reversed(rewritten))


def _relative(node: ast.AST) -> bool:
    return isinstance(node, ast.ImportFrom) and node.level > 0


def _into_local_file(node: ast.AST, local_modules: set[str]) -> bool:
    return (
        isinstance(node, ast.ImportFrom) and (node.module or "").rsplit(".", 1)[-1] in local_modules
    )


ECHO = "__mre_echo__"
ECHO_HELPER = (
    f"def {ECHO}(value, claimed=False):  # added by open-mre: show values as the prompt does\n"
    "    if value is not None or claimed:  # None too where the report claims a value\n"
    "        print(repr(value))\n"
)
_ENTRY_NAMES = ("main", "reproduce", "reproduce_issue", "reproduce_bug", "run", "demo", "repro")
_MAIN_GUARD = re.compile(r"""__name__\s*==\s*['"]__main__['"]""")


@dataclass
class Hydration:
    """The hydrated script and what was changed, for extraction_metadata.json."""

    code: str
    imports_added: list[str] = field(default_factory=list)
    entrypoint_added: bool = False
    relative_imports_rewritten: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    packages_added: list[str] = field(default_factory=list)
    guarded_imports: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    """The named completion rules that changed the script (``library-of-a-forgotten-import``)."""


ModuleExists = Callable[[str], bool]
ExtraModules = Callable[[], list[str]]


def echo_expressions(code: str, every: bool) -> tuple[str, int]:
    """Print the values of bare top-level expressions, as a REPL or a notebook cell would.

    ``every``: each expression (a REPL transcript); otherwise only a final one (a
    notebook cell). An expression whose value the author wrote beside it
    (``parse(x)  # getting None``) is echoed wherever it stands, ``None`` included,
    which the prompt would not print. Without this, ``>>> parse(x)`` runs silently as a
    script and the output the report shows can never be compared.
    """
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return code, 0
    lines = code.splitlines(keepends=True)
    claimed = {
        n.lineno for n in bare_expressions(tree) if value_claim(lines[n.lineno - 1]) is not None
    }
    targets = [
        n for n in bare_expressions(tree) if every or n is tree.body[-1] or n.lineno in claimed
    ]
    for node in reversed(targets):  # from the end, so earlier positions stay valid
        value = node.value
        flag = ", True" if node.lineno in claimed else ""
        last = value.end_lineno - 1
        lines[last] = _insert_at(lines[last], value.end_col_offset, f"{flag})")
        first = value.lineno - 1
        lines[first] = _insert_at(lines[first], value.col_offset, f"{ECHO}(")
    return "".join(lines), len(targets)


def _insert_at(line: str, byte_offset: int, text: str) -> str:
    """``text`` inserted at an AST column (a UTF-8 byte offset) of ``line``."""
    raw = line.encode()
    return (raw[:byte_offset] + text.encode() + raw[byte_offset:]).decode()


def hydrate(
    code: str,
    local_modules: set[str] | None = None,
    module_exists: ModuleExists | None = None,
    prose_words: set[str] | None = None,
    shown_undefined: set[str] | None = None,
    extra_modules: ExtraModules | None = None,
) -> Hydration:
    """Add missing imports, rewrite relative imports, add an entrypoint; keep the logic.

    A name used only as ``name.attr`` and never defined is a missing ``import name`` when
    it is a standard module or ``module_exists(name)`` says PyPI has it. A name only ever
    called, that the report's prose also names and that is a PyPI project, is the
    project's namesake export (``from bidict import bidict``, ``from tabulate import
    tabulate``).

    Any other name never defined is tried, guarded, from each candidate module (see
    ``exports``): the third-party modules the script imports, then ``extra_modules()``
    (asked only then). Names in ``shown_undefined`` are the report's own NameError: no
    rule imports them.
    """
    try:
        tree = ast.parse(code)
    except SyntaxError as exc:
        return Hydration(code=code, warnings=[f"code does not parse: {_syntax_msg(exc)}"])
    code, rewritten = rewrite_relative_imports(code, tree, local_modules or set())
    tree = ast.parse(code)
    missing = undefined_names(tree) - {ECHO} - (shown_undefined or set())
    modules = _module_like(tree, missing)
    found = {n for n in modules if n in sys.stdlib_module_names}
    packages = sorted(
        n
        for n in modules - found - PYTHON2_BUILTINS
        if module_exists and len(n) > 2 and not _class_like(n) and module_exists(n)
    )
    importable = {n for n in missing if _importable(n)} | found | set(packages)
    called = _only_called(tree, missing - importable - modules - PYTHON2_BUILTINS)
    namesakes = sorted(
        n
        for n in called
        if module_exists and len(n) > 3 and n in (prose_words or set()) and module_exists(n)
    )
    # asked at most once, and only when a name needs it (it may look the repository up)
    repository_modules = functools.cache(extra_modules) if extra_modules else list
    own = repository_modules() if namesakes else []
    if own:  # filed in a repository whose module is known: its export, not a namesake
        namesakes = [n for n in namesakes if n in own]
    imports = sorted(
        {KNOWN_IMPORTS.get(n) or import_for(n, tree) for n in importable}
        | {f"from {n} import {n}" for n in namesakes}
    )
    unknown = sorted(missing - importable - set(namesakes))
    packages = sorted({*packages, *namesakes})
    result = Hydration(code=code, relative_imports_rewritten=rewritten, packages_added=packages)
    wanted = set(unknown) - PYTHON2_BUILTINS
    candidates = [*imported_modules(tree, local_modules or set()), *packages]
    pinned = [m for m in libraries_of("\n".join(imports)) if m not in candidates]
    candidates += pinned
    # a module-like PyPI name may be the own package's submodule (convertdate's ``hebrew``)
    installed_modules = [p for p in packages if p in modules]
    repository = repository_modules() if wanted or installed_modules else []
    candidates += repository
    own_submodules = [p for p in installed_modules if p not in repository]
    uses = {n: attributes_of(tree, n) for n in (wanted & modules) | set(own_submodules)}
    tried = [
        *alias_imports(uses, candidates),  # first: an export of that name, below, wins
        *export_imports(wanted, candidates, uses),
        *export_imports(own_submodules, repository),
    ]
    helper = [ECHO_HELPER] if f"{ECHO}(" in code else []
    module_uses = {n: uses[n] for n in wanted & modules}
    # ``JalaliDate.to_jalali(...)``: a capitalised name used like a module is a class too
    classes = {n for n in wanted & modules if _class_like(n)}
    lookup = submodule_lookup(sorted(wanted - modules | classes), candidates, module_uses)
    if imports or helper or tried:
        result.code = insert_preamble(code, tree, imports, [guarded(tried), lookup, *helper])
        result.imports_added = imports
        result.guarded_imports = tried
    if any(t.startswith(f"from {m} import ") for t in tried for m in pinned):
        result.rules.append(LIBRARY_OF_A_FORGOTTEN_IMPORT.name)
    if tried:
        result.warnings.append(
            f"names used without an import, tried from {', '.join(dict.fromkeys(candidates))}"
            f" (each stays undefined if not exported there): {', '.join(sorted(wanted))}"
        )
    untried = [n for n in unknown if not tried or n not in wanted]
    if untried:
        result.warnings.append(
            "names used but never defined (code may be incomplete): " + ", ".join(untried)
        )
    result.warnings.extend(incompleteness_warnings(tree))
    tree = ast.parse(result.code)
    entry = _entrypoint_target(tree)
    if entry:
        guard = f'\n\n\nif __name__ == "__main__":\n    {entry}()\n'
        result.code = result.code.rstrip("\n") + guard
        result.entrypoint_added = True
    elif (tests := _tests(tree)) and _only_defines(tree):
        plugins = _fixture_plugins(tree, extra_modules)
        if plugins:  # ``def test_x(requests_mock)`` in requests-mock's tracker
            result.code = insert_preamble(result.code, tree, [f"import {m}" for m in plugins])
            result.imports_added += [f"import {m}" for m in plugins]
        result.code = result.code.rstrip("\n") + _PYTEST_MAIN
        result.entrypoint_added = True
        result.warnings.append(
            "the script only defines tests (" + ", ".join(tests[:3]) + "): they run "
            "under pytest, with its fixtures and the plugins the packages bring"
        )
    return result


# the tests a script only defines, run the way their author ran them; a failing test's
# traceback is printed in Python's own format, so the run's exception reads as a script's
_PYTEST_MAIN = """


if __name__ == "__main__":  # added by open-mre: run the report's tests as pytest would
    import sys

    import pytest

    sys.exit(pytest.main(["-q", "-x", "-p", "no:cacheprovider", "--tb=native", __file__]))
"""


def _fixture_plugins(tree: ast.Module, extra_modules: ExtraModules | None) -> list[str]:
    """The report's repository modules that the tests take as fixtures the script does not
    define: the package's pytest plugin gives them, so the package is installed."""
    defined = {n.name for n in tree.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
    wanted = {
        a.arg
        for n in tree.body
        if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name.startswith("test")
        for a in n.args.args
    } - defined
    return [m for m in extra_modules() if m in wanted] if wanted and extra_modules else []


def _tests(tree: ast.Module) -> list[str]:
    """The tests pytest would collect from the script: ``test_*`` functions, ``Test*``
    classes."""
    return [
        n.name
        for n in tree.body
        if (isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name.startswith("test"))
        or (isinstance(n, ast.ClassDef) and n.name.startswith("Test"))
    ]


def undefined_names(tree: ast.Module) -> set[str]:
    """Names read somewhere but bound nowhere in the script (a flat, conservative check)."""
    bound: set[str] = set(dir(builtins)) | {"__file__", "__name__", "__doc__"}
    loaded: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (loaded if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            for alias in node.names:
                bound.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
        elif isinstance(node, ast.Global | ast.Nonlocal):
            bound.update(node.names)
        elif isinstance(node, ast.MatchAs | ast.MatchStar) and node.name:
            bound.add(node.name)
    return loaded - bound


def incompleteness_warnings(tree: ast.Module) -> list[str]:
    """Placeholders (``...`` bodies, ``pass  # TODO``) that suggest code was cut out."""
    warnings = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and len(node.body) == 1:
            stmt = node.body[0]
            if (
                isinstance(stmt, ast.Expr)
                and isinstance(stmt.value, ast.Constant)
                and (stmt.value.value is Ellipsis)
            ):
                warnings.append(f"function {node.name!r} has a placeholder body (...)")
        elif (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and node.value.value is Ellipsis
            and node.col_offset == 0
        ):
            warnings.append(f"line {node.lineno}: '...' placeholder, code may be elided")
    return warnings


def _class_like(name: str) -> bool:
    """``ConfigFactory.parse_string(...)``, ``ULID.from_str(...)``: a Capitalised or
    all-capitals name is a class by convention, which the report's package exports (tried
    below), not a PyPI project to install (module names are lower case)."""
    if name.isupper():
        return len(name) > 2
    return bool(re.match(r"^[A-Z][a-z0-9]", name))


def _importable(name: str) -> bool:
    return name in KNOWN_IMPORTS or name in KNOWN_MODULES


def _module_like(tree: ast.Module, names: set[str]) -> set[str]:
    """The names among ``names`` whose every use is ``name.attribute``."""
    uses = dict.fromkeys(names, 0)
    attribute_uses = dict.fromkeys(names, 0)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in names:
            uses[node.id] += 1
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in names
        ):
            attribute_uses[node.value.id] += 1
    return {n for n in names if attribute_uses[n] and uses[n] == attribute_uses[n]}


def _only_called(tree: ast.Module, names: set[str]) -> set[str]:
    """The names among ``names`` that are only ever called: ``bidict(...)``."""
    calls = {
        id(n.func)
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
    }
    uses: dict[str, list[bool]] = {n: [] for n in names}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in names:
            uses[node.id].append(id(node) in calls)
    return {n for n, called in uses.items() if called and all(called)}


def insert_preamble(
    code: str, tree: ast.Module, imports: list[str], extra: list[str] | None = None
) -> str:
    """Place imports (and ``extra`` set-up lines) after the module docstring and
    ``__future__`` imports."""
    insert_at = 0
    for node in tree.body:
        is_doc = (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and (isinstance(node.value.value, str))
        )
        is_future = isinstance(node, ast.ImportFrom) and node.module == "__future__"
        if (is_doc and insert_at == 0) or is_future:
            insert_at = node.end_lineno or node.lineno
        else:
            break
    lines = code.splitlines(keepends=True)
    block = "".join(f"{imp}  # added by open-mre\n" for imp in imports) + "".join(extra or [])
    return "".join(lines[:insert_at]) + block + "".join(lines[insert_at:])


def _entrypoint_target(tree: ast.Module) -> str | None:
    """The zero-argument function to call, if the script only defines and never runs."""
    if not _only_defines(tree):
        return None
    funcs = [
        n
        for n in tree.body
        if isinstance(n, ast.FunctionDef)
        and not n.args.args
        and not n.args.posonlyargs
        and not n.args.kwonlyargs
    ]
    for name in _ENTRY_NAMES:
        if any(f.name == name for f in funcs):
            return name
    candidates = [f.name for f in funcs if f.name.startswith(("test_", "reproduce", "repro"))]
    if len(candidates) == 1:
        return candidates[0]
    return funcs[0].name if len(funcs) == 1 else None


def _only_defines(tree: ast.Module) -> bool:
    """The script defines (functions, classes, values) and runs nothing of its own."""
    if any(isinstance(n, ast.If) and _MAIN_GUARD.search(ast.unparse(n.test)) for n in tree.body):
        return False
    runs_something = any(
        not isinstance(
            n,
            ast.Import | ast.ImportFrom | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef,
        )
        and not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))
        and not _is_lookup_call(n)
        and not isinstance(n, ast.Assign | ast.AnnAssign)
        and not is_guarded_import(n)
        for n in tree.body
    )
    return not runs_something


def _is_lookup_call(node: ast.stmt) -> bool:
    """The submodule lookup hydration added: set-up, not the report running anything."""
    call = node.value if isinstance(node, ast.Expr) else None
    return (
        isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and (call.func.id == LOOKUP)
    )


def _syntax_msg(exc: SyntaxError) -> str:
    return f"{exc.msg} (line {exc.lineno})"

"""Relative imports in a report's snippet, made absolute for a script that runs alone.

Why apart from hydration's other rules: a report's files are inlined into one script, so
``from .utils import f`` must name the module, and an import of a file the report inlined
(also one reached through the author's project path) must go.
"""

from __future__ import annotations

import ast


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

"""The layering the code keeps, checked from the source with ``ast`` (nothing is imported).

Floors, bottom up: ``fixtrace_config/`` (settings, stack state: imports nothing of ours) and
``schemas/`` (the wire contract); the stages ``producers/``, ``streams/``, ``sinks/``,
``qa_agents/``; on top ``fixtrace/`` (CLI, local stack, ops, demo), which alone may wire
stages together. ``bench/`` holds benchmarks and what they share with ``tests/``.

Every import counts, also one inside a function or under ``TYPE_CHECKING``. A rule is one
line in ``RULES``: the folder it governs, the packages its modules must not import (a
package bans its subpackages too: ``qa_agents.mre.compare`` bans ``qa_agents.mre.compare.x``),
and/or attribute pairs they must not use (``"client.*"`` matches ``x.client.insert``).
Inside open-MRE, ``read/`` (the report's readers) and ``render/`` (the artifacts) keep out of
the jobs between them.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OURS = (
    "fixtrace_config", "schemas", "producers", "streams", "sinks", "qa_agents", "fixtrace",
    "bench", "tests",
)  # fmt: skip
PRODUCTION = (
    "fixtrace_config",
    "schemas",
    "producers",
    "streams",
    "sinks",
    "qa_agents",
    "fixtrace",
)


MRE_JOBS = ("read", "claims", "script", "environment", "run", "compare", "render", "agents")


@dataclass(frozen=True)
class Rule:
    """Modules under ``folder`` must not import ``imports`` nor use ``attributes`` pairs."""

    folder: str
    imports: tuple[str, ...] = ()
    attributes: tuple[str, ...] = ()
    why: str = ""


RULES = [
    *(
        Rule(stage, imports=("fixtrace",), why="the stages never point up at the CLI package")
        for stage in ("fixtrace_config", "schemas", "sinks", "streams", "producers", "qa_agents")
    ),
    Rule(
        "fixtrace_config",
        imports=tuple(p for p in OURS if p != "fixtrace_config"),
        why="the ground floor imports nothing of ours",
    ),
    Rule(
        "schemas",
        imports=tuple(p for p in OURS if p != "schemas"),
        why="the wire contract depends on nothing of ours",
    ),
    Rule("sinks", imports=("streams", "qa_agents"), why="the writers know no stage above them"),
    Rule("streams", imports=("qa_agents",), why="the stream and QA stages meet only in topics"),
    Rule("streams", attributes=("client.*", "store.query"), why="the store writes and holds SQL"),
    Rule("qa_agents", imports=("streams",), why="the stream and QA stages meet only in topics"),
    *(
        Rule(package, imports=("bench", "tests"), why="test and bench code stays out of production")
        for package in PRODUCTION
    ),
    Rule("bench", imports=("tests",), why="tests import bench helpers, never the other way"),
    # open-MRE's folders by job: reading comes first and rendering last, so neither looks at
    # the jobs between them (the readers are shared by every later step and by the rules).
    Rule(
        "qa_agents/mre/read",
        imports=tuple(f"qa_agents.mre.{job}" for job in MRE_JOBS if job != "read"),
        why="the readers of a report know nothing of what is done with what they read",
    ),
    Rule(
        "qa_agents/mre/render",
        imports=tuple(f"qa_agents.mre.{job}" for job in MRE_JOBS if job != "render"),
        why="rendering writes what the steps decided and decides nothing itself",
    ),
]


@dataclass(frozen=True)
class Violation:
    path: str
    line: int
    what: str
    why: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.what} ({self.why})"


def imported_modules(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """(line, dotted module) of every absolute import in ``tree``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module


def attribute_pairs(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """(line, ``"a.b"``) for every ``a.b`` or ``….a.b`` attribute access in ``tree``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute):
            yield node.lineno, f"{node.value.attr}.{node.attr}"
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            yield node.lineno, f"{node.value.id}.{node.attr}"


def check(rule: Rule, root: Path = ROOT) -> list[Violation]:
    """Every place under ``root / rule.folder`` that breaks ``rule``."""
    found: list[Violation] = []
    for path in sorted((root / rule.folder).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        where = str(path.relative_to(root))
        for line, module in imported_modules(tree):
            for banned in rule.imports:
                if module == banned or module.startswith(f"{banned}."):
                    found.append(Violation(where, line, f"imports {banned}", rule.why))
        for line, pair in attribute_pairs(tree):
            if any(fnmatch(pair, pattern) for pattern in rule.attributes):
                found.append(Violation(where, line, f"uses .{pair}", rule.why))
    return found


@pytest.mark.parametrize("rule", RULES, ids=lambda r: f"{r.folder}-{'-'.join(r.imports[:3])}")
def test_rule_holds(rule: Rule) -> None:
    assert list((ROOT / rule.folder).rglob("*.py")), f"{rule.folder}/ has no modules to check"
    violations = check(rule)
    assert not violations, "\n".join(map(str, violations))


def test_checker_catches_nested_imports_and_attribute_pairs(tmp_path: Path) -> None:
    # A rule that can never fail proves nothing: plant each kind of violation once.
    stage = tmp_path / "stage"
    stage.mkdir()
    (stage / "ok.py").write_text("from . import sibling\nimport fixtrace_config\n")
    (stage / "bad.py").write_text(
        "import os\n"
        "def later():\n"
        "    from fixtrace.ops import query\n"
        "    store.query('SELECT 1')\n"
        "    return self.store.client.insert('t', [])\n"
    )
    rule = Rule("stage", imports=("fixtrace",), attributes=("client.*", "store.query"), why="")
    assert [(v.path, v.line, v.what) for v in check(rule, tmp_path)] == [
        ("stage/bad.py", 3, "imports fixtrace"),
        ("stage/bad.py", 4, "uses .store.query"),
        ("stage/bad.py", 5, "uses .client.insert"),
    ]


def test_a_banned_package_bans_its_subpackages_and_nothing_else(tmp_path: Path) -> None:
    # The folder rules of open-MRE name subpackages: a module under one is banned with it,
    # a sibling whose name only starts the same way is not.
    read = tmp_path / "read"
    read.mkdir()
    (read / "ok.py").write_text(
        "from qa_agents.mre.read import syntax\nimport qa_agents.mre.compared\n"
    )
    (read / "bad.py").write_text(
        "from qa_agents.mre.compare.output_match import compare_outputs\n"
        "import qa_agents.mre.compare\n"
    )
    rule = Rule("read", imports=("qa_agents.mre.compare",), why="")
    assert [(v.path, v.line, v.what) for v in check(rule, tmp_path)] == [
        ("read/bad.py", 1, "imports qa_agents.mre.compare"),
        ("read/bad.py", 2, "imports qa_agents.mre.compare"),
    ]


def test_no_module_over_600_lines_outside_tests() -> None:
    """A ceiling, not a target: a module past 600 lines is almost surely doing two jobs.

    It was 400, and modules were cut to fit it rather than by job (issue 32); a module
    is split by what its parts do, never to meet a count.
    """
    long = {
        str(path.relative_to(ROOT)): n
        for path in ROOT.rglob("*.py")
        if not path.relative_to(ROOT).parts[0].startswith((".", "tests"))
        and "node_modules" not in path.parts
        and (n := len(path.read_text(encoding="utf-8").splitlines())) > 600
    }
    assert not long, long

"""The trace's own repository as the home of the report's package (QA runs only).

Why: a captured bug is mostly in code that is not on PyPI, or not at its released version.
When open-MRE runs inside QA for a trace that names its repository, the report's code runs
against that repository at ``commit_base``, made available in the sandbox the way the tests
stage makes it available (``qa_agents.repo_tests``: the same clone, the same per-repo
requirements and install step), and every module the repository provides is taken from it,
never from a PyPI namesake. Stand-alone ``open-mre`` has no trace and keeps PyPI.

The host clones once into a pristine folder that no sandboxed run ever sees; each run gets
its own fresh clone of that folder (the host never runs git in a tree a run has written).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, Field

from qa_agents.mre.models import Extraction, VersionReport
from qa_agents.repo_tests.config import RepoSpec
from qa_agents.repo_tests.git import clone_at
from qa_agents.repo_tests.overlay import INSTALL_ENV, make_overlay, overlay_env
from qa_agents.repo_tests.runner import env_requirements

IMPORT_ROOTS = (".", "src")
"""Folders of a checkout whose packages and modules are importable: the root (what the
tests stage's ``PYTHONPATH=.`` gives) and a ``src/`` layout's folder."""

NOT_MODULES = frozenset({"setup", "conftest", "noxfile", "tasks", "fabfile", "manage"})
"""Top-level scripts of a repository that are tooling, not a module a report imports."""


class TraceRepository(BaseModel):
    """Where the report's package comes from in a QA run, and how it is made importable."""

    repo_id: str
    source: str = Field(description="The trace's source (repos-file entry or remote URL).")
    commit: str = Field(description="The trace's commit_base, checked out for every run.")
    pristine: Path = Field(description="Host clone at commit; each run clones it afresh.")
    modules: list[str] = Field(description="Top-level import names the checkout provides.")
    import_roots: list[str] = Field(
        description="Checkout folders put on PYTHONPATH when the repository has no install step."
    )
    spec: RepoSpec = Field(description="The repos-file entry (requirements, install step).")

    def without_own(self, requirements: list[str]) -> list[str]:
        """Requirements less those naming a module the repository provides (the agents
        may ask for ``shopcalc``): the repository is that module, never PyPI's namesake."""
        return [r for r in requirements if _project(r).replace("-", "_") not in self.modules]

    def run_requirements(self, requirements: list[str]) -> list[str]:
        """The report's PyPI requirements plus what the tests stage installs for the repo."""
        extra = env_requirements(self.spec, "python")
        named = {_project(r) for r in requirements}
        return [*requirements, *(r for r in extra if _project(r) not in named)]


def _project(requirement: str) -> str:
    name = requirement.strip()
    for sep in "[<>=!~; ":
        name = name.split(sep, 1)[0]
    return name.lower().replace("_", "-")


def checkout_trace_repository(
    repo_id: str, source: str, commit: str, spec: RepoSpec, scratch: Path
) -> TraceRepository:
    """Clone ``source`` at ``commit`` into ``scratch`` and read what it provides.

    Raises ``qa_agents.repo_tests.git.GitError`` when the repository or commit is missing.
    """
    pristine = scratch / "repository"
    clone_at(source, commit, pristine)
    modules, roots = provided_modules(pristine)
    return TraceRepository(
        repo_id=repo_id,
        source=source,
        commit=commit,
        pristine=pristine,
        modules=modules,
        import_roots=roots,
        spec=spec,
    )


def provided_modules(checkout: Path) -> tuple[list[str], list[str]]:
    """The import names a checkout provides and the folders they live in.

    A package is a folder with ``__init__.py`` (under ``src/`` any folder of ``.py`` files,
    as namespace packages are common there); a module is a top-level ``.py`` file that is
    not tooling (``setup.py``, ``conftest.py``) or a test file.
    """
    modules: dict[str, None] = {}
    roots: list[str] = []
    for root in IMPORT_ROOTS:
        folder = checkout / root
        if not folder.is_dir() or folder.is_symlink():
            continue
        found = [name for name in _modules_in(folder, namespace=root != ".") if name not in modules]
        if found or root == ".":
            roots.append(root)
        modules.update(dict.fromkeys(found))
    return sorted(modules), roots


def _modules_in(folder: Path, namespace: bool) -> list[str]:
    names = []
    for entry in sorted(folder.iterdir()):
        if entry.is_symlink() or entry.name.startswith((".", "_")):
            continue
        if entry.is_dir() and entry.name.isidentifier():
            has_init = (entry / "__init__.py").is_file()
            if has_init or (namespace and any(entry.glob("*.py"))):
                names.append(entry.name)
        elif entry.suffix == ".py" and _module_file(entry.stem):
            names.append(entry.stem)
    return [n for n in names if n not in {"tests", "test", "docs", "examples"}]


def _module_file(stem: str) -> bool:
    return stem.isidentifier() and stem not in NOT_MODULES and not stem.startswith("test")


def own_first(repository: TraceRepository | None, others: list[str]) -> list[str]:
    """The modules of the report's own project: the trace's repository's first (QA runs),
    then ``others`` (those named after the repository the report was filed in)."""
    own = list(repository.modules) if repository else []
    return [*own, *(m for m in others if m not in own)]


def note_in_versions(
    report: VersionReport, extraction: Extraction | None, repository: TraceRepository | None
) -> None:
    """Say in the version report which imports the repository provides, and at what commit."""
    if repository is None:
        return
    report.from_repository = imports_from_repository(
        extraction.code if extraction else "", repository
    )
    if report.from_repository:
        report.notes.append(
            f"{', '.join(report.from_repository)}: from the trace's repository "
            f"{repository.repo_id} at {repository.commit[:12]}, not PyPI"
        )


def imports_from_repository(code: str, repository: TraceRepository) -> list[str]:
    """The top-level modules the code imports that the repository provides."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    wanted = set(repository.modules)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names} & wanted
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found |= {node.module.split(".")[0]} & wanted
    return sorted(found)


def clone_into(repository: TraceRepository, workdir: Path) -> None:
    """A fresh clone of the pristine checkout at the trace's commit, in an empty ``workdir``."""
    clone_at(str(repository.pristine), repository.commit, workdir)


def layered_venv(workdir: Path, env_path: Path) -> tuple[dict[str, str], dict[str, str]]:
    """The layered venv inside ``workdir`` that the tests stage builds for an install step,
    and the sandbox environments of the offline install and of the run after it."""
    base = _EnvPaths(path=env_path, python=env_path / "bin" / "python")
    venv = make_overlay(workdir, base)
    return overlay_env(venv, base, dict(INSTALL_ENV)), overlay_env(venv, base, {})


@dataclass(frozen=True)
class _EnvPaths:
    """An env built on the host, known by its folder (what the overlay reads of it)."""

    path: Path
    python: Path

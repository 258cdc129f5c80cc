"""Package mentions in an issue, checked against PyPI into ``version_report.json``.

Candidates are the script's third-party imports plus anything written as a requirement
(``pkg==1.2``, ``pip install pkg>=1``); a version is then looked for next to each name
("pandas 2.0.0", "numpy>=1.24", "pandas: 2.0.0", "pandas version 2.0.0").
"""

from __future__ import annotations

import re

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version
from pydantic import BaseModel

from qa_agents.mre.environment.pypi import PypiClient, PypiProject
from qa_agents.mre.environment.resolver import Choice, Interpreter, choose_release, release_fits
from qa_agents.mre.models import PackageStatus, VersionReport
from qa_agents.mre.read.fences import Fence, without_blocks
from qa_agents.mre.rules.block_kind import classify_block
from qa_agents.mre.script.external_needs import IMPORT_TO_DIST
from qa_agents.mre.script.unimported_names import repository_module_name

_REQ = re.compile(
    r"(?<![\w.-])(?P<name>[A-Za-z][A-Za-z0-9._-]*)\s*(?P<op>==|>=|<=|~=|!=|>|<)\s*"
    r"(?P<ver>\d+(?:\.\d+)*(?:[a-z]+\d*)?(?:\.post\d+|\.dev\d+)?)"
)
_PYTHON = re.compile(r"\bpython\s*(?:version)?\s*[:=]?\s*v?(3\.\d+(?:\.\d+)?)\b", re.IGNORECASE)
_NOT_PACKAGES = {
    "python",
    "pip",
    "version",
    "line",
    "step",
    "v",
    "py",
    "os",
    "ubuntu",
    "debian",
    "windows",
    "macos",
    "linux",
    "centos",
    "fedora",
    "alpine",
    "node",
    "java",
    "cuda",
    "gcc",
    "release",
}
# an environment list line: "- pandas 2.0.0", "* numpy: 1.26", "torch version 2.1"
_ENV_LINE = re.compile(
    r"^[ \t>*+-]*`?(?P<name>[A-Za-z][A-Za-z0-9._-]*)`?\s*(?:version|ver\.?)?\s*[:=]?\s*v?"
    r"(?P<ver>\d+(?:\.\d+)+(?:[a-z]+\d*)?)`?\s*$",
    re.MULTILINE,
)


# the address the report was filed at, kept as its first line: <!-- source: URL -->
_SOURCE = re.compile(
    r"<!--\s*source:\s*https?://(?:www\.)?github\.com/(?P<owner>[\w.-]+)/(?P<repo>[\w.-]+)"
    r"/(?:issues|pull|discussions)/\d+",
    re.IGNORECASE,
)


def source_repository(markdown: str) -> str | None:
    """``owner/repo`` of the repository the report was filed in, when the report says."""
    match = _SOURCE.search(markdown)
    return f"{match.group('owner')}/{match.group('repo')}" if match else None


def distributions(
    imported: list[str], markdown: str, pypi: PypiClient
) -> tuple[list[str], dict[str, str]]:
    """The PyPI distribution of each imported name, and why, for each one chosen by the
    repository the report was filed in.

    An import name can be two projects' name: ``import tidy`` may be the module of
    ``python-tidy`` and also the name of an unrelated project. A report filed in a
    repository is about that repository's distribution: when the namesake's addresses do
    not point at the repository and the repository's own name (``python-tidy``) is a
    project whose addresses do, that project is the one to install.
    """
    repository = source_repository(markdown)
    if repository is None:
        return list(imported), {}
    chosen: list[str] = []
    notes: dict[str, str] = {}
    for name in imported:
        candidate = _repository_distribution(name, repository, pypi)
        if candidate is None:
            chosen.append(name)
            continue
        chosen.append(candidate)
        notes[candidate] = (
            f"`import {name}` is {candidate}, the distribution of {repository} where "
            f"the report was filed (PyPI's {name!r} is another project)"
        )
    return chosen, notes


def repository_modules(markdown: str, pypi: PypiClient) -> list[str]:
    """The modules named after the repository the report was filed in (``cdgriffith/Box``
    → ``box``; ``yukinarit/pyserde`` → ``pyserde`` and ``serde``, as a ``py`` prefix may or
    may not be part of the import), when the repository publishes them on PyPI: PyPI's
    namesake points at the repository, or the repository's own project does
    (``python-box``). Anything else would install an unrelated namesake."""
    repository = source_repository(markdown)
    module = repository_module_name(repository) if repository else None
    if repository is None or module is None:
        return []
    bare = _bare(module.replace("_", "-")).replace("-", "_")
    whole = re.sub(r"\.py$", "", repository.rsplit("/", 1)[-1].lower()).replace("-", "_")
    # ``py-expression-eval`` imports as ``py_expression_eval``, keeping its prefix
    names = [n for n in dict.fromkeys([module, bare, whole]) if n.isidentifier()]
    return [
        name
        for name in names
        if _points_at(pypi.project(name), repository)
        or _repository_distribution(name, repository, pypi)
    ]


def _repository_distribution(name: str, repository: str, pypi: PypiClient) -> str | None:
    """The repository's project for ``import name`` when PyPI's namesake is another's:
    the repository's own name (``python-tidy``, ``pyspellchecker``), or ``python-<name>`` /
    ``py<name>`` when the repository is named like the import (``Box`` publishes
    ``python-box``, ``humps`` publishes ``pyhumps``). A namesake is the repository's only
    when it names the owner too (``other/box`` is not ``owner/Box``)."""
    repo_name = repository.split("/")[1]
    own = _norm(name)
    if _bare(_norm(repo_name)) not in (_bare(own), _bare(own) + _major(repo_name)):
        return None  # an import of another project than the repository's ("pybars3" may
        # publish ``import pybars`` under its own name: a major version in the name)
    named = [_norm(repo_name), f"python-{own}", f"py{own}"]
    candidates = [c for c in dict.fromkeys(named) if c != own]
    if not candidates or _points_at(pypi.project(name), repository):
        return None
    return next((c for c in candidates if _points_at(pypi.project(c), repo_name)), None)


def _major(repo_name: str) -> str:
    """The version digits a repository's name ends with (``pybars3`` → ``3``)."""
    match = re.search(r"[a-z]\d+$", repo_name.lower())
    return match.group()[1:] if match else "~"


def _bare(name: str) -> str:
    return re.sub(r"^(?:python|py)-?|-(?:python|py)$", "", name)


def _points_at(project: PypiProject, repository: str) -> bool:
    """Does one of the project's addresses name ``repository`` (``owner/name``, or
    ``name`` under any owner)?"""
    owner, _, name = repository.rpartition("/")
    owner = re.escape(owner) if owner else r"[\w.-]+"
    pattern = re.compile(rf"github\.com/{owner}/{re.escape(name)}(?:[/#?]|\.git|$)", re.I)
    return any(pattern.search(url) for url in project.urls)


class PackageMention(BaseModel):
    """One package named in the issue, with the version spec the author gave, if any.

    ``imported``: the code imports it, so it is installed; a package only named in the
    prose is looked up for the report but never installed (prose names are guesses:
    "Jinja version 3.1.2" is about ``jinja2``, and PyPI's ``Jinja`` is another project).
    """

    name: str
    spec: str | None = None
    imported: bool = True


def find_mentions(markdown: str, imported: list[str]) -> list[PackageMention]:
    """Every package the issue names or imports, with its mentioned version if stated."""
    named: dict[str, PackageMention] = {}
    prose = prose_only(markdown)
    for match in _REQ.finditer(prose):
        name = match.group("name")
        if name.lower() in _NOT_PACKAGES:
            continue
        spec = match.group("op") + match.group("ver")
        named.setdefault(_norm(name), PackageMention(name=name, spec=spec, imported=False))
    for match in _ENV_LINE.finditer(prose):
        name = match.group("name")
        if name.lower() not in _NOT_PACKAGES:
            mention = PackageMention(name=name, spec=match.group("ver"), imported=False)
            named.setdefault(_norm(name), mention)
    found: dict[str, PackageMention] = {}
    for name in imported:
        same = [k for k in named if _same_project(k, _norm(name))]
        spec = named[same[0]].spec if same else _version_near(prose, name)
        for key in same:
            named.pop(key)
        found[_norm(name)] = PackageMention(name=name, spec=spec)
    return [*found.values(), *named.values()]


def _same_project(named: str, imported: str) -> bool:
    """``jinja`` names ``jinja2``, ``dateutil`` names ``python-dateutil``."""
    bare = [re.sub(r"^(python|py)-|-?\d+$", "", n) for n in (named, imported)]
    return named == imported or bare[0] == bare[1] or IMPORT_TO_DIST.get(named) == imported


def prose_only(markdown: str) -> str:
    """The issue without its code and traceback blocks, where ``x>=10`` is not a requirement."""

    def keep(block: Fence) -> bool:
        kind, _, _ = classify_block(block.language, block.body)
        return kind not in {"code", "traceback", "other"}

    return without_blocks(markdown, keep)


def python_version(markdown: str) -> str | None:
    """The Python version the author reports, e.g. ``3.11``."""
    match = _PYTHON.search(markdown)
    return match.group(1) if match else None


def build_report(
    mentions: list[PackageMention],
    pypi: PypiClient,
    markdown: str = "",
    interpreter: Interpreter | None = None,
) -> VersionReport:
    """Look every mention up on PyPI, choose what to install, fill the version report.

    ``interpreter`` is the sandbox's Python: the chosen release is the newest one it can
    install (``requires_python``, wheel tags), which is what ``latest`` means to a run.
    """
    report = VersionReport(
        python_version=python_version(markdown) if markdown else None,
        sandbox_python=interpreter.version if interpreter else None,
    )
    for mention in mentions:
        report.packages.append(_status(mention, pypi.project(mention.name), interpreter, report))
    report.all_latest = all(p.is_latest for p in report.packages if p.imported)
    return report


def _status(
    mention: PackageMention,
    project: PypiProject,
    interpreter: Interpreter | None,
    report: VersionReport,
) -> PackageStatus:
    status = PackageStatus(
        name=mention.name,
        imported=mention.imported,
        mentioned_version=mention.spec.lstrip("=") if mention.spec else None,
        latest_version=project.latest_version,
        error=project.error,
    )
    if project.latest_version:
        choice = (
            choose_release(project, interpreter)
            if interpreter
            else Choice(version=project.latest_version, reason="latest on PyPI")
        )
        status.chosen_version, status.chosen_reason = choice.version, choice.reason
        if choice.version is None and mention.imported:
            report.can_proceed = False
            report.notes.append(f"{mention.name}: {choice.reason}")
            if not any(project.releases.values()):  # a name reserved, nothing released
                status.error = f"package {mention.name!r} has no files on PyPI"
        if mention.spec:
            status.is_latest = satisfies(project.latest_version, mention.spec) or bool(
                choice.version and satisfies(choice.version, mention.spec)
            )
            status.needs_update = not status.is_latest
            reported = _reported_release(project, mention.spec)
            if reported and interpreter and reported != choice.version:
                fits = release_fits(project, reported, interpreter, wheels_only=True) is None
                status.reported_release = reported if fits else None
    elif project.not_found and mention.imported:
        status.is_latest = False
        report.can_proceed = False
        report.notes.append(f"{mention.name!r} does not exist on PyPI: cannot install it")
    elif project.error:
        if project.transient and mention.imported:
            report.lookup_failed = True
        report.notes.append(f"{mention.name}: latest version unknown ({project.error})")
    return status


def _reported_release(project: PypiProject, spec: str) -> str | None:
    """The release an ``==1.2``/``1.2`` spec names: itself, or the newest ``1.2.x``."""
    bare = spec[2:] if spec.startswith("==") else spec
    if not bare[:1].isdigit():
        return None
    if bare in project.releases:
        return bare
    candidates = []
    for number in project.releases:
        try:
            version = Version(number)
        except InvalidVersion:
            continue
        if number.startswith(bare + ".") and not version.is_prerelease:
            candidates.append(version)
    return str(max(candidates)) if candidates else None


def satisfies(latest: str, spec: str) -> bool:
    """Whether the latest release is the mentioned one (``==``) or within the range."""
    bare = spec.lstrip("=")
    try:
        if spec[0].isdigit() or spec.startswith("=="):
            return Version(bare) == Version(latest)
        return Version(latest) in SpecifierSet(spec)
    except (InvalidVersion, InvalidSpecifier):
        return bare == latest


def _version_near(markdown: str, name: str) -> str | None:
    """``name 1.2.3`` / ``name: 1.2.3`` / ``name version 1.2.3`` / ``name v1.2.3``."""
    pattern = re.compile(
        rf"(?<![\w.-]){re.escape(name)}(?![\w-])\s*(?:\(|:|,)?\s*(?:version|ver\.?|v)?\s*[:=]?\s*"
        r"(\d+(?:\.\d+)+(?:[a-z]+\d*)?)",
        re.IGNORECASE,
    )
    match = pattern.search(markdown)
    return match.group(1) if match else None


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()

"""Pick the release of a package that the sandbox's interpreter can actually install.

"Latest on PyPI" is not installable when that release requires a newer Python than the
sandbox has (or ships only wheels for other interpreters), and pip then fails for a reason
that has nothing to do with the report. A release fits when it is final, not yanked, and
has a file whose ``requires_python`` admits the interpreter and which is either an sdist
or a wheel with one of the interpreter's tags.
"""

from __future__ import annotations

import functools
from pathlib import Path

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.tags import compatible_tags, cpython_tags, platform_tags
from packaging.utils import InvalidWheelFilename, parse_wheel_filename
from packaging.version import InvalidVersion, Version
from pydantic import BaseModel

from qa_agents.mre.environment.pypi import PypiProject, ReleaseFile
from qa_agents.sandbox.pyenv import python_version


class Interpreter(BaseModel):
    """The Python the sandbox runs: its version and the wheel tags it accepts."""

    version: str
    tags: frozenset[str]

    @property
    def minor(self) -> str:
        return ".".join(self.version.split(".")[:2])


class Choice(BaseModel):
    """The release to install and why (for ``version_report.json``)."""

    version: str | None
    reason: str


def interpreter_for(version: str) -> Interpreter:
    """The interpreter of ``version`` (``3.11.2``) on this host's platform."""
    major, minor = (int(p) for p in version.split(".")[:2])
    platforms = list(platform_tags())
    tags = [*cpython_tags((major, minor), platforms=platforms)]
    tags += compatible_tags((major, minor), f"cp{major}{minor}", platforms)
    return Interpreter(version=version, tags=frozenset(str(t) for t in tags))


@functools.cache
def probe_interpreter(python: Path) -> Interpreter:
    """Ask ``python`` for its version once per process; tags follow from it."""
    return interpreter_for(python_version(python))


def choose_release(project: PypiProject, interpreter: Interpreter) -> Choice:
    """The newest final release installable on ``interpreter``, with the reason."""
    versions = _final_versions(project)
    if not versions:
        return Choice(version=project.latest_version, reason="no release list; using latest")
    newest = versions[0]
    skipped: list[str] = []
    for version in versions:
        why_not = unfit_reason(project.releases[str(version)], interpreter)
        if why_not is None:
            reason = f"newest release installable on Python {interpreter.version}"
            if skipped:
                reason += "; newer: " + "; ".join(skipped[:3])
                reason += " …" if len(skipped) > 3 else ""
            return Choice(version=str(version), reason=reason)
        skipped.append(f"{version} {why_not}")
    return Choice(
        version=None,
        reason=f"no release of {project.package} installs on Python {interpreter.version} "
        f"(newest {newest}: {skipped[0].partition(' ')[2]})",
    )


def release_fits(
    project: PypiProject, version: str, interpreter: Interpreter, wheels_only: bool = False
) -> str | None:
    """None when ``version`` installs on ``interpreter``; else the reason it does not.

    ``wheels_only`` refuses sdists: an old release built from source can take minutes and
    fail for reasons unrelated to any report.
    """
    files = project.releases.get(version)
    if files is None:
        return f"{project.package} {version} is not on PyPI"
    if wheels_only:
        files = [f for f in files if f.filename.endswith(".whl")]
        if not files:
            return "has no wheels"
    return unfit_reason(files, interpreter)


def unfit_reason(files: list[ReleaseFile], interpreter: Interpreter) -> str | None:
    """Why none of a release's files installs on the interpreter (None: one does)."""
    live = [f for f in files if not f.yanked]
    if not files:
        return "has no files"
    if not live:
        return "is yanked"
    admitted = [f for f in live if _admits(f.requires_python, interpreter.version)]
    if not admitted:
        return f"requires Python {live[0].requires_python}"
    if any(_installable(f.filename, interpreter) for f in admitted):
        return None
    return f"has no wheel for Python {interpreter.minor} on this platform"


def _final_versions(project: PypiProject) -> list[Version]:
    versions = []
    for number in project.releases:
        try:
            version = Version(number)
        except InvalidVersion:
            continue
        if not version.is_prerelease and not version.is_devrelease:
            versions.append(version)
    return sorted(versions, reverse=True)


def _admits(spec: str | None, python: str) -> bool:
    if not spec:
        return True
    try:
        return SpecifierSet(spec).contains(python, prereleases=True)
    except InvalidSpecifier:
        return True  # a malformed marker is pip's problem to judge, not a reason to skip


def _installable(filename: str, interpreter: Interpreter) -> bool:
    if not filename.endswith(".whl"):
        return filename.endswith((".tar.gz", ".zip", ".tar.bz2"))  # sdists build anywhere
    try:
        _, _, _, tags = parse_wheel_filename(filename)
    except InvalidWheelFilename:
        return False
    return any(str(tag) in interpreter.tags for tag in tags)

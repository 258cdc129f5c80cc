"""The version resolver: the newest release the sandbox's interpreter can install."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from qa_agents.mre.environment.pypi import PypiClient, PypiProject, ReleaseFile
from qa_agents.mre.environment.resolver import (
    choose_release,
    interpreter_for,
    probe_interpreter,
    release_fits,
)
from qa_agents.mre.environment.versions import build_report, find_mentions

PY311 = interpreter_for("3.11.2")


def wheel(name: str, version: str, tag: str, requires: str | None = None) -> ReleaseFile:
    return ReleaseFile(filename=f"{name}-{version}-{tag}.whl", requires_python=requires)


def project() -> PypiProject:
    """numpy's shape: the newest line needs a newer Python, one release was yanked."""
    return PypiProject(
        package="numpylike",
        latest_version="2.5.0",
        releases={
            "2.5.0": [wheel("numpylike", "2.5.0", "cp312-cp312-manylinux_2_17_x86_64", ">=3.12")],
            "2.4.1": [wheel("numpylike", "2.4.1", "cp311-cp311-manylinux_2_17_x86_64", ">=3.11")],
            "2.4.0": [
                ReleaseFile(
                    filename="numpylike-2.4.0-cp311-cp311-manylinux_2_17_x86_64.whl", yanked=True
                )
            ],
            "2.4.2rc1": [wheel("numpylike", "2.4.2rc1", "cp311-cp311-manylinux_2_17_x86_64")],
            "1.0.0": [ReleaseFile(filename="numpylike-1.0.0.tar.gz")],
            "0.9.0": [wheel("numpylike", "0.9.0", "cp27-cp27mu-manylinux1_x86_64")],
        },
    )


def test_newest_release_for_the_interpreter_and_why() -> None:
    choice = choose_release(project(), PY311)
    assert choice.version == "2.4.1"  # not 2.5.0 (Python), not the release candidate
    assert "2.5.0 requires Python >=3.12" in choice.reason


def test_release_fits_yanked_sdist_and_foreign_wheels() -> None:
    p = project()
    assert release_fits(p, "2.4.1", PY311) is None
    assert release_fits(p, "2.4.0", PY311) == "is yanked"
    assert release_fits(p, "1.0.0", PY311) is None  # an sdist builds anywhere
    assert release_fits(p, "1.0.0", PY311, wheels_only=True) == "has no wheels"
    assert "no wheel for Python 3.11" in (release_fits(p, "0.9.0", PY311) or "")
    assert release_fits(p, "3.0", PY311) == "numpylike 3.0 is not on PyPI"


def test_no_release_installs_is_said() -> None:
    only_new = PypiProject(
        package="x",
        latest_version="1.0",
        releases={"1.0": [wheel("x", "1.0", "py3-none-any", ">=3.13")]},
    )
    choice = choose_release(only_new, PY311)
    assert choice.version is None and "requires Python >=3.13" in choice.reason


def test_probe_reads_the_sandbox_interpreter() -> None:
    interpreter = probe_interpreter(Path("/usr/bin/python3"))
    assert interpreter.version.startswith("3.") and "py3-none-any" in interpreter.tags


def _json(name: str) -> dict:
    files = [
        {"filename": f"{name}-2.0-py3-none-any.whl", "requires_python": ">=3.12", "yanked": False},
    ]
    old = [
        {"filename": f"{name}-1.5-py3-none-any.whl", "requires_python": ">=3.8", "yanked": False}
    ]
    return {"info": {"version": "2.0"}, "releases": {"2.0": files, "1.5": old}}


def test_version_report_records_choice_and_reported_release(tmp_path: Path) -> None:
    calls: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        calls.append(request.url.path)
        return httpx.Response(200, json=_json("lib"))

    client = PypiClient(transport=httpx.MockTransport(handler), cache_dir=tmp_path)
    md = "```python\nimport lib\n```\n\nlib version: 1.5\n"
    report = build_report(find_mentions(md, ["lib"]), client, md, PY311)
    (lib,) = report.packages
    assert (lib.chosen_version, lib.latest_version, lib.mentioned_version) == ("1.5", "2.0", "1.5")
    assert "2.0 requires Python >=3.12" in lib.chosen_reason
    assert lib.is_latest  # the author's version is the newest this Python can have
    assert report.sandbox_python == "3.11.2"
    # a second client reads the answer from the disk cache instead of asking again
    again = PypiClient(transport=httpx.MockTransport(handler), cache_dir=tmp_path)
    assert again.project("lib").latest_version == "2.0" and len(calls) == 1


def test_prose_names_are_reported_but_never_installed() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if "jinja" in request.url.path and "jinja2" not in request.url.path:
            return httpx.Response(200, json={"info": {"version": "1.2"}, "releases": {}})
        return httpx.Response(404)

    client = PypiClient(transport=httpx.MockTransport(handler), retries=0)
    md = "- Jinja version: 3.1.2\n- ghostlib 1.0\n"
    report = build_report(find_mentions(md, []), client, md, PY311)
    assert [p.imported for p in report.packages] == [False, False]
    assert report.can_proceed  # a prose name missing from PyPI is not critical


def test_unreachable_index_is_marked_as_ours() -> None:
    def down(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("no route to host", request=request)

    client = PypiClient(transport=httpx.MockTransport(down), retries=0, backoff_s=0)
    md = "```python\nimport lib\n```\n"
    report = build_report(find_mentions(md, ["lib"]), client, md, PY311)
    assert report.lookup_failed and "no route to host" in report.notes[0]


@pytest.mark.parametrize("name", ["numpy"])
def test_real_pypi_choice_installs_on_the_sandbox_python(name: str) -> None:
    """A numpy-style report: the release chosen admits the sandbox's Python."""
    from packaging.specifiers import SpecifierSet

    interpreter = probe_interpreter(Path("/usr/bin/python3"))
    p = PypiClient(timeout_s=20).project(name)
    choice = choose_release(p, interpreter)
    assert choice.version is not None
    specs = {f.requires_python for f in p.releases[choice.version] if f.requires_python}
    assert all(interpreter.version in SpecifierSet(s) for s in specs)

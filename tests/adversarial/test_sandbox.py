"""Sandbox containment: every case of ``containment.CASES`` against bubblewrap (and Docker
when an engine answers), a 256 MiB stdout flood the host must not buffer, and the tests
stage of the QA worker, which must not trust what a sandboxed run left in its workdir."""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from qa_agents.sandbox import BubblewrapSandbox
from qa_agents.sandbox.docker_backend import docker_client
from tests.adversarial.conftest import scale
from tests.adversarial.containment import CASES, Case, Host, host_bait, run_case, stdout_flood


def _backends() -> list:
    docker = pytest.mark.skipif(docker_client() is None, reason="no Docker engine answers")
    return ["bwrap", pytest.param("docker", marks=[pytest.mark.docker, docker])]


@pytest.fixture(scope="module")
def host() -> Iterator[Host]:
    if os.geteuid() != 0 or shutil.which("bwrap") is None:
        pytest.skip("containment tests need root (the QA worker's uid) and bwrap")
    with host_bait() as bait:
        yield bait


def _box(backend: str):
    if backend == "bwrap":
        return BubblewrapSandbox()
    from qa_agents.sandbox import DockerSandbox

    return DockerSandbox()


@pytest.mark.parametrize("backend", _backends())
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_contained(backend: str, case: Case, host: Host, figures: Any) -> None:
    ok, detail, _ = run_case(_box(backend), case, host)
    figures(f"sandbox-{backend}-{CASES.index(case):02d}", {"case": case.name, "contained": ok,
                                                            "seen": detail})  # fmt: skip
    assert ok, f"{case.name} escaped under {backend}: {detail}"


@pytest.mark.parametrize("backend", _backends())
def test_stdout_flood_is_not_buffered_by_the_host(backend: str, host: Host, figures: Any) -> None:
    size = scale("STDOUT_BYTES", 256 << 20)
    out = stdout_flood(backend, size)
    figures(f"sandbox-{backend}-stdout", out)
    assert out["written"] == size and out["truncated"] and out["kept"] <= 1 << 20
    grew = out["peak_rss_mb_after"] - out["peak_rss_mb_before"]
    assert grew < 64, f"the host process grew {grew:.0f} MB while {size} bytes went through"


def test_tests_stage_never_trusts_what_the_run_left(host: Host, tmp_path: Path) -> None:
    """The repository's own test code (untrusted) plants, during the "before" run, a
    symlink where the JUnit report goes (to a file only root can read) and a git filter,
    fsmonitor and attributes in .git: the host must neither read the file nor run git in
    that tree."""
    from bench.sample_repo import (
        REPO_ID,
        SampleRepo,
        as_document,
        make_sample_repo,
        run_git,
        sample_fix_trace,
    )  # fmt: skip
    from fixtrace_config import Settings
    from qa_agents.repo_tests import ReposConfig, RepoSpec, RepoTestRunner
    from sinks.blobs import FilesystemBlobStore

    marker = Path("/tmp") / f"fixtrace-adv-git-{uuid.uuid4().hex}"
    repo = make_sample_repo(tmp_path / "repo")
    (repo.path / "conftest.py").write_text(PLANT.format(secret=host.root_secret, marker=marker))
    run_git(repo.path, "add", "-A")
    run_git(repo.path, "commit", "-q", "-m", "conftest")
    repo = SampleRepo(repo.path, run_git(repo.path, "rev-parse", "HEAD").strip(), repo.fix_patch)
    blobs = FilesystemBlobStore(tmp_path / "blobs", fsync=False)
    settings = Settings(data_dir=tmp_path, sandbox_backend="bwrap", qa_test_timeout_s=60.0)
    repos = ReposConfig(repos={REPO_ID: RepoSpec(source=str(repo.path))})
    try:
        out = RepoTestRunner(settings, blobs, repos=repos).run(
            as_document(*sample_fix_trace(repo, blobs))
        )
        stored = [p for p in (tmp_path / "blobs").rglob("*") if p.is_file()]
        assert not [p for p in stored if host.token.encode() in p.read_bytes()], (
            "a root-only host file was read through the run's symlink and stored"
        )
        assert not marker.exists(), f"git ran the run's filter on the host: {marker.read_text()}"
        assert out.tests is not None and out.tests.final_passed, out
    finally:
        marker.unlink(missing_ok=True)


PLANT = """
import os, pathlib

def pytest_unconfigure(config):
    for name in (".fixtrace-junit-before.xml", ".fixtrace-junit-after.xml"):
        path = pathlib.Path(name)
        if path.exists() or path.is_symlink():
            path.unlink()
        os.symlink("{secret}", name)
    with open(".git/config", "a") as fh:
        fh.write('[filter "p"]\\n\\tsmudge = sh -c \\'id > {marker}; cat\\'\\n\\tclean = cat\\n'
                 '[core]\\n\\tfsmonitor = sh -c \\'id >> {marker}\\'\\n')
    os.makedirs(".git/info", exist_ok=True)
    pathlib.Path(".git/info/attributes").write_text("* filter=p\\n")
"""

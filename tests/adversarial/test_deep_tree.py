"""A repository's tests make a folder tree 1,500 levels deep in their checkout. Before
issue 30 the tree landed in the host's scratch folder as is, and the tests stage's
clean-up (``shutil.rmtree``, one recursion per level) raised ``RecursionError``: the stage
crashed instead of recording an outcome. Now the copy back from the run's quota disk
stops at ``MAX_DEPTH`` and says so."""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from bench import sample_repo as sample
from fixtrace_config import Settings
from qa_agents.repo_tests import ReposConfig, RepoSpec, RepoTestRunner
from sinks.blobs import FilesystemBlobStore

DEEP = """
import os

def pytest_unconfigure(config):
    here = os.getcwd()
    for _ in range(1500):
        os.mkdir("d")
        os.chdir("d")
    os.chdir(here)
"""


def test_a_deep_tree_in_the_checkout_does_not_crash_the_stage(tmp_path: Path) -> None:
    repo = sample.make_sample_repo(tmp_path / "repo")
    (repo.path / "conftest.py").write_text(DEEP)
    sample.run_git(repo.path, "add", "-A")
    sample.run_git(repo.path, "commit", "-q", "-m", "a conftest that nests folders")
    base = sample.run_git(repo.path, "rev-parse", "HEAD").strip()
    repo = sample.SampleRepo(repo.path, base, repo.fix_patch)
    blobs = FilesystemBlobStore(tmp_path / "blobs", fsync=False)
    work = Path(tempfile.mkdtemp(prefix="fixtrace-adv-deep-", dir="/var/tmp"))
    settings = Settings(
        data_dir=tmp_path, sandbox_backend="bwrap", qa_test_timeout_s=60.0, qa_work_dir=work
    )
    repos = ReposConfig(repos={sample.REPO_ID: RepoSpec(source=str(repo.path))})
    try:
        out = RepoTestRunner(settings, blobs, repos=repos).run(
            sample.as_document(*sample.sample_fix_trace(repo, blobs))
        )
        assert out.tests is not None and out.tests.final_passed is True, out
        assert not list(work.iterdir())  # the scratch folder was cleaned up
    finally:
        subprocess.run(["rm", "-rf", str(work)], check=False)  # rm copes with any depth

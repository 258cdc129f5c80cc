"""Fixtures of the QA worker tests: a real sample repo, a blob folder, a test runner."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from bench.sample_repo import REPO_ID, SampleRepo, make_sample_repo
from fixtrace_config import Settings
from qa_agents.repo_tests import ReposConfig, RepoSpec, RepoTestRunner
from sinks.blobs import FilesystemBlobStore


@pytest.fixture()
def blobs(tmp_path: Path) -> FilesystemBlobStore:
    return FilesystemBlobStore(tmp_path / "blobs", fsync=False)


@pytest.fixture(scope="session")
def sample_repo(tmp_path_factory: pytest.TempPathFactory) -> SampleRepo:
    """One git repo with the bug on its base commit (read-only use: clones are per run)."""
    return make_sample_repo(tmp_path_factory.mktemp("sample") / "repo")


@pytest.fixture()
def qa_settings(tmp_path: Path) -> Settings:
    """Offline settings: bubblewrap sandbox, no model key, short test timeout."""
    return Settings(data_dir=tmp_path, sandbox_backend="bwrap", qa_test_timeout_s=60.0).model_copy(
        update={"anthropic_api_key": None}
    )


@pytest.fixture()
def worker_settings(unique_topics: Settings, qa_settings: Settings) -> Settings:
    """``qa_settings`` on this test's own topics and consumer group (for a QA worker)."""
    kafka = {
        k: getattr(unique_topics, k)
        for k in ("kafka_bootstrap", "topic_finalized", "topic_qa", "topic_dlq")
    }
    return qa_settings.model_copy(
        update={**kafka, "qa_consumer_group": f"qa-{uuid.uuid4().hex[:6]}"}
    )


def make_runner(
    settings: Settings, blobs: FilesystemBlobStore, repo: SampleRepo, **spec: object
) -> RepoTestRunner:
    repos = ReposConfig(repos={REPO_ID: RepoSpec(source=str(repo.path), **spec)})
    return RepoTestRunner(settings, blobs, repos=repos)


@pytest.fixture()
def runner(
    qa_settings: Settings, blobs: FilesystemBlobStore, sample_repo: SampleRepo
) -> RepoTestRunner:
    return make_runner(qa_settings, blobs, sample_repo)

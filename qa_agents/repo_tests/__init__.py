"""Repository tests stage (SWE-bench style) run in the sandbox."""

from qa_agents.repo_tests.config import ReposConfig, RepoSpec, load_repos_config
from qa_agents.repo_tests.runner import RepoTestOutcome, RepoTestRunner

__all__ = ["RepoSpec", "RepoTestOutcome", "RepoTestRunner", "ReposConfig", "load_repos_config"]

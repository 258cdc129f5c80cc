"""Per-repository test configuration: where to get the repo and how to test it.

A TOML or JSON file (``settings.qa_repos_file``) maps ``repo_id`` to a source (a local
mirror path, a git bundle, or a URL), an optional test command, the requirements installed
into the sandbox's Python env before the run, and limits.

    [repos."acme/httpparse"]
    source = "/srv/mirrors/httpparse.git"
    test_command = "pytest -q"
    requirements = ["pytest", "requests==2.32.3"]
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field


class RepoSpec(BaseModel):
    """How to fetch and test one repository."""

    model_config = ConfigDict(extra="forbid")

    source: str | None = Field(None, description="Mirror path, bundle file, or URL.")
    test_command: str | None = Field(
        None, description="Overrides the trace's own test command when set."
    )
    requirements: list[str] = Field(default_factory=list)
    image: str = "python:3.11-slim"
    timeout_s: float | None = None
    memory_mb: int = 2048
    env: dict[str, str] = Field(default_factory=dict)


class ReposConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    repos: dict[str, RepoSpec] = Field(default_factory=dict)

    def get(self, repo_id: str) -> RepoSpec:
        """The spec of ``repo_id``, or defaults (source from the trace's remote URL)."""
        return self.repos.get(repo_id) or RepoSpec()


def load_repos_config(path: Path | None) -> ReposConfig:
    """Read the per-repo file (TOML by default, JSON for ``.json``); none → empty config."""
    if path is None:
        return ReposConfig()
    text = path.read_text()
    data = json.loads(text) if path.suffix == ".json" else tomllib.loads(text)
    return ReposConfig.model_validate(data)

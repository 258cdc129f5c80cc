"""Per-repository test configuration: where to get the repo and how to test it.

A TOML or JSON file (``settings.qa_repos_file``) maps ``repo_id`` to a source (a local
mirror path, a git bundle, or a URL), an optional test command, the requirements installed
into the sandbox's Python env before the run, and limits.

    [repos."acme/httpparse"]
    source = "/srv/mirrors/httpparse.git"
    test_command = "pytest -q"
    requirements = ["pytest", "requests==2.32.3"]

Traces that carry an evaluation spec (benchmark instances such as SWE-bench's) also use
``install`` (the repository's own install step, run offline inside the sandbox after the
requirements were installed into the env on the host) and ``log_parser``; a benchmark's
per-version pins go under ``versions``, keyed by the spec's ``version``:

    [repos."pallets/flask"]
    source = "/srv/mirrors/flask.git"
    install = "python -m pip install -e ."
    requirements = ["pytest", "setuptools"]

    [repos."pallets/flask".versions."2.3"]
    requirements = ["pytest", "setuptools==70.0.0", "Werkzeug==2.3.7", "Jinja2==3.1.2"]
"""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from qa_agents.sandbox.pyenv import PyEnvError


class RepoSettings(BaseModel):
    """The settings one version of a repository may override (every field optional)."""

    model_config = ConfigDict(extra="forbid")

    test_command: str | None = Field(
        None,
        description="Overrides the trace's own test command when set. With an evaluation "
        "spec: the command the spec's test files are appended to (default `pytest -rA`).",
    )
    requirements: list[str] | None = Field(
        None, description="Third-party packages installed into the env on the host."
    )
    install: str | None = Field(
        None,
        description="The repository's install step (evaluation specs only), run in the "
        "sandbox without network, e.g. `python -m pip install -e .`.",
    )
    log_parser: Literal["pytest", "pytest_options"] | None = Field(
        None,
        description="How test ids are read from the output (evaluation specs only); "
        "`pytest_options` shortens absolute paths inside parameter ids as SWE-bench does.",
    )
    python: str | None = Field(
        None,
        description="The sandbox env's base interpreter (the harness's per-version Python): a "
        "path, or a version such as `3.9` found as `python3.9` on PATH; default "
        "/usr/bin/python3. It must be readable by the sandbox uid.",
    )
    image: str | None = None
    timeout_s: float | None = None
    install_timeout_s: float | None = None
    memory_mb: int | None = None
    env: dict[str, str] | None = None


class RepoSpec(BaseModel):
    """How to fetch and test one repository (one version's overrides already applied)."""

    model_config = ConfigDict(extra="forbid")

    source: str | None = Field(None, description="Mirror path, bundle file, or URL.")
    test_command: str | None = Field(
        None, description="Overrides the trace's own test command when set."
    )
    requirements: list[str] = Field(default_factory=list)
    install: str | None = None
    log_parser: Literal["pytest", "pytest_options"] = "pytest"
    python: str | None = None
    image: str = "python:3.11-slim"
    timeout_s: float | None = None
    install_timeout_s: float = 600.0
    memory_mb: int = 2048
    env: dict[str, str] = Field(default_factory=dict)
    versions: dict[str, RepoSettings] = Field(
        default_factory=dict, description="Overrides by evaluation-spec version."
    )

    def for_version(self, version: str | None) -> RepoSpec:
        """This spec with the overrides of ``version`` applied (unknown version: as is)."""
        override = self.versions.get(version or "")
        if override is None:
            return self
        return self.model_copy(update=override.model_dump(exclude_none=True))


def base_interpreter(python: str | None) -> Path | None:
    """The interpreter a spec's ``python`` names (None: the env builder's default).

    A value with a ``/`` is a path; a version (``3.9``) is ``python3.9`` on PATH. Raises
    :class:`PyEnvError` naming what is missing, so the stage fails with a clear flag.
    """
    if not python:
        return None
    if "/" in python:
        return Path(python)
    found = shutil.which(f"python{python}")
    if found is None:
        raise PyEnvError(
            f"no python{python} on PATH for this repository's tests: install it, or give "
            "`python` as a path in the repos file"
        )
    return Path(found)


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

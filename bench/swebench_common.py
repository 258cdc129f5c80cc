"""What the SWE-bench benches share: local mirrors as repository sources, the repos file."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from qa_agents.repo_tests import ReposConfig
from qa_agents.repo_tests.config import RepoSettings


def mirror_sources(
    repos: set[str], mirror_root: Path | None, overrides: list[str], *, strict: bool = True
) -> dict[str, str]:
    """``owner/name`` → a local git dir: ``OWNER/NAME=PATH`` flags, else ``<root>/<owner>+<name>``.

    A repository without a mirror raises ``SystemExit`` naming it (nothing is downloaded),
    or with ``strict=False`` is only reported: its instances will get no verdict.
    """
    found: dict[str, str] = {}
    for item in overrides:
        name, _, path = item.partition("=")
        found[name] = path
    for repo in repos - set(found):
        if mirror_root is None:
            continue
        folder = mirror_root / repo.replace("/", "+")
        for candidate in (folder / "repo", folder):
            if (candidate / "HEAD").is_file() or (candidate / ".git").exists():
                found[repo] = str(candidate)
                break
    missing = sorted(repos - set(found))
    if missing:
        message = (
            f"no local mirror for {', '.join(missing)}: pass --mirror-root (folders "
            "<owner>+<name>/repo) or --mirror owner/name=PATH"
        )
        if strict:
            raise SystemExit(message)
        print(f"warning: {message}; their instances get no verdict", flush=True)
    return found


def repos_config(path: Path, sources: dict[str, str]) -> ReposConfig:
    """The bench's repos file with each repository's mirror as its source."""
    data = tomllib.loads(path.read_text())
    for repo, source in sources.items():
        data.setdefault("repos", {}).setdefault(repo, {})["source"] = source
    return ReposConfig.model_validate(data)


def write_repos_file(config: ReposConfig, path: Path) -> Path:
    """The config as a JSON repos file (what ``FIXTRACE_QA_REPOS_FILE`` points the worker at)."""
    path.write_text(json.dumps(config.model_dump(mode="json", exclude_none=True), indent=1))
    return path


def with_interpreters(config: ReposConfig, overrides: list[str]) -> ReposConfig:
    """The config with each ``python`` version named in ``VERSION=PATH`` flags as that path.

    The repos file says which Python a version needs (``python = "3.9"``, as the harness's
    specs do); where that interpreter lives is this machine's business.
    """
    paths = dict(item.partition("=")[::2] for item in overrides)

    def resolve(settings: RepoSettings) -> None:
        if settings.python in paths:
            settings.python = paths[settings.python]

    for spec in config.repos.values():
        resolve(spec)
        for version in spec.versions.values():
            resolve(version)
    return config

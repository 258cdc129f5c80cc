"""Wiring of the executor to ``qa_agents.sandbox``: its env builder and its sandbox backend."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, Field

from fixtrace_config import Settings
from qa_agents.mre.environment.pypi import PypiClient
from qa_agents.mre.environment.resolver import Interpreter, probe_interpreter
from qa_agents.mre.run.execute import (
    DEFAULT_TIMEOUT_S,
    BuiltEnv,
    EnvBuilder,
    Executor,
    InstallError,
    is_transient,
)

DEFAULT_WORK_ROOT = Path("/var/tmp/fixtrace-mre-runs")
DEFAULT_PYPI_CACHE = Path("/var/tmp/fixtrace-mre-pypi")


class MreOptions(BaseModel):
    """Knobs of one validation run that are not global settings."""

    timeout_s: float = Field(DEFAULT_TIMEOUT_S, gt=0, description="Wall time of the script run.")
    pyenv_cache_dir: Path | None = Field(None, description="None: the sandbox's default cache.")
    work_root: Path = Field(DEFAULT_WORK_ROOT, description="Parent of per-run sandbox workdirs.")
    pypi_timeout_s: float = 5.0
    pypi_retries: int = 2
    pypi_cache_dir: Path | None = Field(
        DEFAULT_PYPI_CACHE, description="PyPI answers kept between runs (None: memory only)."
    )
    pypi_cache_ttl_s: float = 3600.0
    install_attempts: int = Field(2, ge=1, description="Env builds retried on transient errors.")
    base_python: Path = Field(
        Path("/usr/bin/python3"), description="The interpreter sandboxed envs are built from."
    )


def pyenv_builder(cache_dir: Path | None = None, base_python: Path | None = None) -> EnvBuilder:
    """``qa_agents.sandbox.pyenv.build_env`` as the executor's env builder."""
    from qa_agents.sandbox.pyenv import DEFAULT_BASE_PYTHON, PyEnvError, build_env

    def build(requirements: list[str]) -> BuiltEnv:
        try:
            env = build_env(
                requirements, cache_dir=cache_dir, base_python=base_python or DEFAULT_BASE_PYTHON
            )
        except PyEnvError as exc:
            raise InstallError(str(exc), transient=is_transient(str(exc))) from exc
        return BuiltEnv(path=env.path, install_s=env.create_s + env.install_s, cached=env.cached)

    return build


def default_executor(settings: Settings, options: MreOptions) -> Executor:
    """The production executor: cached pyenv envs, the configured sandbox backend."""
    from qa_agents.sandbox import sandbox_from_settings

    return Executor(
        env_builder=pyenv_builder(options.pyenv_cache_dir, options.base_python),
        sandbox_factory=lambda: sandbox_from_settings(settings),
        timeout_s=options.timeout_s,
        work_root=options.work_root,
        install_attempts=options.install_attempts,
    )


def default_pypi(options: MreOptions) -> PypiClient:
    """The PyPI client of a run, sharing answers with other runs through the disk cache."""
    return PypiClient(
        timeout_s=options.pypi_timeout_s,
        retries=options.pypi_retries,
        cache_dir=options.pypi_cache_dir,
        cache_ttl_s=options.pypi_cache_ttl_s,
    )


def sandbox_interpreter(options: MreOptions) -> Interpreter:
    """The Python the sandboxed runs use (asked once per process)."""
    return probe_interpreter(options.base_python)

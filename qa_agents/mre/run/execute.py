"""Sandboxed execution of the extracted script in a fresh env with the chosen packages.

Packages are pip-installed into a cached, world-readable env *before* the sandbox starts
(the sandbox has no network); the script then runs in ``qa_agents.sandbox`` with stdin
closed, so ``input()`` ends in EOFError (reported as needs_interaction) instead of hanging.
"""

from __future__ import annotations

import re
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from pydantic import BaseModel

from qa_agents.mre import repository as trace_repo
from qa_agents.mre.models import SCRIPT_NAME, ExecutionResults, MreError, RepositoryRun
from qa_agents.mre.read.tracebacks import parse_exception
from qa_agents.mre.repository import TraceRepository
from qa_agents.mre.run import network_probe
from qa_agents.mre.script.external_needs import analyse

DEFAULT_TIMEOUT_S = 30.0
_TRANSIENT = re.compile(
    r"timed? ?out|temporary failure|connection (?:reset|refused|aborted)|"
    r"could not fetch url|max retries exceeded|http error 5\d\d|remote end closed|"
    r"network is unreachable|name resolution",
    re.IGNORECASE,
)


class BuiltEnv(BaseModel):
    """A ready interpreter env and what installing into it cost."""

    path: Path
    install_s: float
    cached: bool = False


class EnvBuilder(Protocol):
    """Builds (or reuses) an env with ``requirements`` installed; raises on failure."""

    def __call__(self, requirements: list[str]) -> BuiltEnv: ...


class SandboxRunner(Protocol):
    """The slice of ``qa_agents.sandbox.Sandbox`` the executor needs."""

    def run(self, spec: object) -> object: ...


class InstallError(RuntimeError):
    """Packages could not be installed; ``transient`` says whether a retry may help."""

    def __init__(self, message: str, transient: bool) -> None:
        super().__init__(message)
        self.transient = transient


def is_transient(message: str) -> bool:
    """Network hiccups and timeouts are worth a retry; everything else is deterministic."""
    return bool(_TRANSIENT.search(message))


def env_python_version(env: Path) -> str | None:
    """The interpreter version of a venv, from its ``pyvenv.cfg``."""
    cfg = env / "pyvenv.cfg"
    if not cfg.is_file():
        return None
    for line in cfg.read_text(encoding="utf-8").splitlines():
        key, _, value = line.partition("=")
        if key.strip() in {"version", "version_info"}:
            return value.strip()
    return None


def _tail(text: str, limit: int = 1500) -> str:
    return text if len(text) <= limit else "…" + text[-limit:]


class Executor:
    """Runs scripts: env build (with retries on transient failure), then one sandboxed run."""

    def __init__(
        self,
        env_builder: EnvBuilder,
        sandbox_factory: Callable[[], SandboxRunner],
        timeout_s: float = DEFAULT_TIMEOUT_S,
        work_root: Path | None = None,
        install_attempts: int = 2,
    ) -> None:
        self._build_env = env_builder
        self._sandbox_factory = sandbox_factory
        self.timeout_s = timeout_s
        self._work_root = work_root
        self._install_attempts = install_attempts

    def run(
        self,
        code: str,
        requirements: list[str],
        files: dict[str, str] | None = None,
        repository: TraceRepository | None = None,
    ) -> ExecutionResults:
        """Install ``requirements`` then execute ``code`` next to ``files``.

        With the trace's ``repository`` the run's folder is a fresh clone of it at the
        trace's commit (the code runs from the repository's root, as its author ran it),
        its requirements join the env, and it is installed or put on ``PYTHONPATH`` the
        way the tests stage does. Failures of ours (env build, sandbox) become the error
        object, never a result.
        """
        facts = analyse(code)
        base = ExecutionResults(
            files_provided=sorted(files or {}),
            packages_installed=list(requirements),
            file_dependencies=facts.file_dependencies,
            flakiness_sources=(
                ["network: " + r for r in facts.network_reasons] if facts.uses_network else []
            ),
        )
        if repository is not None:
            requirements = repository.run_requirements(requirements)
        try:
            env = self._env_with_retries(requirements)
        except InstallError as exc:
            base.error = MreError(
                error="InstallError",
                step="executor",
                message=f"Failed to install {', '.join(requirements) or 'the environment'}: "
                + _tail(str(exc)),
                recovery_suggestion="Check the package index and the env builder, then re-run",
                transient=exc.transient,
            )
            return base
        base.install_time_ms = int(env.install_s * 1000)
        base.python_version = env_python_version(env.path)
        try:
            return self._run_in_sandbox(code, env, base, facts.uses_input, files or {}, repository)
        except Exception as exc:  # the sandbox could not start: report, never crash the run
            base.error = MreError(
                error=type(exc).__name__,
                step="executor",
                message=f"Sandbox could not run the code: {exc}",
                recovery_suggestion="Check the sandbox backend (bubblewrap or Docker)",
            )
            return base

    def _env_with_retries(self, requirements: list[str]) -> BuiltEnv:
        last: InstallError | None = None
        for _ in range(max(1, self._install_attempts)):
            try:
                return self._build_env(sorted(requirements))
            except InstallError as exc:
                last = exc
            except Exception as exc:  # builder-specific errors: classify by message
                last = InstallError(str(exc), transient=is_transient(str(exc)))
            if not last.transient:
                break
        assert last is not None
        raise last

    def _run_in_sandbox(
        self,
        code: str,
        env: BuiltEnv,
        base: ExecutionResults,
        uses_input: bool,
        files: dict[str, str],
        repository: TraceRepository | None = None,
    ) -> ExecutionResults:
        from qa_agents.sandbox import SandboxSpec

        root = self._work_root or Path(tempfile.gettempdir())
        root.mkdir(parents=True, exist_ok=True)
        workdir = Path(tempfile.mkdtemp(prefix="mre-run-", dir=root))
        workdir.chmod(0o755)
        try:
            if repository is not None:
                trace_repo.clone_into(repository, workdir)
            (workdir / SCRIPT_NAME).write_text(code, encoding="utf-8")
            for name, content in files.items():
                target = workdir / name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(content, encoding="utf-8")
                target.chmod(0o644)
            probe_env = network_probe.install(workdir)
            run_env = {"PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1", **probe_env}
            python_env: Path | None = env.path
            if repository is not None:
                base.repository, run_env = self._with_repository(repository, workdir, env, run_env)
                python_env = None if repository.spec.install else env.path
                if base.repository.install_exit_code not in (None, 0):
                    base.error = _install_failed(base.repository)
                    return base
            spec = SandboxSpec(
                command=["python", "-u", SCRIPT_NAME],
                workdir=workdir,
                timeout_s=self.timeout_s,
                python_env=python_env,
                env=run_env,
                network=False,
                ro_paths=[] if python_env else [env.path],
            )
            started = time.perf_counter()
            result = self._sandbox_factory().run(spec)
            wall_ms = int((time.perf_counter() - started) * 1000)
            base.network_attempts = network_probe.hosts_tried(workdir)
        finally:
            shutil.rmtree(workdir, ignore_errors=True)
        stderr = str(getattr(result, "stderr", ""))
        timed_out = bool(getattr(result, "timed_out", False))
        base.exit_code = int(getattr(result, "exit_code", -1))
        base.stdout = str(getattr(result, "stdout", ""))
        # a failed run whose traceback went to stdout: pytest prints its tests' failures there
        exc = parse_exception(stderr) or (parse_exception(base.stdout) if base.exit_code else None)
        base.stderr = stderr
        base.exception = f"{exc[0]}: {exc[1]}" if exc and exc[1] else (exc[0] if exc else None)
        base.timed_out = timed_out
        base.execution_time_ms = int(getattr(result, "duration_ms", wall_ms))
        base.sandbox_backend = str(getattr(result, "backend", ""))
        base.needs_interaction = (uses_input and timed_out) or waited_for_the_keyboard(
            exc, uses_input
        )
        return base

    def _with_repository(
        self, repository: TraceRepository, workdir: Path, env: BuiltEnv, run_env: dict[str, str]
    ) -> tuple[RepositoryRun, dict[str, str]]:
        """Make the cloned repository importable as the tests stage does: its install step
        run offline in the sandbox over a layered venv, or its roots on ``PYTHONPATH``."""
        from qa_agents.sandbox import SandboxSpec

        record = RepositoryRun(
            repo_id=repository.repo_id,
            source=repository.source,
            commit=repository.commit,
            modules=repository.modules,
            installed_by="",
        )
        spec_env = repository.spec.env
        if not repository.spec.install:  # relative: the run's cwd is the checkout's root
            paths = [p for p in (run_env.get("PYTHONPATH", ""), *repository.import_roots) if p]
            record.installed_by = "PYTHONPATH=" + ":".join(repository.import_roots)
            return record, {**spec_env, **run_env, "PYTHONPATH": ":".join(paths)}
        install_env, after_env = trace_repo.layered_venv(workdir, env.path)
        record.installed_by = repository.spec.install
        result = self._sandbox_factory().run(
            SandboxSpec(
                command=["sh", "-c", repository.spec.install],
                workdir=workdir,
                timeout_s=repository.spec.install_timeout_s,
                cpu_s=max(60, int(repository.spec.install_timeout_s) + 1),
                memory_mb=repository.spec.memory_mb,
                env={**install_env, **spec_env},
                ro_paths=[env.path],
                network=False,
            )
        )
        record.install_exit_code = int(getattr(result, "exit_code", -1))
        output = f"{getattr(result, 'stdout', '')}{getattr(result, 'stderr', '')}"
        record.install_output = _tail(output)
        return record, {**after_env, **spec_env, **run_env}


def _install_failed(record: RepositoryRun) -> MreError:
    return MreError(
        error="RepositoryInstallError",
        step="executor",
        message=f"The install step of {record.repo_id} at {record.commit[:12]} "
        f"(`{record.installed_by}`) exited {record.install_exit_code}: "
        + _tail(record.install_output, 600),
        recovery_suggestion="Check the repository's `install` in the QA repos file",
    )


def waited_for_the_keyboard(exc: tuple[str, str] | None, uses_input: bool) -> bool:
    """The run hit the end of its closed standard input: ``input()`` in the script, or a
    prompt library's own read (prompt_toolkit raises a bare ``EOFError``). A message of
    another reader (pickle's "Ran out of input") is a file, not the keyboard."""
    if exc is None or exc[0] != "EOFError":
        return False
    return uses_input or not exc[1] or "EOF when reading a line" in exc[1]

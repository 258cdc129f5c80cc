"""SWE-bench-style test stage: base commit, test command before and after the final patch.

Steps: clone the repo at ``commit_base`` on the host; build (or reuse) a Python env with the
requirements on the host; run the test command in the sandbox with only the test-file part
of the final patch applied ("before"); clone again, apply the whole patch; run again
("after"). Pass/fail and per-test outcomes come from what the host observed (the exit
status, pytest's ``-rA`` summary on the captured output); the run's JUnit file is kept as
detail and flagged when missing or in disagreement (see ``observed.py``). Everything the
sandbox printed is stored as blobs.

The host never runs git in a tree a sandboxed run has written: the run could have put a
filter, an fsmonitor or an alias in ``.git/config``, which git on the host would execute
as root. Hence a fresh clone for the "after" run instead of a reset. Files the run left
are read with :func:`~qa_agents.sandbox.paths.read_sandbox_file` (no symlinks followed).

A trace whose task carries an evaluation spec (a benchmark instance) is graded instead by
the spec's held-out tests with the SWE-bench harness's rules: see ``evaluation.py``.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

from pydantic import BaseModel, Field

from fixtrace_config import Settings
from qa_agents.ports import Blobs, get_text, put_text
from qa_agents.repo_tests.command import build_command, record_invocation
from qa_agents.repo_tests.config import (
    ReposConfig,
    RepoSpec,
    base_interpreter,
    load_repos_config,
)
from qa_agents.repo_tests.evaluation import DEFAULT_EVAL_COMMAND, OUTPUT_LIMIT_BYTES, Evaluation
from qa_agents.repo_tests.git import GitError, apply_patch, clone_at
from qa_agents.repo_tests.junit import Outcome, parse_junit, transitions
from qa_agents.repo_tests.observed import observed_outcomes, report_flags
from qa_agents.sandbox import (
    Sandbox,
    SandboxError,
    SandboxSpec,
    SandboxUnavailable,
    sandbox_from_settings,
)
from qa_agents.sandbox.paths import read_sandbox_file
from qa_agents.sandbox.pyenv import PyEnv, build_env
from qa_agents.trace_facts import final_patch_text, is_test_path, split_patch, test_run_events
from schemas.document import QATests, TestInvocation, TraceDocument
from schemas.models import StageStatus

DEFAULT_COMMAND = "pytest -q"
REPORT_MAX_BYTES = 64 << 20
"""Largest JUnit report read back from a run (the sandbox's file-size limit is larger)."""


class RepoTestOutcome(BaseModel):
    """What the tests stage hands back: ``qa.tests`` plus stage status and flags."""

    status: StageStatus
    tests: QATests | None = None
    flags: list[str] = Field(default_factory=list)
    error: str | None = None


def choose_command(doc: TraceDocument, spec: RepoSpec) -> str | None:
    """The per-repo command when configured, else the trace's last test run's command."""
    if spec.test_command:
        return spec.test_command
    runs = test_run_events(doc)
    return runs[-1][1].command if runs else None


def env_requirements(spec: RepoSpec, command: str) -> list[str]:
    """The spec's requirements plus what the run itself needs, unless already named.

    pytest for a pytest command; pip, setuptools and wheel when the repository is installed
    (the offline install builds with the env's own tools).
    """
    reqs = list(spec.requirements)
    named = {re.split(r"[\s\[<>=!~;]", r.strip(), maxsplit=1)[0].lower() for r in reqs}
    needed = ["pytest"] if build_command(command, "r.xml").runner == "pytest" else []
    if spec.install:
        needed += ["pip", "setuptools", "wheel"]
    return reqs + [name for name in needed if name not in named]


def test_part(patch: str) -> str:
    """The test-file sections of a patch (applied to the "before" run too)."""
    return "".join(f.text for f in split_patch(patch).files if is_test_path(f.path))


class RepoTestRunner:
    """Runs the tests stage for one trace at a time; reuse one runner per worker."""

    def __init__(
        self,
        settings: Settings,
        blobs: Blobs,
        *,
        sandbox: Sandbox | None = None,
        repos: ReposConfig | None = None,
        env_builder: Callable[[Iterable[str]], PyEnv] = build_env,
    ) -> None:
        self.settings = settings
        self.blobs = blobs
        self._sandbox = sandbox
        self.repos = repos if repos is not None else load_repos_config(settings.qa_repos_file)
        self.env_builder = env_builder

    @property
    def sandbox(self) -> Sandbox:
        if self._sandbox is None:
            self._sandbox = sandbox_from_settings(self.settings)
        return self._sandbox

    def repository(self, doc: TraceDocument) -> tuple[RepoSpec, str | None]:
        """The trace's repository spec (an evaluation spec's version applied) and where
        to clone it from (the repos file's source, else the trace's remote URL)."""
        spec = self.repos.get(doc.repo.repo_id)
        if doc.task.evaluation is not None:
            spec = spec.for_version(doc.task.evaluation.version)
        return spec, spec.source or doc.repo.remote_url

    def run(self, doc: TraceDocument) -> RepoTestOutcome:
        evalspec = doc.task.evaluation
        spec, source = self.repository(doc)
        if not source:
            return RepoTestOutcome(status=StageStatus.skipped, flags=["no_repo_source"])
        if evalspec is not None:
            command: str | None = spec.test_command or DEFAULT_EVAL_COMMAND
        else:
            command = choose_command(doc, spec)
        if command is None:
            return RepoTestOutcome(status=StageStatus.skipped, flags=["no_test_command"])
        try:
            patch = final_patch_text(doc, self.blobs)
        except Exception as exc:
            return RepoTestOutcome(
                status=StageStatus.failed, flags=["final_patch_unavailable"], error=str(exc)
            )
        try:
            base = base_interpreter(spec.python)
            kwargs = {"base_python": base} if base is not None else {}
            env = self.env_builder(env_requirements(spec, command), **kwargs)
            sandbox = self.sandbox
        except SandboxError as exc:
            flag = "sandbox_unavailable" if isinstance(exc, SandboxUnavailable) else "env_failed"
            return RepoTestOutcome(status=StageStatus.failed, flags=[flag], error=str(exc))
        root = self.settings.qa_work_dir
        root.mkdir(parents=True, exist_ok=True)
        root.chmod(0o755)  # the sandbox uid must traverse to the workdir
        scratch = Path(tempfile.mkdtemp(prefix="qa-", dir=root))
        scratch.chmod(0o755)
        try:
            if evalspec is not None:
                return self._evaluate(scratch, source, doc, spec, patch, env, sandbox)
            return self._run_in(scratch, doc, spec, source, command, patch, env, sandbox)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)

    def _evaluate(
        self,
        scratch: Path,
        source: str,
        doc: TraceDocument,
        spec: RepoSpec,
        patch: str | None,
        env: PyEnv,
        sandbox: Sandbox,
    ) -> RepoTestOutcome:
        evalspec = doc.task.evaluation
        assert evalspec is not None
        try:
            test_patch = get_text(self.blobs, evalspec.test_patch_blob_id)
        except Exception as exc:
            return RepoTestOutcome(
                status=StageStatus.failed, flags=["eval_spec_unavailable"], error=str(exc)
            )
        evaluation = Evaluation(
            settings=self.settings,
            blobs=self.blobs,
            sandbox=sandbox,
            env=env,
            spec=spec,
            source=source,
            scratch=scratch,
            base=doc.repo.commit_base,
            evalspec=evalspec,
            test_patch=test_patch,
            patch=patch,
        )
        tests, error = evaluation.run()
        status = StageStatus.failed if tests.resolved is None else StageStatus.ok
        return RepoTestOutcome(
            status=status, tests=tests, flags=sorted(set(evaluation.flags)), error=error
        )

    def _run_in(
        self,
        scratch: Path,
        doc: TraceDocument,
        spec: RepoSpec,
        source: str,
        command: str,
        patch: str | None,
        env: PyEnv,
        sandbox: Sandbox,
    ) -> RepoTestOutcome:
        flags: list[str] = []
        repo = scratch / "before"
        try:
            clone_at(source, doc.repo.commit_base, repo)
        except GitError as exc:
            return RepoTestOutcome(
                status=StageStatus.failed, flags=["repo_unavailable"], error=str(exc)
            )
        tests = QATests(
            runner=build_command(command, "r.xml").runner,
            container_image=spec.image if sandbox.name == "docker" else None,
            sandbox_backend=sandbox.name,
        )
        if patch is None:
            flags.append("no_final_patch")
        elif (tpart := test_part(patch)) and tpart != patch:
            applied, _ = apply_patch(repo, tpart)
            if not applied:
                flags.append("test_patch_does_not_apply")
        before, before_outcomes = self._phase("before", command, repo, spec, env, sandbox, flags)
        tests.invocations.append(before)
        if patch is None:
            tests.final_passed = before.passed
            return self._done(tests, flags, StageStatus.degraded)
        repo = scratch / "after"  # a fresh clone: the "before" tree was the sandbox's
        try:
            clone_at(source, doc.repo.commit_base, repo)
        except GitError as exc:
            return RepoTestOutcome(
                status=StageStatus.failed, flags=["repo_unavailable"], error=str(exc)
            )
        applied, apply_err = apply_patch(repo, patch)
        if not applied:
            flags.append("patch_does_not_apply")
            tests.final_passed = False
            tests.patch_apply_stderr_blob_id = put_text(self.blobs, apply_err or "(no output)")
            return self._done(tests, flags, StageStatus.ok)
        after, after_outcomes = self._phase("after", command, repo, spec, env, sandbox, flags)
        tests.invocations.append(after)
        tests.final_passed = after.passed
        f2p, p2p, p2f = transitions(before_outcomes, after_outcomes)
        tests.fail_to_pass, tests.pass_to_pass, tests.pass_to_fail = f2p, p2p, p2f
        return self._done(tests, flags, StageStatus.ok)

    def _done(self, tests: QATests, flags: list[str], status: StageStatus) -> RepoTestOutcome:
        if any(inv.timed_out for inv in tests.invocations):
            flags.append("test_timeout")
        return RepoTestOutcome(status=status, tests=tests, flags=sorted(set(flags)))

    def _phase(
        self,
        phase: str,
        text: str,
        repo: Path,
        spec: RepoSpec,
        env: PyEnv,
        sandbox: Sandbox,
        flags: list[str],
    ) -> tuple[TestInvocation, dict[str, Outcome]]:
        """Run one phase; per-test outcomes are the ones the host saw in pytest's output."""
        cmd = build_command(text, f".fixtrace-junit-{phase}.xml")
        result = sandbox.run(
            SandboxSpec(
                command=cmd.argv,
                workdir=repo,
                timeout_s=spec.timeout_s or self.settings.qa_test_timeout_s,
                memory_mb=spec.memory_mb,
                env={"PYTHONPATH": ".", "PYTHONDONTWRITEBYTECODE": "1", **spec.env},
                python_env=env.path,
                image=spec.image,
                output_limit_bytes=OUTPUT_LIMIT_BYTES,
            )
        )
        if result.killed_reason == "disk_quota":
            flags.append("disk_quota_exceeded")
        if result.stdout_truncated:
            flags.append("test_output_truncated")
        report_blob = None
        report: dict[str, Outcome] | None = None
        data = (
            read_sandbox_file(repo / cmd.report_path, REPORT_MAX_BYTES) if cmd.report_path else None
        )
        if data is not None:
            xml = data.decode(errors="replace")
            report = parse_junit(xml)
            report_blob = put_text(self.blobs, xml, "application/xml")
        passed = result.ok
        outcomes: dict[str, Outcome] = {}
        if cmd.runner == "pytest":
            outcomes = observed_outcomes(f"{result.stdout}\n{result.stderr}")
            passed, found = report_flags(result, outcomes, report)
            flags.extend(found)
        invocation = record_invocation(
            self.blobs, text, phase, result,
            report_blob_id=report_blob,
            tests={k: v.value for k, v in sorted(outcomes.items())},
        )  # fmt: skip
        invocation.passed = passed
        return invocation, outcomes

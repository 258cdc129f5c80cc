"""Benchmark-grade tests stage: a trace's final patch graded by held-out tests (SWE-bench rules).

For a trace whose task carries an :class:`~schemas.models.EvalSpec`:

1. each phase works in its own fresh clone at ``commit_base`` (host, git only): the host
   never runs git in a tree a sandboxed run has written, where a planted ``.git/config``
   filter or fsmonitor would execute as root;
2. **before**: apply the spec's test patch, install the repository, run the test files the
   test patch touches;
3. **after**: apply the trace's final patch (``git apply``; failing that, ``patch --fuzz=5``
   as the harness escalates, run in the sandbox on a throwaway clone whose result comes
   back as a plain diff for ``git apply``), put the test patch's files back to the base
   version, apply the test patch, install, run the same tests;
4. grade the spec's FAIL_TO_PASS and PASS_TO_PASS ids on the "after" output with the
   harness's rules (:mod:`qa_agents.repo_tests.grading`); the "before" run only feeds
   ``f2p_passed_before`` (a spec or environment problem: the bug did not show).

Repository code (install step, tests, the fuzzy patch fallback) runs only in the sandbox;
see :mod:`qa_agents.repo_tests.overlay` for how the install works without network.

``resolved`` is True/False when a verdict was reached; None with a flag when the
environment, not the fix, stopped the run (install failed before any patch, test patch did
not apply, sandbox or repository unavailable, or PASS_TO_PASS tests that fail before the fix
as well as after it: the spec says they pass at its base, so this environment is not the
spec's — e.g. code too old for the sandbox's Python — or a spec test id the stream's
redaction altered: ``spec_test_id_redacted``). A final patch that does not apply, or that
breaks an install that worked before it, is a failed fix: ``resolved=False``.
"""

from __future__ import annotations

import json
import shlex
import time
from dataclasses import dataclass, field
from pathlib import Path

from fixtrace_config import Settings
from qa_agents.ports import Blobs, put_text
from qa_agents.repo_tests.command import SHELL_CHARS, is_pytest, record_invocation
from qa_agents.repo_tests.config import RepoSpec
from qa_agents.repo_tests.git import GitError, apply_patch, clone_at, restore_paths
from qa_agents.repo_tests.grading import (
    FAIL_TO_PASS,
    environment_failures,
    grade,
    is_resolved,
    parse_pytest_log,
    passed,
    redacted_spec_ids,
)
from qa_agents.repo_tests.overlay import INSTALL_ENV, make_overlay, overlay_env
from qa_agents.sandbox import Sandbox, SandboxResult, SandboxSpec
from qa_agents.sandbox.common import DEFAULT_PATH
from qa_agents.sandbox.pyenv import PyEnv
from qa_agents.trace_facts import split_patch
from schemas.document import QAEvaluation, QATests, TestInvocation
from schemas.models import EvalSpec

DEFAULT_EVAL_COMMAND = "pytest -rA"
"""The harness's command for pytest repositories; the test patch's files are appended."""

NON_TEST_SUFFIXES = (
    ".json", ".png", "csv", ".txt", ".md", ".jpg", ".jpeg", ".pkl", ".yml", ".yaml", ".toml",
)  # fmt: skip
"""Files of a test patch that are data, not tests to run (the harness's list)."""

FUZZY_PATCH_FILE = ".fixtrace-final.patch"
OUTPUT_LIMIT_BYTES = 32 * 1024 * 1024
"""pytest prints its ``-rA`` summary last: a cut tail would turn passes into "missing"."""


@dataclass
class TestPatchFiles:
    """The paths a test patch touches: modified files exist at base, created ones do not."""

    __test__ = False

    modified: list[str] = field(default_factory=list)
    created: list[str] = field(default_factory=list)

    @property
    def to_run(self) -> list[str]:
        return [p for p in (*self.modified, *self.created) if not p.endswith(NON_TEST_SUFFIXES)]


def test_patch_files(test_patch: str) -> TestPatchFiles:
    files = TestPatchFiles()
    for section in split_patch(test_patch).files:
        new = "\n--- /dev/null" in section.text or "\nnew file mode" in section.text
        (files.created if new else files.modified).append(section.path)
    return files


def eval_argv(command: str, files: list[str]) -> list[str]:
    """argv of ``command`` + ``files``; pytest gets ``-rA`` unless it already has ``-r``.

    A command with shell syntax runs in ``sh`` as written, the files appended.
    """
    if SHELL_CHARS & set(command):
        return ["sh", "-c", " ".join([command, *map(shlex.quote, files)])]
    tokens = shlex.split(command)
    if is_pytest(tokens) and not any(t.startswith("-r") for t in tokens):
        tokens.append("-rA")
    return [*tokens, *files]


@dataclass
class PhaseRun:
    """One run (before or after the fix): its invocation and the statuses it printed."""

    invocation: TestInvocation
    statuses: dict[str, str]


class Stop(Exception):
    """The run ends early; ``resolved`` is the verdict it leaves (None = no verdict)."""

    def __init__(self, flag: str, resolved: bool | None, detail: str = "") -> None:
        super().__init__(detail or flag)
        self.flag = flag
        self.resolved = resolved
        self.detail = detail


@dataclass
class Evaluation:
    """Grades one trace's final patch; each phase clones ``source`` at ``base`` in ``scratch``."""

    settings: Settings
    blobs: Blobs
    sandbox: Sandbox
    env: PyEnv
    spec: RepoSpec
    source: str
    scratch: Path
    base: str
    evalspec: EvalSpec
    test_patch: str
    patch: str | None
    flags: list[str] = field(default_factory=list)
    installs: list[TestInvocation] = field(default_factory=list)

    @property
    def files(self) -> TestPatchFiles:
        return test_patch_files(self.test_patch)

    @property
    def command(self) -> list[str]:
        return eval_argv(self.spec.test_command or DEFAULT_EVAL_COMMAND, self.files.to_run)

    def run(self) -> tuple[QATests, str | None]:
        """The tests result (``resolved`` set or None) and an error text when none."""
        started = time.monotonic()
        runs: dict[str, PhaseRun] = {}
        resolved: bool | None = None
        error: str | None = None
        try:
            runs["before"] = self._phase("before")
            if self.patch is None:
                raise Stop("no_final_patch", False)
            runs["after"] = self._phase("after")
        except Stop as stop:
            self.flags.append(stop.flag)
            resolved, error = stop.resolved, stop.detail or None
        before = runs["before"].statuses if "before" in runs else None
        after = runs["after"].statuses if "after" in runs else None
        tests = grade(self.evalspec.fail_to_pass, self.evalspec.pass_to_pass, before, after)
        # A spec test id the stream's redaction altered (a key-like part is taken like any
        # text's) can never match the output: it decides nothing, and says so.
        redacted = redacted_spec_ids(tests)
        graded = [t for t in tests if t.test_id not in redacted]
        if after is not None:
            resolved = is_resolved(graded)
            if redacted:
                self.flags.append("spec_test_id_redacted")
                if resolved:  # the other tests pass: the verdict hangs on unreadable ids
                    resolved = None
                    error = (
                        f"{len(redacted)} spec test id(s) were redacted at ingestion "
                        f"(e.g. {redacted[0]}): they cannot match the test output; no verdict"
                    )
            if broken := environment_failures(graded):
                # The spec's PASS_TO_PASS tests pass at its base by construction; failing
                # there and after alike, the failure is this environment's, not the fix's.
                self.flags.append("p2p_failed_before")
                resolved = None
                error = (
                    f"{len(broken)} PASS_TO_PASS test(s) fail before the fix as well as after "
                    f"(e.g. {broken[0]}): the environment differs from the spec's; no verdict"
                )
        if any(t.kind == FAIL_TO_PASS and passed(t.before) for t in tests):
            self.flags.append("f2p_passed_before")
        invocations = [r.invocation for r in runs.values()]
        if any(i.timed_out for i in [*invocations, *self.installs]):
            self.flags.append("test_timeout")
        seconds = {
            "install": sum(i.duration_ms for i in self.installs) / 1000,
            **{name: r.invocation.duration_ms / 1000 for name, r in runs.items()},
            "total": round(time.monotonic() - started, 3),
        }
        evaluation = QAEvaluation(
            dataset=self.evalspec.dataset,
            instance_id=self.evalspec.instance_id,
            version=self.evalspec.version,
            test_command=shlex.join(self.command),
            tests=tests,
            installs=self.installs,
            seconds=seconds,
        )
        qa_tests = QATests(
            runner="pytest" if self.spec.log_parser.startswith("pytest") else "custom",
            container_image=self.spec.image if self.sandbox.name == "docker" else None,
            sandbox_backend=self.sandbox.name,
            invocations=invocations,
            # What was seen: spec tests that went fail → pass, and that passed in both runs.
            fail_to_pass=[t.test_id for t in tests if t.ok and not passed(t.before)],
            pass_to_pass=[t.test_id for t in tests if t.ok and passed(t.before)],
            final_passed=resolved,
            resolved=resolved,
            evaluation=evaluation,
        )
        return qa_tests, error

    # -- phases -------------------------------------------------------------------------

    def _phase(self, name: str) -> PhaseRun:
        checkout = self._fresh_clone(name)
        if name == "after":
            assert self.patch is not None
            self._apply_final_patch(checkout, self.patch)
            try:
                restore_paths(checkout, self.base, self.files.modified, self.files.created)
            except GitError as exc:
                raise Stop("test_patch_does_not_apply", None, str(exc)) from exc
        applied, stderr = apply_patch(checkout, self.test_patch)
        if not applied:
            raise Stop("test_patch_does_not_apply", None, stderr.strip()[:2000])
        venv = make_overlay(checkout, self.env)
        if self.spec.install:
            self._install(name, checkout, venv)
        result = self._sandbox(checkout, self.command, self._timeout, self._env(venv))
        invocation = record_invocation(self.blobs, shlex.join(self.command), name, result)
        statuses = parse_pytest_log(
            f"{result.stdout}\n{result.stderr}",
            shorten_path_params=self.spec.log_parser == "pytest_options",
        )
        invocation.report_blob_id = put_text(
            self.blobs, json.dumps(statuses, sort_keys=True), "application/json"
        )
        if result.stdout_truncated:
            self.flags.append("test_output_truncated")
        return PhaseRun(invocation=invocation, statuses=statuses)

    def _fresh_clone(self, name: str) -> Path:
        """A clone at ``base`` that no sandboxed run has touched yet."""
        checkout = self.scratch / name
        try:
            clone_at(self.source, self.base, checkout)
        except GitError as exc:
            raise Stop("repo_unavailable", None, str(exc)) from exc
        return checkout

    def _apply_final_patch(self, checkout: Path, patch: str) -> None:
        applied, stderr = apply_patch(checkout, patch)
        if applied:
            return
        # The harness's last resort: GNU patch with fuzz. It follows paths and symlinks of
        # an untrusted tree, so it runs in the sandbox, on a throwaway clone; what it made
        # comes back as a plain diff (git's own, staged so new files count), which the host
        # applies with `git apply` to the clean checkout like any other patch.
        fuzz_tree = self._fresh_clone("fuzz")
        text = patch if patch.endswith("\n") else patch + "\n"
        (fuzz_tree / FUZZY_PATCH_FILE).write_text(text)
        script = (
            f"patch --batch --no-backup-if-mismatch --fuzz=5 -p1 -i {FUZZY_PATCH_FILE} "
            f"&& rm {FUZZY_PATCH_FILE} && git add -A && git diff --cached --binary"
        )
        result = self._sandbox(fuzz_tree, ["sh", "-c", script], 120.0, {"PATH": DEFAULT_PATH})
        fuzzed = result.stdout if result.ok and not result.stdout_truncated else ""
        applied_fuzzed = bool(fuzzed.strip()) and apply_patch(checkout, fuzzed)[0]
        if not applied_fuzzed:
            output = (result.stdout if not result.ok else "") + result.stderr
            detail = f"git apply: {stderr.strip()}\npatch --fuzz=5: {output.strip()}"
            raise Stop("patch_does_not_apply", False, detail[:4000])
        self.flags.append("patch_applied_with_fuzz")

    def _install(self, phase: str, checkout: Path, venv: Path) -> None:
        assert self.spec.install is not None
        env = self._env(venv, INSTALL_ENV)
        argv = ["sh", "-c", self.spec.install]
        result = self._sandbox(checkout, argv, self.spec.install_timeout_s, env)
        invocation = record_invocation(self.blobs, self.spec.install, f"install-{phase}", result)
        self.installs.append(invocation)
        if result.ok:
            return
        tail = (result.stderr or result.stdout).strip()[-2000:]
        # Installing the base worked, so a failure after the fix is the fix's doing.
        verdict = False if phase == "after" else None
        raise Stop("install_failed", verdict, f"install step failed ({phase}): {tail}")

    # -- sandbox ------------------------------------------------------------------------

    @property
    def _timeout(self) -> float:
        return self.spec.timeout_s or self.settings.qa_test_timeout_s

    def _env(self, venv: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
        env = overlay_env(venv, self.env, {**(extra or {}), **self.spec.env})
        if not self.spec.install:
            env.setdefault("PYTHONPATH", ".")  # no install step: import from the checkout
        return env

    def _sandbox(
        self, workdir: Path, argv: list[str], timeout_s: float, env: dict[str, str]
    ) -> SandboxResult:
        result = self.sandbox.run(
            SandboxSpec(
                command=argv,
                workdir=workdir,
                timeout_s=timeout_s,
                cpu_s=max(60, int(timeout_s) + 1),
                memory_mb=self.spec.memory_mb,
                env=env,
                ro_paths=[self.env.path],
                image=self.spec.image,
                output_limit_bytes=OUTPUT_LIMIT_BYTES,
            )
        )
        if result.killed_reason == "disk_quota":
            self.flags.append("disk_quota_exceeded")
        return result

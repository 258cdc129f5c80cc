"""Executor retry policy and failure reporting, with fake env builders and sandboxes."""

from __future__ import annotations

from pathlib import Path

from qa_agents.mre.run.execute import BuiltEnv, Executor, InstallError, is_transient


class Builder:
    def __init__(self, failures: list[InstallError]) -> None:
        self.failures = failures
        self.calls: list[list[str]] = []

    def __call__(self, requirements: list[str]) -> BuiltEnv:
        self.calls.append(requirements)
        if self.failures:
            raise self.failures.pop(0)
        return BuiltEnv(path=Path("/nonexistent-env"), install_s=0.0)


class BrokenSandbox:
    def run(self, spec: object) -> object:
        raise RuntimeError("bwrap: setting up uid map: Permission denied")


def _executor(builder: Builder, attempts: int = 3) -> Executor:
    return Executor(builder, BrokenSandbox, timeout_s=1, install_attempts=attempts)


def test_transient_install_failure_is_retried() -> None:
    builder = Builder([InstallError("Read timed out", transient=True)])
    result = _executor(builder).run("print(1)", ["pkg==1.0"])
    assert len(builder.calls) == 2
    assert result.error is not None and result.error.error != "InstallError"  # got past install


def test_deterministic_install_failure_is_not_retried() -> None:
    builder = Builder([InstallError("No matching distribution found for pkg==9", transient=False)])
    result = _executor(builder).run("print(1)", ["pkg==9"])
    assert len(builder.calls) == 1
    assert result.error is not None and result.error.error == "InstallError"
    assert result.error.success is False and result.error.recovery_suggestion


def test_generic_builder_errors_classified_by_message() -> None:
    assert is_transient("pip install failed: Connection reset by peer")
    assert is_transient("creating venv timed out after 900s")
    assert not is_transient("ERROR: No matching distribution found for nope")


def test_sandbox_failure_becomes_error_object() -> None:
    result = _executor(Builder([])).run("print(1)", [])
    assert result.error is not None and "Sandbox could not run" in result.error.message
    assert result.exit_code is None

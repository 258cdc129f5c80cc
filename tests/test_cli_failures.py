"""Every command, run as a user runs it, where it cannot do its job: one line, no traceback.

States: no stack at all; a stack record whose process lives but whose broker and gateway do
not answer (a stack that lost its broker); a bad file; a bad flag. Each command runs as a
subprocess (``fixtrace …`` and ``open-mre``) with private XDG homes and no ``FIXTRACE_*``
variables, and must exit with its documented code and exactly one line on stderr (``error:
…``, or ``fixtrace: …`` when a capture kept its records for later). The leaf commands are
read from the CLI itself: a new command without a case fails ``test_every_command_has_cases``.
A bad flag is refused by click before any command runs, so every command's bad flag goes
through the console script's entry function in this process, and a few as subprocesses.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
import typer

from fixtrace.local_services import free_port
from fixtrace_config import Settings
from fixtrace_config.stack_state import StackState, process_id, publish_stack, stack_endpoints

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "bench" / "data" / "swebench"
RUN = DATA / "trajectories" / "swe-agent" / "gpt4__swe-bench-dev-easy_first_only"
OPENHANDS = ROOT / "tests" / "producers" / "fixtures" / "openhands" / "output.jsonl"
MINI = DATA / "trajectories" / "mini-swe-agent" / "20251118_gemini-3-pro"
PREDICTIONS = next((DATA / "predictions" / "20240604_CodeR").glob("*.json*"))
BIN = Path(sys.executable).parent
CASE_TIMEOUT_S = 120.0


@dataclass(frozen=True)
class Case:
    """One invocation and what it must end with."""

    argv: tuple[str, ...]
    code: int = 1
    prefix: str = "error: "
    """What the one stderr line starts with ("" for a command that must print nothing)."""
    where: str = "empty"
    """Working folder: ``empty`` or ``repo`` (a git repository)."""


def leaf_commands() -> list[tuple[str, ...]]:
    """Every runnable ``fixtrace`` command path, read from the CLI."""
    from fixtrace.cli import app

    def walk(cmd: object, path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        ctx = typer.Context(cmd)  # type: ignore[arg-type]
        names = cmd.list_commands(ctx) if hasattr(cmd, "list_commands") else []
        if not names:
            yield path
        for name in names:
            yield from walk(cmd.get_command(ctx, name), (*path, name))  # type: ignore[attr-defined]

    return list(walk(typer.main.get_command(app), ()))


def _capture_cases(prefix: str) -> list[Case]:
    """A whole offline session: each step keeps its records and says so in one line."""
    return [
        Case(("capture", "start"), 0, prefix, "repo"),
        Case(("capture", "run", "--", "true"), 0, prefix, "repo"),
        Case(("thought", "the sign is wrong"), 0, prefix, "repo"),
        Case(("capture", "watch", "--once"), 0, prefix, "repo"),  # no edit; says what waits
        Case(("capture", "shell"), 0, "", "repo"),  # stdin is empty: the shell ends at once
        Case(("capture", "finish"), 0, prefix, "repo"),
        Case(("capture", "start"), 0, prefix, "repo"),
        Case(("capture", "abort"), 0, "", "repo"),  # local only: nothing to send, nothing said
    ]


def _unavailable(kept: str) -> list[Case]:
    """Cases for a state where no broker, gateway or store answers."""
    return [
        Case(("config",), 0, ""),
        Case(("schemas",), 0, ""),
        Case(("status",), 1, ""),  # a report on stdout; exit 1 says something is down
        Case(("admin", "init")),
        Case(("gateway", "--token", "t")),
        *_capture_cases(kept),
        Case(("import", "swe-agent", str(RUN), "--instances", str(DATA / "records.jsonl"))),
        Case(("import", "openhands", str(OPENHANDS))),
        Case(("import", "mini-swe-agent", str(MINI))),
        Case(
            ("import", "predictions", str(PREDICTIONS), "--instances", str(DATA / "records.jsonl"))
        ),
        Case(("worker", "streams")),
        Case(("worker", "qa")),
        Case(("replay", "--trace-id", "x")),
        Case(("replay", "--trace-id", "x", "--dry-run")),
        Case(("sql", "SELECT count() FROM traces")),
        Case(("export", "out.jsonl")),
        Case(("traces", "list")),
        Case(("traces", "show", "x")),
        Case(("traces", "report", "--batch", "x")),
        Case(("dlq", "list")),
        Case(("dlq", "show", "0")),
        Case(("dlq", "requeue", "--all")),
        Case(("ui", "--port", "0")),
    ]


NO_STACK = [
    *_unavailable("fixtrace: no Kafka broker answers at 127.0.0.1:9092 (the default"),
    Case(("stop",), 0, "no running stack found"),  # nothing to stop is no failure
]
DEAD_STACK = [
    *_unavailable("fixtrace: no Kafka broker answers at 127.0.0.1:"),
    Case(("demo", "--timeout", "5")),  # the stack it finds does not answer
]
BAD_FILE = [
    Case(("up", "--data-dir", "a-file"), 2),
    Case(("demo", "--data-dir", "a-file")),
    Case(("capture", "start", "--bug-report", "missing.md"), 2, where="repo"),
    Case(("import", "swe-agent", "missing.traj"), 2),
    Case(("import", "swe-agent", str(RUN), "--instances", "garbage.jsonl"), 2),
    Case(("import", "openhands", "missing.jsonl"), 2),
    Case(("import", "mini-swe-agent", "garbage.jsonl"), 1),
    Case(("import", "predictions", "missing.jsonl", "--instances", "garbage.jsonl"), 2),
    Case(("mre", "missing.md"), 2),
    Case(("worker", "qa", "--repos-file", "missing.toml")),
    Case(("export", "/proc/no/such/out.jsonl")),
    Case(("sql", "SELECT 1", "--param", "no-equals-sign"), 2),
    Case(("replay", "--since", "yesterday-ish"), 2),
    Case(("replay", "--offsets", "not-a-range"), 2),
    Case(("dlq", "show", "not-a-ref")),
]
EXEMPT = {
    ("up",): "with no stack it starts one (bad file and bad flag are tested)",
    ("demo",): "with no stack it starts one (a dead stack, a bad file and a bad flag are tested)",
    ("mre",): "needs no stack (a bad file and a bad flag are tested)",
}


@pytest.fixture()
def user(tmp_path: Path) -> Iterator[dict[str, Path | dict[str, str]]]:
    """A user's shell: private homes, no FIXTRACE_* variables, an empty folder and a repo."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("FIXTRACE_")}
    env.update(
        HOME=str(tmp_path / "home"),
        XDG_DATA_HOME=str(tmp_path / "home" / "data"),
        XDG_STATE_HOME=str(tmp_path / "home" / "state"),
        PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}",
        PYTHONWARNINGS="ignore",
    )
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "a-file").write_text("not a folder\n")
    (empty / "garbage.jsonl").write_text("{not json\n")
    repo = tmp_path / "repo"
    repo.mkdir()
    for args in (["init", "-q"], ["-c", "user.email=a@b", "-c", "user.name=A", "commit", "-q",
                                   "--allow-empty", "-m", "init"]):  # fmt: skip
        subprocess.run(["git", "-C", str(repo), *args], check=True, env=env)
    yield {"env": env, "empty": empty, "repo": repo}


def _run(case: Case, user: dict, env: dict[str, str] | None = None) -> str | None:
    """Run one case; the problem found, or None.

    The command runs in its own session: if it outlives ``CASE_TIMEOUT_S``, its whole process
    group is killed and the case fails by name (``subprocess.run`` would kill the command
    only, then wait forever on pipes a child of it still holds)."""
    argv = ([str(BIN / "fixtrace"), *case.argv] if case.argv[0] != "open-mre"
            else [str(BIN / "open-mre"), *case.argv[1:]])  # fmt: skip
    with subprocess.Popen(
        argv, cwd=user[case.where], env=env or user["env"], stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    ) as popen:  # fmt: skip
        try:
            stdout, stderr = popen.communicate(timeout=CASE_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            os.killpg(popen.pid, signal.SIGKILL)
            return f"{case.argv}: still running after {CASE_TIMEOUT_S:.0f} s (group killed)"
    proc = subprocess.CompletedProcess(argv, popen.returncode, stdout, stderr)
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    said = f"exit {proc.returncode}, stderr {proc.stderr[-800:]!r}"
    if "Traceback" in proc.stdout + proc.stderr:
        return f"{case.argv}: traceback: {said}"
    if proc.returncode != case.code:
        return f"{case.argv}: want exit {case.code}: {said}"
    if case.prefix and (len(lines) != 1 or not lines[0].startswith(case.prefix)):
        return f"{case.argv}: want one stderr line starting {case.prefix!r}: {said}"
    if not case.prefix and lines:
        return f"{case.argv}: want nothing on stderr: {said}"
    return None


def _run_all(cases: list[Case], user: dict, env: dict[str, str] | None = None) -> list[str]:
    """Run the cases, capture steps in order (they share one session), the rest in parallel."""
    ordered = [c for c in cases if c.where == "repo"]
    rest = [c for c in cases if c.where != "repo"]
    with ThreadPoolExecutor(4) as pool:
        later = [pool.submit(_run, c, user, env) for c in rest]
        problems = [_run(c, user, env) for c in ordered]
        problems += [f.result() for f in later]
    return [p for p in problems if p]


def test_every_command_has_cases() -> None:
    def covered(path: tuple[str, ...]) -> bool:
        return any(c.argv[: len(path)] == path for c in NO_STACK)

    missing = [path for path in leaf_commands() if not covered(path) and path not in EXEMPT]
    assert not missing, f"commands without a no-stack case (or a reason in EXEMPT): {missing}"


@pytest.mark.integration  # one subprocess per case
def test_no_stack(user: dict) -> None:
    assert _run_all(NO_STACK, user) == []


@pytest.mark.integration  # one subprocess per case
def test_stack_without_broker_or_gateway(user: dict, monkeypatch: pytest.MonkeyPatch) -> None:
    """The record of a live stack process whose broker and gateway are gone."""
    dead = f"127.0.0.1:{free_port()}"
    holder = subprocess.Popen(["sleep", "120"])
    try:
        settings = Settings(data_dir=user["empty"].parent / "stack", kafka_bootstrap=dead)
        state = StackState(
            pid=holder.pid, gateway_url=f"http://{dead}", kafka_bootstrap=dead, fleet_token="t",
            process_id=process_id(holder.pid), started_at_ms=1,
            endpoints=stack_endpoints(settings),
        )  # fmt: skip
        monkeypatch.setenv("XDG_STATE_HOME", user["env"]["XDG_STATE_HOME"])  # the user's home
        publish_stack(settings, state)
        assert _run_all(DEAD_STACK, user) == []
    finally:
        holder.kill()
        holder.wait()


@pytest.mark.integration  # one subprocess per case
def test_bad_files(user: dict) -> None:
    assert _run_all(BAD_FILE, user) == []


@pytest.mark.integration  # one subprocess per case
def test_bad_flags(user: dict) -> None:
    """A bad flag of a command, of ``open-mre``, and a command that does not exist, each as a
    user runs them (every command's bad flag: :func:`test_every_command_refuses_a_bad_flag`)."""
    cases = [Case(("traces", "show", "--bogus"), 2), Case(("open-mre", "--bogus"), 2)]
    cases.append(Case(("open-mre", "missing.md"), 2))
    cases.append(Case(("no-such-command",), 2))
    assert _run_all(cases, user) == []


def test_every_command_refuses_a_bad_flag(capsys: pytest.CaptureFixture[str]) -> None:
    """Every command, through the console script's own entry (:func:`fixtrace.cli.run`) in this
    process: click refuses the flag while parsing, before any command runs, so a process per
    command (about half a second of CPU each) would only add start-up time."""
    from fixtrace.cli import app, run

    problems = []
    for path in leaf_commands():
        code = run(typer.main.get_command(app), "fixtrace", [*path, "--bogus"])
        out, err = capsys.readouterr()
        lines = [line for line in err.splitlines() if line.strip()]
        if code != 2 or out or len(lines) != 1 or not lines[0].startswith("error: "):
            problems.append(f"{path}: exit {code}, stdout {out!r}, stderr {err!r}")
    assert problems == []

"""The capture commands' one-line answers (issue 31), run as a user runs them, no stack.

Each command confirms what it recorded in one line; ``capture run`` outside a repository
and ``capture start`` in a repository without a commit say so in one line instead of git's
own text; a capture can be aborted; ``thought --help`` shows a plain command; a mistyped
command gets a "did you mean".
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent
ROOT = Path(__file__).resolve().parents[2]
UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"


@pytest.fixture()
def env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("FIXTRACE_")}
    home = tmp_path / "home"
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"),
               XDG_STATE_HOME=str(home / "state"), PYTHONPATH=str(ROOT), COLUMNS="200")  # fmt: skip
    return env


def _fixtrace(env: dict[str, str], cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "fixtrace"), *args], cwd=cwd, env=env, text=True,
                          capture_output=True, timeout=120, stdin=subprocess.DEVNULL)  # fmt: skip


def _git(repo: Path, *args: str) -> None:
    who = ["-c", "user.email=d@example.invalid", "-c", "user.name=D"]
    subprocess.run(["git", "-C", str(repo), *who, *args], check=True, capture_output=True)


def test_each_step_confirms_in_one_line(env: dict[str, str], tmp_path: Path) -> None:
    repo = tmp_path / "calc"
    repo.mkdir()
    (repo / "calc.py").write_text("x = 1\n")
    _git(repo, "init", "-q", "-b", "main")
    empty = _fixtrace(env, repo, "capture", "start")
    assert empty.returncode == 2 and empty.stderr.strip() == (
        f"error: {repo} has no commit yet: commit once, then start the capture"
    )
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "one")

    start = _fixtrace(env, repo, "capture", "start", "--no-llm-judge")
    assert start.returncode == 0, start.stderr
    assert re.fullmatch(rf"capture started: trace ({UUID}) on calc at [0-9a-f]{{10}}; consent: "
                        r"raw code no, terminal output yes, LLM judge no\n", start.stdout), \
        start.stdout  # fmt: skip
    trace_id = re.search(UUID, start.stdout).group(0)  # type: ignore[union-attr]
    again = _fixtrace(env, repo, "capture", "start")
    assert again.returncode == 2 and "fixtrace capture abort" in again.stderr

    thought = _fixtrace(env, repo, "thought", "x is wrong", "--kind", "hypothesis")
    assert thought.stdout == f"thought recorded: hypothesis, event 1 of trace {trace_id}\n"
    abort = _fixtrace(env, repo, "capture", "abort")
    assert abort.returncode == 0 and abort.stderr == ""
    assert abort.stdout.startswith(f"capture aborted: trace {trace_id} stays open")
    assert (repo / ".git" / "fixtrace-capture" / f"aborted-{trace_id}.json").is_file()
    after = _fixtrace(env, repo, "capture", "run", "--", "true")
    assert after.returncode == 2 and "no capture session" in after.stderr

    outside = _fixtrace(env, tmp_path, "capture", "run", "--", "true")
    assert outside.returncode == 2
    assert outside.stderr == (
        f"error: {tmp_path} is not in a git repository: run fixtrace capture in one "
        "(or pass --repo)\n"
    )


def test_thought_help_and_did_you_mean(env: dict[str, str], tmp_path: Path) -> None:
    help_text = _fixtrace(env, tmp_path, "thought", "--help").stdout
    assert "Usage: fixtrace thought [OPTIONS]" in help_text
    assert "COMMAND" not in help_text and "--install-completion" not in help_text
    typo = _fixtrace(env, tmp_path, "captur", "start")
    assert typo.returncode == 2 and "Did you mean 'capture'?" in typo.stderr


def test_ctrl_c_stops_the_command_and_keeps_what_it_printed(
    env: dict[str, str], tmp_path: Path
) -> None:
    """As in a shell: Ctrl-C (SIGINT to the foreground process group) ends the command; the
    capture still records its output, and the exit status is 130."""
    import signal

    repo = tmp_path / "r"
    repo.mkdir()
    (repo / "a.txt").write_text("a\n")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "a")
    assert _fixtrace(env, repo, "capture", "start", "-q").returncode == 0
    ready = tmp_path / "fifo"
    os.mkfifo(ready)
    proc = subprocess.Popen(
        [str(BIN / "fixtrace"), "capture", "run", "--", "sh", "-c",
         f"echo started; echo > {ready}; exec sleep 60"],
        cwd=repo, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
    )  # fmt: skip
    with open(ready) as fifo:  # the command is running (and has printed its line)
        fifo.read()
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert out == "started\n" and "Traceback" not in err
    spool = next((Path(env["XDG_STATE_HOME"]) / "fixtrace" / "spool").glob("capture-r-*"))
    kept = b"".join(p.read_bytes() for p in spool.rglob("*") if p.is_file())
    assert b"started" in kept  # the output event went to the spool (no stack here)

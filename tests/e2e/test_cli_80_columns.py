"""The CLI in a real 80-column terminal (tmux): every URL and id it prints is whole on a line.

Issue 31: at 80 columns the demo's, ``status``'s and ``up``'s tables broke URLs, ids and
paths across lines, so they could be neither clicked nor copied. Here a new user's hour runs
in tmux windows 80 columns wide — ``fixtrace up`` in one, then in another ``fixtrace demo``,
``status``, a capture session in a small repository (start, thought, a failing and
a passing ``capture run``, ``finish --wait``), ``traces list`` and ``traces show`` by id
prefix — and the pane's text is read back with wrapped lines joined (``capture-pane -J``:
a line the terminal wrapped is one line; a line break a program printed is two).

Checks: each known id (every trace id) appears only whole; every URL printed answers (a
URL cut short would not: the UI's trace pages are fetched, ``file://`` paths exist);
``capture run`` in the pane ran under a terminal, so pytest coloured its output, and the
test counts of pytest's summary were recorded.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from fixtrace.waiting import wait_until
from tests.e2e.git_repo import committed_repo

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
]

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
WIDTH = 80
MARK = "@@fixtrace-test@@"
URL = re.compile(r"(?:https?|file)://[^\s│┃)'\"]+")
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
BUGGY = "def add(a, b):\n    return a - b\n"
TESTS = "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n\n\n" + (
    "def test_zero():\n    assert add(0, 0) == 0\n"
)


class Pane:
    """One tmux server and an 80-column pane running bash with a new user's environment."""

    def __init__(self, home: Path, env: dict[str, str]) -> None:
        self.socket = str(home / "tmux.sock")
        self.env = env
        self._tmux("new-session", "-d", "-s", "t", "-x", str(WIDTH), "-y", "50",
                   "bash --norc --noprofile")  # fmt: skip
        self._tmux("set-option", "-g", "history-limit", "50000")

    def _tmux(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-S", self.socket, *args], env=self.env,
                              capture_output=True, text=True, timeout=900, check=True)  # fmt: skip
        return done.stdout

    def start(self, window: str, command: str, cwd: Path) -> None:
        """Run a long-lived ``command`` in its own 80-column window; ``done-WINDOW`` at exit."""
        self._tmux("new-window", "-d", "-n", window, "bash --norc --noprofile")
        self._tmux("send-keys", "-t", window,
                   f"cd {cwd}; {command}; tmux wait-for -S done-{window}", "Enter")  # fmt: skip

    def text(self, window: str) -> str:
        return self._tmux("capture-pane", "-p", "-J", "-S", "-", "-t", window).rstrip()

    def interrupt(self, window: str) -> None:
        """Ctrl-C in ``window``, then wait for its command to end."""
        self._tmux("send-keys", "-t", window, "C-c", "")
        self._tmux("wait-for", f"done-{window}")

    def run(self, command: str, cwd: Path, *, escapes: bool = False) -> str:
        """Run ``command`` in the pane; return what it printed, wrapped lines joined."""
        line = f"cd {cwd}; tmux clear-history; echo {MARK}; {command}; tmux wait-for -S done"
        self._tmux("send-keys", "-t", "t", line, "Enter")
        self._tmux("wait-for", "done")  # signalled by the shell when the command ended
        args = ["capture-pane", "-p", "-J", "-S", "-", "-t", "t"] + (["-e"] if escapes else [])
        lines = self._tmux(*args).rstrip().splitlines()
        start = max(i for i, text in enumerate(lines) if text.strip() == MARK)
        prompt = re.compile(r"^(bash-[\d.]+)?[#$]\s*$")
        return "\n".join(text for text in lines[start + 1 :] if not prompt.match(text))

    def close(self) -> None:
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], env=self.env,
                       capture_output=True, timeout=30)  # fmt: skip


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("FIXTRACE_", "TMUX"))}
    env.pop("ANTHROPIC_API_KEY", None)
    env.update(
        HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_STATE_HOME=str(home / "state"),
        XDG_CONFIG_HOME=str(home / "config"), PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}",
        PYTHONPATH=str(ROOT), TERM="xterm-256color", PYTHONDONTWRITEBYTECODE="1",
        PS1="$ ", COLUMNS=str(WIDTH),
    )  # fmt: skip
    env.pop("NO_COLOR", None)
    return env


def _repo(path: Path) -> Path:
    return committed_repo(
        path, {"calc.py": BUGGY, "test_calc.py": TESTS, ".gitignore": "__pycache__/\n"}
    )


def _check_whole(name: str, text: str, ids: set[str]) -> set[str]:
    """Every id in ``text`` is whole on its line; every URL answers. Returns the URLs."""
    for line in text.splitlines():
        for known in ids:
            if known[:8] in line:
                assert known in line, f"{name}: id {known} broken on a line: {line!r}"
        for fragment in UUID.findall(line):
            assert fragment in ids, f"{name}: unknown id {fragment} (cut?) in {line!r}"
    urls = set(URL.findall(text))
    for url in urls:
        if url.startswith("file://"):
            assert Path(url.removeprefix("file://")).exists(), f"{name}: {url} (cut?)"
        else:  # a bare origin (the gateway's) answers at its health path
            probe = url if urlsplit(url).path.strip("/") else url.rstrip("/") + "/healthz"
            status = httpx.get(probe, timeout=30).status_code  # 405: a POST route, found
            assert status in (200, 405), f"{name}: {url} answers {status} (cut?)"
    return urls


def test_every_url_and_id_is_whole_at_80_columns(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    env = _env(home)
    pane = Pane(home, env)
    up_started = False
    try:
        outputs: dict[str, str] = {}
        pane.start("up", "fixtrace up", tmp_path)
        up_started = True
        status = [str(BIN / "fixtrace"), "status", "--json"]
        wait_until(lambda: subprocess.run(status, env=env, capture_output=True).returncode == 0,
                   timeout_s=180, interval_s=0.5, message="fixtrace up answering")  # fmt: skip
        outputs["up"] = pane.text("up")
        assert "web UI" in outputs["up"], outputs["up"]
        outputs["demo"] = pane.run("fixtrace demo", tmp_path)
        assert "using the running stack" in outputs["demo"], outputs["demo"]
        outputs["status"] = pane.run("fixtrace status", tmp_path)

        repo = _repo(tmp_path / "work" / "calc")
        outputs["start"] = pane.run("fixtrace capture start --store-raw-code", repo)
        assert re.search(r"^capture started: trace \S+ on calc at \w+; consent: raw code yes, "
                         r"terminal output yes, LLM judge yes$", outputs["start"], re.M), \
            outputs["start"]  # fmt: skip
        outputs["thought"] = pane.run('fixtrace thought "add() subtracts" --kind hypothesis', repo)
        assert "thought recorded: hypothesis" in outputs["thought"]
        pytest_cmd = "fixtrace capture run -- python -m pytest -q -p no:cacheprovider"
        outputs["run failing"] = pane.run(pytest_cmd, repo, escapes=True)
        assert "\x1b[" in outputs["run failing"]  # pytest saw a terminal: coloured output
        assert "1 failed, 1 passed" in re.sub(r"\x1b\[[0-9;]*m", "", outputs["run failing"])
        (repo / "calc.py").write_text(BUGGY.replace("a - b", "a + b"))
        outputs["run passing"] = pane.run(pytest_cmd, repo)
        subprocess.run(["git", "-C", str(repo), "-c", "user.email=d@example.invalid", "-c",
                        "user.name=D", "commit", "-qam", "fix add"], check=True)  # fmt: skip
        outputs["finish"] = pane.run('fixtrace capture finish --title "add adds" --wait', repo)
        assert "finalized:" in outputs["finish"] and "QA pending, results at" in outputs["finish"]
        assert "failed (exit 1) → passed" in outputs["finish"], outputs["finish"]

        listed = subprocess.run(
            [str(BIN / "fixtrace"), "traces", "list", "--format", "json"], env=env,
            capture_output=True, text=True, timeout=120, check=True,
        )  # fmt: skip
        ids = {row["trace_id"] for row in json.loads(listed.stdout)}
        assert len(ids) == 2, ids
        captured = re.search(r"trace (\S+) finalized", outputs["finish"]).group(1)  # type: ignore[union-attr]
        outputs["list"] = pane.run("fixtrace traces list", tmp_path)
        outputs["show"] = pane.run(f"fixtrace traces show {captured[:8]}", tmp_path)

        urls: set[str] = set()
        for name, text in outputs.items():
            urls |= _check_whole(name, re.sub(r"\x1b\[[0-9;]*m", "", text), ids)
        assert any("/ui/traces/" in u for u in urls) and any(u.startswith("file://") for u in urls)
        for trace_id in ids:  # each trace's page and id were printed somewhere, whole
            assert any(trace_id in text for text in outputs.values()), trace_id

        shown = subprocess.run(
            [str(BIN / "fixtrace"), "traces", "show", captured, "--json"], env=env,
            capture_output=True, text=True, timeout=120, check=True,
        )  # fmt: skip
        runs = [e["payload"] for e in json.loads(shown.stdout)["events"] if e["type"] == "test_run"]
        assert [(r["tests_total"], r["tests_failed"]) for r in runs] == [(2, 1), (2, 0)], runs
    finally:
        if up_started:
            pane.interrupt("up")  # Ctrl-C stops the stack; its window says when it has ended
        pane.close()

"""How every client finds the stack: pointers in the state home, explicit settings first.

Stack records here name live processes of the test run (this one, a ``sleep`` child), so
liveness is real; each test has its own XDG homes, so no record leaks into other tests.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from fixtrace.waiting import wait_until
from fixtrace_config import Settings, load_settings
from fixtrace_config.discovery import (
    bootstrap_servers,
    broker_answers,
    discover,
    unreachable_broker,
)
from fixtrace_config.paths import data_home, state_home
from fixtrace_config.stack_state import (
    StackState,
    pid_alive,
    pointer_path,
    process_id,
    prune_stale_pointers,
    publish_stack,
    retract_stack,
    stack_endpoints,
)


@pytest.fixture(autouse=True)
def homes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Private XDG homes and no FIXTRACE_* variables, in a working folder of its own."""
    for key in list(os.environ):
        if key.startswith("FIXTRACE_"):
            monkeypatch.delenv(key)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    work = tmp_path / "elsewhere"
    work.mkdir()
    monkeypatch.chdir(work)
    return tmp_path


@pytest.fixture()
def other_process() -> Iterator[int]:
    """A live process that is not this one (a second stack's pid)."""
    proc = subprocess.Popen(["sleep", "60"])
    yield proc.pid
    proc.kill()
    proc.wait()


def _publish(data_dir: Path, pid: int, bootstrap: str, started: int, **update: object) -> None:
    settings = Settings(data_dir=data_dir, **update)  # type: ignore[arg-type]
    state = StackState(
        pid=pid, gateway_url=f"http://127.0.0.1:{started}", kafka_bootstrap=bootstrap,
        fleet_token="t", process_id=process_id(pid), started_at_ms=started,
        endpoints=stack_endpoints(settings.model_copy(update={"kafka_bootstrap": bootstrap})),
    )  # fmt: skip
    publish_stack(settings, state)


def test_defaults_live_in_the_xdg_homes(homes: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = Settings()
    assert settings.data_dir == homes / "data" / "fixtrace" == data_home()
    assert settings.spool_dir == homes / "state" / "fixtrace" / "spool"
    monkeypatch.setenv("XDG_STATE_HOME", "relative/ignored")  # the XDG rules: ignore it
    monkeypatch.setenv("HOME", str(homes / "home"))
    assert state_home() == homes / "home" / ".local" / "state" / "fixtrace"


def test_a_stack_with_any_data_dir_is_found_from_any_folder(homes: Path) -> None:
    elsewhere = homes / "custom-stack"
    _publish(elsewhere, os.getpid(), "127.0.0.1:4242", 1000, topic_raw="my.raw")
    found = discover()
    assert found.stack is not None and found.stack.pid == os.getpid()
    s = found.settings
    assert (s.kafka_bootstrap, s.topic_raw, s.data_dir) == ("127.0.0.1:4242", "my.raw", elsewhere)
    assert s.resolved_blob_url == (elsewhere / "blobs").as_uri()
    assert found.source("kafka_bootstrap") == f"running stack (pid {os.getpid()})"
    assert found.source("gap_timeout_s") == "default"
    assert discover(s).settings == s, "resolving the result again changes nothing"


def test_explicit_settings_win_over_the_stack(homes: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _publish(homes / "stack", os.getpid(), "127.0.0.1:4242", 1000)
    monkeypatch.setenv("FIXTRACE_KAFKA_BOOTSTRAP", "10.0.0.1:9092")
    found = discover()
    assert found.settings.kafka_bootstrap == "10.0.0.1:9092"
    assert found.source("kafka_bootstrap") == "FIXTRACE_KAFKA_BOOTSTRAP"
    assert found.settings.data_dir == homes / "stack", "the rest still comes from the stack"
    flagged = discover(load_settings(kafka_bootstrap="h:1"))
    assert flagged.settings.kafka_bootstrap == "h:1"
    # an explicit data dir means that folder's stack only (none runs there)
    monkeypatch.setenv("FIXTRACE_DATA_DIR", str(homes / "another"))
    mine = discover()
    assert mine.stack is None and mine.settings.data_dir == homes / "another"


def test_stale_records_are_ignored_and_the_newest_live_stack_wins(
    homes: Path, other_process: int
) -> None:
    dead_pid = 2**22 + 7  # above pid_max: never alive
    _publish(homes / "old", os.getpid(), "127.0.0.1:1001", 1000)
    _publish(homes / "newer", other_process, "127.0.0.1:1002", 2000)
    _publish(homes / "newest-but-dead", dead_pid, "127.0.0.1:1003", 3000)
    assert discover().settings.kafka_bootstrap == "127.0.0.1:1002"
    # a record whose pid now belongs to another process (reused after a crash or reboot)
    reused = StackState(
        pid=other_process, gateway_url="x", kafka_bootstrap="127.0.0.1:1004", fleet_token="t",
        process_id="another-boot:1", started_at_ms=4000,
    )  # fmt: skip
    publish_stack(Settings(data_dir=homes / "reused"), reused)
    assert discover().settings.kafka_bootstrap == "127.0.0.1:1002"
    removed = prune_stale_pointers()
    assert set(removed) == {pointer_path(homes / "newest-but-dead"), pointer_path(homes / "reused")}
    retract_stack(Settings(data_dir=homes / "newer"), other_process)
    assert discover().settings.kafka_bootstrap == "127.0.0.1:1001"


def test_no_stack_means_the_configured_defaults_and_says_so(homes: Path) -> None:
    found = discover()
    assert found.stack is None and found.settings.kafka_bootstrap == "127.0.0.1:9092"
    assert "no running stack was found" in unreachable_broker(found)


def test_broker_probe(homes: Path) -> None:
    import socket

    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        assert broker_answers(f"127.0.0.1:1,127.0.0.1:{port}")
    assert not broker_answers(f"127.0.0.1:{port}")
    assert bootstrap_servers("a:1, [::1]:2,bad") == [("a", 1), ("::1", 2)]


def test_an_exited_stack_not_yet_reaped_is_not_running() -> None:
    """A zombie answers signal 0; `fixtrace stop` and every client must see it as gone
    (the parent that started `fixtrace up` may collect its exit code later)."""
    child = subprocess.Popen(["true"])
    try:
        stat = Path(f"/proc/{child.pid}/stat")
        wait_until(lambda: stat.read_text().rsplit(")", 1)[1].split()[0] == "Z", timeout_s=10)
        assert not pid_alive(child.pid)
    finally:
        child.wait()
    assert pid_alive(os.getpid())


_MAIN_THREAD_LEAVES_FIRST = """
import ctypes, sys, threading, time
threading.Thread(target=lambda: time.sleep(60), daemon=False).start()
sys.stdout.write("ready\\n"); sys.stdout.flush()
ctypes.CDLL(None, use_errno=True).syscall(60, 0)  # exit(2): this thread only
"""


@pytest.mark.skipif(os.uname().machine != "x86_64", reason="exit(2)'s number is x86-64's")
def test_a_process_whose_main_thread_alone_has_exited_still_runs() -> None:
    """The main thread shows as a zombie while another thread runs on (a stack still ending
    its workers' threads): its parent cannot collect it yet, so `fixtrace stop` must not
    say it has exited (the e2e stop test once saw `stop` return before `up` was reapable)."""
    child = subprocess.Popen(
        [sys.executable, "-c", _MAIN_THREAD_LEAVES_FIRST], stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None and child.stdout.readline() == "ready\n"
        stat = Path(f"/proc/{child.pid}/stat")
        wait_until(lambda: stat.read_text().rsplit(")", 1)[1].split()[0] == "Z", timeout_s=10)
        assert child.poll() is None  # not collectable: a thread still runs
        assert pid_alive(child.pid)
    finally:
        child.kill()
        child.wait()
    assert not pid_alive(child.pid)

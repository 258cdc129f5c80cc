"""LocalServices: the settings it hands out, and no child process outlives it on any exit path."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from fixtrace import procs
from fixtrace.local_services import (
    TANSU_BIN_ENV,
    ExternalServices,
    LocalServices,
    LocalServicesError,
    port_open,
)
from fixtrace.waiting import wait_until
from fixtrace_config import Settings
from tests.streams.harness import is_gone, kill_parent_and_await_child


def test_settings_point_at_started_services(tmp_path: Path) -> None:
    base = Settings(data_dir=tmp_path, clickhouse_dsn="", blob_url="")
    with LocalServices(tmp_path / "stack", base=base, s3=True, topics=False) as stack:
        s = stack.settings
        host, port = s.kafka_bootstrap.split(":")
        assert host == "127.0.0.1" and port_open(host, int(port))
        assert s.clickhouse_dsn == f"chdb://{(tmp_path / 'stack' / 'clickhouse').resolve()}"
        assert s.blob_url == "s3://fixtrace"
        assert s.s3_endpoint.startswith("127.0.0.1:")
        assert (tmp_path / "stack" / "logs" / f"tansu-{port}.log").exists()
    assert not port_open(host, int(port))


def test_filesystem_blob_url_by_default(tmp_path: Path) -> None:
    base = Settings(data_dir=tmp_path, blob_url="")
    with LocalServices(tmp_path, base=base, broker=False) as stack:
        assert stack.settings.blob_url == (tmp_path / "blobs").resolve().as_uri()
        assert stack.processes == []


def test_processes_stop_when_the_body_raises(tmp_path: Path) -> None:
    pids: list[int] = []
    with pytest.raises(RuntimeError, match="boom"), LocalServices(tmp_path, topics=False) as stack:
        pids = [p.pid for p in stack.processes]
        raise RuntimeError("boom")
    assert pids and all(is_gone(pid) for pid in pids)
    assert not any(p.pid in pids for p in procs.running())


_CHILD = textwrap.dedent(
    """
    import signal, sys
    # Stand for a process started from a terminal, whatever started this one: a background
    # job of a non-interactive shell inherits SIGINT ignored, and Python keeps an ignored
    # SIGINT ignored (no KeyboardInterrupt, so no Ctrl-C path to test).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    from pathlib import Path
    from fixtrace.local_services import LocalServices
    stack = LocalServices(Path(sys.argv[1]), topics=False).start()
    from fixtrace import procs
    print(procs.running()[0].pid, flush=True)
    if sys.argv[2] == "exit":
        sys.stdin.readline()  # the test has seen the broker alive
        sys.exit(0)  # no stop(): atexit must do it
    sys.stdin.read()  # block until signalled
    """
)


# The child starts as a background job of a script would (``cmd &`` without job control):
# with SIGINT ignored. The suite itself may run that way (``pytest … &`` in a CI script); the
# child must not depend on it.
_AS_BACKGROUND_JOB = ["sh", "-c", 'trap "" INT; exec "$@"', "sh"]


@pytest.mark.parametrize("how", ["exit", "sigterm", "sigint"])
def test_processes_stop_on_interpreter_exit_and_signals(tmp_path: Path, how: str) -> None:
    child = subprocess.Popen(
        [*_AS_BACKGROUND_JOB, sys.executable, "-c", _CHILD, str(tmp_path), how],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        broker_pid = int(child.stdout.readline())
        assert not is_gone(broker_pid)
        if how == "exit":
            assert child.stdin is not None
            child.stdin.write("go\n")
            child.stdin.flush()
        else:
            child.send_signal(signal.SIGTERM if how == "sigterm" else signal.SIGINT)
        child.wait(30)
        wait_until(lambda: is_gone(broker_pid), timeout_s=10, message="broker gone")
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


@pytest.mark.skipif(shutil.which("setpriv") is None, reason="needs util-linux setpriv")
def test_parent_death_signal_takes_the_broker_down(tmp_path: Path) -> None:
    """Even a SIGKILLed parent leaves no broker behind (setpriv --pdeathsig)."""
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, str(tmp_path), "block"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    broker_pid = int(child.stdout.readline())
    kill_parent_and_await_child(child, broker_pid, "broker gone")


def test_external_mode_flags() -> None:
    assert ExternalServices.from_env({}) == ExternalServices()
    assert ExternalServices.from_env({"FIXTRACE_TEST_EXTERNAL": "1"}).kafka
    mixed = ExternalServices.from_env(
        {"FIXTRACE_CLICKHOUSE_DSN": "http://localhost:8123", "FIXTRACE_S3_ENDPOINT": "h:9000"}
    )
    assert mixed == ExternalServices(kafka=False, clickhouse=True, s3=True)


def test_failed_start_stops_what_did_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(TANSU_BIN_ENV, "/bin/false")
    before = {p.pid for p in procs.running()}
    stack = LocalServices(tmp_path, s3=True)
    with pytest.raises(LocalServicesError, match="tansu exited with 1"):
        stack.start()
    assert stack.s3 is None and stack.broker is None
    assert {p.pid for p in procs.running()} == before

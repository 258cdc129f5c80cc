"""Child processes that never outlive the fixtrace process that started them.

Each child runs in its own session (so a terminal Ctrl-C reaches only us, and we decide the
order of shutdown) and is stopped by killing its whole process group. Stopping happens on
every exit path: explicit ``stop()``, context-manager exit, SIGTERM/SIGHUP (turned into
``SystemExit`` so ``finally`` blocks run), interpreter exit (``atexit``) and, when the
parent is killed outright, the kernel's parent-death signal set through ``setpriv``.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import signal
import subprocess
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import FrameType

_registry: dict[int, ManagedProcess] = {}
_registry_lock = threading.Lock()
_atexit_registered = False
_signals_installed = False


class ManagedProcess:
    """A started child process group with an idempotent, escalating ``stop()``."""

    def __init__(self, name: str, popen: subprocess.Popen[bytes], log_path: Path | None) -> None:
        self.name = name
        self.popen = popen
        self.log_path = log_path

    @property
    def pid(self) -> int:
        """The child's pid, which is also its process-group id."""
        return self.popen.pid

    def alive(self) -> bool:
        """True while the child has not exited."""
        return self.popen.poll() is None

    def log_tail(self, max_bytes: int = 4000) -> str:
        """The end of the child's log, for error messages when it dies early."""
        if self.log_path is None or not self.log_path.exists():
            return ""
        with self.log_path.open("rb") as fh:
            fh.seek(max(0, self.log_path.stat().st_size - max_bytes))
            return fh.read().decode("utf-8", "replace")

    def stop(self, grace_s: float = 5.0) -> None:
        """SIGTERM the group, SIGKILL it after ``grace_s``, and reap the child."""
        try:
            if self.alive():
                _signal_group(self.pid, signal.SIGTERM)
                try:
                    self.popen.wait(grace_s)
                except subprocess.TimeoutExpired:
                    _signal_group(self.pid, signal.SIGKILL)
                    self.popen.wait(grace_s)
            # Helpers the child left behind in its group go too.
            _signal_group(self.pid, signal.SIGKILL)
        finally:
            with _registry_lock:
                _registry.pop(self.pid, None)

    def __repr__(self) -> str:
        return f"ManagedProcess({self.name!r}, pid={self.pid}, alive={self.alive()})"


def _signal_group(pgid: int, sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, sig)


def _parent_death_prefix() -> list[str]:
    """``setpriv --pdeathsig`` so the child dies even if we are SIGKILLed.

    The kernel sends the signal when the *thread* that forked exits, so children are forked
    only by threads that last as long as the process: the main thread, or the one spawner
    thread the others hand their starts to (:func:`_forked_by_a_lasting_thread`)."""
    setpriv = shutil.which("setpriv")
    return [setpriv, "--pdeathsig", "TERM", "--"] if setpriv else []


_spawner: ThreadPoolExecutor | None = None
_spawner_lock = threading.Lock()


def _forked_by_a_lasting_thread(
    start: Callable[[], subprocess.Popen[bytes]],
) -> subprocess.Popen[bytes]:
    """Run ``start`` on the main thread or on one spawner thread that never ends before the
    process does. A broker restarted from a worker thread (the stack's supervisor) used to
    be forked there without the death signal, and a stop that had to force the exit left its
    storage server running (the suite, under load, in two sessions)."""
    global _spawner
    if threading.current_thread() is threading.main_thread():
        return start()
    with _spawner_lock:
        if _spawner is None:
            _spawner = ThreadPoolExecutor(max_workers=1, thread_name_prefix="fixtrace-spawner")
    return _spawner.submit(start).result()


def spawn(
    name: str,
    argv: Sequence[str],
    *,
    log_path: Path | None = None,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    detached: bool = False,
) -> ManagedProcess:
    """Start ``argv`` in a new session, output to ``log_path`` (or discarded).

    ``detached`` children are meant to outlive us (``fixtrace demo --keep-running``): no
    parent-death signal and not stopped at exit; the caller says how to stop them.
    """
    _install_handlers()
    if log_path is not None:
        log_path.parent.mkdir(parents=True, exist_ok=True)
    with log_path.open("ab") if log_path is not None else open(os.devnull, "wb") as out:

        def start() -> subprocess.Popen[bytes]:
            return subprocess.Popen(
                [*([] if detached else _parent_death_prefix()), *argv],
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                env=dict(env) if env is not None else None,
                cwd=cwd,
                start_new_session=True,
            )

        popen = start() if detached else _forked_by_a_lasting_thread(start)
    proc = ManagedProcess(name, popen, log_path)
    if not detached:
        with _registry_lock:
            _registry[proc.pid] = proc
    return proc


def running() -> list[ManagedProcess]:
    """Children started here that have not been stopped yet."""
    with _registry_lock:
        return list(_registry.values())


def stop_all() -> None:
    """Stop every child still registered (newest first: dependants before services)."""
    for proc in reversed(running()):
        proc.stop()


def _on_terminate(signum: int, _frame: FrameType | None) -> None:
    raise SystemExit(128 + signum)


def _install_handlers() -> None:
    """Register the atexit hook, and SIGTERM/SIGHUP handlers where nobody else has one."""
    global _atexit_registered, _signals_installed
    if not _atexit_registered:
        _atexit_registered = True
        atexit.register(stop_all)
    if _signals_installed or threading.current_thread() is not threading.main_thread():
        return
    _signals_installed = True
    for sig in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(sig) is signal.SIG_DFL:
            signal.signal(sig, _on_terminate)

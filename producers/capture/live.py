"""Run a developer's command with its output shown as it comes, and kept for the trace.

Why not ``subprocess.run(capture_output=True)``: it held everything back until the command
ended (a long test suite showed nothing for minutes) and the command, writing to a pipe,
dropped its colours. Here, when our stdout is a terminal, the command's stdout is a pseudo
terminal of the same size (so pytest, go and npm colour their output as they would without
fixtrace) and its stderr a pipe; both are copied to ours as they arrive. Otherwise both are
pipes. What is recorded is the text without terminal escape sequences. Ctrl-C stops the
command, not the recording (``commands.run_command``), and an exit by a signal is recorded
as a shell records it (130 for SIGINT).
"""

from __future__ import annotations

import fcntl
import os
import pty
import selectors
import shutil
import struct
import subprocess
import sys
import termios
from dataclasses import dataclass
from pathlib import Path

from producers.capture.runner_counts import ANSI

CHUNK = 65536


@dataclass
class Ran:
    """What the command printed (escape sequences removed) and how it ended."""

    stdout: str
    stderr: str
    returncode: int


def _clean(data: bytes) -> str:
    return ANSI.sub("", data.decode(errors="replace")).replace("\r\n", "\n")


def _pty_pair() -> tuple[int, int]:
    """A pseudo terminal sized like ours (tools lay out their output by its width)."""
    leader, follower = pty.openpty()
    size = shutil.get_terminal_size()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", size.lines, size.columns, 0, 0))
    return leader, follower


def _echo(sink: object, data: bytes) -> None:
    """Write bytes as they came (escapes included) to a text stream's buffer, if it has one."""
    sink.flush()  # type: ignore[attr-defined]
    buffer = getattr(sink, "buffer", None)
    if buffer is not None:
        buffer.write(data)
        buffer.flush()
    else:
        sink.write(data.decode(errors="replace"))  # type: ignore[attr-defined]
        sink.flush()  # type: ignore[attr-defined]


def run_live(command: str, cwd: Path, *, use_pty: bool | None = None) -> Ran:
    """Run ``command`` in a shell in ``cwd``; echo its output live; return what it printed."""
    if use_pty is None:
        use_pty = sys.stdout.isatty()
    leader = follower = None
    if use_pty:
        leader, follower = _pty_pair()
    proc = subprocess.Popen(
        command, shell=True, cwd=cwd,
        stdout=follower if follower is not None else subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    if follower is not None:
        os.close(follower)  # the child holds it; EOF on the leader once the child is done
    out_fd = leader if leader is not None else proc.stdout.fileno()  # type: ignore[union-attr]
    err_fd = proc.stderr.fileno()  # type: ignore[union-attr]
    sinks = {out_fd: sys.stdout, err_fd: sys.stderr}
    kept: dict[int, bytearray] = {out_fd: bytearray(), err_fd: bytearray()}
    with selectors.DefaultSelector() as sel:
        for fd in sinks:
            sel.register(fd, selectors.EVENT_READ)
        while sel.get_map():
            for key, _ in sel.select():
                fd = key.fd
                try:
                    data = os.read(fd, CHUNK)
                except OSError:  # EIO: the pty's last holder closed it
                    data = b""
                if not data:
                    sel.unregister(fd)
                    continue
                kept[fd] += data
                _echo(sinks[fd], data)
    returncode = proc.wait()
    if returncode < 0:  # killed by a signal: the shell's convention, 128 + its number
        returncode = 128 - returncode
    if leader is not None:
        os.close(leader)
    return Ran(_clean(bytes(kept[out_fd])), _clean(bytes(kept[err_fd])), returncode)

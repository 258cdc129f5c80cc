"""Spools that clients left behind, and sending them once a broker answers.

A client that cannot reach a broker keeps what it accepted in its spool and exits (offline
capture is a feature). Every client spool lives under one root (``Settings.spool_dir``), so
the next command that reaches a broker, whatever folder it runs in, sends the leftovers
(:func:`send_leftovers`) and ``fixtrace status`` can count them (:func:`backlogs`).
A spool whose owner still runs is locked and left alone.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import time
from dataclasses import dataclass
from pathlib import Path

from producers.sdk.client import TraceProducer
from producers.sdk.config import ProducerConfig
from producers.sdk.spool import LOCK_FILE, SpoolBusy, backlog, spool_topic


@dataclass(frozen=True)
class SpoolBacklog:
    """One spool folder under the root and what it holds."""

    path: Path
    entries: int
    topic: str | None
    modified: float
    in_use: bool


def _in_use(path: Path) -> bool:
    """Whether a live process holds the spool's lock (checked without waiting)."""
    try:
        fd = os.open(path / LOCK_FILE, os.O_RDWR)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # also releases a lock taken just now
    return False


def backlogs(root: Path) -> list[SpoolBacklog]:
    """Every spool under ``root`` that holds entries, oldest first."""
    found = []
    for path in Path(root).glob("*/"):
        entries = backlog(path)
        if entries:
            found.append(
                SpoolBacklog(path, entries, spool_topic(path), path.stat().st_mtime, _in_use(path))
            )
    return sorted(found, key=lambda b: b.modified)


@dataclass
class Sent:
    """What :func:`send_leftovers` did."""

    entries: int = 0
    spools: int = 0
    left: int = 0


async def send_leftovers(
    root: Path, bootstrap: str, default_topic: str, *, budget_s: float, skip: Path | None = None
) -> Sent:
    """Send what unlocked spools under ``root`` hold, oldest first, within ``budget_s``.

    Each spool is reopened by a :class:`TraceProducer` on ``bootstrap`` (records go to the
    topic the spool names), which re-sends its entries in order and removes the folder
    once all are acknowledged. A spool another process holds is skipped; what does not fit
    in the budget stays for the next command.
    """
    sent = Sent()
    deadline = time.monotonic() + budget_s
    waiting = [b for b in backlogs(root) if skip is None or b.path.resolve() != skip.resolve()]
    for n, item in enumerate(waiting):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            sent.left += sum(b.entries for b in waiting[n:])
            break
        if item.in_use:
            left = item.entries
        else:
            left = await _send_one(item, bootstrap, default_topic, remaining)
        sent.entries += item.entries - left
        sent.spools += left == 0
        sent.left += left
        if left and not item.in_use:  # the broker stopped answering: the rest waits
            sent.left += sum(b.entries for b in waiting[n + 1 :])
            break
    return sent


async def _send_one(item: SpoolBacklog, bootstrap: str, default_topic: str, budget_s: float) -> int:
    """Reopen one spool and send it; returns the entries its next opener will send again
    after ``budget_s`` (what the spool really holds, not only the unacknowledged ones)."""
    cfg = ProducerConfig(
        bootstrap=bootstrap, topic=item.topic or default_topic, spool_dir=item.path,
        request_timeout_ms=max(1000, int(budget_s * 1000)),
    )  # fmt: skip
    try:
        client = TraceProducer(cfg)
    except SpoolBusy:  # its owner came back meanwhile
        return item.entries
    await client.start()
    with contextlib.suppress(TimeoutError):  # what is left waits for the next command
        await client.flush(budget_s)
    left = client.resend_count
    await client.close(timeout=0)
    return left

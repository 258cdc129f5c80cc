"""Functions a spawned pool child runs in ``test_prepare_pool`` (importable by name)."""

from __future__ import annotations

import gc
import os
import struct
from multiprocessing.queues import SimpleQueue


def nothing() -> None:
    """Starts the child."""


def die_mid_result() -> None:
    """Write the head of a 1 MiB result message and a few of its bytes, then die: what a
    child killed while sending a large result leaves in the pipe."""
    queue = next(o for o in gc.get_objects() if isinstance(o, SimpleQueue))
    fd = queue._writer.fileno()
    os.write(fd, struct.pack("!i", 1 << 20) + b"partial")
    os._exit(9)

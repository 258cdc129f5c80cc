"""Host-path checks and ownership changes for running as an unprivileged uid.

The sandbox drops to uid/gid 65534 ("nobody"). Everything it must reach (workdir,
interpreter env) therefore has to be traversable by that uid on the host, and the workdir
has to be writable by it. Checking up front turns an obscure bwrap/exec failure into a
clear error naming the blocking folder.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from qa_agents.sandbox.models import SandboxError

NOBODY = 65534


def _allows(st: os.stat_result, uid: int, gid: int, bits_user: int, bits_other: int) -> bool:
    if uid == 0:
        return True
    if st.st_uid == uid:
        return bool(st.st_mode & bits_user)
    if st.st_gid == gid:
        return bool(st.st_mode & (bits_user >> 3))
    return bool(st.st_mode & bits_other)


def blocking_ancestor(path: Path, uid: int = NOBODY, gid: int = NOBODY) -> Path | None:
    """The first folder above `path` that `uid` cannot traverse, or None if all can be."""
    for parent in reversed(path.resolve().parents):
        st = parent.stat()
        if not _allows(st, uid, gid, stat.S_IXUSR, stat.S_IXOTH):
            return parent
    return None


def require_reachable(path: Path, what: str, uid: int = NOBODY, gid: int = NOBODY) -> None:
    """Raise a `SandboxError` unless `uid` can reach `path` (e.g. not under /root)."""
    if not path.exists():
        raise SandboxError(f"{what} does not exist: {path}")
    blocker = blocking_ancestor(path, uid, gid)
    if blocker is not None:
        raise SandboxError(
            f"{what} {path} is not reachable by sandbox uid {uid}: {blocker} is not "
            f"traversable (mode {stat.filemode(blocker.stat().st_mode)}). Use a folder "
            "under a world-traversable parent such as /var/tmp."
        )


def require_world_readable_tree(root: Path, what: str) -> None:
    """Raise unless every entry of `root` is readable by others (cheap top-level check)."""
    require_reachable(root, what)
    for entry in (root, *root.iterdir()):
        mode = entry.lstat().st_mode
        if stat.S_ISLNK(mode):
            continue
        needed = stat.S_IROTH | (stat.S_IXOTH if stat.S_ISDIR(mode) else 0)
        if mode & needed != needed:
            raise SandboxError(f"{what} entry {entry} is not world-readable")


def read_sandbox_file(path: Path, limit: int) -> bytes | None:
    """The first ``limit`` bytes of a regular file a sandboxed run left, or None.

    Why not ``path.read_bytes()``: the host reads as root, and the run controlled the name.
    A symlink there would make the host read a file the sandbox could not (a key under
    /root) and store it as the run's output; a FIFO would block the host for ever. So: no
    symlink followed (``O_NOFOLLOW``), no waiting (``O_NONBLOCK``), regular files only.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        chunks, size = [], 0
        while size < limit and (chunk := os.read(fd, min(1 << 20, limit - size))):
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _walk(root: Path) -> Iterator[Path]:
    yield root
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        for name in (*dirnames, *filenames):
            yield Path(dirpath, name)


def chown_tree(root: Path, uid: int, gid: int) -> None:
    """lchown every entry under `root` (symlinks themselves, never their targets)."""
    for path in _walk(root):
        os.lchown(path, uid, gid)


@contextmanager
def lent_to(workdir: Path, uid: int, gid: int) -> Iterator[None]:
    """Hand `workdir` to the sandbox uid for the run, then give it back to its owner.

    Why give it back: callers (running as root) keep managing the folder afterwards, and
    files left owned by "nobody" would be writable by every other sandbox run.
    """
    st = workdir.stat()
    if (st.st_uid, st.st_gid) == (uid, gid) or os.geteuid() != 0:
        yield
        return
    chown_tree(workdir, uid, gid)
    try:
        yield
    finally:
        chown_tree(workdir, st.st_uid, st.st_gid)

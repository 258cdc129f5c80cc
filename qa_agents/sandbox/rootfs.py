"""The sandbox's root: a few read-only binds of the host, not the host's ``/``.

What a test run needs from the host is the system's programs and libraries (``/usr``, and
the merged-usr links ``/bin`` ``/lib`` ``/lib64`` ``/sbin``), a handful of ``/etc`` files
that the C library, Python and TLS read, and the interpreter env it was given. Everything
else — ``/opt``, ``/var``, ``/home``, ``/root``, ``/srv``, ``/run``, ``/sys``, the rest of
``/etc`` — simply does not exist inside. ``/etc/passwd``, ``/etc/group`` and ``/etc/hosts``
are written for the sandbox (its own uid, ``localhost``) instead of showing the host's
accounts and names.
"""

from __future__ import annotations

import os
from pathlib import Path

#: Top-level entries bound read-only (or re-created as the same symlink on merged-usr).
SYSTEM_DIRS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")

#: /etc entries bound read-only when present: dynamic linker, name service switch, TLS
#: roots, the time zone, Debian's alternatives links (awk, pager...), Python's site files.
ETC_ENTRIES = (
    "alternatives",
    "ca-certificates",
    "ca-certificates.conf",
    "ssl",
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "localtime",
    "timezone",
    "nsswitch.conf",
    "os-release",
    "debian_version",
    "mime.types",
    "protocols",
    "services",
    "python3",
    "python3.11",
)

#: Only with network access: where DNS is configured.
NETWORK_ETC = ("resolv.conf", "host.conf", "gai.conf")


def identity_files(uid: int, gid: int) -> dict[str, bytes]:
    """Synthetic /etc files: the sandbox's user and group only, and loopback names."""
    return {
        "/etc/passwd": (
            f"root:x:0:0:root:/nonexistent:/usr/sbin/nologin\n"
            f"sandbox:x:{uid}:{gid}:sandbox:/nonexistent:/usr/sbin/nologin\n"
        ).encode(),
        "/etc/group": f"root:x:0:\nsandbox:x:{gid}:\n".encode(),
        "/etc/hosts": b"127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n",
    }


def interpreter_prefix(python_env: Path) -> Path | None:
    """Where a venv's base interpreter is installed, when the system binds leave it out.

    A venv's ``bin/python`` is a link to its base interpreter (``home`` in ``pyvenv.cfg``).
    One installed outside ``/usr`` — ``/opt/fixtrace-python/3.9`` for the SWE-bench versions
    that need Python 3.9 — is a dangling link in a root that binds only the system folders,
    and every command of the env fails with ``python: not found``.
    """
    try:
        config = (python_env / "pyvenv.cfg").read_text(encoding="utf-8")
    except OSError:
        return None
    for line in config.splitlines():
        key, sep, value = line.partition("=")
        if sep and key.strip() == "home":
            home = Path(value.strip()).resolve()
            prefix = home.parent if home.name == "bin" else home
            if prefix == Path("/") or not prefix.is_dir():
                return None
            if any(prefix.is_relative_to(Path(d).resolve()) for d in SYSTEM_DIRS):
                return None
            return prefix
    return None


def system_binds(network: bool) -> list[str]:
    """bwrap arguments for the read-only system part of the root."""
    args: list[str] = []
    for path in SYSTEM_DIRS:
        if os.path.islink(path):
            args += ["--symlink", os.readlink(path), path]
        elif os.path.isdir(path):
            args += ["--ro-bind", path, path]
    names = ETC_ENTRIES + (NETWORK_ETC if network else ())
    for name in names:
        path = Path("/etc") / name
        if os.path.lexists(path):
            args += ["--ro-bind", str(path), str(path)]
    return args

"""Which hosts a sandboxed run tried to reach, recorded by the run's own interpreter.

Why: the sandbox is offline, and some libraries swallow the failure (a DNS lookup that
fails is treated as "no such domain", a fetch that fails returns a default), so the run
ends quietly and nothing in the report's code names the network. An audit hook installed
by ``sitecustomize`` in the run's interpreter writes each non-local host it resolves or
connects to into a file the runner reads after the run; the report's own output is
untouched (no extra frames, nothing printed).
"""

from __future__ import annotations

from pathlib import Path

SITE_DIR = ".mre-site"
"""Folder (inside the run's work dir) on the run's ``PYTHONPATH``, holding the hook."""
LOG_NAME = ".mre-network.log"
"""File (in the run's work dir) the hook appends one host a line to."""

_SITECUSTOMIZE = f"""\
import sys


def _mre_network_hook(event, args):
    if event == "open":
        # a DNS client (dnspython, c-ares) reads the resolver configuration first: where
        # it is missing the lookup fails before any socket exists
        if args and args[0] in ("/etc/resolv.conf", b"/etc/resolv.conf"):
            host = "DNS lookup (/etc/resolv.conf)"
        else:
            return
    elif event in ("socket.connect", "socket.sendto", "socket.sendmsg"):
        address = args[1] if len(args) > 1 else None
        host = address[0] if isinstance(address, tuple) and address else None
    elif event in ("socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyname_ex"):
        host = args[0]
    else:
        return
    if isinstance(host, bytes):
        host = host.decode("ascii", "replace")
    if not isinstance(host, str) or host in ("", "localhost", "::1") or host.startswith("127."):
        return
    try:
        with open({LOG_NAME!r}, "a", encoding="utf-8") as log:
            log.write(host + "\\n")
    except OSError:
        pass


sys.addaudithook(_mre_network_hook)
"""


def install(workdir: Path) -> dict[str, str]:
    """Write the hook into ``workdir``; returns the environment the run needs for it."""
    site = workdir / SITE_DIR
    site.mkdir(mode=0o755)
    (site / "sitecustomize.py").write_text(_SITECUSTOMIZE, encoding="utf-8")
    (site / "sitecustomize.py").chmod(0o644)
    return {"PYTHONPATH": SITE_DIR}


def hosts_tried(workdir: Path, limit: int = 20) -> list[str]:
    """The distinct hosts the run tried to reach, in first-seen order."""
    log = workdir / LOG_NAME
    if not log.is_file():
        return []
    seen: dict[str, None] = {}
    for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.strip():
            seen.setdefault(line.strip(), None)
    return list(seen)[:limit]

"""Issue 30's proofs of concept against the bubblewrap backend, built from settings alone:
the per-run disk quota, the namespace and syscall filter, nothing of the host inside.

Each case fails on the backend before issue 30 (checked by running this file against the
main branch's ``qa_agents``): the disk filled past the quota, ``unshare -r`` worked,
``/proc/1/cmdline`` showed every ``--setenv`` and bind, ``/sys`` and ``/opt`` were there.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from fixtrace_config import Settings
from qa_agents.sandbox import sandbox_from_settings
from tests.adversarial.sandbox_escapes import ESCAPES, QUOTA_MB, Escape, run_escape


@pytest.fixture(scope="module")
def disk_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if os.geteuid() != 0 or shutil.which("bwrap") is None:
        pytest.skip("containment tests need root (the QA worker's uid) and bwrap")
    # Under /var/tmp: the sandbox uid must traverse to the mount points.
    path = Path("/var/tmp") / f"fixtrace-adv-disks-{os.getpid()}"
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.mark.parametrize("escape", ESCAPES, ids=lambda e: e.name)
def test_escape_contained(escape: Escape, disk_dir: Path, figures: Any) -> None:
    settings = Settings(
        sandbox_backend="bwrap", sandbox_disk_quota_mb=QUOTA_MB, sandbox_disk_dir=disk_dir
    )
    ok, detail, run = run_escape(sandbox_from_settings(settings), escape, disk_dir)
    seen = {"case": escape.name, "contained": ok, "seen": detail}
    figures(f"sandbox-escape-{ESCAPES.index(escape):02d}", seen)
    assert ok, f"{escape.name} escaped: {detail}"

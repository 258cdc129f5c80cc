"""Fixtures for sandbox tests: workdirs the sandbox uid can reach, a bwrap backend."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from qa_agents.sandbox import BubblewrapSandbox

# pytest's tmp_path lives under a mode-700 folder that uid 65534 cannot traverse.
BASE = Path("/var/tmp")


@pytest.fixture
def workdir() -> Iterator[Path]:
    """A fresh workdir under /var/tmp (world-traversable), removed afterwards."""
    path = Path(tempfile.mkdtemp(prefix="fixtrace-sbx-test-", dir=BASE))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="session")
def bwrap_box() -> BubblewrapSandbox:
    """The bubblewrap backend; these tests need root (to drop to uid 65534) and bwrap."""
    if os.geteuid() != 0 or shutil.which("bwrap") is None:
        pytest.skip("bubblewrap tests need root and bwrap")
    return BubblewrapSandbox()

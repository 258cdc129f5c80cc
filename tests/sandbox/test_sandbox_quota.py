"""The per-run disk quota: a loop-mounted ext4 image holding the run's workdir, /tmp and
/dev/shm; what the run leaves comes back to the workdir, nothing else stays on the host."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from fixtrace_config import Settings
from qa_agents.sandbox import BubblewrapSandbox, SandboxError, SandboxSpec, sandbox_from_settings
from qa_agents.sandbox.quota import MAX_DEPTH, run_disk, settle, sweep_stale


def py(code: str, workdir: Path, **fields: object) -> SandboxSpec:
    return SandboxSpec(command=["/usr/bin/python3", "-c", code], workdir=workdir, **fields)


@pytest.fixture
def disk_dir() -> Iterator[Path]:
    path = Path("/var/tmp") / f"fixtrace-test-disks-{os.getpid()}"
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture
def box(bwrap_box: BubblewrapSandbox, disk_dir: Path) -> BubblewrapSandbox:
    return BubblewrapSandbox(disk_quota_mb=64, disk_dir=disk_dir)


def _mounted_under(folder: Path) -> list[str]:
    settle()  # finished runs' disks are unmounted and deleted in the background
    return [line for line in Path("/proc/mounts").read_text().splitlines() if str(folder) in line]


def test_the_workdir_round_trips(box: BubblewrapSandbox, workdir: Path, disk_dir: Path) -> None:
    (workdir / "keep.txt").write_text("kept")
    (workdir / "edit.txt").write_text("old")
    (workdir / "gone.txt").write_text("bye")
    (workdir / "sub").mkdir()
    (workdir / "sub" / "deep.txt").write_text("deep")
    code = """
import os
open("edit.txt", "w").write("new")
os.unlink("gone.txt")
open("made.txt", "w").write("made")
os.symlink("/etc/passwd", "link")
open("/tmp/scratch", "w").write("tmp")
print(open("sub/deep.txt").read(), os.stat(".").st_uid)
"""
    res = box.run(py(code, workdir))
    assert res.exit_code == 0, res.stderr
    assert res.stdout.split() == ["deep", "65534"]  # the copy is lent to the sandbox uid
    assert (workdir / "keep.txt").read_text() == "kept"
    assert (workdir / "edit.txt").read_text() == "new"
    assert not (workdir / "gone.txt").exists()
    assert (workdir / "made.txt").read_text() == "made"
    assert os.readlink(workdir / "link") == "/etc/passwd"  # a symlink stays a symlink
    assert {p.lstat().st_uid for p in workdir.rglob("*")} == {0}  # handed back
    assert not (workdir / "scratch").exists() and not Path("/tmp/scratch").exists()
    assert res.limits_enforced["disk"].startswith("64 MiB loop-mounted ext4")
    assert _mounted_under(disk_dir) == [] and list(disk_dir.glob("run-*")) == []


def test_filling_the_quota_ends_the_run(
    box: BubblewrapSandbox, workdir: Path, disk_dir: Path
) -> None:
    code = """
import time
try:
    with open("big", "wb") as fh:
        while True:
            fh.write(b"x" * (1 << 20))
except OSError as exc:
    print(exc.strerror, flush=True)
time.sleep(60)  # a run that keeps going after ENOSPC is stopped by the quota watch
"""
    res = box.run(py(code, workdir, timeout_s=30))
    assert res.killed_reason == "disk_quota" and not res.timed_out and not res.ok, res
    assert "No space left on device" in res.stdout
    assert res.duration_ms < 20_000
    assert (workdir / "big").stat().st_size <= 64 << 20
    assert _mounted_under(disk_dir) == []


def test_inodes_count_too(box: BubblewrapSandbox, workdir: Path) -> None:
    code = """
import os
n = 0
try:
    while True:
        open(f"f{n}", "w").close(); n += 1
except OSError as exc:
    print(n, exc.strerror)
"""
    res = box.run(py(code, workdir, timeout_s=60))
    assert res.killed_reason == "disk_quota", res
    assert "No space left on device" in res.stdout


def test_a_workdir_larger_than_the_quota_is_refused(
    bwrap_box: BubblewrapSandbox, workdir: Path, disk_dir: Path
) -> None:
    with (workdir / "big.bin").open("wb") as fh:
        fh.write(os.urandom(1 << 20) * 40)
    box = BubblewrapSandbox(disk_quota_mb=32, disk_dir=disk_dir)
    with pytest.raises(SandboxError, match="does not fit"):
        box.run(py("pass", workdir))
    assert (workdir / "big.bin").stat().st_size == 40 << 20  # the caller's tree untouched
    assert _mounted_under(disk_dir) == [] and list(disk_dir.glob("run-*")) == []


def test_quota_from_settings_env_and_spec(
    bwrap_box: BubblewrapSandbox, workdir: Path, disk_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FIXTRACE_SANDBOX_DISK_QUOTA_MB", "96")
    monkeypatch.setenv("FIXTRACE_SANDBOX_DISK_DIR", str(disk_dir))
    box = sandbox_from_settings(Settings(sandbox_backend="bwrap"))
    assert isinstance(box, BubblewrapSandbox)
    assert (box.disk_quota_mb, box.disk_dir) == (96, disk_dir)
    size = "import os; s = os.statvfs('.'); print(s.f_blocks * s.f_frsize >> 20)"
    assert 80 < int(box.run(py(size, workdir)).stdout) <= 96
    assert 40 < int(box.run(py(size, workdir, disk_quota_mb=48)).stdout) <= 48
    off = box.run(py("pass", workdir, disk_quota_mb=0))
    assert off.limits_enforced["disk"].startswith("NOT enforced")
    assert "disk quota NOT enforced: disk_quota_mb=0" in off.notes


def test_an_unreachable_workdir_runs_from_its_copy(box: BubblewrapSandbox, workdir: Path) -> None:
    """The quota disk holds a copy lent to the sandbox uid, so the caller's folder need not
    be reachable by that uid (pytest's tmp_path under a mode-700 folder works)."""
    private = workdir / "private"
    (private / "inner").mkdir(parents=True)
    private.chmod(0o700)
    (private / "inner" / "x.txt").write_text("x")
    res = box.run(py("print(open('x.txt').read())", private / "inner"))
    assert res.exit_code == 0 and res.stdout.strip() == "x", res.stderr


def test_a_workdir_under_tmp_is_not_hidden_by_the_runs_tmp(
    box: BubblewrapSandbox, disk_dir: Path
) -> None:
    """Callers (the MRE executor) make workdirs under the host's /tmp: the run's own /tmp
    is mounted first and the workdir on top of it."""
    work = Path(tempfile.mkdtemp(prefix="fixtrace-sbx-tmp-", dir="/tmp"))
    try:
        work.chmod(0o755)
        (work / "here.txt").write_text("here")
        res = box.run(py("import os; print(open('here.txt').read(), os.listdir('/tmp'))", work))
        assert res.exit_code == 0, res.stderr
        assert res.stdout.split()[0] == "here"
    finally:
        shutil.rmtree(work, ignore_errors=True)


def test_the_disk_of_a_worker_that_died_mid_run_is_swept(
    bwrap_box: BubblewrapSandbox, workdir: Path, disk_dir: Path
) -> None:
    """A QA worker killed during a run leaves its image mounted; the next run on the same
    folder unmounts and deletes it (a live run's disk, whose lock is held, is kept)."""
    crash = (
        "import os, sys\n"
        "from pathlib import Path\n"
        "from qa_agents.sandbox.quota import run_disk\n"
        "with run_disk(Path(sys.argv[1]), 64, 65534, 65534, Path(sys.argv[2])) as disk:\n"
        "    os._exit(0)  # dies with the disk mounted, no clean-up\n"
    )
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    subprocess.run([sys.executable, "-c", crash, str(workdir), str(disk_dir)], check=True, env=env)
    assert len(_mounted_under(disk_dir)) == 1 and len(list(disk_dir.glob("run-*"))) == 1
    with run_disk(workdir, 64, 65534, 65534, disk_dir) as live:
        mounts = _mounted_under(disk_dir)
        assert len(mounts) == 1 and str(live.mount) in mounts[0]  # the dead run's is gone
        assert sweep_stale(disk_dir) == []  # the live one stays
        assert live.mount.is_mount()
    assert _mounted_under(disk_dir) == [] and list(disk_dir.glob("run-*")) == []


def test_a_very_deep_tree_is_cut_on_the_way_back(box: BubblewrapSandbox, workdir: Path) -> None:
    """A run's 1,500-deep folder tree would crash the host's recursive tools (every
    caller's ``shutil.rmtree`` of its scratch folder): the copy back stops at
    ``MAX_DEPTH`` and the result says so; shallower content comes back."""
    code = (
        "import os\nopen('top.txt', 'w').write('top')\n"
        "for _ in range(1500):\n    os.mkdir('d')\n    os.chdir('d')\n"
        "open('f', 'w').write('x')"
    )
    res = box.run(py(code, workdir))
    assert res.exit_code == 0, res.stderr
    assert (workdir / "top.txt").read_text() == "top"
    kept = workdir.joinpath(*["d"] * MAX_DEPTH)
    assert kept.is_dir() and list(kept.iterdir()) == []
    assert any(f"deeper than {MAX_DEPTH} folders" in note for note in res.notes), res.notes
    shutil.rmtree(workdir)  # the host's recursive tools cope with what came back
    workdir.mkdir()

"""The Docker backend's limits match bubblewrap's. No engine runs on this project's CI
machines, so this checks the settings the backend hands the engine (and that the docker
SDK accepts them), not a live container."""

from __future__ import annotations

from pathlib import Path

from docker.models.containers import _create_container_args

from qa_agents.sandbox import SandboxSpec, container_kwargs
from qa_agents.sandbox.quota import RunDisk


def test_the_quota_disk_is_the_only_writable_place() -> None:
    disk = RunDisk(image=Path("/var/tmp/d/run-1/disk.img"), mount=Path("/var/tmp/d/run-1/mnt"),
                   quota_mb=2048)  # fmt: skip
    spec = SandboxSpec(command=["pytest"], workdir=Path("/var/tmp/qa-1/after"), pids=128)
    kw = container_kwargs(spec, disk)
    assert kw["volumes"] == {
        "/var/tmp/d/run-1/mnt/work": {"bind": "/var/tmp/qa-1/after", "mode": "rw"},
        "/var/tmp/d/run-1/mnt/tmp": {"bind": "/tmp", "mode": "rw"},
        "/var/tmp/d/run-1/mnt/shm": {"bind": "/dev/shm", "mode": "rw"},
    }
    assert kw["tmpfs"] == {}  # no memory-backed writable place beside the disk
    assert kw["ipc_mode"] == "none"  # no engine-made /dev/shm either
    assert kw["read_only"] is True
    assert kw["network_mode"] == "none"
    assert kw["cap_drop"] == ["ALL"] and kw["privileged"] is False
    assert kw["security_opt"] == ["no-new-privileges"]  # the default seccomp profile stays on
    assert not any("unconfined" in opt for opt in kw["security_opt"])
    assert kw["pids_limit"] == 128
    assert kw["user"] == "65534:65534"
    host = _create_container_args({**kw, "version": "1.44"})["host_config"]
    assert host["ReadonlyRootfs"] is True and host["NetworkMode"] == "none"
    assert host["CapDrop"] == ["ALL"] and host["PidsLimit"] == 128
    assert host["IpcMode"] == "none" and host["SecurityOpt"] == ["no-new-privileges"]
    assert "Tmpfs" not in host or host["Tmpfs"] == {}


def test_without_the_disk_tmp_is_a_bounded_tmpfs() -> None:
    kw = container_kwargs(SandboxSpec(command=["true"], workdir=Path("/w"), memory_mb=256))
    assert kw["tmpfs"] == {"/tmp": "rw,nosuid,nodev,size=256m,mode=1777"}
    assert kw["volumes"] == {"/w": {"bind": "/w", "mode": "rw"}}
    assert kw["ipc_mode"] == "private"

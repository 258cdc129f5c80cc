"""Docker backend: exact container settings without an engine, a real run with one."""

from __future__ import annotations

from pathlib import Path

import pytest
from docker.models.containers import _create_container_args
from docker.types import Ulimit

from qa_agents.sandbox import DockerSandbox, SandboxSpec, container_kwargs
from qa_agents.sandbox.docker_backend import docker_client


def test_container_kwargs_lock_the_container_down() -> None:
    spec = SandboxSpec(
        command=["python", "repro.py"],
        workdir=Path("/var/tmp/w"),
        python_env=Path("/var/tmp/env"),
        memory_mb=512,
        pids=64,
        cpus=1.5,
        cpu_s=30,
        file_size_mb=8,
        env={"PYTHONHASHSEED": "0"},
    )
    kw = container_kwargs(spec)
    assert kw["image"] == "python:3.11-slim"
    assert kw["command"] == ["python", "repro.py"]
    assert kw["network_mode"] == "none"
    assert kw["read_only"] is True
    assert kw["tmpfs"] == {"/tmp": "rw,nosuid,nodev,size=512m,mode=1777"}
    assert (kw["mem_limit"], kw["memswap_limit"]) == ("512m", "512m")
    assert kw["nano_cpus"] == 1_500_000_000
    assert kw["pids_limit"] == 64
    assert kw["cap_drop"] == ["ALL"]
    assert kw["security_opt"] == ["no-new-privileges"]
    assert kw["user"] == "65534:65534"
    assert kw["working_dir"] == "/var/tmp/w"
    assert kw["volumes"] == {
        "/var/tmp/w": {"bind": "/var/tmp/w", "mode": "rw"},
        "/var/tmp/env": {"bind": "/var/tmp/env", "mode": "ro"},
    }
    assert kw["environment"]["PATH"].startswith("/var/tmp/env/bin:")
    assert kw["environment"]["PYTHONHASHSEED"] == "0"
    assert kw["ulimits"] == [
        Ulimit(name="cpu", soft=30, hard=31),
        Ulimit(name="fsize", soft=8 << 20, hard=8 << 20),
        Ulimit(name="nofile", soft=256, hard=256),
        Ulimit(name="core", soft=0, hard=0),
    ]
    # The SDK itself accepts every key (it raises on unknown ones).
    args = _create_container_args({**kw, "version": "1.44"})
    assert args["host_config"]["NetworkMode"] == "none"
    assert args["host_config"]["ReadonlyRootfs"] is True


def test_network_opt_in_uses_bridge() -> None:
    kw = container_kwargs(SandboxSpec(command=["true"], workdir=Path("/w"), network=True))
    assert kw["network_mode"] == "bridge"


@pytest.mark.docker
def test_real_container_run(workdir: Path) -> None:
    client = docker_client()
    if client is None:
        pytest.skip("no Docker engine answers")
    code = "import os, socket; print(os.getuid()); socket.create_connection(('1.1.1.1', 53), 2)"
    res = DockerSandbox(client).run(
        SandboxSpec(command=["python", "-c", code], workdir=workdir, timeout_s=60)
    )
    assert res.backend == "docker"
    assert res.stdout.strip() == "65534"
    assert res.exit_code != 0  # no network

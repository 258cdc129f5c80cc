"""Sandboxed command execution for the QA worker and the MRE executor (see README.md)."""

from qa_agents.sandbox.bwrap import BubblewrapSandbox
from qa_agents.sandbox.docker_backend import DockerSandbox, container_kwargs
from qa_agents.sandbox.factory import get_sandbox, sandbox_from_settings
from qa_agents.sandbox.models import (
    Sandbox,
    SandboxError,
    SandboxResult,
    SandboxSpec,
    SandboxUnavailable,
)
from qa_agents.sandbox.unsafe import UnsafeNoSandbox

__all__ = [
    "BubblewrapSandbox",
    "DockerSandbox",
    "Sandbox",
    "SandboxError",
    "SandboxResult",
    "SandboxSpec",
    "SandboxUnavailable",
    "UnsafeNoSandbox",
    "container_kwargs",
    "get_sandbox",
    "sandbox_from_settings",
]

"""One way for every client to find the stack: the settings to use, and where each came from.

Order, highest first: a CLI flag, a ``FIXTRACE_*`` variable, the running stack (found from any
folder through its pointer, see :mod:`fixtrace_config.stack_state`), the default. So
``FIXTRACE_KAFKA_BOOTSTRAP`` set means that broker, not the stack's; with nothing set, a
client in any folder reaches the stack ``fixtrace up`` started.

The probes here are what clients check before committing to a library's long timeouts: a
TCP connect with a short timeout says at once whether anything listens.
"""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass

from fixtrace_config.settings import Settings, load_settings
from fixtrace_config.stack_state import (
    StackState,
    apply_stack,
    find_stack,
    pointed_stacks,
    running_stack,
)

PROBE_TIMEOUT_S = 1.0


@dataclass(frozen=True)
class Discovery:
    """The settings a client should use, the stack they came from (if any), and why."""

    settings: Settings
    stack: StackState | None
    explicit: frozenset[str]
    from_stack: frozenset[str]

    def source(self, name: str) -> str:
        """Where the value of setting ``name`` came from, in words for ``fixtrace status``."""
        if name in self.from_stack and self.stack is not None:
            return f"running stack (pid {self.stack.pid})"
        if name in self.explicit:
            return env_variable(name) or "flag"
        return "default"


def env_variable(name: str) -> str | None:
    """The environment variable that set field ``name``, if one did."""
    field = Settings.model_fields[name]
    names = [f"FIXTRACE_{name.upper()}"]
    alias = field.validation_alias
    if alias is not None:
        names = [str(a) for a in getattr(alias, "choices", [alias])]
    prefixes = {n.upper() for n in names}
    return next((k for k in os.environ if k.upper() in prefixes), None)


def discover(settings: Settings | None = None) -> Discovery:
    """Resolve ``settings`` (default: the environment's) against the running stack.

    Fields the caller set (``model_fields_set``: flags and variables) are kept as they are.
    """
    settings = settings if settings is not None else Settings()
    explicit = frozenset(settings.model_fields_set)
    stack = find_stack(settings)
    taken: list[str] = []
    if stack is not None:
        settings, taken = apply_stack(settings, stack)
    return Discovery(settings, stack, explicit, frozenset(taken))


def unreachable_broker(found: Discovery) -> str:
    """One line: which broker does not answer, and why a client chose that one."""
    source = found.source("kafka_bootstrap")
    if source == "default":
        why = "the default; no running stack was found: start one with `fixtrace up`"
    else:
        why = f"from {source}"
    return f"no Kafka broker answers at {found.settings.kafka_bootstrap} ({why})"


def client_settings(**flags: object) -> Settings:
    """The settings of a client command: its flags (None: not given), variables, the stack."""
    return discover(load_settings(**flags)).settings


def tcp_answers(host: str, port: int, timeout_s: float = PROBE_TIMEOUT_S) -> bool:
    """Whether ``host:port`` accepts a TCP connection within ``timeout_s``."""
    try:
        with socket.create_connection((host, port), timeout=timeout_s):
            return True
    except OSError:
        return False


def bootstrap_servers(bootstrap: str) -> list[tuple[str, int]]:
    """``host:port,…`` (a Kafka bootstrap list) as (host, port) pairs; malformed items skipped."""
    servers = []
    for server in bootstrap.split(","):
        host, _, port = server.strip().rpartition(":")
        if host and port.isdigit():
            servers.append((host.strip("[]"), int(port)))
    return servers


def broker_answers(bootstrap: str, timeout_s: float = PROBE_TIMEOUT_S) -> bool:
    """Whether any server of a Kafka bootstrap list accepts a TCP connection."""
    return any(tcp_answers(h, p, timeout_s) for h, p in bootstrap_servers(bootstrap))


def worker_problem(settings: Settings) -> str | None:
    """Why a pipeline worker cannot run on ``settings`` now (in one line), or None.

    Workers use their configuration as it is: a running stack has its own workers and owns
    its embedded store (chdb opens a folder in one process only), so a worker beside it
    needs a ClickHouse server. The stack is looked for anyway, so that the line says so.
    """
    stack = running_stack(settings)
    if stack is None:
        live = [state for _, state, alive in pointed_stacks() if alive]
        stack = max(live, key=lambda s: s.started_at_ms, default=None)
    if stack is not None and settings.resolved_clickhouse_dsn.startswith("chdb:"):
        return (
            f"a stack runs (pid {stack.pid}, broker {stack.kafka_bootstrap}) with its own stream "
            "and QA workers, and its embedded ClickHouse opens in one process only: another "
            "worker needs a ClickHouse server (FIXTRACE_CLICKHOUSE_DSN=http://…, "
            f"FIXTRACE_KAFKA_BOOTSTRAP={stack.kafka_bootstrap}; README: Scale-out)"
        )
    if not broker_answers(settings.kafka_bootstrap):
        return (
            f"no Kafka broker answers at {settings.kafka_bootstrap} "
            "(set FIXTRACE_KAFKA_BOOTSTRAP or --bootstrap)"
        )
    return None

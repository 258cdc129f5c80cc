"""The ground floor: configuration every fixtrace process and stage may import.

``Settings`` (endpoints, topics, stage settings; ``settings``), where files live by default
(the user's XDG data and state homes; ``paths``), the running stack's state and the pointer
to it (``stack_state``), how every client finds the stack and probes an endpoint
(``discovery``), how a stage's command reaches a deployment (``deployment``) and the process
GC settings (``gc_tuning``). This package imports nothing of the project's own and only
pydantic / pydantic-settings beside the standard library, so the stages (``producers/``,
``streams/``, ``sinks/``, ``qa_agents/``) never point up at the CLI package ``fixtrace/`` for
their configuration (``tests/test_import_rules.py``).
"""

from fixtrace_config.settings import SandboxBackend, Settings, load_settings, public_dsn

__all__ = ["SandboxBackend", "Settings", "load_settings", "public_dsn"]

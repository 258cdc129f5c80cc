"""Configuration and results of the redaction engine.

The configuration is pydantic (it crosses the process boundary from settings and callers);
the per-string outcome is a slotted dataclass because one is built for every string of
every event and pydantic construction would cost more than the scan itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Mode = Literal["redacted", "raw"]
ContentKind = Literal["code", "terminal", "text"]

REPLACEMENT = "[REDACTED:{rule}]"
MARKER = re.compile(r"\[REDACTED:[a-z0-9_]+\]")
"""A replacement token as :data:`REPLACEMENT` writes it, wherever a later step reads one."""
LOW_MARKER = re.compile(MARKER.pattern.lower())
"""The same token in a lower-cased copy of the text, where the lower-case rules read."""
TRUNCATE_RULE = "truncate_large"


class RedactionConfig(BaseModel):
    """How a :class:`~streams.redact.engine.Redactor` treats text.

    ``mode="raw"`` is a request, not a guarantee: it is honoured per string only when the
    caller's consent flags cover that kind of content (see :mod:`streams.redact.consent`).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    mode: Mode = "redacted"
    pii: bool = Field(False, description="Also mask e-mail addresses and phone numbers.")
    max_bytes: int | None = Field(
        1_048_576, ge=256, description="UTF-8 size above which a string is truncated."
    )
    precheck: bool = Field(
        True, description="Skip a rule when its literal keywords are absent (same findings)."
    )
    disabled_rules: frozenset[str] = Field(
        default_factory=frozenset, description="Rule names never applied."
    )


@dataclass(frozen=True, slots=True)
class RedactionOutcome:
    """The redacted text, how many findings each rule made, and whether it was cut."""

    text: str
    findings: dict[str, int] = field(default_factory=dict)
    truncated: bool = False
    scanned: bool = True
    """False when the string was kept raw under consent (no secret scan ran)."""

    @property
    def changed(self) -> bool:
        """True when anything was replaced or cut."""
        return bool(self.findings) or self.truncated

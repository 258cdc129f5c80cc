"""Redaction of secrets (and optionally PII) from trace text; see ``README.md`` here."""

from .consent import effective_mode, kind_for_event_type, raw_allowed
from .engine import Redactor
from .models import ContentKind, Mode, RedactionConfig, RedactionOutcome
from .rules import RULE_NAMES
from .structured import FindingTally, redact_payload

__all__ = [
    "RULE_NAMES",
    "ContentKind",
    "FindingTally",
    "Mode",
    "RedactionConfig",
    "RedactionOutcome",
    "Redactor",
    "effective_mode",
    "kind_for_event_type",
    "raw_allowed",
    "redact_payload",
]

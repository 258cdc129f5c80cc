"""Redact every string inside a nested payload and summarise it as ``redaction`` metadata.

Dict keys are kept (they are field names), but a key that *names* a secret
(``DB_PASSWORD``, ``client_secret``, ``api_key``…) makes its string value a finding on
its own: a bare ``"hunter2"`` has no shape to detect, its key is the only evidence.
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

from pydantic import BaseModel

from schemas.document import Redaction
from schemas.models import ConsentFlags

from .accept import is_placeholder
from .engine import Redactor
from .models import REPLACEMENT, TRUNCATE_RULE, ContentKind, RedactionOutcome

T = TypeVar("T")

_SECRET_KEY = re.compile(
    r"(?:password|passwd|passphrase|secret|token|api[_\-]?key|access[_\-]?key"
    r"|private[_\-]?key|credentials?)$",
    re.IGNORECASE,
)
_KEY_RULE = "secret_assignment"


class FindingTally:
    """Accumulates outcomes into one :class:`schemas.document.Redaction` record."""

    def __init__(self, pii: bool) -> None:
        self.pii = pii
        self.scanned = False
        self.truncated = False
        self.counts: dict[str, int] = {}

    def add(self, outcome: RedactionOutcome) -> None:
        """Fold one string's outcome in."""
        self.scanned |= outcome.scanned
        self.truncated |= outcome.truncated
        for rule, n in outcome.findings.items():
            self.counts[rule] = self.counts.get(rule, 0) + n

    def metadata(self) -> Redaction:
        """``{"applied", "rules", "counts"}``: rules are the policies that ran (plan names)."""
        rules: list[str] = []
        if self.scanned:
            rules.append("secret_scan")
            if self.pii:
                rules.append("pii_mask")
        if self.truncated:
            rules.append(TRUNCATE_RULE)
        return Redaction(applied=bool(rules), rules=rules, counts=dict(sorted(self.counts.items())))


def redact_payload(
    value: T,
    redactor: Redactor,
    *,
    kind: ContentKind = "text",
    consent: ConsentFlags | None = None,
) -> tuple[T, Redaction]:
    """Return ``value`` with every string redacted, and the aggregated metadata.

    Accepts dicts, lists, tuples, scalars and pydantic models (rebuilt with
    ``model_validate`` so the result has the same type).
    """
    tally = FindingTally(redactor.config.pii)
    if isinstance(value, BaseModel):
        dumped = _walk(value.model_dump(mode="python"), redactor, kind, consent, tally)
        return type(value).model_validate(dumped), tally.metadata()  # type: ignore[return-value]
    return _walk(value, redactor, kind, consent, tally), tally.metadata()


def _walk(
    value: Any,
    redactor: Redactor,
    kind: ContentKind,
    consent: ConsentFlags | None,
    tally: FindingTally,
    key: str | None = None,
) -> Any:
    if isinstance(value, str):
        outcome = redactor.redact(value, kind=kind, consent=consent)
        if outcome.scanned and key is not None and _names_secret(key, outcome.text):
            outcome = RedactionOutcome(
                REPLACEMENT.format(rule=_KEY_RULE),
                {**outcome.findings, _KEY_RULE: outcome.findings.get(_KEY_RULE, 0) + 1},
                outcome.truncated,
            )
        tally.add(outcome)
        return outcome.text
    if isinstance(value, dict):
        return {
            k: _walk(v, redactor, kind, consent, tally, k if isinstance(k, str) else None)
            for k, v in value.items()
        }
    if isinstance(value, list | tuple):
        items = [_walk(v, redactor, kind, consent, tally) for v in value]
        return items if isinstance(value, list) else tuple(items)
    if isinstance(value, BaseModel):
        return _walk(value.model_dump(mode="python"), redactor, kind, consent, tally)
    return value


def _names_secret(key: str, text: str) -> bool:
    """True when the key names a secret and its (already scanned) value still holds one."""
    return (
        bool(_SECRET_KEY.search(key))
        and "[REDACTED:" not in text
        and "\n" not in text
        and not is_placeholder(text)
    )

"""Redact step: every string an event or a trace-opened record carries, per consent.

Why it walks model fields instead of dumping to dicts: a dump + re-validate per event costs
more than the secret scan itself (PLATFORM.md budgets ~6 µs/event for redaction), so only
the strings that actually change are written back with ``model_copy``. The scanning rules
live in :mod:`streams.redact`; this step only decides *which* strings, in which mode, and
records the plan's ``redaction`` metadata (rules and counts) on the stored event.

Consent rules applied here (beyond the engine's raw/redacted choice per content kind):
``store_raw_code=False`` keeps patches only, so file snapshot contents are dropped;
``store_terminal_output=False`` drops terminal output chunks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import Any, Protocol, get_args

from pydantic import BaseModel

from schemas.models import (
    PAYLOAD_MODELS,
    ConsentFlags,
    Event,
    Redaction,
    TraceOpened,
)
from streams.redact import Redactor, kind_for_event_type, raw_allowed


class Outcome(Protocol):
    """What the engine returns for one string."""

    text: str
    findings: dict[str, int]
    truncated: bool


TextRedactor = Callable[[str], Outcome]
"""Scan one string in redacted mode (rules, PII masking, truncation)."""

DROPPED_RULE = "consent_dropped"
# Identifiers and content hashes are not free text: scanning them could only mangle joins.
_ID_FIELDS = frozenset({
    "trace_id", "event_id", "parent_event_id", "correlation_id", "client_session_id",
    "commit_base", "commit_head", "sha", "parent_sha", "pre_hash", "post_hash", "env_hash",
    "tree_hash", "dependencies_lock_hash", "reason_ref", "links_to",
    # enum-like vocabulary fields (validated patterns or short names), never free text
    "type", "kind", "shell", "stream", "edit_kind", "patch_format", "snapshot_reason",
    "runner", "mode", "dedupe_policy", "experience_level", "trace_version",
})  # fmt: skip
_MIN_SCAN_LEN = 8
"""Shorter strings cannot hold a keyword plus a value or a token any rule would match."""
_CONTAINER_TYPES = (list, tuple)


_NO_TEXT = (int, float, bool, type(None))


@cache
def _text_fields(cls: type[BaseModel]) -> tuple[str, ...]:
    """Fields of ``cls`` that can hold free text (strings, lists, nested models)."""
    out = []
    for name, info in cls.model_fields.items():
        if name in _ID_FIELDS or name.endswith("_blob_id"):
            continue
        args = get_args(info.annotation) or (info.annotation,)
        if all(isinstance(a, type) and issubclass(a, _NO_TEXT) for a in args):
            continue
        out.append(name)
    return tuple(out)


def _scrub(model: BaseModel, redact: TextRedactor, counts: Counter[str]) -> BaseModel:
    """``model`` with every string (nested models and lists too) passed through ``redact``."""
    update: dict[str, Any] = {}
    values = model.__dict__
    for name in _text_fields(type(model)):
        value = values.get(name)
        if value is None:
            continue
        new = _scrub_value(value, redact, counts)
        if new is not value:
            update[name] = new
    return model.model_copy(update=update) if update else model


def _scrub_value(value: Any, redact: TextRedactor, counts: Counter[str]) -> Any:
    if isinstance(value, str):
        if len(value) < _MIN_SCAN_LEN:
            return value
        out = redact(value)
        if out.findings:
            counts.update(out.findings)
        return out.text if out.text != value else value
    if isinstance(value, BaseModel):
        return _scrub(value, redact, counts)
    if isinstance(value, _CONTAINER_TYPES) and value:
        items = [_scrub_value(v, redact, counts) for v in value]
        return items if any(a is not b for a, b in zip(items, value, strict=True)) else value
    return value


def _redaction(counts: Counter[str]) -> Redaction:
    return Redaction(applied=bool(counts), rules=sorted(counts), counts=dict(counts))


# event type -> (consent flag that must be true to keep it, payload fields it governs)
_CONSENT_GATED: dict[str, tuple[str, tuple[str, ...]]] = {
    "file_snapshot": ("store_raw_code", ("content_text", "content_blob_id")),
    "terminal_output": ("store_terminal_output", ("chunk_text", "chunk_blob_id")),
}


def redact_opened(opened: TraceOpened, redactor: Redactor) -> tuple[TraceOpened, Redaction]:
    """The trace-opened record (bug report, repo, task text) as it may be stored."""
    consent = opened.developer.consent_flags
    counts: Counter[str] = Counter()

    def redact(text: str) -> Outcome:
        return redactor.redact(text, kind="text", consent=consent)

    opened = _scrub(opened, redact, counts)  # type: ignore[assignment]
    return opened, _redaction(counts)


# --- the hot path: events as decoded dicts (see streams.decode.BatchRecord) ----------------

_LOCATION_FIELDS = frozenset({"cwd", "file_path", "workspace_root", "branch"})
"""Fields whose values repeat across a trace's events: their outcomes are memoised."""
_MEMO_MAX = 50_000


@cache
def _dict_fields(cls: type[BaseModel]) -> tuple[tuple[str, type[BaseModel] | None], ...]:
    """``_text_fields`` of ``cls`` with the nested model of each (None for str/list fields)."""
    out = []
    for name in _text_fields(cls):
        annotation = cls.model_fields[name].annotation
        args = get_args(annotation) or (annotation,)
        nested = next((a for a in args if isinstance(a, type) and issubclass(a, BaseModel)), None)
        out.append((name, nested))
    return tuple(out)


# The envelope's text fields per event type, ``payload`` resolved to the model its type names.
_EVENT_FIELDS: dict[str, tuple[tuple[str, type[BaseModel] | None], ...]] = {
    kind: tuple((n, model if n == "payload" else sub) for n, sub in _dict_fields(Event))
    for kind, model in PAYLOAD_MODELS.items()
}


def _scrub_dict(
    d: dict[str, Any],
    fields: tuple[tuple[str, type[BaseModel] | None], ...],
    redact: TextRedactor,
    memo: TextRedactor,
    counts: Counter[str],
) -> None:
    """Pass every text value of ``d`` through ``redact`` in place (same strings as ``_scrub``)."""
    for name, nested in fields:
        value = d.get(name)
        if value is None:
            continue
        if isinstance(value, str):
            if len(value) >= _MIN_SCAN_LEN:
                out = (memo if name in _LOCATION_FIELDS else redact)(value)
                if out.findings:
                    counts.update(out.findings)
                d[name] = out.text
        elif isinstance(value, dict):
            if nested is not None:
                _scrub_dict(value, _dict_fields(nested), redact, memo, counts)
        elif isinstance(value, list):
            d[name] = [_scrub_value(v, redact, counts) for v in value]


class DictRedaction:
    """Redacts decoded event dicts in place, with the model path's semantics.

    Why a class: it holds the memo of outcomes for location-like strings (paths, cwd,
    branches), which repeat on nearly every event of a trace. The engine is deterministic
    for a string in redacted mode, so a memoised outcome is the outcome; raw-eligible
    strings (mode raw + consent) always go to the engine.
    """

    def __init__(self, redactor: Redactor) -> None:
        self.redactor = redactor
        self._raw_mode = redactor.config.mode == "raw"
        self._memo: dict[str, Outcome] = {}

    def _memoised(self, text: str) -> Outcome:
        out = self._memo.get(text)
        if out is None:
            if len(self._memo) >= _MEMO_MAX:
                self._memo.clear()
            out = self._memo[text] = self.redactor.redact(text)
        return out

    def event(self, event: dict[str, Any], consent: ConsentFlags | None) -> dict[str, Any]:
        """Redact ``event`` in place; sets ``event["redaction"]`` when anything was found.

        ``consent`` None (no TraceOpened known) means the strictest handling.
        """
        counts: Counter[str] = Counter()
        etype = event["type"]
        gate = _CONSENT_GATED.get(etype)
        if gate is not None and not getattr(consent or _STRICTEST, gate[0]):
            payload = event["payload"]
            if any(payload.get(f) for f in gate[1]):
                counts[DROPPED_RULE] += 1
                payload.update(dict.fromkeys(gate[1]))
        kind = kind_for_event_type(etype)
        redactor = self.redactor

        def redact(text: str) -> Outcome:
            return redactor.redact(text, kind=kind, consent=consent)

        memo = redact if self._raw_mode and raw_allowed(kind, consent) else self._memoised
        _scrub_dict(event, _EVENT_FIELDS[etype], redact, memo, counts)
        if counts:
            event["redaction"] = _redaction(counts)
        return event


_STRICTEST = ConsentFlags()

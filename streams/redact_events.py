"""Redact step: every string an event or a trace-opened record carries, per consent.

Why it walks model fields instead of dumping to dicts: a dump + re-validate per event costs
more than the secret scan itself, so only the strings that actually change are written
back with ``model_copy``. The scanning rules live in :mod:`streams.redact`; this step only
decides *which* strings, in which mode, and records the ``redaction`` metadata (rules and
counts) on the stored event.

Consent rules applied here (beyond the engine's raw/redacted choice per content kind):
``store_raw_code=False`` keeps patches only, so file snapshot contents are dropped;
``store_terminal_output=False`` drops terminal output chunks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from functools import cache, partial
from typing import Any, Protocol, TypeVar, get_args

from pydantic import BaseModel

from schemas.document import CONSENT_DROPPED_RULE, Redaction
from schemas.fields import lone_value_reading, model_field_class, names_without_ids
from schemas.models import ConsentFlags, Event, TraceOpened
from schemas.payloads import PAYLOAD_MODELS
from schemas.shapes import DROPPED, SHAPES, SHORT_TEXT, TEXT, random_segments
from streams.redact import ContentKind, Redactor, kind_for_event_type, raw_allowed
from streams.redact.consent import effective_mode
from streams.redact.lone_value import id_segments, lone_key
from streams.redact.memory import RULE as MEMORY_RULE
from streams.redact.memory import TraceMemory
from streams.redact.printed import PRINTING_EVENTS, PrintingCommands
from streams.redact.printed import RULE as PRINTED_RULE
from streams.redact.said import said_keys


class Outcome(Protocol):
    """What the engine returns for one string."""

    text: str
    findings: dict[str, int]
    truncated: bool


R = TypeVar("R", bound=BaseModel)
TextRedactor = Callable[[str], Outcome]
"""Scan one string in redacted mode (rules, PII masking, truncation)."""

DROPPED_RULE = CONSENT_DROPPED_RULE
RANDOM_SEGMENT_RULE = "random_name_segment"
"""A segment of a short-text field (a branch, an OS, a label: ``schemas.shapes.SHORT_TEXT``)
that reads as a key, redacted with no keyword beside it."""
LONE_VALUE_RULE = "lone_value"
"""A text field whose whole value is one token that reads as a key or a password
(``schemas.fields.LONE_VALUES``): a pasted key, ``cat token.txt``'s output."""
SAID_KEY_RULE = "said_key"
"""A word of what a person typed (a thought, a commit message, a bug report) that reads as
a key with no keyword beside it: :mod:`streams.redact.said`."""
SAID = "said"
"""The reading of a person's prose (``schemas.fields.LONE_VALUES``)."""
SEGMENTS = "segments"
NAMED = "named"
"""The reading of a name that never holds an id (``schemas.fields.NAMES_WITHOUT_IDS``):
``segments``, and segments that are drawn hex or UUIDs too."""
"""The reading of a short-text field (the others are ``LONE_VALUES``' readings)."""
_MIN_SCAN_LEN = 8
"""Shorter strings cannot hold a keyword plus a value or a token any rule would match."""
_CONTAINER_TYPES = (list, tuple)


def _scanned_shape(kind: str) -> bool:
    shape = SHAPES.get(kind)
    return shape is not None and shape.scanned


@cache
def _text_fields(cls: type[BaseModel]) -> tuple[str, ...]:
    """Fields of ``cls`` that can hold free text (strings, lists, nested models).

    Which strings are free text comes from ``schemas.fields.FIELD_SHAPES`` (classified from
    the Avro schemas, every string field): the others have a strict shape the boundaries
    enforced, or are dropped before storage; a shape marked ``scanned`` (an open id) is
    scanned too. A string the schema does not declare (an enum) is not text either; nested
    models are walked.
    """
    out = []
    for name, info in cls.model_fields.items():
        kind = model_field_class(cls.__name__, name)
        if kind is not None and kind not in (TEXT, SHORT_TEXT) and not _scanned_shape(kind):
            continue
        nested = _nested_model_of(info.annotation)
        if kind is None and nested is None:
            continue  # an enum, a number, a flag, bytes
        out.append(name)
    return tuple(out)


@cache
def _readings(cls: type[BaseModel]) -> dict[str, str]:
    """Fields of ``cls`` read beyond the text rules: short text (``segments``) and text
    fields whose lone value is read (``typed``, ``printed``)."""
    out = {}
    for name in cls.model_fields:
        if model_field_class(cls.__name__, name) == SHORT_TEXT:
            out[name] = NAMED if names_without_ids(cls.__name__, name) else SEGMENTS
        elif (reading := lone_value_reading(cls.__name__, name)) is not None:
            out[name] = reading  # type: ignore[assignment]
    return out


def read_beyond_rules(
    original: str, text: str, reading: str, found: list[str] | None = None
) -> tuple[str, dict[str, int]]:
    """``text`` (``original`` as the text rules left it) with what the field's ``reading``
    takes on top: random-looking segments of a name, a lone key, or in what a person typed
    the words that read as keys (:func:`streams.redact.said.said_keys`); the values go to
    ``found`` (the trace memory's inbox) when given."""
    if reading == SEGMENTS:
        return _replace(text, random_segments(text), RANDOM_SEGMENT_RULE, found)
    if reading == NAMED:
        spans = sorted(set(random_segments(text)) | set(id_segments(text)))
        return _replace(text, spans, RANDOM_SEGMENT_RULE, found)
    if lone_key(original, reading):  # whole, also where a text rule took a part of it
        if found is not None:
            found.append(original.strip())
        return f"[REDACTED:{LONE_VALUE_RULE}]", {LONE_VALUE_RULE: 1}
    if reading == SAID:
        return _replace(text, said_keys(text), SAID_KEY_RULE, found)
    return text, {}


def _replace(
    text: str, spans: list[tuple[int, int]], rule: str, found: list[str] | None
) -> tuple[str, dict[str, int]]:
    """``text`` with each span replaced by ``rule``'s marker (the values to ``found``)."""
    if not spans:
        return text, {}
    parts, last = [], 0
    for begin, end in spans:
        parts += [text[last:begin], f"[REDACTED:{rule}]"]
        if found is not None:
            found.append(text[begin:end])
        last = end
    parts.append(text[last:])
    return "".join(parts), {rule: len(spans)}


def _nested_model_of(annotation: Any) -> type[BaseModel] | None:
    args = get_args(annotation) or (annotation,)
    for a in args:
        if isinstance(a, type) and issubclass(a, BaseModel):
            return a
        inner = _nested_model_of(a) if get_args(a) else None
        if inner is not None:
            return inner
    return None


def _scrub(
    model: BaseModel,
    redact: TextRedactor,
    counts: Counter[str],
    found: list[str] | None = None,
    names: bool = True,
) -> BaseModel:
    """``model`` with every string (nested models and lists too) passed through ``redact``;
    with ``names`` (not in raw mode), short-text fields also lose their random-looking
    segments (to ``found``, when given)."""
    update: dict[str, Any] = {}
    values = model.__dict__
    readings = _readings(type(model)) if names else {}
    for name in _text_fields(type(model)):
        value = values.get(name)
        if value is None:
            continue
        reading = readings.get(name)
        how = redact if reading is None else _reading(redact, reading, found)
        new = _scrub_value(value, how, counts, found, names)
        if new is not value:
            update[name] = new
    return model.model_copy(update=update) if update else model


def _reading(redact: TextRedactor, reading: str, found: list[str] | None) -> TextRedactor:
    """``redact``, then what the field's reading takes on top (:func:`read_beyond_rules`)."""

    def scan(text: str) -> Outcome:
        out = redact(text)
        new, more = read_beyond_rules(text, out.text, reading, found)
        return _Outcome(new, {**out.findings, **more}, out.truncated) if more else out

    return scan


def _scrub_value(
    value: Any,
    redact: TextRedactor,
    counts: Counter[str],
    found: list[str] | None = None,
    names: bool = True,
) -> Any:
    if isinstance(value, str):
        if len(value) < _MIN_SCAN_LEN:
            return value
        out = redact(value)
        if out.findings:
            counts.update(out.findings)
        return out.text if out.text != value else value
    if isinstance(value, BaseModel):
        return _scrub(value, redact, counts, found, names)
    if isinstance(value, _CONTAINER_TYPES) and value:
        items = [_scrub_value(v, redact, counts, found, names) for v in value]
        return items if any(a is not b for a, b in zip(items, value, strict=True)) else value
    return value


def _redaction(counts: Mapping[str, int]) -> Redaction:
    return Redaction(applied=bool(counts), rules=sorted(counts), counts=dict(counts))


# event type -> (consent flag that must be true to keep it, payload fields it governs)
_CONSENT_GATED: dict[str, tuple[str, tuple[str, ...]]] = {
    "file_snapshot": ("store_raw_code", ("content_text", "content_blob_id")),
    "terminal_output": ("store_terminal_output", ("chunk_text", "chunk_blob_id")),
}


def redact_opened(
    opened: TraceOpened, redactor: Redactor, memory: TraceMemory | None = None
) -> tuple[TraceOpened, Redaction]:
    """The trace-opened record (bug report, repo, task text) as it may be stored.

    With ``memory``, the values redacted here are remembered for the trace (a password in
    the bug report is redacted where a later event repeats it) and remembered ones go too.
    """
    return redact_record(opened, opened.developer.consent_flags, redactor, memory)


def redact_record(
    record: R, consent: ConsentFlags | None, redactor: Redactor, memory: TraceMemory | None
) -> tuple[R, Redaction]:
    """A trace record's text fields (``TraceOpened``, ``TraceFinalize``'s PR title and
    description) redacted as free text, learning from and applying the trace memory."""
    counts: Counter[str] = Counter()
    found: list[str] = []
    trace_id = record.trace_id  # type: ignore[attr-defined]

    def redact(text: str) -> Outcome:
        out = redactor.redact(text, kind="text", consent=consent)
        if memory is not None and out.findings and out.text != text:
            redactor.redact_text(text, found)  # the values, for the memory (rare)
        return out

    names = effective_mode(redactor.config.mode, "text", consent) == "redacted"
    record = _scrub(record, redact, counts, found, names)  # type: ignore[assignment]
    if memory is not None:
        memory.learn(trace_id, found)
        if trace_id in memory:
            record = _scrub(record, _Outcome.of_memory(memory, trace_id), counts)  # type: ignore[assignment]
    return record, _redaction(counts)


class _Outcome:
    """One string's result shaped as an engine outcome (the trace memory's replacement, or
    a short-text value with its random-looking segments out)."""

    def __init__(self, text: str, findings: dict[str, int], truncated: bool = False) -> None:
        self.text, self.findings, self.truncated = text, findings, truncated

    @staticmethod
    def of_memory(memory: TraceMemory, trace_id: str) -> TextRedactor:
        def scan(text: str) -> Outcome:
            new, n = memory.apply(trace_id, text)
            return _Outcome(new, {MEMORY_RULE: n} if n else {})

        return scan


# --- the hot path: events as decoded dicts (see streams.decode.BatchRecord) ----------------

Scan = Callable[[str], tuple[str, dict[str, int]]]
"""One string to (text, findings): the hot path's engine call, without an outcome object."""
Memo = dict[str, tuple[str, dict[str, int]]]

_MEMO_FIELDS = frozenset({
    "cwd", "file_path", "workspace_root", "branch", "base_branch", "head_branch",
    "command", "id", "symbol",
})  # fmt: skip
"""Fields whose values repeat across a trace's events (locations, commands, names): their
results are memoised. Free text (output, patches, thoughts) rarely repeats exactly."""
_MEMO_MAX = 50_000
_MEMO_MAX_CHARS = 512
"""Longer values (heredoc commands) are scanned each time: the memo stays under ~40 MB."""

FieldPlan = tuple[tuple[str, bool, "FieldPlan | None", "str | None"], ...]
"""(field, memoise it, plan of its nested model or None, its reading beyond the text rules or
None), for each text field of a model."""
Read = Callable[[str, str, bool], tuple[str, dict[str, int]]]
"""One string, its field's reading and whether to memoise it, to (text, findings): the text
rules, then the reading."""


def _nested_model(cls: type[BaseModel], name: str) -> type[BaseModel] | None:
    """The model a field of ``cls`` nests (the first one of a union), or None."""
    annotation = cls.model_fields[name].annotation
    args = get_args(annotation) or (annotation,)
    return next((a for a in args if isinstance(a, type) and issubclass(a, BaseModel)), None)


@cache
def _dict_plan(cls: type[BaseModel]) -> FieldPlan:
    """``_text_fields`` of ``cls``, nested models resolved; models without text are left out."""
    out: list[tuple[str, bool, FieldPlan | None, str | None]] = []
    readings = _readings(cls)
    for name in _text_fields(cls):
        nested = _nested_model(cls, name)
        if nested is None:
            out.append((name, name in _MEMO_FIELDS, None, readings.get(name)))
        elif sub := _dict_plan(nested):
            out.append((name, False, sub, None))
    return tuple(out)


def _envelope_plan(payload: type[BaseModel]) -> tuple[tuple[str, FieldPlan], ...]:
    """The event's sub-dicts (actor, context, payload) with their plans, for one payload type.

    The envelope has no text of its own: ``_scrub_dicts`` walks sub-dicts only.
    """
    out = []
    for name in _text_fields(Event):
        model = payload if name == "payload" else _nested_model(Event, name)
        if model is None:
            raise TypeError(f"Event.{name} is text at the top level: walk it in DictRedaction")
        if plan := _dict_plan(model):
            out.append((name, plan))
    return tuple(out)


_EVENT_PLANS = {kind: _envelope_plan(model) for kind, model in PAYLOAD_MODELS.items()}


def _shaped_fields(cls: type[BaseModel]) -> tuple[str, ...]:
    """Fields of ``cls`` with a strict shape the text rules do not scan: a reference, a
    revision, a vocabulary's name. A key fits some of them (a UUID, 40 hex). Content
    digests are left: a blob is fetched by its id, and ``sha256:`` is no key's form."""
    text = _text_fields(cls)
    return tuple(
        name
        for name in cls.model_fields
        if name not in text
        and model_field_class(cls.__name__, name) not in (None, DROPPED, "digest")
    )


def _shaped_plan(payload: type[BaseModel]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The event's sub-dicts and their shaped fields; the envelope's own ids (``event_id``,
    the dedupe key) are never rewritten."""
    out = []
    for name in ("actor", "context", "payload"):
        model = payload if name == "payload" else _nested_model(Event, name)
        if model is not None and (fields := _shaped_fields(model)):
            out.append((name, fields))
    return tuple(out)


_SHAPED_PLANS = {kind: _shaped_plan(model) for kind, model in PAYLOAD_MODELS.items()}


def _remembered_in_shaped(
    event: dict[str, Any], trace_id: str, memory: TraceMemory, counts: dict[str, int] | None
) -> dict[str, int] | None:
    """Values the trace memory holds, out of the event's shaped fields too: a key typed in a
    command and then written as a reference or a revision (a UUID key in ``links_to``, a
    40-hex token as ``commit_head``) is the same secret, and no shape tells it apart."""
    for key, names in _SHAPED_PLANS[event["type"]]:
        d = event.get(key)
        if not isinstance(d, dict):
            continue
        for name in names:
            value = d.get(name)
            items = value if isinstance(value, list) else [value]
            new = [memory.apply(trace_id, v) if isinstance(v, str) else (v, 0) for v in items]
            hits = sum(n for _, n in new)
            if hits:
                d[name] = [v for v, _ in new] if isinstance(value, list) else new[0][0]
                counts = _add(counts, {MEMORY_RULE: hits})
    return counts


def _add(counts: dict[str, int] | None, findings: dict[str, int]) -> dict[str, int]:
    """``counts`` (created on the first finding: most events have none) plus ``findings``."""
    if counts is None:
        counts = {}
    for rule, n in findings.items():
        counts[rule] = counts.get(rule, 0) + n
    return counts


def _scrub_dicts(
    parent: dict[str, Any],
    subs: tuple[tuple[str, FieldPlan], ...],
    scan: Scan,
    memo: Memo | None,
    counts: dict[str, int] | None,
    read: Read | None = None,
) -> dict[str, int] | None:
    """Pass every text value of ``parent``'s sub-dicts through the engine, in place.

    ``subs`` names the sub-dicts and their plans (same strings as ``_scrub``). Why two levels
    per call: an event's three sub-dicts then cost one call, not four (~0.4 µs of a ~2.5 µs
    walk). ``memo`` (None: memoise nothing) holds the results of the plans' memoised fields,
    looked up inline (a method call per string cost ~0.1 µs). ``read`` (None: the text
    rules only) takes the fields with a reading (branches, prose, commands, output). Returns
    ``counts`` with the findings added (still None when there were none).
    """
    for key, plan in subs:
        d = parent.get(key)
        if not isinstance(d, dict):
            continue
        for name, memoise, nested, reading in plan:
            value = d.get(name)
            if value is None:
                continue
            if isinstance(value, str):
                if (
                    reading is not None
                    and read is not None
                    and (
                        reading in (SEGMENTS, NAMED, SAID)
                        or (" " not in value and value.find("\n", 0, len(value) - 1) < 0)
                    )
                ):  # a name, prose, or perhaps a lone value (a space or an inner line break)
                    out = read(value, reading, memoise)
                elif len(value) < _MIN_SCAN_LEN:
                    continue
                elif memoise and memo is not None:
                    out = memo.get(value)
                    if out is None:
                        out = _remember(memo, value, scan(value))
                else:
                    out = scan(value)
                d[name] = out[0]
                if out[1]:
                    counts = _add(counts, out[1])
            elif isinstance(value, dict):
                if nested is not None:
                    counts = _scrub_dicts(d, ((name, nested),), scan, memo, counts, read)
            elif isinstance(value, list):
                if reading is not None and read is not None:
                    items = partial(_read_item, read, reading)
                    d[name], counts = _scrub_list(value, items, counts)
                else:
                    d[name], counts = _scrub_list(value, scan, counts)
    return counts


def _read_item(read: Read, reading: str, value: str) -> tuple[str, dict[str, int]]:
    """A list item with its field's reading (lists are not memoised)."""
    return read(value, reading, False)


def _remember(memo: Memo, text: str, out: tuple[str, dict[str, int]]) -> tuple[str, dict[str, int]]:
    """Store a result (bounded: cleared when full, long strings never kept) and return it.

    Results with findings are not kept: scanning them again is what hands their redacted
    values to the trace memory of the trace they now appear in (they are rare).
    """
    if len(text) <= _MEMO_MAX_CHARS and not out[1]:
        if len(memo) >= _MEMO_MAX:
            memo.clear()
        memo[text] = out
    return out


def _scrub_list(
    items: list[Any] | tuple[Any, ...], scan: Scan, counts: dict[str, int] | None
) -> tuple[list[Any], dict[str, int] | None]:
    """A list's strings (and nested lists') scanned, as ``_scrub_value`` does on the model path."""
    out: list[Any] = []
    for v in items:
        if isinstance(v, str) and len(v) >= _MIN_SCAN_LEN:
            v, findings = scan(v)
            if findings:
                counts = _add(counts, findings)
        elif isinstance(v, _CONTAINER_TYPES) and v:
            new, counts = _scrub_list(v, scan, counts)
            if any(a is not b for a, b in zip(new, v, strict=True)):
                v = new  # like ``_scrub_value``: a nested container is only replaced if changed
        out.append(v)
    return out, counts


class DictRedaction:
    """Redacts decoded event dicts in place, with the model path's semantics.

    Why a class: it holds the memo of results for strings that repeat across a trace's
    events (paths, cwd, branches, commands). The engine is deterministic for a string in
    redacted mode, so a memoised result is the result; raw-eligible strings (mode raw +
    consent) always go to the engine.
    """

    def __init__(self, redactor: Redactor, memory: TraceMemory | None = None) -> None:
        self.redactor = redactor
        self.memory = memory if memory is not None else TraceMemory()
        self._remembered = self.memory.traces
        self._raw_mode = redactor.config.mode == "raw"
        self._found: list[str] = []
        # the engine's call, handing each redacted value to the trace memory's inbox (a
        # partial, not a method: one Python frame less per scanned string)
        self._scan: Scan = partial(redactor.redact_text, secrets=self._found)
        self._memo: Memo = {}
        self._read_memo: dict[str, Memo] = {}
        self._printing = PrintingCommands(self.memory)

    def event(
        self, event: dict[str, Any], consent: ConsentFlags | None, trace_id: str | None = None
    ) -> dict[str, Any]:
        """Redact ``event`` in place; sets ``event["redaction"]`` when anything was found.

        ``consent`` None (no TraceOpened known) means the strictest handling. With
        ``trace_id``, values redacted in this event are remembered for the trace
        (:mod:`streams.redact.memory`) and remembered values are redacted here too.
        """
        counts: dict[str, int] | None = None
        etype = event["type"]
        gate = _CONSENT_GATED.get(etype)
        if gate is not None and not getattr(consent or _STRICTEST, gate[0]):
            payload = event["payload"]
            if any(payload.get(f) for f in gate[1]):
                counts = {DROPPED_RULE: 1}
                payload.update(dict.fromkeys(gate[1]))
        plan = _EVENT_PLANS[etype]
        raw = self._raw_mode and raw_allowed(kind := kind_for_event_type(etype), consent)
        printing = etype in PRINTING_EVENTS and trace_id is not None and not raw
        if printing and (value := self._printing.read(etype, trace_id, event)) is not None:
            self.memory.learn(trace_id, [value])  # a command's printed secret
            counts = _add(counts, {PRINTED_RULE: 1})
        if raw:
            counts = _scrub_dicts(event, plan, self._raw_scan(kind, consent), None, counts)
        else:
            counts = _scrub_dicts(event, plan, self._scan, self._memo, counts, self._read)
        found = self._found
        if found:
            if trace_id is not None:
                self.memory.learn(trace_id, found)
            found.clear()
        if trace_id is not None and not raw and trace_id in self._remembered:
            counts = _scrub_dicts(event, plan, self._memory_scan(trace_id), None, counts)
            counts = _remembered_in_shaped(event, trace_id, self.memory, counts)
        if counts:
            event["redaction"] = _redaction(counts)
        return event

    def _read(self, value: str, reading: str, memoise: bool) -> tuple[str, dict[str, int]]:
        """A value scanned by the text rules, then read as its field says (a name's
        segments, a lone key). Memoised (``memoise``: the fields whose values repeat) per
        reading, apart from plain text results: a lone hex reads differently typed and
        printed."""
        if len(value) < _MIN_SCAN_LEN:
            return value, {}  # as the model path (_scrub_value): too short to hold a key
        memo = self._read_memo.get(reading) if memoise else None
        if memoise and memo is None:
            memo = self._read_memo[reading] = {}
        out = memo.get(value) if memo is not None else None
        if out is None:
            text, findings = self._scan(value)
            text, more = read_beyond_rules(value, text, reading, self._found)
            out = (text, {**findings, **more} if more else findings)
            if memo is not None:
                out = _remember(memo, value, out)
        return out

    def _memory_scan(self, trace_id: str) -> Scan:
        """Remembered values of ``trace_id`` out of one string, counted as ``trace_memory``."""
        apply = self.memory.apply

        def scan(text: str) -> tuple[str, dict[str, int]]:
            new, n = apply(trace_id, text)
            return new, ({MEMORY_RULE: n} if n else {})

        return scan

    def _raw_scan(self, kind: ContentKind, consent: ConsentFlags | None) -> Scan:
        """The engine call for strings consent lets stay raw (truncation still applies)."""
        redact = self.redactor.redact

        def scan(text: str) -> tuple[str, dict[str, int]]:
            out = redact(text, kind=kind, consent=consent)
            return out.text, out.findings

        return scan


_STRICTEST = ConsentFlags()

"""Every string field of the wire records, and what may be in it: free text or a strict shape.

Why: redaction scans free text, and any field it does not scan must not be able to carry a
secret. So each string field the Avro schemas declare is classified here, either ``text``
(the stream's redaction scans it), ``short_text`` (a name: scanned, and a segment that
reads as a key is redacted with no keyword beside it: :data:`schemas.shapes.SHORT_TEXT`) or
a named :data:`SHAPES` entry (a hex digest, a UUID-like
id, a short name, …) that the boundaries enforce: the gateway answers 422, the SDK raises,
the stream dead-letters the record with the reason. :func:`string_fields` walks the
``.avsc`` files themselves, and :data:`FIELD_SHAPES` must classify every field it yields
(``tests/redact/test_field_shapes.py``), so a field added later cannot be forgotten: it fails
that test until someone decides which it is.

Why a shape is more than a regex: a GitHub token fits ``[A-Za-z0-9_]{1,64}``. Names and ids
are also refused when a part of them looks random (:func:`looks_random`: a long run mixing
letters and digits, or many case changes), which no command name, test runner, error class
or enum value does. What a shape cannot tell apart is said in its ``limits``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

from schemas.shapes import _FITTED, DROPPED, SHAPES, SHORT_TEXT, TEXT, Shape

AVRO_DIR = Path(__file__).parent / "avro"

FIELD_SHAPES: dict[str, str] = {
    # envelope
    "fixtrace.Event.event_id": "uuid",
    "fixtrace.Actor.id": "id",
    "fixtrace.EventContext.workspace_root": TEXT,
    "fixtrace.EventContext.branch": SHORT_TEXT,
    "fixtrace.EventContext.commit_head": "revision",
    "fixtrace.EventContext.correlation_id": "id",
    "fixtrace.EventContext.parent_event_id": "uuid",
    # payloads
    "fixtrace.payload.FileEdit.file_path": TEXT,
    "fixtrace.payload.FileEdit.patch_format": "patch_format",
    "fixtrace.payload.FileEdit.patch_blob_id": "digest",
    "fixtrace.payload.FileEdit.patch_text": TEXT,
    "fixtrace.payload.FileEdit.pre_hash": "digest",
    "fixtrace.payload.FileEdit.post_hash": "digest",
    "fixtrace.payload.FileEdit.reason_ref": "uuid",
    "fixtrace.payload.FileSnapshot.file_path": TEXT,
    "fixtrace.payload.FileSnapshot.content_blob_id": "digest",
    "fixtrace.payload.FileSnapshot.content_text": TEXT,
    "fixtrace.payload.TerminalCommand.cwd": TEXT,
    "fixtrace.payload.TerminalCommand.command": TEXT,
    "fixtrace.payload.TerminalCommand.shell": "shell",
    "fixtrace.payload.TerminalCommand.env_hash": "digest",
    "fixtrace.payload.TerminalOutput.chunk_blob_id": "digest",
    "fixtrace.payload.TerminalOutput.chunk_text": TEXT,
    "fixtrace.payload.TestRun.command": TEXT,
    "fixtrace.payload.TestRun.runner": "test_runner",
    "fixtrace.payload.TestRun.report_blob_id": "digest",
    "fixtrace.payload.DebugAction.action": "debug_action",
    "fixtrace.payload.DebugAction.file_path": TEXT,
    "fixtrace.payload.DebugAction.expression": TEXT,
    "fixtrace.payload.DebugAction.value_text": TEXT,
    "fixtrace.payload.Navigation.kind": "navigation_kind",
    "fixtrace.payload.Navigation.file_path": TEXT,
    "fixtrace.payload.Navigation.symbol": TEXT,
    "fixtrace.payload.Navigation.query": TEXT,
    "fixtrace.payload.Thought.content_blob_id": "digest",
    "fixtrace.payload.Thought.content_text": TEXT,
    "fixtrace.payload.Thought.links_to[]": "uuid",
    "fixtrace.payload.Commit.sha": "revision",
    "fixtrace.payload.Commit.message": TEXT,
    "fixtrace.payload.Commit.parent_sha": "revision",
    "fixtrace.payload.Commit.diff_blob_id": "digest",
    "fixtrace.payload.Commit.files_changed[]": TEXT,
    "fixtrace.payload.PrMetadata.title": TEXT,
    "fixtrace.payload.PrMetadata.description": TEXT,
    "fixtrace.payload.PrMetadata.url": TEXT,
    "fixtrace.payload.PrMetadata.diff_blob_id": "digest",
    "fixtrace.payload.PrMetadata.base_branch": SHORT_TEXT,
    "fixtrace.payload.PrMetadata.head_branch": SHORT_TEXT,
    "fixtrace.payload.Error.message": TEXT,
    "fixtrace.payload.Error.kind": "error_kind",
    "fixtrace.payload.Error.details_text": TEXT,
    # the trace-opened record
    "fixtrace.TraceOpened.trace_id": "uuid",
    "fixtrace.TraceOpened.trace_version": "version",
    "fixtrace.Repo.repo_id": SHORT_TEXT,
    "fixtrace.Repo.remote_url": TEXT,
    "fixtrace.Repo.default_branch": SHORT_TEXT,
    "fixtrace.Repo.commit_base": "revision",
    "fixtrace.RepoFingerprint.tree_hash": "git_object",
    "fixtrace.RepoFingerprint.dependencies_lock_hash": "digest",
    "fixtrace.Task.task_id": SHORT_TEXT,
    "fixtrace.BugReport.title": TEXT,
    "fixtrace.BugReport.description": TEXT,
    "fixtrace.BugReport.repro_steps": TEXT,
    "fixtrace.BugReport.expected": TEXT,
    "fixtrace.BugReport.actual": TEXT,
    "fixtrace.BugReport.links[]": TEXT,
    "fixtrace.Task.labels[]": SHORT_TEXT,
    # a benchmark's grading spec: public names and test ids, read like the developer's own
    # (a client can send anything); a real spec never reads as a key (see LONE_VALUES)
    "fixtrace.EvalSpec.dataset": SHORT_TEXT,
    "fixtrace.EvalSpec.instance_id": SHORT_TEXT,
    "fixtrace.EvalSpec.version": SHORT_TEXT,
    "fixtrace.EvalSpec.environment_setup_commit": "revision",
    "fixtrace.EvalSpec.test_patch_blob_id": "digest",
    "fixtrace.EvalSpec.fail_to_pass[]": TEXT,
    "fixtrace.EvalSpec.pass_to_pass[]": TEXT,
    "fixtrace.EvalSpec.gold_patch_blob_id": "digest",
    "fixtrace.Developer.developer_id": "id",
    "fixtrace.Environment.os": SHORT_TEXT,
    "fixtrace.Ide.name": SHORT_TEXT,
    "fixtrace.Ide.version": SHORT_TEXT,
    "fixtrace.Environment.language[]": SHORT_TEXT,
    "fixtrace.Environment.timezone": SHORT_TEXT,
    "fixtrace.Ingestion.client_session_id": "uuid",
    "fixtrace.Ingestion.dedupe_policy": "dedupe_policy",
    # the batch and the finalize marker
    "fixtrace.EventBatch.trace_id": "uuid",
    "fixtrace.ProducerInfo.client": DROPPED,
    "fixtrace.ProducerInfo.version": DROPPED,
    "fixtrace.ProducerInfo.host": DROPPED,
    "fixtrace.TraceFinalize.trace_id": "uuid",
    "fixtrace.FinalState.commit_head": "revision",
    "fixtrace.PrRef.title": TEXT,
    "fixtrace.PrRef.description": TEXT,
    "fixtrace.PrRef.diff_blob_id": "digest",
}
"""Avro ``record.field`` (``[]`` for an array's items) → ``text``, ``short_text``,
``dropped`` or a :data:`SHAPES` name."""

LONE_VALUES: dict[str, str] = {
    # typed: nobody types a key, a hash or an id alone as the whole command unless they
    # pasted it
    "fixtrace.payload.TerminalCommand.command": "typed",
    "fixtrace.payload.TestRun.command": "typed",
    # said: prose (a person's notes, messages and reports; an error's message, which quotes
    # the value it refused) is read like typed, and each of its words that reads as a key
    # goes too (streams/redact/said.py): keys are pasted in prose with no keyword beside
    # them ("Is gngKGCWbmK0COTtS the staging one?", "invalid key 11XQ98FVS8WI")
    "fixtrace.payload.Thought.content_text": "said",
    "fixtrace.payload.Error.message": "said",
    "fixtrace.payload.Error.details_text": "said",
    "fixtrace.payload.Commit.message": "said",
    "fixtrace.payload.PrMetadata.title": "said",
    "fixtrace.payload.PrMetadata.description": "said",
    "fixtrace.BugReport.title": "said",
    "fixtrace.BugReport.description": "said",
    "fixtrace.BugReport.repro_steps": "said",
    "fixtrace.BugReport.expected": "said",
    "fixtrace.BugReport.actual": "said",
    "fixtrace.PrRef.title": "said",
    "fixtrace.PrRef.description": "said",
    # printed: tools print a digest or a commit id alone (git rev-parse, md5 -q), so bare
    # hex stays; anything else random alone (cat token.txt, echo $API_KEY) goes
    "fixtrace.payload.TerminalOutput.chunk_text": "printed",
    "fixtrace.payload.FileSnapshot.content_text": "printed",
    "fixtrace.payload.DebugAction.value_text": "printed",
    "fixtrace.payload.Navigation.query": "printed",
    # located: a path or a URL keeps its random folders and hash-named files; only a bare
    # token with no folder, dot, scheme or drive (a key where a path was due) is read, as
    # printed is but bare hex of 16+ and UUIDs go too: no file's whole path is written so
    "fixtrace.EventContext.workspace_root": "located",
    "fixtrace.payload.FileEdit.file_path": "located",
    "fixtrace.payload.FileSnapshot.file_path": "located",
    "fixtrace.payload.TerminalCommand.cwd": "located",
    "fixtrace.payload.DebugAction.file_path": "located",
    "fixtrace.payload.Navigation.file_path": "located",
    "fixtrace.payload.Commit.files_changed[]": "located",
    "fixtrace.payload.PrMetadata.url": "located",
    "fixtrace.Repo.remote_url": "located",
    "fixtrace.BugReport.links[]": "located",
    # a patch alone as one token is no patch: content, read as printed
    "fixtrace.payload.FileEdit.patch_text": "printed",
    # coded: a symbol, a debugger's expression, a test id (matched byte for byte against
    # the test output) keep any name code could hold, however random (mangled, generated:
    # none of 1,756 SWE-bench spec ids or of the installed packages' identifiers is taken);
    # a token no code's name is written as (signs, bare hex of 16+, a UUID) goes
    "fixtrace.payload.DebugAction.expression": "coded",
    "fixtrace.payload.Navigation.symbol": "coded",
    "fixtrace.EvalSpec.fail_to_pass[]": "coded",
    "fixtrace.EvalSpec.pass_to_pass[]": "coded",
}
"""How a ``text`` field's value is read when it is one token alone (no space): ``typed``
(a token that reads as a key or a password goes, hex included), ``said`` (the same, and in
prose each word that reads as a key), ``printed`` (as typed, but bare hex stays),
``located`` (a path or URL field: only a bare token with no path or URL mark, hex and
UUIDs included) or ``coded`` (a code name's field: only a token no name is written as).
Why: text rules need a
keyword or a prefix beside a bare key, and a value alone has none; planted alone in a text
field, 20-34 % of each corpus split's secrets were stored. Every text field is listed
(``tests/redact/test_lone_values.py``), so a new one must be decided."""

NAMES_WITHOUT_IDS = frozenset(
    {
        "fixtrace.Environment.os",
        "fixtrace.Ide.name",
        "fixtrace.Ide.version",
        "fixtrace.Environment.language[]",
        "fixtrace.Environment.timezone",
        "fixtrace.EvalSpec.dataset",
        "fixtrace.EvalSpec.version",
    }
)
"""Short text fields that name a platform, a tool, a language, a time zone, a dataset or a
version: no segment of such a name is an id, so one that is bare hex of 16+ or a UUID goes
too (a Heroku key is a UUID). Branches, labels, task, instance and repository ids may hold
ids and are not listed."""

BOUNDARY_RECORDS = ("fixtrace.TraceOpened", "fixtrace.EventBatch", "fixtrace.TraceFinalize")
"""The records a client sends; every string field in them is classified above."""


def _load(name: str) -> dict:
    return json.loads((AVRO_DIR / f"{name}.avsc").read_text())


def _walk(schema: object, owner: str, field: str, names: dict[str, dict]) -> Iterator[str]:
    """``owner.field`` for a string, recursing into records, unions and arrays."""
    if isinstance(schema, str):
        if schema == "string":
            yield f"{owner}.{field}"
        elif schema in names:
            yield from _record(names[schema], names)
        return
    if isinstance(schema, list):
        for branch in schema:
            yield from _walk(branch, owner, field, names)
        return
    if not isinstance(schema, dict):
        return
    kind = schema.get("type")
    if kind == "record":
        yield from _record(schema, names)
    elif kind == "array":
        yield from _walk(schema["items"], owner, field + "[]", names)
    elif kind in ("string",):
        yield f"{owner}.{field}"
    elif isinstance(kind, (dict, list)):
        yield from _walk(kind, owner, field, names)


def _full_name(schema: dict) -> str:
    ns = schema.get("namespace")
    return f"{ns}.{schema['name']}" if ns and "." not in schema["name"] else schema["name"]


def _record(schema: dict, names: dict[str, dict]) -> Iterator[str]:
    full = _full_name(schema)
    names[full] = schema
    for f in schema["fields"]:
        yield from _walk(f["type"], full, f["name"], names)


@cache
def string_fields() -> tuple[str, ...]:
    """Every string field of the records a client sends, read from the ``.avsc`` files."""
    names: dict[str, dict] = {}
    for path in [
        *sorted(AVRO_DIR.glob("fixtrace.payload.*.avsc")),
        AVRO_DIR / "fixtrace.Event.avsc",
    ]:
        schema = json.loads(path.read_text())
        names[_full_name(schema)] = schema
    out: list[str] = []
    for record in BOUNDARY_RECORDS:
        out.extend(_record(_load(record), names))
    return tuple(dict.fromkeys(out))


def unclassified() -> list[str]:
    """Schema string fields :data:`FIELD_SHAPES` does not classify, and classified fields
    the schemas no longer have (both must be empty)."""
    fields = set(string_fields())
    return sorted(fields.symmetric_difference(FIELD_SHAPES))


def shaped_fields() -> dict[str, Shape]:
    """``record.field`` → its shape, for the fields that are not free text."""
    return {f: SHAPES[s] for f, s in FIELD_SHAPES.items() if s in SHAPES}


def model_field_class(record: str, name: str) -> str | None:
    """The classification of model ``record`` (its class name)'s field ``name``, or None
    when the schema does not declare it a string (an enum, a number, a nested record)."""
    for key in (f"fixtrace.{record}.{name}", f"fixtrace.payload.{record}.{name}"):
        for k in (key, key + "[]"):
            if k in FIELD_SHAPES:
                return FIELD_SHAPES[k]
    return None


def names_without_ids(record: str, name: str) -> bool:
    """Whether model ``record``'s field ``name`` is one of :data:`NAMES_WITHOUT_IDS`."""
    key = f"fixtrace.{record}.{name}"
    return key in NAMES_WITHOUT_IDS or key + "[]" in NAMES_WITHOUT_IDS


def lone_value_reading(record: str, name: str) -> str | None:
    """:data:`LONE_VALUES`' reading of model ``record``'s text field ``name``, or None."""
    for key in (f"fixtrace.{record}.{name}", f"fixtrace.payload.{record}.{name}"):
        for k in (key, key + "[]"):
            if k in LONE_VALUES:
                return LONE_VALUES[k]
    return None


_SECTIONS = {"fixtrace.Event": None, "fixtrace.Actor": "actor", "fixtrace.EventContext": "context"}


_Entry = tuple[bool, "Shape | None"]
_Section = dict[str, _Entry]
_Checks = tuple[_Section, _Section, _Section, _Section]


@cache
def _event_checks() -> dict[str, _Checks]:
    """Per payload record name: field → (is a list, shape or None for text), for the event
    itself, its actor, its context and its payload."""
    by_record: dict[str, _Section] = {}
    for key, shape_name in FIELD_SHAPES.items():
        record, name = key.rsplit(".", 1)
        entry = (name.endswith("[]"), SHAPES.get(shape_name))
        by_record.setdefault(record, {})[name.removesuffix("[]")] = entry
    envelope = tuple(by_record.get(r, {}) for r in _SECTIONS)
    return {
        record.rsplit(".", 1)[1]: (*envelope, entries)  # type: ignore[misc]
        for record, entries in by_record.items()
        if record.startswith("fixtrace.payload.")
    }


def _field_lines(section: _Section, holder: str, where: str, env: dict[str, Any]) -> list[str]:
    """Straight-line checks of one section's fields (``holder`` is a local name)."""
    out: list[str] = []
    for name, (is_list, shape) in section.items():
        label = repr(f"{where}{name}: ")
        out.append(f"v = {holder}.get({name!r})")
        if shape is None:
            test = 'any("\\x00" in x for x in v)' if is_list else '"\\x00" in v'
            out += [f"if v and {test}:", f"    return {label} + 'contains a NUL character'"]
            continue
        fitted, check = f"F_{shape.name}", f"S_{shape.name}"
        env[fitted], env[check] = _FITTED[shape.name], shape.why_not
        item = "x" if is_list else "v"
        uuid = ""
        if shape.no_random_parts and shape.uuid is not None:  # mostly UUIDs: one regex
            uuid = f"not U_{shape.name}({item}) and "
            env[f"U_{shape.name}"] = shape.uuid.fullmatch
        body = [
            f"if {item} not in {fitted} and {uuid}(w := {check}({item})) is not None:",
            f"    return {label} + w",
        ]
        if is_list:
            out += ["for x in v or ():", *(f"    {b}" for b in body)]
        else:
            out += ["if v is not None:", *(f"    {b}" for b in body)]
    return out


@cache
def event_check(payload_record: str) -> Callable[[dict[str, Any]], str | None]:
    """One generated function per payload record that checks an event dict's fields.

    Why generated: this runs on every event the stream decodes, and straight-line code
    (one ``get`` and one test per field, a fitted value found in the shape's memo without a
    call) costs a third of a generic loop over the sections' items, which had made the
    stream's prepare step ~2 µs per event slower.
    """
    own, actor, context, payload = _event_checks()[payload_record]
    env: dict[str, Any] = {}
    own = {k: v for k, v in own.items() if k != "event_id"}  # a batch's ids: event_ids_fit
    lines = ["def check(e):", "    h = e", *(f"    {x}" for x in _field_lines(own, "h", "", env))]
    for section, key in ((actor, "actor"), (context, "context"), (payload, "payload")):
        lines += [
            f"    h = e.get({key!r}) or {{}}",
            *(f"    {x}" for x in _field_lines(section, "h", f"{key}.", env)),
        ]
    lines.append("    return None")
    exec("\n".join(lines), env)  # noqa: S102 — code built above from the field table only
    return env["check"]


_UUID_BODY = SHAPES[FIELD_SHAPES["fixtrace.Event.event_id"]].regex.pattern
_UUID_LINES = re.compile(rf"(?:{_UUID_BODY}\n)*{_UUID_BODY}")


def event_ids_fit(ids: list[str]) -> bool:
    """Every event id of a batch is a UUID (the usual case), by one regex over all.

    Why: one ``fullmatch`` per id costs ~0.25 µs, most of it the call; the joined check
    ~0.15 µs per id. When it fails, the caller checks each id against its shape.
    """
    return _UUID_LINES.fullmatch("\n".join(ids)) is not None

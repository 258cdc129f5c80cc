"""Recall and false positives of the stream's redaction on the public corpus.

Text carriers go through ``Redactor.redact_text`` (what ``DictRedaction`` calls per string).
Field carriers go through the boundary a client meets, then the stream's redaction step:
the event (or trace-opened record) with the bare value in that one field is validated by
the wire model (a rejection — the gateway's 422, the SDK's exception, the stream's dead
letter — counts as caught), then redacted as the worker does, and the stored record is
searched for the value. A secret is caught when no 12-character window of it (all of it
when shorter than 16) is left.
"""

from __future__ import annotations

import copy
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from bench.redact_corpus.public.carriers import Carried, load, text_cases
from bench.redact_corpus.public.carriers2 import alt_text_cases
from bench.redact_corpus.public.carriers3 import third_text_cases
from bench.samples import FULL_PAYLOADS, sample_opened, sample_trace
from schemas.codec import CodecError, encode_dict
from schemas.fields import FIELD_SHAPES
from schemas.models import ConsentFlags, Event, TraceOpened
from schemas.payloads import PAYLOAD_MODELS
from schemas.shapes import DROPPED, SHORT_TEXT, TEXT
from streams.decode import Source
from streams.prepare import Preparer
from streams.redact import Redactor
from streams.redact_events import DictRedaction, redact_opened

_PAYLOAD_TYPE = {f"fixtrace.payload.{m.__name__}": t for t, m in PAYLOAD_MODELS.items()}
_OPENED_PATH = {
    "fixtrace.TraceOpened": (),
    "fixtrace.Repo": ("repo",),
    "fixtrace.RepoFingerprint": ("repo", "repo_fingerprint"),
    "fixtrace.Task": ("task",),
    "fixtrace.BugReport": ("task", "bug_report"),
    "fixtrace.EvalSpec": ("task", "evaluation"),
    "fixtrace.Developer": ("developer",),
    "fixtrace.Environment": ("environment",),
    "fixtrace.Ide": ("environment", "ide"),
    "fixtrace.Ingestion": ("ingestion",),
}
_EVENT_PATH = {
    "fixtrace.Event": (),
    "fixtrace.Actor": ("actor",),
    "fixtrace.EventContext": ("context",),
}
_STREAM_PATH = {
    "fixtrace.EventBatch": ("fixtrace.EventBatch", ()),
    "fixtrace.ProducerInfo": ("fixtrace.EventBatch", ("producer",)),
    "fixtrace.TraceFinalize": ("fixtrace.TraceFinalize", ()),
    "fixtrace.FinalState": ("fixtrace.TraceFinalize", ("final_state",)),
    "fixtrace.PrRef": ("fixtrace.TraceFinalize", ("final_state", "pr")),
}
"""Records judged by the stream's whole prepare step (decode, shapes, redaction, rows):
the batch envelope and the finalize marker, encoded as a foreign producer could send them."""


OWN_FILE_SPLITS = (
    "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6", "fresh7", "fresh8", "fresh9",
    "fresh10", "fresh11", "fresh12", "fresh13", "fresh14", "fresh15", "fresh16", "fresh17",
    "fresh18", "fresh19", "fresh20", "fresh21", "fresh22", "fresh23", "fresh24", "fresh25",
    "fresh26", "fresh27", "fresh28", "fresh29", "fresh30", "fresh31", "fresh32", "fresh33",
    "fresh34", "fresh35", "fresh36", "fresh37", "fresh38", "fresh39", "fresh40", "fresh41",
    "fresh42", "fresh43", "fresh44", "fresh45", "fresh46", "fresh47", "fresh48", "fresh49",
    "fresh50", "fresh51", "fresh52", "fresh53", "fresh54", "fresh55", "fresh56", "fresh57",
    "fresh58", "fresh59", "fresh60", "fresh61", "fresh62", "fresh65", "fresh63", "fresh64",
    "fresh67", "fresh66", "fresh71", "fresh70", "fresh69", "fresh68", "fresh73", "fresh75",
    "fresh72", "fresh74", "fresh79", "fresh76", "fresh78", "fresh77", "fresh80", "fresh82",
    "fresh81", "fresh89", "fresh83", "fresh86", "fresh84", "fresh85", "fresh88", "fresh87",
    "fresh90", "fresh91", "fresh92", "fresh93", "fresh94", "fresh95", "fresh96", "fresh97",
    "fresh98", "fresh99", "fresh102", "fresh103", "fresh104", "fresh105", "fresh106", "fresh100",
    "fresh107", "fresh101", "fresh108", "fresh110", "fresh109", "fresh111", "fresh113", "fresh114",
    "fresh115", "fresh112", "fresh117", "fresh116", "fresh118", "fresh120", "fresh121", "fresh122",
    "fresh123", "fresh124", "fresh125", "fresh119", "fresh126", "fresh127", "fresh128", "fresh129",
    "fresh130", "fresh131", "fresh132", "fresh133", "fresh134", "fresh135", "fresh136", "fresh137",
    "fresh139", "fresh141", "fresh138", "fresh140", "fresh144", "fresh142", "fresh146", "fresh143",
    "fresh145", "fresh147", "fresh148", "fresh149", "fresh157", "fresh155", "fresh151", "fresh156",
    "fresh152", "fresh150", "fresh153", "fresh159", "fresh160", "fresh161", "fresh162", "fresh154",
    "fresh163", "fresh158", "fresh164", "fresh165", "fresh166", "fresh169", "fresh171", "fresh168",
    "fresh173", "fresh172", "fresh167", "fresh170", "fresh174", "fresh175", "fresh176", "fresh177",
    "fresh178", "fresh180", "fresh181", "fresh182", "fresh183", "fresh179", "fresh188", "fresh184",
    "fresh185", "fresh186", "fresh187", "fresh189", "fresh190", "fresh191", "fresh192", "fresh193",
    "fresh195", "fresh194", "fresh196", "fresh197", "fresh198", "fresh199", "fresh200", "fresh201",
)  # fmt: skip
"""Splits kept in files of their own, in the order they were registered: each reads
``<name>_secrets.jsonl`` and ``<name>_negatives.jsonl`` (so adding one moves no figure of
the others)."""
SPLIT_FILES = {n: (f"{n}_secrets.jsonl", f"{n}_negatives.jsonl") for n in OWN_FILE_SPLITS}
DEFAULT_FILES = ("secrets.jsonl", "negatives.jsonl")
Scan = Callable[[str], tuple[str, dict[str, int]]]
"""One string to (text, findings): ``Redactor.redact_text``."""
NEGATIVE_SPLITS = {
    "realneg": "realneg_negatives.jsonl",
    "vectors": "vectors_negatives.jsonl",
    "logneg": "logneg_negatives.jsonl",
    "pathneg": "pathneg_negatives.jsonl",
    "pathneg2": "pathneg2_negatives.jsonl",
    "encneg": "encneg_negatives.jsonl",
}
"""Negatives-only splits: harmless strings taken from real public files (lock files, public
keys, cache paths, ids), scored for false positives alone."""

CARRIED_NEGATIVE_SPLITS = {
    "negcarried": "negcarried_negatives.jsonl",
    "negcarried2": "negcarried2_negatives.jsonl",
    "negcarried3": "negcarried3_negatives.jsonl",
    "negcarried4": "negcarried4_negatives.jsonl",
    "negcarried5": "negcarried5_negatives.jsonl",
    "authneg": "authneg_negatives.jsonl",
    "authneg2": "authneg2_negatives.jsonl",
}
"""Negatives-only splits whose rows bring their own carrier text (``carrier``: command,
output, patch, snapshot or thought, written by hand around the ``value``; ``authneg``'s are
whole texts about credentials, from real pages, with no value marked): each text is
stored through its carrier's field (:data:`CARRIER_FIELDS`), as a capture would store it.
``authneg2`` is a blind holdout of ``authneg``'s kind, of other classes and pages."""


def leaked(secret: str, text: str, window: int = 12) -> bool:
    if len(secret) < 16:
        return secret in text
    return any(secret[i : i + window] in text for i in range(0, len(secret) - window + 1))


_PLACES = (_PAYLOAD_TYPE, _EVENT_PATH, _OPENED_PATH, _STREAM_PATH)


def event_fields() -> list[str]:
    """Every classified field a client sends (the field carriers): events, the trace-opened
    record, the batch envelope with its producer info, the finalize marker."""
    out = []
    for key in FIELD_SHAPES:
        record = key.rsplit(".", 1)[0]
        if any(record in places for places in _PLACES):
            out.append(key)
    return out


def _put(target: dict[str, Any], path: tuple[str, ...], name: str, value: str) -> None:
    for step in path:
        target = target.setdefault(step, {})
    if name.endswith("[]"):
        target[name[:-2]] = [value]
    else:
        target[name] = value


def _base_opened() -> dict[str, Any]:
    data = sample_opened(seed=1).model_dump()
    data["task"]["evaluation"] = {
        "instance_id": "x__y-1",
        "test_patch_blob_id": "sha256:" + "a" * 64,
    }
    data["environment"]["ide"] = {"name": "vscode"}
    return data


_OPENED = _base_opened()


def _stream_records(trace_id: str) -> dict[str, dict[str, Any]]:
    """A batch with every optional part and a finalize marker with a PR, as plain dicts."""
    opened, events, fin = sample_trace(2, seed=3)
    batch = {"trace_id": trace_id, "sent_at_ms": 1,
             "events": [e.model_dump(mode="json") for e in events],
             "producer": {"client": "fixtrace-sdk", "version": "0.1", "host": "dev-1"}}  # fmt: skip
    final = fin.model_dump(mode="json") | {"trace_id": trace_id}
    final["final_state"] = {"commit_head": "9fceb02d0ae598e95dc970b74767f19372d61af8",
                            "pr": {"title": "Fix the parser", "description": "Handles it",
                                   "diff_blob_id": "sha256:" + "a" * 64}}  # fmt: skip
    return {"fixtrace.EventBatch": batch, "fixtrace.TraceFinalize": final}


def stream_verdict(key: str, value: str, redactor: Redactor) -> tuple[bool, str]:
    """(caught, how) for ``value`` in a batch or finalize field, through the prepare step.

    Caught: the record (or the event) is dead-lettered naming the field, or nothing the
    step hands to storage (event rows, finalize records, redaction memory) holds the value.
    """
    record, name = key.rsplit(".", 1)
    top, path = _STREAM_PATH[record]
    trace_id = value if key.endswith("trace_id") else "0f8fad5b-d9cb-469f-a165-70867728950e"
    data = _stream_records(trace_id)[top]
    _put(data, path, name, value)
    try:
        raw = encode_dict(top, data)
    except CodecError:
        return True, "rejected"
    prep = Preparer(redactor, _NoBlobs(), 1 << 30)
    out = prep.run([Source("raw", 0, 1, trace_id.encode(), raw)], {})
    if any(name.removesuffix("[]") in d.reason for d in out.dead):
        return True, "rejected"
    stored = repr((out.event_columns, out.finals, out.opened, out.memory))
    return not leaked(value, stored), "redacted"


class _NoBlobs:
    def put(self, *a: Any, **k: Any) -> Any:
        raise AssertionError("a planted value is never large enough for the claim-check")


KEEP_ALL = ConsentFlags(store_raw_code=True, store_terminal_output=True, allow_llm_judge=True)
"""The consent the issue measured with: every kind of content is kept, so a secret in a
snapshot or terminal output is caught by redaction, not by consent dropping the content."""
_EVENT_ID = "6b0f3c1e-2d4a-4f5b-8c7d-9e0a1b2c3d4e"
"""The carrier event's own id: it must pass the wire's shape, or every planted value would
count as caught by a refusal that has nothing to do with it."""


def field_verdict(key: str, value: str, redaction: DictRedaction) -> tuple[bool, str]:
    """(caught, how) for ``value`` planted in the field ``key``."""
    record, name = key.rsplit(".", 1)
    if record in _STREAM_PATH:
        return stream_verdict(key, value, redaction.redactor)
    if record in _OPENED_PATH:
        data = copy.deepcopy(_OPENED)
        _put(data, _OPENED_PATH[record], name, value)
        try:
            opened = TraceOpened.model_validate(data)
        except ValidationError:
            return True, "rejected"
        stored, _ = redact_opened(opened, redaction.redactor)
        return not leaked(value, stored.model_dump_json()), "redacted"
    etype = _PAYLOAD_TYPE.get(record, "thought")
    event: dict[str, Any] = {"event_id": _EVENT_ID, "seq": 1, "ts_ms": 1, "type": etype,
                             "payload": copy.deepcopy(FULL_PAYLOADS[etype])}  # fmt: skip
    if record in _PAYLOAD_TYPE:
        _put(event["payload"], (), name, value)
    else:
        _put(event, _EVENT_PATH[record], name, value)
    try:
        model = Event.model_validate(event)
    except ValidationError:
        return True, "rejected"
    stored = redaction.event(model.model_dump(), KEEP_ALL)
    return not leaked(value, repr(stored)), "redacted"


_FIELD_GROUP = {
    TEXT: "bare_in_text_field",
    SHORT_TEXT: "short_text_field",
    DROPPED: "dropped_field",
}
"""The carrier a field case counts under, by the field's class (else a shaped field)."""


@dataclass
class Tally:
    n: int = 0
    caught: int = 0

    @property
    def rate(self) -> float:
        return self.caught / self.n if self.n else 1.0


@dataclass
class Report:
    by_kind: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    by_carrier: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    by_field: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    text: Tally = field(default_factory=Tally)
    fields: Tally = field(default_factory=Tally)
    negatives: Tally = field(default_factory=Tally)
    """``caught`` here counts negatives left unchanged."""
    neg_by_kind: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    missed: list[str] = field(default_factory=list)
    altered: list[str] = field(default_factory=list)

    def add(self, kind: str, carrier: str, ok: bool, what: str) -> None:
        group = carrier
        if carrier.startswith("field:"):
            shape = FIELD_SHAPES[carrier[6:]]
            group = _FIELD_GROUP.get(shape, "short_field")
        for tally in (self.by_kind[kind], self.by_carrier[group]):
            tally.n += 1
            tally.caught += ok
        total = self.fields if carrier.startswith("field:") else self.text
        total.n += 1
        total.caught += ok
        if carrier.startswith("field:"):
            t = self.by_field[carrier[6:]]
            t.n += 1
            t.caught += ok
        if not ok:
            self.missed.append(what)


def run(split: str | None = None, redactor: Redactor | None = None,
        with_fields: bool = True) -> Report:  # fmt: skip
    """Score one split (``blind``, ``tune``, ``fresh``, ``fresh2``, ``fresh3``;
    None: all of the main files)."""
    secrets_file, negatives_file = SPLIT_FILES.get(split or "", DEFAULT_FILES)
    redactor = redactor or Redactor()
    scan: Scan = redactor.redact_text
    report = Report()
    _score_texts(report, text_cases(split, secrets_file), _text_rules(scan))
    if with_fields:
        keys = event_fields()
        for case in load(secrets_file):
            if split and case["split"] != split:
                continue
            for key in keys:
                ok, how = field_verdict(key, case["value"], DictRedaction(redactor))
                report.add(
                    case["kind"], "field:" + key, ok, f"{case['id']} {case['kind']} field {key}"
                )
    negatives = [n for n in load(negatives_file) if not split or n["split"] == split]
    _score_negatives(report, negatives, scan)
    return report


CARRIER_FIELDS = {
    "command": "fixtrace.payload.TerminalCommand.command",
    "output": "fixtrace.payload.TerminalOutput.chunk_text",
    "snapshot": "fixtrace.payload.FileSnapshot.content_text",
    "native": "fixtrace.payload.FileSnapshot.content_text",
    "patch": "fixtrace.payload.FileEdit.patch_text",
    "thought": "fixtrace.payload.Thought.content_text",
}
"""The event field each text carrier lives in, for the figures taken through the stream's
redaction step (the text rules and the field's reading: ``schemas.fields.LONE_VALUES``),
as the issue's tester measured."""


WORDINGS: dict[str, Callable[[str | None, str], list[Carried]]] = {
    "first": text_cases,
    "second": alt_text_cases,
    "third": third_text_cases,
}
"""The three sets of carrier wordings: ours (``carriers.py``), and two written without
reading the rules (``carriers2``, ``carriers3``)."""


def in_fields(split: str, wording: str = "first", redactor: Redactor | None = None) -> Report:
    """Text recall of ``split``'s carried secrets stored through their carrier's field
    (:data:`CARRIER_FIELDS`): what an event keeps, not what the text rules alone leave.
    ``wording``: which set of carriers (:data:`WORDINGS`)."""
    secrets_file = SPLIT_FILES.get(split, DEFAULT_FILES)[0]
    cases = WORDINGS[wording](split, secrets_file)
    redaction = DictRedaction(redactor or Redactor())
    report = Report()
    _score_texts(
        report,
        cases,
        lambda case: _stored_field(CARRIER_FIELDS[case.carrier], case.text, redaction),
    )
    return report


def _text_rules(scan: Scan) -> Callable[[Carried], str]:
    """What the text rules alone leave of a carried text."""
    return lambda case: scan(case.text)[0]


def _score_texts(report: Report, cases: list[Carried], store: Callable[[Carried], str]) -> None:
    """Each carried text as ``store`` keeps it: caught when none of its secrets is left
    (:func:`leaked`)."""
    for case in cases:
        out = store(case)
        ok = not any(leaked(s, out) for s in case.secrets)
        report.add(
            case.kind, case.carrier, ok, f"{case.case_id} {case.kind} {case.carrier}: {out[:160]!r}"
        )


def _score_negatives(report: Report, negatives: list[dict], scan: Scan) -> None:
    """Each negative redacted: a false positive when its text changes at all."""
    for neg in negatives:
        out = scan(neg["text"])
        kept = out[0] == neg["text"]
        for tally in (report.negatives, report.neg_by_kind[neg["kind"]]):
            tally.n += 1
            tally.caught += kept
        if not kept:
            report.altered.append(f"{neg['id']} {neg['kind']} {sorted(out[1])}: {out[0][:160]!r}")


READ_FIELDS = {
    "short_text": "fixtrace.Environment.os",
    "typed": "fixtrace.payload.TerminalCommand.command",
    "said": "fixtrace.payload.Thought.content_text",
    "printed": "fixtrace.payload.TerminalOutput.chunk_text",
    "located": "fixtrace.payload.FileEdit.file_path",
    "coded": "fixtrace.payload.Navigation.symbol",
}
"""One field per reading beyond the text rules, to plant negatives alone in."""


def _stored_field(key: str, value: str, redaction: DictRedaction) -> str | None:
    """What storage keeps of ``value`` planted in the event or trace-opened field ``key``."""
    record, name = key.rsplit(".", 1)
    if record in _OPENED_PATH:
        data = copy.deepcopy(_OPENED)
        _put(data, _OPENED_PATH[record], name, value)
        stored: Any = redact_opened(TraceOpened.model_validate(data), redaction.redactor)[0]
        stored = stored.model_dump()
        path = _OPENED_PATH[record]
    else:
        etype = _PAYLOAD_TYPE[record]
        event = {"event_id": _EVENT_ID, "seq": 1, "ts_ms": 1, "type": etype,
                 "payload": copy.deepcopy(FULL_PAYLOADS[etype]) | {name: value}}  # fmt: skip
        stored = redaction.event(Event.model_validate(event).model_dump(), KEEP_ALL)
        path = ("payload",)
    for step in path:
        stored = stored[step]
    return stored[name]


def field_negatives(split: str | None = None, redactor: Redactor | None = None) -> dict[str, Tally]:
    """Negatives planted alone in a field of each reading (a name, a typed and a printed
    value): ``caught`` counts those stored unchanged, as :class:`Report`'s negatives do."""
    _, negatives_file = SPLIT_FILES.get(split or "", DEFAULT_FILES)
    redaction = DictRedaction(redactor or Redactor())
    out = {reading: Tally() for reading in READ_FIELDS}
    for neg in load(negatives_file):
        if split and neg["split"] != split:
            continue
        for reading, key in READ_FIELDS.items():
            out[reading].n += 1
            out[reading].caught += _stored_field(key, neg["text"], redaction) == neg["text"]
    return out


_PROSE = "The trace shows {} twice, which is expected here."
"""A sentence a person might write around a harmless string (:func:`negatives_in_prose`)."""

NEGATIVE_WRAPPINGS: dict[str, tuple[str, ...]] = {
    "command": ("grep -rnF '{}' .", "echo '{}' >> notes.txt"),
    "output": ("==> notes.txt <==\n{}\n", "{}\nexit status 0\n"),
    "patch": ("--- a/notes.txt\n+++ b/notes.txt\n@@ -1,2 +1,3 @@\n # notes\n+{}\n # end\n",),
    "snapshot": ("# notes kept while fixing the bug\n{}\n# end\n",),
    "thought": (_PROSE,),
}
"""How a harmless string sits in each text carrier, with no key named beside it
(the forms alternate by the negative's index): a search or an append typed, a file's tail
printed, a line a patch adds, a note in a file, a sentence. The issue's tester placed its
harmless strings in the same carriers as its secrets; a negative alone (``run``) is only
the printed case."""


_ONE_LINE_CARRIERS = ("command", "thought")
"""Carriers a negative of several lines is not put in (a log is printed, added or kept in a
file, not typed or said)."""


def negatives_in_carrier(split: str, carrier: str, redactor: Redactor | None = None) -> Report:
    """``split``'s negatives in ``carrier`` (:data:`NEGATIVE_WRAPPINGS`; one-line ones only
    in :data:`_ONE_LINE_CARRIERS`, every line added in a patch), stored
    through the carrier's field (:data:`CARRIER_FIELDS`), so the text rules and the field's
    reading both apply. A negative is a false positive when the stored text differs at all."""
    negatives_file = NEGATIVE_SPLITS.get(split) or SPLIT_FILES.get(split, DEFAULT_FILES)[1]
    rows = [n for n in load(negatives_file) if n.get("split", split) == split]
    redaction = DictRedaction(redactor or Redactor())
    forms = NEGATIVE_WRAPPINGS[carrier]
    report = Report()
    for i, neg in enumerate(rows):
        body = neg["text"].strip()
        if "\n" in body:
            if carrier in _ONE_LINE_CARRIERS:
                continue
            body = body.replace("\n", "\n+") if carrier == "patch" else body
        text = forms[i % len(forms)].format(body)
        stored = _stored_field(CARRIER_FIELDS[carrier], text, redaction)
        for tally in (report.negatives, report.neg_by_kind[neg["kind"]]):
            tally.n += 1
            tally.caught += stored == text
        if stored != text:
            report.altered.append(f"{neg['id']} {neg['kind']}: {stored[:160]!r}")
    return report


def negatives_in_prose(split: str, redactor: Redactor | None = None) -> Report:
    """``split``'s one-line negatives said in a thought (:data:`_PROSE`), stored through
    ``Thought.content_text``: the ``said`` reading's false positives on top of the text
    rules'."""
    return negatives_in_carrier(split, "thought", redactor)


def carried_negatives(split: str, redactor: Redactor | None = None) -> Report:
    """A carried negatives split (:data:`CARRIED_NEGATIVE_SPLITS`): a row is a false
    positive when what its carrier's field stores differs from its text at all; tallied per
    kind and per carrier (``by_carrier``: caught counts texts left unchanged)."""
    redaction = DictRedaction(redactor or Redactor())
    report = Report()
    for row in load(CARRIED_NEGATIVE_SPLITS[split]):
        stored = _stored_field(CARRIER_FIELDS[row["carrier"]], row["text"], redaction)
        kept = stored == row["text"]
        kind, carrier = report.neg_by_kind[row["kind"]], report.by_carrier[row["carrier"]]
        for tally in (report.negatives, kind, carrier):
            tally.n += 1
            tally.caught += kept
        if not kept:
            report.altered.append(f"{row['id']} {row['kind']} {row['carrier']}: {stored[:200]!r}")
    return report


def negatives_only(split: str, redactor: Redactor | None = None) -> Report:
    """A negatives-only split (:data:`NEGATIVE_SPLITS`) scored as :func:`run` scores
    negatives: a negative is a false positive when its text changes at all."""
    report = Report()
    _score_negatives(report, load(NEGATIVE_SPLITS[split]), (redactor or Redactor()).redact_text)
    return report


def second_carriers(split: str, redactor: Redactor | None = None) -> Report:
    """Text recall of ``split``'s secrets in the second, independently written carriers
    (``carriers2``: wordings written without reading the rules)."""
    return _in_wording(split, "second", redactor)


def third_carriers(split: str, redactor: Redactor | None = None) -> Report:
    """Text recall of ``split``'s single-line provider secrets in the third set of wordings
    (``carriers3``: written without reading the rules or the first two sets)."""
    return _in_wording(split, "third", redactor)


def _in_wording(split: str, wording: str, redactor: Redactor | None) -> Report:
    """What the text rules alone leave of ``split``'s secrets in a set of :data:`WORDINGS`."""
    secrets_file = SPLIT_FILES.get(split, DEFAULT_FILES)[0]
    report = Report()
    scan = (redactor or Redactor()).redact_text
    _score_texts(report, WORDINGS[wording](split, secrets_file), _text_rules(scan))
    return report


def false_positives(report: Report) -> str:
    """The negatives ``report`` altered, as ``n/total = rate``."""
    fp = report.negatives.n - report.negatives.caught
    return f"{fp}/{report.negatives.n} = {fp / max(1, report.negatives.n):.1%}"


def summary(report: Report) -> dict[str, object]:
    return {
        "text_recall": f"{report.text.caught}/{report.text.n} = {report.text.rate:.1%}",
        "field_recall": f"{report.fields.caught}/{report.fields.n} = {report.fields.rate:.1%}",
        "false_positives": false_positives(report),
        "kinds": len(report.by_kind),
    }

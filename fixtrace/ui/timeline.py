"""A trace's events as a timeline a reader can follow: one item per event, in ``seq`` order.

Each item is plain data (labels, texts, diff lines, blob references); the template decides
the markup and escapes every string. Long text is marked for collapsing; blob-backed
terminal output and snapshots are only referenced, so the browser fetches them when the
reader opens them; diffs and thoughts are read at once, because they are the story.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fixtrace.ops.render import elapsed
from fixtrace.ui.blobs import BlobReader
from fixtrace.ui.text import (
    DiffLine,
    diff_lines,
    diff_stats,
    first_line,
    human_bytes,
    line_count,
    terminal_text,
)
from schemas.document import Redaction, StoredEvent, TraceDocument

LONG_LINES = 24  # text longer than this many lines starts collapsed
LONG_CHARS = 2_500
INLINE_DIFF_BYTES = 256_000  # diffs up to this size are read from the blob store at once
INLINE_TEXT_BYTES = 64_000  # thoughts, PR descriptions, error details


@dataclass
class Body:
    """One block of an item: ``pre``, ``prose``, ``diff``, ``blob`` (on demand), ``note``, or
    ``ref`` (a link to where the same content is already shown)."""

    kind: str
    text: str = ""
    lines: list[DiffLine] = field(default_factory=list)
    collapsed: bool = False
    summary: str = ""
    blob_id: str | None = None
    view: str = "output"  # how the blob view renders an on-demand blob: output, diff, text
    href: str = ""  # ``ref``: where the block this one repeats is shown


@dataclass
class Item:
    """One row of the timeline (an event, or a gap between stored events)."""

    seq: int
    type: str
    label: str
    css: str
    offset: str = ""
    title: str = ""
    facts: list[tuple[str, str]] = field(default_factory=list)
    bodies: list[Body] = field(default_factory=list)
    redaction: Redaction | None = None
    gap: tuple[int, int] | None = None
    actor: str = ""


def text_body(text: str, *, kind: str = "pre", what: str = "text") -> Body:
    """A text block, collapsed with a one-line preview when it is long."""
    text = terminal_text(text)
    lines = line_count(text)
    long = lines > LONG_LINES or len(text) > LONG_CHARS
    summary = f"{what} · {lines} lines · {first_line(text)}" if long else ""
    return Body(kind, text=text, collapsed=long, summary=summary)


def diff_body(patch: str, what: str = "diff") -> Body:
    """A coloured diff, collapsed when long."""
    lines = diff_lines(patch)
    added, removed = diff_stats(lines)
    long = len(lines) > LONG_LINES * 2
    return Body("diff", lines=lines, collapsed=long, summary=f"{what} · +{added} −{removed}")


def blob_body(blobs: BlobReader, blob_id: str, what: str, view: str = "output") -> Body:
    """A reference the browser loads when the reader opens it."""
    size = blobs.size(blob_id)
    summary = f"{what} · {human_bytes(size)} stored as a blob · opens on demand"
    return Body("blob", blob_id=blob_id, collapsed=True, summary=summary, view=view)


def diff_from(blobs: BlobReader, text: str | None, blob_id: str | None, what: str) -> Body | None:
    """The diff inline when it is (or its blob is) small enough, else on demand."""
    if text:
        return diff_body(text, what)
    if not blob_id:
        return None
    got = blobs.text(blob_id, INLINE_DIFF_BYTES)
    if got.text is not None:
        return diff_body(got.text, what)
    if got.problem and got.problem.startswith("not readable"):
        return Body("note", text=f"{what}: blob {blob_id} {got.problem}")
    return blob_body(blobs, blob_id, what, view="diff")


def prose_from(blobs: BlobReader, text: str | None, blob_id: str | None, what: str) -> Body | None:
    """Free text (a thought, a description) inline, from its blob when needed."""
    if text:
        return text_body(text, kind="prose", what=what)
    if not blob_id:
        return None
    got = blobs.text(blob_id, INLINE_TEXT_BYTES)
    if got.text is not None:
        return text_body(got.text, kind="prose", what=what)
    return blob_body(blobs, blob_id, what, view="text")


def _event_item(ev: StoredEvent, blobs: BlobReader) -> Item:
    p: dict[str, Any] = ev.payload.__dict__
    item = Item(seq=ev.seq, type=ev.type, label=ev.type.replace("_", " "), css=ev.type)
    if ev.actor.kind != "human":  # the usual case needs no badge; tools and agents do
        item.actor = ev.actor.kind + (f" {ev.actor.id}" if ev.actor.id else "")
    bodies = item.bodies
    if ev.type == "thought":
        item.label, item.css = str(p["kind"]), f"thought k-{p['kind']}"
        bodies.append(prose_from(blobs, p.get("content_text"), p.get("content_blob_id"), "thought")
                      or Body("note", text="(empty thought)"))  # fmt: skip
    elif ev.type == "terminal_command":
        item.label = "command"
        bodies.append(Body("command", text=terminal_text(p["command"])))
        item.facts.append(("cwd", p["cwd"]))
    elif ev.type == "terminal_output":
        item.label = str(p["stream"])
        if p.get("exit_code") is not None:
            item.facts.append(("exit", str(p["exit_code"])))
        if p.get("is_truncated"):
            item.facts.append(("truncated", "by the capture client"))
        if p.get("chunk_text"):
            bodies.append(text_body(p["chunk_text"], what=str(p["stream"])))
        elif p.get("chunk_blob_id"):
            bodies.append(blob_body(blobs, p["chunk_blob_id"], str(p["stream"])))
    elif ev.type == "test_run":
        passed = bool(p["passed"])
        item.label, item.css = (
            ("tests passed", "test pass") if passed else ("tests failed", "test fail")
        )
        item.title = terminal_text(p["command"])
        if p.get("tests_total") is not None:
            failed = p.get("tests_failed") or 0
            item.facts.append(("tests", f"{p['tests_total'] - failed} passed, {failed} failed"))
        item.facts += [("runner", str(p["runner"])), ("exit", str(p["exit_code"])),
                       ("duration", f"{p['duration_ms']} ms")]  # fmt: skip
        if p.get("report_blob_id"):
            bodies.append(blob_body(blobs, p["report_blob_id"], "report", view="text"))
    elif ev.type == "file_edit":
        item.label, item.title = "edit", str(p["file_path"])
        item.facts.append(("kind", str(p["edit_kind"])))
        if p["edit_kind"] == "patch":
            body = diff_from(blobs, p.get("patch_text"), p.get("patch_blob_id"), "patch")
        else:
            body = prose_from(blobs, p.get("patch_text"), p.get("patch_blob_id"), "edit")
        if body:
            bodies.append(body)
    elif ev.type == "file_snapshot":
        item.label, item.title = "snapshot", str(p["file_path"])
        item.facts.append(("reason", str(p["snapshot_reason"])))
        if p.get("content_text"):
            bodies.append(text_body(p["content_text"], what="file"))
        elif p.get("content_blob_id"):
            bodies.append(blob_body(blobs, p["content_blob_id"], "file", view="text"))
    elif ev.type == "commit":
        item.label, item.title = "commit", terminal_text(p["message"])
        item.facts.append(("sha", str(p["sha"])))
        if p.get("files_changed"):
            item.facts.append(("files", ", ".join(p["files_changed"])))
        body = diff_from(blobs, None, p.get("diff_blob_id"), "commit diff")
        if body:
            bodies.append(body)
    elif ev.type == "pr_metadata":
        item.label, item.title = "pull request", terminal_text(p.get("title") or "")
        if p.get("url"):
            item.facts.append(("url", str(p["url"])))
        if p.get("description"):
            bodies.append(text_body(p["description"], kind="prose", what="description"))
        body = diff_from(blobs, None, p.get("diff_blob_id"), "PR diff")
        if body:
            bodies.append(body)
    elif ev.type == "error":
        item.label, item.title = "error", terminal_text(p["message"])
        if p.get("kind"):
            item.facts.append(("kind", str(p["kind"])))
        if p.get("details_text"):
            bodies.append(text_body(p["details_text"], what="details"))
    else:  # debug_action, navigation: one line of facts
        item.label = ev.type.replace("_", " ")
        item.title = " ".join(
            str(p[k])
            for k in (
                "action",
                "kind",
                "file_path",
                "line",
                "symbol",
                "expression",
                "query",
                "value_text",
            )
            if p.get(k) is not None  # fmt: skip
        )
    if ev.redaction.applied:
        item.redaction = ev.redaction
    return item


def _ranges(seqs: list[int]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for s in sorted(set(seqs)):
        if out and s == out[-1][1] + 1:
            out[-1] = (out[-1][0], s)
        else:
            out.append((s, s))
    return out


def missing_seqs(doc: TraceDocument) -> list[int]:
    """Seqs never stored: the stream's verdict plus holes below the highest known seq."""
    stored = {e.seq for e in doc.events}
    top = max([*stored, doc.ingestion.seq_last or 0], default=0)
    holes = [s for s in range(1, top + 1) if s not in stored]
    return sorted(set(holes) | set(doc.missing_seqs))


def build_timeline(doc: TraceDocument, blobs: BlobReader) -> list[Item]:
    """Every stored event as an item, with a gap item where seqs are missing."""
    start = doc.events[0].ts_ms if doc.events else 0
    gaps = _ranges(missing_seqs(doc))
    items: list[Item] = []
    for ev in doc.events:
        while gaps and gaps[0][0] < ev.seq:
            items.append(_gap(gaps.pop(0)))
        item = _event_item(ev, blobs)
        item.offset = "+" + elapsed(ev.ts_ms - start, tenths=False)
        items.append(item)
    items.extend(_gap(g) for g in gaps)
    return items


def _gap(span: tuple[int, int]) -> Item:
    lo, hi = span
    what = f"seq {lo}" if lo == hi else f"seq {lo}–{hi}"
    return Item(seq=lo, type="gap", label="gap", css="gap", title=f"{what} never arrived",
                gap=span)  # fmt: skip


def change_key(body: Body) -> tuple[str, ...] | None:
    """What a diff changes (its added and removed lines, or its blob), headers left out.

    Why: an edit's patch, the commit's diff, the PR's diff and the final patch are often the
    same change with different headers (``git apply`` input vs ``git diff`` output); the
    page showed it four times.
    """
    if body.kind == "diff":
        changed = tuple(f"{x.kind}:{x.text}" for x in body.lines if x.kind in ("add", "del"))
        return changed or None
    if body.kind == "blob" and body.view == "diff" and body.blob_id:
        return (f"blob:{body.blob_id}",)
    return None


def show_each_change_once(items: list[Item], final: Body | None) -> None:
    """Replace a repeated diff by a link to where it is shown (the final patch first)."""
    shown: dict[tuple[str, ...], tuple[str, str]] = {}
    if final is not None and (key := change_key(final)):
        shown[key] = ("#final-patch", "the same change as the final patch")
    for item in items:
        for i, body in enumerate(item.bodies):
            key = change_key(body)
            if key is None:
                continue
            if key in shown:
                href, text = shown[key]
                item.bodies[i] = Body("ref", text=text, href=href, summary=body.summary)
            else:
                shown[key] = (f"#seq-{item.seq}", f"the same change as event {item.seq}")


def final_patch(doc: TraceDocument, blobs: BlobReader) -> Body | None:
    """The work's final diff: the PR's, else the last commit's."""
    pr = doc.final_state.pr
    if pr is not None and pr.diff_blob_id:
        return diff_from(blobs, None, pr.diff_blob_id, "final patch")
    for ev in reversed(doc.events):
        if ev.type in ("commit", "pr_metadata") and ev.payload.__dict__.get("diff_blob_id"):
            return diff_from(blobs, None, ev.payload.__dict__["diff_blob_id"], "final patch")
    return None

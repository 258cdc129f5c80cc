"""Which strings may stay raw: the consent gate for ``mode="raw"``.

A developer's consent flags (``ConsentFlags``) speak about two kinds of content: code
(patches, snapshots) and terminal output. Everything else a developer writes (thoughts, bug
reports, PR text, metadata) is only kept raw when *both* flags are given, because it
routinely quotes code and terminal output. Missing consent always means redacted.
"""

from __future__ import annotations

from schemas.models import ConsentFlags

from .models import ContentKind, Mode

_KIND_BY_EVENT_TYPE: dict[str, ContentKind] = {
    "file_edit": "code",
    "file_snapshot": "code",
    "commit": "code",
    "terminal_command": "terminal",
    "terminal_output": "terminal",
    "test_run": "terminal",
    "debug_action": "terminal",
}


def kind_for_event_type(event_type: str) -> ContentKind:
    """The consent category of an event type's strings; unknown types count as text."""
    return _KIND_BY_EVENT_TYPE.get(event_type, "text")


def raw_allowed(kind: ContentKind, consent: ConsentFlags | None) -> bool:
    """True when the consent flags cover keeping this kind of content unredacted."""
    if consent is None:
        return False
    if kind == "code":
        return consent.store_raw_code
    if kind == "terminal":
        return consent.store_terminal_output
    return consent.store_raw_code and consent.store_terminal_output


def effective_mode(requested: Mode, kind: ContentKind, consent: ConsentFlags | None) -> Mode:
    """``raw`` only when it was requested and consent allows it; otherwise ``redacted``."""
    if requested == "raw" and raw_allowed(kind, consent):
        return "raw"
    return "redacted"

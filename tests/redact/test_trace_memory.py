"""A value redacted once in a trace is redacted wherever it comes back in that trace."""

from __future__ import annotations

from typing import Any

from streams.redact import Redactor
from streams.redact.memory import TOKEN, TraceMemory
from streams.redact_events import DictRedaction

PASSWORD = "trombone77x"
"""A word and digits: no rule takes it in a thought by itself (the ``said`` reading takes a
password with signs, ``Tr0mbone!7x``); only the trace's memory of the command does."""


def _command(text: str) -> dict[str, Any]:
    return {"type": "terminal_command", "payload": {"cwd": "/w", "command": text},
            "actor": {}, "context": {}}  # fmt: skip


def _thought(text: str) -> dict[str, Any]:
    return {"type": "thought", "payload": {"kind": "plan", "content_text": text},
            "actor": {}, "context": {}}  # fmt: skip


def test_password_typed_then_pasted_in_a_thought() -> None:
    redaction = DictRedaction(Redactor())
    first = redaction.event(_command(f"mysql -h db -u root -p{PASSWORD} shop"), None, "t1")
    assert PASSWORD not in first["payload"]["command"]
    later = redaction.event(_thought(f'tried "{PASSWORD}" again, still denied'), None, "t1")
    assert PASSWORD not in later["payload"]["content_text"]
    assert TOKEN in later["payload"]["content_text"]
    assert later["redaction"].counts == {"trace_memory": 1}


def test_other_traces_are_not_affected() -> None:
    redaction = DictRedaction(Redactor())
    redaction.event(_command(f"mysql -u root -p{PASSWORD}"), None, "t1")
    other = redaction.event(_thought(f"the word {PASSWORD} here"), None, "t2")
    assert PASSWORD in other["payload"]["content_text"]


def test_only_fingerprints_are_kept() -> None:
    memory = TraceMemory()
    memory.learn("t1", [PASSWORD])
    assert PASSWORD not in repr(vars(memory)) and PASSWORD not in repr(memory.export("t1"))


def test_a_new_process_seeded_or_replaying_finds_the_same_values() -> None:
    """Restart: seed from export; replay: re-reading the trace in order learns the same."""
    first = TraceMemory()
    first.learn("t1", [PASSWORD])
    restarted = TraceMemory()
    restarted.seed("t1", first.export("t1"))
    assert restarted.apply("t1", f"x {PASSWORD} y") == (f"x {TOKEN} y", 1)
    replayed = DictRedaction(Redactor())
    for event in (_command(f"mysql -u root -p{PASSWORD}"), _thought(f"is {PASSWORD} right")):
        out = replayed.event(event, None, "t1")
    assert PASSWORD not in out["payload"]["content_text"]


def test_short_values_are_not_remembered() -> None:
    memory = TraceMemory()
    memory.learn("t1", ["abc"])
    assert "t1" not in memory


def test_a_remembered_password_is_redacted_in_a_later_open_id() -> None:
    """The open ids (actor, correlation) are scanned since the seventeenth session, so the
    trace's memory reaches them too: a password typed once does not come back as an id."""
    redaction = DictRedaction(Redactor())
    redaction.event(_command(f"mysql -h db -u root -p{PASSWORD} shop"), None, "t1")
    later = _thought("retrying") | {
        "actor": {"id": PASSWORD},
        "context": {"correlation_id": PASSWORD},
    }
    out = redaction.event(later, None, "t1")
    assert out["actor"]["id"] == TOKEN and out["context"]["correlation_id"] == TOKEN
    assert out["redaction"].counts == {"trace_memory": 2}


HEROKU_KEY = "c55dbac4-e0e8-4a06-b892-75cac2387ce5"
"""Nosey Parker's Heroku example key: a random RFC UUID, the form of an event id."""
GH_TOKEN_HEX = "9f2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c0b2d4f6e"
"""An old-style 40-hex GitHub token: the form of a commit id."""


def test_a_remembered_key_is_redacted_in_later_references_and_revisions() -> None:
    """A key typed in a command and then written where a shape lets it through (a UUID in
    ``links_to``/``parent_event_id``/``reason_ref``, 40 hex as ``commit_head`` or a commit's
    ``sha``) is the same secret: the trace's memory reaches the shaped fields too. The
    envelope's own ``event_id`` (the dedupe key) and blob digests are never rewritten."""
    redaction = DictRedaction(Redactor())
    redaction.event(_command(f"export HEROKU_API_KEY={HEROKU_KEY}"), None, "t1")
    redaction.event(_command(f"export GITHUB_TOKEN={GH_TOKEN_HEX}"), None, "t1")
    thought = _thought("retrying") | {
        "event_id": HEROKU_KEY,
        "context": {"parent_event_id": HEROKU_KEY, "commit_head": GH_TOKEN_HEX},
    }
    thought["payload"]["links_to"] = [HEROKU_KEY, "0f8fad5b-d9cb-469f-a165-70867728950e"]
    out = redaction.event(thought, None, "t1")
    assert out["event_id"] == HEROKU_KEY  # the dedupe key stays what the client sent
    assert out["context"] == {"parent_event_id": TOKEN, "commit_head": TOKEN}
    assert out["payload"]["links_to"] == [TOKEN, "0f8fad5b-d9cb-469f-a165-70867728950e"]
    payload = {"sha": GH_TOKEN_HEX, "parent_sha": "e" * 40, "message": "fix"}
    commit = {"type": "commit", "actor": {}, "context": {}, "payload": payload}
    assert redaction.event(commit, None, "t1")["payload"]["sha"] == TOKEN
    other = redaction.event(
        _thought("x") | {"context": {"parent_event_id": HEROKU_KEY}}, None, "t2"
    )
    assert other["context"]["parent_event_id"] == HEROKU_KEY  # another trace's memory is its own

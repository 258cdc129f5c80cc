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

"""The gateway's one-pass validator agrees with the wire models it is derived from."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bench.samples import sample_events
from producers.gateway.errors import ApiError
from producers.gateway.models import EventIn
from producers.gateway.validation import validate_events
from schemas.payloads import PAYLOAD_MODELS
from tests.ids import test_id

REQUIRED = {
    "file_edit": {"file_path": "a.py"},
    "file_snapshot": {"file_path": "a.py"},
    "terminal_command": {"cwd": "/", "command": "ls"},
    "terminal_output": {"stream": "stderr"},
    "test_run": {"command": "pytest", "exit_code": 1, "duration_ms": 3, "passed": False},
    "debug_action": {"action": "step"},
    "navigation": {"kind": "open"},
    "thought": {"kind": "plan"},
    "commit": {"sha": "f" * 40, "message": "m"},
    "pr_metadata": {},
    "error": {"message": "boom"},
}


def _reference(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What the models say: the envelope by EventIn, the payload by its type's model."""
    out = []
    for raw in events:
        ev = EventIn.model_validate(raw)
        payload = PAYLOAD_MODELS[ev.type].model_validate(ev.payload).model_dump()
        out.append({**ev.model_dump(), "payload": payload})
    return out


def test_every_type_with_full_and_minimal_payloads_matches_the_models() -> None:
    assert set(REQUIRED) == set(PAYLOAD_MODELS)
    full = [e.model_dump(mode="json") for e in sample_events(600, seed=4)]
    minimal = [
        {
            "event_id": test_id(f"m-{i}"),
            "seq": 1000 + i,
            "ts_ms": 1,
            "type": kind,
            "payload": payload,
        }
        for i, (kind, payload) in enumerate(REQUIRED.items())
    ]
    for events in (full, minimal):
        assert validate_events(json.dumps({"events": events})) == _reference(events)


@pytest.mark.parametrize(
    ("event", "code"),
    [
        ({"seq": 1.5}, "invalid_field"),
        ({"event_id": "x" * 129}, "invalid_field"),
        ({"ts_ms": -1}, "invalid_field"),
        ({"actor": {"kind": "robot"}}, "invalid_field"),
        ({"context": {"branch": 3}}, "invalid_field"),
        ({"payload": "text"}, "invalid_field"),
        ({"type": 7}, "unknown_event_type"),
        ({"payload": {"kind": "plan", "content_blob_id": "sha256:nothex"}}, "invalid_payload"),
        ({"payload": {"kind": "plan", "links_to": [1]}}, "invalid_payload"),
        ({"type": "file_edit", "payload": {"file_path": "a", "edit_kind": "x"}}, "invalid_payload"),
        ({"type": "file_edit", "payload": {"file_path": "a", "selection": {}}}, "missing_field"),
    ],
)
def test_bad_events_are_rejected_like_the_models_reject_them(
    event: dict[str, Any], code: str
) -> None:
    base = {
        "event_id": test_id("e"),
        "seq": 1,
        "ts_ms": 1,
        "type": "thought",
        "payload": {"kind": "plan"},
    }
    bad = {**base, **event}
    with pytest.raises(ApiError) as info:
        validate_events(json.dumps({"events": [bad]}))
    assert info.value.status == 422 and info.value.code == code
    locs = [d["loc"].split(".") for d in info.value.details]
    assert all(loc[:2] == ["events", "0"] and "thought" not in loc for loc in locs), locs
    with pytest.raises(ValueError):
        _reference([bad])

"""The gateway refuses a value that breaks a field's shape with 422, naming the field.

The shapes come from ``schemas.shapes`` (every string field of the Avro schemas is free
text or a strict shape); the other boundaries (SDK, stream decode) are covered in
``tests/redact/test_field_shapes.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.adversarial.gateway import Credentials, LiveGateway
from tests.ids import test_id

TOKEN = "ghp_R2d4x0ZkQpL9mN3vB7cT1yH6jF8sW5aE0uIo"


def _event(seq: int, etype: str, payload: dict[str, Any], **envelope: Any) -> dict[str, Any]:
    return {"event_id": test_id(f"e-{seq}"), "seq": seq, "ts_ms": 1, "type": etype,
            "payload": payload, **envelope}  # fmt: skip


@pytest.mark.parametrize(
    ("event", "field"),
    [
        (_event(1, "terminal_command", {"cwd": "/w", "command": "ls", "shell": TOKEN}), "shell"),
        (
            _event(
                1,
                "test_run",
                {
                    "command": "pytest",
                    "runner": TOKEN,
                    "exit_code": 0,
                    "duration_ms": 1,
                    "passed": True,
                },
            ),
            "runner",
        ),  # fmt: skip
        (_event(1, "commit", {"sha": "d41d8cd98f00b204e9800998ecf8427e", "message": "m"}), "sha"),
        (_event(1, "thought", {"kind": "plan", "content_text": "a\x00b"}), "content_text"),
        (_event(1, "thought", {"kind": "plan", "links_to": [TOKEN]}), "links_to"),
        ({**_event(1, "thought", {"kind": "plan"}), "event_id": TOKEN}, "event_id"),
    ],
)
def test_gateway_answers_422_for_a_field_out_of_shape(
    live: LiveGateway, creds: Credentials, event: dict[str, Any], field: str
) -> None:
    with live.client() as client:
        tid, key = live.open_trace(client, creds.fleet)
        r = client.post(f"/traces/{tid}/events", json={"events": [event]},
                        headers={"Authorization": f"Bearer {key}"})  # fmt: skip
        assert r.status_code == 422, r.text
        assert field in r.text


def test_gateway_refuses_a_uuid_without_version_bits_as_an_event_id(
    live: LiveGateway, creds: Credentials
) -> None:
    """``str(UUID(int=random.getrandbits(128)))`` has no RFC version bits: an event id is
    minted by a fixtrace client as an RFC 9562 UUID, so the gateway refuses it (issue 29's
    fourth session), and a mixed-case UUID-shaped value is refused as before."""
    random_uuid = "3e687efb-1561-ecee-3d5a-e989224e7276"
    event = {**_event(1, "thought", {"kind": "plan"}), "event_id": random_uuid}
    with live.client() as client:
        tid, key = live.open_trace(client, creds.fleet)
        headers = {"Authorization": f"Bearer {key}"}
        r = client.post(f"/traces/{tid}/events", json={"events": [event]}, headers=headers)
        assert r.status_code == 422 and "event_id" in r.text, r.text
        mixed = {**_event(2, "thought", {"kind": "plan"}),
                 "event_id": "444b05A5-3c4f-cd9c-26df-21eac3f8907a"}  # fmt: skip
        r = client.post(f"/traces/{tid}/events", json={"events": [mixed]}, headers=headers)
        assert r.status_code == 422 and "event_id" in r.text, r.text

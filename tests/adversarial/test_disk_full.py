"""A full disk is a clear, recoverable state at the gateway (issue 28).

The fault: with the data disk full the gateway answered HTTP 500 with a traceback
(``OSError: [Errno 28]`` from the blob claim check) and the keep-alive connection was reset
under the client. Here the gateway's blob folder lives on a real 2 MiB tmpfs that the test
fills until the kernel says ENOSPC (no simulated error): a request that needs a blob must
get 503 with ``Retry-After`` and the JSON error shape, the same connection must carry the
next request, and once space is back the same request must succeed.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from fixtrace_config import Settings
from tests.adversarial.gateway import Credentials, LiveGateway, gateway_settings
from tests.ids import test_id
from tests.tiny_disk import fill, tiny_disk


@pytest.fixture()
def tiny(tmp_path: Path) -> Iterator[Path]:
    with tiny_disk(tmp_path / "tiny") as mount:
        yield mount


def test_a_full_disk_answers_503_with_retry_after_and_recovers(
    settings: Settings, tiny: Path, tmp_path: Path
) -> None:
    creds = Credentials()
    gw_settings = gateway_settings(settings, tmp_path / "gw", creds).model_copy(
        update={"blob_url": (tiny / "blobs").as_uri()}
    )
    (tiny / "blobs").mkdir()
    with LiveGateway(gw_settings) as live, live.client() as client:
        trace_id, key = live.open_trace(client, creds.fleet)
        auth = {"Authorization": f"Bearer {key}"}
        filler = fill(tiny)
        blob = b"patch line\n" * 20_000
        big_text = "output line\n" * 2_000  # past the inline limit: the claim check puts it
        event = {
            "event_id": test_id("e1"), "seq": 1, "ts_ms": 1, "type": "terminal_output",
            "payload": {"stream": "stdout", "chunk_text": big_text},
        }  # fmt: skip
        for method, path, kwargs in [
            ("POST", f"/traces/{trace_id}/blobs", {"content": blob}),
            ("POST", f"/traces/{trace_id}/events", {"json": {"events": [event]}}),
        ]:
            r = client.request(method, path, headers=auth, **kwargs)
            assert r.status_code == 503, r.text
            assert r.headers["retry-after"].isdigit()
            assert r.json()["error"]["code"] == "disk_full"
            assert "Traceback" not in r.text

        filler.unlink()  # space comes back: the same requests, on the same connection
        r = client.post(f"/traces/{trace_id}/blobs", headers=auth, content=blob)
        assert r.status_code == 201, r.text
        r = client.post(f"/traces/{trace_id}/events", headers=auth, json={"events": [event]})
        assert r.status_code == 200, r.text
        assert r.json()["accepted"] == 1

"""The SDK's spool says how many entries will really be sent again (issue 28).

The fault: after a broker outage the client's exit message said 1,550 entries were left
while the next client re-sent 2,100: acknowledgements live in memory, and a segment on disk
is only dropped once every entry in it is acknowledged, so the acknowledged entries of a
kept segment are sent again. The number the client reports must be what the next opener of
the spool reads back.
"""

from __future__ import annotations

from pathlib import Path

from producers.sdk.spool import Kind, Spool, backlog, read_entries


def test_the_resend_count_is_what_the_next_opener_sends(tmp_path: Path) -> None:
    spool = Spool(tmp_path / "spool", segment_bytes=4096, grow_bytes=4096)
    idxs = [spool.append(Kind.event, "t1", b"x" * 100) for _ in range(120)]
    spool.ack(idxs[:90])  # the broker acknowledged most, then went away
    pending, resend = spool.pending, spool.resend_count
    spool.close()

    reread = Spool(tmp_path / "spool")
    again = list(reread.read_pending())
    reread.close()
    assert pending == 30
    assert resend == len(again) == backlog(tmp_path / "spool")
    assert resend > pending  # acknowledged entries of a kept segment go again
    assert [e.idx for e in read_entries(tmp_path / "spool")] == [e.idx for e in again]

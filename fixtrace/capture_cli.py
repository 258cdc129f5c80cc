"""``fixtrace capture``: the capture side's commands, with what only the top can add.

``capture finish`` ends with the trace's web-UI link and, with ``--wait``, the QA summary
read from the store; both need this package (the UI's routes, the query backend), which
the stages may not import, so the top hands them over here when it mounts the commands.
"""

from __future__ import annotations

from fixtrace.ops.qa_wait import QAFollowUp
from producers import cli

cli.follow_up = QAFollowUp()
capture_app = cli.capture_app

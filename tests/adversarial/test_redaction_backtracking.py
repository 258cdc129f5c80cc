"""No string makes the redaction step backtrack for long: adversarial runs through the text
rules and every field reading (lone values, prose, names).

Why: ``prose_secret``'s words-and-version test once split a run of letters every way before
failing, so "the password is" and 40 letters with a digit held a stream worker for hours
(eleventh session). These strings are runs of one shape (letters, digits, case flips,
separators, signs, escapes) after the prefixes rules hang on, ended by a character that
makes a full match fail: where a nested quantifier hides, they find it. The whole set runs
in about a second; the watchdog only turns a hang into a failure naming the string.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from types import FrameType

import pytest

from streams.redact import Redactor
from streams.redact_events import read_beyond_rules

UNITS = ("a", "A", "1", "a1", "aA", "-a", "_a", ".a", "a.", "/a", " a", "=a", "a ", "\t",
         "ab-", "A1-", ":a", "@a", "%2F", "x_", "0-", "a\\", '"a', "'a", "a:", "a=", "+a",
         "a@", "#a", "$a", "!a", "a$")  # fmt: skip
ENDINGS = ("!", "\n", '"', "1b", "Z", "=", ":", "@", "(", " ", "$")
PREFIXES = ("", "the password is ", "token=", "key: ", "https://u:", "-----BEGIN ",
            "KEY = ", "secret ", "using token ", "export API_KEY=", "--password ",
            "mysql -p", '"key": "')  # fmt: skip
READINGS = ("typed", "said", "printed", "located", "coded", "segments", "named")
WATCHDOG_S = 60.0
"""Far above the second the set takes on two shared cores: a hang, never a slow machine."""


def _strings(run: int) -> Iterator[str]:
    for prefix in PREFIXES:
        for unit in UNITS:
            for ending in ENDINGS:
                yield prefix + unit * run + ending


class _Hung(Exception):
    pass


def _stop(signum: int, frame: FrameType | None) -> None:
    raise _Hung


@pytest.mark.parametrize("run", [30, 64])
def test_adversarial_runs_are_read_in_bounded_time(run: int) -> None:
    redactor = Redactor()
    previous = signal.signal(signal.SIGALRM, _stop)
    signal.setitimer(signal.ITIMER_REAL, WATCHDOG_S)
    current = ""
    try:
        for current in _strings(run):
            out = redactor.redact_text(current)[0]
            for reading in READINGS:
                assert isinstance(read_beyond_rules(current, out, reading)[0], str)
    except _Hung:
        pytest.fail(f"redaction did not finish within {WATCHDOG_S} s on {current!r}")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)

"""Long texts cost the engine time in proportion to their size, with the same findings.

Why: a 1 MiB dump (``KEY=…`` lines, URLs with passwords, ``token=…`` pairs) once took the
text rules 8-13 s, because every new span was checked against every earlier token, every
taken value was looked for again in the whole text, and every word searched back for a
``BEGIN`` line; the trace memory's search walked every pair of delimiters within reach of
each other (25 s for 256 KB of short words once its trace held one secret). Twelfth
session. The speed is measured by ``bench/adversarial.py scaling``; these tests pin down
that the linear paths answer exactly what the plain definitions do.
"""

from __future__ import annotations

import random

import pytest

from streams.redact import Redactor
from streams.redact.engine import _FEW_REPEATS, MARKER, _Marks
from streams.redact.memory import _DELIMS, TOKEN, TraceMemory, fingerprint
from streams.redact.public_der import in_public_pem_block


def _passwords(n: int, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    return [f"Pw{rng.getrandbits(40):x}!" for _ in range(n)]


@pytest.mark.parametrize("n", [3, _FEW_REPEATS + 12])
def test_every_repeat_of_a_taken_value_goes_whether_few_or_many(n: int) -> None:
    """A password a flag gave away goes where it is typed again without the flag, one by
    one for a few values, in one automaton pass for many."""
    passwords = _passwords(n)
    flags = "\n".join(f"mysql -u root -p{p} -h db{i}" for i, p in enumerate(passwords))
    text = flags + "\necho " + " ".join(reversed(passwords))
    out, findings = Redactor().redact_text(text)[:2]
    assert not any(p in out for p in passwords)
    assert findings == {"tool_password_flag": 2 * n}
    assert out.count("db") == n  # the hosts stay


def test_a_longer_repeat_wins_over_its_own_prefix() -> None:
    """Among many values, where one value is the start of another the longer is replaced
    whole: no tail of it is left behind."""
    passwords = _passwords(_FEW_REPEATS + 4)
    passwords[0], passwords[1] = "Abc123!xyz", "Abc123!xyzQ9"
    flags = "\n".join(f"mysql -p{p} -h db" for p in passwords)
    out = Redactor().redact_text(f"{flags}\nsaid Abc123!xyzQ9 and Abc123!xyz")[0]
    assert out.endswith("said [REDACTED:tool_password_flag] and [REDACTED:tool_password_flag]")


def _cut_by_definition(marks: list[tuple[int, int]], begin: int, end: int) -> bool:
    touched = [(a, b) for a, b in marks if a < end and begin < b]
    return any(a < begin or end < b or (a, b) == (begin, end) for a, b in touched)


def test_marks_answer_as_a_scan_of_every_token_does() -> None:
    rng = random.Random(7)
    parts = []
    for _ in range(300):
        parts.append("x" * rng.randint(0, 6))
        parts.append("[REDACTED:key]" if rng.random() < 0.5 else "y" * rng.randint(1, 9))
    text = "".join(parts)
    marks = _Marks(text)
    spans = [m.span() for m in MARKER.finditer(text)]
    assert marks.spans == spans and len(spans) > 100
    for _ in range(5000):
        begin = rng.randrange(len(text))
        end = begin + rng.randint(1, 40)
        assert marks.cut_by(begin, end) == _cut_by_definition(spans, begin, end), (begin, end)


def _in_block_by_definition(text: str, start: int) -> bool:
    begin = text.rfind("-----BEGIN ", 0, start)
    if begin < 0 or text.find("-----END", begin, start) >= 0:
        return False
    label = text[begin + 11 : text.find("-----", begin + 11, start)]
    return any(kind in label for kind in ("CERTIFICATE", "PUBLIC KEY"))


def test_public_pem_blocks_answer_as_a_search_back_does() -> None:
    """Every position of a text of certificates, a private key, a public key left open and
    prose between them, against the search back from that position."""
    body = "MIIBszCCAVmgAwIBAgIUWcH3\njjxDah2nGN59PRbxYvnKkKj9\n"
    text = (
        f"see\n-----BEGIN CERTIFICATE-----\n{body}-----END CERTIFICATE-----\nthen\n"
        f"-----BEGIN PRIVATE KEY-----\n{body}-----END PRIVATE KEY-----\n"
        f"-----BEGIN CERTIFICATE-----\n{body}-----END CERTIFICATE-----\n"
        f"words\n-----BEGIN PUBLIC KEY-----\n{body}and no end"
    )
    label_lines = {i for i, line in enumerate(text.split("\n")) if line.startswith("-----BEGIN")}
    line_of = [text.count("\n", 0, at) for at in range(len(text) + 1)]
    inside = 0
    for at in range(len(text) + 1):
        if line_of[at] in label_lines:
            continue  # inside a BEGIN line's own label: never a key's position
        expected = _in_block_by_definition(text, at)
        assert in_public_pem_block(text, at) == expected, at
        inside += expected
    assert inside > 3 * len(body)


def _memory_by_definition(memory: TraceMemory, trace_id: str, text: str) -> str:
    """The search as first written: every pair of delimiter bounds, shortest end first."""
    known = memory._traces[trace_id]
    cuts = [0, *(i for m in _DELIMS.finditer(text) for i in m.span()), len(text)]
    bounds = sorted(set(cuts))
    hits: list[tuple[int, int]] = []
    for i, start in enumerate(bounds):
        for end in bounds[i + 1 :]:
            if end - start > max(known.lengths):
                break
            value = text[start:end]
            if (
                end - start in known.lengths
                and fingerprint(memory._pepper, trace_id, value) in known.prints
            ):
                if not hits or start >= hits[-1][1]:
                    hits.append((start, end))
                break
    for start, end in reversed(hits):
        text = text[:start] + TOKEN + text[end:]
    return text


def test_the_trace_memory_finds_what_a_walk_over_every_delimiter_pair_finds() -> None:
    """Remembered values with and without delimiters inside, one the start of another,
    in texts cut every few characters (where the walk and the bisect differ most)."""
    rng = random.Random(11)
    values = ["S3cr3t-x9", "user:Pw9x!q", "ab,cd,ef,gh", "S3cr3t-x9:tail", "a b c d e f"]
    memory = TraceMemory()
    memory.learn("t", values)
    alphabet = "abcdefx9S3cr:t-,  \n\"'"
    for _ in range(400):
        pieces = [
            rng.choice(values)
            if rng.random() < 0.3
            else "".join(rng.choices(alphabet, k=rng.randint(1, 6)))
            for _ in range(rng.randint(1, 12))
        ]
        text = rng.choice(["", " ", ","]).join(pieces)
        assert memory.apply("t", text)[0] == _memory_by_definition(memory, "t", text), text

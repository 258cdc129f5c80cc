"""Trace-wide memory: a value redacted once in a trace is redacted wherever it comes back.

A password typed in ``mysql -pX`` and pasted in a thought five minutes later carries no
keyword the second time; the engine alone would keep it. So every span a rule redacts is
remembered for its trace, and later strings of the same trace are searched for it.

Only fingerprints are kept, never the secrets: a keyed BLAKE2b of the value (16 bytes; the
key is the trace id with a per-deployment pepper), and the set of lengths, which is what the
search needs. A later string is cut into candidates between delimiters (whitespace, quotes,
brackets, ``=``, ``:``, ``@``, ``,``, ``;``, ``/``), only candidates of a remembered length
are hashed, and a hit is replaced by ``[REDACTED:trace_memory]``. Traces with no redaction
cost one dict lookup per event.

Restart and replay: the fingerprints of a trace are deterministic (same pepper, same trace
id, same values). Every new (length, fingerprint) pair is also queued for the worker to
store (:meth:`TraceMemory.drain`: the ``trace_redaction_memory`` table, written with the
events of the same micro-batch, before its offsets are committed); a worker that meets a
trace for the first time since it started loads that trace's stored pairs
(:meth:`TraceMemory.seed`) before redacting the trace's batch. A replay relearns the same
pairs (stored again, deduplicated by the table's key).

A command that prints a secret (``printenv ACME_TOKEN``: :mod:`.printed`) is kept the same
way, as a pair of length :data:`COMMAND` whose fingerprint is the command event's id's: its
output is a separate event, and a worker restarted between the two still reads that output
as the command's (:meth:`TraceMemory.noted_command`). These notes never enter the value
search, so a trace with only a noted command costs nothing more per event.
"""

from __future__ import annotations

import hashlib
import re
from bisect import bisect_left, bisect_right
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field

RULE = "trace_memory"
TOKEN = f"[REDACTED:{RULE}]"
MIN_LEN = 6
"""Shorter redacted values are not remembered (they would match ordinary words)."""
MAX_TRACES = 20_000
COMMAND = 0
"""The stored length of a noted secret-printing command (no redacted value is that short)."""
_COMMAND_ID = "command:"
_DELIMS = re.compile(r"[\s\"'`()\[\]{}<>=:@,;/|]")


def fingerprint(pepper: bytes, trace_id: str, value: str) -> str:
    """The keyed fingerprint of one redacted value of one trace (hex, 32 characters)."""
    return _keyed(_trace_key(pepper, trace_id), value)


def _trace_key(pepper: bytes, trace_id: str) -> bytes:
    return hashlib.blake2b(pepper + trace_id.encode(), digest_size=32).digest()


def _keyed(key: bytes, value: str) -> str:
    return hashlib.blake2b(value.encode(), key=key, digest_size=16).hexdigest()


Pair = tuple[int, str]
"""(length of a redacted value, its keyed fingerprint): all that is kept, or stored."""


@dataclass
class _Known:
    lengths: set[int] = field(default_factory=set)
    prints: set[str] = field(default_factory=set)
    pairs: set[Pair] = field(default_factory=set)


class TraceMemory:
    """Fingerprints of the values redacted so far, per trace (bounded, oldest dropped)."""

    def __init__(self, pepper: bytes = b"fixtrace-trace-memory") -> None:
        self._pepper = pepper
        self._traces: OrderedDict[str, _Known] = OrderedDict()
        self._commands: OrderedDict[str, set[str]] = OrderedDict()
        self._new: list[tuple[str, int, str]] = []

    def __contains__(self, trace_id: str) -> bool:
        return trace_id in self._traces

    @property
    def traces(self) -> Mapping[str, object]:
        """The traces with something remembered (a plain ``in`` on it is the hot path's
        check: no Python call per event)."""
        return self._traces

    def learn(self, trace_id: str, values: list[str]) -> None:
        """Remember the values a rule just redacted in ``trace_id`` (as fingerprints)."""
        known = self._traces.get(trace_id)
        for value in values:
            value = value.strip()
            if len(value) < MIN_LEN or value.startswith("[REDACTED:"):
                continue
            if known is None:
                known = self._traces[trace_id] = _Known()
                if len(self._traces) > MAX_TRACES:
                    self._traces.popitem(last=False)
            pair = (len(value), fingerprint(self._pepper, trace_id, value))
            if pair not in known.pairs:
                known.pairs.add(pair)
                known.lengths.add(pair[0])
                known.prints.add(pair[1])
                self._new.append((trace_id, *pair))

    def note_command(self, trace_id: str, event_id: str) -> None:
        """Remember that the command event ``event_id`` of ``trace_id`` prints a secret."""
        notes = self._noted(trace_id)
        note = fingerprint(self._pepper, trace_id, _COMMAND_ID + event_id)
        if note not in notes:
            notes.add(note)
            self._new.append((trace_id, COMMAND, note))

    def noted_command(self, trace_id: str, event_id: str) -> bool:
        """Whether ``event_id`` is a command of ``trace_id`` noted by :meth:`note_command`,
        in this process or one before it (seeded)."""
        notes = self._commands.get(trace_id)
        return bool(notes) and fingerprint(self._pepper, trace_id, _COMMAND_ID + event_id) in notes

    def _noted(self, trace_id: str) -> set[str]:
        notes = self._commands.get(trace_id)
        if notes is None:
            notes = self._commands[trace_id] = set()
            if len(self._commands) > MAX_TRACES:
                self._commands.popitem(last=False)
        return notes

    def apply(self, trace_id: str, text: str) -> tuple[str, int]:
        """``text`` with every remembered value of ``trace_id`` replaced, and how many.

        From each candidate start, the shortest remembered value that ends on a delimiter
        wins. Only ends at a remembered length are hashed, found either among the
        delimiters in reach or by adding each length, whichever is fewer: walking every
        delimiter pair made a 256 KB output of short words cost 25 s once its trace held
        one 15-character secret (quadratic), and a remembered private key far worse.
        """
        known = self._traces.get(trace_id)
        if known is None or len(text) < MIN_LEN:
            return text, 0
        cuts = {0, len(text), *(i for m in _DELIMS.finditer(text) for i in m.span())}
        bounds = sorted(cuts)
        lengths = sorted(known.lengths)
        shortest, longest = lengths[0], lengths[-1]
        key, prints = _trace_key(self._pepper, trace_id), known.prints
        hits: list[tuple[int, int]] = []
        taken_to = 0
        for i, start in enumerate(bounds):
            if start < taken_to:
                continue  # inside a value replaced already
            first = bisect_left(bounds, start + shortest, i + 1)
            last = bisect_right(bounds, start + longest, first)
            if last - first <= len(lengths):
                ends = [bounds[j] for j in range(first, last) if bounds[j] - start in known.lengths]
            else:
                ends = [start + n for n in lengths if start + n in cuts]
            for end in ends:
                if _keyed(key, text[start:end]) in prints:
                    hits.append((start, end))
                    taken_to = end
                    break
        if not hits:
            return text, 0
        pieces, last_end = [], 0
        for start, end in hits:
            pieces += [text[last_end:start], TOKEN]
            last_end = end
        pieces.append(text[last_end:])
        return "".join(pieces), len(hits)

    def export(self, trace_id: str) -> list[Pair]:
        """(length, fingerprint) pairs of a trace, to seed another process's memory."""
        known = self._traces.get(trace_id)
        notes = [(COMMAND, note) for note in self._commands.get(trace_id, ())]
        return sorted([*(known.pairs if known is not None else ()), *notes])

    def seed(self, trace_id: str, pairs: list[Pair]) -> None:
        """Load stored or exported pairs (a restarted worker, a replay in another process).

        Seeded pairs are not queued for storing again (they came from the store).
        """
        notes = [p for n, p in pairs if n == COMMAND]
        if notes:
            self._noted(trace_id).update(notes)
            pairs = [(n, p) for n, p in pairs if n != COMMAND]
        if not pairs:
            return  # a trace with nothing remembered must keep costing one lookup
        known = self._traces.get(trace_id)
        if known is None:
            known = self._traces[trace_id] = _Known()
            if len(self._traces) > MAX_TRACES:
                self._traces.popitem(last=False)
        for n, p in pairs:
            known.pairs.add((n, p))
            known.lengths.add(n)
            known.prints.add(p)

    def drain(self) -> list[tuple[str, int, str]]:
        """(trace_id, length, fingerprint) learned since the last drain, for the store."""
        new, self._new = self._new, []
        return new

"""The public corpus' field scorer judges the planted value, not its carrier: each carrier
record, holding a harmless value of the field's shape instead of a secret, passes the wire
and keeps that value (a carrier the wire refuses would count every secret as caught)."""

from __future__ import annotations

import pytest

from bench.redact_corpus.public.score import event_fields, field_verdict
from schemas.fields import FIELD_SHAPES
from schemas.shapes import SHAPES
from streams.redact import Redactor
from streams.redact_events import DictRedaction

HARMLESS = "parser"


def _harmless_value(key: str) -> str:
    shape = SHAPES.get(FIELD_SHAPES[key])
    return shape.examples[0] if shape else HARMLESS


@pytest.mark.parametrize("key", event_fields())
def test_a_harmless_value_is_neither_refused_nor_redacted(key: str) -> None:
    value = _harmless_value(key)
    caught, how = field_verdict(key, value, DictRedaction(Redactor()))
    assert (caught, how) == (False, "redacted"), (key, value)


def test_negatives_are_scored_in_every_text_carrier() -> None:
    """Each negative of a set is wrapped in each text carrier's form (one-line ones only
    in a command and a thought) and stored through that carrier's field; the bench prints
    the rate per carrier."""
    from bench.redact_corpus.public import score

    negatives = score.load(score.NEGATIVE_SPLITS["realneg"])
    one_line = [n for n in negatives if "\n" not in n["text"].strip()]
    for carrier, forms in score.NEGATIVE_WRAPPINGS.items():
        assert all(form.count("{}") == 1 for form in forms)
        report = score.negatives_in_carrier("realneg", carrier)
        rows = one_line if carrier in ("command", "thought") else negatives
        assert report.negatives.n == len(rows)
        assert len(report.altered) == report.negatives.n - report.negatives.caught

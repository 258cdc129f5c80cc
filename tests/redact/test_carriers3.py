"""The third set of carrier wordings (``carriers3``) carries every value it is given.

No redaction engine in the first tests: only that each wording puts the value in its text
exactly once, whatever signs it holds, and that multi-line values and tool cases are left
out (the set covers single-line provider values). The last test scores one split.
"""

from __future__ import annotations

import pytest

from bench.redact_corpus.public import carriers3
from bench.redact_corpus.public.carriers import TEXT_CARRIERS, load
from bench.redact_corpus.public.score import third_carriers

AWKWARD = ["sk_live_4eC39HqLyjWDarjtT1zdp7dc", "ab\"cd'ef", "pa$$w0rd$HOME$1", "{v}{{x}}}"]
SPAN = 25  # more indices than any list has wordings


@pytest.mark.parametrize("value", AWKWARD)
def test_every_wording_carries_the_value_once(value: str) -> None:
    for i in range(SPAN):
        texts = carriers3.third_texts({"kind": "trufflehog:sendgrid", "value": value}, i)
        assert texts is not None and set(texts) == set(TEXT_CARRIERS)
        for carrier, text in texts.items():
            assert text.count(value) == 1, (carrier, i, text)
            assert "{svc}" not in text and "{SVC}" not in text


def test_multi_line_values_and_tool_cases_are_left_out() -> None:
    assert carriers3.third_texts({"kind": "gitleaks:private-key", "value": "a\nb"}, 0) is None
    assert carriers3.third_texts({"kind": "tool:mysql", "value": "hunter2x"}, 0) is None


def test_the_third_carriers_cover_every_single_line_case_of_a_split() -> None:
    rows = [r for r in load("secrets.jsonl") if r.get("split") == "blind"]
    single = [r for r in rows if "\n" not in r["value"] and not r["kind"].startswith("tool:")]
    cases = carriers3.third_text_cases("blind")
    assert len(cases) == 5 * len(single)
    report = third_carriers("blind")
    assert report.text.n == len(cases) and set(report.by_carrier) == set(TEXT_CARRIERS)

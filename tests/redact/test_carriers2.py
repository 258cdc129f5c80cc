"""The second set of carrier wordings (``carriers2``) carries every value it is given.

No redaction engine here: only that each wording puts the value in its text (or, for a
multi-line value on one line of a diff, its JSON-escaped form), that templates are valid,
and that provider cases get at least eight distinct wordings per carrier.
"""

from __future__ import annotations

import re
import string

import pytest

from bench.redact_corpus.public.carriers import TEXT_CARRIERS, _json_escaped, load
from bench.redact_corpus.public.carriers2 import alt_text_cases, alt_texts, alt_wordings, fill

PEM = (
    "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAx7q+Zb/9\nQw==\n-----END RSA PRIVATE KEY-----"
)
AWKWARD = [
    "sk_live_4eC39HqLyjWDarjtT1zdp7dc",
    "ab\"cd'ef",
    "pa$$w0rd$HOME$1",
    "back\\slash\\n",
    "{v}{{x}}}",
    "with space and, comma",
    PEM,
    "A1b2C3d4" * 50,  # 400 characters
]
PROVIDER_KINDS = [
    "trufflehog:sendgrid",
    "gitleaks:github-pat",
    "gitleaks:slack-webhook-url",
    "detect-secrets:private-key",
]
SPAN = 60  # more indices than any carrier has wordings


def _tool_cases() -> list[dict]:
    seen: dict[str, dict] = {}
    for case in load("secrets.jsonl"):
        if case["kind"].startswith("tool:"):
            seen.setdefault(case["kind"], case)
    return list(seen.values())


def _carries(text: str, value: str, carrier: str) -> bool:
    if value in text:
        return True
    # A multi-line value on one line of a unified diff: written JSON-escaped.
    return "\n" in value and carrier == "patch" and _json_escaped(value) in text


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f is not None}


@pytest.mark.parametrize("kind", PROVIDER_KINDS)
@pytest.mark.parametrize("value", AWKWARD, ids=range(len(AWKWARD)))
def test_provider_wordings_carry_the_value(kind: str, value: str) -> None:
    for i in range(SPAN):
        texts = alt_texts({"kind": kind, "value": value}, i)
        assert tuple(texts) == TEXT_CARRIERS
        for carrier, template in texts.items():
            assert _fields(template) <= {"v"}, (i, carrier, template)
            assert _carries(fill(template, value), value, carrier), (i, carrier, template)


@pytest.mark.parametrize("value", AWKWARD, ids=range(len(AWKWARD)))
def test_tool_wordings_carry_the_value(value: str) -> None:
    for case in _tool_cases():
        case = dict(case, value=value)
        for i in range(SPAN):
            for carrier, template in alt_texts(case, i).items():
                assert _fields(template) <= {"v"}, (case["kind"], i, carrier)
                assert value in fill(template, value), (case["kind"], i, carrier, template)


@pytest.mark.parametrize(
    "value", ["sk_live_4eC39HqLyjWDarjtT1zdp7dc", PEM, "https://hooks.slack.com/services/T0/B1/x"]
)
def test_provider_cases_get_eight_wordings_per_carrier(value: str) -> None:
    case = {"kind": "trufflehog:sendgrid", "value": value}
    counts = alt_wordings(case)
    assert all(n >= 8 for n in counts.values()), counts
    # The same seen from the rendered texts: names derived from the service and diff index
    # lines set aside, the texts of the first indices differ in as many ways.
    for carrier in TEXT_CARRIERS:
        shapes = set()
        for i in range(SPAN):
            text = fill(alt_texts(case, i)[carrier], value)
            text = re.sub(r"(?i)sendgrid[\w-]*", "SVC", text)
            shapes.add(re.sub(r"index \w+\.\.\w+", "index", text))
        assert len(shapes) >= 8, (carrier, len(shapes))


def test_tool_cases_get_several_wordings_per_carrier() -> None:
    for case in _tool_cases():
        counts = alt_wordings(case)
        assert all(n >= 2 for n in counts.values()), (case["kind"], counts)
        if case["where"] == "cmd":
            assert all(n >= 6 for n in counts.values()), (case["kind"], counts)


def test_alt_text_cases_cover_every_case_in_every_carrier() -> None:
    rows = load("secrets.jsonl")
    cases = alt_text_cases()
    assert len(cases) == len(TEXT_CARRIERS) * len(rows)
    assert {c.carrier for c in cases} == set(TEXT_CARRIERS)
    for c in cases:
        assert all(s in c.text for s in c.secrets), (c.case_id, c.carrier)
    blind = alt_text_cases("blind")
    assert blind and {c.split for c in blind} == {"blind"}

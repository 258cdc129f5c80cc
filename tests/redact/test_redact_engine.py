"""Engine behaviour: modes and consent, truncation, code that is not a secret, payloads."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from bench.redact_corpus.fakes import Fakes
from schemas.models import ConsentFlags
from streams.redact import (
    RedactionConfig,
    Redactor,
    effective_mode,
    kind_for_event_type,
    redact_payload,
)
from streams.redact.entropy import is_secret_token


@pytest.mark.parametrize(
    ("kind", "consent", "expected"),
    [
        ("code", ConsentFlags(store_raw_code=True, store_terminal_output=False), "raw"),
        ("code", ConsentFlags(store_raw_code=False, store_terminal_output=True), "redacted"),
        ("terminal", ConsentFlags(store_raw_code=False, store_terminal_output=True), "raw"),
        ("terminal", ConsentFlags(store_raw_code=True, store_terminal_output=False), "redacted"),
        ("text", ConsentFlags(store_raw_code=True, store_terminal_output=False), "redacted"),
        ("text", ConsentFlags(store_raw_code=True, store_terminal_output=True), "raw"),
        ("code", None, "redacted"),
    ],
)
def test_raw_only_with_consent(kind: str, consent: ConsentFlags | None, expected: str) -> None:
    assert effective_mode("raw", kind, consent) == expected  # type: ignore[arg-type]
    assert effective_mode("redacted", kind, consent) == "redacted"  # type: ignore[arg-type]
    token = Fakes().github()
    out = Redactor(RedactionConfig(mode="raw")).redact(f"t={token}", kind=kind, consent=consent)  # type: ignore[arg-type]
    assert (token in out.text) == (expected == "raw")


def test_kind_for_event_type() -> None:
    assert kind_for_event_type("file_edit") == "code"
    assert kind_for_event_type("terminal_output") == "terminal"
    assert kind_for_event_type("thought") == "text"


def test_truncation_marks_and_still_scans() -> None:
    token = Fakes().github()
    text = f"export T={token}\n" + "log line\n" * 2000
    out = Redactor(RedactionConfig(max_bytes=1024)).redact(text)
    assert out.truncated and out.findings["truncate_large"] == 1
    assert len(out.text.encode()) < 1100 and "[TRUNCATED:" in out.text
    assert token not in out.text and out.findings["github_token"] == 1
    small = Redactor(RedactionConfig(max_bytes=1024)).redact("short")
    assert not small.truncated


@pytest.mark.parametrize(
    "text",
    [
        "def connect(host, password=password, token=None):",
        "password: str | None = None",
        "secret = settings.SECRET_KEY",
        "api_key = API_KEY",
        "token = get_token(session)",
        "headers = {'Authorization': f'Bearer {token}'}",
        "DATABASE_URL=postgres://app:${DB_PASSWORD}@db:5432/app",
        "if password == confirm_password:",
        "max_tokens=4096, temperature=0",
    ],
)
def test_code_about_secrets_is_left_alone(text: str) -> None:
    assert Redactor().redact(text).text == text


def test_entropy_rule_decisions() -> None:
    f = Fakes(3)
    key = f.opaque(40)
    assert is_secret_token(key, f"id {key}", 3, 43)
    for ordinary in (
        "0" * 24 + "deadbeefcafebabe" * 2,  # hex, 56 chars
        "da39a3ee5e6b4b0d3255bfef95601890afd80709",  # sha1
        "550e8400-e29b-41d4-a716-446655440000",  # uuid
        "AbstractSingletonProxyFactoryBeanProviderImpl",  # identifier
        "aGVsbG8gd29ybGQgdGhpcyBpcyBhIGZpeHR1cmU=",  # base64 of text
    ):
        assert not is_secret_token(ordinary, ordinary, 0, len(ordinary)), ordinary


class _Payload(BaseModel):
    command: str
    env: dict[str, str]
    notes: list[str]


def test_redact_payload_walks_models_and_aggregates() -> None:
    f = Fakes(9)
    ghp, npm = f.github(), f.npm()
    payload = _Payload(
        command=f"git push https://{ghp}@github.com/a/b.git",
        env={"DB_PASSWORD": "hunter2!", "HOME": "/root", "NPM": npm},
        notes=["nothing here", f"old token {ghp}"],
    )
    red, meta = redact_payload(payload, Redactor(), kind="terminal")
    assert isinstance(red, _Payload)
    dumped = red.model_dump_json()
    assert ghp not in dumped and npm not in dumped and "hunter2" not in dumped
    assert red.env["HOME"] == "/root"
    assert meta.applied and meta.rules == ["secret_scan"]
    assert meta.counts == {"github_token": 2, "npm_token": 1, "secret_assignment": 1}


def test_redact_payload_raw_with_consent_reports_not_applied() -> None:
    data = {"output": "token=abc123xyz", "nested": [{"x": 1}]}
    consent = ConsentFlags(store_raw_code=False, store_terminal_output=True)
    same, meta = redact_payload(
        data, Redactor(RedactionConfig(mode="raw")), kind="terminal", consent=consent
    )
    assert same == data
    assert meta.model_dump() == {"applied": False, "rules": [], "counts": {}}


def test_candidate_spans_equal_the_regex() -> None:
    from bench.redact_corpus.mix import event_texts
    from bench.redact_corpus.negative import negative_samples
    from streams.redact.entropy import CANDIDATE, candidate_spans

    edge = ["x" * 25 + "===y", "é " + "Ab1" * 9 + "==", "a" * 19, "-" * 20 + "/" + "+" * 5, ""]
    texts = edge + event_texts(500, secret_share=0.3) + [t for _, t in negative_samples()]
    for text in texts:
        assert candidate_spans(text) == [m.span() for m in CANDIDATE.finditer(text)], text


def test_triggers_are_necessary_conditions() -> None:
    """Whenever a pattern's regex matches, one of its triggers is where the pre-check looks.

    The pre-check skips a pattern on that test alone, so a trigger that is not necessary
    would silently drop findings: check it on every corpus text, planted secrets included.
    """
    from bench.redact_corpus.mix import event_texts
    from bench.redact_corpus.negative import negative_samples
    from bench.redact_corpus.positive import PII_TEXT, positive_samples
    from bench.redact_corpus.public.carriers import load, text_cases
    from streams.redact.engine import _lower
    from streams.redact.entropy import candidate_spans
    from streams.redact.rules import ALL_RULES
    from streams.redact.triggers import GATE_TRIGGERS, REGEX_TRIGGERS, TRIGGER_CONTEXTS

    texts = [p.text for p in positive_samples()] + [t for _, t in negative_samples()]
    texts += event_texts(500, secret_share=0.5) + [PII_TEXT[0]]
    texts += [c.text for c in text_cases()] + [n["text"] for n in load("negatives.jsonl")]

    def counts(trigger: str, where: str) -> bool:
        if trigger in GATE_TRIGGERS:
            return GATE_TRIGGERS[trigger](where)
        if trigger in REGEX_TRIGGERS:
            literals, regex = REGEX_TRIGGERS[trigger]
            return any(lit in where for lit in literals) and regex.search(where) is not None
        return trigger in where

    texts += ["-----BEGIN PRIVATE KEY-----", "api_\u212aey=abcd1234efgh"]  # Kelvin sign
    checked = 0
    for rule in ALL_RULES:
        for pattern in rule.patterns:
            if not pattern.triggers:
                continue
            for text in texts:
                low = _lower(text)
                if not pattern.regex.search(low if pattern.on_lower else text):
                    continue
                checked += 1
                where = low
                if pattern.in_token_run:
                    where = " ".join(low[a:b] for a, b in candidate_spans(text))
                assert any(counts(t, where) for t in pattern.triggers), (rule.name, text)
                # A trigger with a context counts only where its context matches, so the
                # context must hold at some occurrence too, or findings would be dropped.
                assert any(
                    counts(t, where)
                    and (t not in TRIGGER_CONTEXTS or TRIGGER_CONTEXTS[t].search(where))
                    for t in pattern.triggers
                ), (rule.name, "context", text)
    assert checked >= 40


def test_a_bare_assigned_value_ends_at_a_json_escape() -> None:
    """In JSON-escaped text (a trajectory, an escaped diff) ``\\n`` ends the line: the
    value is redacted and the rest of the string stays."""
    text = (
        r'{"patch": "+password = hunter2go\n+next_line = 1\n", '
        r'"cmd": "export API_TOKEN=abc123xyz9\" }'
    )
    out, counts = Redactor().redact_text(text)
    assert "hunter2go" not in out and "abc123xyz9" not in out
    assert r"\n+next_line = 1\n" in out and out.endswith(r"\" }")
    assert counts == {"secret_assignment": 2}


def test_a_bare_value_in_doubly_escaped_json_ends_at_the_escape_too() -> None:
    text = r"-        auth = ('', '')\\n+        auth = None\\n"
    assert Redactor().redact_text(text)[0] == text

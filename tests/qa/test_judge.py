"""Judges: the Anthropic judge against a local Messages-API stub, the heuristic judge offline."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from pydantic import SecretStr

from bench.sample_repo import SampleRepo, as_document, sample_fix_trace
from fixtrace_config import Settings
from qa_agents.judge import AnthropicJudge, HeuristicJudge, build_packet, load_rubric, make_judge
from qa_agents.judge.base import PROCESS_CRITERIA
from qa_agents.judge.packet import redact
from schemas.document import DocFinalState, HeldOutTest, QAEvaluation, QATests, TraceDocument
from schemas.payloads import Commit, PrMetadata
from sinks.blobs import FilesystemBlobStore

GOOD = {
    "scores": {
        "root_cause_identification": 4,
        "plan_quality": 3.5,
        "experiment_iterate_loop": 4,
        "use_of_signals_tests_logs": 3,
        "minimality_of_fix": 5,
        "clarity": 4,
    },
    "rationale": "Reproduced with a failing test, then a one-line fix.",
    "flags": [],
}


class Stub:
    """A Messages API on 127.0.0.1 whose answer depends on ``mode``; counts requests."""

    def __init__(self) -> None:
        self.mode = "valid"
        self.requests: list[dict[str, Any]] = []
        self.release = threading.Event()  # held responses ("timeout") wait on this
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
                body = json.loads(self.rfile.read(int(self.headers["content-length"])))
                stub.requests.append(body)
                if stub.mode == "timeout":
                    stub.release.wait(30)
                    return
                if stub.mode == "5xx":
                    self._send(
                        503,
                        {"type": "error", "error": {"type": "overloaded_error", "message": "busy"}},
                        {"retry-after-ms": "10"},
                    )
                    return
                text = json.dumps(GOOD) if stub.mode == "valid" else '{"scores": {"clarity": 4'
                self._send(
                    200,
                    {
                        "id": "msg_stub",
                        "type": "message",
                        "role": "assistant",
                        "model": body["model"],
                        "content": [{"type": "text", "text": text}],
                        "stop_reason": "end_turn",
                        "stop_sequence": None,
                        "usage": {"input_tokens": 10, "output_tokens": 10},
                    },
                )

            def _send(self, code: int, payload: dict, headers: dict | None = None) -> None:
                data = json.dumps(payload).encode()
                self.send_response(code)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture()
def stub() -> Iterator[Stub]:
    s = Stub()
    yield s
    s.close()


@pytest.fixture()
def doc(blobs: FilesystemBlobStore, sample_repo: SampleRepo) -> TraceDocument:
    return as_document(
        *sample_fix_trace(sample_repo, blobs, trace_id="93eb8556-0e1a-5586-849c-c1152721af59")
    )


def _judge(stub: Stub, blobs: FilesystemBlobStore, **kw: Any) -> AnthropicJudge:
    settings = Settings().model_copy(
        update={
            "anthropic_api_key": SecretStr("test-key"),
            "anthropic_base_url": stub.url,
            "judge_model": "claude-test",
            "llm_timeout_s": 5.0,
            "llm_max_retries": 2,
            **kw,
        }
    )
    return AnthropicJudge(settings, blobs)


def _packet(doc: TraceDocument, blobs: FilesystemBlobStore):  # noqa: ANN202
    return build_packet(doc, blobs, budget_bytes=24_000)


def test_valid_answer_is_scored_and_audited(
    stub: Stub, blobs: FilesystemBlobStore, doc: TraceDocument
) -> None:
    rubric = load_rubric("1.0")
    result = _judge(stub, blobs).judge(_packet(doc, blobs), rubric)
    assert len(stub.requests) == 1
    sent = stub.requests[0]
    assert (sent["model"], sent["temperature"]) == ("claude-test", 0)
    assert result.mode == "llm" and result.model == "claude-test"
    assert result.scores.minimality_of_fix == 5
    assert result.overall == rubric.overall(result.scores) == 3.92
    assert json.loads(blobs.get(result.request_blob_id))["temperature"] == 0
    assert json.loads(blobs.get(result.response_blob_id))["id"] == "msg_stub"
    assert b"one-line fix" in blobs.get(result.rationale_blob_id)


def test_malformed_answer_falls_back_with_flag(
    stub: Stub, blobs: FilesystemBlobStore, doc: TraceDocument
) -> None:
    stub.mode = "malformed"
    result = _judge(stub, blobs).judge(_packet(doc, blobs), load_rubric("1.0"))
    assert len(stub.requests) == 1  # a parse failure is not retried
    assert "judge_parse_failure" in result.flags
    assert result.mode == "heuristic" and result.requested_model == "claude-test"
    assert blobs.exists(result.response_blob_id)


def test_server_errors_are_retried_then_degrade(
    stub: Stub, blobs: FilesystemBlobStore, doc: TraceDocument
) -> None:
    stub.mode = "5xx"
    result = _judge(stub, blobs).judge(_packet(doc, blobs), load_rubric("1.0"))
    assert len(stub.requests) == 3  # 1 + llm_max_retries
    assert {"judge_unavailable", "judge_http_503"} <= set(result.flags)
    assert result.mode == "heuristic"


def test_timeout_is_retried_then_degrades(
    stub: Stub, blobs: FilesystemBlobStore, doc: TraceDocument
) -> None:
    stub.mode = "timeout"
    judge = _judge(stub, blobs, llm_timeout_s=0.3, llm_max_retries=1)
    result = judge.judge(_packet(doc, blobs), load_rubric("1.0"))
    assert len(stub.requests) == 2
    assert {"judge_unavailable", "judge_timeout"} <= set(result.flags)


def test_without_a_key_the_heuristic_judge_runs_and_says_so(
    blobs: FilesystemBlobStore, doc: TraceDocument
) -> None:
    judge = make_judge(Settings().model_copy(update={"anthropic_api_key": None}), blobs)
    result = judge.judge(_packet(doc, blobs), load_rubric("1.0"))
    assert (result.mode, result.model) == ("heuristic", "heuristic-v1")
    assert "no_model_key" in result.flags


def test_heuristic_judge_is_deterministic_and_reads_signals(
    blobs: FilesystemBlobStore, doc: TraceDocument
) -> None:
    rubric = load_rubric("1.0")
    first = HeuristicJudge(blobs).judge(_packet(doc, blobs), rubric)
    second = HeuristicJudge(blobs).judge(_packet(doc, blobs), rubric)
    assert first.model_dump() == second.model_dump()
    assert first.scores.experiment_iterate_loop >= 4  # failing run, then a passing one
    assert first.scores.minimality_of_fix == 5  # 2 files, a few lines
    bare = doc.model_copy(update={"events": doc.events[:1], "final_state": DocFinalState()})
    low = HeuristicJudge(blobs).judge(_packet(bare, blobs), rubric)
    assert low.overall < first.overall and "missing_steps" in low.flags


def test_packet_respects_budget_deterministically(
    blobs: FilesystemBlobStore, doc: TraceDocument
) -> None:
    many = doc.model_copy(update={"events": doc.events * 60})
    small = build_packet(many, blobs, budget_bytes=6_000)
    assert small.size() <= 6_000 and small.truncated
    assert small.to_json() == build_packet(many, blobs, budget_bytes=6_000).to_json()
    full = build_packet(many, blobs, budget_bytes=10**7)
    assert small.signals == full.signals  # counted before truncation


def test_redaction_masks_secrets() -> None:
    text = redact("export API_KEY=abcd1234efgh and AKIAZ7VRSQ5TQB2X4N3L")
    assert "abcd1234efgh" not in text and "AKIA" not in text


def _verdict(resolved: bool) -> QATests:
    """A tests-stage result with held-out tests: the same runs, only the verdict differs."""
    tests = [
        HeldOutTest(test_id="t.py::test_issue", kind="fail_to_pass", before="FAILED",
                    after="PASSED", ok=True),
        HeldOutTest(test_id="t.py::test_held_out", kind="fail_to_pass", before="FAILED",
                    after="PASSED" if resolved else "FAILED", ok=resolved),
    ]  # fmt: skip
    return QATests(
        runner="pytest",
        fail_to_pass=[t.test_id for t in tests if t.ok],
        final_passed=resolved,
        resolved=resolved,
        evaluation=QAEvaluation(instance_id="acme__lib-1", tests=tests),
    )


@pytest.mark.parametrize("judge_kind", ["heuristic", "anthropic"])
def test_a_fix_the_held_out_tests_prove_wrong_scores_below_a_resolved_one(
    judge_kind: str, stub: Stub, blobs: FilesystemBlobStore, doc: TraceDocument
) -> None:
    rubric = load_rubric("1.1")
    judge = HeuristicJudge(blobs) if judge_kind == "heuristic" else _judge(stub, blobs)
    results = {}
    for resolved in (True, False):
        packet = build_packet(doc, blobs, budget_bytes=24_000, qa_tests=_verdict(resolved))
        assert packet.qa_tests["resolved"] is resolved
        results[resolved] = judge.judge(packet, rubric)
    assert results[False].overall < results[True].overall
    assert "fix_fails_held_out_tests" in results[False].flags
    assert "fix_fails_held_out_tests" not in results[True].flags
    assert results[False].scores.root_cause_identification <= 1.0
    held = build_packet(doc, blobs, budget_bytes=24_000, qa_tests=_verdict(False)).qa_tests
    assert held["held_out"]["fail_to_pass_failed"] == ["t.py::test_held_out"]
    if judge_kind == "anthropic":
        assert results[True].mode == "llm" and len(stub.requests) == 2
        # The model is told the rule; its (high) answer for the wrong fix is capped.
        assert "qa_tests.resolved is false" in stub.requests[1]["system"]
        assert results[True].scores.root_cause_identification == 4


def test_rubric_1_0_keeps_its_meaning(blobs: FilesystemBlobStore, doc: TraceDocument) -> None:
    packet = build_packet(doc, blobs, budget_bytes=24_000, qa_tests=_verdict(False))
    result = HeuristicJudge(blobs).judge(packet, load_rubric("1.0"))
    assert "fix_fails_held_out_tests" not in result.flags


@pytest.mark.parametrize("judge_kind", ["heuristic", "anthropic"])
def test_a_trace_without_steps_gets_no_process_scores(
    judge_kind: str, stub: Stub, blobs: FilesystemBlobStore, doc: TraceDocument
) -> None:
    """An imported prediction: the final patch and nothing else. Neither judge may score a
    plan, an experiment loop, the use of signals or clear reasoning it never saw."""
    patch_only = [e for e in doc.events if isinstance(e.payload, PrMetadata | Commit)]
    assert patch_only and len(patch_only) < len(doc.events)
    bare = doc.model_copy(update={"events": patch_only})  # final state keeps the diff
    judge = HeuristicJudge(blobs) if judge_kind == "heuristic" else _judge(stub, blobs)
    rubric = load_rubric("1.1")
    seen = judge.judge(build_packet(doc, blobs, budget_bytes=24_000), rubric)
    unseen_packet = build_packet(bare, blobs, budget_bytes=24_000, qa_tests=_verdict(True))
    assert unseen_packet.signals.agent_steps == 0 and unseen_packet.signals.has_final_patch
    unseen = judge.judge(unseen_packet, rubric)
    assert "no_trajectory" in unseen.flags and "no_trajectory" not in seen.flags
    for name in PROCESS_CRITERIA:
        assert getattr(unseen.scores, name) == 0, name
    assert unseen.scores.minimality_of_fix > 0  # the patch itself is still judged
    assert unseen.overall < seen.overall
    if judge_kind == "heuristic":
        rationale = blobs.get(unseen.rationale_blob_id).decode()
        assert "no trajectory" in rationale and "not observed" in rationale
    else:
        assert unseen.mode == "llm"  # the model's (high) process scores were voided

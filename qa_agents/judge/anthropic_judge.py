"""LLM judge on the Anthropic Messages API, with audit blobs and visible degradation.

Temperature 0, explicit timeout and retry count (never the SDK defaults), and a strict JSON
answer validated by :class:`JudgeOutput`. Request and raw response are stored as blobs so any
score can be audited later. Failures never raise: a malformed answer falls back to the
heuristic scores flagged ``judge_parse_failure``; an unreachable or failing API falls back
flagged ``judge_unavailable``.
"""

from __future__ import annotations

import inspect
import json
import logging
from typing import Any

import anthropic
from pydantic import ValidationError

from fixtrace_config import Settings
from qa_agents.judge.base import parse_output, unobserved_process
from qa_agents.judge.heuristic import HeuristicJudge
from qa_agents.judge.packet import JudgePacket
from qa_agents.judge.rubric import CRITERIA, Rubric
from qa_agents.ports import Blobs, put_text
from schemas.document import JudgeScores, QAJudge

log = logging.getLogger(__name__)

MAX_TOKENS = 1500
SYSTEM = (
    "You are a strict, calibrated reviewer of bug-fix traces recorded from developers. "
    "Judge only what the trace packet shows; do not invent steps. In the rationale, cite the "
    "events you rely on as `seq N` (the web UI links them). Reply with a single JSON "
    "object and no other text."
)

_SCORE = {"type": "number"}
OUTPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "scores": {
            "type": "object",
            "properties": {name: _SCORE for name in CRITERIA},
            "required": list(CRITERIA),
            "additionalProperties": False,
        },
        "rationale": {"type": "string"},
        "flags": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["scores", "rationale", "flags"],
    "additionalProperties": False,
}
"""The JSON schema the API constrains output to; ranges are checked by JudgeOutput."""


class AnthropicJudge:
    """Judge backed by ``anthropic.Anthropic`` (model from ``settings.judge_model``)."""

    def __init__(
        self,
        settings: Settings,
        blobs: Blobs,
        *,
        model: str | None = None,
        client: anthropic.Anthropic | None = None,
    ) -> None:
        self.blobs = blobs
        self.model = model or settings.judge_model
        self.temperature = settings.judge_temperature
        self.structured = settings.judge_structured_output
        key = settings.anthropic_api_key
        self.client = client or anthropic.Anthropic(
            api_key=key.get_secret_value() if key is not None else None,
            base_url=settings.anthropic_base_url,
            timeout=settings.llm_timeout_s,
            max_retries=settings.llm_max_retries,
        )

    def request(self, packet: JudgePacket, rubric: Rubric) -> dict[str, Any]:
        """The Messages API request body for ``packet`` (stored verbatim for audit)."""
        body: dict[str, Any] = {
            "model": self.model,
            "max_tokens": MAX_TOKENS,
            "system": f"{SYSTEM}\n\n{rubric.prompt_text()}",
            "messages": [
                {"role": "user", "content": "Trace packet (JSON):\n" + packet.to_json()},
            ],
        }
        if self.temperature is not None:
            body["temperature"] = self.temperature
        if self.structured:
            body["output_config"] = {"format": {"type": "json_schema", "schema": OUTPUT_SCHEMA}}
        return body

    def _create(self, body: dict[str, Any]) -> Any:
        """``messages.create``; fields this SDK version has no parameter for go in the body."""
        known = set(inspect.signature(self.client.messages.create).parameters)
        params = {k: v for k, v in body.items() if k in known}
        extra = {k: v for k, v in body.items() if k not in known}
        return self.client.messages.create(**params, extra_body=extra or None)

    def judge(self, packet: JudgePacket, rubric: Rubric) -> QAJudge:
        body = self.request(packet, rubric)
        audit: dict[str, Any] = {
            "requested_model": self.model,
            "request_blob_id": put_text(
                self.blobs, json.dumps(body, sort_keys=True), "application/json"
            ),
        }
        try:
            response = self._create(body)
        except anthropic.APIStatusError as exc:
            audit["response_blob_id"] = put_text(self.blobs, _error_text(exc), "text/plain")
            return self._fallback(
                packet, rubric, ["judge_unavailable", f"judge_http_{exc.status_code}"], audit
            )
        except anthropic.APIConnectionError as exc:  # includes APITimeoutError
            kind = "judge_timeout" if isinstance(exc, anthropic.APITimeoutError) else None
            audit["error"] = f"{type(exc).__name__}: {exc}"
            flags = ["judge_unavailable", *([kind] if kind else [])]
            return self._fallback(packet, rubric, flags, audit)
        except TypeError as exc:  # the SDK's "no API key" error surfaces at call time
            audit["error"] = f"TypeError: {exc}"
            return self._fallback(packet, rubric, ["no_model_key"], audit)
        audit["response_blob_id"] = put_text(
            self.blobs, response.model_dump_json(), "application/json"
        )
        text = "".join(getattr(b, "text", "") for b in response.content)
        try:
            output = parse_output(text)
        except (ValueError, ValidationError) as exc:
            audit["error"] = f"parse: {str(exc)[:500]}"
            return self._fallback(packet, rubric, ["judge_parse_failure"], audit)
        scores = JudgeScores.model_validate(output.scores.model_dump())
        # The model was told; the cap makes sure (same rule as the heuristic judge).
        scores, capped = rubric.apply_verified_outcome(scores, packet.signals.qa_resolved)
        scores, unseen = unobserved_process(scores, packet)
        return QAJudge(
            model=str(response.model or self.model),
            mode="llm",
            rubric_version=rubric.version,
            scores=scores,
            overall=rubric.overall(scores),
            rationale_blob_id=put_text(self.blobs, output.rationale),
            flags=sorted({*output.flags, *capped, *unseen}),
            **audit,
        )

    def _fallback(
        self, packet: JudgePacket, rubric: Rubric, flags: list[str], audit: dict[str, Any]
    ) -> QAJudge:
        log.warning("judge %s degraded to heuristic: %s", self.model, flags)
        result = HeuristicJudge(self.blobs, extra_flags=flags).judge(packet, rubric)
        return result.model_copy(update=audit)


def _error_text(exc: anthropic.APIStatusError) -> str:
    try:
        return f"HTTP {exc.status_code}\n{exc.response.text}"
    except Exception:
        return f"HTTP {exc.status_code}\n{exc}"

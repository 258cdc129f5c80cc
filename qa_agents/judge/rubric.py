"""Versioned rubric files: ``rubrics/v<version>.json`` beside this module (or a configured folder).

Why files: a rubric change is a new version, never an edit in place, so a replay under a new
version gives a new QA run beside the old one and both stay explainable.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

from schemas.document import JudgeScores

RUBRIC_DIR = Path(__file__).parent / "rubrics"
CRITERIA = tuple(JudgeScores.model_fields)
"""The six criterion names every rubric must score (the trace schema's ``qa.judge.scores``)."""


class RubricNotFound(LookupError):
    """No rubric file for the requested version."""


class Criterion(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    weight: float = Field(1.0, gt=0)
    question: str
    anchors: dict[str, str] = Field(default_factory=dict)


class VerifiedOutcome(BaseModel):
    """How a benchmark verdict bounds the scores (rubric 1.1 and later).

    Why caps in code and not only words in the prompt: a fix the held-out tests prove wrong
    is a failed fix whatever the trace looks like, and both judges (heuristic and model)
    must agree on that; the model reads the instruction, and its answer is capped the same.
    """

    model_config = ConfigDict(extra="forbid")

    instruction: str
    unresolved_caps: dict[str, float] = Field(
        description="criterion -> highest score when the held-out tests prove the fix wrong"
    )
    flag: str = "fix_fails_held_out_tests"

    @model_validator(mode="after")
    def _known_criteria(self) -> VerifiedOutcome:
        unknown = sorted(set(self.unresolved_caps) - set(CRITERIA))
        if unknown:
            raise ValueError(f"caps name unknown criteria: {unknown}")
        return self


class Rubric(BaseModel):
    """A rubric version: criteria with weights and anchors, flags, and output instructions."""

    model_config = ConfigDict(extra="allow")

    version: str
    title: str
    criteria: list[Criterion]
    flags: dict[str, str] = Field(default_factory=dict)
    output_instructions: str
    verified_outcome: VerifiedOutcome | None = None

    @model_validator(mode="after")
    def _covers_schema(self) -> Rubric:
        names = [c.name for c in self.criteria]
        if sorted(names) != sorted(CRITERIA):
            raise ValueError(f"rubric {self.version} must score exactly {CRITERIA}, has {names}")
        return self

    def overall(self, scores: JudgeScores) -> float:
        """Weighted mean of the criterion scores, rounded to 2 places."""
        total = sum(c.weight for c in self.criteria)
        value = sum(c.weight * float(getattr(scores, c.name)) for c in self.criteria) / total
        return round(value, 2)

    def apply_verified_outcome(
        self, scores: JudgeScores, resolved: bool | None
    ) -> tuple[JudgeScores, list[str]]:
        """``scores`` capped when the held-out tests say the fix is wrong, and the flags.

        Only ``resolved is False`` caps: no spec or no verdict (None) leaves scores alone.
        """
        rule = self.verified_outcome
        if rule is None or resolved is not False:
            return scores, []
        capped = {
            name: min(float(getattr(scores, name)), rule.unresolved_caps.get(name, 5.0))
            for name in CRITERIA
        }
        return JudgeScores(**capped), [rule.flag]

    def prompt_text(self) -> str:
        """The rubric as the judge model reads it."""
        lines = [f"Rubric {self.version}: {self.title}. Score each criterion 0-5."]
        for c in self.criteria:
            lines.append(f"- {c.name}: {c.question}")
            lines.extend(f"    {k}: {v}" for k, v in sorted(c.anchors.items()))
        if self.flags:
            lines.append("Flags (include only those that apply):")
            lines.extend(f"- {k}: {v}" for k, v in self.flags.items())
        if self.verified_outcome is not None:
            lines.append(self.verified_outcome.instruction)
        lines.append(self.output_instructions)
        return "\n".join(lines)


def load_rubric(version: str, extra_dir: Path | None = None) -> Rubric:
    """The rubric of ``version``, from ``extra_dir`` first, then the shipped folder."""
    for folder in (extra_dir, RUBRIC_DIR):
        if folder is None:
            continue
        path = folder / f"v{version}.json"
        if path.is_file():
            rubric = Rubric.model_validate_json(path.read_text())
            if rubric.version != version:
                raise ValueError(f"{path} declares version {rubric.version}, not {version}")
            return rubric
    raise RubricNotFound(f"no rubric file v{version}.json")

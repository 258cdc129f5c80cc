"""A report is read once per validation (issue 32, item 1): the steps share one
``ReportDocument`` instead of cutting the markdown into blocks again each."""

from __future__ import annotations

from pathlib import Path

import pytest

from qa_agents.mre import artifacts as names
from qa_agents.mre import document as document_module
from qa_agents.mre.artifacts import ArtifactStore
from qa_agents.mre.claims.behavior import analyse_behavior
from qa_agents.mre.document import read_report
from qa_agents.mre.environment.pypi import PypiClient
from qa_agents.mre.models import ActualBehavior, BehaviorAnalysis, ExpectedBehavior
from qa_agents.mre.read import markdown as markdown_module
from qa_agents.mre.script.extractor import extract
from qa_agents.mre.steps import MreSteps

REPORT = """# dumps sorts nothing

```python
import json
print(json.dumps({"b": 1, "a": 2}))
```

I get:

```
{"b": 1, "a": 2}
```
"""


@pytest.fixture
def cuts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every time a report is cut into pieces, from the document or from any older path."""
    seen: list[str] = []
    real = markdown_module.raw_blocks

    def counted(markdown: str):
        seen.append(markdown)
        return real(markdown)

    monkeypatch.setattr(markdown_module, "raw_blocks", counted)
    monkeypatch.setattr(document_module, "raw_blocks", counted)
    return seen


def test_extraction_and_behaviour_steps_share_one_reading(tmp_path: Path, cuts: list[str]) -> None:
    store = ArtifactStore(tmp_path)
    store.write_text(names.ISSUE, REPORT)
    steps = MreSteps(store, PypiClient(retries=0), None, "deterministic", "t")  # type: ignore[arg-type]
    extraction = steps.extract_code()
    behavior = steps.analyze_behavior()
    assert cuts == [REPORT]  # one cut for both steps (it was two, plus the tool reader's)
    assert 'print(json.dumps({"b": 1, "a": 2}))' in extraction.code  # type: ignore[union-attr]
    assert behavior.shown[0].text == '{"b": 1, "a": 2}\n'  # type: ignore[union-attr]


def test_a_changed_issue_is_read_again(tmp_path: Path, cuts: list[str]) -> None:
    store = ArtifactStore(tmp_path)
    store.write_text(names.ISSUE, REPORT)
    steps = MreSteps(store, PypiClient(retries=0), None, "deterministic", "t")  # type: ignore[arg-type]
    first = steps.document()
    assert steps.document() is first
    store.write_text(names.ISSUE, REPORT + "\nMore.\n")  # an agent may rewrite /issue.md
    assert steps.document() is not first
    assert len(cuts) == 2


def test_a_step_mending_its_blocks_does_not_change_another_steps(cuts: list[str]) -> None:
    document = read_report(REPORT)
    mine = document.fresh_blocks()
    mine[0].kind = "other"
    mine[0].rules.append("mended")
    assert document.blocks[0].kind == "code"
    assert document.blocks[0].rules == ["python-that-parses"]
    extract(document)
    analyse_behavior(document)
    assert len(cuts) == 1


def test_each_block_carries_its_lead_in_and_section() -> None:
    document = read_report(
        "# t\n\n## Steps\n\nRun this:\n\n```python\nimport x\nx.f()\n```\n\n"
        "## Actual behaviour\n\n```\n3\n```\n"
    )
    read = [(b.kind, b.section, b.lead.strip()[-9:]) for b in document.blocks]
    assert read == [("code", "Steps", "Run this:"), ("output", "Actual behaviour", "behaviour")]


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every artifact parsed from disk (model_validate_json on an artifact model)."""
    from qa_agents.mre.models import BehaviorAnalysis, ExtractionMetadata

    seen: list[str] = []
    for model in (BehaviorAnalysis, ExtractionMetadata):
        real = model.model_validate_json

        def counted(text: str, *args: object, _real=real, _name=model.__name__, **kw: object):
            seen.append(_name)
            return _real(text, *args, **kw)

        monkeypatch.setattr(model, "model_validate_json", counted)
    return seen


def test_steps_hand_their_models_over_in_memory(tmp_path: Path, parses: list[str]) -> None:
    """The folder records each step's result; the next step gets the object, not a parse."""
    store = ArtifactStore(tmp_path)
    store.write_text(names.ISSUE, REPORT)
    steps = MreSteps(store, PypiClient(retries=0), None, "deterministic", "t")  # type: ignore[arg-type]
    steps.extract_code()
    steps.analyze_behavior()
    assert steps.extraction() is not None
    assert store.read_model(names.BEHAVIOR_ANALYSIS, BehaviorAnalysis) is not None
    assert parses == []
    assert (tmp_path / names.BEHAVIOR_ANALYSIS).is_file()  # and the record is on disk


def test_a_reader_edits_its_own_copy(tmp_path: Path) -> None:
    store = ArtifactStore(tmp_path)
    written = BehaviorAnalysis(
        expected_behavior=ExpectedBehavior(), actual_behavior=ActualBehavior()
    )
    store.write_model(names.BEHAVIOR_ANALYSIS, written)
    written.needs_clarification = True  # the writer's later edits are not handed over
    first = store.read_model(names.BEHAVIOR_ANALYSIS, BehaviorAnalysis)
    assert first is not None and first.needs_clarification is False
    first.needs_clarification = True  # nor a reader's to the next reader
    second = store.read_model(names.BEHAVIOR_ANALYSIS, BehaviorAnalysis)
    assert second is not None and second.needs_clarification is False


def test_an_artifact_an_agent_rewrote_is_read_from_disk(tmp_path: Path, parses: list[str]) -> None:
    store = ArtifactStore(tmp_path)
    store.write_model(
        names.BEHAVIOR_ANALYSIS,
        BehaviorAnalysis(expected_behavior=ExpectedBehavior(), actual_behavior=ActualBehavior()),
    )
    path = tmp_path / names.BEHAVIOR_ANALYSIS
    edited = path.read_text().replace('"needs_clarification": false', '"needs_clarification": true')
    path.write_text(edited)  # an agent's edit
    read = store.read_model(names.BEHAVIOR_ANALYSIS, BehaviorAnalysis)
    assert read is not None and read.needs_clarification is True
    assert parses == ["BehaviorAnalysis"]

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

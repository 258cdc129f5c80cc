"""Completion rules name themselves when they fire, and the fallback that keeps a GREEN from
shipping a reproduction.py that does not compile is a named rule: each test is named by the
rule whose firing it pins (issue 32: "every verdict names the rules that decided it")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from qa_agents.mre import artifacts as names
from qa_agents.mre.artifacts import ArtifactStore
from qa_agents.mre.claims.behavior import analyse_behavior
from qa_agents.mre.decision import rules_behind
from qa_agents.mre.environment.pypi import PypiClient
from qa_agents.mre.models import ExecutionResults, Verdict
from qa_agents.mre.script.extractor import extract
from qa_agents.mre.steps import MreSteps

from .test_completion_reports import FORGOTTEN_EXPORT, NOTE_IN_OUTPUT

WITHOUT_NOTE = NOTE_IN_OUTPUT.replace(" <-- was not expecting this one to change", "")


def test_inline_output_note_is_recorded_on_the_output_it_took_a_note_off() -> None:
    analysis = analyse_behavior(NOTE_IN_OUTPUT, set(), set())
    (shown,) = [e for e in analysis.shown if e.kind == "output"]
    assert shown.rule == "inline-output-note"
    assert shown.text == "{'a': 2}\n{'a': 2}\n"
    meta = extract(NOTE_IN_OUTPUT).metadata
    assert "inline-output-note" in rules_behind(meta, analysis)


def test_inline_output_note_is_not_recorded_where_no_note_was_written() -> None:
    analysis = analyse_behavior(WITHOUT_NOTE, set(), set())
    assert [e.rule for e in analysis.shown] == [""]
    assert "inline-output-note" not in rules_behind(extract(WITHOUT_NOTE).metadata, analysis)


def test_library_of_a_forgotten_import_is_recorded_when_it_searches_the_library() -> None:
    """`BaseModel` pins pydantic; `ConfigDict` is tried from it, and the script's metadata
    (so the verdict's rules) names the rule."""
    meta = extract(FORGOTTEN_EXPORT).metadata
    assert any(g.startswith("from pydantic import ConfigDict") for g in meta.guarded_imports)
    assert "library-of-a-forgotten-import" in meta.rules
    assert "library-of-a-forgotten-import" in rules_behind(meta)


def test_library_of_a_forgotten_import_is_not_recorded_without_a_forgotten_name() -> None:
    complete = FORGOTTEN_EXPORT.replace("ConfigDict(extra=", "dict(extra=")
    meta = extract(complete).metadata
    assert "from pydantic import BaseModel" in meta.imports_added  # the well-known name
    assert "library-of-a-forgotten-import" not in meta.rules


REPORT = """# int() rejects the value

```python
int("x")
```

```
Traceback (most recent call last):
  File "repro.py", line 1, in <module>
ValueError: invalid literal for int() with base 10: 'x'
```
"""
RAISED = "ValueError: invalid literal for int() with base 10: 'x'"


def _steps_after_a_reproducing_run(folder: Path, title: str) -> tuple[MreSteps, ArtifactStore]:
    """The steps of a report whose run showed its traceback: the artifacts the extractor,
    the behaviour analyst and the executor write (this run's, recorded, not faked)."""
    store = ArtifactStore(folder)
    store.write_text(names.ISSUE, REPORT)
    extraction = extract(REPORT)
    store.write_text(names.EXTRACTED_CODE, extraction.code)
    store.write_model(names.EXTRACTION_METADATA, extraction.metadata)
    store.write_model(names.BEHAVIOR_ANALYSIS, analyse_behavior(REPORT, set(), set()))
    trace = 'Traceback (most recent call last):\n  File "extracted_code.py", line 1\n' + RAISED
    run = ExecutionResults(exit_code=1, stderr=trace + "\n", exception=RAISED)
    store.write_model(names.EXECUTION_RESULTS, run)
    steps = MreSteps(store, PypiClient(retries=0), None, "agents", title)  # type: ignore[arg-type]
    return steps, store


def test_reproduction_does_not_compile_names_its_rule(tmp_path: Path) -> None:
    """The code was rewritten after the run (an agent may write /extracted_code.py) and no
    longer compiles: YELLOW, no reproduction.py, and the report names the rule (before, its
    'Verdict rule' line said none)."""
    steps, store = _steps_after_a_reproducing_run(tmp_path, "int() rejects the value")
    store.write_text(names.EXTRACTED_CODE, 'int("x"\n')
    outcome = steps.generate_report()
    assert not isinstance(outcome, Exception)
    assert outcome.verdict == Verdict.YELLOW and not outcome.reproduction_written
    assert "**Verdict rule**: `reproduction-does-not-compile`" in outcome.report_markdown
    assert "reproduction.py does not compile" in outcome.summary
    assert store.read_text(names.REPRODUCTION) is None


@pytest.mark.parametrize(
    "title",
    [r"a \x path is read as an escape", r"\N and \u in the title", 'a """ docstring', 'q""""'],
)
def test_reproduction_keeps_the_reports_words_in_its_docstring(tmp_path: Path, title: str) -> None:
    """A title with a backslash escape Python rejects (``\\x``) or three quotes made
    reproduction.py fail to compile, and a reproduced report was answered YELLOW."""
    steps, store = _steps_after_a_reproducing_run(tmp_path, title)
    outcome = steps.generate_report()
    assert not isinstance(outcome, Exception)
    assert outcome.verdict == Verdict.GREEN and outcome.reproduction_written
    source = store.read_text(names.REPRODUCTION) or ""
    docstring = ast.get_docstring(ast.parse(source), clean=False) or ""
    assert f"MRE Validation - {title}\n" in docstring

"""The labelled corpus of real reports: its shape, and a handful of cases run for real.

The full corpus runs in ``bench/mre_agreement.py``; these cases keep the suite short while
covering each verdict, a REPL transcript, a private module, code that does not parse
(Python 2 in an HTML ``<pre>`` block), an unfenced script that reads a file the report
lacks, and the numpy report whose newest release needs a newer Python than the
sandbox's. A RED case must also be RED for the label's reason.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fixtrace_config import Settings
from qa_agents.mre.corpus import load_corpus
from qa_agents.mre.decision import CATEGORIES
from qa_agents.mre.models import Verdict
from qa_agents.mre.runtime import MreOptions
from qa_agents.mre.service import validate_issue

CORPUS = Path(__file__).parent / "corpus"
CASES = {c.name: c for c in load_corpus(CORPUS)}
HARD_CASES = {
    "shown-output",
    "shown-traceback",
    "fixed-later",
    "private-files",
    "network",
    "interactive-input",
    "credentials",
    "split-blocks",
    "missing-imports",
    "notebook-style",
    "intended-behaviour",
    "expected-raise",
}


def test_corpus_is_real_labelled_and_covers_the_hard_cases() -> None:
    cases = list(CASES.values())
    assert len(cases) >= 40
    assert len({c.library for c in cases}) >= 12
    assert {c.expected for c in cases} == {Verdict.GREEN, Verdict.YELLOW, Verdict.RED}
    for case in cases:
        assert case.source.startswith("https://github.com/") and "/issues/" in case.source
        assert case.markdown().splitlines()[0] == f"<!-- source: {case.source} -->"
        assert case.reason and case.hard_cases
    assert {tag for c in cases for tag in c.hard_cases} >= HARD_CASES
    for case in cases:  # a RED label names its reason in the validator's vocabulary
        assert (case.expected == Verdict.RED) == bool(case.reason_categories), case.name
        assert set(case.reason_categories) <= set(CATEGORIES[Verdict.RED]), case.name


def _run(name: str, tmp_path: Path, settings: Settings):
    return validate_issue(
        CASES[name].markdown(), tmp_path / name, settings, options=MreOptions(timeout_s=20)
    )


@pytest.mark.parametrize(
    "name",
    [
        "cpython-124238",
        "packaging-815",
        "pydantic-3747",
        "tomlkit-5",
        "dateutil-1149",
        "docopt-85",
        "xmltodict-105",
    ],
)
def test_corpus_case_gets_its_label(name: str, tmp_path: Path, no_model_settings) -> None:
    result = _run(name, tmp_path, no_model_settings)
    assert result.verdict == CASES[name].expected, result.report_markdown
    if CASES[name].reason_categories:
        assert result.reason_category in CASES[name].reason_categories
    if result.verdict != Verdict.GREEN:
        questions = result.report_markdown.split("## Questions for Issue Author")[1]
        assert questions.strip().startswith("1. ")  # something the reporter can act on


def test_numpy_report_installs_a_release_the_sandbox_python_supports(
    tmp_path: Path, no_model_settings
) -> None:
    result = _run("numpy-30402", tmp_path, no_model_settings)
    assert result.verdict != Verdict.ERROR, result.report_markdown
    out = result.artifacts.out_dir
    numpy = next(
        p
        for p in json.loads((out / "version_report.json").read_text())["packages"]
        if p["name"] == "numpy"
    )
    execution = json.loads((out / "execution_results.json").read_text())
    assert execution["error"] is None and execution["exit_code"] == 0
    assert f"numpy=={numpy['chosen_version']}" in execution["packages_installed"]
    if numpy["chosen_version"] != numpy["latest_version"]:  # the newest needs a newer Python
        assert "requires Python" in numpy["chosen_reason"]
        assert "requires Python" in result.report_markdown

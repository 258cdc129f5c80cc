"""Names a report uses without importing them: tried, guarded, from the report's own
package; a NameError the report itself shows is its symptom, never imported away.

The end-to-end cases run the real sandbox and install ``inflection`` (small, pure Python)
from PyPI, as the report filed in its repository would."""

from __future__ import annotations

import json

import httpx

from qa_agents.mre.models import (
    ActualBehavior,
    BehaviorAnalysis,
    ExecutionResults,
    ExpectedBehavior,
    ExtractionMetadata,
    Verdict,
    VersionReport,
)
from qa_agents.mre.tools.behavior import analyse_behavior
from qa_agents.mre.tools.comparison import compare
from qa_agents.mre.tools.extractor import extract
from qa_agents.mre.tools.pypi import PypiClient
from qa_agents.mre.tools.versions import repository_modules
from qa_agents.mre.verdict import decide

SOURCE = "<!-- source: https://github.com/jpvanhal/inflection/issues/1 -->\n"


def _pypi(projects: dict[str, str]) -> PypiClient:
    """PyPI answering each project in ``projects`` with its source address, else 404."""

    def handler(request: httpx.Request) -> httpx.Response:
        name = request.url.path.split("/")[2]
        if name not in projects:
            return httpx.Response(404)
        info = {"version": "1.0", "project_urls": {"Source": projects[name]}}
        return httpx.Response(200, json={"info": info, "releases": {}})

    return PypiClient(transport=httpx.MockTransport(handler), retries=0)


def test_the_repository_module_is_a_candidate_only_when_the_repository_publishes_it() -> None:
    own = _pypi({"tidy": "https://github.com/owner/python-tidy"})
    renamed = _pypi(
        {"tidy": "https://github.com/someone/tidy", "python-tidy": "https://github.com/owner/Tidy"}
    )
    unrelated = _pypi({"tidy": "https://github.com/someone/tidy"})
    filed = "<!-- source: https://github.com/owner/python-tidy/issues/3 -->\n"
    assert repository_modules(filed, own) == ["tidy"]
    assert repository_modules(filed.replace("python-tidy", "Tidy"), renamed) == ["tidy"]
    assert repository_modules(filed, unrelated) == []  # never a random namesake
    assert repository_modules("# no address\n", own) == []


def test_a_forgotten_import_is_tried_from_the_script_s_and_the_repository_s_modules() -> None:
    md = SOURCE + "# Bug\n\n```python\nimport tidy\nprint(singularize('flour'), tidy.x)\n```\n"
    asked: list[str] = []
    result = extract(md, extra_modules=lambda: asked.append("asked") or ["inflection"])
    tried = ["from tidy import singularize", "from inflection import singularize"]
    assert result.metadata.guarded_imports == tried and asked == ["asked"]
    for line in tried:
        assert f"try: {line}  # added by open-mre" in result.code
    assert result.code.count("except ImportError: pass") == 2
    complete = extract("```python\nx = 1\nprint(x)\n```\n", extra_modules=lambda: asked.append(1))
    assert complete.metadata.guarded_imports == [] and asked == ["asked"]  # not asked


def test_a_name_error_the_report_shows_is_never_imported() -> None:
    md = SOURCE + (
        "```python\nfrom inflection import singularize\nprint(pluralize('word'))\n```\n"
        "I get `NameError: name 'pluralize' is not defined`.\n"
    )
    # PyPI has a `pluralize` too: the namesake rule must not import the symptom away either
    result = extract(md, module_exists=lambda name: True, extra_modules=lambda: ["inflection"])
    assert result.metadata.shown_undefined_names == ["pluralize"]
    assert result.metadata.guarded_imports == [] and "import pluralize" not in result.code


def _decide(run: ExecutionResults, behavior: BehaviorAnalysis, shown: list[str]):
    meta = ExtractionMetadata(
        code_blocks_found=1, python_blocks_used=1, shown_undefined_names=shown
    )
    return decide(meta, VersionReport(), behavior, run, compare(behavior, run))


def test_only_the_name_error_the_report_shows_is_the_symptom() -> None:
    last = "NameError: name 'pluralize' is not defined"
    stderr = (
        'Traceback (most recent call last):\n  File "/tmp/run/extracted_code.py", line 2, '
        f"in <module>\n    print(pluralize('word'))\n{last}\n"
    )
    run = ExecutionResults(exit_code=1, stderr=stderr, exception=last)
    shown = analyse_behavior(f"```python\nprint(pluralize('word'))\n```\n`{last}`\n")
    assert _decide(run, shown, ["pluralize"]).verdict == Verdict.GREEN
    quiet = BehaviorAnalysis(expected_behavior=ExpectedBehavior(), actual_behavior=ActualBehavior())
    other = _decide(run, quiet, ["singularize"])
    assert (other.verdict, other.category) == (Verdict.RED, "undefined-name")


def test_a_forgotten_export_import_is_added_and_the_run_reproduces(run_issue) -> None:
    md = SOURCE + (
        "# singularize keeps the plural\n\n```python\nprint(singularize('words'))\n```\n\n"
        "It prints:\n\n```\nword\n```\n"
    )
    result = run_issue(md)
    assert result.verdict == Verdict.GREEN, result.report_markdown
    code = result.artifacts.extracted_code.read_text()
    assert "try: from inflection import singularize  # added by open-mre" in code
    assert "`from inflection import singularize`" in result.report_markdown
    versions = json.loads(result.artifacts.version_report.read_text())
    assert [p["name"] for p in versions["packages"] if p["imported"]] == ["inflection"]


def test_a_name_the_package_does_not_export_stays_undefined(run_issue) -> None:
    md = SOURCE + "# Bug\n\n```python\nprint(singularise_all('words'))\n```\n\nIt prints `word`.\n"
    result = run_issue(md)
    assert (result.verdict, result.reason_category) == (Verdict.RED, "undefined-name")
    assert "name 'singularise_all' is not defined" in result.report_markdown


def test_a_name_error_the_report_shows_is_green_when_it_reproduces(run_issue) -> None:
    md = SOURCE + (
        "# NameError\n\n```python\nfrom inflection import singularize\n\n"
        "print(singularize('words'), pluralize('word'))\n```\n\n"
        "and I get `NameError: name 'pluralize' is not defined`. What am I doing wrong?\n"
    )
    result = run_issue(md)
    assert (result.verdict, result.reason_category) == (Verdict.GREEN, "reproduced")
    assert "from inflection import pluralize" not in result.artifacts.extracted_code.read_text()

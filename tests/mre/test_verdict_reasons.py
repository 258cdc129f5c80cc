"""The reason behind a verdict: where an exception came from, Python 2 code, the reason
category, and which distribution an import name stands for."""

from __future__ import annotations

import httpx
import pytest

from qa_agents.mre.claims.behavior import analyse_behavior
from qa_agents.mre.compare.reproduced import compare
from qa_agents.mre.decision import CATEGORIES
from qa_agents.mre.environment.pypi import PypiClient
from qa_agents.mre.environment.versions import distributions, repository_modules, source_repository
from qa_agents.mre.models import (
    ActualBehavior,
    BehaviorAnalysis,
    CodeBlock,
    ExecutionResults,
    ExpectedBehavior,
    ExtractionMetadata,
    Verdict,
    VersionReport,
)
from qa_agents.mre.read.tracebacks import raised_in
from qa_agents.mre.verdict import decide


def _traceback(*frames: tuple[str, str], last: str) -> str:
    lines = ["Traceback (most recent call last):"]
    for path, source in frames:
        lines += [f'  File "{path}", line 3, in f', f"    {source}"]
    return "\n".join([*lines, last, ""])


SCRIPT = "/tmp/run/extracted_code.py"
LIBRARY = "/tmp/env/lib/python3.11/site-packages/tool.py"


def _decide(run: ExecutionResults, behavior: BehaviorAnalysis | None = None, **meta):
    behavior = behavior or BehaviorAnalysis(
        expected_behavior=ExpectedBehavior(), actual_behavior=ActualBehavior()
    )
    metadata = ExtractionMetadata(code_blocks_found=1, python_blocks_used=1, **meta)
    return decide(metadata, VersionReport(), behavior, run, compare(behavior, run))


def test_name_error_inside_a_library_is_not_the_reports_undefined_name() -> None:
    last = "NameError: name 'unicode' is not defined"
    inside = _traceback((SCRIPT, "tool.slug(text)"), (LIBRARY, "unicode(text)"), last=last)
    undefined = "NameError: name 'thing' is not defined"
    own = _traceback((SCRIPT, "print(thing)"), last=undefined)
    assert raised_in(inside) is False and raised_in(own) is True
    assert raised_in("no traceback here") is None
    run = ExecutionResults(exit_code=1, stderr=inside, exception=last)
    decision = _decide(run)
    assert decision.verdict == Verdict.YELLOW and decision.category != "undefined-name"
    mine = _decide(ExecutionResults(exit_code=1, stderr=own, exception=undefined))
    assert (mine.verdict, mine.category) == (Verdict.RED, "undefined-name")


def test_python2_builtin_in_the_report_code_is_said_and_a_missing_file_comes_first() -> None:
    last = "NameError: name 'file' is not defined"
    run = ExecutionResults(
        exit_code=1,
        stderr=_traceback((SCRIPT, "detect(file('in.csv').read())"), last=last),
        exception=last,
    )
    needs_file = _decide(run, file_dependencies=["in.csv"])
    assert (needs_file.verdict, needs_file.category) == (Verdict.RED, "missing-file")
    assert "`in.csv`" in needs_file.reasons[0] and "`file()`" in needs_file.reasons[0]
    old_code = _decide(run)
    assert (old_code.verdict, old_code.category) == (Verdict.RED, "not-parseable")
    assert "Python 2" in old_code.reasons[0]


def test_every_decision_carries_a_category_of_its_verdict() -> None:
    behavior = analyse_behavior("```python\nf()\n```\nIt prints:\n```\n1\n```\n")
    cases = [
        (ExecutionResults(exit_code=0, stdout="1\n"), "reproduced"),
        (ExecutionResults(exit_code=0, stdout="2\n"), "not-reproduced"),
        (ExecutionResults(timed_out=True), "timeout"),
        (ExecutionResults(exit_code=1, needs_interaction=True), "keyboard-input"),
    ]
    for run, category in cases:
        decision = _decide(run, behavior)
        assert decision.category == category
        assert decision.category in CATEGORIES[decision.verdict]
    assert _decide(ExecutionResults(skipped=True), behavior, syntax_error="x").category == (
        "not-parseable"
    )


def _project(name: str, url: str) -> dict:
    return {"info": {"version": "1.0", "project_urls": {"Source": url}}, "releases": {}}


def _pypi(projects: dict[str, dict]) -> PypiClient:
    def handler(request: httpx.Request) -> httpx.Response:
        name = request.url.path.split("/")[2]
        return httpx.Response(200, json=projects[name]) if name in projects else httpx.Response(404)

    return PypiClient(transport=httpx.MockTransport(handler), retries=0)


def test_an_import_name_is_the_distribution_of_the_repository_the_report_was_filed_in() -> None:
    pypi = _pypi(
        {
            "tidy": _project("tidy", "https://github.com/someone-else/tidy"),
            "python-tidy": _project("python-tidy", "https://github.com/owner/python-tidy"),
            "other": _project("other", "https://github.com/x/other"),
        }
    )
    md = "<!-- source: https://github.com/owner/python-tidy/issues/7 -->\n# Bug\n"
    assert source_repository(md) == "owner/python-tidy"
    chosen, why = distributions(["tidy", "other"], md, pypi)
    assert chosen == ["python-tidy", "other"]  # an unrelated import keeps its own name
    assert "owner/python-tidy" in why["python-tidy"]
    assert distributions(["tidy"], "# Bug without an address\n", pypi) == (["tidy"], {})


@pytest.mark.parametrize(
    ("repository", "module", "published"),
    [
        ("owner/Tidy", "tidy", "python-tidy"),  # named like the import: python-<name>
        ("owner/humps", "humps", "pyhumps"),  # or py<name>
        ("owner/pyspell", "spell", "pyspell"),  # named py<import>: its own name
        ("owner/bars3", "bars", "bars3"),  # a major version in the name: its own name
    ],
)
def test_a_repository_named_like_the_import_publishes_its_own_distribution(
    repository: str, module: str, published: str
) -> None:
    pypi = _pypi(
        {
            module: _project(module, f"https://github.com/someone-else/{module}"),
            published: _project(published, f"https://github.com/{repository}"),
        }
    )
    md = f"<!-- source: https://github.com/{repository}/issues/7 -->\n"
    chosen, why = distributions([module], md, pypi)
    assert chosen == [published] and repository in why[published]


def test_a_namesake_that_is_the_repository_s_own_project_stays() -> None:
    pypi = _pypi(
        {
            "tidy": _project("tidy", "https://github.com/owner/python-tidy/"),
            "python-tidy": _project("python-tidy", "https://github.com/owner/python-tidy"),
        }
    )
    md = "<!-- source: https://github.com/owner/python-tidy/issues/7 -->\n"
    assert distributions(["tidy"], md, pypi) == (["tidy"], {})


def test_the_repository_module_is_a_candidate_only_when_the_repository_publishes_it() -> None:
    """For names a report uses without importing them (see test_forgotten_imports)."""
    own = _pypi({"tidy": _project("tidy", "https://github.com/owner/python-tidy")})
    renamed = _pypi(
        {
            "tidy": _project("tidy", "https://github.com/someone/tidy"),
            "python-tidy": _project("python-tidy", "https://github.com/owner/Tidy"),
        }
    )
    unrelated = _pypi({"tidy": _project("tidy", "https://github.com/someone/tidy")})
    filed = "<!-- source: https://github.com/owner/python-tidy/issues/3 -->\n"
    assert repository_modules(filed, own) == ["tidy"]
    assert repository_modules(filed.replace("python-tidy", "Tidy"), renamed) == ["tidy"]
    assert repository_modules(filed, unrelated) == []  # never a random namesake
    assert repository_modules("# no address\n", own) == []
    # a py- prefix may or may not be part of the import: pyserde installs `serde`
    prefixed = _pypi({"pyserde": _project("pyserde", "https://github.com/owner/pyserde")})
    filed_prefixed = "<!-- source: https://github.com/owner/pyserde/issues/3 -->\n"
    assert repository_modules(filed_prefixed, prefixed) == ["pyserde", "serde"]
    # and a py- repository may keep its prefix in the import: py_expression_eval
    kept = _pypi(
        {
            "py-expression-eval": _project(
                "py-expression-eval", "https://github.com/o/py-expression-eval"
            )
        }
    )
    filed_kept = "<!-- source: https://github.com/o/py-expression-eval/issues/17 -->\n"
    assert repository_modules(filed_kept, kept) == ["expression_eval", "py_expression_eval"]


def test_only_the_name_error_the_report_shows_is_the_symptom() -> None:
    last = "NameError: name 'pluralize' is not defined"
    own = _traceback((SCRIPT, "print(pluralize('word'))"), last=last)
    run = ExecutionResults(exit_code=1, stderr=own, exception=last)
    shown = analyse_behavior(f"```python\nprint(pluralize('word'))\n```\n`{last}`\n")
    decision = _decide(run, shown, shown_undefined_names=["pluralize"])
    assert (decision.verdict, decision.category) == (Verdict.GREEN, "reproduced")
    other = _decide(run, shown_undefined_names=["singularize"])
    assert (other.verdict, other.category) == (Verdict.RED, "undefined-name")


def test_a_name_imported_as_its_pypi_namesake_that_lacks_the_attribute_is_undefined() -> None:
    """``tko.find_token(...)`` with ``tko`` never defined: hydration installed PyPI's
    ``tko``, which has no ``find_token``. The report's name was a variable all along."""
    failure = "AttributeError: module 'tko' has no attribute 'find_token'"
    run = ExecutionResults(
        exit_code=1,
        exception=failure,
        stderr=_traceback((SCRIPT, "tko.find_token(x)"), last=failure),
    )
    decision = _decide(run, imports_added=["import tko"])
    assert (decision.verdict, decision.category) == (Verdict.RED, "undefined-name")
    assert "`tko`" in decision.reasons[0]
    # the report's own import, or the same AttributeError shown as the symptom: not a guess
    assert _decide(run).verdict != Verdict.RED
    shown = CodeBlock(index=0, language="", kind="traceback", content=failure + "\n")
    assert _decide(run, imports_added=["import tko"], blocks=[shown]).verdict != Verdict.RED


def test_a_file_the_code_reads_and_the_report_lacks_is_red_when_the_run_stopped_before() -> None:
    stopped = ExecutionResults(
        exit_code=1, exception="LibraryNotFoundError: Error detecting the version of libcrypto"
    )
    decision = _decide(stopped, file_dependencies=["/home/me/Downloads/site.crt"])
    assert (decision.verdict, decision.category) == (Verdict.RED, "missing-file")
    assert "site.crt" in decision.reasons[0] and "libcrypto" in decision.reasons[0]
    included = _decide(
        stopped, file_dependencies=["site.crt"], included_files={"site.crt": "-----BEGIN"}
    )
    assert included.verdict == Verdict.YELLOW  # the report gave the file: its own failure


def test_a_package_importing_what_python_no_longer_has_is_an_api_change() -> None:
    """``cannot import name 'Mapping' from 'collections'`` raised inside the package: its
    newest release cannot run on the sandbox's Python, so the shown behaviour cannot
    appear there (YELLOW), and no module is missing from the report. The same import in
    the report's own code is the report's (RED, missing-module)."""
    last = "ImportError: cannot import name 'Mapping' from 'collections'"
    inside = _traceback(
        (SCRIPT, "from tool import Bag"), (LIBRARY, "from collections import Mapping"), last=last
    )
    decision = _decide(ExecutionResults(exit_code=1, stderr=inside, exception=last))
    assert decision.verdict == Verdict.YELLOW
    assert any("no longer has" in r for r in decision.reasons)
    assert any(
        "Does the problem show on a release that runs there" in q for q in decision.questions
    )
    own = _traceback((SCRIPT, "from collections import Mapping"), last=last)
    mine = _decide(ExecutionResults(exit_code=1, stderr=own, exception=last))
    assert (mine.verdict, mine.category) == (Verdict.RED, "missing-module")


def test_a_traceback_logged_by_a_run_that_went_on_is_no_raise() -> None:
    """The library logs its failed download and falls back to a bundled copy: the run exits
    0 and prints the shown value. That reproduces the report; the network it reached for
    is a note, not a missing service."""
    behavior = analyse_behavior("```\n>>> split('co.pl')\nResult(domain='co')\n```\n")
    logged = _traceback((LIBRARY, "fetch(url)"), last="ConnectionError: name resolution failed")
    run = ExecutionResults(
        exit_code=0,
        stdout="Result(domain='co')\n",
        stderr=logged,
        exception="ConnectionError: name resolution failed",
        network_attempts=["publicsuffix.org"],
    )
    decision = _decide(run, behavior)
    assert (decision.verdict, decision.category) == (Verdict.GREEN, "reproduced")
    failed = run.model_copy(update={"exit_code": 1, "stdout": ""})
    assert _decide(failed, behavior).category == "network"

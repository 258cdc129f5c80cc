"""Reports written as pytest tests run as pytest would run them: with its fixtures, the
fixtures of the report's own package's plugin, and the failure read from its output."""

from __future__ import annotations

import ast

from qa_agents.mre.models import Verdict
from qa_agents.mre.script.completion import hydrate

FIXTURE_TEST = (
    "import json\n\n\ndef test_reads(tmp_path):\n    p = tmp_path / 'a.json'\n"
    "    p.write_text('{}')\n    json.loads(p.read_text())['key']\n"
)


def test_tests_taking_fixtures_run_under_pytest() -> None:
    hydrated = hydrate(FIXTURE_TEST, set(), None)
    assert "pytest.main(" in hydrated.code and hydrated.entrypoint_added
    assert any("run under pytest" in w for w in hydrated.warnings)
    ast.parse(hydrated.code)


def test_one_test_taking_nothing_is_still_called_directly() -> None:
    hydrated = hydrate("def test_one():\n    assert 1 == 2\n", set(), None)
    assert hydrated.code.rstrip().endswith("test_one()")
    assert "pytest" not in hydrated.code


def test_a_script_that_runs_something_is_not_handed_to_pytest() -> None:
    code = "def test_a(tmp_path):\n    pass\n\n\nprint('hi')\n"
    assert "pytest" not in hydrate(code, set(), None).code


def test_a_fixture_named_after_the_reports_package_imports_its_plugin() -> None:
    code = "def test_h(requests_mock):\n    requests_mock.get('/', json={})\n"
    hydrated = hydrate(code, set(), None, extra_modules=lambda: ["requests_mock"])
    assert hydrated.code.startswith("import requests_mock")
    assert "import requests_mock" in hydrated.imports_added
    defined = "import pytest\n\n@pytest.fixture\ndef requests_mock():\n    return 1\n\n" + code
    kept = hydrate(defined, set(), None, extra_modules=lambda: ["requests_mock"])
    assert "import requests_mock" not in kept.code


def test_a_failing_pytest_test_reproduces_the_exception_the_report_shows(run_issue) -> None:
    md = (
        "# KeyError reading the file\n\n```python\n" + FIXTURE_TEST + "```\n\nfails with:\n\n"
        "```\n>       json.loads(p.read_text())['key']\nE       KeyError: 'key'\n```\n"
    )
    result = run_issue(md, timeout_s=30)
    assert result.verdict == Verdict.GREEN, result.report_markdown
    passing = md.replace("['key']\n```", "\n```", 1).replace("['key']\n", "\n", 1)
    assert run_issue(passing, timeout_s=30).verdict == Verdict.YELLOW

"""Names a report uses without importing them: tried, guarded, from the report's own
package; a NameError the report itself shows is its symptom, never imported away.

The end-to-end cases run the real sandbox and install ``inflection`` (small, pure Python)
from PyPI, as the report filed in its repository would. Which repository module is a
candidate, and the verdict on a shown NameError, are tested in test_verdict_reasons."""

from __future__ import annotations

import json

from qa_agents.mre.models import Verdict
from qa_agents.mre.script.extractor import extract

SOURCE = "<!-- source: https://github.com/jpvanhal/inflection/issues/1 -->\n"


def test_a_forgotten_import_is_tried_from_the_script_s_and_the_repository_s_modules() -> None:
    md = SOURCE + "# Bug\n\n```python\nimport tidy\nprint(singularize('flour'), tidy.x)\n```\n"
    asked: list[str] = []
    result = extract(md, extra_modules=lambda: asked.append("asked") or ["inflection"])
    tried = ["from tidy import singularize", "from inflection import singularize"]
    assert result.metadata.guarded_imports == tried and asked == ["asked"]
    for line in tried:
        assert f"try: {line}  # added by open-mre" in result.code
    assert result.code.count("except (ImportError, AttributeError) as exc: __mre_missed__") == 2
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


def test_a_report_filed_in_a_repository_takes_its_export_before_another_namesake() -> None:
    """PyPI has a ``singularize`` project too; the report was filed in inflection's
    repository, so the name is that module's export, not the namesake's."""
    md = SOURCE + "# Bug\n\nsingularize is wrong:\n\n```python\nprint(singularize('flour'))\n```\n"
    result = extract(md, module_exists=lambda name: True, extra_modules=lambda: ["inflection"])
    assert "from singularize import singularize" not in result.code
    assert result.metadata.guarded_imports == ["from inflection import singularize"]
    alone = extract(md, module_exists=lambda name: True, extra_modules=lambda: [])
    assert "from singularize import singularize  # added by open-mre" in alone.code


def test_a_dropped_module_alias_is_the_package_that_has_every_attribute_used() -> None:
    md = SOURCE + "# Bug\n\n```python\nprint(I.singularize('words'), I.camelize('a_b'))\n```\n"
    result = extract(md, extra_modules=lambda: ["inflection"])
    alias = (
        "from inflection import camelize as __mre_probe__, singularize as __mre_probe__; "
        "import inflection as I"
    )
    assert result.metadata.guarded_imports[0] == alias
    assert f"try: {alias}  # added by open-mre" in result.code


def test_a_dropped_module_alias_runs_and_a_wrong_guess_stays_undefined(run_issue) -> None:
    md = SOURCE + (
        "# singularize keeps the plural\n\n```python\nprint(inf.singularize('words'))\n```\n\n"
        "It prints:\n\n```\nword\n```\n"
    )
    # PyPI has an unrelated `inf` too: it is installed, and the package's alias replaces it
    assert run_issue(md).verdict == Verdict.GREEN
    wrong = run_issue(md.replace("inf.singularize", "zq.no_such_function"))
    assert (wrong.verdict, wrong.reason_category) == (Verdict.RED, "undefined-name")


def test_a_module_found_on_pypi_is_taken_from_the_report_s_package_when_it_has_it() -> None:
    md = SOURCE + "# Bug\n\n```python\nprint(hebrew.to_jd(1, 1, 1))\n```\n"
    result = extract(md, module_exists=lambda name: True, extra_modules=lambda: ["convertdate"])
    assert "import hebrew  # added by open-mre" in result.code  # PyPI's, as before
    # ... and the package's own submodule of that name replaces it where there is one
    assert result.metadata.guarded_imports[-1] == "from convertdate import hebrew"
    assert result.code.index("import hebrew  #") < result.code.index("from convertdate import")


def test_a_name_only_a_submodule_exports_is_looked_up_there(tmp_path) -> None:
    """``from_json`` lives in ``serde.json`` and ``sun`` in ``astral.sun``: the run looks
    names still undefined up in the package's public submodules."""
    import subprocess
    import sys

    pkg = tmp_path / "shapes"
    (pkg / "geometry").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "_private.py").write_text("raise SystemExit('private modules are not imported')\n")
    (pkg / "text.py").write_text("def from_text(s):\n    return s.upper()\n")
    (pkg / "geometry" / "__init__.py").write_text("def geometry(n):\n    return n * 2\n")
    md = "```python\nimport shapes\nprint(from_text('ab'), geometry(2), missing_name)\n```\n"
    code = extract(md).code
    assert "__mre_lookup__(['from_text', 'geometry', 'missing_name'], ['shapes'])" in code
    # the guarded `from shapes import geometry` binds the submodule; the call wants its function
    assert "try: from shapes import geometry  # added by open-mre" in code
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=30
    )
    assert "NameError: name 'missing_name' is not defined" in run.stderr
    assert "private" not in run.stderr
    ok = subprocess.run(
        [sys.executable, "-c", code.replace(", missing_name)", ")")],
        cwd=tmp_path, capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert ok.stdout == "AB 4\n", ok.stderr


def test_an_all_capitals_name_is_a_class_the_package_exports_not_a_pypi_module() -> None:
    md = SOURCE + "# Bug\n\n```python\nprint(ULID.from_str('x' * 26))\n```\n"
    result = extract(md, module_exists=lambda name: True, extra_modules=lambda: ["ulid"])
    assert "\nimport ULID" not in "\n" + result.code and result.metadata.imports_added == []
    probe = "from ulid import ULID as __mre_probe__; __mre_probe__.from_str; ULID = __mre_probe__"
    assert probe in result.metadata.guarded_imports


def test_a_capitalised_name_used_like_a_module_is_looked_up_as_a_class(tmp_path) -> None:
    """``JalaliDate.to_jalali(...)`` with ``JalaliDate`` in ``persiantools.jdatetime``: a
    class is looked up in the package's submodules like any other name."""
    import subprocess
    import sys

    pkg = tmp_path / "calendars"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "dates.py").write_text(
        "class Day:\n    @staticmethod\n    def of(n):\n        return n + 1\n"
    )
    code = extract("```python\nimport calendars\nprint(Day.of(1))\n```\n").code
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=30
    )
    assert run.stdout == "2\n", run.stderr

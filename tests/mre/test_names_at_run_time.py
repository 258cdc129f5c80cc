"""Names a report never imports, found when the code runs: a distribution that imports
under another name, a module two packages down, and the standard module's same-named
member. Each lookup runs for real on a package written to ``tmp_path``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from qa_agents.mre.missing_input import missing_input
from qa_agents.mre.models import ExecutionResults, ExtractionMetadata
from qa_agents.mre.script.completion import hydrate
from qa_agents.mre.script.extractor import extract


def _run(code: str, where: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], cwd=where, capture_output=True, text=True, timeout=30
    )


def test_a_distribution_named_unlike_its_module_is_looked_up_through_its_metadata(
    tmp_path: Path,
) -> None:
    """``text2num`` installs ``text_to_num``: the repository's name is the distribution's,
    and the names it exports are found in the module the distribution installs."""
    (tmp_path / "words_to_digits").mkdir()
    (tmp_path / "words_to_digits" / "__init__.py").write_text(
        "def alpha2digit(s):\n    return s.replace('one', '1')\n"
    )
    info = tmp_path / "wordnum-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: wordnum\nVersion: 1.0\n")
    (info / "top_level.txt").write_text("words_to_digits\n")
    md = "```\n>>> alpha2digit('one apple')\n'1 apple'\n>>> missing('x')\n```\n"
    code = extract(md, extra_modules=lambda: ["wordnum"]).code
    run = _run(code, tmp_path)
    assert run.stdout == "'1 apple'\n", run.stderr
    assert "NameError: name 'missing' is not defined" in run.stderr


def test_a_module_the_code_uses_by_name_is_found_two_packages_down(tmp_path: Path) -> None:
    """``united_kingdom.UnitedKingdom()`` filed at workalendar: the module is
    ``workalendar.europe.united_kingdom``, which no ``from workalendar import`` reaches."""
    europe = tmp_path / "calendars" / "europe"
    europe.mkdir(parents=True)
    (tmp_path / "calendars" / "__init__.py").write_text("")
    (europe / "__init__.py").write_text("")
    (europe / "united_kingdom.py").write_text("class UnitedKingdom:\n    days = 22\n")
    md = "Counting days:\n`united_kingdom.UnitedKingdom().days`\nreturns 21, which is wrong.\n"
    result = extract(md, extra_modules=lambda: ["calendars"])
    assert result.metadata.blocks[0].transcript_output == "21\n"  # the value, not the sentence
    run = _run(result.code, tmp_path)
    assert run.stdout == "22\n", run.stderr
    elsewhere = _run(result.code.replace("united_kingdom", "scotland"), tmp_path)
    assert "NameError: name 'scotland' is not defined" in elsewhere.stderr


def test_a_module_without_the_attributes_the_code_uses_is_not_the_name(tmp_path: Path) -> None:
    """``url.append_query_param(...)`` filed at a package that has a ``url`` module: the
    module has no such function, so ``url`` is the report's own object, left undefined."""
    (tmp_path / "links").mkdir()
    (tmp_path / "links" / "__init__.py").write_text("from links import url\n")
    (tmp_path / "links" / "url.py").write_text("def parse(s):\n    return s\n")
    md = "This fails:\n```python\nurl.append_query_param('q', 'x')\n```\n"
    code = extract(md, extra_modules=lambda: ["links"]).code
    run = _run(code, tmp_path)
    assert "NameError: name 'url' is not defined" in run.stderr, run.stderr
    md_parse = "This fails:\n```python\nprint(url.parse('x'))\n```\n"
    bound = _run(extract(md_parse, extra_modules=lambda: ["links"]).code, tmp_path)
    assert bound.stdout == "x\n", bound.stderr


def test_a_standard_module_s_same_named_member_is_imported_when_the_code_uses_it() -> None:
    def added(code: str) -> list[str]:
        return hydrate(code).imports_added

    assert added("print(datetime(2018, 8, 1))") == ["from datetime import datetime"]
    assert added("print(datetime.now())") == ["from datetime import datetime"]
    assert added("print(datetime.date(2020, 1, 1))") == ["import datetime"]
    assert added("print(time.time())") == ["import time"]
    assert added("start = time()") == ["from time import time"]


def test_a_name_the_repository_s_module_no_longer_exports_is_an_api_change() -> None:
    """``cannot import name 'JSONSerializable' from 'dataclass_wizard'`` in a report filed
    at dataclass-wizard: the library is there without the name (a different outcome, left
    to the comparison); from another module it is a module the report left out."""
    run = ExecutionResults(
        exit_code=1,
        exception="ImportError: cannot import name 'JSONSerializable' from 'dataclass_wizard' "
        "(/env/lib/python3.11/site-packages/dataclass_wizard/__init__.py)",
    )
    own = ExtractionMetadata(code_blocks_found=1, repository_module="dataclass_wizard")
    assert missing_input(own, run) is None
    other = ExtractionMetadata(code_blocks_found=1, repository_module="louvain")
    decision = missing_input(other, run)
    assert decision is not None and decision.category == "missing-module"
    md = "<!-- source: https://github.com/rnag/dataclass-wizard/issues/209 -->\n# Bug\n"
    assert extract(md + "```python\nprint(1)\n```\n").metadata.repository_module == (
        "dataclass_wizard"
    )


def test_a_package_that_breaks_on_import_is_the_run_s_result_not_a_missed_guess(
    tmp_path: Path,
) -> None:
    """``AttrDict()`` with no import, filed at a package whose newest release imports a
    name its Python no longer has: the ImportError from inside the package is what the
    code meets, not the NameError of a guess that missed."""
    (tmp_path / "attrbag").mkdir()
    (tmp_path / "attrbag" / "__init__.py").write_text(
        "from collections import Mapping\n\nclass AttrBag(dict):\n    pass\n"
    )
    md = "```python\nbag = AttrBag()\nprint(bag)\n```\n"
    run = _run(extract(md, extra_modules=lambda: ["attrbag"]).code, tmp_path)
    assert "ImportError: cannot import name 'Mapping' from 'collections'" in run.stderr
    (tmp_path / "attrbag" / "__init__.py").write_text("class Other(dict):\n    pass\n")
    missed = _run(extract(md, extra_modules=lambda: ["attrbag", "absent"]).code, tmp_path)
    assert "NameError: name 'AttrBag' is not defined" in missed.stderr  # a guess that missed

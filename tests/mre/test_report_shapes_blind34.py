"""Report shapes the validator missed on the first run of held-out batches blind-34 and
blind-35, each written here small and synthetic: what is code, what is output, which
side of the expectation a block is on, and which files the code needs."""

from __future__ import annotations

from qa_agents.mre.models import BlockContext, ShownEvidence
from qa_agents.mre.tools.behavior import shown_evidence
from qa_agents.mre.tools.code_facts import analyse
from qa_agents.mre.tools.extractor import extract
from qa_agents.mre.tools.fences import fenced_blocks
from qa_agents.mre.tools.markdown import context_of, extract_code_blocks
from qa_agents.mre.tools.output_match import exact_numbers, normalize_lines
from qa_agents.mre.tools.tool_commands import find_tool_run


def _kinds(markdown: str) -> list[tuple[str, str]]:
    return [(b.kind, b.content) for b in extract_code_blocks(markdown)]


def test_an_import_a_session_needs_stays_when_its_cell_is_run_again_later() -> None:
    """The 1.6.6 session, then the 1.7.4 one cut short: the call only the first session
    makes still runs after its import."""
    cell = "```python\nIn [{n}]: {code}\n```\n\n"
    first = [cell.format(n=1, code="from lib import f"), cell.format(n=2, code="f(None)")]
    first.append(cell.format(n=3, code='f("name")'))
    again = [cell.format(n=1, code="from lib import f"), cell.format(n=2, code="f(None)")]
    code = extract("# f breaks\n\nIn 1.6:\n\n" + "".join(first) + "In 1.7:\n\n" + "".join(again))
    lines = [ln for ln in code.code.splitlines() if "lib import f" in ln or "f(" in ln]
    assert lines[0] == "from lib import f"
    assert lines.index("from lib import f") < next(
        i for i, ln in enumerate(lines) if '"name"' in ln
    )


def test_a_config_file_that_parses_as_python_is_data_and_the_script_reading_it_code() -> None:
    md = (
        "I read a toml file like this:\n\n```\nimport rtoml\nprint(rtoml.load('x'))\n```\n\n"
        'The file:\n\n```\n[tool.poetry]\nname = "demo"\n```\n'
    )
    assert [k for k, _ in _kinds(md)] == ["code", "other"]
    alone = '```\n[tool.poetry]\nname = "demo"\nversion = "0.1"\n```\n'
    assert _kinds(alone)[0][0] == "other"
    assert _kinds("```python\n[a.b]\nname = 1\n```\n")[0][0] == "code"  # labelled Python


def test_a_file_the_code_opens_for_writing_first_is_not_an_input() -> None:
    code = (
        "import pyzipper\nwith pyzipper.AESZipFile('t.zip', 'w') as z:\n    z.writestr('a', 'b')\n"
        "with pyzipper.ZipFile('t.zip', 'r') as z:\n    z.read('a')\n"
    )
    assert analyse(code).file_dependencies == []
    assert analyse("import zipfile\nzipfile.ZipFile('t.zip', 'r')\n").file_dependencies == ["t.zip"]


def test_a_fence_whose_info_string_is_a_source_line_keeps_that_line() -> None:
    md = "```    915   raise RuntimeError('x')\n\nRuntimeError: Bad password\n```\n"
    (fence,) = fenced_blocks(md)
    assert fence.language == ""
    assert fence.body.startswith("915   raise RuntimeError('x')\n")
    assert fenced_blocks("```>>>\n>>> f()\n```\n")[0].language == ">>>"  # a session marker


def test_a_lead_saying_the_expected_result_did_not_come_is_the_actual_side() -> None:
    side: dict[str, BlockContext] = {
        "Calling clean() doesn't give the expected result:": "actual",
        "texts that should have been detected as another language:": "actual",
        "The expected output:": "expected",
    }
    for lead, context in side.items():
        assert context_of(lead) == context, lead


def test_an_output_label_line_pasted_under_the_print_is_not_output() -> None:
    md = "```python\nprint(clean(text))\n\nOutput:\n<title>T</title>\n```\n"
    (block,) = extract_code_blocks(md)
    assert block.content.strip() == "print(clean(text))"
    assert block.transcript_output == "<title>T</title>\n"


def test_a_comment_line_under_a_print_with_a_label_claims_the_whole_line() -> None:
    md = '```\nimport nh3\nprint("Output: ", nh3.clean("<b>hi</b>"))\n#Output: <b>hi</b>\n```\n'
    evidence = shown_evidence(extract_code_blocks(md))
    assert [(e.context, e.text) for e in evidence] == [("actual", "Output: <b>hi</b>\n")]


def test_an_inline_call_then_i_get_then_the_value_is_a_session() -> None:
    md = (
        "# next() in the past\n\nIf I specify:\n`Cron('* * * * *').next().isoformat()`\n"
        "I get a response:\n`2023-01-03T15:17:00`\nI would have expected another.\n"
    )
    (block,) = extract_code_blocks(md)
    assert block.content == "Cron('* * * * *').next().isoformat()\n"
    assert block.transcript_output == "2023-01-03T15:17:00\n"


def test_a_time_on_a_date_the_code_builds_is_compared_as_written() -> None:
    md = "```python\nf(datetime(2023, 1, 3, 15, 17, 0, 5))\n```\nI get `2023-01-03T15:17:00`"
    evidence = [ShownEvidence(kind="output", context="actual", text="2023-01-03T15:17:00\n")]
    exact = set(exact_numbers(md, evidence))
    assert exact == {"2023-01-03T15:17:00"}
    assert normalize_lines("'2023-01-03T15:17:00'", exact) == ["'2023-01-03T15:17:00'"]
    assert normalize_lines("'2023-01-03T15:18:00'", exact) == ["'<time>'"]
    assert normalize_lines("at 2024-05-01 10:00:00", set()) == ["at <time>"]  # the clock


def test_a_powershell_command_with_windows_paths_is_the_tool_s_run_not_its_version() -> None:
    md = (
        "```\nPS C:\\x> xmldiff -v\nxmldiff 2.2\n```\n\n"
        "```\nPS C:\\x> xmldiff.exe .\\file1.xml .\\file2.xml\nTraceback ...\n```\n"
    )
    tool = find_tool_run(md, extract_code_blocks(md), {"xmldiff"})
    assert tool is not None
    assert [c.argv for c in tool.commands] == [["xmldiff", "./file1.xml", "./file2.xml"]]
    assert tool.missing == ["file1.xml", "file2.xml"]


def test_an_inline_statement_with_a_long_arrow_to_its_result_is_a_session() -> None:
    md = "# Doc\n\n`import yaml_include`\n--> `ModuleNotFoundError: No module named 'x'`\n"
    (block,) = extract_code_blocks(md)
    assert block.content == "import yaml_include\n"
    assert "ModuleNotFoundError" in block.transcript_output


def test_a_numbered_step_calling_a_module_function_is_the_code() -> None:
    md = "# refused\n\n**To Reproduce**\n1. try to download using command demoji.download_codes()\n"
    assert _kinds(md) == [("code", "demoji.download_codes()\n")]

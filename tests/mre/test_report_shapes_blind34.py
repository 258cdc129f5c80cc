"""Report shapes the validator missed on the first runs of held-out batches blind-34 …
blind-37, each written here small and synthetic: what is code, what is output, which
side of the expectation a block is on, and which files the code needs."""

from __future__ import annotations

from qa_agents.mre.claims.behavior import shown_evidence
from qa_agents.mre.claims.sentences import prose_claims
from qa_agents.mre.compare.output_match import exact_numbers, normalize_lines
from qa_agents.mre.models import BlockContext, ShownEvidence
from qa_agents.mre.read.fences import fenced_blocks
from qa_agents.mre.read.markdown import context_of, extract_code_blocks
from qa_agents.mre.read.quotes import unescaped
from qa_agents.mre.read.tool_commands import find_tool_run
from qa_agents.mre.script.external_needs import analyse
from qa_agents.mre.script.extractor import extract


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
        "It should have been printed as:": "expected",
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


def test_a_recording_any_call_is_given_is_a_file_the_report_must_include() -> None:
    code = "import mutagen.flac\naudio = mutagen.flac.FLAC('track01.flac')\n"
    assert analyse(code).file_dependencies == ["track01.flac"]
    assert analyse("song.export('out.mp3', format='mp3')\n").file_dependencies == []


def test_a_session_in_one_backtick_span_over_several_lines_is_read() -> None:
    md = (
        "# no match\n\n`>>> from wcmatch import glob\n>>> glob.globmatch('a.txt', '*.txt')\nTrue`\n"
    )
    (block,) = extract_code_blocks(md)
    assert block.content == "from wcmatch import glob\nglob.globmatch('a.txt', '*.txt')\n"
    assert block.transcript_output == "True\n"


def test_an_escaped_prompt_and_bold_code_lines_are_a_session() -> None:
    md = (
        '# Getting data error\n\n\\>>> import trafaret as t\n\\>>> **t.String().check("test")**\n'
        "Traceback (most recent call last):\n"
        "**trafaret.dataerror.DataError: value is not a string**\n"
    )
    (block,) = extract_code_blocks(md)
    assert block.content == 'import trafaret as t\nt.String().check("test")\n'
    assert "DataError: value is not a string" in block.transcript_output
    assert unescaped("**Expected behavior**") == "**Expected behavior**"  # a heading stays


def test_a_sentence_opening_with_a_call_that_says_what_it_did_is_code() -> None:
    md = '# crash\n\ngmpy2.mpg("1+2j").conjugate() causes a core dump.\n'
    assert _kinds(md) == [("code", 'gmpy2.mpg("1+2j").conjugate()\n')]
    named = "# wrong\n\nyaml.safe_load() returns, the element name value is incorrect\n"
    assert _kinds(named) == []  # empty brackets name the function


def test_a_report_cut_off_inside_its_last_script_does_not_parse() -> None:
    md = (
        "```python\nfrom plum import dispatch\nprint(1)\n```\n\nAnd:\n\n"
        "```python\n@dispatch\ndef to_string(self:\n```\n"
    )
    meta = extract(md).metadata
    assert meta.syntax_error is not None and "cut off" in meta.syntax_error


def test_an_exception_there_is_and_a_value_will_be_are_claims() -> None:
    prose = (
        "It will be \"Uncaught, unspecified 'error' event.\"\n\n"
        "It rather returns a `<itertools.chain object>`. "
        "Then there is an error `TypeError: 'int' object is not iterable`"
    )
    said = [(c.kind, c.text.strip()) for c in prose_claims(prose)]
    assert ("output", "Uncaught, unspecified 'error' event.") in said
    assert ("output", "<itertools.chain object>") in said
    assert ("traceback", "TypeError: 'int' object is not iterable") in said


def test_i_get_under_a_prompted_call_announces_its_value() -> None:
    md = "# Mask\n\nWhen asking :\n>>> isbnlib.mask('97824881')\n\nI get :\n'978-2-488-1'\n"
    evidence = shown_evidence(extract_code_blocks(md))
    assert [(e.kind, e.text) for e in evidence] == [("output", "'978-2-488-1'\n")]

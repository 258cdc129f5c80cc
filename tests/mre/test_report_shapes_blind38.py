"""Report shapes the validator missed on the first runs of held-out batches blind-38 …
blind-41, each written here small and synthetic: code inside a list item, a script or a
session cut off at the report's end, an unfenced Python 2 script, a repr tagged as Python
under "I get this output:", pytest's failure lines, a title naming the exception, and
failures the report itself shows (a file error, a mock library refusing a request) that
are its symptom."""

from __future__ import annotations

from qa_agents.mre.claims.behavior import analyse_behavior
from qa_agents.mre.claims.sentences import prose_claims, title_claim
from qa_agents.mre.compare.reproduced import compare
from qa_agents.mre.models import (
    CodeBlock,
    ExecutionResults,
    ExtractionMetadata,
    Verdict,
    VersionReport,
)
from qa_agents.mre.read.markdown import extract_code_blocks
from qa_agents.mre.read.tool_commands import find_tool_run
from qa_agents.mre.run.execute import waited_for_the_keyboard
from qa_agents.mre.script.extractor import extract
from qa_agents.mre.verdict import decide


def _decide(md: str, run: ExecutionResults, **meta):
    behavior = analyse_behavior(md)
    blocks = extract_code_blocks(md)
    metadata = ExtractionMetadata(
        code_blocks_found=len(blocks), python_blocks_used=1, blocks=blocks, **meta
    )
    return decide(metadata, VersionReport(), behavior, run, compare(behavior, run))


def test_code_indented_inside_a_numbered_step_is_a_code_block() -> None:
    md = (
        "### Steps to reproduce\n1. Run code below\n\n"
        "        import lib\n        print(lib.f(1))\n\n### Current behavior\n\nIt breaks.\n"
    )
    (block,) = extract_code_blocks(md)
    assert (block.kind, block.content) == ("code", "import lib\nprint(lib.f(1))\n")
    shallow = "1. Run code below\n\n   more words of the step\n"  # the item's own text
    assert extract_code_blocks(shallow) == []


def test_an_unfenced_script_the_report_ends_inside_does_not_parse() -> None:
    md = (
        "**Reproducible Example**:\n\nimport enum\nimport lib\n\n"
        "@lib.command()\ndef test(\n    level: Level = type"
    )
    extraction = extract(md)
    assert extraction.metadata.syntax_error and "never closed" in extraction.metadata.syntax_error
    followed = md.replace("= type", "= Level.FULL,\n):\n    pass") + "\n\nThanks for looking.\n"
    assert not extract(followed).metadata.syntax_error  # a whole script, then prose


def test_a_session_whose_last_step_does_not_parse_is_not_runnable() -> None:
    """A placeholder in the failing step (``loads(...the string dumped above...)``) is
    no typo to drop: the step the session shows failing cannot run as given."""
    md = (
        "```python\n>>> import lib\n>>> lib.loads(...the string dumped above...)\n"
        "AttributeError: Can't get attribute 'Foo'\n```\n"
    )
    error = extract(md).metadata.syntax_error
    assert error and "cut off" not in error and "whose output the report shows" in error
    typo = "```python\n>>> import lib\n>>> lib.f(1\n>>> lib.f(1)\n2\n```\n"
    assert not extract(typo).metadata.syntax_error  # a typo typed again below it
    cut = "```python\n>>> import lib\n>>> lib.f(1)\n2\n```\n\nAnd:\n\n```\n>>> lib.g('a"
    assert not extract(cut).metadata.syntax_error  # a stored copy cut inside its last step


def test_a_python_tagged_repr_under_i_get_this_output_is_output_even_cut_off() -> None:
    head = "```python\nfrom lib import merge\nprint(merge({}, {'a': [1]}))\n```\n\n"
    md = head + "And get this output:\n\n```python\n{'a': [1], 'b': [{'c': 2}, {'d'"
    blocks = extract_code_blocks(md)
    assert [b.kind for b in blocks] == ["code", "output"]
    assert not extract(md).metadata.syntax_error  # a cut-off output is not a cut-off script
    code = head + "And I run this:\n\n```python\n{'a': 1}\n```\n"
    assert [b.kind for b in extract_code_blocks(code)] == ["code", "code"]


def test_pytest_failure_lines_name_the_exception_the_test_raised() -> None:
    md = (
        "```python\nimport lib\n\ndef test_headers():\n    lib.get('/')['Content-Type']\n"
        "\ntest_headers()\n```\n\nwith an exception like:\n\n```\n"
        "    def __getitem__(self, key):\n>       return self._store[key.lower()][1]\n"
        "E       KeyError: 'content-type'\n\nlib/structures.py:52: KeyError\n```\n"
    )
    target = analyse_behavior(md).expected_behavior
    assert (target.type, target.error_type, target.error_message) == (
        "error",
        "KeyError",
        "'content-type'",
    )


def test_a_title_opening_with_an_exception_names_the_symptom() -> None:
    claim = title_claim("TypeError on parsing some valid expressions")
    assert claim is not None and claim.text == "TypeError"
    assert title_claim("`KeyError`: 'x' when merging").text == "KeyError: 'x' when merging"
    assert title_claim("ValueError should be raised for empty input") is None  # a wish
    assert title_claim("KeyError not raised any more") is None  # a denial
    assert title_claim("ProcessError is misleading when pipes fail") is None  # its words
    assert title_claim("Parsing fails with TypeError") is None  # a sentence: prose_claims'


def test_a_sentence_saying_stop_iteration_is_raised_is_a_claim() -> None:
    (claim,) = prose_claims("`StopIteration` is raised because the generator is empty.")
    assert (claim.kind, claim.text) == ("traceback", "StopIteration")


def test_python_dash_m_glued_to_the_module_runs_that_module() -> None:
    md = "```\n$ python -mtool -r\nsix==1.10.0\n  - a==0.10.0\n```\n"
    tool = find_tool_run(md, extract_code_blocks(md), {"tool"})
    assert tool is not None
    (command,) = tool.commands
    assert (command.argv, command.module) == (["tool", "-r"], True)


def test_an_end_of_input_raised_by_a_prompt_library_is_the_keyboard() -> None:
    assert waited_for_the_keyboard(("EOFError", ""), uses_input=False)  # prompt_toolkit
    assert waited_for_the_keyboard(("EOFError", "EOF when reading a line"), uses_input=False)
    assert not waited_for_the_keyboard(("EOFError", "Ran out of input"), uses_input=False)
    assert waited_for_the_keyboard(("EOFError", "Ran out of input"), uses_input=True)
    assert not waited_for_the_keyboard(("ValueError", ""), uses_input=True)


SHOWN_FILE_ERROR = (
    "```python\nimport os\nfrom lib import Patcher\n\nwith Patcher():\n    print('fake')\n"
    "    os.makedirs('', exist_ok=True)\n\nprint('real')\nos.makedirs('', exist_ok=True)\n```\n\n"
    "Output:\n```\nfake\nreal\nTraceback (most recent call last):\n"
    "  File \"x.py\", line 10, in <module>\n    os.makedirs('', exist_ok=True)\n"
    "FileNotFoundError: [Errno 2] No such file or directory: ''\n```\n"
)
FILE_ERROR = "FileNotFoundError: [Errno 2] No such file or directory: ''"


def test_a_file_error_the_report_shows_is_its_symptom_not_a_missing_file() -> None:
    """The run raised the shown error, but inside the patcher, before printing 'real':
    it raised at another call than the report's, so the report does not reproduce."""
    early = ExecutionResults(exit_code=1, stdout="fake\n", exception=FILE_ERROR)
    decision = _decide(SHOWN_FILE_ERROR, early)
    assert (decision.verdict, decision.category) == (Verdict.YELLOW, "not-reproduced")
    assert any("before printing" in r for r in decision.reasons)
    as_shown = ExecutionResults(exit_code=1, stdout="fake\nreal\n", exception=FILE_ERROR)
    assert _decide(SHOWN_FILE_ERROR, as_shown).verdict == Verdict.GREEN
    unshown = "```python\nimport lib\nlib.load('data.csv')\n```\n"
    missing = ExecutionResults(exit_code=1, exception="FileNotFoundError: 'data.csv'")
    decision = _decide(unshown, missing)
    assert (decision.verdict, decision.category) == (Verdict.RED, "missing-file")


def test_a_connection_error_the_report_shows_from_a_mock_library_is_its_symptom() -> None:
    refused = "lib.ConnectionError: Connection refused by Mocks - no registered mock matches."
    md = (
        "```python\nimport requests\n\ndef test_my():\n    requests.get('http://example.com')\n"
        "\ntest_my()\n```\n\nActual Result:\n\n```\nE           " + refused + "\nE\n```\n"
    )
    run = ExecutionResults(exit_code=1, exception=refused)
    decision = _decide(md, run, uses_network=True)
    assert decision.verdict == Verdict.GREEN
    reached = run.model_copy(update={"network_attempts": ["example.com"]})
    assert _decide(md, reached, uses_network=True).category == "network"  # it really tried


def test_a_command_typed_above_the_traceback_is_not_a_line_the_run_must_print() -> None:
    md = (
        "```python\nimport lib\nlib.f({})\n```\n\n```\n$ python x.py\n"
        'Traceback (most recent call last):\n  File "x.py", line 2, in <module>\n'
        "    lib.f({})\nKeyError: 'a'\n```\n"
    )
    run = ExecutionResults(exit_code=1, stdout="", exception="KeyError: 'a'")
    assert _decide(md, run).verdict == Verdict.GREEN


def test_an_unfenced_python2_script_is_code_that_does_not_parse() -> None:
    md = (
        "and this simple parsing script:\n\n#!/usr/bin/python\nimport lib\n"
        "po = lib.load('a.po')\nfor entry in po:\n  print entry\n\nThis is the result:\n\nx\n"
    )
    extraction = extract(md)
    assert extraction.metadata.syntax_error
    assert "print entry" in extraction.code


def test_a_json_tagged_value_under_results_in_is_the_output_and_its_fence_no_claim() -> None:
    md = (
        "```python\nlib.cells(['81'])\n```\n\nresults in \n```json\n{'type': 'Polygon',\n"
        " 'coordinates': ((1.5, 2.25),)}\n```\n\nOn a map it circles the globe.\n"
    )
    assert [b.kind for b in extract_code_blocks(md)] == ["code", "output"]
    target = analyse_behavior(md).expected_behavior
    assert target.type == "output" and "Polygon" in (target.output_snippet or "")
    data = 'I have this document:\n\n```json\n{"a": 1}\n```\n'
    assert [b.kind for b in extract_code_blocks(data)] == ["other"]  # an input, not output


def test_a_return_outside_a_function_does_not_compile_so_it_is_not_parseable() -> None:
    md = "```py\nq = lib.query(1)\n\nreturn q.all()\n```\n"
    error = extract(md).metadata.syntax_error
    assert error and "outside function" in error


def test_an_inline_call_a_code_block_also_makes_is_prose_about_that_code() -> None:
    md = (
        '`session.run(["pytests", "pkg"])` results in a traceback.\n\n'
        "```python\nimport nox\n\n@nox.session\n"
        'def tests(session):\n    session.run(["pytest"])\n```\n'
    )
    assert [b.kind for b in extract_code_blocks(md)] == ["other", "code"]
    alone = '`lib.fetch("https://example.org/")` hangs.\n\n```python\nimport lib\n```\n'
    assert [b.kind for b in extract_code_blocks(alone)][0] == "code"  # no block calls it


def test_steps_to_re_produce_do_not_announce_output() -> None:
    md = "Steps to re-produce:\n```\nimport lib\nx = lib.irr([-1, 2])\nprint(x)\n```\n"
    assert [b.kind for b in extract_code_blocks(md)] == ["code"]
    printed = "It produces:\n```\n[1, 2]\n```\n"
    assert [b.kind for b in extract_code_blocks(printed)] == ["output"]


def test_python_c_lines_in_a_python_fence_are_their_programs() -> None:
    md = (
        '```python\npython -c "import lib; print(lib.irr([-5, 1, 1]))"\n\n'
        'python -c "import lib; lib.irr([1]); print(lib.irr([-5, 1, 1]))"\n```\n'
    )
    (block,) = extract_code_blocks(md)
    assert block.kind == "code" and "print(lib.irr([-5, 1, 1]))" in block.content
    assert not extract(md).metadata.syntax_error


def test_a_guessed_namesake_the_run_shows_is_another_thing_is_dropped(tmp_path) -> None:
    """``npf.irr`` with no import: PyPI's ``npf`` was guessed, and the run says that
    module has no ``irr``. The guess is dropped (the report's own package may have the
    name), unless the report itself shows that AttributeError as its symptom."""
    from qa_agents.mre import artifacts as names
    from qa_agents.mre.artifacts import ArtifactStore
    from qa_agents.mre.environment.pypi import PypiClient
    from qa_agents.mre.steps import MreSteps

    store = ArtifactStore(tmp_path)
    steps = MreSteps(store, PypiClient(retries=0), None, "deterministic", "t")  # type: ignore[arg-type]
    lacking = ExecutionResults(
        exit_code=1, exception="AttributeError: module 'npf' has no attribute 'irr'"
    )
    meta = ExtractionMetadata(code_blocks_found=1, packages_guessed=["npf"])
    store.write_text(names.EXTRACTED_CODE, "import npf\nnpf.irr([1])\n")
    store.write_model(names.EXTRACTION_METADATA, meta)
    assert steps._failed_guesses(lacking) == ["npf"]
    shown = CodeBlock(index=0, kind="traceback", content=lacking.exception + "\n")
    store.write_model(names.EXTRACTION_METADATA, meta.model_copy(update={"blocks": [shown]}))
    assert steps._failed_guesses(lacking) == []
    own = meta.model_copy(update={"repository_module": "npf"})  # filed in npf: its API changed
    store.write_model(names.EXTRACTION_METADATA, own)
    assert steps._failed_guesses(lacking) == []


def test_the_decimal_id_a_repr_ends_with_is_an_address() -> None:
    from qa_agents.mre.compare.output_match import normalize_lines

    shown = normalize_lines("<lib.Date 2016-04-07 00:00:00 140119382474832>")
    ran = normalize_lines("<lib.Date 2016-11-28 00:00:00 139917322879248>")
    assert shown == ran
    assert normalize_lines("<Count 12>") != normalize_lines("<Count 13>")  # a value, not an id


def test_lines_above_a_traceback_may_be_written_to_stderr_or_be_an_ipython_rule() -> None:
    md = (
        "```python\nimport lib\nlib.clean('<p>')\n```\n\nI receive this error:\n```\n"
        "thread '<unnamed>' panicked at 'assertion failed', /Users/me/.cargo/src/lib.rs:17:13\n"
        'Traceback (most recent call last):\n  File "x.py", line 2, in <module>\n'
        "    lib.clean('<p>')\npyo3_runtime.PanicException: assertion failed\n```\n"
    )
    panic = "thread '<unnamed>' panicked at 'assertion failed', /root/.cargo/src/lib.rs:17:13\n"
    run = ExecutionResults(
        exit_code=1, stderr=panic, exception="pyo3_runtime.PanicException: assertion failed"
    )
    assert _decide(md, run).verdict == Verdict.GREEN
    ipython = (
        "```python\nimport lib\nlib.esc('a')\n```\n\noutput:\n```\n----------\n"
        "SystemError                  Traceback (most recent call last)\n"
        "----> 1 lib.esc('a')\n\nSystemError: returned NULL\n```\n"
    )
    raised = ExecutionResults(exit_code=1, exception="SystemError: returned NULL")
    assert _decide(ipython, raised).verdict == Verdict.GREEN

"""Shown vs. actual output: normalization and the comparison that decides most verdicts."""

from __future__ import annotations

from qa_agents.mre.claims.behavior import analyse_behavior
from qa_agents.mre.compare.output_match import compare_outputs, normalize_lines
from qa_agents.mre.compare.reproduced import compare
from qa_agents.mre.models import ExecutionResults


def test_normalization_removes_run_noise() -> None:
    shown = (
        ">>> obj\n<Thing object at 0x7f3a2b1c9d30>\n"
        "today: 2023-04-17 12:45:20.873231  # <--- RESULT DID NOT CHANGE\n"
        '  File "/home/me/venv/lib/python3.9/site-packages/lib/core.py", line 3\n'
        "ratio   0.30000000000000004\n# a comment line\n"
    )
    run = (
        "<Thing object at 0x55d0c0ffee00>\ntoday: 2026-11-24 09:01:02.000001\n"
        '  File "/tmp/env/lib/python3.11/site-packages/lib/core.py", line 3\nratio 0.3\n'
    )
    assert normalize_lines(shown) == normalize_lines(run)


def _issue(shown: str, expected: str = "") -> str:
    extra = f"I expected:\n```\n{expected}\n```\n" if expected else ""
    return f"```python\nprint(data)\n```\n\nThe output is:\n```\n{shown}\n```\n{extra}"


def test_output_reproduced_differs_or_matches_expected() -> None:
    behavior = analyse_behavior(_issue("{'a': 2}", expected="{'a': 1}"))
    assert behavior.expected_behavior.type == "output"
    same = ExecutionResults(exit_code=0, stdout="{'a': 2}\n")
    fixed = ExecutionResults(exit_code=0, stdout="{'a': 1}\n")
    other = ExecutionResults(exit_code=0, stdout="{'b': 3}\n")
    assert compare(behavior, same).matched
    assert compare_outputs(behavior, fixed).status == "matches_expected"
    assert not compare(behavior, fixed).matched
    result = compare_outputs(behavior, other)
    assert result.status == "differs" and result.missing == ["{'a': 2}"]


def test_a_raise_where_output_is_shown_is_not_a_reproduction() -> None:
    behavior = analyse_behavior(_issue("{'a': 2}"))
    raised = ExecutionResults(exit_code=1, exception="KeyError: 'a'")
    assert compare(behavior, raised).detail == "the code raised where the report shows output"


def test_raise_the_report_asks_for_is_not_the_bug() -> None:
    md = (
        "It takes an invalid date without raising:\n\n```\n>>> parse('2016-13-45')\n"
        "<Date 2016-01-01>\n```\n"
    )
    behavior = analyse_behavior(md)
    assert behavior.raise_is_correct
    run = ExecutionResults(exit_code=1, exception="ParserError: month must be in 1..12")
    comparison = compare(behavior, run)
    assert not comparison.matched and "correct behaviour" in comparison.detail


def test_expected_traceback_is_not_the_symptom() -> None:
    md = (
        "## Expected behavior\nIt should raise:\n```\nTraceback (most recent call last):\n"
        "ValueError: negative\n```\n\n## Actual behavior\nIt prints:\n```\n-1\n```\n"
    )
    behavior = analyse_behavior(md)
    assert behavior.expected_behavior.type == "output" and behavior.raise_is_correct


def test_exception_class_not_named_error_and_multiline_messages() -> None:
    behavior = analyse_behavior(
        "```python\nparse('1,<2')\n```\nIt throws an exception:\n"
        "```\nInvalidVersion: Invalid version: '1,\n```\n"
    )
    assert behavior.expected_behavior.error_type == "InvalidVersion"
    run = ExecutionResults(exit_code=1, exception="pkg.InvalidVersion: Invalid version: '1,<2'")
    assert compare(behavior, run).matched


def _ran(stdout: str = "", exception: str | None = None, stderr: str = "") -> ExecutionResults:
    return ExecutionResults(
        exit_code=1 if exception else 0, stdout=stdout, stderr=stderr, exception=exception
    )


def test_placeholders_stand_for_one_value_each_in_order() -> None:
    md = (
        "```python\nprint(stamp())\nprint(stamp())\n```\nPrints:\n```\n<ts1>\n<ts1>\n```\n\n"
        "### Expected Behaviour\nA new stamp each time.\n\nPrints:\n```\n<ts1>\n"
        "<ts2>  # new one\n```\n"
    )
    behavior = analyse_behavior(md)
    same = _ran("10:00:01.000001\n10:00:01.000001\n")
    fresh = _ran("10:00:01.000001\n10:00:02.500000\n")
    assert compare_outputs(behavior, same).status == "reproduced"
    assert compare_outputs(behavior, fresh).status == "matches_expected"
    assert compare(behavior, same).matched and not compare(behavior, fresh).matched


def test_html_tags_are_not_placeholders() -> None:
    behavior = analyse_behavior(
        "```python\nprint(render())\n```\nIt prints:\n```\n<p>hi</p>\n```\n"
    )
    assert compare_outputs(behavior, _ran("<p>bye</p>\n")).status == "differs"


def test_float_digits_the_report_is_about_are_not_noise() -> None:
    md = "```\nIn [1]: enc([0.3])\nOut[1]: '[0.29999999999999999]'\n```\nI expect `'[0.3]'`.\n"
    behavior = analyse_behavior(md)
    assert behavior.exact_numbers == ["0.29999999999999999"]
    assert compare_outputs(behavior, _ran("'[0.3]'\n")).status == "differs"
    assert compare_outputs(behavior, _ran("'[0.29999999999999999]'\n")).status == "reproduced"
    noise = analyse_behavior("```\n>>> ratio()\n0.30000000000000004\n```\n")
    assert noise.exact_numbers == []  # the report never writes 0.3: the digits are noise
    assert compare_outputs(noise, _ran("0.3\n")).status == "reproduced"


def test_a_symptom_that_is_an_absence_is_checked() -> None:
    quiet = analyse_behavior("# lib.check(42) raises no exceptions?\n\n`lib.check(42)`\n")
    assert quiet.expected_behavior.absence == "exception"
    assert compare(quiet, _ran()).matched
    assert not compare(quiet, _ran(exception="ValueError: 42")).matched
    silent = analyse_behavior(
        "```python\nrun()\nprint('done')\n```\n\n**The print never executed!**\n"
    )
    assert silent.expected_behavior.absence == "output"
    assert compare(silent, _ran()).matched and not compare(silent, _ran("done\n")).matched
    wish = analyse_behavior("```python\nrun()\n```\nIt should not raise an error.\n")
    assert wish.expected_behavior.absence is None  # what should happen is not the symptom


def _raised_from(line: str) -> ExecutionResults:
    stderr = (
        "Traceback (most recent call last):\n"
        '  File "/tmp/run/extracted_code.py", line 3, in <module>\n'
        f"    {line}\nTypeError: unhashable type: 'list'\n"
    )
    return _ran(exception="TypeError: unhashable type: 'list'", stderr=stderr)


def test_should_raise_is_about_the_call_it_names() -> None:
    md = (
        "```python\nb = codec.pack({(1, 2): 0})\ncodec.unpack(b)\n```\n\n"
        "Expected: either `pack` should raise on such a key, or the limit should be documented.\n"
    )
    behavior = analyse_behavior(md)
    assert behavior.raise_is_correct and behavior.raise_expected_of == ["pack"]
    from_pack = compare(behavior, _raised_from("b = codec.pack({(1, 2): 0})"))
    assert from_pack.category == "raise-is-correct"
    from_unpack = compare(behavior, _raised_from("codec.unpack(b)"))
    assert from_unpack.category != "raise-is-correct"  # another call raised
    unscoped = analyse_behavior("```python\nparse('x')\n```\nIt should raise here.\n")
    assert unscoped.raise_is_correct and unscoped.raise_expected_of == []


def test_an_exception_written_as_a_comment_is_the_shown_symptom() -> None:
    md = (
        "```python\nb = codec.pack({(1, 2): 0})  # works\n"
        "codec.unpack(b)  # TypeError: unhashable type: 'list'\n"
        "codec.check(b)  # should raise ValueError\n```\n"
        "Expected: `pack` should raise on such a key.\n"
    )
    behavior = analyse_behavior(md)
    assert [(e.context, e.text) for e in behavior.shown] == [
        ("actual", "TypeError: unhashable type: 'list'\n"),
        ("expected", "ValueError\n"),
    ]
    assert behavior.expected_behavior.error_type == "TypeError"
    assert compare(behavior, _raised_from("codec.unpack(b)")).matched


def test_a_short_shown_line_matches_whole_and_a_long_or_elided_one_may_be_cut() -> None:
    """``https://x/?c=`` inside ``https://x/?c=%252`` is another value, not a cut-off
    line; a long line, or one ending in an ellipsis, may be the start of the run's."""
    short = analyse_behavior(_issue("https://x.org/?c="))
    assert compare_outputs(short, _ran("https://x.org/?c=%252\n")).status == "differs"
    assert compare_outputs(short, _ran("https://x.org/?c=\n")).status == "reproduced"
    long_line = "ValueError raised while parsing the third column of the sheet"
    cut = analyse_behavior(_issue(long_line[:45]))
    assert compare_outputs(cut, _ran(long_line + "\n")).status == "reproduced"
    elided = analyse_behavior(_issue("Result(a=1, ..."))
    assert compare_outputs(elided, _ran("Result(a=1, b=2)\n")).status == "reproduced"


def test_a_value_wrapped_over_lines_is_the_line_a_print_writes() -> None:
    wrapped = "[('add', '', [('98', ['x'])]),\n ('remove', '', [(98, [])])]\n"
    printed = "[('add', '', [('98', ['x'])]), ('remove', '', [(98, [])])]\n"
    assert normalize_lines(wrapped) == normalize_lines(printed) == [printed.strip()]
    assert normalize_lines("[1,\nnot a value\n") == ["[1,", "not a value"]


def test_a_shown_return_is_the_value_returned() -> None:
    md = "```python\nprint(int('0'))\n```\n\nWhat actually happened:\n\n```\nreturn 0\n```\n"
    behavior = analyse_behavior(md)
    assert compare_outputs(behavior, ExecutionResults(exit_code=0, stdout="0\n")).status == (
        "reproduced"
    )


def test_each_output_shown_as_the_bug_must_be_found_not_only_all_together() -> None:
    """The other library's correct output, shown beside the bug, matches in full; the
    block holding the bug's telling lines must still be found on its own."""
    md = (
        "```python\nprint(render())\n```\n\nThe other library prints:\n```\na\nb\nc\nd\ne\n```\n"
        "Ours prints:\n```\nours:\na\nTrue\nTrue\ne\n```\n"
    )
    behavior = analyse_behavior(md)
    fixed = ExecutionResults(exit_code=0, stdout="a\nb\nc\nd\ne\nours:\na\nb\nc\ne\n")
    buggy = ExecutionResults(exit_code=0, stdout="a\nb\nc\nd\ne\nours:\na\nTrue\nTrue\ne\n")
    assert compare_outputs(behavior, fixed).status == "differs"
    assert compare_outputs(behavior, buggy).status == "reproduced"


def test_a_string_shown_bare_matches_its_repr_and_the_other_way_round() -> None:
    md = "```python\nprint(tag('jap'))\n```\n\nThe output is:\n```\njap\n```\n"
    behavior = analyse_behavior(md)
    assert compare(behavior, ExecutionResults(exit_code=0, stdout="'jap'\n")).matched
    assert not compare(behavior, ExecutionResults(exit_code=0, stdout="'ja'\n")).matched
    quoted = analyse_behavior(md.replace("\njap\n", "\n'jap'\n"))
    assert compare(quoted, ExecutionResults(exit_code=0, stdout="jap\n")).matched


def test_a_reworded_message_still_reproduces_unless_the_report_is_about_the_message() -> None:
    shown = "```python\nb58decode(b'0e8b')\n```\n\n```\nValueError: substring not found\n```\n"
    run = ExecutionResults(exit_code=1, exception="ValueError: Invalid character '0'")
    about_the_raise = analyse_behavior("# Decode fails\n\n" + shown)
    assert not about_the_raise.message_is_symptom
    comparison = compare(about_the_raise, run)
    assert comparison.matched and "reads differently" in comparison.detail
    about_the_text = analyse_behavior("# Unreadable error message\n\n" + shown)
    assert about_the_text.message_is_symptom
    assert compare(about_the_text, run).detail == "same exception type, different message"


def test_a_reworded_message_raised_for_another_reason_is_not_the_symptom() -> None:
    shown = (
        "# Fields named load break\n\n```python\ns.loads('{}')\n```\n\n```\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/python3.8/site-packages/lib/schema.py", line 748, in loads\n'
        "    return self.load(data)\nTypeError: 'Number' object is not callable\n```\n"
    )
    behavior = analyse_behavior(shown)
    elsewhere = ExecutionResults(
        exit_code=1,
        exception="TypeError: Can't instantiate abstract class Number",
        stderr='Traceback (most recent call last):\n  File "x.py", line 3, in Schema\n',
    )
    assert compare(behavior, elsewhere).detail == "same exception type, different message"
    on_the_way = elsewhere.model_copy(
        update={"stderr": elsewhere.stderr + '  File "/env/lib/schema.py", line 9, in loads\n'}
    )
    assert compare(behavior, on_the_way).matched


def test_each_printed_line_stands_for_one_shown_line_only() -> None:
    md = (
        "```\n>>> c.t = 2\n>>> c.t\n2\n>>> c['t']\n2\n```\n\nThen:\n\n"
        "```\n>>> c['t'] = 3\n>>> c['t']\n3\n>>> c.t\n2\n```\n"
    )
    behavior = analyse_behavior(md)
    fixed = ExecutionResults(exit_code=0, stdout="2\n2\n3\n3\n")
    still = ExecutionResults(exit_code=0, stdout="2\n2\n3\n2\n")
    assert not compare(behavior, fixed).matched  # the last `2` is gone, though `2` is printed
    assert compare(behavior, still).matched


def test_an_exception_message_shown_as_the_output_is_that_exception() -> None:
    md = (
        "I generate one like this:\n\n`IBAN.generate('IS', '0101', '2685')`\n\n"
        "which causes the following error:\n\n`Account code exceeds maximum size 6.`\n"
    )
    behavior = analyse_behavior(md)
    raised = ExecutionResults(
        exit_code=1, exception="lib.InvalidAccountCode: Account code exceeds maximum size 6"
    )
    assert compare(behavior, raised).matched
    other = raised.model_copy(update={"exception": "ValueError: country code unknown"})
    assert not compare(behavior, other).matched


def test_a_reworded_message_raised_before_the_values_the_report_saw_is_not_the_symptom() -> None:
    md = (
        "# Bad ids are accepted\n\n```python\n>>> Id.parse('notvalid')\nId(7ZTAV)\n"
        ">>> Id.parse('notvalid').when\nValueError: year 10883 is out of range\n```\n"
    )
    behavior = analyse_behavior(md)
    earlier = ExecutionResults(exit_code=1, exception="ValueError: can only hold letters")
    assert not compare(behavior, earlier).matched
    later = earlier.model_copy(update={"stdout": "Id(7ZTAV)\n"})
    assert compare(behavior, later).matched


def test_an_exception_line_a_session_went_on_after_is_the_shown_exception() -> None:
    md = (
        "```python\n>>> lib.decode('sPQ3')\nValueError: int is out of range\n"
        ">>> lib.decode('sPQ3', legacy=True)\nUUID('7ca96621')\n```\n"
    )
    target = analyse_behavior(md).expected_behavior
    assert (target.type, target.error_type, target.error_message) == (
        "error",
        "ValueError",
        "int is out of range",
    )


def test_a_wrapper_whose_message_names_the_shown_exception_is_that_failure() -> None:
    behavior = analyse_behavior("# TypeError raised while resolving\n\n```python\nf()\n```\n")
    wrapped = ExecutionResults(
        exit_code=1, exception="lib.ResolutionError: TypeError raised while resolving: bad"
    )
    assert compare(behavior, wrapped).matched
    other = wrapped.model_copy(update={"exception": "lib.ResolutionError: no such key"})
    assert not compare(behavior, other).matched


def test_the_shown_message_word_for_word_under_another_class_is_the_same_failure() -> None:
    md = (
        "```python\nfrom lib import main\n```\n\nfails with "
        "`lib.exceptions.AssemblingError: main: argument name does not fit signature`.\n"
    )
    behavior = analyse_behavior(md)
    assert behavior.expected_behavior.error_message == "main: argument name does not fit signature"
    renamed = "lib.assembling.NameMappingError: main: argument name does not fit signature"
    assert compare(behavior, ExecutionResults(exit_code=1, exception=renamed)).matched
    short = analyse_behavior(md.replace("main: argument name does not fit signature", "bad"))
    other = ExecutionResults(exit_code=1, exception="lib.assembling.NameMappingError: bad")
    assert not compare(short, other).matched  # a short message names no one failure


def test_a_repr_that_gained_keyword_fields_is_the_same_value() -> None:
    """``Result(domain='co', suffix='pl')`` shown, the newest release prints the same
    fields and values with ``is_private=False`` after them: the same value. A shown field
    with another value, or one printed in another place, is not."""
    behavior = analyse_behavior("```\n>>> split('co.pl')\nResult(domain='co', suffix='pl')\n```\n")
    grown = ExecutionResults(exit_code=0, stdout="Result(domain='co', suffix='pl', extra=False)\n")
    changed = ExecutionResults(exit_code=0, stdout="Result(domain='co.pl', suffix='', extra=1)\n")
    moved = ExecutionResults(exit_code=0, stdout="Result(extra=1, domain='co', suffix='pl')\n")
    assert compare_outputs(behavior, grown).status == "reproduced"
    assert compare_outputs(behavior, changed).status == "differs"
    assert compare_outputs(behavior, moved).status == "differs"


def test_the_shell_line_that_ran_the_script_is_not_output() -> None:
    shown = "[me:~/git/tool]   : main(+25/-2)+* ± python tool/cmd/test.py\n[]\n"
    assert normalize_lines(shown) == ["[]"]
    assert normalize_lines("[]\n$ python -u check.py\n") == ["[]"]


def test_a_reworded_message_about_names_the_run_never_met_is_not_the_symptom() -> None:
    """``get() got an unexpected keyword argument 'writer_options'`` shown; the run raises
    TypeError ``'output' cannot be None``: the same class, for another reason."""
    md = (
        "# Bug in generate\n\n```python\nimport barcode\nbarcode.generate('ean13', '1')\n```\n"
        "I get an error `TypeError: get() got an unexpected keyword argument 'writer_options'`\n"
    )
    behavior = analyse_behavior(md)
    other = ExecutionResults(exit_code=1, exception="TypeError: 'output' cannot be None")
    assert not compare(behavior, other).matched
    same = ExecutionResults(
        exit_code=1, exception="TypeError: get() takes no keyword argument 'writer_options'"
    )
    assert compare(behavior, same).matched

"""Code and evidence written in prose, in the shapes real reports use: an IPython session
pasted without fences under the data it works on, a call with its result quoted under it,
code indented twice, a failing case and its working variant, an exception line alone."""

from __future__ import annotations

from qa_agents.mre.claims.behavior import analyse_behavior
from qa_agents.mre.read.markdown import extract_code_blocks
from qa_agents.mre.read.prose_sessions import paragraph_session
from qa_agents.mre.script.extractor import extract


def test_an_unfenced_ipython_session_runs_after_the_data_it_works_on() -> None:
    md = (
        "# unable to convert back\n\n"
        'd = {"a": {"b": [1, 2]}}\n\n'
        'In [14]: fd = flatten(d, separator=".")\n'
        "In [15]: fd\nOut[15]:\n{'a.b.0': 1,\n 'a.b.1': 2}\n\n"
        "see the output, it's flat.\n"
    )
    blocks = extract_code_blocks(md)
    assert [b.kind for b in blocks] == ["code", "code"]
    assert blocks[0].content == 'd = {"a": {"b": [1, 2]}}\n'
    assert blocks[1].content == 'fd = flatten(d, separator=".")\nfd\n'
    assert "{'a.b.0': 1," in blocks[1].transcript_output
    code = extract(md).code
    assert code.index("d = {") < code.index("fd = flatten(d")
    assert "In [" not in code  # the prompts are not code


def test_a_sentence_with_an_equals_sign_is_not_data() -> None:
    md = "Some words here.\n\nx = 1 is what I set, then it fails\n"
    assert extract_code_blocks(md) == []


def test_a_call_with_its_result_quoted_under_it_is_a_session() -> None:
    md = (
        "# upper key\n\ndictor({'lastname': 'Doe'}, 'foo.lastname')\n"
        '> returns "Doe" instead of None\n'
    )
    (block,) = extract_code_blocks(md)
    assert block.content == "dictor({'lastname': 'Doe'}, 'foo.lastname')\n"
    assert block.transcript_output.strip() == '"Doe"'
    repr_only = "Decimal('1.0')\n> returns 1\n"
    assert extract_code_blocks(repr_only) == []  # a class's repr, not a call


def test_code_indented_twice_is_code_at_the_margin() -> None:
    md = "Setting the limits:\n\n        a1 = make(10.0)\n        a1.add(3)\n"
    (block,) = extract_code_blocks(md)
    assert block.kind == "code" and block.content == "a1 = make(10.0)\na1.add(3)\n"


def test_a_failing_case_and_its_working_variant_both_run() -> None:
    """``a1.union(a2)`` on equal ranges fails; the report then builds wider ranges and
    calls it again. The first call is no repeat of the second: they see other values."""
    md = (
        "Same limits:\n\n    a1 = make(10.0, 10.0)\n    a2 = make(10.0, 10.0)\n\n"
        "Trying the union causes an error\n\n    a1.union(a2)\n\n"
        "ValueError: Ranges must be either adjacent or overlapping\n\n"
        "Wider ranges, and no error is raised.\n\n"
        "    a1 = make(10.0, 11.0)\n    a2 = make(10.0, 11.0)\n    a1.union(a2)\n"
    )
    code = extract(md).code
    assert code.count("a1.union(a2)") == 2
    behavior = analyse_behavior(md)
    assert behavior.expected_behavior.type == "error"
    assert behavior.expected_behavior.error_type == "ValueError"
    again = (
        "```python\nx = 1\nprint(x)\n```\n"
        "With the import:\n```python\nimport y\nx = 1\nprint(x)\n```\n"
    )
    assert extract(again).code.count("print(x)") == 1  # the same session again: run once


def test_the_line_a_print_wrote_pasted_under_it_is_output() -> None:
    md = (
        "```\nfrom url_normalize import url_normalize\n"
        "print(url_normalize('www.foo.com:80/foo'))\nhttps://www.foo.com/foo\n```\n"
    )
    (block,) = extract_code_blocks(md)
    assert block.kind == "code" and block.content.endswith("foo.com:80/foo'))\n")
    assert block.transcript_output == "https://www.foo.com/foo\n"
    broken = "```\nx = compute(\nprint(x)\nvalue\n```\n"  # code that never parses stays code
    assert extract_code_blocks(broken)[0].transcript_output == ""


def test_a_sentence_about_the_output_under_a_call_is_not_its_value() -> None:
    md = "var m = require('m')\nmetaphone('allegrettos')\nOUTPUT of metaphone('x') is AKS\n"
    assert all(b.transcript_output == "" for b in extract_code_blocks(md))


def test_prompts_without_numbers_a_misspelt_language_and_a_call_announcing_its_value() -> None:
    utm = "In: utm.to_latlon(436721, 494027, 30, 'U')\nOut: (4.469, -3.570)\n\nThe correct one\n"
    (block,) = extract_code_blocks(utm)
    assert block.content == "utm.to_latlon(436721, 494027, 30, 'U')\n"
    assert block.transcript_output.strip() == "(4.469, -3.570)"
    jedi = (
        '```pythkn\nIn [1]: import jedi\nIn [2]: jedi.Script("jedi.").complete()\nOut[2]: []\n```\n'
    )
    (block,) = extract_code_blocks(jedi)
    assert block.kind == "code" and block.transcript_output.strip() == "[]"
    said = "I think\n\nutm.to_latlon(246000, 9855098, 37, 'S') returns\n(88.35, -159.09)\n"
    (block,) = extract_code_blocks(said)
    assert block.content == "utm.to_latlon(246000, 9855098, 37, 'S')\n"
    assert block.transcript_output.strip() == "(88.35, -159.09)"


def test_the_line_right_above_a_traceback_is_the_code_that_raised() -> None:
    md = (
        "# IndexError\n\nprint(generate(alphabet='12345a', size=3))\n"
        'Traceback (most recent call last):\n  File "E:/n.py", line 26, in generate\n'
        "    if alphabet[byte]:\nIndexError: string index out of range\n"
    )
    blocks = extract_code_blocks(md)
    assert [b.kind for b in blocks] == ["code", "traceback"]
    assert blocks[0].content == "print(generate(alphabet='12345a', size=3))\n"


def test_the_call_right_under_a_sentence_and_above_its_traceback_is_code() -> None:
    md = (
        "this string fails to parse:\nparser.Parse('Mozilla/5.0 (Linux)')\n"
        'Traceback (most recent call last):\n  File "<stdin>", line 1, in <module>\n'
        "IndexError: no such group\n"
    )
    kinds = [(b.kind, b.content) for b in extract_code_blocks(md)]
    assert kinds[0] == ("code", "parser.Parse('Mozilla/5.0 (Linux)')\n")
    assert kinds[1][0] == "traceback"


def test_an_unmarked_python_dash_c_block_is_its_program() -> None:
    md = 'Then run:\n```\npython -c "import json; print(json.dumps([1]))"\n```\n'
    (block,) = extract_code_blocks(md)
    assert block.kind == "code" and block.content == "import json; print(json.dumps([1]))\n"


def test_a_space_too_many_after_the_prompt_is_dropped_not_a_syntax_error() -> None:
    md = "```python\n>>> import json\n>>>  json.loads('[1]') # => [1]\n```\n"
    result = extract(md)
    assert result.metadata.syntax_error is None
    assert "json.loads('[1]')" in result.code
    body = "```\n>>> def f():\n>>>     return 1\n```\n"  # a body typed at >>> keeps its indent
    assert "    return 1" in extract(body).code


def test_what_came_instead_of_an_expectation_is_the_actual_output() -> None:
    md = (
        "```python\nprint([1])\n```\n\n"
        "I'd expect this to produce an error, but instead it prints\n```\n[1]\n```\n"
        "It should print this, but it prints\n```\n[2]\n```\n"
    )
    contexts = [b.context for b in extract_code_blocks(md)]
    assert contexts == ["", "actual", "actual"]
    worded = "It prints this, but should print:\n```\n[3]\n```\n"
    assert [b.context for b in extract_code_blocks(worded)] == ["expected"]


def test_a_json5_file_the_report_names_is_written_for_the_code() -> None:
    md = (
        "Save this as bug.json5:\n```json5\n{a: 1,}\n```\n\n"
        "```python\nprint(open('bug.json5').read())\n```\n"
    )
    assert extract(md).metadata.included_files == {"bug.json5": "{a: 1,}\n"}


def test_a_quoted_session_typed_without_the_prompt_s_space_is_code() -> None:
    md = (
        "# Evaluation error\n\nconsider:\n\n"
        '> >>>formula = "0 <= 10 <= 5"\n> >>>simple_eval(formula)\n>  True\n\nWhy?\n'
    )
    (block,) = extract_code_blocks(md)
    assert block.kind == "code"
    assert block.content == 'formula = "0 <= 10 <= 5"\nsimple_eval(formula)\n'
    assert block.transcript_output.strip() == "True"


def test_calls_each_with_its_value_or_exception_under_it_are_a_session() -> None:
    md = (
        "# day error\n\n```\nweird behaviour on 1832-03-20\n\n"
        "JalaliDate.to_jalali(pd.Timestamp('1832-03-19'))\nJalaliDate(1210, 12, 29, Doshanbeh)\n\n"
        "JalaliDate.to_jalali(pd.Timestamp('1832-03-20'))\n"
        "ValueError: ('day must be in 1..29', 30)\n"
        "```\n"
    )
    (block,) = extract_code_blocks(md)
    assert block.kind == "code"
    assert block.content.splitlines() == [
        "JalaliDate.to_jalali(pd.Timestamp('1832-03-19'))",
        "JalaliDate.to_jalali(pd.Timestamp('1832-03-20'))",
    ]
    assert "ValueError: ('day must be in 1..29', 30)" in block.transcript_output
    assert paragraph_session("f(1)\nValueError: bad\n") is None  # a script and its error


def test_a_script_typed_under_a_bare_interpreter_line_is_the_program() -> None:
    md = (
        "# from_buffer differs\n\n```\ndocker run --rm -it python:3.13 bash\npip install magic\n"
        "python3\nimport zipfile\nprint(zipfile.ZIP_DEFLATED)\n```\n"
    )
    (block,) = extract_code_blocks(md)
    assert (block.kind, block.content) == ("code", "import zipfile\nprint(zipfile.ZIP_DEFLATED)\n")


def test_runs_with_no_error_is_the_symptom_when_an_error_was_wanted() -> None:
    md = (
        "# too long\n\n```py\nfrom pathvalidate import validate_filepath\n"
        "validate_filepath('./' + 'a' * 280)\n```\n"
        "This runs with no error. The expected output would be an error.\n"
    )
    behavior = analyse_behavior(md)
    assert behavior.expected_behavior.absence == "exception"


def test_a_module_the_report_inlines_is_not_imported_from_pypi() -> None:
    md = (
        "# claw\n\n```python\n# dada.py\nclass MyModel:\n    a = 1\n```\n\n"
        "```python\n# dodo.py\nimport json\nfrom dada import MyModel\nprint(MyModel.a)\n```\n"
    )
    result = extract(md)
    assert "from dada import" not in result.code
    assert "module dada is inlined above" in result.code

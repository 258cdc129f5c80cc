"""How code, output and data are found in the shapes reports take outside tidy fences.

Each input is written here, small and synthetic; each shape was met in a real report of
the labelled corpus, where the extractor missed it before.
"""

from __future__ import annotations

from qa_agents.mre.claims.behavior import shown_evidence
from qa_agents.mre.compare.output_match import normalize_lines
from qa_agents.mre.read.fences import fenced_blocks
from qa_agents.mre.read.markdown import context_of, extract_code_blocks
from qa_agents.mre.read.not_the_reproduction import keep_this_pythons_output
from qa_agents.mre.script.extractor import extract


def _kinds(markdown: str) -> list[tuple[str, str]]:
    return [(b.kind, b.content) for b in extract_code_blocks(markdown)]


def test_a_longer_closing_fence_closes_the_block() -> None:
    md = (
        "Without a blank line:\n```python\nprint(render('a'))\n````\n"
        "```html\n<p>a</p>\n```\nWith one:\n```python\nprint(render('b'))\n```\n"
    )
    assert _kinds(md) == [
        ("code", "print(render('a'))\n"),
        ("output", "<p>a</p>\n"),  # right under code that prints: what it printed
        ("code", "print(render('b'))\n"),
    ]


def test_a_shorter_or_other_fence_does_not_close_and_an_unclosed_one_runs_to_the_end() -> None:
    (block,) = fenced_blocks("````\nx = 1\n```\n~~~~\ny = 2\n")
    assert block.body == "x = 1\n```\n~~~~\ny = 2\n"


def test_pre_block_is_a_block_with_entities_decoded() -> None:
    md = (
        "It fails:\n\n<pre>\n#! /usr/bin/env python\nimport sys\n"
        "print sys.argv  # &lt;args&gt;\n</pre>\n"
    )
    (block,) = extract_code_blocks(md)
    assert block.origin == "pre" and block.kind == "code"  # Python 2, but code
    assert "# <args>" in block.content
    assert "print" in (extract(md).metadata.syntax_error or "")


def test_unfenced_script_from_a_decorator_stops_where_prose_starts() -> None:
    md = (
        "# Title\n\n@functools.lru_cache()\ndef double(x):\n    return 2 * x\n\n"
        "if __name__ == '__main__':\n    print(double(2))\n\nEnvironment:\n\n- Python 3.11\n"
    )
    ((kind, content),) = _kinds(md)
    assert kind == "code"
    assert content.startswith("@functools.lru_cache()") and content.endswith("print(double(2))\n")
    assert "import functools  # added by open-mre" in extract(md).code


def test_unfenced_script_followed_by_a_prose_traceback() -> None:
    md = (
        "import json\ndata = json.load(open('in.json'))\nprint(data.items)\n\n"
        "I get this error.\nTraceback (most recent call last):\n"
        '  File "C:/x.py", line 3, in <module>\n    print(data.items)\n'
        "AttributeError: 'list' object has no attribute 'items'\n\nAny idea?\n"
    )
    code, trace = extract_code_blocks(md)
    assert code.kind == "code" and code.content.endswith("print(data.items)\n")
    assert trace.kind == "traceback" and trace.context == "actual"
    assert trace.content.rstrip().endswith("has no attribute 'items'")
    assert extract(md).metadata.file_dependencies == ["in.json"]


def test_unfenced_script_that_lost_its_indentation_is_broken_code_not_no_code() -> None:
    md = (
        "Sketch:\n-----\nimport math\nx = []\n\nfor i in range(3):\nx.append(math.sqrt(i))\n-----\n"
    )
    ((kind, content),) = _kinds(md)
    assert kind == "code" and "x.append" in content
    assert "expected an indented block" in (extract(md).metadata.syntax_error or "")


def test_prose_that_starts_like_code_is_not_a_script() -> None:
    assert (
        _kinds("Intro.\n\nimport errors are common here.\n\nfrom the docs import nothing\n") == []
    )


def test_inline_call_alone_or_opening_a_sentence_is_code() -> None:
    md = (
        'Why does this raise nothing?\n\n`checker.check(42, {"a": "b"})`\n\n'
        '`client.fetch("https://example.org/").text()` hangs.\n'
    )
    assert [(k, c.strip()) for k, c in _kinds(md)] == [
        ("code", 'checker.check(42, {"a": "b"})'),
        ("code", 'client.fetch("https://example.org/").text()'),
    ]


def test_inline_value_after_an_output_lead_or_a_bare_call_stays_output() -> None:
    md = (
        "```python\nprint(load())\n```\n\nI will get this:\n\n`decimal.Decimal('2')`\n\n"
        "and this is shown:\n\n`Decimal('2.0')`\n\nAlso `lib.run(x)` with a variable fails.\n"
    )
    assert [k for k, _ in _kinds(md)] == ["code", "output", "output"]


def test_python_c_steps_are_code_with_their_quoted_output() -> None:
    md = (
        "1. pip install tool==1.0\n"
        '2. python -c "import tool; print(tool.size(1.5))"\n> 1 B\n'
        "3. pip install tool==1.1\n"
        '4. python -c "import tool; print(tool.size(1.5))"\n> 1.5 B\n'
    )
    first, second = extract_code_blocks(md)
    assert first.kind == second.kind == "code"
    assert first.content == "import tool; print(tool.size(1.5))\n"
    assert (first.transcript_output, second.transcript_output) == ("1 B\n", "1.5 B\n")


def test_fenced_shell_session_python_c_and_version_steps() -> None:
    md = (
        "```console\n$ python3 -c 'import tool; print(tool.__version__)'\n1.1\n"
        "$ python3 -c 'import tool; print(tool.size(2))'\n2 B\n$ python --version\n"
        "Python 3.11.2\n```\n"
    )
    (block,) = extract_code_blocks(md)
    assert block.kind == "code"
    assert block.content == "import tool; print(tool.size(2))\n"  # the version step is setup
    assert block.transcript_output == "2 B\n"


def test_output_pasted_as_prompt_lines_inside_a_code_block() -> None:
    md = (
        "```python\nprint(q(3, 'kg/L'))\n>>>3 gram / meter ** 3\n"
        "print(3 * u('kg/L'))\n>>>3000 g\n```\n"
    )
    (block,) = extract_code_blocks(md)
    assert block.content == "print(q(3, 'kg/L'))\nprint(3 * u('kg/L'))\n"
    assert block.transcript_output == "3 gram / meter ** 3\n3000 g\n"


def test_version_queries_in_a_session_are_setup_not_symptom() -> None:
    md = "```pycon\n>>> import tool\n>>> tool.__version__\n'1.0.0'\n>>> tool.size(2)\n'2 B'\n```\n"
    (block,) = extract_code_blocks(md)
    assert block.transcript_output == "'2 B'\n"


def test_prints_line_under_an_expected_heading_is_the_expected_output() -> None:
    md = (
        "### Reproduce\n```python\nprint(1)\n```\nPrints:\n```\n<a>\n```\n\n"
        "### Expected Behaviour\nIt should change.\n\nPrints:\n```\n<b>\n```\n"
    )
    assert [b.context for b in extract_code_blocks(md)] == ["", "actual", "expected"]


def test_a_block_that_is_only_a_value_is_output() -> None:
    md = "I got the following output\n```\n(name\n\n,value\n\n)\n```\n"
    assert _kinds(md) == [("output", "(name\n\n,value\n\n)\n")]


def test_unlabelled_data_block_named_by_its_format_is_the_file_the_code_opens() -> None:
    md = (
        'My json-file looks like this:\n\n```\n{\n  "one": 1.0\n}\n```\n\n'
        "And my script:\n\n```\nimport json\n\npath = 'some.json'\n"
        "with open(path) as f:\n    print(json.load(f))\n```\n"
    )
    meta = extract(md).metadata
    assert [b.kind for b in meta.blocks] == ["other", "code"]
    assert meta.included_files == {"some.json": '{\n  "one": 1.0\n}\n'}
    assert meta.file_dependencies == []


def test_python2_builtins_are_never_pypi_namesakes() -> None:
    md = (
        "The tool's docs example:\n\n```python\nimport tool\n"
        "print(tool.detect(file('a.csv').read()))\n```\n"
    )
    asked: list[str] = []
    result = extract(md, module_exists=lambda name: asked.append(name) or True)
    assert "from file import file" not in result.code and "file" not in asked
    assert result.metadata.file_dependencies == ["a.csv"]  # Python 2's file() opens it


def test_a_standard_package_used_through_its_submodule_is_imported_with_it() -> None:
    md = '`urllib.request.urlopen("https://example.org/").read()` hangs.\n'
    assert "import urllib.request  # added by open-mre" in extract(md).code


def test_an_unlabelled_block_announced_as_output_is_output_even_when_it_parses() -> None:
    md = (
        "```python\nimport lib\nprint(repr(lib.parse('a : b')))\n```\n"
        "In 1.2.3, this prints:\n```\nResult([Result(['a', 'b'], {'k': 'a'})], {})\n```\n"
        "Output:\n```\nfrobnicate(1, 2)\n```\n"
    )
    kinds = [kind for kind, _ in _kinds(md)]
    assert kinds == ["code", "output", "output"]
    assert "Result(" not in extract(md).code
    # a heading that merely contains an output word ("Reproduce") announces code
    md = "**To Reproduce**\n```\nimport lib\nr = lib.fmt('--a')\n```\n"
    assert [kind for kind, _ in _kinds(md)] == ["code"]


def test_an_unlabelled_block_of_settings_after_the_script_is_not_code() -> None:
    md = (
        "```python\nimport cfg\nc = cfg.Config('c.ini')\nc['s'] = {'k': 'v # w'}\n"
        "c.write()\nprint(c)\n```\n\nFile written:\n\n```\n[s]\nk = v # w\n```\n"
    )
    assert [kind for kind, _ in _kinds(md)] == ["code", "other"]
    assert "[s]" not in extract(md).code


def test_multi_line_code_in_single_backticks_is_code_without_the_backticks() -> None:
    md = (
        "### What happened?\n\n`from lib import checked\nfrom typing import List\n\n"
        "@checked\ndef f(xs: List[str]) -> None:\n    print(xs)\n\n"
        "if __name__ == '__main__':\n    f(['a', 1])`\n\nrun result:\n\n['a', 1]\n"
    )
    code = extract(md).code
    assert code.startswith("from lib import checked\n")
    assert "f(['a', 1])\n" in code and "`" not in code


def test_a_python2_session_is_kept_whole_and_does_not_parse() -> None:
    md = (
        "```\n>>> import lib\n>>> t = lib.Table()\n>>> t.add(['a'])\n"
        ">>> print t.draw()\n+---+\n| a |\n+---+\n```\n"
    )
    result = extract(md)
    assert "print t.draw()" in result.code
    assert "print" in (result.metadata.syntax_error or "")


def test_what_each_print_showed_written_as_a_comment_beside_it_is_shown_output() -> None:
    md = (
        "```python\nimport lib\nprint(lib.f('a'))  # prints a\nprint(lib.f('b'))  # -> `c`\n"
        "print(lib.f('d'))  # should print d\nprint(lib.f('e'))  # a note\n```\n"
    )
    shown = [(e.context, e.text) for e in shown_evidence(extract_code_blocks(md))]
    assert shown == [("actual", "a\nc\n"), ("expected", "d\n")]


def test_a_python_session_pasted_from_a_shell_is_a_repl_transcript() -> None:
    """A fence tagged as a shell (``powershell``, ``console``) holding the interpreter's
    banner and ``>>>`` prompts is a Python session: its statements are the code, what it
    printed is shown output, and the banner is neither. Before, it was a shell block and
    the report had "no code"."""
    md = (
        "# f() is wrong\n\n```powershell\n"
        "Python 3.7.0 (default) [MSC v.1914 64 bit (AMD64)] on win32\n"
        'Type "help", "copyright", "credits" or "license" for more information.\n'
        ">>> import json\n>>> json.loads('[1, 2]')\n[1, 2]\n```\n"
    )
    ((kind, code),) = _kinds(md)
    assert kind == "code" and code == "import json\njson.loads('[1, 2]')\n"
    shown = [(e.kind, e.text) for e in shown_evidence(extract_code_blocks(md))]
    assert shown == [("output", "[1, 2]\n")]


def test_a_script_pasted_as_a_blockquote_is_code_and_a_quoted_reply_is_not() -> None:
    """A snippet set apart with ``> `` quote marks is a snippet; before, the report had
    "no code". A quote that holds only prose stays prose."""
    md = (
        "As @a said:\n\n> I think this worked in 1.0\n\n"
        "This gives an error:\n\n> import json\n> data = json.loads('[1]')\n>\n"
        "> print(data[0]['a'])\n\nWhy?\n"
    )
    ((kind, code),) = _kinds(md)
    assert kind == "code"
    assert code == "import json\ndata = json.loads('[1]')\n\nprint(data[0]['a'])\n"


def test_a_session_typed_at_a_one_character_prompt_is_a_transcript() -> None:
    """``> expr`` then the value unprompted under it, in a fence or in prose, is a REPL
    session the author trimmed to one ``>``; a fence of code with ``> value`` lines
    after it keeps meaning code and its quoted output."""
    fenced = "# x\n\n```\n> import math\n> math.floor(2.5)\n2\n```\n"
    ((kind, code),) = _kinds(fenced)
    assert (kind, code) == ("code", "import math\nmath.floor(2.5)\n")
    assert [e.text for e in shown_evidence(extract_code_blocks(fenced))] == ["2\n"]
    prose = "# x\n\nTry this:\n\n> round(2.5)\n2\n\nIt should be 3.\n"
    ((kind, code),) = _kinds(prose)
    assert (kind, code) == ("code", "round(2.5)\n")
    quoted = "```python\nprint(1)\n> 1\n```\n"
    assert _kinds(quoted) == [("code", "print(1)\n")]


def test_statements_with_the_values_they_showed_and_no_prompts_are_a_session() -> None:
    """Prose holding a statement and, right under it, the repr it showed (no ``>>>``)
    is a session: every statement is echoed when it runs, the reprs are shown output,
    and it ends at the first sentence. The import may sit inside a paragraph."""
    md = (
        "# f\n\nThe parser splits names wrong.\nfrom fractions import Fraction as F\n"
        "# 1) here it should be 1/2\nF(1, 3) + F(1, 6)\nFraction(1, 2)\n\n"
        "# 2) and here\nF('0.5')\nFraction(1, 2)\n\nEven without a comma the output is odd.\n\n"
        "F(2)\n"
    )
    ((kind, code),) = _kinds(md)
    assert kind == "code"
    assert code.startswith("from fractions import Fraction as F\n") and "F('0.5')" in code
    assert "F(2)" not in code  # after the sentence: not part of the session
    assert [e.text for e in shown_evidence(extract_code_blocks(md))] == [
        "Fraction(1, 2)\nFraction(1, 2)\n"
    ]
    assert "__mre_echo__(F(1, 3) + F(1, 6))" in extract(md).code


def test_an_unfenced_script_followed_by_prose_is_still_a_script_not_a_session() -> None:
    md = "# f\n\nimport json\nprint(json.dumps({'a': 1}))\nEnvironment: Linux, Python 3.11\n"
    ((kind, code),) = _kinds(md)
    assert (kind, code) == ("code", "import json\nprint(json.dumps({'a': 1}))\n")
    assert shown_evidence(extract_code_blocks(md)) == []


def test_an_inline_call_with_an_output_line_under_it_is_a_session() -> None:
    md = "# f\n\nAll words change.\n\n`textwrap.dedent('  a')`\noutput: 'b'\n"
    ((kind, code),) = _kinds(md)
    assert (kind, code) == ("code", "textwrap.dedent('  a')\n")
    assert [e.text for e in shown_evidence(extract_code_blocks(md))] == ["'b'\n"]


def test_a_whole_number_printed_as_a_float_matches_the_integer_shown() -> None:
    assert normalize_lines("0.0\n-3.00\n2.5\n10.0 apples\n") == ["0", "-3", "2.5", "10.0 apples"]


def test_old_ipython_continuation_prompts_with_more_dots_are_prompts() -> None:
    md = "```\nIn [5]: d = dict(\n   ....:     a=1)\n\nIn [6]: d['a']\nOut[6]: 2\n```\n"
    ((kind, code),) = _kinds(md)
    assert (kind, code) == ("code", "d = dict(\n    a=1)\nd['a']\n")
    assert [e.text for e in shown_evidence(extract_code_blocks(md))] == ["2\n"]


def test_statements_with_arrow_lines_under_them_are_a_session() -> None:
    """``-> value`` under each statement is what it returned; the block does not parse
    with the arrows, and is a session without them."""
    md = "```\nimport posixpath\n\nposixpath.normpath('a//b')\n-> 'a/b/'\n```\n"
    ((kind, code),) = _kinds(md)
    assert (kind, code) == ("code", "import posixpath\nposixpath.normpath('a//b')\n")
    assert [e.text for e in shown_evidence(extract_code_blocks(md))] == ["'a/b/'\n"]
    assert "__mre_echo__(posixpath.normpath('a//b'))" in extract(md).code


def test_a_labelled_inline_input_with_its_output_line_is_a_session() -> None:
    md = "# x\n\nExample of code :\ninput : ``print(int('7'))``\noutput :  ``8``\n"
    ((kind, code),) = _kinds(md)
    assert (kind, code) == ("code", "print(int('7'))\n")
    assert [e.text for e in shown_evidence(extract_code_blocks(md))] == ["8\n"]


def test_a_backtick_span_holding_code_and_its_traceback_is_split() -> None:
    md = (
        "# x\n\nI get an error.\n\n`f = float('x')\nTraceback (most recent call last):\n"
        '  File "<stdin>", line 1, in <module>\nValueError: could not convert\n`\n'
    )
    ((kind, code),) = _kinds(md)
    assert (kind, code) == ("code", "f = float('x')\n")
    (shown,) = shown_evidence(extract_code_blocks(md))
    assert shown.kind == "traceback" and "ValueError: could not convert" in shown.text


def test_an_import_through_the_project_path_of_a_file_the_report_gives_is_inlined() -> None:
    md = (
        "# x\n\nshapes.py\n```\nclass Square:\n    side = 2\n```\n\nthen\n"
        "```\n>>> from src.geometry.shapes import Square\n>>> Square.side\n3\n```\n"
    )
    code = extract(md).code
    assert code.index("class Square") < code.index("pass  # open-mre: module src.geometry.shapes")
    assert "from src" not in code


def test_a_capitalised_name_used_with_a_dot_is_a_class_not_a_pypi_project() -> None:
    """``ConfigFactory.parse_string(...)``: PyPI has a project of almost any name, and
    installing one for a class name failed the whole run; ``json`` still is a module."""
    md = "```python\nconf = ConfigFactory.parse_string('a = 1')\nprint(json.dumps(conf))\n```\n"
    code = extract(md, module_exists=lambda name: True).code
    assert "import json  # added by open-mre" in code
    assert "import ConfigFactory" not in code


def test_a_raise_comment_that_says_should_in_another_language_is_the_expected_side() -> None:
    md = (
        "```python\nf([1, 'a'])  # 应抛出 TypeError\ng(1)  # sollte ValueError\n"
        "h()  # TypeError\n```\n"
    )
    shown = [(e.context, e.text) for e in shown_evidence(extract_code_blocks(md))]
    assert shown == [
        ("expected", "TypeError\n"),
        ("expected", "ValueError\n"),
        ("actual", "TypeError\n"),
    ]


def test_output_after_a_result_lead_and_a_blank_line_is_output_without_the_banner() -> None:
    """ "run result:", a blank line, then the interpreter's banner and what the script
    printed: the printed lines are the shown output; the banner is never compared."""
    md = (
        "```python\nprint('a: 1')\n```\n\nrun result:\n\n"
        "Python 3.12.8 (tags/v3.12.8:2dc476b, Dec  3 2024) [MSC v.1942 64 bit (AMD64)] on win32\n"
        "a: 1\n\n### Next\n\nExpected result:\n\nThe list is sorted.\n"
    )
    outputs = [b for b in extract_code_blocks(md) if b.kind == "output"]
    assert len(outputs) == 1 and outputs[0].content.endswith("a: 1\n")
    assert normalize_lines(outputs[0].content) == ["a: 1"]


def test_an_inline_call_in_double_or_triple_backticks_alone_on_its_line_is_code() -> None:
    md = "# x\n\n### What I did:\n\n```textwrap.dedent('  a')```\n\nIt returns 0.\n"
    assert _kinds(md) == [("code", "textwrap.dedent('  a')\n")]


def test_a_call_named_inside_a_sentence_is_the_code_only_when_there_is_no_other() -> None:
    """ "On trying ``lib.f("x")`` I get 947": the one runnable call a sentence names is
    the example when the report has no other code; beside real code it is prose."""
    alone = "# x\n\nOn trying ``textwrap.dedent(' a')`` I get the result of 947 instead.\n"
    assert _kinds(alone) == [("code", "textwrap.dedent(' a')\n")]
    beside = alone + "\n```python\nimport textwrap\nprint(textwrap.dedent(' b'))\n```\n"
    assert [k for k, _ in _kinds(beside)] == ["other", "code"]


def test_an_unquoted_call_with_a_returns_arrow_line_under_it_is_a_session() -> None:
    md = "# Error case\n\ntextwrap.dedent('  a')\nreturns -> 'b'\nExpected -> 'a'\n"
    ((kind, code),) = _kinds(md)
    assert (kind, code) == ("code", "textwrap.dedent('  a')\n")
    assert [e.text for e in shown_evidence(extract_code_blocks(md))][0] == "'b'\n"


def test_code_in_single_backticks_keeps_working_when_pasted_with_its_indentation() -> None:
    md = "# x\n\nThis fails:\n\n`    d = dict(a=1)\n    print(d['b'])\n`\n"
    assert _kinds(md) == [("code", "d = dict(a=1)\nprint(d['b'])\n")]


def test_a_script_holding_a_session_inside_a_string_is_a_script() -> None:
    md = (
        "```python\nimport doctest\ntext = '''\n>>> f(1)\n2\n'''\n"
        "print(doctest.script_from_examples(text))\n```\n"
    )
    ((kind, code),) = _kinds(md)
    assert kind == "code" and code.startswith("import doctest\ntext = '''\n>>> f(1)")


def test_a_script_with_a_value_under_a_bare_expression_is_a_session() -> None:
    """``difference`` then the list it showed, wrapped over two lines: the block parses
    whole, but a literal statement does nothing in a script, so it is shown output."""
    md = (
        "Diffing:\n\n    old = {1: []}\n    changes = list(compare(old, {'1': []}))\n\n"
        "    changes\n    [('add', '', [('1', [])]),\n    ('remove', '', [(1, [])])]\n"
    )
    (block,) = extract_code_blocks(md)
    assert block.kind == "code" and "[('add'" not in block.content
    assert block.transcript_output.startswith("[('add', '', [('1', [])]),\n")
    plain = "```python\nchanges = [1]\nprint(changes)\n```\n"
    assert extract_code_blocks(plain)[0].transcript_output == ""


def test_a_quoted_function_with_its_rest_elided_is_neither_code_nor_output() -> None:
    md = (
        "The library does this:\n\n```\ndef parse(s):\n    if s == 'N':\n        return 0\n"
        "   ...\n```\n\nWhat I did: `lib.parse('n')`\n"
    )
    kinds = [b.kind for b in extract_code_blocks(md)]
    assert kinds[0] == "other" and "output" not in kinds


def test_a_session_under_a_line_naming_a_file_is_still_a_session() -> None:
    md = (
        "Opening a .env file that does not exist:\n\n```\n$ python\n>>> import os\n"
        ">>> os.environ['VAR']\nTraceback (most recent call last):\nKeyError: 'VAR'\n```\n"
    )
    (block,) = extract_code_blocks(md)
    assert block.kind == "code" and block.content.startswith("import os\n")
    data = "My .env file:\n\n```\nVAR=1\n```\n"
    assert extract_code_blocks(data)[0].kind == "other"


def test_loosely_typed_prompts_are_prompts_and_output_after_a_prompt_stays_output() -> None:
    tight = ">>>import json\n>>>data = json.loads('[1]')\n>>>print(data)\n[1]\n"
    (block,) = extract_code_blocks(f"It does:\n\n{tight}")
    assert block.kind == "code" and block.content.startswith("import json\n")
    assert block.transcript_output == "[1]\n"
    short = "```python\n>> import json\n>>> json.loads('[1]')\n[1]\n```\n"
    assert extract_code_blocks(short)[0].content.startswith("import json\n")
    quoted = "> Thanks!\n>> Thanks for the report\n"
    assert all(b.kind != "code" for b in extract_code_blocks(quoted))


def test_a_script_before_a_session_in_one_block_sets_it_up() -> None:
    md = "```python\nimport json\ndata = '[1]'\n\n>>> json.loads(data)\n[1]\n```\n"
    (block,) = extract_code_blocks(md)
    assert block.content == "import json\ndata = '[1]'\njson.loads(data)\n"
    assert block.transcript_output == "[1]\n"
    banner = "```\n$ python\nPython 3.11.2 (main)\n>>> 1 + 1\n2\n```\n"
    assert extract_code_blocks(banner)[0].content == "1 + 1\n"


def test_a_bare_call_with_an_out_line_under_it_is_a_session() -> None:
    md = "Calls:\n\nlib.camelize('a_b')\nout: 'aB'\n"
    (block,) = extract_code_blocks(md)
    assert block.kind == "code" and block.content == "lib.camelize('a_b')\n"
    assert block.transcript_output == "'aB'\n"


def test_a_block_proposing_a_fix_after_the_reproduction_is_not_run() -> None:
    md = (
        "```python\n>>> get_args(List)\nAttributeError: __args__\n```\n\n"
        "I believe the fix would be changing this line:\nhttps://example.org/x.py#L471\nto\n"
        "```python\nres = tp.__args__ if hasattr(tp, '__args__') else ()\n```\n"
    )
    kinds = [b.kind for b in extract_code_blocks(md)]
    assert kinds == ["code", "other"]
    assert "tp.__args__" not in extract(md).code


def test_outputs_of_several_pythons_keep_the_one_for_this_interpreter() -> None:
    md = (
        "```python\nprint(origin(Bar))\n```\n\nIn Python 3.6 outputs:\n\n```\n__main__.Bar\n```\n\n"
        "While in Python 3.7:\n\n```\nNone\n```\n\nIn Python 3.14 it prints:\n\n```\n42\n```\n"
    )
    blocks = extract_code_blocks(md)
    keep_this_pythons_output(blocks, running=(3, 11))
    assert [(b.kind, b.content.strip()) for b in blocks[1:]] == [
        ("other", "__main__.Bar"),
        ("output", "None"),
        ("other", "42"),
    ]


def test_an_aside_in_brackets_does_not_set_a_block_s_side() -> None:
    lead = "The salt is cut (contrary to what you should expect). For example, a session:"
    assert context_of(lead) == ""
    assert context_of("I expected this:") == "expected"


def test_a_last_session_that_only_assigns_and_reads_is_a_session_not_data() -> None:
    md = (
        "```\n>>> from easydict import EasyDict\n>>> c = EasyDict()\n"
        ">>> c.t = 2\n>>> c.t\n2\n```\n\n"
        "Then with the dictionary style:\n\n```\n>>> c['t'] = 3\n>>> c.t\n2\n```\n"
    )
    assert [b.kind for b in extract_code_blocks(md)] == ["code", "code"]


def test_outputs_marked_with_prompts_under_bare_statements_are_a_session() -> None:
    md = (
        "```python\nlib.make_id(length=22)\n>>> 'sPQ3KBZ'\n\nlib.decode('sPQ3KBZ')\n"
        ">>> ValueError: int is out of range\n```\n"
    )
    (block,) = extract_code_blocks(md)
    assert block.kind == "code"
    assert block.content == "lib.make_id(length=22)\nlib.decode('sPQ3KBZ')\n"
    assert "ValueError: int is out of range" in block.transcript_output
    # a real session (statements at the prompts, values bare) is left as it is
    (real,) = extract_code_blocks("```python\n>>> lib.decode('x')\n'y'\n```\n")
    assert real.content == "lib.decode('x')\n" and real.transcript_output == "'y'\n"


def test_an_import_typed_as_the_fence_s_info_string_is_the_code_s_first_line() -> None:
    (block,) = extract_code_blocks("```import ecdsa\nkey = ecdsa.SigningKey.generate()\n```\n")
    assert block.kind == "code" and block.content.startswith("import ecdsa\nkey = ")


def test_a_program_fed_to_python_as_a_here_document_is_code() -> None:
    md = "```bash\nPYTHONHASHSEED=0 python <<EOF\nimport lib\nprint(lib.size())\nEOF\n```\n"
    (block,) = extract_code_blocks(md)
    assert (block.kind, block.content) == ("code", "import lib\nprint(lib.size())\n")
    (unended,) = extract_code_blocks("```bash\npython <<EOF\nimport lib\n```\n")
    assert unended.kind == "shell"  # no closing delimiter: not a program we can trust


def test_a_block_a_later_block_runs_again_is_left_out() -> None:
    md = (
        "Documented:\n\n```\n>>> escape(Foo())\nMarkup('x')\n```\n\nWhat I get:\n\n"
        "```\n>>> from markupsafe import escape\n>>> escape(Foo())\n'x'\n```\n"
    )
    result = extract(md)
    assert result.code.count("escape(Foo())") == 1
    assert any("block 0 is repeated" in w for w in result.metadata.warnings)


def test_a_data_block_headed_by_the_cat_that_printed_it_is_that_file() -> None:
    md = (
        "```python\nfrom omegaconf import OmegaConf\nOmegaConf.load('test/a/config.yaml')\n```\n\n"
        "```\n# cat test/a/config.yaml\ninfo:\n  a: 1\n```\n"
    )
    assert extract(md).metadata.included_files == {"test/a/config.yaml": "info:\n  a: 1\n"}


def test_of_several_blocks_in_the_file_s_format_the_one_before_the_code_is_its_input() -> None:
    md = (
        "Starting from this config:\n\n```ini\n[a]\nx = 1\n```\n\n"
        "```python\nconf = ConfigUpdater()\nconf.read('config.ini')\nconf.update_file()\n```\n\n"
        "the file becomes:\n\n```ini\n[a]\nx = 1[b]\n```\n"
    )
    assert extract(md).metadata.included_files == {"config.ini": "[a]\nx = 1\n"}


def test_a_directory_tree_and_a_cat_of_a_file_are_not_shown_output() -> None:
    md = (
        "```python\nprint(load('test/a.yaml'))\n```\n\nFiles:\n\n```\ntest\n└── a.yaml\n```\n\n"
        "```\n# cat test/a.yaml\nx: 1\n```\n\nIt prints:\n\n```\n{'x': 2}\n```\n"
    )
    kinds = [b.kind for b in extract_code_blocks(md)]
    assert kinds == ["code", "other", "other", "output"]


def test_a_call_named_with_empty_brackets_in_a_sentence_is_not_code() -> None:
    md = "# Error -1\n\nIt is called from `pd.read_msgpack()` in pandas.\n"
    assert extract(md).metadata.python_blocks_used == 0
    md = "# Error -1\n\nCalling `lib.unpack(b'x')` in a loop fails.\n"
    assert extract(md).metadata.python_blocks_used == 1


def test_an_inline_assignment_of_a_call_on_its_own_line_is_code() -> None:
    md = "When using\n\n`HOSTS = config('HOSTS', default=[], cast=Csv())`\n\nI got an error.\n"
    assert "HOSTS = config('HOSTS'" in extract(md).code


def test_an_unfenced_assignment_of_a_module_call_opens_a_script() -> None:
    md = (
        '# Wrong OTP\n\nWhen I try like this\ntotp = pyotp.TOTP("JBSWY3DPEHPK3PXP")\n'
        "print(totp.now())\ntotp.now() get me wrong otp.\n"
    )
    assert 'totp = pyotp.TOTP("JBSWY3DPEHPK3PXP")' in extract(md).code

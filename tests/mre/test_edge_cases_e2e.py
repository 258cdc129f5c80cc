"""Edge cases of bug reports (several blocks, incomplete code, ``input()``, endless loops,
relative imports, data files, network use, syntax errors), run for real in the sandbox
(stdlib-only code: no installs)."""

from __future__ import annotations

from fixtrace_config import Settings
from qa_agents.mre.models import Verdict
from qa_agents.mre.run.execute import DEFAULT_TIMEOUT_S
from qa_agents.mre.runtime import MreOptions, default_executor


def _issue(code: str, actual: str, lang: str = "python") -> str:
    return f"# Edge case\n\n```{lang}\n{code}```\n\n## Actual behavior\n\n{actual}\n"


def test_multiple_blocks_and_missing_imports_run(run_issue) -> None:
    md = (
        "# Multi\n\n```python\ndata = {'b': 2}\n```\n\nthen\n\n"
        "```python\nprint(json.dumps(data)['a'])\n```\n\n"
        "## Actual behavior\n\n```\nTraceback (most recent call last):\n"
        '  File "x.py", line 3, in <module>\nTypeError: string indices must be integers\n```\n'
    )
    result = run_issue(md)
    assert result.verdict == Verdict.GREEN, result.report_markdown
    code = result.artifacts.extracted_code.read_text()
    assert code.startswith("import json  # added by open-mre")
    assert "Imports added: `import json`" in result.report_markdown


def test_incomplete_code_is_red_and_asks_for_the_definition(run_issue) -> None:
    md = _issue(
        "def load():\n    ...\n\nrows = load()\nprint(transform(rows))\n",
        "It raises `KeyError: 'id'`.",
    )
    result = run_issue(md)
    assert result.verdict == Verdict.RED  # NameError: the report is missing code
    assert result.reason_category == "undefined-name"
    assert "never defined" in result.report_markdown and "transform" in result.report_markdown
    assert "include the code that defines it" in result.report_markdown


def test_input_is_needs_interaction(run_issue) -> None:
    result = run_issue(_issue("name = input('name? ')\nprint(name.upper())\n", "It prints `BOB`."))
    execution = result.artifacts.execution_results.read_text()
    assert '"needs_interaction": true' in execution
    assert (result.verdict, result.reason_category) == (Verdict.RED, "keyboard-input")
    assert "reads from the keyboard" in result.report_markdown


def test_long_loop_times_out_with_configurable_limit(run_issue) -> None:
    code = "import time\nstart = time.time()\nwhile time.time() - start < 31:\n    pass\n"
    result = run_issue(_issue(code, "It raises `RuntimeError: never`."), timeout_s=1.5)
    assert '"timed_out": true' in result.artifacts.execution_results.read_text()
    assert result.verdict == Verdict.RED
    assert "time limit" in result.report_markdown
    assert result.timings.execution_s < 10


def test_a_run_past_the_limit_reproduces_a_report_that_says_it_never_finishes(run_issue) -> None:
    """ "It keeps printing `retry` forever": the time limit is the symptom, not a missing
    input. The same loop in a report that describes a raise is RED timeout (above)."""
    code = "import itertools\nfor n in itertools.count():\n    print('retry', flush=True)\n"
    result = run_issue(_issue(code, "It keeps printing `retry` forever."), timeout_s=1.5)
    assert '"timed_out": true' in result.artifacts.execution_results.read_text()
    assert (result.verdict, result.reason_category) == (Verdict.GREEN, "reproduced")
    assert "never finishes" in result.report_markdown


def test_the_default_time_limit_is_30_s_from_options_to_executor() -> None:
    """The default a validation runs with (no option given) reaches the executor as 30 s;
    ``test_the_executor_kills_a_31_second_loop_at_its_limit`` proves the limit is enforced."""
    assert MreOptions().timeout_s == DEFAULT_TIMEOUT_S == 30.0
    assert default_executor(Settings(sandbox_backend="bwrap"), MreOptions()).timeout_s == 30.0


def test_the_executor_kills_a_31_second_loop_at_its_limit() -> None:
    """The production executor (``default_executor``, bubblewrap) with a configured 2 s limit
    stops a loop that would run 31 s: timed out, not before the limit, long before the loop's
    end. The same wiring carries the 30 s default (test above), so it is not waited out."""
    limit_s = 2.0
    executor = default_executor(Settings(sandbox_backend="bwrap"), MreOptions(timeout_s=limit_s))
    code = "import time\nstart = time.time()\nwhile time.time() - start < 31:\n    pass\n"
    run = executor.run(code, [])
    assert run.timed_out, run
    assert limit_s * 1000 <= run.execution_time_ms < 31_000, run.execution_time_ms


def test_relative_imports_are_converted_and_run(run_issue) -> None:
    md = (
        "# Relative\n\n```python\n# helpers.py\ndef ratio(a, b):\n    return a / b\n```\n\n"
        "```python\nfrom .helpers import ratio\n\nprint(ratio(1, 0))\n```\n\n"
        "## Actual behavior\nRaises `ZeroDivisionError: division by zero`\n"
    )
    result = run_issue(md)
    assert result.verdict == Verdict.GREEN, result.report_markdown
    assert "Relative import rewritten" in result.report_markdown


def test_file_dependency_flagged_and_requested(run_issue) -> None:
    md = _issue(
        "with open('data/input.csv') as f:\n    print(f.read())\n",
        "It raises `UnicodeDecodeError`.",
    )
    result = run_issue(md)
    assert (result.verdict, result.reason_category) == (Verdict.RED, "missing-file")
    report = result.report_markdown
    assert "**Reason**: missing-file" in report
    assert "reads files not included in the issue: data/input.csv" in report
    assert "Please attach `data/input.csv`" in report


def test_network_service_is_red_and_asks_for_the_data(run_issue) -> None:
    code = (
        "import urllib.request\n"
        "print(urllib.request.urlopen('https://pypi.org/simple/', timeout=3).status)\n"
    )
    result = run_issue(_issue(code, "It prints `200` then hangs."))
    execution = result.artifacts.execution_results.read_text()
    assert "network: imports urllib" in execution
    assert (result.verdict, result.reason_category) == (Verdict.RED, "network")  # offline
    assert "Flakiness sources" in result.report_markdown
    assert "fetches `https://pypi.org/simple/`" in result.report_markdown


def test_a_lookup_the_code_swallows_is_still_network_use(run_issue) -> None:
    """Libraries hide a failed lookup (an address "does not exist", a fetch "returns
    nothing"): the run ends quietly with another answer and nothing in the report's code
    names the network. Before, that was YELLOW "output differs"; the run's own record of
    the hosts it tried makes it RED for the network."""
    code = (
        "import socket\n\n"
        "def deliverable(domain):\n"
        "    try:\n"
        "        return bool(socket.getaddrinfo(domain, 25))\n"
        "    except OSError:\n"
        "        return False\n\n"
        "print(deliverable('mail.example.org'))\n"
    )
    result = run_issue(_issue(code, "It prints:\n\n```\nTrue\n```\n"))
    execution = result.artifacts.execution_results.read_text()
    assert '"mail.example.org"' in execution  # network_attempts
    assert (result.verdict, result.reason_category) == (Verdict.RED, "network")
    assert "reaches `mail.example.org`" in result.report_markdown


def test_syntax_error_is_red_and_not_retried(run_issue) -> None:
    result = run_issue(_issue("def broken(:\n    pass\n", "It raises `SyntaxError`."))
    assert (result.verdict, result.reason_category) == (Verdict.RED, "not-parseable")
    assert "not valid Python" in result.report_markdown
    assert '"skipped": true' in result.artifacts.execution_results.read_text()


def test_a_session_pasted_without_prompts_is_compared_with_its_values(run_issue) -> None:
    """Statements with the reprs they showed under them and no ``>>>``: the run echoes
    each value, so the shown one reproduces and a different one does not."""
    session = "It adds wrong:\nfrom fractions import Fraction as F\nF(1, 3) + F(1, 6)\n"
    same = run_issue(f"# Sum\n\n{session}Fraction(1, 2)\n")
    assert (same.verdict, same.reason_category) == (Verdict.GREEN, "reproduced")
    other = run_issue(f"# Sum\n\n{session}Fraction(2, 3)\n")
    assert (other.verdict, other.reason_category) == (Verdict.YELLOW, "not-reproduced")


def test_a_submodule_the_library_no_longer_has_is_an_api_change_not_a_missing_module(
    run_issue,
) -> None:
    """``No module named 'json.old'``: Python names the dotted path only when ``json``
    imported, so the library is there and its layout moved on: YELLOW, not a RED asking
    for a module the report left out."""
    result = run_issue(_issue("import json.old\nprint(json.old.x)\n", "It prints `3`."))
    assert result.verdict == Verdict.YELLOW, result.report_markdown
    # the submodule is there but no longer has the name (markupsafe._native's escape)
    gone = run_issue(_issue("from json.decoder import old_scanner\n", "It prints `3`."))
    assert gone.verdict == Verdict.YELLOW, gone.report_markdown
    lost = run_issue(_issue("import mymodule_of_my_own\n", "It prints `3`."))
    assert (lost.verdict, lost.reason_category) == (Verdict.RED, "missing-module")


def test_the_shown_exception_wrapped_or_chained_by_the_run_reproduces(run_issue) -> None:
    """The report shows ``KeyError: 'foo'``; the run raises it and then a wrapper
    ("During handling of the above exception"), or names it inside its own message
    (``got error: KeyError('foo')``): the same failure. Another error does not count."""
    shown = "```\nTraceback (most recent call last):\n  File \"x.py\", line 2\nKeyError: 'foo'\n```"
    lookup = "def get(d):\n    try:\n        return d['foo']\n    except KeyError as e:\n"
    chained = run_issue(_issue(f"{lookup}        raise RuntimeError('lookup')\nget({{}})\n", shown))
    assert chained.verdict == Verdict.GREEN, chained.report_markdown
    named = f"{lookup}        raise RuntimeError(f'got error: {{e!r}}') from None\nget({{}})\n"
    assert run_issue(_issue(named, shown)).verdict == Verdict.GREEN
    other = run_issue(_issue("raise RuntimeError('lookup')\n", shown))
    assert (other.verdict, other.reason_category) == (Verdict.YELLOW, "not-reproduced")


def test_a_traceback_cut_before_its_exception_reproduces_through_the_same_lines(
    run_issue,
) -> None:
    """The report's traceback stops before the exception line (a paste cut short): the
    run reproduces when it raises through every source line the traceback shows."""
    code = "def parse(s):\n    return int(s)\n\nparse('x')\n"
    frames = (
        '  File "t.py", line 4, in <module>\n    parse(\'x\')\n  File "t.py", line 2, in parse\n'
    )
    cut = f"```\nTraceback (most recent call last):\n{frames}    return int(s)\n```"
    assert run_issue(_issue(code, cut)).verdict == Verdict.GREEN
    elsewhere = f"```\nTraceback (most recent call last):\n{frames}    return float(s)\n```"
    assert run_issue(_issue(code, elsewhere)).verdict == Verdict.YELLOW

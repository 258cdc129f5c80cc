"""Reports of a project's command-line tool: the commands, the files they read, what the
last one printed, and the run of the tool itself instead of its input as a script.

The reading is tested on small reports written here; the end-to-end cases run the real
sandbox with ``pyflakes`` (small, pure Python, a console script) installed from PyPI, as
a report filed in its repository would.
"""

from __future__ import annotations

from qa_agents.mre.claims.behavior import analyse_behavior, shown_evidence
from qa_agents.mre.models import Verdict
from qa_agents.mre.read.markdown import extract_code_blocks
from qa_agents.mre.read.tool_commands import files_not_found, find_tool_run, printed_by_tool
from qa_agents.mre.script.extractor import extract
from qa_agents.mre.script.tool_script import tool_script

SOURCE = "<!-- source: https://github.com/PyCQA/pyflakes/issues/1 -->\n# Unused import\n\n"
SESSION = """\
```shell
$ cat pkg/demo.py
import os
$ pyflakes pkg/demo.py
pkg/demo.py:1:1: 'os' imported but unused
```
"""


def _run(markdown: str, programs: set[str]):
    return find_tool_run(markdown, extract_code_blocks(markdown), programs)


def test_a_session_gives_the_command_the_file_it_catted_and_what_it_printed() -> None:
    tool = _run(SESSION, {"pyflakes"})
    assert tool is not None
    assert [c.argv for c in tool.commands] == [["pyflakes", "pkg/demo.py"]]
    assert tool.files == {"pkg/demo.py": "import os\n"}
    assert tool.printed == "pkg/demo.py:1:1: 'os' imported but unused\n"
    assert printed_by_tool(SESSION.split("```")[1], {"pyflakes"}) == tool.printed


def test_only_the_repository_s_own_programs_are_commands() -> None:
    assert _run(SESSION, {"flake8"}) is None
    version_only = "```shell\n$ pyflakes --version\n3.2.0\n```\n```python\nimport os\n```\n"
    assert _run(version_only, {"pyflakes"}) is None  # the author's setup, not the example


def test_a_here_document_writes_the_file_an_unprompted_command_reads() -> None:
    md = "```\ncat > x.py << EOF\nimport os\nEOF\npyflakes -v x.py\n```\n"
    tool = _run(md, {"pyflakes"})
    assert tool is not None and tool.files == {"x.py": "import os\n"}
    assert [c.argv for c in tool.commands] == [["pyflakes", "-v", "x.py"]]
    # an unmarked block with no prompt and no here-document is more often output
    assert (
        _run("```\npyflakes version: 3.2\n```\n```python\nimport os\n```\n", {"pyflakes"}) is None
    )


def test_a_placeholder_or_a_missing_file_argument_is_the_report_s_one_block() -> None:
    placeholder = "```python\nimport os\n```\n\n```sh\n$ pyflakes [filename] --doctests\n```\n"
    tool = _run(placeholder, {"pyflakes"})
    assert tool is not None and tool.files == {"example.py": "import os\n"}
    assert tool.commands[0].argv == ["pyflakes", "example.py", "--doctests"]
    inline = "```\nimport os\n```\n\nWhen calling `pyflakes --doctests` on the above, it says:\n"
    tool = _run(inline, {"pyflakes"})
    assert tool is not None and tool.commands[0].argv == ["pyflakes", "--doctests", "example.py"]


def test_a_file_named_in_the_lead_or_fed_on_stdin_from_elsewhere_is_found() -> None:
    md = (
        "products.py:\n```\nimport os\n```\n\n```\n$ pyflakes < ~/Desktop/products.py\n"
        "<stdin>:1:1: 'os' imported but unused\n```\n"
    )
    tool = _run(md, {"pyflakes"})
    assert tool is not None and tool.files == {"products.py": "import os\n"}
    assert tool.commands[0].argv == ["pyflakes"] and tool.commands[0].stdin == "products.py"


def test_files_the_commands_read_and_the_report_leaves_out_are_named() -> None:
    tool = _run("```shell\n$ pyflakes ~/src/dead_code.py\n```\n", {"pyflakes"})
    assert tool is not None and tool.missing == ["dead_code.py"] and tool.files == {}
    # a block shown after the command, or a diff, is its result, never its input
    after = "```shell\n$ pyflakes a.py\n```\n\n```\nimport os\n```\n"
    assert _run(after, {"pyflakes"}).missing == ["a.py"]


def test_a_command_on_files_the_report_leaves_out_is_red_missing_file(run_issue) -> None:
    result = run_issue(SOURCE + "```shell\n$ pyflakes --doctests src/dead_code.py\n```\n")
    assert result.verdict == Verdict.RED, result.report_markdown
    assert "The report's command reads files it does not include: `src/dead_code.py`" in (
        result.report_markdown
    )


def test_no_tool_run_when_the_python_uses_the_library() -> None:
    api = "```python\nimport pyflakes.api\npyflakes.api.check('x', 'f')\n```\n"
    assert _run(api + SESSION, {"pyflakes"}) is None


def test_the_extraction_runs_the_command_and_behaviour_reads_only_its_output() -> None:
    md = SOURCE + SESSION + "\n```\n# setup.cfg\n[flake8]\nmax-line-length = 99\n```\n"
    asked: list[str] = []
    result = extract(md, extra_modules=lambda: asked.append("asked") or ["pyflakes"])
    assert asked == ["asked"]
    assert [c.argv for c in result.metadata.tool_commands] == [["pyflakes", "pkg/demo.py"]]
    assert "run_command(['pyflakes', 'pkg/demo.py'])" in result.code
    assert "import pyflakes" in result.code and "'setup.cfg'" in result.code
    compile(result.code, "reproduction.py", "exec")
    behavior = analyse_behavior(md, ["pyflakes"], result.metadata.tool_inputs)
    assert [e.text for e in behavior.shown] == ["pkg/demo.py:1:1: 'os' imported but unused\n"]
    # a repository that does not publish the program: the blocks are read as before
    other = extract(md, extra_modules=lambda: [])
    assert other.metadata.tool_commands == []


def test_the_tool_s_output_is_compared_and_its_exit_status_is_not_a_failure(run_issue) -> None:
    result = run_issue(SOURCE + SESSION)  # pyflakes exits 1 when it finds something
    assert result.verdict == Verdict.GREEN, result.report_markdown
    moved = SESSION.replace("1:1: 'os' imported but unused", "1:1: 'os' is unused")
    result = run_issue(SOURCE + moved)
    assert result.verdict == Verdict.YELLOW, result.report_markdown


def test_python_dash_m_and_standard_input_run_as_the_shell_would(run_issue) -> None:
    md = SOURCE + (
        "```python\nimport os\n```\n\n"
        "```\n$ python -m pyflakes < demo.py\n<stdin>:1:1: 'os' imported but unused\n```\n"
    )
    result = run_issue(md)
    assert result.verdict == Verdict.GREEN, result.report_markdown


def test_a_block_headed_by_a_file_name_is_that_file_not_output() -> None:
    md = "```python\nprint(1)\n```\n\n```\n# setup.cfg\n[flake8]\nmax-line-length = 99\n```\n"
    assert shown_evidence(extract_code_blocks(md)) == []


def test_an_unmarked_block_opening_with_the_command_shows_what_it_printed() -> None:
    md = "```\npyflakes -m not-a-file\nFound 0 files.\nsuccess!\n```\n"
    tool = _run(md, {"pyflakes"})  # no file argument and no block: it runs as it is
    assert tool is not None and tool.files == {} and tool.missing == []
    assert tool.commands[0].argv == ["pyflakes", "-m", "not-a-file"]
    assert tool.printed == "Found 0 files.\nsuccess!\n"
    # a command in a sentence names no file: it needs a block to run on
    assert _run("Calling `pyflakes --doctests` gives nothing.\n", {"pyflakes"}) is None


def test_the_script_runs_the_tool_in_a_folder_of_the_report_s_files_only() -> None:
    tool = _run(SESSION, {"pyflakes"})
    assert tool is not None
    code = tool_script(tool.commands, tool.files, ["pyflakes"])
    assert code.index("os.chdir(FOLDER)") < code.index("for name, text in FILES.items()")


def test_a_file_the_tool_could_not_find_and_the_report_never_names_is_missing() -> None:
    output = "Validating bad.yaml...\nInvalid schema name for 'schema.yaml' or schema not found.\n"
    report = "Consider `bad.yaml`:\n```yaml\nkey:\n```\n$ yamale bad.yaml\n"
    assert files_not_found(output, report) == ["schema.yaml"]
    assert files_not_found("Path does not exist: bad.yaml\n", report) == []  # the report's own


def test_a_command_over_a_folder_reads_a_project_the_report_does_not_include() -> None:
    md = "```python\nimport os\n```\n\n```shell\n$ pyflakes --doctests .\n```\n"
    tool = _run(md, {"pyflakes"})
    assert tool is not None and tool.missing == [". (a folder)"]


def test_a_version_line_opening_an_unmarked_block_is_not_a_command() -> None:
    md = "```\npyflakes 3.2.0\nopens with 'Args:': params=[]\n```\n"
    assert _run(md, {"pyflakes"}) is None

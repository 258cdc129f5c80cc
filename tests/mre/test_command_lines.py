"""Scripts run with the command line the report shows, and what that command printed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from qa_agents.mre.claims.behavior import analyse_behavior
from qa_agents.mre.compare.reproduced import compare
from qa_agents.mre.models import ExecutionResults
from qa_agents.mre.read.command_lines import script_argv
from qa_agents.mre.script.extractor import extract

REPORT = """\
```python
import argparse

parser = argparse.ArgumentParser()
parser.add_argument("model")
parser.add_argument("iter", nargs="?", type=int)
print(parser.parse_args())
```

The docs say it takes `% python example.py -d -i 1000 B`, but running that fails:
```
% python example.py 1 B
usage: example.py [-h] model [iter]
example.py: error: argument iter: invalid int value: 'B'
```
It runs when I give `% python example.py B 1000`.
"""


def test_command_lines_are_read_past_prompts_and_interpreter_options() -> None:
    assert script_argv("% python example.py -d B") == ["example.py", "-d", "B"]
    assert script_argv("➜  ~ python3 -u src/app.py --x=1") == ["app.py", "--x=1"]
    assert script_argv("$ python example.py") is None  # no arguments: nothing to give
    assert script_argv("pip install example") is None


def test_the_script_runs_with_the_shown_command_line_and_is_compared_with_its_output(
    tmp_path: Path,
) -> None:
    result = extract(REPORT)
    assert result.metadata.command_line == ["example.py", "1", "B"]  # the first shown
    run = subprocess.run(
        [sys.executable, "-c", result.code], cwd=tmp_path, capture_output=True, text=True
    )
    assert run.returncode == 2 and "invalid int value: 'B'" in run.stderr
    behavior = analyse_behavior(REPORT)
    shown = [e.text for e in behavior.shown if e.kind == "output"]
    assert not any("python example.py" in text for text in shown)  # the command is input
    executed = ExecutionResults(exit_code=2, stdout="", stderr=run.stderr)
    assert compare(behavior, executed).matched


def test_a_script_that_reads_no_command_line_is_left_alone() -> None:
    md = REPORT.replace("print(parser.parse_args())", "").replace("import argparse", "")
    md = md.replace("parser = argparse.ArgumentParser()", "print(1)")
    md = md.replace('parser.add_argument("model")\n', "").replace(
        'parser.add_argument("iter", nargs="?", type=int)\n', ""
    )
    result = extract(md)
    assert result.metadata.command_line == [] and "sys.argv" not in result.code

"""The script that runs a report's command-line tool the way the author's shell did.

Why one script: the run, and ``reproduction.py`` after it, must stand alone. The script
writes the files the report shows, then runs each command in this process through the
console-script entry point its package declares (``runpy`` for ``python -m`` and for a
package's plain scripts), with ``sys.argv`` and standard input set as the shell would set
them. A tool's exit status
(linters exit 1 when they find something) is not a failure of the example; a traceback
the tool raises is, and it propagates like any other.
"""

from __future__ import annotations

from pprint import pformat

from qa_agents.mre.models import ToolCommand

_RUNNER = '''
def run_command(argv, module=False, stdin=None):
    """Run one command in this process, as the shell would run it."""
    sys.argv[:] = argv
    sys.stdin = io.TextIOWrapper(io.BytesIO(Path(stdin).read_bytes() if stdin else b""))
    try:
        if module:
            runpy.run_module(argv[0], run_name="__main__", alter_sys=True)
        else:
            found = entry_points(group="console_scripts", name=argv[0])
            script = shutil.which(argv[0])  # a package's plain script (setup's scripts=)
            if found:
                next(iter(found)).load()()
            elif script:
                runpy.run_path(script, run_name="__main__")
            else:
                raise LookupError(f"no installed package provides the command {argv[0]!r}")
    except SystemExit as status:  # the tool's exit status, as its shell would see it
        if status.code is not None and not isinstance(status.code, int):
            print(status.code, file=sys.stderr)
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
'''


def tool_script(commands: list[ToolCommand], files: dict[str, str], packages: list[str]) -> str:
    """The script: imports of the tool's package (so the run installs it), the files,
    the runner, then one call per command."""
    shown = "; ".join(_shell(c) for c in commands)
    lines = [
        f"# added by open-mre: the report runs its project's command line ({shown})",
        "# on the files it shows; this writes those files and runs each command.",
        "import io",
        "import os",
        "import runpy",
        "import shutil",
        "import sys",
        "from importlib.metadata import entry_points",
        "from pathlib import Path",
        "",
        *(f"import {p}  # noqa: F401  (the command's package)" for p in packages),
        "",
        'FOLDER = "mre-files"',
        f"FILES = {pformat(files, width=88, sort_dicts=False)}",
        "os.makedirs(FOLDER, exist_ok=True)",
        "os.chdir(FOLDER)  # the tool sees the report's files only, never this script",
        "for name, text in FILES.items():",
        "    Path(name).parent.mkdir(parents=True, exist_ok=True)",
        "    Path(name).write_text(text)",
        _RUNNER,
        *(_call(c) for c in commands),
    ]
    return "\n".join(lines) + "\n"


def _call(command: ToolCommand) -> str:
    options = (", module=True" if command.module else "") + (
        f", stdin={command.stdin!r}" if command.stdin else ""
    )
    return f"run_command({command.argv!r}{options})"


def _shell(command: ToolCommand) -> str:
    """The command as a shell line, for the script's comment."""
    prefix = "python -m " if command.module else ""
    stdin = f" < {command.stdin}" if command.stdin else ""
    return prefix + " ".join(command.argv) + stdin

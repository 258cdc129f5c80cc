"""RED after the run: what stopped it is something the report does not include.

A file, a module, a name never defined, credentials or a network service: each gives the
one reason, the one question and the one missing input that go with it. A failure that
is the report's own symptom (a NameError it shows, a submodule since moved) is left to
the comparison.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable

from qa_agents.mre.decision import Decision, ask
from qa_agents.mre.models import ExecutionResults, ExtractionMetadata
from qa_agents.mre.read.tracebacks import raised_in
from qa_agents.mre.script.completion import PYTHON2_BUILTINS

_FILE_ERRORS = {"FileNotFoundError", "IsADirectoryError", "NotADirectoryError"}
_MODULE_ERRORS = {"ModuleNotFoundError", "ImportError"}
_NETWORK_ERRORS = re.compile(
    r"ConnectionError|ConnectError|URLError|gaierror|NewConnectionError|MaxRetryError|"
    r"ConnectTimeout|ConnectionRefused|APIConnectionError|Temporary failure in name resolution|"
    r"Name or service not known|Network is unreachable|nodename nor servname",
)
_CREDENTIAL_ERRORS = re.compile(
    r"api[_ ]?key|credential|unauthori[sz]ed|authenticat|token|password|\b401\b|\b403\b",
    re.IGNORECASE,
)


def reached_for_network(meta: ExtractionMetadata, run: ExecutionResults) -> Decision:
    """A run that did not reproduce and tried to reach a host: its result depends on a
    service the sandbox cannot reach, even when the library hid the failure."""
    if meta.network_targets:
        targets = ", ".join(f"`{t}`" for t in meta.network_targets[:3])
        does = f"The code fetches {targets}"
    else:
        targets = ", ".join(f"`{h}`" for h in run.network_attempts[:3]) or "a network service"
        does = f"The code reaches {targets} (a lookup or a connection)"
    return ask(
        f"The code needs a network service ({targets}); the sandbox is offline",
        f"{does}. Can you include the data it reads (inline, as a small sample) so the "
        "example runs without the network?",
        "**The data the example fetches**, inline",
        "network",
    )


def files_never_reached(meta: ExtractionMetadata, run: ExecutionResults) -> Decision | None:
    """The run failed on something else before the code read files the report does not
    include (``load_certificate('/home/me/Downloads/site.crt')`` after a library failed
    to load): without those files nobody can check the report, whatever stopped this run."""
    given = set(meta.included_files) | set(run.files_provided)
    unread = [f for f in meta.file_dependencies if f not in given]
    if not run.exception or not unread:
        return None
    names = ", ".join(f"`{f}`" for f in unread)
    return ask(
        f"The code reads files the report does not include: {names} (this run stopped "
        f"earlier, with {run.exception})",
        f"Please attach {names} or replace them with inline sample data.",
        "**Referenced files** the example needs",
        "missing-file",
    )


def _stopped(run: ExecutionResults) -> tuple[str, str] | None:
    """(exception class, message) of a run an exception stopped; a traceback the code
    logged and went past stopped nothing."""
    if not run.exception or run.exit_code == 0:
        return None
    return run.exception.partition(":")[0].rsplit(".", 1)[-1], run.exception.partition(":")[2]


def _needs_credentials(meta: ExtractionMetadata, run: ExecutionResults) -> Decision | None:
    stopped = _stopped(run)
    if stopped is None or not meta.credentials:
        return None
    exception = run.exception or ""
    if not (stopped[0] == "KeyError" or _CREDENTIAL_ERRORS.search(exception) or meta.uses_network):
        return None
    needed = "; ".join(meta.credentials)
    return ask(
        f"The code needs credentials the report does not include ({needed})",
        f"The example needs {needed} and a live service. Can you reproduce it without "
        "them (a local stub, a recorded response), or paste the full traceback you get?",
        "**A self-contained example** that needs no secrets",
        "credentials",
    )


def _needs_a_network_service(meta: ExtractionMetadata, run: ExecutionResults) -> Decision | None:
    if _stopped(run) is None:
        return None
    uses_network = meta.uses_network or bool(run.network_attempts)
    symptom = shown_in_report(run.exception or "", meta)  # the report's own failure, not ours
    if (
        uses_network
        and _NETWORK_ERRORS.search((run.exception or "") + run.stderr[-2000:])
        and not (symptom and not run.network_attempts)
    ):
        return reached_for_network(meta, run)
    return None


def _reads_files_not_included(meta: ExtractionMetadata, run: ExecutionResults) -> Decision | None:
    stopped = _stopped(run)
    if stopped is None:
        return None
    exc_type, message = stopped
    symptom = shown_in_report(run.exception or "", meta)
    python2 = _python2_name(run)
    if not (
        (exc_type in _FILE_ERRORS and not symptom)
        or (meta.file_dependencies and (exc_type in {"OSError", "IOError"} or python2))
    ):
        return None
    files = meta.file_dependencies or [message.strip()]
    names = ", ".join(f"`{f}`" for f in files)
    return ask(
        f"The code reads files the report does not include: {names}"
        + (f" (and calls `{python2}()`, which Python 3 does not have)" if python2 else ""),
        f"Please attach {names} or replace them with inline sample data.",
        "**Referenced files** the example needs",
        "missing-file",
    )


def _python_2_builtin(meta: ExtractionMetadata, run: ExecutionResults) -> Decision | None:
    python2 = _python2_name(run) if _stopped(run) else None
    if not python2:
        return None
    return ask(
        f"The code is Python 2: `{python2}` does not exist in Python 3",
        f"The code calls `{python2}`, a Python 2 builtin. Can you paste a Python 3 "
        "version of the example?",
        "**The example in Python 3**",
        "not-parseable",
    )


def _module_not_included(meta: ExtractionMetadata, run: ExecutionResults) -> Decision | None:
    stopped = _stopped(run)
    if stopped is None or stopped[0] not in _MODULE_ERRORS or _api_changed(run, meta):
        return None
    return ask(
        f"The environment is incomplete: {run.exception}",
        f"Running the code failed with `{run.exception}`. Which package provides this "
        "module, or can you include the module's code?",
        "**The modules the example imports**",
        "missing-module",
    )


def _name_never_defined(meta: ExtractionMetadata, run: ExecutionResults) -> Decision | None:
    stopped = _stopped(run)
    if (
        stopped is None
        or stopped[0] != "NameError"
        or raised_in(run.stderr) is False
        or _undefined_name(run) in meta.shown_undefined_names
    ):
        return None
    return ask(
        f"The code uses a name it never defines: {run.exception}",
        f"Running the code failed with `{run.exception}`. Please include the code that "
        "defines it (the example looks incomplete).",
        "**The missing definitions**",
        "undefined-name",
    )


def _namesake_of_an_undefined_name(
    meta: ExtractionMetadata, run: ExecutionResults
) -> Decision | None:
    guessed = _guessed_module(run, meta) if _stopped(run) else None
    if guessed is None:
        return None
    return ask(
        f"The code uses a name it never defines: `{guessed}` (the PyPI project of that "
        f"name, tried in its place, is another thing: {run.exception})",
        f"The code uses `{guessed}` without defining it. Please include the code that "
        "creates it (the example looks incomplete).",
        "**The missing definitions**",
        "undefined-name",
    )


MISSING_INPUT: list[tuple[str, str, Callable[..., Decision | None]]] = [
    (
        "needs-credentials",
        "A run stopped (a KeyError, an authentication error, or any error of networked "
        "code) while the code reads credentials the report cannot include.",
        _needs_credentials,
    ),
    (
        "needs-a-network-service",
        "A run of networked code stopped by a connection or name-resolution error it did "
        "not show as its symptom: the sandbox is offline.",
        _needs_a_network_service,
    ),
    (
        "reads-files-not-included",
        "A run stopped by FileNotFoundError (not the report's shown symptom), or by an "
        "OSError of code that reads files the report does not include.",
        _reads_files_not_included,
    ),
    (
        "python-2-builtin",
        "A run of the report's own code stopped because it calls a Python 2 builtin "
        "(`unicode`, `file`): the example is not Python 3.",
        _python_2_builtin,
    ),
    (
        "module-not-included",
        "A run stopped by ModuleNotFoundError/ImportError of a module the report does not "
        "include (not a submodule moved since, nor a name the package dropped).",
        _module_not_included,
    ),
    (
        "name-never-defined",
        "A run stopped in the report's own code by a NameError the report does not show: "
        "a definition is missing.",
        _name_never_defined,
    ),
    (
        "namesake-of-an-undefined-name",
        "A name the report never defines was imported as the PyPI project of that name, "
        "and the run shows it is another thing (`module 'x' has no attribute 'f'`).",
        _namesake_of_an_undefined_name,
    ),
]
"""(name, why, decide) of each way a run is stopped by something the report lacks, in the
order they are tried; ``verdict.py`` makes them named rules of its ladder."""


def missing_input(meta: ExtractionMetadata, run: ExecutionResults) -> Decision | None:
    """A run stopped by something the report does not include (the first of
    :data:`MISSING_INPUT` that decides)."""
    for _, _, decide in MISSING_INPUT:
        decision = decide(meta, run)
        if decision is not None:
            return decision
    return None


def shown_in_report(exception: str, meta: ExtractionMetadata) -> bool:
    """The run's exception (or its message) stands in a block of the report: the file or
    connection error is the report's symptom (``os.makedirs('')`` raising, a mock library
    refusing an unmatched request), left to the comparison."""
    return any(exception in b.content + b.transcript_output for b in meta.blocks)


def _guessed_module(run: ExecutionResults, meta: ExtractionMetadata) -> str | None:
    """A name the report never defines, which hydration imported as the PyPI project it
    names, when the run shows that module is not it (``module 'tko' has no attribute
    'find_token'`` in the report's own line): the report's undefined name after all."""
    match = re.match(
        r"AttributeError: (module '(\w+)' has no attribute '\w+')", run.exception or ""
    )
    if match is None or raised_in(run.stderr) is False:
        return None
    shown = shown_in_report(match.group(1), meta)
    name = match.group(2)
    if name == meta.repository_module:  # the project the report was filed in: its API changed
        return None
    return name if f"import {name}" in meta.imports_added and not shown else None


def _undefined_name(run: ExecutionResults) -> str | None:
    """The name of the run's NameError. One the report shows is its symptom, left to the
    comparison (GREEN when it is the reported one), not a definition the report lacks."""
    match = re.match(r"NameError: name '(\w+)' is not defined", run.exception or "")
    return match.group(1) if match else None


def _api_changed(run: ExecutionResults, meta: ExtractionMetadata) -> bool:
    """``No module named 'lib.old'``: Python names the dotted path only when ``lib``
    itself imported, so the library is there and its layout changed since the report (an
    API change: a different outcome, not a module the report left out). So does
    ``cannot import name 'f' from 'lib._native'`` (the submodule is there, without ``f``)
    and ``cannot import name 'f' from 'lib'`` when ``lib`` is the library of the
    repository the report was filed in: it no longer exports ``f``. And ``cannot import name
    'Mapping' from 'collections'`` raised inside a package: its newest release imports what
    the sandbox's Python no longer has, so the shown behaviour cannot appear there."""
    match = re.search(
        r"No module named '([\w.]+)'|cannot import name '\w+' from '([\w.]+)'", run.exception or ""
    )
    if match is None:
        return False
    module = match.group(1) or match.group(2)
    if "." in module or (match.group(2) is not None and module == meta.repository_module):
        return True
    return outgrown_python(run) is not None


def outgrown_python(run: ExecutionResults) -> str | None:
    """The standard module a package failed to import a name from, raised inside the
    package: its newest release was written for a Python the sandbox's has outgrown."""
    match = re.search(r"cannot import name '\w+' from '([\w.]+)'", run.exception or "")
    if match is None or match.group(1) not in sys.stdlib_module_names:
        return None
    return match.group(1) if raised_in(run.stderr) is False else None


def _python2_name(run: ExecutionResults) -> str | None:
    """The Python 2 builtin the report's own code called, when that is what failed."""
    name = _undefined_name(run)
    return name if name in PYTHON2_BUILTINS and raised_in(run.stderr) else None

"""Pydantic shapes of every open-MRE artifact, so agents and the deterministic pipeline agree.

Field names are the artifacts' own (the tools and prompts refer to them): these objects
are what lands in ``extraction_metadata.json``, ``version_report.json``,
``behavior_analysis.json`` and ``execution_results.json``, and what the QA worker receives
back as ``MreResult``.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

SCRIPT_NAME = "extracted_code.py"  # the file the sandbox runs: its frames are the report's code


class Verdict(StrEnum):
    """The three verdicts (GREEN, YELLOW, RED), plus ERROR when the run itself failed."""

    GREEN = "GREEN"
    YELLOW = "YELLOW"
    RED = "RED"
    ERROR = "ERROR"


class MreError(BaseModel):
    """The structured error object a failing step returns (never an exception)."""

    success: Literal[False] = False
    error: str = "SubagentError"
    message: str
    recovery_suggestion: str = ""
    step: str = ""
    transient: bool = False


# --- code extraction -------------------------------------------------------------------


BlockKind = Literal["code", "traceback", "output", "shell", "other"]
BlockContext = Literal["expected", "actual", ""]


class CodeBlock(BaseModel):
    """One block of the issue, classified so tracebacks never get executed.

    ``origin`` says how it was written (a fence, an HTML ``<pre>`` block, 4-space
    indentation, a script, REPL lines, a traceback or an output pasted in prose, one
    inline code span), ``context`` whether the prose before it
    presents it as what should happen or as what happened, and ``transcript_output`` what
    a REPL transcript (or a code block with its output pasted in) showed.
    """

    index: int
    language: str = ""
    kind: BlockKind
    content: str
    origin: Literal["fenced", "pre", "indented", "prose", "inline"] = "fenced"
    context: BlockContext = ""
    transcript_output: str = ""
    lead: str = ""
    info: str = Field("", description="A fence's whole info string (may name the file).")
    section: str = Field("", description="The heading the block sits under (``Expected``).")
    rules: list[str] = Field(
        default_factory=list,
        description="The named reading rules that decided its kind and side, in order "
        "(``open-mre rules`` lists them).",
    )


class ToolCommand(BaseModel):
    """One command of the report's own command-line tool, as the run gives it."""

    argv: list[str] = Field(description="The program's name, then its arguments.")
    module: bool = Field(default=False, description="Run as ``python -m <name>``.")
    stdin: str | None = Field(default=None, description="The file fed on standard input.")


class ExtractionMetadata(BaseModel):
    """``/extraction_metadata.json``."""

    code_blocks_found: int
    imports_added: list[str] = Field(default_factory=list)
    packages_guessed: list[str] = Field(
        default_factory=list,
        description="PyPI projects installed only because an added import names them: "
        "dropped again when they fail to install.",
    )
    guarded_imports: list[str] = Field(
        default_factory=list,
        description="Imports tried for names the code uses without importing them; each is "
        "skipped when the module does not export the name.",
    )
    shown_undefined_names: list[str] = Field(
        default_factory=list,
        description="Names the report shows as its NameError: its symptom, never imported.",
    )
    entrypoint_added: bool = False
    warnings: list[str] = Field(default_factory=list)
    blocks: list[CodeBlock] = Field(default_factory=list)
    python_blocks_used: int = 0
    relative_imports_rewritten: list[str] = Field(default_factory=list)
    file_dependencies: list[str] = Field(default_factory=list)
    uses_network: bool = False
    uses_input: bool = False
    syntax_error: str | None = None
    included_files: dict[str, str] = Field(
        default_factory=dict, description="Files the report itself includes, by name."
    )
    credentials: list[str] = Field(
        default_factory=list, description="Secrets the code needs (env vars, placeholder keys)."
    )
    network_targets: list[str] = Field(default_factory=list)
    command_line: list[str] = Field(
        default_factory=list,
        description="The command line the report ran its script with, given to the run.",
    )
    tool_commands: list[ToolCommand] = Field(
        default_factory=list,
        description="The report's commands of its project's command-line tool: the run "
        "writes the files they read and runs them, in order, instead of the blocks.",
    )
    tool_inputs: list[int] = Field(
        default_factory=list,
        description="The blocks those commands read as files: input, never shown output.",
    )
    rules: list[str] = Field(
        default_factory=list,
        description="Named rules that completed the script (each block names its own).",
    )
    repository_module: str | None = Field(
        default=None,
        description="The module named after the repository the report was filed in: a name "
        "it no longer exports is an API change, not a module the report left out.",
    )


class Extraction(BaseModel):
    """What the extractor hands on: the script plus its metadata."""

    code: str
    metadata: ExtractionMetadata


# --- versions --------------------------------------------------------------------------


class PackageStatus(BaseModel):
    """One entry of ``version_report.json`` ``packages``."""

    name: str
    imported: bool = Field(True, description="Imported by the code (so installed).")
    mentioned_version: str | None = None
    latest_version: str | None = None
    is_latest: bool = True
    needs_update: bool = False
    error: str | None = None
    chosen_version: str | None = Field(
        None, description="The release installed: the newest the sandbox's Python supports."
    )
    chosen_reason: str = ""
    reported_release: str | None = Field(
        None,
        description="The release the author's version names (``3.12`` -> newest 3.12.x) when "
        "it has a wheel for the sandbox's Python: used to tell 'fixed since' apart.",
    )


class VersionReport(BaseModel):
    """``/version_report.json``."""

    packages: list[PackageStatus] = Field(default_factory=list)
    all_latest: bool = True
    can_proceed: bool = True
    python_version: str | None = None
    sandbox_python: str | None = None
    lookup_failed: bool = Field(False, description="PyPI could not be reached (ours, not theirs).")
    notes: list[str] = Field(default_factory=list)
    from_repository: list[str] = Field(
        default_factory=list,
        description="Imports the trace's own repository provides: taken from it at "
        "commit_base, never looked up on PyPI (QA runs only).",
    )


# --- behaviour -------------------------------------------------------------------------


class ExpectedBehavior(BaseModel):
    """What the author says should (or does) go wrong, as something checkable."""

    type: Literal["error", "output", "state_change"] = "state_change"
    description: str = ""
    validation_criteria: str = ""
    error_type: str | None = None
    error_message: str | None = None
    output_snippet: str | None = None
    absence: Literal["exception", "output"] | None = Field(
        None,
        description="The symptom is that something does not happen: the code raises "
        "nothing, or prints nothing.",
    )


class ActualBehavior(BaseModel):
    """The behaviour the author observed, when the issue states it."""

    description: str = ""
    provided: bool = False


class ShownEvidence(BaseModel):
    """Output or a traceback the report shows, and whether it is shown as the bug."""

    kind: Literal["output", "traceback"]
    context: BlockContext = ""
    text: str
    source: str = ""
    rule: str = Field(
        "",
        description="The named rule that read it from the prose or took the author's note "
        "off it (``inline-output-note``), if one did.",
    )


class MarkedLine(BaseModel):
    """A line of the report's code with the author's word on it written beside it:
    ``assert ok(d)  # Fails`` (the line shows the bug) or ``setup(d)  # works``."""

    line: str
    comment: str
    says: Literal["fails", "works"]
    source: str = ""


class OutputComparison(BaseModel):
    """The run's stdout/stderr against the output the report shows, after normalization
    (addresses, timestamps, paths, whitespace, float noise, ``# comments`` on output)."""

    status: Literal["reproduced", "differs", "matches_expected", "not_compared"]
    summary: str
    shown_lines: int = 0
    matched_lines: int = 0
    missing: list[str] = Field(default_factory=list, description="Shown lines the run lacks.")
    actual_excerpt: list[str] = Field(default_factory=list)


class BehaviorAnalysis(BaseModel):
    """``/behavior_analysis.json`` (``output_comparison`` is filled once the code ran)."""

    expected_behavior: ExpectedBehavior
    actual_behavior: ActualBehavior
    comparison_strategy: Literal["exact_match", "contains", "pattern_match"] = "contains"
    needs_clarification: bool = False
    shown: list[ShownEvidence] = Field(default_factory=list)
    raise_is_correct: bool = Field(
        False, description="The report says raising is the correct behaviour."
    )
    raise_expected_of: list[str] = Field(
        default_factory=list,
        description="The calls the report says should raise (empty: it names none, so "
        "any raise counts as correct).",
    )
    exact_numbers: list[str] = Field(
        default_factory=list,
        description="Long floats shown whose rounded value the report also writes: their "
        "digits are the point, so they are compared as written, not as float noise.",
    )
    never_finishes: bool = Field(
        False,
        description="The report says the code never finishes (hangs, loops forever): a run "
        "past the time limit is then the symptom, not a missing input.",
    )
    message_is_symptom: bool = Field(
        False,
        description='The report is about the exception\'s wording ("error message", a '
        "typo, misleading text): a changed message is then a changed symptom. Otherwise the "
        "raise is the symptom and a reworded message still reproduces it.",
    )
    marked_lines: list[MarkedLine] = Field(default_factory=list)
    rules: list[str] = Field(
        default_factory=list,
        description="The named symptom rules that held for the prose (``rules/symptom.py``).",
    )
    output_comparison: OutputComparison | None = None
    raised_at_marked_line: MarkedLine | None = Field(
        None,
        description="The marked line the run raised at (filled once the code ran): one "
        "marked as failing shows the reported symptom, one marked as working does not.",
    )


# --- execution -------------------------------------------------------------------------


class VersionRun(BaseModel):
    """A second run on the versions the author reported, when the first did not reproduce:
    it tells "fixed in a later release" from "does not reproduce"."""

    requirements: list[str]
    exit_code: int | None = None
    stdout: str = ""
    stderr: str = ""
    exception: str | None = None
    error: str | None = None
    matched: bool = False
    detail: str = ""


class RepositoryRun(BaseModel):
    """How the trace's own repository was made available to the run (QA runs only)."""

    repo_id: str
    source: str
    commit: str = Field(description="The trace's commit_base, checked out in the run's folder.")
    modules: list[str] = Field(description="Import names taken from it, never from PyPI.")
    installed_by: str = Field(
        description="The repos file's install step, run offline in the sandbox, or "
        "`PYTHONPATH=<roots>` (the tests stage's way without one)."
    )
    install_exit_code: int | None = None
    install_output: str = ""


class ExecutionResults(BaseModel):
    """``/execution_results.json``."""

    exit_code: int | None = None
    stdout: str = ""
    stderr: str = ""
    exception: str | None = None
    timed_out: bool = False
    needs_interaction: bool = False
    execution_time_ms: int = 0
    install_time_ms: int = 0
    packages_installed: list[str] = Field(default_factory=list)
    sandbox_backend: str = ""
    python_version: str | None = None
    flakiness_sources: list[str] = Field(default_factory=list)
    file_dependencies: list[str] = Field(default_factory=list)
    skipped: bool = False
    skip_reason: str | None = None
    error: MreError | None = None
    files_provided: list[str] = Field(default_factory=list)
    on_reported_versions: VersionRun | None = None
    network_attempts: list[str] = Field(
        default_factory=list,
        description="Hosts the run tried to resolve or connect to (the sandbox is offline).",
    )
    repository: RepositoryRun | None = Field(
        None, description="The trace's repository the code ran against (QA runs only)."
    )


# --- verdict and result ----------------------------------------------------------------


class Comparison(BaseModel):
    """How the run compared with what the issue describes.

    ``category``: why a run that did not match is no reproduction, when that is not
    simply a different result (``raise-is-correct``, ``matches-expected``,
    ``not-checkable``).
    """

    matched: bool
    detail: str
    discrepancies: list[str] = Field(default_factory=list)
    category: str = ""
    rule: str = Field("", description="The named comparison rule that decided it.")


class Timings(BaseModel):
    """Wall time split the way the bench reports it."""

    install_s: float = 0.0
    execution_s: float = 0.0
    other_s: float = 0.0

    @property
    def total_s(self) -> float:
        return self.install_s + self.execution_s + self.other_s


class Artifacts(BaseModel):
    """Where each output of a run was written (absent ones are None)."""

    out_dir: Path
    validation_report: Path | None = None
    reproduction: Path | None = None
    extracted_code: Path | None = None
    extraction_metadata: Path | None = None
    version_report: Path | None = None
    behavior_analysis: Path | None = None
    execution_results: Path | None = None


class MreResult(BaseModel):
    """What ``validate_issue`` returns to the CLI and to the QA worker."""

    verdict: Verdict
    mode: str
    report_markdown: str = ""
    artifacts: Artifacts
    errors: list[MreError] = Field(default_factory=list)
    timings: Timings = Field(default_factory=Timings)
    summary: str = ""
    reason_category: str = Field(
        "", description="The kind of reason behind the verdict (missing-file, network, …)."
    )
    verdict_rule: str = Field("", description="The named verdict rule that decided it.")
    rules: list[str] = Field(
        default_factory=list,
        description="The named reading rules behind the verdict (``open-mre --rules``).",
    )

    @property
    def exit_code(self) -> int:
        """CLI exit code by verdict: 0 green, 1 yellow, 2 red, 3 error."""
        return {Verdict.GREEN: 0, Verdict.YELLOW: 1, Verdict.RED: 2}.get(self.verdict, 3)

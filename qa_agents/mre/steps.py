"""The five steps of open-MRE over the run's artifact folder.

Each step reads what earlier steps wrote and writes its own artifact, so the agent tools
and the deterministic pipeline call exactly these methods and produce the same files.
Failures come back as an ``MreError`` object; a step never raises.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import TypeVar

from pydantic import BaseModel

from qa_agents.mre import artifacts as names
from qa_agents.mre.artifacts import ArtifactStore
from qa_agents.mre.claims.behavior import analyse_behavior
from qa_agents.mre.compare.output_match import compare_outputs
from qa_agents.mre.compare.reproduced import compare, marked_raise
from qa_agents.mre.decision import rules_behind
from qa_agents.mre.document import ReportDocument, read_report
from qa_agents.mre.environment.pypi import PypiClient
from qa_agents.mre.environment.resolver import Interpreter
from qa_agents.mre.environment.versions import (
    PackageMention,
    build_report,
    distributions,
    find_mentions,
    repository_modules,
)
from qa_agents.mre.missing_input import shown_in_report
from qa_agents.mre.models import (
    ActualBehavior,
    BehaviorAnalysis,
    ExecutionResults,
    ExpectedBehavior,
    Extraction,
    ExtractionMetadata,
    MreError,
    Verdict,
    VersionReport,
    VersionRun,
)
from qa_agents.mre.read.tool_commands import files_not_found
from qa_agents.mre.render.report import (
    REPRODUCTION_DOES_NOT_COMPILE,
    ReportInputs,
    render_report,
    render_reproduction,
)
from qa_agents.mre.repository import TraceRepository, note_in_versions, own_first
from qa_agents.mre.run.execute import Executor
from qa_agents.mre.script.external_needs import analyse
from qa_agents.mre.script.extractor import extract
from qa_agents.mre.verdict import decide

T = TypeVar("T")
STEP_NAMES = (
    "code_extractor",
    "version_validator",
    "behavior_analyst",
    "executor",
    "report_generator",
)


class ReportOutcome(BaseModel):
    """What the report step decided and wrote."""

    verdict: Verdict
    summary: str
    report_markdown: str
    reproduction_written: bool


class StepTimes(BaseModel):
    """Seconds spent per category, filled as steps run."""

    install_s: float = 0.0
    execution_s: float = 0.0


class MreSteps:
    """The run context (artifact folder, PyPI client, executor) and the five steps.

    ``interpreter`` is the sandbox's Python (called once, lazily): versions are chosen
    for it, not for whatever runs this process.
    """

    def __init__(
        self,
        store: ArtifactStore,
        pypi: PypiClient,
        executor: Executor,
        mode: str,
        title: str,
        interpreter: Callable[[], Interpreter] | None = None,
        repository: TraceRepository | None = None,
    ) -> None:
        self.store = store
        self.pypi = pypi
        self.executor = executor
        self.mode = mode
        self.title = title
        self.times = StepTimes()
        self.mention_finder: Callable[[str, list[str]], list[PackageMention]] = find_mentions
        self._interpreter = interpreter
        self._dropped: set[str] = set()  # guessed packages that failed to install
        self.repository = repository  # the trace's own (QA runs): its modules never PyPI's
        self._document: ReportDocument | None = None

    def interpreter(self) -> Interpreter | None:
        return self._interpreter() if self._interpreter else None

    def module_exists(self, name: str) -> bool:
        """Whether PyPI has a project called ``name`` with files to install (for ``import``
        the report forgot): a name taken with nothing released is no module to add."""
        if name in self._dropped:
            return False
        if self.repository and name in self.repository.modules:
            return True
        project = self.pypi.project(name)
        return project.latest_version is not None and any(project.releases.values())

    # -- inputs ---------------------------------------------------------------------------

    def issue(self) -> str:
        return self.store.read_text(names.ISSUE) or ""

    def document(self) -> ReportDocument:
        """The report read once (pieces and classified blocks), for every step; read again
        only if /issue.md changed (an agent may rewrite it)."""
        markdown = self.issue()
        if self._document is None or self._document.markdown != markdown:
            self._document = read_report(markdown)
        return self._document

    def extraction(self) -> Extraction | None:
        meta = self.store.read_model(names.EXTRACTION_METADATA, ExtractionMetadata)
        code = self.store.read_text(names.EXTRACTED_CODE)
        return Extraction(code=code or "", metadata=meta) if meta is not None else None

    # -- steps ----------------------------------------------------------------------------

    def extract_code(self) -> Extraction | MreError:
        """code_extractor: writes /extracted_code.py and /extraction_metadata.json."""
        return _guard("code_extractor", self._extract_code)

    def _extract_code(self) -> Extraction:
        document = self.document()
        markdown = document.markdown
        result = extract(
            document,
            module_exists=self.module_exists,
            extra_modules=lambda: own_first(
                self.repository, repository_modules(markdown, self.pypi)
            ),
        )
        self.store.write_text(names.EXTRACTED_CODE, result.code)
        self.store.write_model(names.EXTRACTION_METADATA, result.metadata)
        return result

    def validate_versions(
        self, mentions: list[PackageMention] | None = None
    ) -> VersionReport | MreError:
        """version_validator: writes /version_report.json (mentions found here if not given)."""
        return _guard("version_validator", lambda: self._validate_versions(mentions))

    def _validate_versions(self, mentions: list[PackageMention] | None) -> VersionReport:
        markdown = self.issue()
        notes: dict[str, str] = {}
        own = own_first(self.repository, [])  # the trace's repository's: never PyPI's
        if mentions is None:
            extraction = self.extraction()
            imported = analyse(extraction.code).third_party_imports if extraction else []
            imported = [m for m in imported if m not in own]
            imported, notes = distributions(imported, markdown, self.pypi)
            mentions = self.mention_finder(markdown, imported)
        mentions = [m for m in mentions if not (m.imported and m.name in own)]
        report = build_report(mentions, self.pypi, markdown, self.interpreter())
        note_in_versions(report, self.extraction(), self.repository)
        for package in report.packages:
            if package.name in notes:
                package.chosen_reason = f"{notes[package.name]}; {package.chosen_reason}"
        self.store.write_model(names.VERSION_REPORT, report)
        return report

    def analyze_behavior(self) -> BehaviorAnalysis | MreError:
        """behavior_analyst: writes /behavior_analysis.json."""

        def run() -> BehaviorAnalysis:
            extraction = self.extraction()
            meta = extraction.metadata if extraction else ExtractionMetadata(code_blocks_found=0)
            programs = {c.argv[0] for c in meta.tool_commands}
            analysis = analyse_behavior(self.document(), programs, set(meta.tool_inputs))
            self.store.write_model(names.BEHAVIOR_ANALYSIS, analysis)
            return analysis

        return _guard("behavior_analyst", run)

    def execute(
        self, code: str | None = None, packages: list[str] | None = None
    ) -> ExecutionResults | MreError:
        """executor: installs the packages, runs the code, writes /execution_results.json."""
        return _guard("executor", lambda: self._execute(code, packages))

    def _execute(self, code: str | None, packages: list[str] | None) -> ExecutionResults:
        results = self._run_step(code, packages)
        guessed = self._failed_guesses(results) if code is None and packages is None else []
        if guessed:  # a guess of ours broke the install: drop it, as if never guessed
            self._dropped.update(guessed)
            extraction = self._extract_code()
            why = (
                "failed to install" if results.error else f"are another thing ({results.exception})"
            )
            extraction.metadata.warnings.append(
                f"dropped the guessed package(s) {', '.join(guessed)}: they {why}"
                + _first_error_line(results.error.message if results.error else "")
            )
            self.store.write_model(names.EXTRACTION_METADATA, extraction.metadata)
            self._validate_versions(None)
            results = self._run_step(None, None)
        self.store.write_model(names.EXECUTION_RESULTS, results)
        return results

    def _failed_guesses(self, results: ExecutionResults) -> list[str]:
        """Packages hydration guessed, when installing them failed for good, or when the
        run shows the guess is another thing (``module 'npf' has no attribute 'irr'``, a
        failure the report does not show, on a module not the report's repository's): without
        it, the report's own package may have the name (``import numpy_financial as npf``)."""
        extraction = self.extraction()
        guessed = set(extraction.metadata.packages_guessed) if extraction else set()
        lacking = _LACKS_ATTRIBUTE.match(results.exception or "")
        if lacking and lacking.group(1) in guessed and extraction:
            meta = extraction.metadata
            shown = shown_in_report(lacking.group(0), meta)
            own = lacking.group(1) == meta.repository_module  # its API changed: a result
            return [] if shown or own else [lacking.group(1)]
        if results.error is None or results.error.error != "InstallError":
            return []
        if results.error.transient:
            return []
        installing = {re.split(r"[=<>!~\[ ]", r, maxsplit=1)[0] for r in results.packages_installed}
        return sorted(guessed & installing)

    def _run_step(self, code: str | None, packages: list[str] | None) -> ExecutionResults:
        extraction = self.extraction()
        versions = self.store.read_model(names.VERSION_REPORT, VersionReport) or VersionReport()
        code = code if code is not None else (extraction.code if extraction else "")
        skip = _skip_reason(code, extraction, versions)
        files = extraction.metadata.included_files if extraction else {}
        if skip:
            return ExecutionResults(skipped=True, skip_reason=skip)
        requirements = packages if packages is not None else requirements_for(versions)
        results = self._timed_run(code, requirements, files)
        behavior = self.store.read_model(names.BEHAVIOR_ANALYSIS, BehaviorAnalysis)
        pins = reported_requirements(versions)
        if (
            pins != requirements
            and packages is None
            and behavior is not None
            and results.error is None
            and not compare(behavior, results).matched
        ):
            results.on_reported_versions = self._version_run(code, pins, files, behavior)
        return results

    def _timed_run(
        self, code: str, requirements: list[str], files: dict[str, str]
    ) -> ExecutionResults:
        started = time.perf_counter()
        extra = {"repository": self.repository} if self.repository else {}  # QA runs only
        requirements = self.repository.without_own(requirements) if extra else requirements
        results = self.executor.run(code, requirements, files, **extra)  # type: ignore[arg-type]
        wall = time.perf_counter() - started
        self.times.install_s += results.install_time_ms / 1000
        self.times.execution_s += max(0.0, wall - results.install_time_ms / 1000)
        return results

    def _version_run(
        self, code: str, pins: list[str], files: dict[str, str], behavior: BehaviorAnalysis
    ) -> VersionRun:
        """The same code on the author's versions: does the symptom show there?"""
        second = self._timed_run(code, pins, files)
        comparison = compare(behavior, second)
        return VersionRun(
            requirements=pins,
            exit_code=second.exit_code,
            stdout=second.stdout[-3000:],
            stderr=second.stderr[-3000:],
            exception=second.exception,
            error=second.error.message if second.error else None,
            matched=second.error is None and comparison.matched,
            detail=comparison.detail,
        )

    def generate_report(self, notes: list[str] | None = None) -> ReportOutcome | MreError:
        """report_generator: decides the verdict, writes the report (and reproduction.py)."""
        return _guard("report_generator", lambda: self._generate_report(notes or []))

    def _generate_report(self, notes: list[str]) -> ReportOutcome:
        extraction = self.extraction() or Extraction(
            code="", metadata=ExtractionMetadata(code_blocks_found=0)
        )
        versions = self.store.read_model(names.VERSION_REPORT, VersionReport) or VersionReport()
        behavior = self.store.read_model(
            names.BEHAVIOR_ANALYSIS, BehaviorAnalysis
        ) or BehaviorAnalysis(
            expected_behavior=ExpectedBehavior(),
            actual_behavior=ActualBehavior(),
            needs_clarification=True,
        )
        run = self.store.read_model(names.EXECUTION_RESULTS, ExecutionResults) or (
            ExecutionResults(skipped=True, skip_reason="the code was not executed")
        )
        comparison = compare(behavior, run)
        behavior.output_comparison = compare_outputs(behavior, run)
        behavior.raised_at_marked_line = marked_raise(behavior, run)
        if self.store.read_text(names.BEHAVIOR_ANALYSIS) is not None:
            self.store.write_model(names.BEHAVIOR_ANALYSIS, behavior)
        meta = extraction.metadata
        if meta.tool_commands and not comparison.matched and not run.skipped:  # "not found"
            meta.file_dependencies += files_not_found(run.stdout + run.stderr, self.issue())
        decision = decide(meta, versions, behavior, run, comparison)
        decision.rules = rules_behind(meta, behavior, comparison)
        inputs = ReportInputs(
            title=self.title,
            mode=self.mode,
            code=extraction.code,
            extraction=extraction.metadata,
            versions=versions,
            behavior=behavior,
            execution=run,
            comparison=comparison,
            decision=decision,
            notes=[f"- {n}" for n in notes],
        )
        reproduction = False
        if decision.verdict == Verdict.GREEN:
            try:
                self.store.write_text(names.REPRODUCTION, render_reproduction(inputs))
                reproduction = True
            except SyntaxError as exc:  # rewritten since it ran (an agent may): never ship it
                inputs.decision = REPRODUCTION_DOES_NOT_COMPILE.apply(decision, str(exc))
        markdown = render_report(inputs)
        self.store.write_text(names.VALIDATION_REPORT, markdown)
        verdict = inputs.decision.verdict
        return ReportOutcome(
            verdict=verdict,
            summary=f"{verdict.value}: " + "; ".join(inputs.decision.reasons),
            report_markdown=markdown,
            reproduction_written=reproduction,
        )


def requirements_for(versions: VersionReport) -> list[str]:
    """Pin every package to the chosen release: the newest the sandbox's Python installs."""
    reqs = []
    for p in versions.packages:
        if not p.imported:
            continue
        pinned = p.chosen_version or p.latest_version
        if pinned:
            reqs.append(f"{p.name}=={pinned}")
        elif p.error and "not found" not in p.error and "invalid" not in p.error:
            reqs.append(p.name)
    return reqs


def reported_requirements(versions: VersionReport) -> list[str]:
    """The same set, with the author's versions wherever they can be installed."""
    reqs = []
    for p in versions.packages:
        if not p.imported:
            continue
        pinned = p.reported_release or p.chosen_version or p.latest_version
        if pinned:
            reqs.append(f"{p.name}=={pinned}")
    return reqs


# a module the run imported that lacks the attribute the code uses
_LACKS_ATTRIBUTE = re.compile(r"AttributeError: module '(\w+)' has no attribute")


def _first_error_line(message: str) -> str:
    """`` (error: …)``, the first line of pip's output that says what broke, clipped."""
    line = next((ln.strip() for ln in message.splitlines() if "error" in ln.lower()), "")
    return f" ({line[:120]})" if line else ""


def _skip_reason(code: str, extraction: Extraction | None, versions: VersionReport) -> str | None:
    if not code.strip():
        return "no executable code was extracted"
    if extraction and extraction.metadata.syntax_error:
        return f"the code does not parse ({extraction.metadata.syntax_error})"
    if not versions.can_proceed:
        return "critical version problem: " + "; ".join(versions.notes)
    return None


def _guard(step: str, fn: Callable[[], T]) -> T | MreError:
    try:
        return fn()
    except Exception as exc:  # a step reports failures as data, never as a crash
        return MreError(
            step=step,
            message=f"{step} failed: {type(exc).__name__}: {exc}",
            recovery_suggestion="Re-run the validation; if it persists, report it with the issue",
        )

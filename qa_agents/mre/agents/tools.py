"""LangChain tools for the subagents, bound to one run's ``MreSteps``.

Each tool calls the same step the deterministic pipeline calls, so the artifacts are the
same whichever mode ran; failures come back to the model as an ``MreError`` object.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from langchain_core.tools import BaseTool, StructuredTool
from pydantic import BaseModel, Field

from qa_agents.mre.deterministic import StepListener, describe
from qa_agents.mre.environment.versions import PackageMention
from qa_agents.mre.models import MreError
from qa_agents.mre.steps import MreSteps


class PackageArg(BaseModel):
    """A package named in the issue, as the version validator passes it."""

    name: str
    mentioned_version: str | None = Field(None, description="e.g. '2.0.0' or '>=1.24'")


class RunTools:
    """Tool factory for one run; keeps the errors every tool reported."""

    def __init__(self, steps: MreSteps, listener: StepListener) -> None:
        self.steps = steps
        self.listener = listener
        self.errors: list[MreError] = []

    def _report(self, step: str, result: BaseModel) -> str:
        if isinstance(result, MreError):
            self.errors.append(result)
            self.listener(step, "error", result.message)
        else:
            self.listener(step, "done", describe(step, result))
        return result.model_dump_json(indent=1)

    def _wrap(self, step: str, fn: Callable[[], BaseModel]) -> str:
        self.listener(step, "start", "")
        return self._report(step, fn())

    # -- code_extractor -------------------------------------------------------------------

    def code_extractor(self) -> list[BaseTool]:
        def blocks() -> str:
            """List every fenced block of /issue.md with its language and kind
            (code, traceback, shell, output, other)."""
            found = self.steps.document().fresh_blocks()
            return json.dumps([b.model_dump() for b in found], indent=1)

        def hydrate() -> str:
            """Combine the issue's code blocks into one script, add obviously missing
            imports and an entrypoint, and write /extracted_code.py and
            /extraction_metadata.json. Returns the metadata."""
            return self._wrap("code_extractor", self.steps.extract_code)

        return [
            StructuredTool.from_function(blocks, name="extract_code_blocks"),
            StructuredTool.from_function(hydrate, name="extract_and_hydrate"),
        ]

    # -- version_validator ----------------------------------------------------------------

    def version_validator(self) -> list[BaseTool]:
        def mentions() -> str:
            """Packages named in /issue.md or imported by /extracted_code.py, with the
            version the author mentions (null when none)."""
            from qa_agents.mre.script.external_needs import analyse

            extraction = self.steps.extraction()
            imported = analyse(extraction.code).third_party_imports if extraction else []
            found = self.steps.mention_finder(self.steps.issue(), imported)
            return json.dumps([m.model_dump() for m in found])

        def check_pypi_version(package_name: str) -> dict[str, str | None]:
            """Query PyPI JSON API to get latest version of a package.

            Returns {"package": "requests", "latest_version": "2.31.0", "error": null}."""
            lookup = self.steps.pypi.latest(package_name)
            return {
                "package": lookup.package,
                "latest_version": lookup.latest_version,
                "error": lookup.error,
            }

        def write_report(packages: list[PackageArg] | None = None) -> str:
            """Check every package against PyPI and write /version_report.json.
            Without `packages`, the mentions found in the issue are used."""
            if packages is None:
                chosen = None
            else:
                from qa_agents.mre.script.external_needs import analyse

                extraction = self.steps.extraction()
                imports = analyse(extraction.code).third_party_imports if extraction else []
                imported = {name.lower() for name in imports}
                chosen = [
                    PackageMention(
                        name=p.name,
                        spec=p.mentioned_version,
                        imported=p.name.lower() in imported or not imported,
                    )
                    for p in packages
                ]
            return self._wrap("version_validator", lambda: self.steps.validate_versions(chosen))

        return [
            StructuredTool.from_function(mentions, name="find_package_mentions"),
            StructuredTool.from_function(check_pypi_version),
            StructuredTool.from_function(write_report, name="write_version_report"),
        ]

    # -- behavior_analyst -----------------------------------------------------------------

    def behavior_analyst(self) -> list[BaseTool]:
        def analyze() -> str:
            """Parse expected/actual behaviour from /issue.md into comparison criteria
            and write /behavior_analysis.json."""
            return self._wrap("behavior_analyst", self.steps.analyze_behavior)

        return [StructuredTool.from_function(analyze, name="analyze_behavior")]

    # -- executor -------------------------------------------------------------------------

    def executor(self) -> list[BaseTool]:
        def execute_python_code(code: str | None = None, packages: list[str] | None = None) -> str:
            """Install packages in a fresh environment and run the code in a sandbox
            (no network, 30 s timeout); writes /execution_results.json.

            Args:
                code: the script; default /extracted_code.py
                packages: requirements like "pandas==2.1.3"; default the chosen_version of
                    every imported package in /version_report.json (the newest release
                    the sandbox's Python can install)
            """
            return self._wrap("executor", lambda: self.steps.execute(code, packages))

        return [StructuredTool.from_function(execute_python_code)]

    # -- report_generator -----------------------------------------------------------------

    def report_generator(self) -> list[BaseTool]:
        def generate_report(notes: list[str] | None = None) -> str:
            """Decide GREEN / YELLOW / RED from the artifacts and write
            /validation_report.md (and /reproduction.py on GREEN)."""
            return self._wrap("report_generator", lambda: self.steps.generate_report(notes))

        return [StructuredTool.from_function(generate_report)]

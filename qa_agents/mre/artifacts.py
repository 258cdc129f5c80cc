"""The run's output folder, written through the same real-disk backend the agents use.

Agents see the folder as ``/`` (``FilesystemBackend(root_dir=out, virtual_mode=True)``), so
``/version_report.json`` in a prompt and ``out/version_report.json`` on disk are one file,
whichever mode wrote it.

Steps hand their results to each other in memory; the folder records them. A model a step
wrote is handed to the next step as an object (a copy, so a reader's edits stay its own)
and parsed from disk again only when the file no longer holds what was written: an agent
may rewrite any artifact, and then the file is the truth.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from qa_agents.mre.models import Artifacts

M = TypeVar("M", bound=BaseModel)

ISSUE = "issue.md"
EXTRACTED_CODE = "extracted_code.py"
EXTRACTION_METADATA = "extraction_metadata.json"
VERSION_REPORT = "version_report.json"
BEHAVIOR_ANALYSIS = "behavior_analysis.json"
EXECUTION_RESULTS = "execution_results.json"
VALIDATION_REPORT = "validation_report.md"
REPRODUCTION = "reproduction.py"
RUN_OUTPUTS = (
    EXTRACTED_CODE,
    EXTRACTION_METADATA,
    VERSION_REPORT,
    BEHAVIOR_ANALYSIS,
    EXECUTION_RESULTS,
    VALIDATION_REPORT,
    REPRODUCTION,
)


class ArtifactStore:
    """Reads and writes the named artifacts of one run."""

    def __init__(self, out_dir: Path) -> None:
        self.out_dir = out_dir.resolve()
        self.out_dir.mkdir(parents=True, exist_ok=True)
        # Imported here: deepagents pulls in langchain (~2.5 s), which CLI start-up need not pay.
        from deepagents.backends import FilesystemBackend

        self.backend = FilesystemBackend(root_dir=self.out_dir, virtual_mode=True)
        self._handed: dict[str, tuple[str, BaseModel]] = {}  # name -> (text written, model)

    def reset(self) -> None:
        """Remove a previous run's outputs so a stale reproduction.py never survives."""
        self._handed.clear()
        for name in RUN_OUTPUTS:
            (self.out_dir / name).unlink(missing_ok=True)

    def write_text(self, name: str, content: str) -> Path:
        self._handed.pop(name, None)
        result = self.backend.write(f"/{name}", content)
        if result.error:
            raise OSError(result.error)
        return self.out_dir / name

    def write_model(self, name: str, model: BaseModel) -> Path:
        text = model.model_dump_json(indent=2) + "\n"
        path = self.write_text(name, text)
        self._handed[name] = (text, model.model_copy(deep=True))
        return path

    def read_text(self, name: str) -> str | None:
        path = self.out_dir / name
        return path.read_text(encoding="utf-8") if path.is_file() else None

    def read_model(self, name: str, model: type[M]) -> M | None:
        """The artifact parsed as ``model``, or None when absent or malformed."""
        text = self.read_text(name)
        if text is None:
            return None
        handed = self._handed.get(name)
        if handed is not None and handed[0] == text and isinstance(handed[1], model):
            return handed[1].model_copy(deep=True)
        try:
            return model.model_validate_json(text)
        except ValidationError:
            return None

    def paths(self) -> Artifacts:
        def present(name: str) -> Path | None:
            path = self.out_dir / name
            return path if path.is_file() else None

        return Artifacts(
            out_dir=self.out_dir,
            validation_report=present(VALIDATION_REPORT),
            reproduction=present(REPRODUCTION),
            extracted_code=present(EXTRACTED_CODE),
            extraction_metadata=present(EXTRACTION_METADATA),
            version_report=present(VERSION_REPORT),
            behavior_analysis=present(BEHAVIOR_ANALYSIS),
            execution_results=present(EXECUTION_RESULTS),
        )

"""The run's output folder, written through the same real-disk backend the agents use.

Agents see the folder as ``/`` (``FilesystemBackend(root_dir=out, virtual_mode=True)``), so
``/version_report.json`` in a prompt and ``out/version_report.json`` on disk are one file,
whichever mode wrote it.
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

    def reset(self) -> None:
        """Remove a previous run's outputs so a stale reproduction.py never survives."""
        for name in RUN_OUTPUTS:
            (self.out_dir / name).unlink(missing_ok=True)

    def write_text(self, name: str, content: str) -> Path:
        result = self.backend.write(f"/{name}", content)
        if result.error:
            raise OSError(result.error)
        return self.out_dir / name

    def write_model(self, name: str, model: BaseModel) -> Path:
        return self.write_text(name, model.model_dump_json(indent=2) + "\n")

    def read_text(self, name: str) -> str | None:
        path = self.out_dir / name
        return path.read_text(encoding="utf-8") if path.is_file() else None

    def read_model(self, name: str, model: type[M]) -> M | None:
        """The artifact parsed as ``model``, or None when absent or malformed."""
        text = self.read_text(name)
        if text is None:
            return None
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

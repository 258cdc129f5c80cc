"""Importers of existing trajectory formats; ``IMPORTERS`` maps a format name to a parser."""

from collections.abc import Callable
from pathlib import Path

from producers.importers import mini_swe_agent, openhands, predictions, swe_agent
from producers.importers.base import ImportedTrace, ImportFormatError, publish

IMPORTERS: dict[str, Callable[[Path], ImportedTrace]] = {
    "swe-agent": swe_agent.parse,
    "openhands": openhands.parse,
    "mini-swe-agent": mini_swe_agent.parse,
    "predictions": predictions.parse,
}

__all__ = ["IMPORTERS", "ImportFormatError", "ImportedTrace", "publish"]

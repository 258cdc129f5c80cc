"""Where fixtrace keeps its files when nobody says otherwise: the user's XDG base directories.

Why not the working directory: every client (capture in a repository, an import, ``sql`` in
a notebook's folder) must find the same stack and the same spools from any folder. The XDG
Base Directory rules apply: an unset, empty or relative ``$XDG_*_HOME`` is ignored.
"""

from __future__ import annotations

import os
from pathlib import Path

APP = "fixtrace"


def _xdg_home(variable: str, fallback: str) -> Path:
    value = os.environ.get(variable, "")
    if value and Path(value).is_absolute():
        return Path(value)
    return Path.home() / fallback


def data_home() -> Path:
    """``$XDG_DATA_HOME/fixtrace`` (default ``~/.local/share/fixtrace``): the stack's data."""
    return _xdg_home("XDG_DATA_HOME", ".local/share") / APP


def state_home() -> Path:
    """``$XDG_STATE_HOME/fixtrace`` (default ``~/.local/state/fixtrace``): pointers to running
    stacks and the client spools."""
    return _xdg_home("XDG_STATE_HOME", ".local/state") / APP

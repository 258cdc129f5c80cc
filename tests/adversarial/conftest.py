"""Fixtures of the adversarial suite: one live gateway per module with its own secrets."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from fixtrace_config import Settings
from tests.adversarial.gateway import Credentials, LiveGateway, LogTap, gateway_settings

# The stream worker fixtures (private topics and chdb folder, a consumer group, worker
# processes stopped afterwards) serve the crash soak too.
from tests.streams.conftest import group, stream_settings, workers  # noqa: F401


@pytest.fixture(scope="module")
def creds() -> Credentials:
    return Credentials()


@pytest.fixture(scope="module")
def log_tap() -> Iterator[LogTap]:
    """Every log line of this process while the module's gateway runs."""
    with LogTap() as tap:
        yield tap


@pytest.fixture(scope="module")
def live(
    settings: Settings,
    creds: Credentials,
    log_tap: LogTap,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[LiveGateway]:
    """The stack's gateway app (ingestion + admin SQL) over real HTTP."""
    data_dir = tmp_path_factory.mktemp("adv-gateway")
    with LiveGateway(gateway_settings(settings, data_dir, creds)) as gw:
        yield gw


def scale(name: str, default: int) -> int:
    """A count the CI run keeps small and ``bench/adversarial.py`` raises (``FIXTRACE_ADV_*``)."""
    return int(os.environ.get(f"FIXTRACE_ADV_{name}", default))


@pytest.fixture(scope="session")
def figures() -> Callable[[str, Any], None]:
    """Record a scenario's figures: JSON files under ``FIXTRACE_ADV_FIGURES`` when set (the
    bench reads them back), nothing otherwise."""
    folder = os.environ.get("FIXTRACE_ADV_FIGURES")

    def record(name: str, value: Any) -> None:
        if folder:
            path = Path(folder) / f"{name}.json"
            path.write_text(json.dumps(value, indent=2, default=str))

    return record

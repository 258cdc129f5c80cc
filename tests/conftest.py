"""Session-wide services for the test suite: one broker, one chdb folder, one S3 server.

By default everything runs locally on 127.0.0.1 (Tansu subprocess, chdb folder, moto).
External mode runs the same tests against other endpoints, e.g. the compose stack:
``FIXTRACE_TEST_EXTERNAL=1`` (Kafka at ``FIXTRACE_KAFKA_BOOTSTRAP``, default
127.0.0.1:9092), ``FIXTRACE_CLICKHOUSE_DSN=http://…`` and ``FIXTRACE_S3_ENDPOINT=host:port``
(plus ``FIXTRACE_S3_ACCESS_KEY`` / ``FIXTRACE_S3_SECRET_KEY``); see
:class:`fixtrace.local_services.ExternalServices`.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bench.kafka_helpers import fast_group_kwargs
from fixtrace.local_services import (
    ExternalServices,
    LocalServices,
    create_topics,
    ensure_bucket,
    settings_update,
    start_s3,
)
from fixtrace_config import Settings
from sinks.blobs import S3Endpoint
from sinks.clickhouse.client import close_clickhouse
from tests.up_stack import UpStack

TEST_BUCKET = "fixtrace-test"


def pytest_configure(config: pytest.Config) -> None:
    """Write bytecode caches even when PYTHONDONTWRITEBYTECODE is set (as on the machines this
    suite runs on): for this process, the pytest-xdist workers (started after this hook) and
    every process a test starts.

    Why: without them each of the hundreds of processes the suite starts compiled the project
    again, and each worker rewrote the asserts of every plugin module (collection alone took
    8.2 s of CPU per worker, against 4.5 s with the caches). They are ``__pycache__`` folders,
    which git ignores; a test that wants none sets the variable for its own subprocesses."""
    sys.dont_write_bytecode = False
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    if "PYTEST_XDIST_WORKER" not in os.environ:  # once, before any worker starts
        compile_project()


PROJECT_ROOT = Path(__file__).resolve().parents[1]


def compile_project() -> None:
    """Compile the project's packages (0.8 s from a clean clone, 0.04 s after): the CLIs that
    tests run as a new user would (with PYTHONDONTWRITEBYTECODE set) then find them compiled,
    whichever process imports a module first."""
    import compileall

    for package in sorted(PROJECT_ROOT.glob("*/__init__.py")):
        compileall.compile_dir(package.parent, quiet=2, workers=1)


@pytest.fixture(scope="session", autouse=True)
def private_xdg_homes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """XDG data/state/config homes of the session's own, also for the CLIs tests start.

    Clients find a running stack through the state home and keep their spools there; the
    suite must neither find a stack someone runs on this machine nor leave spools behind.
    """
    root = tmp_path_factory.mktemp("xdg")
    with pytest.MonkeyPatch.context() as patch:
        for name in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME"):
            patch.setenv(name, str(root / name.lower()))
        yield root


@pytest.fixture(scope="session")
def external() -> ExternalServices:
    """Which services come from the environment instead of being started here."""
    return ExternalServices.from_env()


@pytest.fixture(scope="session")
def broker(
    tmp_path_factory: pytest.TempPathFactory, external: ExternalServices
) -> Iterator[Settings]:
    """Settings whose ``kafka_bootstrap`` reaches a broker that has the pipeline's topics."""
    data_dir = tmp_path_factory.mktemp("stack")
    base = Settings(data_dir=data_dir)
    if external.kafka:
        create_topics(base.kafka_bootstrap, base.topics())
        yield base
        return
    with LocalServices(data_dir, base=base) as stack:
        yield stack.settings


@pytest.fixture(scope="session")
def chdb_dsn(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``chdb:///abs`` for this session's embedded ClickHouse folder.

    chdb opens one folder per process, so every in-process test shares this one; use
    unique database or table names for isolation.
    """
    yield f"chdb://{tmp_path_factory.mktemp('chdb').resolve()}"
    close_clickhouse()


@pytest.fixture(scope="session")
def clickhouse_dsn(chdb_dsn: str, external: ExternalServices) -> str:
    """The ClickHouse to test against: ``FIXTRACE_CLICKHOUSE_DSN`` if set, else chdb."""
    return Settings().clickhouse_dsn if external.clickhouse else chdb_dsn


@pytest.fixture(scope="session")
def s3_settings(external: ExternalServices) -> Iterator[Settings]:
    """Settings with ``blob_url=s3://fixtrace-test`` on a reachable S3 (moto by default)."""
    if external.s3:
        base = Settings()
        ensure_bucket(S3Endpoint.from_settings(base), TEST_BUCKET)
        yield base.model_copy(update={"blob_url": f"s3://{TEST_BUCKET}"})
        return
    server = start_s3(bucket=TEST_BUCKET)
    try:
        update = {**settings_update(server.endpoint), "blob_url": f"s3://{TEST_BUCKET}"}
        yield Settings().model_copy(update=update)
    finally:
        server.stop()


@pytest.fixture()
def blob_dir(tmp_path: Path) -> Path:
    """A fresh folder for a filesystem blob store (per test: folders cost nothing)."""
    return tmp_path / "blobs"


@pytest.fixture(scope="session")
def settings(broker: Settings, clickhouse_dsn: str) -> Settings:
    """The embedded stack as the pipeline sees it: broker, ClickHouse and a blob folder."""
    blobs = (broker.data_dir / "blobs").resolve()
    return broker.model_copy(update={"clickhouse_dsn": clickhouse_dsn, "blob_url": blobs.as_uri()})


@pytest.fixture()
def unique_topics(broker: Settings) -> Settings:
    """``broker`` settings with this test's own, freshly created topics (same partitions)."""
    suffix = uuid.uuid4().hex[:10]
    mine = broker.model_copy(
        update={
            "topic_raw": f"{broker.topic_raw}.{suffix}",
            "topic_finalized": f"{broker.topic_finalized}.{suffix}",
            "topic_qa": f"{broker.topic_qa}.{suffix}",
            "topic_dlq": f"{broker.topic_dlq}.{suffix}",
        }
    )
    create_topics(mine.kafka_bootstrap, mine.topics())
    return mine


@pytest.fixture(scope="session")
def kafka_group_kwargs() -> dict[str, Any]:
    """aiokafka consumer kwargs for quick group joins on Tansu (short session timeout)."""
    return fast_group_kwargs()


# --- Test tiers --------------------------------------------------------------------------
# ``pytest -m "not integration"`` is the edit loop's fast tier: the unit and rule tests of
# every package. A test is ``integration`` when it needs a process the suite starts (the
# Tansu broker, moto, stream workers, a ``fixtrace up`` stack, Chromium, the bubblewrap
# sandbox) or lives in a folder whose every test does. Marking is automatic (below), so a
# new test is tiered by what it asks for; a module may also say ``pytestmark =
# pytest.mark.integration`` itself. The default run (``python3 -m pytest -q``) runs both.

INTEGRATION_FIXTURES = frozenset(
    {
        "broker",  # the session's Tansu subprocess; ``settings``, ``unique_topics``,
        # ``stream_settings``, ``worker_settings`` and the adversarial ``live`` gateway use it
        "s3_settings",  # a moto S3 server
        "workers",  # stream worker subprocesses
        "browser",  # headless Chromium
        "bwrap_box",  # the bubblewrap sandbox (tests/sandbox)
        "run_issue",  # open-MRE validations run in the real sandbox
        "qa_settings",  # QA stages in the bubblewrap sandbox (clone, layered venv, pytest)
        "up_stack",  # one ``fixtrace up`` stack per session (tests/e2e, tests/ui)
    }
)
"""Fixtures (direct or through other fixtures) that make a test ``integration``."""

INTEGRATION_FOLDERS = frozenset({"e2e", "deploy", "sandbox", "foundation"})
"""Folders under tests/ whose every test drives real processes (stacks, compose, sandboxes,
the services themselves: broker restarts, moto, supervised processes)."""


def runs_end_to_end(module: str) -> bool:
    """``test_*_e2e.py`` modules run real end-to-end paths (e.g. open-MRE runs in the
    sandbox); ``test_*sandbox*.py`` modules run code in the sandbox, wherever they live."""
    return module.endswith("_e2e") or "sandbox" in module


SLOW_IN_FAST_TIER_S = 2.0
"""A fast-tier test slower than this is named at the end of a fast-tier run (a hint to mark
it or make it cheaper; never a failure: timing is not asserted)."""


SHARED_STACK_MODULES = frozenset({"tests/e2e/test_up_demo.py", "tests/ui/test_stack_ui.py"})
"""The modules that use the session's shared ``up_stack``. Under pytest-xdist they form one
work unit, so a single worker runs them in order, the test that stops the stack last."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark ``integration`` by fixture and folder (``slow`` implies it), and order the tests.

    The tests of the shared ``up_stack`` that stop it run after its other users (see
    ``tests/up_stack.py``): at the end of a serial run. Under pytest-xdist the work units
    (one per file, see :func:`pytest_xdist_make_scheduler`) are handed out longest first, by
    :func:`unit_order`."""
    tests_root = Path(__file__).parent
    for item in items:
        module = item.nodeid.split("::", 1)[0]
        if "up_stack" in getattr(item, "fixturenames", ()) and module not in SHARED_STACK_MODULES:
            raise pytest.UsageError(f"{module} uses up_stack: add it to SHARED_STACK_MODULES")
        folder = Path(str(item.path)).relative_to(tests_root).parts[0]
        uses = INTEGRATION_FIXTURES.intersection(getattr(item, "fixturenames", ()))
        whole_module = runs_end_to_end(Path(str(item.path)).stem)
        if uses or whole_module or folder in INTEGRATION_FOLDERS or item.get_closest_marker("slow"):
            item.add_marker(pytest.mark.integration)

    def stack_rank(item: pytest.Item) -> int:
        """Other tests, the shared stack's users, the tests that stop it."""
        if "up_stack" not in getattr(item, "fixturenames", ()):
            return 0
        return 2 if item.get_closest_marker("stops_the_stack") else 1

    if "PYTEST_XDIST_WORKER" in os.environ:
        units = unit_order(items)
        items[:] = sorted(items, key=lambda item: (units[work_unit(item)], stack_rank(item)))
    else:
        items[:] = sorted(items, key=stack_rank)  # stable: the order within each rank is kept


def work_unit(item: pytest.Item) -> str:
    """The pytest-xdist work unit of a test: its file, or the shared stack's unit."""
    module = item.nodeid.split("::", 1)[0]
    return "up_stack" if module in SHARED_STACK_MODULES else module


def unit_order(items: list[pytest.Item]) -> dict[str, int]:
    """Each work unit's place in the queue: the shared stack's unit, then units with a
    ``slow`` test, then the other units by how many integration tests they hold, most
    first, then the fast tier's units by size.

    Why: a unit runs on one worker from start to end, so a long one handed out last keeps
    one worker busy while the others idle. pytest-xdist's own order (most tests first) put
    the files of a few long integration tests (the SIGKILL rounds, the CLI failure matrix)
    at the very end, behind hundreds of parametrized string checks that take milliseconds.
    """
    size: dict[str, int] = {}
    integration: dict[str, int] = {}
    slow: set[str] = set()
    for item in items:
        unit = work_unit(item)
        size[unit] = size.get(unit, 0) + 1
        if item.get_closest_marker("integration"):
            integration[unit] = integration.get(unit, 0) + 1
        if item.get_closest_marker("slow"):
            slow.add(unit)

    def rank(unit: str) -> tuple[int, int, int]:
        first = 0 if unit == "up_stack" else 1 if unit in slow else 2 if unit in integration else 3
        return (first, -integration.get(unit, 0), -size[unit])

    return {unit: place for place, unit in enumerate(sorted(size, key=rank))}


if importlib.util.find_spec("xdist") is not None:

    def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
        """``-n N``: one work unit per test file (module fixtures start once), except the
        shared stack's modules, which form one unit (see `SHARED_STACK_MODULES`); units are
        handed out in collection order, which :func:`unit_order` set (not re-sorted by
        size, pytest-xdist's default)."""
        from xdist.scheduler import LoadFileScheduling

        class SharedStackScheduling(LoadFileScheduling):
            def _split_scope(self, nodeid: str) -> str:
                module = super()._split_scope(nodeid)
                return "up_stack" if module in SHARED_STACK_MODULES else module

        config.option.loadscopereorder = False
        return SharedStackScheduling(config, log)

    def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
        """``-n auto``: two workers per core, up to eight (each worker starts its own broker
        and services), never fewer than one per core. Most of the suite's time is spent
        waiting on the processes it starts (brokers, stacks, sandboxes), so on two cores
        four workers finish sooner than two (measured in the README).
        ``PYTEST_XDIST_AUTO_NUM_WORKERS`` still decides when set (pytest-xdist's own default
        then answers)."""
        if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
            return None
        cores = len(os.sched_getaffinity(0))
        return max(cores, min(2 * cores, 8))


@pytest.fixture(scope="session")
def up_stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[UpStack]:
    """One ``fixtrace up`` stack with the demo trace, shared by the e2e and UI tests.

    Its data folder sits in a folder named as ``mktemp -d`` names them (``tmp.`` and ten
    random-looking letters and digits): issue 29 found the demo's repository URL redacted
    there (``file:///tmp/[REDACTED:high_entropy_token]/…``), so QA could not clone it and
    the demo printed "tests before the fix: not run"; the demo test asserts they ran.
    """
    stack = UpStack(tmp_path_factory.mktemp("up-stack") / "tmp.Xk3jd8fQ2a")
    try:
        stack.start()
        stack.run_demo()
        yield stack
    finally:
        stack.kill_quietly()


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """In a fast-tier run, name the tests that took long enough to belong to the other tier."""
    if "not integration" not in (config.getoption("markexpr", "") or ""):
        return
    slow = sorted(
        (
            (report.duration, report.nodeid)
            for key in ("passed", "failed")
            for report in terminalreporter.stats.get(key, [])
            if getattr(report, "when", "") == "call" and report.duration > SLOW_IN_FAST_TIER_S
        ),
        reverse=True,
    )
    if slow:
        terminalreporter.write_sep("-", f"fast-tier tests over {SLOW_IN_FAST_TIER_S:.0f} s")
        for duration, nodeid in slow:
            terminalreporter.write_line(f"{duration:6.1f}s {nodeid}")

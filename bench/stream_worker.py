"""Stream worker processes as tests and the stream bench drive them.

The environment that points a worker process at a configuration, and the worker's prepare
children (found from /proc, e.g. to check none outlives a killed worker, or to measure them).
"""

from __future__ import annotations

import os
from pathlib import Path

from fixtrace_config import Settings

ROOT = Path(__file__).resolve().parents[1]


def descendants(pid: int) -> list[int]:
    """Live child processes of ``pid`` and theirs (from /proc), e.g. the prepare child."""
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            kids = [int(k) for k in (task / "children").read_text().split()]
        except OSError:
            continue
        for kid in kids:
            out += [kid, *descendants(kid)]
    return out


def prepare_children(pid: int) -> list[int]:
    """The stream worker's prepare child processes below ``pid`` (multiprocessing spawn)."""
    out = []
    for kid in descendants(pid):
        try:
            if b"spawn_main" in Path(f"/proc/{kid}/cmdline").read_bytes():
                out.append(kid)
        except OSError:
            continue
    return out


def worker_env(settings: Settings) -> dict[str, str]:
    """Environment pointing a worker process at ``settings``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("FIXTRACE_")}
    values = settings.model_dump(mode="json")
    for key in (
        "kafka_bootstrap", "topic_raw", "topic_finalized", "topic_dlq", "topic_qa",
        "partitions_raw", "clickhouse_dsn", "blob_url", "s3_endpoint", "s3_access_key",
        "s3_region", "inline_limit_bytes", "gap_timeout_s", "data_dir",
    ):  # fmt: skip
        env[f"FIXTRACE_{key.upper()}"] = str(values[key])
    env["FIXTRACE_S3_SECRET_KEY"] = settings.s3_secret_key.get_secret_value()
    env["PYTHONPATH"] = str(ROOT)
    return env

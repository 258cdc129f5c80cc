"""SDK settings, validated once at the boundary."""

from __future__ import annotations

import os
import uuid
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from fixtrace_config import Settings
from producers.sdk.spool import Durability

_DISCOVERED = ("bootstrap", "topic", "spool_dir")


def client_spool(root: Path, kind: str = "sdk") -> Path:
    """A spool folder of its own for one client process under the spool root.

    Why one per client: a spool has one writer at a time. What a client leaves behind (no
    broker answered) stays there until a later command sends it (``producers.sdk.orphans``).
    """
    return Path(root) / f"{kind}-{os.getpid()}-{uuid.uuid4().hex[:8]}"


class ProducerConfig(BaseModel):
    """How the SDK batches, retries and spools. Defaults suit an interactive capture client.

    ``bootstrap``, ``topic`` and ``spool_dir`` left out are found the way every fixtrace
    client finds them (``fixtrace_config.discovery``): ``FIXTRACE_*`` variables, else the
    running ``fixtrace up`` stack, from any folder; the spool is a fresh folder under the
    spool root.
    """

    model_config = ConfigDict(extra="forbid")

    bootstrap: str
    topic: str
    spool_dir: Path
    spool_wait_s: float = Field(
        0.0, ge=0, description="How long to wait for another process to close the spool."
    )
    durability: Durability = Field(
        "write", description="'write': survives a client crash; 'fsync': also power loss."
    )
    batch_max_events: int = Field(500, ge=1)
    batch_max_bytes: int = Field(512 * 1024, ge=1024)
    linger_ms: float = Field(50.0, ge=0)
    blob_threshold_bytes: int = Field(8192, ge=0, description="Larger strings become blobs.")
    request_timeout_ms: int = Field(15000, ge=100, description="Bounds aiokafka's retries.")
    probe_timeout_s: float = Field(
        1.0, gt=0, description="TCP connect to the broker before aiokafka is started."
    )
    retry_backoff_ms: int = Field(100, ge=1)
    reconnect_backoff_s: float = Field(0.5, gt=0, description="First delay between probes.")
    reconnect_backoff_max_s: float = Field(5.0, gt=0)
    max_request_size: int = Field(1 << 20, ge=1024)
    client_name: str = "fixtrace-sdk"

    @model_validator(mode="before")
    @classmethod
    def _discover(cls, data: Any) -> Any:
        if isinstance(data, dict) and any(data.get(k) is None for k in _DISCOVERED):
            from fixtrace_config.discovery import client_settings

            found = client_settings()
            defaults = {
                "bootstrap": found.kafka_bootstrap,
                "topic": found.topic_raw,
                "spool_dir": client_spool(found.spool_dir),
            }
            data = {**data, **{k: defaults[k] for k in _DISCOVERED if data.get(k) is None}}
        return data

    @classmethod
    def from_settings(cls, settings: Settings, **overrides: object) -> ProducerConfig:
        """Derive from ``Settings`` (with a fresh spool under its spool root)."""
        base = {
            "bootstrap": settings.kafka_bootstrap,
            "topic": settings.topic_raw,
            "spool_dir": client_spool(settings.spool_dir),
            "blob_threshold_bytes": settings.inline_limit_bytes,
        }
        return cls(**{**base, **{k: v for k, v in overrides.items() if v is not None}})

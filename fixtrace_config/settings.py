"""One configuration object for every fixtrace process.

Values come from (highest first) CLI flags, ``FIXTRACE_*`` environment variables, then the
defaults below, which describe the embedded single-machine stack. The same code runs
against the compose stack by pointing these at its services.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal
from urllib.parse import urlparse, urlunparse

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from fixtrace_config.paths import data_home, state_home

SandboxBackend = Literal["auto", "docker", "bwrap", "none"]


class Settings(BaseSettings):
    """Endpoints, topics and stage settings; see the configuration table in the README."""

    model_config = SettingsConfigDict(env_prefix="FIXTRACE_", extra="ignore")

    data_dir: Path = Field(
        default_factory=data_home,
        description="Root folder of the embedded stack's state (default: the XDG data home).",
    )
    spool_dir: Path = Field(
        default_factory=lambda: state_home() / "spool",
        description="Root of the client spools (records accepted while no broker answers).",
    )

    # Kafka
    kafka_bootstrap: str = Field("127.0.0.1:9092", description="Kafka bootstrap servers.")
    broker_storage: Literal["durable", "memory"] = Field(
        "durable",
        description="Where `fixtrace up`'s broker keeps its log: `durable` (a folder of the "
        "data dir; records and offsets survive a crash) or `memory` (lost on exit).",
    )
    topic_raw: str = "fixtrace.events.raw"
    topic_finalized: str = "fixtrace.traces.finalized"
    topic_qa: str = "fixtrace.qa.results"
    topic_dlq: str = "fixtrace.dlq"
    partitions_raw: int = 4
    partitions_finalized: int = 2
    partitions_qa: int = 2
    partitions_dlq: int = 1

    # Storage
    clickhouse_dsn: str = Field(
        "",
        description="http(s)://user:pass@host:port/db or chdb:///abs/path; "
        "empty means chdb under data_dir.",
    )
    blob_url: str = Field(
        "", description="file:///abs/path or s3://bucket; empty means a folder under data_dir."
    )
    s3_endpoint: str = Field("", description="host:port of the S3 endpoint for s3:// blob URLs.")
    s3_access_key: str = ""
    s3_secret_key: SecretStr = SecretStr("")
    s3_secure: bool = False
    s3_region: str = "us-east-1"

    # Gateway
    gateway_host: str = "127.0.0.1"
    gateway_port: int = 8787
    gateway_secret: SecretStr | None = Field(
        None,
        description="HMAC key of per-trace ingest keys; replicas must share it. "
        "Unset: a random key kept in data_dir/gateway.secret.",
    )
    fleet_tokens: list[str] = Field(
        default_factory=list, description="Bearer tokens of capture clients: open traces."
    )
    admin_tokens: list[str] = Field(
        default_factory=list,
        description="Bearer tokens of operators: admin routes (POST /admin/sql). "
        "Fleet tokens do not grant them; `fixtrace up` adds its own stack token.",
    )

    # Web UI (``fixtrace ui``; ``fixtrace up`` serves it on the gateway's address)
    ui_host: str = Field("127.0.0.1", description="Bind address of `fixtrace ui`.")
    ui_port: int = Field(8790, description="Port of `fixtrace ui`.")
    ui_token: SecretStr | None = Field(
        None,
        description="Viewer token accepted by the UI besides the fleet tokens; a token is "
        "required whenever the UI listens beyond loopback.",
    )

    # Streams
    inline_limit_bytes: int = Field(8192, description="Strings larger than this become blobs.")
    gap_timeout_s: float = Field(300.0, description="Finalize with missing_events after this.")

    # QA
    sandbox_backend: SandboxBackend = "auto"
    unsafe_no_sandbox: bool = False
    sandbox_env_cache: Path = Field(
        Path("/var/tmp/fixtrace-pyenvs"),
        description="World-readable cache of sandbox Python envs (must be reachable by "
        "uid 65534, so not under /root).",
    )
    sandbox_image: str = Field("python:3.11-slim", description="Image for the docker backend.")
    sandbox_disk_quota_mb: int = Field(
        4096,
        ge=0,
        description="Disk quota of one sandboxed run (workdir, /tmp, /dev/shm), MiB; a "
        "loop-mounted ext4 image of this size. 0 turns it off (every result then says so).",
    )
    sandbox_disk_dir: Path = Field(
        Path("/var/tmp/fixtrace-sandbox-disks"),
        description="Where the per-run quota images and their mount points live (root's).",
    )
    judge_model: str = Field(
        "claude-sonnet-4-5",
        validation_alias=AliasChoices("JUDGE_MODEL", "FIXTRACE_JUDGE_MODEL"),
    )
    mre_model: str = Field(
        "claude-sonnet-4-5",
        validation_alias=AliasChoices("MRE_MODEL", "FIXTRACE_MRE_MODEL"),
    )
    anthropic_api_key: SecretStr | None = Field(
        None, validation_alias=AliasChoices("ANTHROPIC_API_KEY", "FIXTRACE_ANTHROPIC_API_KEY")
    )
    anthropic_base_url: str | None = Field(
        None, validation_alias=AliasChoices("ANTHROPIC_BASE_URL", "FIXTRACE_ANTHROPIC_BASE_URL")
    )
    llm_timeout_s: float = 60.0
    llm_max_retries: int = 2
    rubric_version: str = "1.1"
    judge_packet_budget_bytes: int = Field(
        24_000, description="Largest judge packet sent to the model (deterministic truncation)."
    )
    qa_repos_file: Path | None = Field(
        None, description="TOML/JSON map repo_id -> mirror/bundle/url, test command, requirements."
    )
    qa_work_dir: Path = Field(
        Path("/var/tmp/fixtrace-qa"),
        description="Scratch checkouts; must be traversable by the sandbox uid (not under /root).",
    )
    qa_test_timeout_s: float = Field(300.0, description="Wall time of one test command.")
    qa_consumer_group: str = "fixtrace-qa"
    judge_temperature: float | None = Field(
        0.0,
        description="Sent as the Messages API temperature (None: omit, for models that "
        "reject it); anthropic 2.x no longer has the parameter, so it goes in the body.",
    )
    judge_structured_output: bool = Field(
        True, description="Ask the API for JSON-schema constrained output (output_config)."
    )
    final_inline_max_bytes: int = Field(
        0, description="Text blobs up to this size are also inlined in final_trace.json."
    )
    rubric_dir: Path | None = Field(
        None, description="Extra folder of rubric files (v<version>.json), searched first."
    )

    @property
    def resolved_clickhouse_dsn(self) -> str:
        """The DSN to open: the configured one, or embedded chdb under ``data_dir``."""
        if self.clickhouse_dsn:
            return self.clickhouse_dsn
        return f"chdb://{(self.data_dir / 'clickhouse').resolve()}"

    @property
    def resolved_blob_url(self) -> str:
        """The blob store URL: the configured one, or a folder under ``data_dir``."""
        if self.blob_url:
            return self.blob_url
        return f"file://{(self.data_dir / 'blobs').resolve()}"

    def topics(self) -> dict[str, int]:
        """Every topic the pipeline uses with its partition count."""
        return {
            self.topic_raw: self.partitions_raw,
            self.topic_finalized: self.partitions_finalized,
            self.topic_qa: self.partitions_qa,
            self.topic_dlq: self.partitions_dlq,
        }


def load_settings(**overrides: object) -> Settings:
    """Settings from the environment, with non-None CLI overrides applied on top."""
    return Settings(**{k: v for k, v in overrides.items() if v is not None})


def public_dsn(dsn: str) -> str:
    """A DSN or URL without its password, fit to print (``fixtrace config``, the UI's footer)."""
    parsed = urlparse(dsn)
    if parsed.password is None:
        return dsn
    netloc = f"{parsed.username}@{parsed.hostname}" + (f":{parsed.port}" if parsed.port else "")
    return urlunparse(parsed._replace(netloc=netloc))

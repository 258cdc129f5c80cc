"""Request and response bodies of the gateway (they appear in its OpenAPI document)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from schemas.models import (
    Actor,
    Developer,
    Environment,
    EventContext,
    FinalState,
    Ingestion,
    Repo,
    Task,
)
from schemas.payloads import EventType
from schemas.shapes import Uuid

AVRO_LONG_MAX = 2**63 - 1
"""Wire integers are Avro longs: a larger number is refused here, not by the encoder."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", use_enum_values=True)


class CreateTraceIn(Strict):
    """``TraceOpened`` without the ids the gateway assigns."""

    repo: Repo
    task: Task = Field(default_factory=Task)
    developer: Developer
    environment: Environment = Field(default_factory=Environment)
    ingestion: Ingestion = Field(default_factory=Ingestion)


class CreateTraceOut(BaseModel):
    trace_id: str
    ingest_key: str = Field(description="Bearer key for writing this trace (and only it).")
    created_at_ms: int


class EventIn(Strict):
    """One event as a client sends it: ids, seq and time are the client's, all required.

    ``payload`` is checked against the model its ``type`` names (see schemas.payloads).
    """

    event_id: Uuid = Field(min_length=1, max_length=128)  # the wire shape (schemas.shapes)
    seq: int = Field(ge=1, le=AVRO_LONG_MAX)
    ts_ms: int = Field(ge=0, le=AVRO_LONG_MAX)
    type: EventType
    actor: Actor = Field(default_factory=Actor)
    context: EventContext = Field(default_factory=EventContext)
    payload: dict[str, Any]


class EventsIn(Strict):
    events: list[EventIn] = Field(min_length=1)


class EventsOut(BaseModel):
    accepted: int = Field(description="Events published by this request.")
    duplicates: int = Field(description="Events already accepted earlier (not republished).")
    last_seq: int
    blobs_moved: int = 0


class BlobOut(BaseModel):
    blob_id: str
    byte_length: int
    content_type: str


class FinalizeIn(Strict):
    seq_last: int = Field(ge=0, le=AVRO_LONG_MAX)
    final_state: FinalState = Field(default_factory=FinalState)


class FinalizeOut(BaseModel):
    trace_id: str
    seq_last: int
    finalized_at_ms: int
    already_finalized: bool = False

"""What every wire model shares: the strict base class, blob ids, the clock and id sources."""

from __future__ import annotations

import datetime as dt
import time
import uuid
from typing import Annotated

from pydantic import BaseModel, ConfigDict, StringConstraints

BlobId = Annotated[str, StringConstraints(pattern=r"^sha256:[0-9a-f]{64}$")]


def now_ms() -> int:
    """Epoch milliseconds, the one clock unit of the wire format."""
    return time.time_ns() // 1_000_000


def time_ms(text: str) -> int:
    """A time a person typed, in epoch milliseconds: epoch ms as digits, or ISO 8601
    (UTC unless it names an offset). Raises ValueError for anything else."""
    if text.isdigit():
        return int(text)
    moment = dt.datetime.fromisoformat(text)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return int(moment.timestamp() * 1000)


def new_id() -> str:
    """A random UUID string, used for trace and event ids."""
    return str(uuid.uuid4())


class Wire(BaseModel):
    """Base of wire records: unknown fields are errors, so typos never pass silently."""

    model_config = ConfigDict(extra="forbid", use_enum_values=True)

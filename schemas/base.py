"""What every wire model shares: the strict base class, blob ids, the clock and id sources."""

from __future__ import annotations

import time
import uuid
from typing import Annotated

from pydantic import BaseModel, ConfigDict, StringConstraints

BlobId = Annotated[str, StringConstraints(pattern=r"^sha256:[0-9a-f]{64}$")]


def now_ms() -> int:
    """Epoch milliseconds, the one clock unit of the wire format."""
    return time.time_ns() // 1_000_000


def new_id() -> str:
    """A random UUID string, used for trace and event ids."""
    return str(uuid.uuid4())


class Wire(BaseModel):
    """Base of wire records: unknown fields are errors, so typos never pass silently."""

    model_config = ConfigDict(extra="forbid", use_enum_values=True)

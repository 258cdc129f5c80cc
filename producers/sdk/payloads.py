"""An event payload as the Avro writer reads it: (event type, field dict), validated once."""

from __future__ import annotations

import typing
from typing import Any

from pydantic import BaseModel

from producers.sdk.errors import SdkError
from schemas.base import Wire
from schemas.payloads import PAYLOAD_MODELS

TYPE_OF: dict[type[Wire], str] = {model: kind for kind, model in PAYLOAD_MODELS.items()}


def _holds_model(annotation: Any) -> bool:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return True
    return any(_holds_model(a) for a in typing.get_args(annotation))


# Per payload model: the fields that can hold a nested model. A payload whose nested
# fields are all None is written straight from its ``__dict__`` (its validated field
# values, enums already as values) instead of a ~4 µs ``model_dump``.
_NESTED: dict[type[Wire], tuple[str, ...]] = {
    model: tuple(n for n, f in model.model_fields.items() if _holds_model(f.annotation))
    for model in PAYLOAD_MODELS.values()
}

# Payload models with no nested model: their ``__dict__`` is always what the writer reads.
FLAT: dict[type[Wire], str] = {m: k for m, k in TYPE_OF.items() if not _NESTED[m]}


def fields_of(model: Wire) -> dict[str, Any]:
    """A validated payload's field values as the Avro writer reads them (read-only)."""
    d = model.__dict__
    for name in _NESTED[model.__class__]:
        if d[name] is not None:
            return model.model_dump()
    return d


def payload_fields(payload: Wire | dict[str, Any], type_: str | None) -> tuple[str, dict]:
    """(event type, field dict) of a payload; a dict is validated once by its model.

    A payload model was validated when it was built, so it is read as-is (no pydantic
    call on the hot path); ``type_``, if given, must name its class.
    """
    kind = TYPE_OF.get(payload.__class__)
    if kind is not None:
        if type_ is not None and type_ != kind:
            raise SdkError(f"type {type_!r} does not match payload {kind!r}")
        return kind, fields_of(payload)  # type: ignore[arg-type]
    if isinstance(payload, Wire):
        raise SdkError(f"{payload.__class__.__name__} is not an event payload")
    model = PAYLOAD_MODELS.get(type_)  # type: ignore[arg-type]
    if model is None:
        raise SdkError(f"unknown event type {type_!r}")
    return type_, fields_of(model.model_validate(payload))  # type: ignore[return-value]

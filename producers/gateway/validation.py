"""One validation pass over a ``POST /traces/{id}/events`` body, straight to wire dicts.

Why: validating the envelope with pydantic models, then each payload with its own model,
then dumping every model back to dicts was most of the gateway's CPU per event.
Here the JSON body is parsed and checked in one pydantic-core call against TypedDicts
derived mechanically from the wire models (same annotations, constraints and defaults, so
the rules cannot drift from ``schemas.models`` and ``schemas.payloads``), with the payload
chosen by the event's ``type`` (a tagged union). The result is already the dict shape the
Avro writer takes.
"""

from __future__ import annotations

import types
from functools import cache
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from pydantic.fields import FieldInfo
from typing_extensions import TypedDict

from producers.gateway.errors import ApiError, _classify, pydantic_details
from producers.gateway.models import EventIn
from schemas.payloads import PAYLOAD_MODELS

_CONFIG = ConfigDict(extra="forbid", use_enum_values=True)


def _convert(annotation: Any) -> Any:
    """The annotation with every pydantic model in it replaced by its TypedDict."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return typed_dict(annotation)
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Annotated:
        return Annotated[(_convert(args[0]), *annotation.__metadata__)]  # type: ignore[misc]
    if origin in (Union, types.UnionType):
        return Union[tuple(_convert(a) for a in args)]  # noqa: UP007 - built from a tuple
    if origin is list:
        return list[_convert(args[0])]  # type: ignore[misc]
    return annotation


def _field(info: FieldInfo) -> Any:
    """``Annotated[type, FieldInfo]`` for a TypedDict key; model defaults become dicts."""
    info = FieldInfo.merge_field_infos(info)
    factory = info.default_factory
    if isinstance(factory, type) and issubclass(factory, BaseModel):
        model = factory
        info.default_factory = lambda: model().model_dump()
    return Annotated[(_convert(info.annotation), info)]  # type: ignore[misc]


@cache
def typed_dict(model: type[BaseModel]) -> type:
    """A TypedDict that validates like ``model`` but yields plain dicts."""
    fields = {name: _field(info) for name, info in model.model_fields.items()}
    td = TypedDict(f"{model.__name__}Dict", fields)  # type: ignore[operator]
    td.__pydantic_config__ = _CONFIG  # type: ignore[attr-defined]
    return td


def _event_variant(kind: str, payload_model: type[BaseModel]) -> type:
    """``EventIn`` with ``type`` fixed to ``kind`` and the payload that type names."""
    fields = {
        name: _field(info)
        for name, info in EventIn.model_fields.items()
        if name not in ("type", "payload")
    }
    fields["type"] = Literal[kind]
    fields["payload"] = typed_dict(payload_model)
    td = TypedDict(f"EventIn_{kind}", fields)  # type: ignore[operator]
    td.__pydantic_config__ = _CONFIG  # type: ignore[attr-defined]
    return td


@cache
def body_adapter() -> TypeAdapter[Any]:
    """The ``{"events": [...]}`` validator, built once."""
    variants = tuple(_event_variant(k, m) for k, m in PAYLOAD_MODELS.items())
    event = Annotated[Union[variants], Field(discriminator="type")]  # noqa: UP007
    fields = {"events": Annotated[list[event], Field(min_length=1)]}  # type: ignore[valid-type]
    body = TypedDict("EventsBody", fields)  # type: ignore[operator]  # noqa: UP013 - built at runtime
    body.__pydantic_config__ = _CONFIG  # type: ignore[attr-defined]
    return TypeAdapter(body)


def _details(exc: ValidationError) -> list[dict[str, Any]]:
    """Errors with the union tag taken out of ``loc`` and tag errors said as field errors."""
    out = []
    for e in exc.errors(include_url=False, include_input=False):
        loc = list(e["loc"])
        kind, msg = e["type"], e["msg"]
        if (
            len(loc) >= 3
            and loc[0] == "events"
            and isinstance(loc[1], int)
            and loc[2] in PAYLOAD_MODELS
        ):
            del loc[2]  # the union tag pydantic puts in the path
        if kind == "union_tag_invalid":
            loc, kind = [*loc, "type"], "enum"
            msg = "Input should be one of " + ", ".join(f"'{k}'" for k in PAYLOAD_MODELS)
        elif kind == "union_tag_not_found":
            loc, kind, msg = [*loc, "type"], "missing", "Field required"
        out.append({"loc": tuple(loc), "type": kind, "msg": msg})
    return out


def _is_payload(detail: dict[str, Any]) -> bool:
    """An error inside a payload (not the payload's own shape): a type-specific problem."""
    parts = detail["loc"].split(".")
    return len(parts) > 3 and parts[2] == "payload"


def validate_events(raw: bytes | str) -> list[dict[str, Any]]:
    """The body's events as wire dicts, or the ``ApiError`` the gateway has always raised.

    Envelope errors are reported before payload errors, as when they were two passes:
    ``malformed_json``/``unknown_event_type``/``missing_field``/``invalid_field`` for the
    envelope, then ``missing_field``/``invalid_payload`` for payloads; then
    ``seq_not_increasing`` and ``duplicate_event_id`` across the batch.
    """
    try:
        events: list[dict[str, Any]] = body_adapter().validate_json(raw)["events"]
    except ValidationError as exc:
        details = pydantic_details(_details(exc))
        envelope = [d for d in details if not _is_payload(d)]
        if envelope:
            status, code, message = _classify(envelope)
            raise ApiError(status, code, message, envelope) from None
        missing = any(d["type"] == "missing" for d in details)
        raise ApiError(
            422,
            "missing_field" if missing else "invalid_payload",
            "event payloads do not match their type's schema",
            details,
        ) from None
    last = None
    for i, ev in enumerate(events):
        seq = ev["seq"]
        if last is not None and seq <= last:
            raise ApiError(
                422,
                "seq_not_increasing",
                "seq must strictly increase in a batch",
                {"index": i, "seq": seq, "previous_seq": last},
            )
        last = seq
    if len({ev["event_id"] for ev in events}) != len(events):
        raise ApiError(422, "duplicate_event_id", "an event id repeats within the batch")
    return events

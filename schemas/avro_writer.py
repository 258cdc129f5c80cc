"""A small Avro binary encoder compiled from a parsed schema into Python closures.

Why: fastavro's writer validates every record branch of a ``["null", record]`` union
before writing it, which made it the largest cost of encoding a fixtrace event (figures:
``bench/codec_bench.py`` and the README's table). These writers write the same bytes
(proved against fastavro for every record and event type in
``tests/schemas/test_avro_writer.py``) without that pass; the straight-line writers that
``schemas.codec`` and the producers use (:mod:`schemas.avro_codegen`) fall back to them
for untagged union values. fastavro is kept for reading older schema versions.
Unions take an explicit ``(record name, value)`` tuple like fastavro, or are resolved by
the value's Python type. Values that do not fit the schema raise (TypeError, ValueError,
KeyError, AttributeError, OverflowError, struct.error); the writers are at least as strict
as fastavro's: a missing field without default, a non-bool boolean, a float for a long
and a ``None`` array all raise here.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any

Writer = Callable[[bytearray, Any], None]

_PRIMS = {"null", "boolean", "int", "long", "float", "double", "bytes", "string"}
BOOL = {True: 1, False: 0}
UNION_BRANCH = "fixtrace:union-branch"  # internal pseudo-type: one fixed branch of a union
LONG_LIMIT = 1 << 64  # zig-zag of any value outside the signed 64-bit range is >= this


def resolve_node(schema: Any, named: dict[str, Any]) -> Any:
    """A schema node with a named-type reference looked up and ``{"type": "long"}``-style
    primitives reduced to their name (what the code generators branch on)."""
    if isinstance(schema, str) and schema not in _PRIMS:
        schema = named[schema]
    if isinstance(schema, dict) and schema["type"] in _PRIMS:
        schema = schema["type"]
    return schema


class _Missing:
    """Stands in for an absent field that has no default, so the field's writer raises."""

    def __repr__(self) -> str:
        return "<missing field>"


MISSING: Any = _Missing()


def write_long(out: bytearray, n: int) -> None:
    """Append an Avro zig-zag varint."""
    n = (n << 1) ^ (n >> 63)
    if n >= LONG_LIMIT:
        raise OverflowError(f"{n:#x} does not fit a signed 64-bit Avro long")
    while n > 0x7F:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)


def _w_null(out: bytearray, v: Any) -> None:
    return None


def _w_bool(out: bytearray, v: Any) -> None:
    out.append(BOOL[v])


def _w_string(out: bytearray, v: Any) -> None:
    b = v.encode()
    write_long(out, len(b))
    out += b


def _w_bytes(out: bytearray, v: Any) -> None:
    write_long(out, len(v))
    out += v


def _w_float(out: bytearray, v: Any) -> None:
    out += struct.pack("<f", v)


def _w_double(out: bytearray, v: Any) -> None:
    out += struct.pack("<d", v)


PRIM_WRITERS: dict[str, Writer] = {
    "null": _w_null,
    "boolean": _w_bool,
    "int": write_long,
    "long": write_long,
    "float": _w_float,
    "double": _w_double,
    "bytes": _w_bytes,
    "string": _w_string,
}

_PY_BRANCH = {
    type(None): "null",
    bool: "boolean",
    int: "long",
    float: "double",
    str: "string",
    bytes: "bytes",
}


class Compiler:
    """Turns a fastavro-parsed schema into a writer; named types are shared by name."""

    def __init__(self) -> None:
        self.named: dict[str, Writer] = {}

    def compile(self, schema: Any) -> Writer:
        if isinstance(schema, str):
            if schema in _PRIMS:
                return PRIM_WRITERS[schema]
            named = self.named
            return lambda out, v: named[schema](out, v)
        if isinstance(schema, list):
            return self._union(schema)
        kind = schema["type"]
        if kind in _PRIMS and len(schema) == 1 or kind in _PRIMS and "logicalType" in schema:
            return PRIM_WRITERS[kind]
        if kind == "record":
            return self._record(schema)
        if kind == "enum":
            index = {s: i for i, s in enumerate(schema["symbols"])}

            def w_enum(out: bytearray, v: Any) -> None:
                write_long(out, index[v])

            self.named[schema["name"]] = w_enum
            return w_enum
        if kind == "array":
            item = self.compile(schema["items"])

            def w_array(out: bytearray, v: Any) -> None:
                if len(v):
                    write_long(out, len(v))
                    for x in v:
                        item(out, x)
                out.append(0)

            return w_array
        if kind == "map":
            value = self.compile(schema["values"])

            def w_map(out: bytearray, v: Any) -> None:
                if len(v):
                    write_long(out, len(v))
                    for k, x in v.items():
                        _w_string(out, k)
                        value(out, x)
                out.append(0)

            return w_map
        if kind in _PRIMS:
            return PRIM_WRITERS[kind]
        raise ValueError(f"unsupported Avro type {kind!r}")

    def _record(self, schema: dict[str, Any]) -> Writer:
        fields = [(f["name"], self.compile(f["type"]), field_default(f)) for f in schema["fields"]]

        def w_record(out: bytearray, v: Any) -> None:
            get = v.get
            for name, w, default in fields:
                w(out, get(name, default))

        self.named[schema["name"]] = w_record
        return w_record

    def _union(self, branches: list[Any]) -> Writer:
        names = [b if isinstance(b, str) else b.get("name", b["type"]) for b in branches]
        writers = [self.compile(b) for b in branches]
        by_name = {n: (i, w) for i, (n, w) in enumerate(zip(names, writers, strict=True))}
        if len(branches) == 2 and names[0] == "null":
            other = writers[1]

            def w_nullable(out: bytearray, v: Any) -> None:
                if v is None:
                    out.append(0)
                else:
                    out.append(2)  # zig-zag of branch index 1
                    other(out, v)

            return w_nullable
        records = [n for n in names if n not in _PRIMS]

        def w_union(out: bytearray, v: Any) -> None:
            if isinstance(v, tuple):
                i, w = by_name[v[0]]
                write_long(out, i)
                w(out, v[1])
                return
            name = _PY_BRANCH.get(type(v))
            if name is None and isinstance(v, dict) and len(records) == 1:
                name = records[0]
            if name == "long" and "long" not in by_name and "int" in by_name:
                name = "int"
            if name == "double" and "double" not in by_name and "float" in by_name:
                name = "float"
            if name not in by_name:
                raise ValueError(f"value {v!r:.60} fits no branch of union {names}")
            i, w = by_name[name]
            write_long(out, i)
            w(out, v)

        return w_union


def field_default(field: dict[str, Any]) -> Any:
    """What an absent field is written as: its default, null if nullable, else MISSING."""
    if "default" in field:
        return field["default"]
    kind = field["type"]
    if kind == "null" or isinstance(kind, list) and "null" in kind:
        return None
    return MISSING

"""A small Avro binary encoder compiled from a parsed schema into Python closures.

Why: fastavro's writer validates every record branch of a ``["null", record]`` union
before writing it, which costs ~20 µs per fixtrace event (measured). These writers
write the same bytes (proved against fastavro for every record and event type in
``tests/schemas/test_avro_writer.py``) in a fraction of that; ``schemas.codec`` and the
producers encode with them, and fastavro is kept for reading.
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
_BOOL = {True: 1, False: 0}
_BRANCH = "fixtrace:union-branch"  # internal pseudo-type: one fixed branch of a union
_LONG_LIMIT = 1 << 64  # zig-zag of any value outside the signed 64-bit range is >= this


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
    if n >= _LONG_LIMIT:
        raise OverflowError(f"{n:#x} does not fit a signed 64-bit Avro long")
    while n > 0x7F:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)


def _w_null(out: bytearray, v: Any) -> None:
    return None


def _w_bool(out: bytearray, v: Any) -> None:
    out.append(_BOOL[v])


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


_PRIM_WRITERS: dict[str, Writer] = {
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
                return _PRIM_WRITERS[schema]
            named = self.named
            return lambda out, v: named[schema](out, v)
        if isinstance(schema, list):
            return self._union(schema)
        kind = schema["type"]
        if kind in _PRIMS and len(schema) == 1 or kind in _PRIMS and "logicalType" in schema:
            return _PRIM_WRITERS[kind]
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
            return _PRIM_WRITERS[kind]
        raise ValueError(f"unsupported Avro type {kind!r}")

    def _record(self, schema: dict[str, Any]) -> Writer:
        fields = [(f["name"], self.compile(f["type"]), _default(f)) for f in schema["fields"]]

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


def _default(field: dict[str, Any]) -> Any:
    """What an absent field is written as: its default, null if nullable, else MISSING."""
    if "default" in field:
        return field["default"]
    kind = field["type"]
    if kind == "null" or isinstance(kind, list) and "null" in kind:
        return None
    return MISSING


class SourceGen:
    """What the writer and reader generators share: fresh names, constants, named types."""

    def __init__(self, namespace: dict[str, Any]) -> None:
        self._ns = namespace
        self._named: dict[str, Any] = {}
        self._n = 0

    def _var(self, prefix: str) -> str:
        self._n += 1
        return f"{prefix}{self._n}"

    def _const(self, value: Any) -> str:
        name = self._var("K")
        self._ns[name] = value
        return name


class CodeGen(SourceGen):
    """Generates one straight-line Python function per record schema.

    Why: the closure writer above still makes ~80 Python calls per event; inlining nested
    records, nullable unions and small varints into one function removes most of them.
    General unions dispatch on a ``(name, value)`` tuple to a generated function per
    branch, and fall back to the closure writer for untagged values.
    """

    def __init__(self) -> None:
        super().__init__({"wl": write_long, "BOOL": _BOOL, "MISSING": MISSING})
        self._fallback = Compiler()

    def build(self, schema: Any) -> Writer:
        """A ``write(out, value)`` function for ``schema`` (fastavro-parsed form)."""
        self._fallback.compile(schema)
        return self._function(schema)

    def build_branches(self, schema: dict[str, Any], field: str) -> dict[str, Writer]:
        """One writer per branch of the union in record ``schema``'s ``field``, by name.

        Each writes that field's value as its branch, untagged. Why: the caller can pick
        the branch from another field (an event's ``type``) instead of wrapping every
        value in a ``(name, value)`` tuple, and the branch's record code is inlined.
        """
        self._fallback.compile(schema)
        union = next(f for f in schema["fields"] if f["name"] == field)["type"]
        writers: dict[str, Writer] = {}
        for index, branch in enumerate(union):
            name = branch if isinstance(branch, str) else branch.get("name", branch["type"])
            fixed = {"type": _BRANCH, "index": index, "schema": branch}
            fields = [{**f, "type": fixed} if f["name"] == field else f for f in schema["fields"]]
            writers[name] = self._function({**schema, "fields": fields})
        return writers

    def _function(self, schema: Any) -> Writer:
        name = self._var("f")
        lines = [f"def {name}(out, v):", "    a = out.append"]
        lines += self._gen(schema, "v", 1)
        exec("\n".join(lines), self._ns)  # noqa: S102 - generated from a trusted schema
        return self._ns[name]

    def _gen(self, schema: Any, expr: str, depth: int) -> list[str]:
        pad = "    " * depth
        schema = resolve_node(schema, self._named)
        if isinstance(schema, str):
            return self._prim(schema, expr, pad)
        if isinstance(schema, list):
            return self._union(schema, expr, depth)
        kind = schema["type"]
        if kind == _BRANCH:
            head = bytearray()
            write_long(head, schema["index"])
            return [
                f"{pad}out += {self._const(bytes(head))}",
                *self._gen(schema["schema"], expr, depth),
            ]
        if kind == "record":
            self._named[schema["name"]] = schema
            r = self._var("r")
            out = [f"{pad}{r} = {expr}", f"{pad}g{r} = {r}.get"]
            for f in schema["fields"]:
                x = self._var("x")
                default = _default(f)
                if default is MISSING:
                    dflt = "MISSING"
                elif default is None or isinstance(default, bool | int | str):
                    dflt = repr(default)
                else:
                    dflt = self._const(default)
                out.append(f"{pad}{x} = g{r}({f['name']!r}, {dflt})")
                out += self._gen(f["type"], x, depth)
            return out
        if kind == "enum":
            self._named[schema["name"]] = schema
            idx = self._const({s: (i << 1) for i, s in enumerate(schema["symbols"])})
            if len(schema["symbols"]) < 64:
                return [f"{pad}a({idx}[{expr}])"]
            return [f"{pad}wl(out, {idx}[{expr}] >> 1)"]
        if kind == "array":
            xs, x = self._var("xs"), self._var("x")
            return [
                f"{pad}{xs} = {expr}",
                f"{pad}if len({xs}):",
                f"{pad}    wl(out, len({xs}))",
                f"{pad}    for {x} in {xs}:",
                *self._gen(schema["items"], x, depth + 2),
                f"{pad}a(0)",
            ]
        if kind == "map":
            m, k, x = self._var("m"), self._var("k"), self._var("x")
            return [
                f"{pad}{m} = {expr}",
                f"{pad}if len({m}):",
                f"{pad}    wl(out, len({m}))",
                f"{pad}    for {k}, {x} in {m}.items():",
                *self._prim("string", k, pad + "        "),
                *self._gen(schema["values"], x, depth + 2),
                f"{pad}a(0)",
            ]
        raise ValueError(f"unsupported Avro type {kind!r}")

    def _prim(self, kind: str, expr: str, pad: str) -> list[str]:
        if kind == "null":
            return []
        if kind == "boolean":
            return [f"{pad}a(BOOL[{expr}])"]
        if kind in ("int", "long"):
            n = self._var("n")
            return [
                f"{pad}{n} = {expr}",
                f"{pad}{n} = ({n} << 1) ^ ({n} >> 63)",
                f"{pad}if {n} > 127:",
                f"{pad}    if {n} >= {_LONG_LIMIT}:",
                f"{pad}        raise OverflowError('value does not fit a signed 64-bit long')",
                f"{pad}    while {n} > 127:",
                f"{pad}        a(({n} & 127) | 128)",
                f"{pad}        {n} >>= 7",
                f"{pad}a({n})",
            ]
        if kind == "string":
            b = self._var("b")
            return [
                f"{pad}{b} = {expr}.encode()",
                f"{pad}if len({b}) < 64:",
                f"{pad}    a(len({b}) << 1)",
                f"{pad}else:",
                f"{pad}    wl(out, len({b}))",
                f"{pad}out += {b}",
            ]
        if kind == "bytes":
            return [f"{pad}wl(out, len({expr}))", f"{pad}out += {expr}"]
        w = self._const(_PRIM_WRITERS[kind])
        return [f"{pad}{w}(out, {expr})"]

    def _union(self, branches: list[Any], expr: str, depth: int) -> list[str]:
        pad = "    " * depth
        x = self._var("u")
        if len(branches) == 2 and branches[0] == "null":
            return [
                f"{pad}{x} = {expr}",
                f"{pad}if {x} is None:",
                f"{pad}    a(0)",
                f"{pad}else:",
                f"{pad}    a(2)",
                *self._gen(branches[1], x, depth + 1),
            ]
        table: dict[str, tuple[bytes, Writer]] = {}
        for i, b in enumerate(branches):
            name = b if isinstance(b, str) else b.get("name", b["type"])
            head = bytearray()
            write_long(head, i)
            table[name] = (bytes(head), self._function(b))
        disp = self._const(table)
        slow = self._const(self._fallback._union(branches))
        h, w = self._var("h"), self._var("w")
        return [
            f"{pad}{x} = {expr}",
            f"{pad}if type({x}) is tuple:",
            f"{pad}    {h}, {w} = {disp}[{x}[0]]",
            f"{pad}    out += {h}",
            f"{pad}    {w}(out, {x}[1])",
            f"{pad}else:",
            f"{pad}    {slow}(out, {x})",
        ]

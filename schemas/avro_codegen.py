"""Avro writers generated as straight-line Python source, one function per record schema.

Why: the closure writer (:mod:`schemas.avro_writer`) still makes dozens of Python calls per
event; generating one function per record schema, with nested records, nullable unions and
small varints inlined, removes most of them. ``schemas.codec`` and the producers encode with
these; the stream's reader (:mod:`schemas.avro_reader`) is generated the same way and
shares :class:`SourceGen`. The bytes are the closure writer's, which are fastavro's
(``tests/schemas/test_avro_writer.py``).
"""

from __future__ import annotations

from typing import Any

from schemas.avro_writer import (
    BOOL,
    LONG_LIMIT,
    MISSING,
    PRIM_WRITERS,
    UNION_BRANCH,
    Compiler,
    Writer,
    field_default,
    resolve_node,
    write_long,
)


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

    General unions dispatch on a ``(name, value)`` tuple to a generated function per
    branch, and fall back to the closure writer for untagged values.
    """

    def __init__(self) -> None:
        super().__init__({"wl": write_long, "BOOL": BOOL, "MISSING": MISSING})
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
            fixed = {"type": UNION_BRANCH, "index": index, "schema": branch}
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
        if kind == UNION_BRANCH:
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
                default = field_default(f)
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
                f"{pad}    if {n} >= {LONG_LIMIT}:",
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
        w = self._const(PRIM_WRITERS[kind])
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

"""An Avro binary decoder compiled from a parsed schema into straight-line Python.

Why: fastavro's reader, asked for union branch names (``return_record_name``), was the
largest single cost of the stream worker in a profile (figures in ``streams/README.md``).
One generated function per record schema, with nested records,
nullable unions, enums and small varints inlined, reads the same values in a fraction of
that. It reads only bodies written with the *same* schema (the current one); records
written with an older schema version still go through fastavro's schema resolution.

The values are exactly what ``fastavro.schemaless_reader(..., return_record_name=True,
return_record_name_override=True)`` returns (tests/schemas/test_avro_reader.py proves it
for every record and event type): records are dicts in field order, enums their symbol,
a union with more than one record branch gives ``(record name, value)``.

It is a fast path, not a validator of its own: a body that ends early raises
:class:`EOFError` (or :class:`IndexError`), anything it does not read the common way (an
enum or union index out of range or in a non-minimal varint, a negative length, invalid
UTF-8) raises :class:`ValueError`, and ``schemas.codec`` then reads the body again with
fastavro, whose verdict (value or error) stands. So the fast path can only be faster, never
laxer or differently wrong. Trailing bytes are the caller's to check: the reader returns
the position after the value.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any

from schemas.avro_codegen import SourceGen
from schemas.avro_writer import resolve_node

Reader = Callable[[bytes, int], tuple[Any, int]]
"""``read(buf, pos)`` → (value, position after it)."""

_MAX_VARINT_BYTES = 10


def read_long_tail(buf: bytes, pos: int, first: int) -> tuple[int, int]:
    """Finish a zig-zag varint whose first byte ``first`` (already read) had the high bit set.

    Why separate: almost every varint in an event fits one byte, which the generated code
    decodes inline; only the rest pay this call.
    """
    n, shift = first & 0x7F, 7
    while True:
        if shift >= 7 * _MAX_VARINT_BYTES:
            raise ValueError("varint longer than 10 bytes")
        try:
            b = buf[pos]
        except IndexError:
            raise EOFError("body ends inside a varint") from None
        pos += 1
        n |= (b & 0x7F) << shift
        if b < 0x80:
            return (n >> 1) ^ -(n & 1), pos
        shift += 7


def read_length_tail(buf: bytes, pos: int) -> tuple[int, int]:
    """A string or bytes length whose first byte (at ``pos - 1``) was not a small even one."""
    n, pos = read_long_tail(buf, pos, buf[pos - 1]) if buf[pos - 1] >= 0x80 else (-1, pos)
    if n < 0:
        raise ValueError("negative length")
    return n, pos


def _small_table(decode: Callable[[int], Any]) -> tuple[Any, ...]:
    """A 256-entry table from a varint's first byte to its meaning (None: not a small one)."""
    return tuple(decode(b) if b < 0x80 else None for b in range(256))


_ZIGZAG = tuple((b >> 1) ^ -(b & 1) for b in range(0x80))
_LENGTHS = tuple(b >> 1 if b < 0x80 and not b & 1 else -1 for b in range(256))
_FLOAT = struct.Struct("<f")
_DOUBLE = struct.Struct("<d")


def _short(buf: bytes, pos: int) -> Any:
    raise EOFError(f"body ends at byte {len(buf)}, needed byte {pos}")


class ReaderGen(SourceGen):
    """Generates one straight-line Python function per schema; see the module docstring."""

    def __init__(self) -> None:
        super().__init__({
            "rl": read_long_tail, "rlen": read_length_tail, "short": _short,
            "ZZ": _ZIGZAG, "LEN": _LENGTHS, "F": _FLOAT, "D": _DOUBLE,
        })  # fmt: skip

    def build(self, schema: Any) -> Reader:
        """A ``read(buf, pos)`` function for ``schema`` (fastavro-parsed form)."""
        name, v = self._var("f"), self._var("v")
        lines = [f"def {name}(buf, pos):", "    L = len(buf)"]
        lines += self._gen(schema, v, 1)
        lines.append(f"    return {v}, pos")
        exec("\n".join(lines), self._ns)  # noqa: S102 - generated from a trusted schema
        return self._ns[name]

    # --- code generation: each ``_gen`` assigns the decoded value to ``target`` ---------

    def _gen(self, schema: Any, target: str, depth: int) -> list[str]:
        pad = "    " * depth
        schema = resolve_node(schema, self._named)
        if isinstance(schema, str):
            return self._prim(schema, target, pad)
        if isinstance(schema, list):
            return self._union(schema, target, depth)
        kind = schema["type"]
        if kind == "record":
            self._named[schema["name"]] = schema
            out: list[str] = []
            names = []
            for f in schema["fields"]:
                x = self._var("x")
                out += self._gen(f["type"], x, depth)
                names.append(f"{f['name']!r}: {x}")
            out.append(f"{pad}{target} = {{{', '.join(names)}}}")
            return out
        if kind == "enum":
            self._named[schema["name"]] = schema
            symbols = schema["symbols"]
            table = self._const(_small_table(lambda b: _at(symbols, _ZIGZAG[b])))
            return [
                f"{pad}{target} = {table}[buf[pos]]",
                f"{pad}pos += 1",
                f"{pad}if {target} is None:",
                f"{pad}    raise ValueError('enum index out of range or not a one-byte varint')",
            ]
        if kind in ("array", "map"):
            return self._blocks(schema, target, depth)
        raise ValueError(f"unsupported Avro type {kind!r}")

    def _prim(self, kind: str, target: str, pad: str) -> list[str]:
        if kind == "null":
            return [f"{pad}{target} = None"]
        if kind == "boolean":
            return [
                f"{pad}{target} = buf[pos]",
                f"{pad}pos += 1",
                f"{pad}if {target} > 1:",
                f"{pad}    raise ValueError('a boolean byte must be 0 or 1')",
                f"{pad}{target} = {target} == 1",
            ]
        if kind in ("int", "long"):
            b, n, s = self._var("b"), self._var("n"), self._var("s")
            return [
                f"{pad}{b} = buf[pos]",
                f"{pad}pos += 1",
                f"{pad}if {b} < 128:",
                f"{pad}    {target} = ZZ[{b}]",
                f"{pad}else:",  # timestamps and long lengths: the loop inline, no call
                f"{pad}    {n}, {s} = {b} & 127, 7",
                f"{pad}    while True:",
                f"{pad}        {b} = buf[pos]",
                f"{pad}        pos += 1",
                f"{pad}        {n} |= ({b} & 127) << {s}",
                f"{pad}        if {b} < 128:",
                f"{pad}            break",
                f"{pad}        {s} += 7",
                f"{pad}        if {s} > 63:",
                f"{pad}            raise ValueError('varint longer than 10 bytes')",
                f"{pad}    {target} = ({n} >> 1) ^ -({n} & 1)",
            ]
        if kind in ("string", "bytes"):
            n, e = self._var("n"), self._var("e")
            value = f"buf[pos:{e}].decode()" if kind == "string" else f"buf[pos:{e}]"
            return [
                f"{pad}{n} = LEN[buf[pos]]",
                f"{pad}pos += 1",
                f"{pad}if {n} < 0:",
                f"{pad}    {n}, pos = rlen(buf, pos)",
                f"{pad}{e} = pos + {n}",
                f"{pad}if {e} > L:",
                f"{pad}    short(buf, {e})",
                f"{pad}{target} = {value}",
                f"{pad}pos = {e}",
            ]
        width, unpack = (4, "F") if kind == "float" else (8, "D")
        return [
            f"{pad}if pos + {width} > L:",
            f"{pad}    short(buf, pos + {width})",
            f"{pad}{target} = {unpack}.unpack_from(buf, pos)[0]",
            f"{pad}pos += {width}",
        ]

    def _union(self, branches: list[Any], target: str, depth: int) -> list[str]:
        """Branch on the index's byte itself (2·index for the < 64 branches we ever have)."""
        if len(branches) >= 64:
            raise ValueError("unions of 64 or more branches are not supported")
        pad = "    " * depth
        b = self._var("b")
        records = [x for x in branches if self._is_record(x)]
        out = [f"{pad}{b} = buf[pos]", f"{pad}pos += 1"]
        for index, branch in enumerate(branches):
            out.append(f"{pad}{'if' if index == 0 else 'elif'} {b} == {index << 1}:")
            if len(records) > 1 and self._is_record(branch):
                r = self._var("r")
                out += self._gen(branch, r, depth + 1)
                out.append(f"{pad}    {target} = ({self._record_name(branch)!r}, {r})")
            else:
                out += self._gen(branch, target, depth + 1)
        out += [
            f"{pad}else:",
            f"{pad}    raise ValueError('union index out of range or not a one-byte varint')",
        ]
        return out

    def _is_record(self, schema: Any) -> bool:
        if isinstance(schema, str):
            schema = self._named.get(schema, schema)
        return isinstance(schema, dict) and schema.get("type") == "record"

    @staticmethod
    def _record_name(schema: Any) -> str:
        return schema if isinstance(schema, str) else schema["name"]

    def _blocks(self, schema: dict[str, Any], target: str, depth: int) -> list[str]:
        """Arrays and maps: blocks of ``count`` items; a negative count carries a byte size."""
        pad = "    " * depth
        is_map = schema["type"] == "map"
        c, x, k, size = self._var("c"), self._var("x"), self._var("k"), self._var("s")
        add = f"{target}[{k}] = {x}" if is_map else f"{target}.append({x})"
        key = self._prim("string", k, pad + "        ") if is_map else []
        item = self._gen(schema["values" if is_map else "items"], x, depth + 2)
        return [
            f"{pad}{target} = {{}}" if is_map else f"{pad}{target} = []",
            f"{pad}while True:",
            *self._prim("long", c, pad + "    "),
            f"{pad}    if {c} == 0:",
            f"{pad}        break",
            f"{pad}    if {c} < 0:",
            f"{pad}        {c} = -{c}",
            *self._prim("long", size, pad + "        "),
            f"{pad}    if {c} > L:",
            f"{pad}        short(buf, {c})  # every item takes a byte at least: cannot fit",
            f"{pad}    for _ in range({c}):",
            *key,
            *item,
            f"{pad}        {add}",
        ]


def _at(symbols: list[str], index: int) -> str | None:
    return symbols[index] if 0 <= index < len(symbols) else None

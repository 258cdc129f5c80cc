"""Read the string values of Go test files without running them, for the ``fresh6`` split.

TruffleHog's detector tests (``pkg/detectors/*/*_test.go``) list their cases as a
``[]struct{name, input string; want []string}`` literal whose fields are string
expressions: literals, names of constants, ``+`` and ``fmt.Sprintf``. ``lex`` cuts a file
into tokens, ``Parser`` reads expressions and composite literals (enough of Go's grammar to
walk past anything else: types, function literals, calls), ``definitions`` finds every
``name = expr`` / ``name := expr`` of the file and ``Evaluator`` works a string expression
out from them. Anything it cannot work out raises ``Unsupported``; the caller counts it and
goes on. Nothing of the file is run.
"""

from __future__ import annotations

import re
from typing import Any

Token = tuple[str, str]
Node = tuple[Any, ...]

_TOKEN = re.compile(
    r"""
     (?P<ws>[ \t\r\n]+)
    |(?P<lcomment>//[^\n]*)
    |(?P<bcomment>/\*.*?\*/)
    |(?P<raw>`[^`]*`)
    |(?P<str>"(?:[^"\\\n]|\\.)*")
    |(?P<rune>'(?:[^'\\\n]|\\.)+')
    |(?P<num>\d[\w.]*)
    |(?P<ident>[A-Za-z_]\w*)
    |(?P<op>:=|\.\.\.|&&|\|\||==|!=|<=|>=|<-|\+\+|--|[-+*/%&|^<>=!:;,.(){}\[\]~@#$?\\])
    """,
    re.S | re.X,
)
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "'": "'", "a": "\a",
            "b": "\b", "f": "\f", "v": "\v"}  # fmt: skip
_BINARY = {"||": 1, "&&": 2, "==": 3, "!=": 3, "<": 3, "<=": 3, ">": 3, ">=": 3, "+": 4,
           "-": 4, "|": 4, "^": 4, "*": 5, "/": 5, "%": 5, "&": 5}  # fmt: skip


VAR, CONST = ("ident", "var"), ("ident", "const")


class Unsupported(Exception):
    """An expression this reader does not work out."""


def lex(src: str) -> list[Token]:
    """The file's tokens, comments and blanks dropped (no semicolons inserted: the parser
    never needs them, an expression ends where the next token cannot continue it)."""
    out: list[Token] = []
    pos = 0
    while pos < len(src):
        m = _TOKEN.match(src, pos)
        if not m:
            out.append(("op", src[pos]))
            pos += 1
            continue
        pos = m.end()
        if m.lastgroup not in ("ws", "lcomment", "bcomment"):
            out.append((m.lastgroup or "op", m.group()))
    return out


def unquote(kind: str, text: str) -> str:
    """The value of a raw (backquoted) or interpreted string literal."""
    if kind == "raw":
        return text[1:-1].replace("\r", "")
    body, out, i = text[1:-1], [], 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        n = body[i + 1]
        if n in _ESCAPES:
            out.append(_ESCAPES[n])
            i += 2
        elif n in "xuU":
            width = {"x": 2, "u": 4, "U": 8}[n]
            out.append(chr(int(body[i + 2 : i + 2 + width], 16)))
            i += 2 + width
        elif n in "01234567":
            out.append(chr(int(body[i + 1 : i + 4], 8)))
            i += 4
        else:
            raise Unsupported(f"escape in {text}")
    return "".join(out)


class Parser:
    """Expressions, types and composite literals over a token list, from ``i`` on."""

    def __init__(self, toks: list[Token], i: int = 0) -> None:
        self.t = toks
        self.i = i

    def peek(self, k: int = 0) -> Token:
        j = self.i + k
        return self.t[j] if j < len(self.t) else ("eof", "")

    def is_op(self, s: str, k: int = 0) -> bool:
        return self.peek(k) == ("op", s)

    def expect(self, s: str) -> None:
        if not self.is_op(s):
            raise Unsupported(f"expected {s!r} at {self.peek()}")
        self.i += 1

    def skip_balanced(self) -> None:
        """From an opening bracket to just past its match."""
        pairs = {"(": ")", "[": "]", "{": "}"}
        depth = 0
        while True:
            kind, text = self.peek()
            if kind == "eof":
                raise Unsupported("end of file inside brackets")
            self.i += 1
            if kind == "op" and text in pairs:
                depth += 1
            elif kind == "op" and text in ")]}":
                depth -= 1
                if depth == 0:
                    return

    def type_(self) -> str:
        start = self.i
        kind, text = self.peek()
        if self.is_op("["):
            self.i += 1
            if not self.is_op("]"):
                self.expr()
            self.expect("]")
            self.type_()
        elif self.is_op("*"):
            self.i += 1
            self.type_()
        elif (kind, text) == ("ident", "map"):
            self.i += 1
            self.expect("[")
            self.type_()
            self.expect("]")
            self.type_()
        elif kind == "ident" and text in ("struct", "interface"):
            self.i += 1
            self.skip_balanced()
        elif (kind, text) == ("ident", "func"):
            self.i += 1
            self.skip_balanced()
            if self.is_op("("):
                self.skip_balanced()
            elif self.peek()[0] == "ident" or self.is_op("[") or self.is_op("*"):
                self.type_()
        elif kind == "ident":
            self.i += 1
            if self.is_op(".") and self.peek(1)[0] == "ident":
                self.i += 2
        else:
            raise Unsupported(f"type at {self.peek()}")
        return " ".join(t[1] for t in self.t[start : self.i])

    def composite_body(self) -> list[tuple[Node | None, Node]]:
        """``{elem, key: elem, …}``: a list of (key or None, value)."""
        self.expect("{")
        elems: list[tuple[Node | None, Node]] = []
        while not self.is_op("}"):
            val = ("comp", None, self.composite_body()) if self.is_op("{") else self.expr()
            key = None
            if self.is_op(":"):
                self.i += 1
                key = val
                val = ("comp", None, self.composite_body()) if self.is_op("{") else self.expr()
            elems.append((key, val))
            if self.is_op(","):
                self.i += 1
            elif not self.is_op("}"):
                raise Unsupported(f"composite at {self.peek()}")
        self.i += 1
        return elems

    def expr(self, prec: int = 0) -> Node:
        left = self.unary()
        while True:
            kind, text = self.peek()
            p = _BINARY.get(text) if kind == "op" else None
            if p is None or p <= prec:
                return left
            self.i += 1
            left = ("bin", text, left, self.expr(p))

    def unary(self) -> Node:
        kind, text = self.peek()
        if kind == "op" and text in ("-", "!", "&", "*", "^", "<-"):
            self.i += 1
            return ("unary", text, self.unary())
        node = self.primary()
        while True:
            if self.is_op(".") and self.peek(1)[0] == "ident":
                node = ("sel", node, self.peek(1)[1])
                self.i += 2
            elif self.is_op(".") and self.is_op("(", 1):  # a type assertion
                self.i += 1
                self.skip_balanced()
            elif self.is_op("("):
                node = ("call", node, self.arguments())
            elif self.is_op("["):
                node = self.index(node)
            elif self.is_op("{") and (
                node[0] == "sel" or (node[0] == "ident" and node[1][:1].isupper())
            ):
                node = ("comp", node, self.composite_body())
            else:
                return node

    def arguments(self) -> list[Node]:
        self.expect("(")
        args: list[Node] = []
        while not self.is_op(")"):
            start = self.i
            try:
                args.append(self.expr())
            except Unsupported:
                self.i = start
                args.append(("type", self.type_()))
            if self.is_op("..."):
                self.i += 1
            if self.is_op(","):
                self.i += 1
            elif not self.is_op(")"):
                raise Unsupported(f"arguments at {self.peek()}")
        self.i += 1
        return args

    def index(self, node: Node) -> Node:
        self.expect("[")
        lo = hi = None
        if not self.is_op(":"):
            lo = self.expr()
        if self.is_op(":"):
            self.i += 1
            if not self.is_op("]"):
                hi = self.expr()
            self.expect("]")
            return ("slice", node, lo, hi)
        self.expect("]")
        return ("index", node, lo)

    def primary(self) -> Node:
        kind, text = self.peek()
        if kind in ("str", "raw"):
            self.i += 1
            return ("str", unquote(kind, text))
        if kind in ("num", "rune"):
            self.i += 1
            return (kind, text)
        if (kind, text) == ("op", "("):
            self.i += 1
            node = self.expr()
            self.expect(")")
            return ("paren", node)
        if (kind, text) == ("op", "[") or (kind == "ident" and text in ("map", "struct")):
            typ = self.type_()
            if self.is_op("{"):
                return ("comp", ("type", typ), self.composite_body())
            if self.is_op("("):
                return ("type", typ)
            raise Unsupported(f"type {typ} not followed by a body")
        if (kind, text) == ("ident", "func"):
            self.i += 1
            self.skip_balanced()  # parameters
            if self.is_op("("):
                self.skip_balanced()  # results
            elif not self.is_op("{"):
                self.type_()
            self.skip_balanced()  # body
            return ("func",)
        if kind == "ident":
            self.i += 1
            return ("ident", text)
        raise Unsupported(f"primary at {self.peek()}")


def definitions(toks: list[Token]) -> dict[str, Node]:
    """Name → expression for every ``name = expr``, ``name := expr`` and
    ``var|const name [type] = expr`` of the file; the first of a name wins."""
    defs: dict[str, Node] = {}
    for i in range(1, len(toks) - 2):
        kind, text = toks[i]
        if kind != "ident" or toks[i + 1] not in (("op", "="), ("op", ":=")):
            continue
        if toks[i - 1] == ("op", "."):
            continue
        name = text
        if i >= 2 and toks[i - 1][0] == "ident" and toks[i - 2] in (VAR, CONST):
            name = toks[i - 1][1]  # `var name type = expr`
        try:
            node = Parser(toks, i + 2).expr()
        except (Unsupported, IndexError, ValueError):
            continue
        defs.setdefault(name, node)
    return defs


def go_quote(s: str) -> str:
    """``%q`` of a string (``strconv.Quote`` for the printable ASCII tests use)."""
    out = ['"']
    for ch in s:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch in "\n\t\r":
            out.append({"\n": "\\n", "\t": "\\t", "\r": "\\r"}[ch])
        elif ord(ch) < 32:
            out.append(f"\\x{ord(ch):02x}")
        else:
            out.append(ch)
    return "".join(out) + '"'


def sprintf(fmt: str, args: list[Any]) -> str:
    """``fmt.Sprintf`` for the verbs tests use: ``%s``, ``%v``, ``%q``, ``%d``, ``%%``."""
    out: list[str] = []
    rest = iter(args)
    i = 0
    while i < len(fmt):
        if fmt[i] != "%":
            out.append(fmt[i])
            i += 1
            continue
        m = re.match(r"%[-+# 0]*\d*(?:\.\d+)?([svqd%])", fmt[i:])
        if not m:
            raise Unsupported(f"verb in {fmt!r}")
        i += m.end()
        verb = m.group(1)
        if verb == "%":
            out.append("%")
            continue
        arg = next(rest)
        if verb in "sv" and isinstance(arg, str):
            out.append(arg)
        elif verb == "q" and isinstance(arg, str):
            out.append(go_quote(arg))
        elif verb == "d" and isinstance(arg, int):
            out.append(str(arg))
        else:
            raise Unsupported(f"%{verb} of {type(arg).__name__}")
    return "".join(out)


_STRING_FUNCS = {
    "fmt.Sprintf": lambda v: sprintf(v[0], v[1:]),
    "fmt.Sprint": lambda v: "".join(str(x) for x in v),
    "strings.Repeat": lambda v: v[0] * v[1],
    "strings.Join": lambda v: v[1].join(v[0]),
    "strings.ToUpper": lambda v: v[0].upper(),
    "strings.ToLower": lambda v: v[0].lower(),
    "strings.TrimSpace": lambda v: v[0].strip(),
}


class Evaluator:
    """Works out string, integer and ``[]string`` expressions from a file's definitions."""

    def __init__(self, defs: dict[str, Node]) -> None:
        self.defs = defs
        self.stack: list[str] = []

    def __call__(self, node: Node) -> Any:
        kind = node[0]
        if kind == "str":
            return node[1]
        if kind == "num":
            try:
                return int(node[1])
            except ValueError as e:
                raise Unsupported(node[1]) from e
        if kind == "paren":
            return self(node[1])
        if kind == "ident":
            return self.name(node[1])
        if kind == "bin" and node[1] in "+*":
            a, b = self(node[2]), self(node[3])
            if node[1] == "+" and type(a) is type(b) and isinstance(a, str | int):
                return a + b
            if node[1] == "*" and isinstance(a, int) and isinstance(b, int):
                return a * b
            raise Unsupported(node[1])
        if kind == "comp" and node[1] in (("type", "[ ] string"), ("type", "[ ] byte")):
            return [self(v) for _, v in node[2]]
        if kind == "call":
            return self.call(node[1], node[2])
        raise Unsupported(kind)

    def name(self, name: str) -> Any:
        if name == "nil":
            return None
        if name in self.defs and name not in self.stack:
            self.stack.append(name)
            try:
                return self(self.defs[name])
            finally:
                self.stack.pop()
        raise Unsupported(f"name {name}")

    def call(self, fn: Node, args: list[Node]) -> Any:
        if fn in (("type", "[ ] byte"), ("ident", "string")) and len(args) == 1:
            return self(args[0])
        if fn[0] == "sel" and fn[1][0] == "ident":
            func = _STRING_FUNCS.get(f"{fn[1][1]}.{fn[2]}")
            if func:
                return func([self(a) for a in args])
        raise Unsupported(f"call of {fn}")


def case_tables(toks: list[Token]) -> list[list[dict[str, Node]]]:
    """Every ``[]struct{…}{…}`` literal of the file, as a list of cases ({field: node})."""
    out = []
    for i in range(len(toks) - 2):
        if toks[i : i + 3] != [("op", "["), ("op", "]"), ("ident", "struct")]:
            continue
        try:
            node = Parser(toks, i).primary()
        except (Unsupported, IndexError, ValueError):
            continue
        if node[0] != "comp":
            continue
        cases = []
        for _, elem in node[2]:
            if elem[0] == "comp":
                fields = {k[1]: v for k, v in elem[2] if k is not None and k[0] == "ident"}
                cases.append(fields)
        out.append(cases)
    return out

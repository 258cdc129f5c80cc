"""Generated secrets written with every printable sign: the ``generated_noise`` rule.

Password generators, WordPress's ``wp_generate_password(64, true, true)``, Django's
``get_random_secret_key()`` and the scanners' own test generators draw from the whole
printable alphabet (``gSbDu-wAE7ZL#[tG4'jfx><HFdVk;5a``, ``zh!=!gq(w^_t[sBR29954x)HI+$e…``).
Every value rule stops at the first quote, ``;``, ``,`` or bracket, and the token rule only
reads ``[A-Za-z0-9+/_-]`` runs, so such a value leaked in pieces, with or without a name
beside it (a thought saying "the key X gets a 401").

A candidate is a blank-free run holding four of the rarer signs (:data:`_RARE`) within a few
characters of each other: one ``bytes.translate`` and one regex search per string decide
that (:func:`dense_signs`, the rule's pre-check). Its value is the run, or what follows a
``NAME=``, ``name:`` or ``call(`` head in it, without the quotes or brackets around it. The
value is taken when it reads as drawn at random rather than written (:func:`is_generated`):
20-256 printable ASCII characters; lower case and a digit or upper case; four distinct signs,
two of them signs programmers seldom type (``! # $ % & ; ? @ ^ ` | ~ < > { }``); no regex,
markup, template, URL or version marks; few repeated characters; brackets that do not all
pair up; under a quarter of it in words; and a score of randomness over code: sign pairs
code never writes (``)H``, ``$^``, ``(w^``), consonant clusters no word has, frequent
switches between letters, digits and signs, less one point per call, attribute or
subscript it holds.

Measured (``bench/redact_real_text.py``'s sources, 753,919 text chunks of 20,000 installed
packages' files and this repository): 14 chunks taken, all random passwords of a KDF test
suite's vectors (bcrypt hashes aside: ``credentials.py``'s). The marks and the score were
written against the misses of fresh10 and earlier splits, so those splits' gains are tuned
figures, not blind ones.
"""

from __future__ import annotations

import re

from .names import is_identifier_like

_RARE = "!\"#$%&'()*;<>?@[\\]^`{|}~,"
"""Signs a generated secret holds often and a token or path seldom: the pre-check's."""
_TO_CLASS = (
    bytes(
        ord("#") if chr(c) in _RARE else ord(" ") if chr(c).isspace() else ord("a")
        for c in range(128)
    )
    + b" " * 128
)
"""Rare signs to ``#``, blanks to a blank, everything else to ``a``: the pre-check's classes."""
_LATIN_SIGNS = "§°£€¥¢¬¦±µ¶·¿¡×÷¤"
"""Signs past ASCII a generator or a keyboard layout puts in a password (Juice Shop's
``0Y8rMnww$*9VFYE§59-!Fg1L6t&6lB``): read as rare signs; other non-ASCII text as blanks."""
_LATIN_SIGN = re.compile(f"[{_LATIN_SIGNS}]")
_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def _ascii_classes(text: str) -> str:
    """The text with a Latin sign as ``~`` (a rare sign) and other non-ASCII as a blank,
    one character for one: positions stay."""
    return _NON_ASCII.sub(" ", _LATIN_SIGN.sub("~", text))


_DENSE = re.compile(rb"#[^ ]{0,6}#[^ ]{0,6}#[^ ]{0,6}#|#(?:[^ #]{0,24}#){3}")
"""Four rare signs, each within seven characters of the last, no blank between; or spread
over a blank-free run, each within 25 of the last (Synapse's generated ``form_secret``, drawn
from letters, digits and ``.,;:^&*-_+=#~@``: fresh151)."""
_SIGN = r"[!\"#$%&'()*;<>?@\[\\\]^`{|}~,]"
_MIN, _MAX = 20, 256
PATTERN = re.compile(
    rf"\A(?=[\s\S]{{{_MIN}}})[\s\S]*?(?:"
    + (_SIGN + r"[\x21-\x7e]{0,6}") * 3
    + _SIGN
    + "|"
    + _SIGN
    + (r"(?:(?!" + _SIGN + r")[\x21-\x7e]){0,24}" + _SIGN) * 3
    + ")"
)
""":func:`dense_signs` as a regex on the text (what the engine's trigger checks test): a
string of 20 characters or more with :data:`_DENSE`'s signs."""
_TYPED_RARELY = frozenset("!#$%&;?@^`|~<>{}")
_NAME_HEAD = re.compile(r"(?:--)?[A-Za-z_][\w.\-]{0,63}(?:=|:(?!//)|\((?=[\"'`]))")
"""``NAME=``, ``name:``, ``--flag=``, ``Client(`` before a value in the same blank-free run
(not a URL's scheme)."""

_MARKS = re.compile(
    r"\\\\|\(\?|&#|&amp;|</|\[\^|[a-z]-[a-z]\]|0-9|A-Z|\\[dswbDSWZ]|\{\d+(?:,\d*)?\}"
    r"|(?:[A-Za-z0-9]{2,}\|){3}|=(?:True|False|None)\b|\[::|\$\"|\^\{|<[a-z]+>"
    r"|[<>!=]=\d+\.\d|://|^//|\$\{|;base64,|->\w|=>|::\w|[a-z]{12,}|[A-Z]{12,}"
    r"|\{[A-Za-z_]\w*\}|&[a-z]{2,6};|(?:%[0-9A-F]{2}){2}|(?:'[^'\s]*',){2}"
)
"""What a regex, an HTML or LaTeX fragment, a URL, a template or format field, an HTML
entity, percent-encoded text, a data URI, a version specifier or code's operators hold, a
run of one case too long to be drawn at random, and a row of quoted items
(``'1','admin','$P$…',``: a dump's row, fresh64)."""
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_VOWEL = re.compile(r"[aeiouAEIOU]")
_MAX_WORDY = 0.25
"""Share of the value in word-like segments (4+ letters with a vowel) above which it is
written text or a name (``desktop-rhf_SponsoredProducts…``), not a draw."""
_CODE = re.compile(
    r"(?<![A-Za-z0-9])(?:[A-Z]?[a-z_]*[aeiou][a-z0-9_]*|sqrt|str)\(|\.[A-Za-z_]{2,}"
    r"|[A-Za-z_]\w*\[[\w'\"\-:]*\]|\*\*|==|\\[nrtux0-9\\]|%[sdrf]|\{\}|\(\)|[a-z]{2,}=[\w\"']"
)
"""A call of a word, an attribute, a subscript, an operator or an escape: code's marks."""
_ODD_PAIR = re.compile(
    r"[)\]}][A-Za-z0-9]|[!@#$%^&~|;?`][!@#$%^&*~|;?`\]}>)=+,:]|[({\[<][!@#$%^&~|;?`*=+,:>)\]}]"
)
"""Sign pairs code does not write: a closing bracket glued to a word, two operators that
make no operator, an opening bracket followed by an operator."""
_CLUSTER = re.compile(r"[bcdfghjklmnpqrstvwxz]{4,}|[^aeiouy\W\d_]{3,}", re.IGNORECASE)
"""Letters no word strings together (``xYNQ``, ``dzzr``)."""
_CLASS_RUN = re.compile(r"[A-Za-z]+|[0-9]+|[^A-Za-z0-9]+")
_MIN_SCORE = 3


def dense_signs(low: str) -> bool:
    """The rule's pre-check: four rare signs close together somewhere in the text (a
    shorter string cannot hold a generated value: no pass at all)."""
    if len(low) < _MIN:
        return False
    if not low.isascii():
        low = _ascii_classes(low)
    return _DENSE.search(low.encode().translate(_TO_CLASS)) is not None


def _switches(value: str) -> int:
    """Points for how often the value switches between letters, digits and signs."""
    share = len(_CLASS_RUN.findall(value)) / len(value)
    return 3 if share >= 0.8 else 2 if share >= 0.6 else 1 if share >= 0.5 else 0


_MIN_DISTINCT = 0.6
"""Distinct characters per character (of the first 40): a draw from ~90 signs repeats few,
a formula or a list of fields repeats its separators (``|1,0,j1=1,j2=2,j3=3>``)."""
_CLOSING = {")": "(", "]": "[", "}": "{"}


def _balanced(value: str) -> bool:
    """Two or more brackets, every one closed in order: an expression, not a draw."""
    stack: list[str] = []
    count = 0
    for c in value:
        if c in "([{":
            stack.append(c)
            count += 1
        elif c in _CLOSING:
            count += 1
            if not stack or stack.pop() != _CLOSING[c]:
                return False
    return count >= 2 and not stack


def is_generated(value: str) -> bool:
    """Drawn at random from the printable alphabet, not written (see the module's doc)."""
    if not _MIN <= len(value) <= _MAX or not value.isprintable():
        return False
    if not value.isascii():
        value = _ascii_classes(value)  # judged with its Latin signs as "~"
    if " " in value or value.lower() == value.upper():
        return False
    lower = value.upper() != value
    if not lower or not (value.lower() != value or any(c.isdigit() for c in value)):
        return False
    signs = {c for c in value if not c.isalnum()}
    if len(signs) < 4 or len(_TYPED_RARELY & signs) < 2 or _MARKS.search(value):
        return False
    if sum(c.isalnum() for c in value) < len(value) / 2:
        return False
    if len(set(value)) < _MIN_DISTINCT * min(len(value), 40) or _balanced(value):
        return False
    if encoded_polyline(value) or encoded_polyline(value.rstrip(",.;:)")):
        return False  # also before a sentence's comma: "from _p~iF~ps|U…`@, precision 5"
    wordy = sum(len(w) for w in _WORD.findall(value) if len(w) >= 4 and _VOWEL.search(w))
    if wordy > _MAX_WORDY * len(value):
        return False
    score = len(_ODD_PAIR.findall(value)) + len(_CLUSTER.findall(value)) + _switches(value)
    score += len(_TYPED_RARELY & signs) >= 4
    return score - len(_CODE.findall(value)) >= _MIN_SCORE


def encoded_polyline(value: str) -> bool:
    """Google's encoded polyline (``_p~iF~ps|U_ulLnnqC_mqNvxq`@``: OSRM, Mapbox, the Maps
    APIs): every sign in ``?``..``~``, five bits each, ending each number below ``_``; read
    as pairs of latitude and longitude in 1e-5 or 1e-6 degrees, each a real place and the
    first away from (0, 0). Coordinates, not a secret (negcarried4)."""
    numbers: list[int] = []
    result = shift = 0
    for sign in value:
        bits = ord(sign) - 63
        if not 0 <= bits < 64 or shift > 30:
            return False
        result |= (bits & 0x1F) << shift
        shift += 5
        if bits < 0x20:
            numbers.append(~(result >> 1) if result & 1 else result >> 1)
            result = shift = 0
    if shift or len(numbers) < 4 or len(numbers) % 2:
        return False
    return any(_places(numbers, scale) for scale in (1e5, 1e6))


def _places(numbers: list[int], scale: float) -> bool:
    lat = lon = 0
    for i in range(0, len(numbers), 2):
        lat += numbers[i]
        lon += numbers[i + 1]
        if abs(lat) > 90 * scale or abs(lon) > 180 * scale:
            return False
    return abs(numbers[0]) + abs(numbers[1]) > scale / 100


_PAIRS = {'"': '"', "'": "'", "`": "`", "(": ")", "[": "]", "{": "}", "<": ">"}
_LITERAL_HEAD = re.compile(r"[(\[{]*[rbufRBUF]{0,2}(?=[\"'`])")
"""What opens a quoted literal in a run: brackets of a call or a list, a string prefix."""
_AFTER_LITERAL = ",;.:)]}"


def _unwrapped(text: str, start: int, end: int) -> tuple[int, int]:
    """The run without what wraps it: a quoted literal's quotes and what opens and closes
    around them (``(b"value"),``), or the closing quote (and ``);`` after it) of a literal
    opened before the run, else matching brackets and the sign after them (``(value).`` in
    a sentence)."""
    head = _LITERAL_HEAD.match(text, start, end)
    if head is not None:
        opened = head.end()
        close = end
        while close - 1 > opened and text[close - 1] in _AFTER_LITERAL:
            close -= 1
        if close - 1 > opened and text[close - 1] == text[opened]:
            return opened + 1, close - 1
        closing = _closing_after_blanks(text, opened, end)
        if closing is not None:
            return opened + 1, closing
    else:  # the run ends a literal opened before it (a value with a blank: a WordPress salt)
        close = end
        while close - 1 > start and text[close - 1] in _AFTER_LITERAL:
            close -= 1
        quote = text[close - 1]
        if close - 1 > start and quote in "\"'`" and quote not in text[start : close - 1]:
            end = close - 1
    while end - start > 2 and text[start] in _PAIRS:
        close = end - 1
        if text[close] in ",;.:" and text[close - 1] == _PAIRS[text[start]]:
            close -= 1
        if text[close] != _PAIRS[text[start]]:
            break
        start, end = start + 1, close
    return start, end


_BLANKED_REACH = 256


def _closing_after_blanks(text: str, opened: int, end: int) -> int | None:
    """Where the literal opened at ``opened`` closes on its line when one or two blanks cut
    it after the run (four in a long one: :data:`_LONG_BLANKED`) (a WordPress key from
    ``wp_generate_password(64, true, true)``, whose alphabet holds the blank: fresh39), if
    the literal is long enough to be such a key."""
    quote = text[opened]
    close = text.find(quote, end, min(len(text), opened + _BLANKED_REACH))
    if close < 0 or close - opened - 1 < _MIN_BLANKED:
        return None
    inside = text[end:close]
    blanks = 4 if close - opened - 1 >= _LONG_BLANKED else 2
    return close if "\n" not in inside and 0 < inside.count(" ") <= blanks else None


_MIN_BLANKED = 40
_LONG_BLANKED = 56
"""A literal this long may hold four blanks: a 64-sign WordPress salt draws about one blank
in 95 signs, and three or four happen (fresh159's ``NONCE_SALT``: ``'}RXI>1=i);>@z0hv84?6E
cP0F CP(dW<r*zOq9xL/Jj -ASO[H.&ZNep.7=S@_k'``)."""


def _named(head: str) -> bool:
    """A head written as a name (``DB_PASSWORD``, ``api-key``, ``apiKey``, ``--token``),
    not the start of a value that holds ``=`` or ``:`` (``gVmMTdkwLwmZljc='.jD#…``)."""
    name = head.strip("-=:(")
    return name.isupper() or name.islower() or is_identifier_like(name)


def _value_spans(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The value after a ``NAME=``/``name:``/``call(`` head when the run has one (maybe
    inside a quote the run opens: ``echo 'KEY=…' >> .env``; not a prefix's ``-``, as
    ``django-insecure-=…``), else the run."""
    head = _NAME_HEAD.match(text, start, end)
    if text[start] in "'\"`":  # echo 'KEY=…' >> .env: the quote opens before the name
        inner = _NAME_HEAD.match(text, start + 1, end)
        if inner is not None and _named(inner.group()) and not inner.group()[:-1].endswith("-"):
            close = text.find(text[start], inner.end(), end)
            if close < 0:
                close = _closing_after_blanks(text, start, end) or end
            spans = _generated(text, inner.end(), close, end)
            if spans:
                return spans
    named = head is not None and _named(head.group())
    return _generated(text, *_unwrapped(text, head.end() if head and named else start, end), end)


def _generated(text: str, a: int, b: int, run_end: int) -> list[tuple[int, int]]:
    """``text[a:b]`` as a span when it reads as generated; blanks past the run's end are a
    key's alphabet's (:func:`_closing_after_blanks`), judged without them."""
    value = text[a:b] if b <= run_end else text[a:b].replace(" ", "")
    return [(a, b)] if is_generated(value) else []


def noise_spans(text: str, low: str, hits: list[str] | None) -> list[tuple[int, int]]:
    """Spans of the generated values in the text's blank-free runs of dense signs (the
    search below is :func:`dense_signs`' own, so the gate is not run twice)."""
    if len(text) < _MIN:
        return []
    data = (text if text.isascii() else _ascii_classes(text)).encode()
    classes = data.translate(_TO_CLASS)
    spans: list[tuple[int, int]] = []
    at = 0
    while (m := _DENSE.search(classes, at)) is not None:
        start = classes.rfind(b" ", 0, m.start()) + 1
        end = classes.find(b" ", m.end())
        end = len(classes) if end < 0 else end
        if "[REDACTED:" not in text[start:end]:  # pieces an earlier rule left: glued.py's
            spans += _value_spans(text, start, end)
        at = end
    return spans

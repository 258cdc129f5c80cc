"""Strict shapes for the wire records' string fields that are not free text.

A shape is a full-match regex plus, for names and ids, a refusal of parts that read as a
key (a GitHub token fits ``[A-Za-z0-9_]{1,64}``): :func:`looks_random`. Which field has
which shape is in :mod:`schemas.fields`; the annotated types at the bottom are what the
wire models use, so the gateway answers 422, the SDK raises and the stream dead-letters a
value out of shape. What a shape cannot tell apart is said in its ``limits``.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any

from pydantic import AfterValidator, ValidationInfo

from schemas.vocabularies import VOCABULARIES, Vocabulary

TEXT = "text"
"""Scanned by the stream's redaction step (``streams/redact_events.py``)."""
DROPPED = "dropped"
"""Read by no stage and stored nowhere: the stream's prepare step drops it (the raw topic
keeps it, as it keeps every raw record). Which client sent a batch is such a field; the
every-field test plants secrets in it and runs the prepare step to prove nothing keeps it."""


SHORT_TEXT = "short_text"
"""Short free text that names something (a branch, an OS, an IDE and its version, a time
zone, a language, a label, a task or repository id): scanned like text, and each segment
of it (between spaces and slashes) that reads as a key (:func:`looks_random`) is redacted
too, with no keyword beside it (:func:`random_segments`). Why not a shape the boundary
refuses: the value is the developer's (a branch they named), and a refusal would lose the
whole event for one odd name; why not plain text: text rules need context to take a bare
key, and a name field has none, so ``Environment.os = "df161d9d5841…"`` was stored."""

_HEXISH = re.compile(r"[0-9a-fA-F]+")
_PART = re.compile(r"[A-Za-z0-9]+")


_UUID_SHAPED = re.compile(
    r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
)
_RFC_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")
_MINTED_UUID = re.compile(
    r"[0-9a-f]{8}-[0-9a-f]{4}-[457][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"
)
"""The versions fixtrace's clients mint: random (4), name-based SHA-1 (5), time-ordered (7).
A time-based (1, 2, 6), MD5 (3) or custom (8) UUID in an id field is nobody's event id:
TruffleHog's npm, blocknative and cliengo sample keys are such."""
_VERSION_LABELS = "|".join(
    ("alpha", "beta", "preview", "pre", "rc", "a", "b", "c", "post", "rev", "r", "dev",
     "final", "snapshot", "nightly", "canary", "next", "stable", "lts", "ga", "m", "local")
)  # fmt: skip
"""The labels a version may carry (PEP 440's pre, post and dev forms, SemVer's usual
pre-release words): a free lower-case label let ``4ian1234`` pass as a version."""
_WORD = re.compile(r"[A-Z]?[a-z]{2,}|[A-Z]{2,}(?![a-z])")
_VOWELS = frozenset("aeiouyAEIOUY")
_INTERLEAVED = re.compile(r"(?<=[A-Za-z])[0-9]|(?<=[0-9])[A-Za-z]")


def _case_mixed(part: str) -> bool:
    """Upper case after the first character next to lower case: ``GMdVWNRq``, ``getById``."""
    return any(c.isupper() for c in part[1:]) and any(c.islower() for c in part)


def _wordy(part: str) -> bool:
    """Most of the part is word-like segments (``ConnectionError``, ``getElementById``)."""
    covered = sum(len(w) for w in _WORD.findall(part) if _VOWELS.intersection(w))
    return covered >= 0.6 * len(part)


_CASE_SEGMENT = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def _case_flips(part: str) -> bool:
    """Letter case flips every few letters: 4+ CamelCase segments under 3.5 letters on
    average (``QuyijkwNEzPGfu``, ``sOSNCWAucqHBDn``); names' words are longer
    (``getElementById``, ``HTTPSConnectionPool``)."""
    segments = _CASE_SEGMENT.findall(part)
    return len(segments) >= 4 and sum(map(len, segments)) < 3.5 * len(segments)


_UPPER_GROUPS = re.compile(r"(?<![A-Za-z0-9])[A-Z0-9]+(?:-[A-Z0-9]+){3,}(?![A-Za-z0-9])")
_NAME_NUMBER = re.compile(r"[A-Z]+[0-9]+")


def _licence_key(value: str) -> bool:
    """A licence-key form: 4+ upper-case groups, 24+ characters, one group of 5+ whose
    digits are not just a number after a name (``A3-ASWWYB-798JRY-…``, ``IZAT6SA-…``).
    Cipher suites, platforms and tickets (``ECDHE-RSA-AES128-GCM-SHA256``,
    ``WIN-10-22H2-X64-ENTERPRISE``, ``PROJ-1234``) have name-number groups or short ones."""
    for run in _UPPER_GROUPS.findall(value):
        if len(run) < 24:
            continue
        for group in run.split("-"):
            mixed = not group.isdigit() and not group.isalpha()
            if len(group) >= 5 and mixed and not _NAME_NUMBER.fullmatch(group):
                return True
    return False


_USERINFO = re.compile(r"://[^/@\s]*:[^/@\s]*@")
"""A URL with a password in it (``amqps://user:pw@host``): never an id."""
_SLACK_IDS = re.compile(r"xox[a-z]-\d{9,}-\d{9,}")
_HEX_PAIR = re.compile(r"(?<![0-9A-Za-z])[0-9a-f]{8,}:[0-9a-f]{8,}(?![0-9A-Za-z])")
_LONG_DIGITS = 24
"""Digits in one run past any 64-bit id (20) or Google account id (21): a numeric key."""


def looks_random(value: str, max_hex: int = 12, uuid: re.Pattern[str] = _RFC_UUID) -> bool:
    """A part of ``value`` that reads as a key rather than a word, number or short id.

    Parts are the alphanumeric runs. A part is random-looking when it is 12+ characters
    and mixes letters and digits (``Xk3jd8fQ2aB7``, ``ghp_…``'s body), when it is hex
    longer than ``max_hex`` (a 32-hex API key; a UUID's parts are 12 at most), or when it
    has 4+ changes from lower to upper case (``aBcDeF``), or when it is 10+ characters of
    mixed case that do not read as words (``GMdVWNRqbQbXmf``) or whose case flips every few
    letters (``QuyijkwNEzPGfu``). A UUID-shaped part must fit ``uuid`` (names and versions:
    an RFC UUID, with version and variant digits; ids: any lower-case UUID). Words,
    CamelCase class names, version strings, dates and UUIDs of that form pass.
    """
    for shaped in _UUID_SHAPED.findall(value):
        if not uuid.fullmatch(shaped):
            return True  # UUID-shaped, not of the accepted form (mixed case, no version)
    if _licence_key(value) or _USERINFO.search(value):
        return True
    if sum(1 for p in _PART.findall(value) if len(p) >= 9 and p.isdigit()) >= 3:
        return True  # xoxs-416843729158-132049654-5609968301-…: a legacy Slack token's form
    if "xox" in value and _SLACK_IDS.search(value):
        return True  # xoxb-23984754863-2348975623112: a Slack token's prefix and ids
    if ":" in value and _HEX_PAIR.search(value):
        return True  # ec04a635:b5f7de0c: a gem source's user:password (Sidekiq Pro's form)
    for part in _PART.findall(value):
        if len(part) >= 10 and _case_mixed(part) and (not _wordy(part) or _case_flips(part)):
            return True
        if len(part) >= _LONG_DIGITS and part.isdigit():
            return True  # a 25-digit numeric key (trufflehog's vbout)
        if _HEXISH.fullmatch(part) and not part.isdigit() and not part.isalpha():
            if len(part) > max_hex:
                return True
            continue
        if len(part) >= 6 and len(_INTERLEAVED.findall(part)) >= 3:
            return True  # letters and digits interleaved (B9LNS58, 798JRY): not a name
        if len(part) >= 12 and not part.isalpha() and not part.isdigit():
            return True
        changes = sum(
            1 for a, b in zip(part, part[1:], strict=False) if a.islower() and b.isupper()
        )
        if changes >= 4 and len(part) >= 10:
            return True
    return False


_NAME_SEGMENT = re.compile(r"[^\s/]+")
_PASSWORD_SIGNS = "!$*^~|`"
_SIGN_INSIDE = re.compile(rf"[A-Za-z0-9][{re.escape(_PASSWORD_SIGNS)}]+[A-Za-z0-9]")


def password_like(segment: str) -> bool:
    """A segment with a password's signs (``!$*^~|`` and the backtick) among letters: inside
    the word (``super$ecret``, ``Winter!Q``), beside digits (``VMware1!``, ``river99$``) or
    two of them (``Hunter!$``), or ending a word and a number with ``#``, ``%``, ``&`` or
    ``@`` (``ciderland5#``, ``jenko123%``), or a word with three or more signs after it
    (``tuturjgkjf#$@#%``), or a capitalised word, ``@`` and a number (``Admin@123``). No
    branch, OS, IDE, time zone, language or label is written so;
    ``breaking!`` (one sign at the end, no digit) stays a word."""
    if _WORD_NUMBER_SIGN.search(segment) or _SIGNS_AFTER_WORD.search(segment):
        return True
    if _WORD_AT_NUMBER.fullmatch(segment):
        return True
    signs = sum(segment.count(c) for c in _PASSWORD_SIGNS)
    if not signs or not any(c.isalpha() for c in segment):
        return False
    return signs >= 2 or any(c.isdigit() for c in segment) or bool(_SIGN_INSIDE.search(segment))


_WORD_NUMBER_SIGN = re.compile(r"^(?![#%&@]).*[a-z][A-Za-z]{2}[0-9]+[#%&@]$")
"""Not a template's ``@CFLAGS_SSE2@`` (opened by the same sign, no lower case)."""
_SIGNS_AFTER_WORD = re.compile(r"[A-Za-z]{4}[0-9]*[#$%&@!*^~]{3,}$")
_WORD_AT_NUMBER = re.compile(r"[A-Z](?=[a-z]{2})[A-Za-z]{2,}[0-9]*@[0-9]{3,}|[a-z]{4,}@[0-9]{3,}")
"""A capitalised word (or words joined in capitals), ``@`` and a number (``Admin@123``,
``Zurimb@2015``, ``MotDePasse@123``: the password a policy of capitals, digits and a sign
gets), or a lower-case word and three digits or more (``webshop@123``, ``bluepower@2022``:
fresh38, fresh39). A formula or package pinned to a version has one or two digits or dots
(``postgresql@14``, ``python@3.11``), an address has a host."""


_KEY_TOKEN = re.compile(r"(?!.*\.[a-z]{1,5}$)[A-Za-z0-9_\-.+!$*~@#%&:^|=()?]+")
"""A token a key could be alone: no path or URL (``/``), no code's brackets, braces, quotes
or commas, not a file name (``before-externalsecret1.yml``). ``=``, ``(`` and ``)`` may be
in it: base64 (``…+CqH-yA4gTf=aDl0U``) and Django's keys (``d&lvybzry1*k+qq)=x-!=0y…``)."""


def reads_as_key(token: str) -> bool:
    """A token alone (a name's segment, a field's whole value) that reads as a key
    (:func:`looks_random`) or a password (:func:`password_like`), and could be one
    (:data:`_KEY_TOKEN`: ``pwd``'s ``/tmp/tmp.JewM2MsfG7`` or a hash-named file is not)."""
    return bool(_KEY_TOKEN.fullmatch(token)) and (looks_random(token) or password_like(token))


def random_segments(name: str) -> list[tuple[int, int]]:
    """Spans of the segments of ``name`` (between spaces and slashes) that read as a key
    (:func:`reads_as_key`).

    ``feature/login-VMware1!`` loses its last segment, not the branch's path;
    ``Ubuntu 22.04.3 LTS``, ``IU-233.13135.103``, ``America/New_York`` and a merge queue's
    ``gh-readonly-queue/main/pr-123-9fceb02d…`` keep all.
    A URL or a path (a repository id that is its remote, ``file:///tmp/tmp.JewM2MsfG7/…``)
    is left to the text rules, which know URLs and paths.
    """
    if _URL_OR_PATH.match(name):
        return []
    return [
        m.span()
        for m in _NAME_SEGMENT.finditer(name)
        if reads_as_key(m.group()) and not _MERGE_QUEUE_HEAD.fullmatch(m.group())
    ]


_MERGE_QUEUE_HEAD = re.compile(r"pr-\d+-[0-9a-f]{40}")
"""The last segment of a GitHub merge-queue branch: a pull request and its head commit."""


_URL_OR_PATH = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*://|[/~.]|[A-Za-z]:\\|[\w.\-]+@[\w.\-]+:")
"""``scheme://``, ``/abs``, ``~/home``, ``./rel``, ``C:\\``, ``git@host:``."""


_FITTED: dict[str, dict[str, None]] = defaultdict(dict)
_FITTED_MAX = 50_000


@dataclass(frozen=True)
class Shape:
    """A strict shape: a full-match regex, optionally refusing random-looking parts."""

    name: str
    regex: re.Pattern[str]
    examples: tuple[str, ...]
    rejects: tuple[str, ...]
    no_random_parts: bool = False
    limits: str = ""
    max_hex: int = 12
    """Longest hex part a value may hold (``no_random_parts``)."""
    uuid: re.Pattern[str] | None = _RFC_UUID
    """The UUID form that passes whole, as a value or (``no_random_parts``) a part of one;
    None: a UUID is not a value of this shape (a shell, a version)."""
    vocabulary: Vocabulary | None = None
    """A closed list of values (``regex`` is then the list's open form, e.g. ``x-`` names)."""
    expects: str = ""
    """What a value must be, for the error message (else the regex is quoted)."""
    scanned: bool = False
    """The stream also runs the text rules over a value that fitted: an open id's
    characters fit a provider token made of short parts (``HRKU-<uuid>``, ``glcbt-…``,
    ``px-api-<uuid>``), which no shape tells from a run id (``run-<uuid>``)."""

    def why_not(self, value: str) -> str | None:
        """None when ``value`` fits, else one line saying why not (never the value itself).

        Values that fitted are remembered (bounded): shells, runners, branches and trace
        ids repeat across events, and this runs on every event the stream decodes. A UUID
        (the usual event id) is accepted by one regex.
        """
        ok = _FITTED[self.name]
        if value in ok:
            return None
        if self.no_random_parts and self.uuid is not None and self.uuid.fullmatch(value):
            return None
        why = self._why_not(value)
        if why is None:
            if len(ok) >= _FITTED_MAX:
                ok.clear()
            ok[value] = None
        return why

    def _why_not(self, value: str) -> str | None:
        if "\x00" in value:
            return f"{self.name}: contains a NUL character"
        if self.vocabulary is not None:
            if value in self.vocabulary.values:
                return None
            if not self.regex.fullmatch(value):
                return (
                    f"{self.name}: not a known value ({self.vocabulary.listing()}) "
                    "nor an extension name (x-lower_case_words)"
                )
        elif not self.regex.fullmatch(value):
            return f"{self.name}: does not match {self.expects or self.regex.pattern}"
        if self.no_random_parts and looks_random(value, self.max_hex, self.uuid or _RFC_UUID):
            return f"{self.name}: a part looks like a random key, not a name or id"
        if self.no_random_parts and password_like(value):
            return f"{self.name}: reads as a password (Admin@123), not a name or id"
        return None


def _s(name: str, regex: str, examples: tuple[str, ...], rejects: tuple[str, ...], *,
       no_random_parts: bool = False, limits: str = "", max_hex: int = 12,
       uuid: re.Pattern[str] | None = _RFC_UUID, expects: str = "",
       scanned: bool = False) -> Shape:  # fmt: skip
    return Shape(name, re.compile(regex), examples, rejects, no_random_parts, limits, max_hex,
                 uuid, expects=expects, scanned=scanned)  # fmt: skip


def _vocabulary_shape(vocabulary: Vocabulary, rejects: tuple[str, ...]) -> Shape:
    """A closed list plus its open form; an open-form value must not look random either."""
    return Shape(
        vocabulary.name,
        vocabulary.open_form,
        (*sorted(vocabulary.values)[:3], "x-" + vocabulary.name.replace("_", "-")),
        rejects,
        no_random_parts=True,
        limits="none for the listed values; an extension name is x- and lower-case words, "
        "which a word-only passphrase of that form would fit",
        uuid=None,
        vocabulary=vocabulary,
    )


_WORDLIKE_SECRETS = ("castle99x", "TestSourcePassword", "redirect_uri_mismatch", "hunter2")
"""Word-like passwords and secrets from the public corpus that a name shape lets through."""


SHAPES: dict[str, Shape] = {
    s.name: s
    for s in (
        _s(
            "id",
            r"[A-Za-z0-9][A-Za-z0-9._:@+/\-]{0,127}",
            (
                "e1",
                "0f8fad5b-d9cb-469f-a165-70867728950e",
                "run-3e687efb-1561-4cee-9d5a-e989224e7276",
                "django__django-11099",
                "swe-agent/run-3",
            ),
            (
                "ghp_R2d4x0ZkQpL9mN3vB7cT1yH6jF8sW5aE0uIo",
                "has space",
                "",
                "TzkvbNQwPXeMb",
                "444b05A5-3c4f-cd9c-26df-21eac3f8907a",  # mixed case: no UUID printer does it
                "3E687EFB-1561-ECEE-3D5A-E989224E7276",  # not the canonical lower case
                "3e687efb-1561-ecee-3d5a-e989224e7276",  # no version bits: trufflehog's mux
                "amzn.mws.dab428a1-ed97-fd8d-e045-950d712f6f58",
                "Root@1234",  # a password's capitalised word, "@" and number (fresh36)
            ),
            no_random_parts=True,
            limits="a word-like password (castle99x, TestSourcePassword) fits a name, and so "
            "does a secret made only of short parts or a key written as an RFC 9562 UUID "
            "(Heroku's). A UUID-shaped part must carry RFC 9562's version and variant bits: "
            "what uuid4/uuid5/uuid7 and databases' gen_random_uuid print, and what 13 "
            "UUID-shaped fixture keys (trufflehog's kucoin, mux, opsgenie...) lack; the "
            "stream runs the text rules over a fitted id, so a prefixed token is redacted",
            scanned=True,
        ),
        _s(
            "uuid",
            _MINTED_UUID.pattern,
            ("0f8fad5b-d9cb-469f-a165-70867728950e", "01932c07-a0e3-7b3c-9d6e-0e4f5a6b7c8d"),
            (
                "e1",
                "t-1",
                "3e687efb-1561-ecee-3d5a-e989224e7276",  # no version and variant bits
                "743b294a-cd03-11ec-9d64-0242ac120002",  # a time-based (v1) sample npm key
                "0F8FAD5B-D9CB-469F-A165-70867728950E",
                *_WORDLIKE_SECRETS,
            ),
            limits="a key that is itself a random RFC 9562 UUID (Heroku's API keys) fits: "
            "the ids fixtrace's clients mint (uuid4, uuid5, uuid7, the SDK's uuid4-prefixed "
            "counter) all have RFC 9562's variant bits and version 4, 5 or 7, which 13 "
            "UUID-shaped fixture keys lack and time-based or MD5 UUIDs do not have",
            uuid=None,
            expects="a lower-case RFC 9562 UUID (uuid4, uuid5 or uuid7, as fixtrace's "
            "clients mint them)",
        ),
        _s(
            "digest",
            r"sha256:[0-9a-f]{64}|sha512:[0-9a-f]{128}|sha1:[0-9a-f]{40}",
            ("sha256:" + "b" * 64, "sha1:9fceb02d0ae598e95dc970b74767f19372d61af8"),
            (
                "h",
                "0c1d2e3",
                "d41d8cd98f00b204e9800998ecf8427e",
                "9fceb02d0ae598e95dc970b74767f19372d61af8",
                "AKIAIOSFODNN7EXAMPLE",
            ),
            limits="none known: a content digest names its algorithm (what the blob store, "
            "the capture client and the importers write); bare hex is refused",
        ),
        _s(
            "git_object",
            r"[0-9a-f]{40}|[0-9a-f]{64}",
            ("9fceb02d0ae598e95dc970b74767f19372d61af8", "c" * 64),
            ("sha256:" + "b" * 64, "d41d8cd98f00b204e9800998ecf8427e", "main"),
            limits="a secret written as 40 or 64 lower-case hex fits (a git object id looks alike)",
        ),
        _s(
            "revision",
            r"[0-9a-f]{7,12}|[0-9a-f]{40}|[0-9a-f]{64}|unknown",
            ("9fceb02d0ae598e95dc970b74767f19372d61af8", "9fceb02", "9fceb02d0ae5", "unknown"),
            (
                "ghp_R2d4x0ZkQpL9mN3vB7cT1yH6jF8sW5aE0uIo",
                "d41d8cd98f00b204e9800998ecf8427e",
                "a b",
                "main",
                "castle99x",
                "v1.2.3",
                "abc123",  # shorter than any abbreviation git prints (7)
                "3ff77bb6fe6885",  # 14 hex: a trufflehog fixture key (ipinfo)
            ),
            limits="a secret of 40/64 or 7-12 lower-case hex fits (a git sha looks alike); a "
            "branch or tag name is not a revision here (capture and importers send "
            "`git rev-parse` output, `git rev-parse --short`'s 7-12, or `unknown`)",
        ),
        _s(
            "version",
            rf"(?:[0-9]{{1,4}}|[0-9]{{5,9}}(?=\.))(?:\.[0-9]{{1,9}}){{0,4}}(?:[-+._]?(?:{_VERSION_LABELS})(?:\.?[0-9]{{1,9}})?){{0,2}}",
            ("1.0", "3.11.6", "2024.05.01-rc1", "2.0a1", "1.0.0-beta.2", "1.0+local"),
            (
                "glpat-9a8b7c6d5e4f3g2h1i0j",
                "castle99x",
                "0f8fad5b-d9cb-469f-a165-70867728950e",
                "3ff77bb6fe6885",
                "v1",
                "4ian1234",  # Nosey Parker's generic password example
                "012345abcdef",
                "326866",  # a numeric password (fresh78): a number alone has at most 4 digits
            ),  # fmt: skip
            limits="a numeric password of up to four digits fits (a version may be one "
            "number: 2, 2024); a version is numbers with dots and at most two labels of "
            "PEP 440's and SemVer's usual words (rc1, beta.2, dev3, post1, +local)",
            uuid=None,
            expects="a version: numbers with dots (a number alone has at most four digits) "
            "and at most two labels such as rc1, beta.2, dev3 or post1 (1.0, 2.0rc1, "
            "1.0.0-beta.2)",
        ),
        *(
            _vocabulary_shape(v, ("bash5x", "unified-diff-v2", *_WORDLIKE_SECRETS))
            for v in VOCABULARIES.values()
        ),
    )
}
"""The named shapes a non-text string field may have."""


STORED = {"stored": True}
"""Validation context for rows read back from storage: shapes are checked at the wire only.

Why: rows stored before a shape existed (or by another writer) must still be readable, so
the UI, QA and export never fail on them; what they show is escaped downstream anyway.
"""


def _from_storage(info: ValidationInfo) -> bool:
    return bool(info.context) and bool(info.context.get("stored"))


def _validator(shape: Shape) -> Callable[[str, ValidationInfo], str]:
    def check(value: str, info: ValidationInfo) -> str:
        if _from_storage(info):
            return value
        why = shape.why_not(value)
        if why is not None:
            raise ValueError(why)
        return value

    return check


@cache
def shaped(name: str) -> Any:
    """The annotated ``str`` type of a shape, for the wire models' fields."""
    return Annotated[str, AfterValidator(_validator(SHAPES[name]))]


def check_text(value: str, info: ValidationInfo) -> str:
    """Free text: anything but NUL (a NUL cannot be stored or shown safely downstream)."""
    if "\x00" in value and not _from_storage(info):
        raise ValueError("text: contains a NUL character")
    return value


Text = Annotated[str, AfterValidator(check_text)]
Id = shaped("id")
Digest = shaped("digest")
Uuid = shaped("uuid")
Revision = shaped("revision")
GitObject = shaped("git_object")
Version = shaped("version")
Shell = shaped("shell")
RunnerName = shaped("test_runner")
PatchFormat = shaped("patch_format")
DebugActionName = shaped("debug_action")
NavigationKind = shaped("navigation_kind")
ErrorKind = shaped("error_kind")
DedupePolicy = shaped("dedupe_policy")

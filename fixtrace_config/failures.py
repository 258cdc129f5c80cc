"""Which failures a worker waits out and which mean the record itself is bad.

Why one registry: the stream worker and the QA worker both decide, for every exception, to
either retry (the infrastructure will come back: a broker restart, a full disk, ClickHouse
busy) or stop retrying and dead-letter the record that caused it (retrying a poison record
never ends and stops its whole partition). Getting it wrong is asymmetric: a poison record
taken for an outage only stalls its partition, visibly (the worker reports ``stuck``);
an outage taken for poison dead-letters good data. So a failure counts as poison only when
a rule below says so, and everything else is infrastructure.

The rules match on class names and modules, so this floor imports no client library.
"""

from __future__ import annotations

import errno
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

Kind = Literal["infrastructure", "poison"]


@dataclass(frozen=True)
class FailureRule:
    """A named rule: which exceptions it matches, what they are, and an example."""

    name: str
    kind: Kind
    matches: Callable[[BaseException], bool]
    example: str


def _names(exc: BaseException) -> set[str]:
    return {cls.__name__ for cls in type(exc).__mro__}


def _module(exc: BaseException) -> str:
    return type(exc).__module__ or ""


_DISK_ERRNOS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG}
_DATA_CODES = {6, 26, 27, 38, 41, 53, 69, 70, 72, 131, 190, 321}
"""ClickHouse error codes about a value that cannot be stored (CANNOT_PARSE_TEXT,
CANNOT_PARSE_QUOTED_STRING, CANNOT_PARSE_INPUT_ASSERTION_FAILED, CANNOT_PARSE_DATE,
CANNOT_PARSE_DATETIME, TYPE_MISMATCH, ARGUMENT_OUT_OF_BOUND, CANNOT_CONVERT_TYPE,
CANNOT_PARSE_NUMBER, TOO_LARGE_STRING_SIZE, SIZES_OF_ARRAYS_DONT_MATCH,
VALUE_IS_OUT_OF_RANGE_OF_DATA_TYPE)."""


def disk_full(exc: BaseException) -> bool:
    """An OS error, or a ClickHouse one, saying the disk (or quota, or file size) is full."""
    seen: BaseException | None = exc
    for _ in range(5):  # causes and contexts: libraries wrap the OSError
        if seen is None:
            break
        if isinstance(seen, OSError) and seen.errno in _DISK_ERRNOS:
            return True
        text = str(seen)
        if "No space left on device" in text or "NOT_ENOUGH_SPACE" in text:
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def _clickhouse_code(exc: BaseException) -> int | None:
    if not _module(exc).startswith("clickhouse_connect"):
        return None
    text = str(exc)
    at = text.find("Code: ")
    if at < 0:
        return None
    digits = text[at + 6 :].split(".", 1)[0].strip()
    return int(digits) if digits.isdigit() else None


RULES: tuple[FailureRule, ...] = (
    FailureRule(
        "disk full",
        "infrastructure",
        disk_full,
        "OSError(28, 'No space left on device') from a blob put or a chdb part write",
    ),
    FailureRule(
        "os or network error",
        "infrastructure",
        lambda e: isinstance(e, (OSError, TimeoutError, ConnectionError)),
        "ConnectionRefusedError: the broker or ClickHouse server is restarting",
    ),
    FailureRule(
        "kafka client error",
        "infrastructure",
        lambda e: _module(e).startswith(("aiokafka", "kafka")),
        "KafkaConnectionError, RequestTimedOutError, NotLeaderForPartitionError",
    ),
    FailureRule(
        "process pool died",
        "infrastructure",
        lambda e: "BrokenProcessPool" in _names(e),
        "the prepare child was killed (OOM)",
    ),
    FailureRule(
        "clickhouse refused a value",
        "poison",
        lambda e: _clickhouse_code(e) in _DATA_CODES,
        "DatabaseError 'Code: 53. DB::Exception: Type mismatch …' for one row",
    ),
    FailureRule(
        "clickhouse client cannot serialize a value",
        "poison",
        lambda e: _module(e).startswith("clickhouse_connect") and "DataError" in _names(e),
        "DataError 'Unable to create native array for column `seq`' (a seq past UInt32)",
    ),
    FailureRule(
        "clickhouse unavailable",
        "infrastructure",
        lambda e: _module(e).startswith(("clickhouse_connect", "chdb")),
        "OperationalError: the server is gone; DatabaseError 'Code: 243 NOT_ENOUGH_SPACE'",
    ),
    FailureRule(
        "blob store unavailable",
        "infrastructure",
        lambda e: _module(e).startswith(("minio", "urllib3", "botocore", "httpx", "httpcore")),
        "MaxRetryError: the S3 endpoint does not answer",
    ),
    FailureRule(
        "record does not fit the code",
        "poison",
        lambda e: bool(
            _names(e)
            & {
                "ValueError",
                "TypeError",
                "KeyError",
                "IndexError",
                "AttributeError",
                "UnicodeError",
                "ValidationError",
                "CodecError",
                "OverflowError",
                "RecursionError",
                "AssertionError",
            }
        ),
        "TypeError: object of type 'NoneType' has no len() (a null value met code)",
    ),  # fmt: skip
)
"""First match wins: the infrastructure rules come first, so an OSError wrapped in a
ValueError by a library still counts as an outage."""


def classify(exc: BaseException) -> tuple[Kind, str]:
    """(kind, rule name) of ``exc``: poison only when a poison rule matches."""
    for rule in RULES:
        if rule.matches(exc):
            return rule.kind, rule.name
    return "infrastructure", "unknown failure (waited out, never dead-lettered)"


def is_poison(exc: BaseException) -> bool:
    """True when retrying cannot help: the record (or batch) itself is the problem."""
    return classify(exc)[0] == "poison"

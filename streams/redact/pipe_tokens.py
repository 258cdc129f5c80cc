"""Tokens written as an id, a ``|`` and a secret: the id says whose token, the secret logs
in, and neither half is a key any other rule knows alone.

Flightradar24's API tokens are a UUID (version 7), ``|`` and 48 letters and digits
(fresh142: a Swift constant, a Python dict's value); Laravel Sanctum's personal access
tokens are the row's number, ``|`` and 40 (``1|aBc…``). Part of ``rules.SECRET_RULES``,
after the provider rules. The secret half must read as a key (letters of both cases and a
digit), so a table's ``|1|<commit sha>|`` stays.
"""

from __future__ import annotations

import re

from .pattern import Rule
from .pattern import literal as _p

_UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
_MIXED = re.compile(r"(?=[^a-z]*[a-z])(?=[^A-Z]*[A-Z])(?=[^0-9]*[0-9])")


def _keyed_half(value: str, text: str, start: int, end: int) -> bool:
    """The part after the ``|`` holds both letter cases and a digit: a drawn key."""
    return _MIXED.match(value.rpartition("|")[2]) is not None


PIPE_TOKEN_RULES: tuple[Rule, ...] = (
    Rule(
        "id_pipe_token",
        (
            _p(
                r"(?<![\w|])((?:" + _UUID + r"|[0-9]{1,10})\|[A-Za-z0-9]{40,64})(?![A-Za-z0-9|])",
                "|",
            ),
        ),
        _keyed_half,
    ),
)

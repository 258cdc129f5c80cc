"""Tokens of regional platforms' public services, each in its documented form: Taiwan's
Central Weather Administration open-data key (fresh169's weather bots). Part of
``providers.PROVIDER_RULES``, in its place there.
"""

from __future__ import annotations

from .pattern import Rule
from .pattern import prefixed as _prefixed

REGIONAL_RULES: tuple[Rule, ...] = (
    # Taiwan's Central Weather Administration open-data authorisation code, CWA- (CWB- before
    # 2023) and an upper-case UUID: sent as the Authorization header or ?Authorization=
    # (fresh169's weather bots); an RFC UUID alone is an id, the prefix makes it the key
    Rule(
        "cwa_opendata_key",
        (
            _prefixed(
                r"CW[AB]-[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}"
                r"(?![A-Za-z0-9_\-])",
                "cwa-",
                "cwb-",
            ),
        ),
    ),
)

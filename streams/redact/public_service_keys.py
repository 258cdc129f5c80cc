"""Keys of public-data and reference services, each in its documented form: Taiwan's
Central Weather Administration open-data key (fresh169's weather bots) and Wolfram|Alpha's
AppIDs (fresh176's assistants and homework bots). Part of ``providers.PROVIDER_RULES``, in
its place there.
"""

from __future__ import annotations

from .counting import counts_up
from .pattern import Rule
from .pattern import literal as _p
from .pattern import prefixed as _prefixed

_WOLFRAM_APP_ID = r"(?<![A-Za-z0-9\-])([A-Z0-9]{6}-[A-Z0-9]{10})(?![A-Za-z0-9\-])"
"""Six capitals and digits, a dash, ten more: the form of every Wolfram|Alpha AppID."""


def _drawn_app_id(value: str, text: str, start: int, end: int) -> bool:
    """Both groups mix capitals and digits and nothing counts (``ABCD12-EFGH345678`` is a
    README's stand-in)."""
    groups = value.split("-")
    mixed = all(any(c.isdigit() for c in g) and any(c.isalpha() for c in g) for g in groups)
    return mixed and not counts_up(value)


PUBLIC_SERVICE_RULES: tuple[Rule, ...] = (
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
    # Wolfram|Alpha's AppID, the key every query carries (?appid=…): in a text that names
    # Wolfram (a list of them, wolframalpha.Client(…)), or assigned to an app id's name
    Rule(
        "wolfram_app_id",
        (
            _p(_WOLFRAM_APP_ID, "wolfram"),
            _p(
                r"(?i:app_?id|api_id)[\"']?[ \t]*[:=][ \t]*[\"']?" + _WOLFRAM_APP_ID,
                "appid",
                "app_id",
                "api_id",
            ),
        ),
        _drawn_app_id,
    ),
)

"""Session cookies: what logs a browser or an API client in, however it is written down.

Part of ``config_keywords.CONFIG_SECRET`` (``config_secret``, judged by
``accept.assignment_value``): a ``Cookie:`` header's or curl's ``--cookie``/``-b`` session
value, a Netscape cookie jar's line, and a cookie string known by its attributes
(``JSESSIONID=…; Path=/; HttpOnly`` under a ``Set-Cookie`` header that a recorded
cassette writes as a list item, fresh46). Each form is in ``tests/redact/test_statements.py``
or ``tests/redact/test_admin_scripts.py`` beside a look-alike that stays.
"""

from __future__ import annotations

import re

from .pattern import Pattern
from .pattern import found as _found
from .pattern import literal as _p

_SESSION_WORDS = "sess|sid|token|auth|jwt"
"""What a session cookie's name holds (``PHPSESSID``, ``sessionid``, ``auth_token``)."""
_ATTRIBUTE = r"(?:path|expires|domain|secure|httponly|samesite|max-age)\b"
_TRACKER = (
    r"(?:__cf_bm|_cfuvid|__cflb|_ga(?:_\w+)?|_gid|_gat\w*|__utm[a-z]|_fbp|_gcl_\w+|_hj\w+"
    r"|_clck|_clsk|__ddg\w+)"
)
"""Cookies a CDN or an analytics script sets to tell bots or visits apart: they log no one
in (Cloudflare's bot management ``__cf_bm``, its load balancer's ``__cflb``, Google
Analytics' ``_ga``/``_ga_<id>``/``__utma``, Meta's ``_fbp``, Hotjar's, Clarity's, DDoS-Guard's
``__ddg1_``: fresh67). fresh55's recorded API responses carry ``__cf_bm`` in every header
list; a cookie jar's line names them too."""

COOKIE_PATTERNS: tuple[Pattern, ...] = (
    # a session cookie: Cookie: session=…, curl --cookie 'sessionid=…' / -b
    _p(
        r"(?:cookie:|--cookie|[ \t]-b)[ \t]*['\"]?(?:[^'\"\n;]*;[ \t]*)*(?!" + _TRACKER + "=)"
        r"[a-z0-9_.\-]*(?:" + _SESSION_WORDS + r")[a-z0-9_.\-]*=([^;\s'\"]{6,512})",
        "cookie",
        " -b",
        lower=True,
    ),  # fmt: skip
    # a Netscape cookie jar's line (curl -c, yt-dlp --cookies, browser exports): domain,
    # flag, path, secure, expiry, name, value; a value of 16 signs or more logs a browser
    # in (fresh33: Baidu's BDUSS), unless the name is an analytics tracker's
    _p(
        r"(?m)^(?:#httponly_)?[a-z0-9.\-]+\t(?:true|false)\t[^\t\n]*\t(?:true|false)\t-?\d+\t"
        r"(?!" + _TRACKER + r"\t)[^\t\n]+\t([^\t\n]{16,4096})[ \t]*$",
        "\ttrue\t",
        "\tfalse\t",
        lower=True,
    ),
    # a cookie string by its attributes (Set-Cookie's value without its header: a VCR
    # cassette's "- JSESSIONID=57EA…; Path=/; HttpOnly"); 16 signs or more, a session's
    _p(
        r"(?:^|[\s,'\"])[a-z0-9_.\-]*(?:" + _SESSION_WORDS + r"|remember)[a-z0-9_.\-]*"
        r"=([^;\s'\"]{16,4096}); " + _ATTRIBUTE,
        "; path",
        "; expires",
        "; domain",
        "; secure",
        "; httponly",
        "; samesite",
        "; max-age",
        lower=True,
    ),
    # ESPN's espn_s2, the session cookie fantasy-league scripts log in with (espn-api's
    # League(…, espn_s2=…, swid=…)), URL-escaped base64 that starts "AE" (fresh144); its
    # SWID is the account's id every league member sees
    _p(
        r"espn_s2[\"']?[ \t]*[:=,][ \t]*[\"']?(ae[a-z0-9%+/=]{40,4096})",
        "espn_s2",
        lower=True,
    ),
)

_TRACKER_VALUE = re.compile(r"(?<![\w.\-])" + _TRACKER + r"[=\t][^;,& \t\n'\"]*$", re.I)


def in_a_tracking_cookie(text: str, start: int) -> bool:
    """``start`` lies in the value of a tracker's cookie (:data:`_TRACKER`), after its
    name and ``=`` or, in a cookie jar's line, a tab."""
    return _TRACKER_VALUE.search(text, max(0, start - 256), start) is not None


_FASTLANE_HEAD = re.compile(r"fastlane_session[\"']?[ \t]*[=:][ \t]*[\"']?(-{3}\\n)")
_SESSION_REACH = 16384
_MIN_SESSION = 16
"""Signs after the ``---\\n`` head: fewer are no cookie jar."""


def fastlane_sessions(text: str, low: str, hits: list[str] | None) -> list[tuple[int, int]]:
    """Each ``FASTLANE_SESSION`` value (:data:`FASTLANE_SESSION`): from its ``---`` to its
    line's end (at most :data:`_SESSION_REACH` signs) or, quoted, to the line's last such
    quote. The search goes on after the line, so a line of many heads is read once, not
    once per head (a lazy regex to the line's end took quadratic time: 2.7 s at 64 KiB)."""
    spans = []
    at = 0
    while (m := _FASTLANE_HEAD.search(low, at)) is not None:
        start = m.start(1)  # the value opens at its "---"
        line_end = low.find("\n", m.end(), m.end() + _SESSION_REACH)
        end = line_end if line_end >= 0 else min(len(low), m.end() + _SESSION_REACH)
        quote = low[start - 1]
        closing = low.rfind(quote, start, end) if quote in "\"'" else -1
        value_end = closing if closing > start else len(low[start:end].rstrip(" \t\r")) + start
        if value_end - m.end() >= _MIN_SESSION:
            spans.append((start, value_end))
        at = end
    return spans


FASTLANE_SESSION = _found(_FASTLANE_HEAD, ("fastlane_session",), fastlane_sessions)
"""fastlane's Apple ID session (``fastlane spaceauth`` prints it for ``FASTLANE_SESSION``): a
YAML dump of Apple's cookies, its new lines escaped, taken whole to the line's end or its
closing quote (fresh162's ``.env`` and workflow files). Read before the ``jwt`` rule, which
would take a token inside it and leave the rest of the cookies."""

"""Who may read the UI, and the headers that keep a page of untrusted text inert.

On a loopback address the UI is open (like the CLI on the same machine). Bound anywhere
else it requires a token: an admin token or the viewer token. A browser signs in through a
form whose POST sets an HttpOnly, SameSite=Strict cookie; scripts send
``Authorization: Bearer``. A token never travels in a URL, so it never lands in an access
log or a browser history. The cookie holds no token: it holds an expiry and a short
fingerprint of the token, MACed with a per-process key, so revoking the token (removing it
from the configuration) ends its sessions, and restarting the UI ends them all.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
import time
from collections.abc import Callable, Sequence

from starlette.requests import Request

COOKIE = "fixtrace_ui"
SESSION_S = 12 * 3600

# Everything the pages need and nothing more: our stylesheet, same-origin frames for
# on-demand blobs, same-origin form posts (sign-in). No script source at all.
PAGE_CSP = (
    "default-src 'none'; style-src 'self'; img-src 'self' data:; frame-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'self'"
)
# Raw blobs: never executed, never styled, sandboxed even if a browser sniffed them.
RAW_CSP = "default-src 'none'; sandbox; frame-ancestors 'self'"
COMMON_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",  # nothing leaves with a link to another site
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "no-store",
}


def is_loopback(host: str) -> bool:
    """Whether binding ``host`` keeps the server reachable from this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _fingerprint(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()[:16]


class Access:
    """Token checks for requests; ``required`` is False on loopback binds."""

    def __init__(
        self, tokens: Callable[[], Sequence[str]], *, required: bool, key: bytes | None = None
    ) -> None:
        self._tokens = tokens
        self.required = required
        self._key = key or secrets.token_bytes(32)

    def accepted(self) -> list[str]:
        """The tokens accepted right now (read per request, so a rotation needs no restart)."""
        return [t for t in self._tokens() if t]

    def token_ok(self, given: str) -> bool:
        """Whether ``given`` is one of the accepted tokens (constant-time comparison)."""
        return bool(given) and any(
            hmac.compare_digest(given.encode(), t.encode()) for t in self.accepted()
        )

    def _mac(self, body: str) -> str:
        return hmac.new(self._key, body.encode(), hashlib.sha256).hexdigest()

    def session_cookie(self, token: str, now: float | None = None) -> str:
        """The cookie value for a signed-in token: ``expiry.fingerprint.mac``."""
        body = f"{int((now or time.time()) + SESSION_S)}.{_fingerprint(token)}"
        return f"{body}.{self._mac(body)}"

    def session_ok(self, value: str, now: float | None = None) -> bool:
        """Whether a cookie is ours, unexpired, and its token still accepted."""
        expiry, _, rest = value.partition(".")
        fingerprint, _, mac = rest.partition(".")
        body = f"{expiry}.{fingerprint}"
        if not (expiry.isdigit() and mac and hmac.compare_digest(mac, self._mac(body))):
            return False
        if int(expiry) < (now or time.time()):
            return False
        return any(hmac.compare_digest(fingerprint, _fingerprint(t)) for t in self.accepted())

    def allows(self, request: Request) -> bool:
        """Whether the request may read: open access, a bearer token or a valid session."""
        if not self.required:
            return True
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() == "bearer" and self.token_ok(token.strip()):
            return True
        cookie = request.cookies.get(COOKIE)
        return bool(cookie) and self.session_ok(cookie)


def same_origin(request: Request) -> bool:
    """A form post from our own pages (a guard against signing a browser in from elsewhere).

    Browsers say where a request comes from in ``Sec-Fetch-Site``; older ones only in
    ``Origin``. A client sending neither (curl, a script) is not a browser to protect.
    """
    site = request.headers.get("sec-fetch-site")
    if site is not None:
        return site in ("same-origin", "none")
    origin = request.headers.get("origin")
    if origin is None:
        return True
    return origin.split("://", 1)[-1] == request.headers.get("host", "")

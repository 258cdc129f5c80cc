"""Every route of the stack's gateway × every wrong credential: refused, nothing written.

The routes come from the app itself (``app.routes``), so a route added later is either
public by decision (:data:`PUBLIC`) or must be given its legitimate credentials in
:data:`GRANTS`; otherwise ``test_every_route_has_a_decision`` fails.
"""

from __future__ import annotations

import base64
import secrets
import uuid
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from starlette.routing import Mount

from producers.gateway.auth import ingest_key
from schemas.models import TraceOpened
from tests.adversarial.gateway import OPEN_BODY, Credentials, LiveGateway
from tests.producers.helpers import read_topic

PUBLIC = {"/healthz", "/openapi.json", "/docs", "/docs/oauth2-redirect", "/redoc"}
"""Routes that answer without credentials (liveness and the API description)."""

UI_OPEN = {"/login", "/static"}
"""The UI's sign-in form and its stylesheet, open by design."""

UI = "/ui"
"""The read-only web UI: open on a loopback bind (like the CLI on the same machine), an
admin or viewer token anywhere else (``test_ui_beyond_loopback_wants_an_admin_token``)."""

GRANTS: dict[tuple[str, str], set[str]] = {
    ("POST", "/traces"): {"fleet"},
    ("POST", "/traces/{trace_id}/events"): {"ingest_key"},
    ("POST", "/traces/{trace_id}/blobs"): {"ingest_key"},
    ("POST", "/traces/{trace_id}/finalize"): {"ingest_key"},
    ("GET", "/traces/{trace_id}"): {"ingest_key", "admin"},
    ("POST", "/admin/sql"): {"admin"},
}
"""Each protected route and the only credentials that may pass it."""


class Ctx:
    """Two open traces (A, B) and the credentials of the gateway."""

    def __init__(self, live: LiveGateway, creds: Credentials, client: httpx.Client) -> None:
        self.creds = creds
        self.a, self.key_a = live.open_trace(client, creds.fleet)
        self.b, self.key_b = live.open_trace(client, creds.fleet)


def _bearer(token: str | bytes) -> dict[str, Any]:
    raw = token.encode() if isinstance(token, str) else token
    return {"Authorization": b"Bearer " + raw}


WRONG: dict[str, Callable[[Ctx], dict[str, Any]]] = {
    "no token": lambda c: {},
    "empty bearer": lambda c: {"Authorization": "Bearer"},
    "basic scheme": lambda c: {"Authorization": "Basic " + base64.b64encode(b"u:p").decode()},
    "wrong token": lambda c: _bearer("ft_" + secrets.token_urlsafe(18)),
    "non-ascii token": lambda c: _bearer("t\u00f6k\u00e9n".encode("latin-1")),
    "forged ingest key": lambda c: _bearer(
        "ik_" + base64.urlsafe_b64encode(secrets.token_bytes(32)).rstrip(b"=").decode()
    ),
    "key of a rotated secret": lambda c: _bearer(ingest_key(b"the-previous-secret", c.b)),
    "trace A's key on B": lambda c: _bearer(c.key_a),
    "trace A's key as x-ingest-key": lambda c: {"X-Ingest-Key": c.key_a},
    "fleet token": lambda c: _bearer(c.creds.fleet),
    "admin token": lambda c: _bearer(c.creds.admin),
    "gateway secret as token": lambda c: _bearer(c.creds.gateway_secret),
}
"""Credential variants; a route's own grants (fleet/admin) are skipped for that route."""


def _request(route: tuple[str, str], ctx: Ctx) -> dict[str, Any]:
    """A request that would succeed on ``route`` with the right credentials (for trace B)."""
    method, path = route
    url = path.replace("{trace_id}", ctx.b)
    event = {
        "event_id": str(uuid.uuid4()), "seq": 1, "ts_ms": 1, "type": "thought",
        "payload": {"kind": "plan", "content_text": "matrix"},
    }  # fmt: skip
    bodies: dict[str, dict[str, Any]] = {
        "/traces": {"json": OPEN_BODY},
        "/traces/{trace_id}/events": {"json": {"events": [event]}},
        "/traces/{trace_id}/blobs": {
            "content": b"blob bytes",
            "headers": {"Content-Type": "application/octet-stream"},
        },
        "/traces/{trace_id}/finalize": {"json": {"seq_last": 1}},
        "/admin/sql": {"json": {"sql": "SELECT trace_id FROM traces"}},
    }
    return {"method": method, "url": url, **bodies.get(path, {})}


def app_routes(app: Any, prefix: str = "") -> list[tuple[str, str]]:
    """(method, path) of every route the app serves: included routers flattened, mounted
    sub-applications (the UI at ``/ui``) walked with their prefix.

    FastAPI ≥ 0.165 keeps an included router as one entry of ``app.routes`` and flattens
    it in ``iter_route_contexts``; older versions copied its routes into ``app.routes``.
    """
    try:
        from fastapi.routing import iter_route_contexts
    except ImportError:  # older FastAPI
        contexts: Any = app.routes
    else:
        contexts = iter_route_contexts(app.routes)
    out = []
    for c in contexts:
        route = getattr(c, "route", c)
        if isinstance(route, Mount) and hasattr(route.app, "routes"):
            out += app_routes(route.app, prefix + route.path)
        elif isinstance(route, Mount):  # static files: every method the mount answers
            out.append(("GET", prefix + route.path))
        else:
            out += [(m, prefix + c.path) for m in (getattr(c, "methods", None) or ())]
    return sorted(out)


def _protected(live: LiveGateway) -> list[tuple[str, str]]:
    return [
        (m, p)
        for m, p in app_routes(live.app)
        if p not in PUBLIC and not p.startswith(UI) and m != "HEAD"
    ]


def test_every_route_has_a_decision(live: LiveGateway) -> None:
    """A new route must be declared public or given its credentials in GRANTS."""
    assert set(_protected(live)) == set(GRANTS), "update GRANTS/PUBLIC for new or gone routes"
    assert {"/healthz", "/openapi.json", "/docs"} <= {p for _, p in app_routes(live.app)}


def test_wrong_credentials_are_refused_on_every_route(
    live: LiveGateway, creds: Credentials, settings_topic_reader: Any
) -> None:
    refused: list[str] = []
    before = {(type(r), r.trace_id) for r in settings_topic_reader()}
    with live.client() as client:
        ctx = Ctx(live, creds, client)
        for route in _protected(live):
            for name, headers_of in WRONG.items():
                if name.split()[0] in GRANTS[route]:  # "fleet token" on a fleet route, …
                    continue
                req = _request(route, ctx)
                req["headers"] = {**req.get("headers", {}), **headers_of(ctx)}
                r = client.request(**req)
                where = f"{route[0]} {route[1]} with {name}"
                assert r.status_code in (401, 403), f"{where}: {r.status_code} {r.text[:300]}"
                error = r.json()["error"]
                assert error["code"] and error["message"], where
                refused.append(where)
    assert len(refused) >= len(GRANTS) * (len(WRONG) - 2)
    # Nothing but the two traces opened legitimately reached the raw topic.
    after = [(type(r), r.trace_id) for r in settings_topic_reader()]
    new = [r for r in after if r not in before]
    assert sorted(new, key=str) == sorted([(TraceOpened, ctx.a), (TraceOpened, ctx.b)], key=str)


def test_right_credentials_pass_every_route(live: LiveGateway, creds: Credentials) -> None:
    """The matrix is not vacuous: each route's own credential gets past authentication."""
    with live.client() as client:
        ctx = Ctx(live, creds, client)
        good = {
            "fleet": _bearer(creds.fleet),
            "admin": _bearer(creds.admin),
            "ingest_key": _bearer(ctx.key_b),
        }
        for route in _protected(live):
            for grant in sorted(GRANTS[route]):
                req = _request(route, ctx)
                req["headers"] = {**req.get("headers", {}), **good[grant]}
                r = client.request(**req)
                ok = (200, 201, 404) if route[0] == "GET" else (200, 201)
                assert r.status_code in ok, f"{route} with {grant}: {r.status_code} {r.text[:300]}"


@pytest.fixture()
def settings_topic_reader(live: LiveGateway) -> Callable[[], list[Any]]:
    """Reads this module's raw topic from the start (records, decoded)."""
    from fixtrace.local_services import run_blocking

    s = live.settings

    def read() -> list[Any]:
        return run_blocking(read_topic(s.kafka_bootstrap, s.topic_raw, idle_ms=800))

    return read


def test_ui_beyond_loopback_wants_an_admin_token(live: LiveGateway, creds: Credentials) -> None:
    """The UI's pages, bound beyond loopback: no token, a wrong one, a fleet token or an
    ingest key get the sign-in page or a 401; an admin token gets the page."""
    from fixtrace.ui.app import create_ui_app
    from fixtrace.ui.serve import stack_sources

    settings = live.settings.model_copy(update={"gateway_host": "0.0.0.0"})
    ui = create_ui_app(stack_sources(settings))
    pages = sorted(
        {p for m, p in app_routes(ui) if m == "GET" and "{" not in p and p not in UI_OPEN}
    )
    assert pages, "the UI has pages"
    with live.client() as client:
        _, key = live.open_trace(client, creds.fleet)
    from fastapi.testclient import TestClient

    with TestClient(ui, base_url="http://ui.example", follow_redirects=False) as client:
        for page in pages:
            for name, token in [("none", ""), ("wrong", "nope"), ("fleet", creds.fleet),
                                ("ingest key", key)]:  # fmt: skip
                headers = {"Authorization": f"Bearer {token}"} if token else {}
                r = client.get(page, headers=headers)
                refused = r.status_code in (401, 403) or (
                    r.status_code in (302, 303, 307) or "sign in" in r.text.lower()
                )
                assert refused and creds.admin not in r.text, f"{page} with {name}: {r.status_code}"
            ok = client.get(page, headers={"Authorization": f"Bearer {creds.admin}"})
            assert ok.status_code in (200, 303, 404), f"{page} with admin: {ok.status_code}"
            assert "sign in" not in ok.text.lower(), page

"""The read-only web UI: FastAPI routes rendering Jinja2 templates, no client script.

Why this shape: the pages are server-rendered from the same query backend as the CLI
(``fixtrace sql``/``traces``), so they work wherever the CLI works — inside ``fixtrace up``
(which owns the embedded engine), beside it (through its gateway), or against a ClickHouse
server. Collapsing uses ``<details>``; blob-backed output loads in a lazy ``<iframe>`` that
the browser fetches only when its ``<details>`` opens; charts are SVG drawn on the server.
With no script at all, the Content-Security-Policy can forbid every script source.
"""

from __future__ import annotations

import asyncio
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote

import jinja2
from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from fixtrace.ops import dlq
from fixtrace.ops.documents import fetch_document
from fixtrace.ops.query import QueryBackend, QueryError
from fixtrace.ui import MOUNT, listing
from fixtrace.ui.blobs import BlobReader
from fixtrace.ui.overview import overview as build_overview
from fixtrace.ui.qa_panel import build_panel, config_rows, decisions, group_runs, tests_verdict
from fixtrace.ui.queries import SchemaProbe, fetch_page, known_repos, qa_rows, summary_row
from fixtrace.ui.security import (
    COMMON_HEADERS,
    COOKIE,
    PAGE_CSP,
    RAW_CSP,
    SESSION_S,
    Access,
    same_origin,
)
from fixtrace.ui.text import diff_lines, human_bytes, markdown_html, seq_links, terminal_text
from fixtrace.ui.timeline import build_timeline, final_patch, show_each_change_once
from sinks.blobs.base import BlobStore, BlobStoreError

HERE = Path(__file__).parent
BLOB_VIEW_BYTES = 5_000_000  # larger blobs: the raw link only
DLQ_READ_LIMIT = 5_000
DLQ_PAGE = 100
_BLOB_ID = re.compile(r"^sha256:[0-9a-f]{64}$")


@dataclass
class UiSources:
    """Where the UI reads from, and who may read it."""

    backend: QueryBackend
    blobs: BlobStore | None
    access: Access
    label: str  # what the footer says the data comes from
    kafka_bootstrap: str | None = None
    dlq_topic: str = "fixtrace.dlq"
    rubric_dir: Path | None = None


def _fmt_ms(ms: int | None, seconds: bool = True) -> str:
    if ms is None:
        return ""
    return time.strftime(
        "%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M", time.gmtime(ms / 1000)
    )


def _templates() -> Jinja2Templates:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(HERE / "templates"),
        autoescape=True,  # every {{ value }} is HTML-escaped unless it is Markup
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters.update(
        when=_fmt_ms, bytes=human_bytes,
        utf8=lambda v: bytes(v).decode("utf-8", errors="replace") if v else "",
        pathq=lambda v: quote(str(v), safe=""), seqlinks=seq_links,
        short=lambda v, n=12: (str(v)[:n] + "…") if v and len(str(v)) > n else (v or ""),
    )  # fmt: skip
    env.globals.update(sort_link=listing.sort_link, link=listing.link, SESSION_S=SESSION_S)
    return Jinja2Templates(env=env)


def create_ui_app(src: UiSources) -> FastAPI:
    """The UI as an ASGI app, meant to be mounted at ``/ui``."""
    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    templates = _templates()
    probe = SchemaProbe(src.backend)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")

    def base(request: Request) -> str:
        return request.scope.get("root_path", "").rstrip("/")

    def render(request: Request, name: str, status: int = 200, **context: Any) -> Response:
        context.update(base=base(request), source=src.label, auth_required=src.access.required,
                       params=request.query_params)  # fmt: skip
        return templates.TemplateResponse(request, name, context, status_code=status)

    @app.middleware("http")
    async def guard(request: Request, call_next: Any) -> Response:
        started = time.perf_counter()
        path = request.url.path[len(base(request)) :]
        if not (path.startswith(("/login", "/static/")) or src.access.allows(request)):
            if request.method == "GET":
                response: Response = RedirectResponse(
                    f"{base(request)}/login?next={quote(request.url.path)}", status_code=303
                )
            else:
                response = Response("sign in first", status_code=401)
        else:
            response = await call_next(request)
        for key, value in COMMON_HEADERS.items():
            response.headers.setdefault(key, value)
        response.headers.setdefault("Content-Security-Policy", PAGE_CSP)
        response.headers.setdefault("X-Frame-Options", "SAMEORIGIN")
        response.headers["Server-Timing"] = f"app;dur={(time.perf_counter() - started) * 1e3:.1f}"
        return response

    @app.exception_handler(QueryError)
    async def query_failed(request: Request, exc: QueryError) -> Response:
        return render(request, "error.html", 502, title="query failed",
                      message=f"{src.backend.name}: {exc}")  # fmt: skip

    @app.get("/", include_in_schema=False)
    def home(request: Request) -> Response:
        return RedirectResponse(f"{base(request)}/traces", status_code=303)

    @app.get("/traces", response_class=HTMLResponse)
    def traces(request: Request) -> Response:
        optional = probe.optional_columns()
        query, errors = listing.parse_list_query(request.query_params, optional)
        page = fetch_page(src.backend, query, optional)
        return render(
            request, "traces.html", query=query, page=page, errors=errors, optional=optional,
            repos=known_repos(src.backend), statuses=listing.STATUSES,
            verdicts=listing.VERDICTS, ms_to_input=listing.ms_to_input,
        )  # fmt: skip

    @app.get("/traces/{trace_id:path}", response_class=HTMLResponse)
    def trace(request: Request, trace_id: str, run: str | None = None) -> Response:
        doc = fetch_document(src.backend, trace_id)
        if doc is None:
            return render(request, "error.html", 404, title="no such trace",
                          message=f"no trace {trace_id!r} is stored")  # fmt: skip
        summary = summary_row(src.backend, trace_id) or {}
        blobs = BlobReader(src.blobs, {b.blob_id: b for b in doc.artifacts.blobs})
        panel = build_panel(group_runs(qa_rows(src.backend, trace_id)), run, blobs,
                            src.rubric_dir)  # fmt: skip
        bug = doc.task.bug_report
        timeline, patch = build_timeline(doc, blobs), final_patch(doc, blobs)
        show_each_change_once(timeline, patch)
        return render(
            request, "trace.html", doc=doc, summary=summary, panel=panel,
            timeline=timeline, patch=patch,
            decisions=decisions(panel) if panel else [],
            config=config_rows(panel) if panel else [],
            qa_tests=tests_verdict(panel.tests) if panel and panel.tests else None,
            bug_html=markdown_html(bug.description) if bug else None,
            md=markdown_html,
            final_blob=doc.final_state.final_trace_blob_id
            or (panel.final_trace_blob_id if panel else None),
        )  # fmt: skip

    def read_blob(blob_id: str) -> bytes | Response:
        if not _BLOB_ID.match(blob_id):
            return Response("not a blob id", status_code=404, media_type="text/plain")
        if src.blobs is None:
            return Response("no blob store configured", status_code=404, media_type="text/plain")
        try:
            return src.blobs.get(blob_id)
        except BlobStoreError as exc:
            return Response(f"blob not readable: {exc}", status_code=404, media_type="text/plain")

    @app.get("/blobs/{blob_id}")
    def blob_raw(blob_id: str, download: bool = False) -> Response:
        data = read_blob(blob_id)
        if isinstance(data, Response):
            return data
        is_json = data[:1] in (b"{", b"[")
        media = "application/json" if is_json else "text/plain; charset=utf-8"
        name = blob_id.replace(":", "-") + (".json" if is_json else ".txt")
        disposition = "attachment" if download else "inline"
        return Response(data, media_type=media, headers={
            "Content-Security-Policy": RAW_CSP,
            "Content-Disposition": f'{disposition}; filename="{name}"',
        })  # fmt: skip

    @app.get("/blobs/{blob_id}/view", response_class=HTMLResponse)
    def blob_view(request: Request, blob_id: str, view: str = "output") -> Response:
        data = read_blob(blob_id)
        if isinstance(data, Response):
            return data
        text = None if len(data) > BLOB_VIEW_BYTES else data.decode("utf-8", errors="replace")
        return render(
            request, "blob.html", blob_id=blob_id, size=len(data), view=view,
            text=terminal_text(text) if text is not None and view != "diff" else text,
            lines=diff_lines(text) if text is not None and view == "diff" else [],
        )  # fmt: skip

    async def letters() -> list[dlq.DlqEntry]:
        if not src.kafka_bootstrap:
            raise dlq.DlqError("no Kafka broker is configured for this UI")
        return await asyncio.wait_for(
            dlq.read_dlq(src.kafka_bootstrap, src.dlq_topic, limit=DLQ_READ_LIMIT), 30
        )

    @app.get("/dead-letters", response_class=HTMLResponse)
    async def dead_letters(request: Request, page: int = 1) -> Response:
        try:
            entries = await letters()
        except (dlq.DlqError, OSError, TimeoutError) as exc:
            return render(request, "error.html", 502, title="dead letters unreadable",
                          message=f"{src.dlq_topic} on {src.kafka_bootstrap}: {exc}")  # fmt: skip
        entries.reverse()  # newest first
        pages = max(1, -(-len(entries) // DLQ_PAGE))
        page = min(max(1, page), pages)
        shown = entries[(page - 1) * DLQ_PAGE : page * DLQ_PAGE]
        return render(request, "dead_letters.html", entries=shown, total=len(entries),
                      page=page, pages=pages, topic=src.dlq_topic,
                      capped=len(entries) >= DLQ_READ_LIMIT)  # fmt: skip

    @app.get("/dead-letters/{partition}/{offset}", response_class=HTMLResponse)
    async def dead_letter(request: Request, partition: int, offset: int) -> Response:
        try:
            (entry,) = dlq.select(await letters(), [f"{partition}:{offset}"])
        except dlq.DlqError as exc:
            return render(request, "error.html", 404, title="no such dead letter",
                          message=str(exc))  # fmt: skip
        except (OSError, TimeoutError) as exc:
            return render(request, "error.html", 502, title="dead letters unreadable",
                          message=str(exc))  # fmt: skip
        original = entry.letter.value if entry.letter else entry.raw
        return render(
            request, "dead_letter.html", e=entry, topic=src.dlq_topic,
            codec=dlq.describe_original(original) if entry.letter else entry.decode_error,
            hexdump=dlq.hexdump(original, limit=1024), preview=dlq.utf8_preview(original),
        )  # fmt: skip

    @app.get("/overview", response_class=HTMLResponse)
    def overview(request: Request) -> Response:
        return render(request, "overview.html", o=build_overview(src.backend))

    @app.get("/login", response_class=HTMLResponse)
    def login_form(request: Request, next: str = "") -> Response:
        return render(request, "login.html", next=_safe_next(request, next), failed=False)

    @app.post("/login", response_class=HTMLResponse)
    async def login(request: Request) -> Response:
        form = parse_qs((await request.body()).decode("utf-8", errors="replace"))
        token = (form.get("token") or [""])[0].strip()
        target = _safe_next(request, (form.get("next") or [""])[0])
        if not same_origin(request) or not src.access.token_ok(token):
            return render(request, "login.html", 401, next=target, failed=True)
        response = RedirectResponse(target, status_code=303)
        response.set_cookie(
            COOKIE, src.access.session_cookie(token), max_age=SESSION_S, httponly=True,
            samesite="strict", secure=request.url.scheme == "https", path=base(request) or "/",
        )  # fmt: skip
        return response

    @app.post("/logout")
    def logout(request: Request) -> Response:
        response = RedirectResponse(f"{base(request)}/login", status_code=303)
        response.delete_cookie(COOKIE, path=base(request) or "/")
        return response

    def _safe_next(request: Request, target: str) -> str:
        """Only a path inside the UI: never another host (an open redirect)."""
        root = base(request)
        ok = target.startswith(root + "/") and not target.startswith("//") and "\\" not in target
        return target if ok else f"{root}/traces"

    return app


def serve_app(src: UiSources) -> FastAPI:
    """A standalone server: the UI at ``/ui`` and ``/`` redirecting there."""
    root = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    root.mount(MOUNT, create_ui_app(src))

    @root.get("/", include_in_schema=False)
    def index() -> Response:
        return RedirectResponse(f"{MOUNT}/traces", status_code=303)

    return root

"""The UI's pages over HTTP: filters, sort and pages, escaping, headers, blobs, sign-in.

Every request goes to a real uvicorn server reading the real store; the HTML is checked as
text here (what the server sends), and in a browser in ``test_browser.py``.
"""

from __future__ import annotations

import json
import re
from html import unescape
from html.parser import HTMLParser

import httpx
import pytest
from starlette.datastructures import QueryParams

from fixtrace.ops.query import ClientBackend
from fixtrace.ui.listing import parse_list_query
from fixtrace.ui.queries import ListQuery, SchemaProbe, fetch_page
from fixtrace.ui.security import COOKIE, is_loopback
from schemas.document import QATests
from schemas.models import BugReport, Developer, EvalSpec, QAResult, Repo, Task, TraceOpened
from tests.ops.sample import T0
from tests.ui.conftest import VIEWER_TOKEN, UiData
from tests.ui.sample import HOSTILE_REPO, IMG, PAYLOAD, PWN, SCRIPT


def _get(url: str, path: str, **kw) -> httpx.Response:
    return httpx.get(f"{url}/ui{path}", timeout=30, **kw)


class _Tags(HTMLParser):
    """Every start tag with its attributes, as a browser's parser would see them."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def _trace_ids(html: str) -> list[str]:
    return re.findall(r'<td class="tid"><a href="[^"]*/traces/([^"]+)">', html)


def test_list_filters_sort_and_counts(ui_url: str, ui_data: UiData):
    ids = ui_data.ids
    page = _get(ui_url, "/traces")
    assert page.status_code == 200
    assert set(_trace_ids(page.text)) == {ids["fixed"], ids["broken"], ids["hostile"]}
    assert "<b>3</b> traces match" in page.text
    # Newest first by default: the hostile trace was created an hour after the others.
    assert _trace_ids(page.text)[0] == ids["hostile"]

    cases = {
        "?repo=httpparse": {ids["fixed"]},
        "?tests=fail_to_pass": {ids["fixed"]},
        "?tests=failed": {ids["broken"]},
        "?mre=RED": {ids["broken"]},
        "?mre=GREEN&mre=YELLOW": {ids["fixed"], ids["hostile"]},
        "?status=missing_events": {ids["hostile"]},
        "?min_judge=3&max_judge=4.6": {ids["fixed"], ids["hostile"]},
        "?max_judge=2": {ids["broken"]},
        "?since=2025-10-09T09:30": {ids["hostile"]},
        "?until=2025-10-09T09:30": {ids["fixed"], ids["broken"]},
    }
    for query, want in cases.items():
        got = _get(ui_url, f"/traces{query}")
        assert got.status_code == 200, query
        assert set(_trace_ids(got.text)) == want, query
        assert f"<b>{len(want)}</b> traces match" in got.text, query

    by_judge = _trace_ids(_get(ui_url, "/traces?sort=judge&dir=desc").text)
    assert by_judge == [ids["fixed"], ids["hostile"], ids["broken"]]  # 4.5, 4.0, 2.0
    assert _trace_ids(_get(ui_url, "/traces?sort=judge&dir=asc").text) == by_judge[::-1]


def test_list_pages_on_the_server(ui_url: str, ui_data: UiData):
    seen = []
    for number in (1, 2, 3):
        page = _get(ui_url, f"/traces?per_page=1&page={number}&sort=created&dir=desc")
        rows = _trace_ids(page.text)
        assert len(rows) == 1
        assert f"page {number} of 3" in page.text
        assert "<b>3</b> traces match" in page.text  # counts cover the whole filtered set
        seen += rows
    assert len(set(seen)) == 3
    past = _get(ui_url, "/traces?per_page=1&page=9")
    assert _trace_ids(past.text) == [] and "<b>3</b> traces match" in past.text


def test_bad_filter_values_are_reported_not_fatal(ui_url: str):
    page = _get(ui_url, "/traces?min_judge=abc&status=bogus&sort=drop%20table")
    assert page.status_code == 200
    text = unescape(page.text)
    assert "min judge must be a number from 0 to 5, not 'abc'" in text
    assert "unknown status bogus" in text
    assert "cannot sort by 'drop table'" in text
    assert "<b>3</b> traces match" in page.text


def test_hostile_trace_is_escaped_everywhere(ui_url: str, ui_data: UiData):
    html = _get(ui_url, f"/traces/{ui_data.ids['hostile']}").text
    # No payload survives as markup: no script or image element, no event handler
    # attribute, no javascript: link or frame, as an HTML parser reads the page.
    tags = _Tags(html).tags
    assert not [t for t, _ in tags if t in ("script", "img", "object", "embed")]
    assert not [(t, a) for t, attrs in tags for a in attrs if a.startswith("on")]
    urls = [v for t, attrs in tags for k, v in attrs.items()
            if k in ("href", "src") and v and t != "link"]  # fmt: skip
    assert not [u for u in urls if u.strip().lower().startswith(("javascript:", "data:"))]
    assert all(u.startswith(("/ui/", "?", "#", "https://example.org/")) for u in urls), urls
    # ...but each shows as text where it was written.
    text = unescape(html)
    for where in (f"Maybe {PAYLOAD} is unescaped", f"echo '{SCRIPT}'", f"fix {SCRIPT}",
                  f"title = escape('{IMG}')", f"Title {SCRIPT}", HOSTILE_REPO):  # fmt: skip
        assert where in text, where
    # ANSI colour codes are stripped from terminal output.
    assert "\x1b[" not in html and "[1;32m" not in html
    # The markdown renders (bold, table, safe link) while its raw HTML stays text.
    assert "<strong>Bold</strong>" in html
    assert '<a href="https://example.org/docs" rel="noopener noreferrer nofollow">docs</a>' in html
    assert "<td><strong>reproduced</strong></td>" in html


def test_trace_page_shows_timeline_gaps_redactions_and_qa(ui_url: str, ui_data: UiData):
    ids = ui_data.ids
    html = _get(ui_url, f"/traces/{ids['hostile']}").text
    text = unescape(html)
    assert "seq 6–7 never arrived" in text
    assert "redacted: aws_access_key_id" in text
    # Blob-backed output is a lazy frame (fetched when opened); the long inline one collapses.
    assert f'<iframe loading="lazy" src="/ui/blobs/{ids["big_output"]}/view?view=output"' in html
    assert re.search(r'<details class="long"><summary>stderr · 60 lines', html)
    # The diff is coloured line by line.
    assert '<span class="d-add">+title = escape(' in html
    assert '<span class="d-del">-title = ' in html
    # QA: the newest run by default, the older one listed beside it, per-test outcomes.
    assert "rubric 1.1" in text and "run-old" in text
    plain = '<code>tests.test_x::test_plain</code></td><td><span class="badge o-passed">passed'
    assert plain + '</span></td><td><span class="badge o-passed">' in html
    assert 'o-failed">failed</span></td><td><span class="badge o-passed">passed' in html
    assert "cause named" in text  # the judge's reason beside its criterion
    old = unescape(_get(ui_url, f"/traces/{ids['hostile']}?run=run-old-{ids['hostile']}").text)
    assert "rubric 1.0" in old
    fixed = unescape(_get(ui_url, f"/traces/{ids['fixed']}").text)
    assert "split(':') breaks on ports" in fixed  # a thought
    assert "+    name, value = line.split(':', 1)" in fixed  # the edit's diff, from its blob


def test_unknown_trace_and_blob(ui_url: str):
    assert _get(ui_url, "/traces/no-such-trace").status_code == 404
    assert _get(ui_url, "/blobs/sha256:" + "0" * 64).status_code == 404
    assert _get(ui_url, "/blobs/not-a-blob").status_code == 404


def test_security_headers_and_raw_blobs(ui_url: str, ui_data: UiData):
    page = _get(ui_url, "/traces")
    csp = page.headers["content-security-policy"]
    assert "default-src 'none'" in csp and "script-src" not in csp  # no script may run
    assert "unsafe-inline" not in csp
    assert page.headers["x-content-type-options"] == "nosniff"
    assert page.headers["referrer-policy"] == "same-origin"
    raw = _get(ui_url, f"/blobs/{ui_data.ids['big_output']}")
    assert raw.headers["content-type"] == "text/plain; charset=utf-8"
    assert "sandbox" in raw.headers["content-security-policy"]
    assert PWN in raw.text  # the bytes as stored, served as inert text
    view = _get(ui_url, f"/blobs/{ui_data.ids['big_output']}/view")
    assert "<script" not in view.text and "line 399" in view.text


def test_overview_and_dead_letters_without_broker(ui_url: str):
    page = _get(ui_url, "/overview")
    assert page.status_code == 200
    assert page.text.count("<svg") >= 5
    assert "<title>" in page.text  # bar tooltips
    dlq = _get(ui_url, "/dead-letters")
    assert dlq.status_code == 502
    assert "no Kafka broker is configured" in unescape(dlq.text)


def test_sign_in_off_loopback(guarded_url: str):
    # Without a token every page sends the browser to the sign-in form.
    first = _get(guarded_url, "/traces?repo=x", follow_redirects=False)
    assert first.status_code == 303
    assert first.headers["location"] == "/ui/login?next=/ui/traces"
    assert _get(guarded_url, "/blobs/sha256:" + "0" * 64).status_code == 303
    # A bearer header works for scripts; a wrong one does not.
    assert _get(guarded_url, "/traces", headers={"Authorization": f"Bearer {VIEWER_TOKEN}"}
                ).status_code == 200  # fmt: skip
    assert _get(guarded_url, "/traces", headers={"Authorization": "Bearer nope"},
                follow_redirects=False).status_code == 303  # fmt: skip
    with httpx.Client(base_url=guarded_url, timeout=30) as client:
        bad = client.post("/ui/login", data={"token": "nope", "next": "/ui/traces"})
        assert bad.status_code == 401 and COOKIE not in client.cookies
        # A foreign origin cannot sign a browser in (login CSRF), even with the right token.
        for headers in ({"Origin": "http://evil.example"}, {"Sec-Fetch-Site": "cross-site"}):
            forged = client.post("/ui/login", data={"token": VIEWER_TOKEN}, headers=headers)
            assert forged.status_code == 401
        ok = client.post("/ui/login", data={"token": VIEWER_TOKEN, "next": "//evil.example/x"},
                         follow_redirects=False)  # fmt: skip
        assert ok.status_code == 303
        assert ok.headers["location"] == "/ui/traces"  # no open redirect
        cookie = ok.headers["set-cookie"]
        assert "HttpOnly" in cookie and "SameSite=strict" in cookie and VIEWER_TOKEN not in cookie
        assert client.get("/ui/traces").status_code == 200
        client.post("/ui/logout")
        assert client.get("/ui/traces", follow_redirects=False).status_code == 303


@pytest.mark.parametrize(
    ("host", "loopback"),
    [("127.0.0.1", True), ("localhost", True), ("::1", True), ("127.0.0.2", True),
     ("0.0.0.0", False), ("::", False), ("192.168.1.5", False), ("example.org", False)],
)  # fmt: skip
def test_loopback_detection(host: str, loopback: bool):
    assert is_loopback(host) is loopback


def test_resolved_column_is_used_once_it_exists(ui_data: UiData, clickhouse_dsn: str):
    """The list gains the resolved filter and column: ``trace_summary.resolved`` (0003)."""
    backend = ClientBackend(clickhouse_dsn, database=ui_data.database)
    try:
        assert SchemaProbe(backend, ttl_s=0).optional_columns() == {"resolved"}
        q, errors = parse_list_query(QueryParams("resolved=yes"), frozenset())
        assert q.filter.resolved is None and "no resolved column yet" in errors[0]
        # The fixed trace becomes a graded benchmark instance: a spec and a tests verdict.
        fixed = ui_data.ids["fixed"]
        blob = "sha256:" + "0" * 64
        spec = EvalSpec(instance_id="httpparse__httpparse-1", test_patch_blob_id=blob)
        ui_data.store.upsert_trace_opened(TraceOpened.model_construct(
            trace_id=fixed, created_at_ms=T0, repo=Repo(repo_id="httpparse", commit_base="abc1234"),
            task=Task(bug_report=BugReport(title="Header values with ':' are cut",
                                           description="Host: a:8080 parses as 'a'"),
                      evaluation=spec),
            developer=Developer(developer_id="dev-1", experience_level="senior"),
        ))  # fmt: skip
        verdict = QATests(runner="pytest", final_passed=True, resolved=True)
        ui_data.store.insert_qa_results([QAResult(
            run_id=f"run-{fixed}-graded", trace_id=fixed, stage="tests", status="ok",
            started_at_ms=T0 + 70_000, finished_at_ms=T0 + 71_000, config_json="{}",
            result_json=json.dumps(verdict.model_dump(mode="json")),
        )])  # fmt: skip
        optional = SchemaProbe(backend, ttl_s=0).optional_columns()
        query = ListQuery.model_validate({"filter": {"resolved": True}})
        page = fetch_page(backend, query, optional)
        assert [r["trace_id"] for r in page.rows] == [fixed]
        assert page.rows[0]["resolved"] is True
    finally:
        backend.close()

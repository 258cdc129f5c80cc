"""The UI as a user meets it: ``fixtrace up``, ``fixtrace demo``, then a browser.

A real stack runs (broker, chdb owned by the ``up`` process, gateway, stream and QA
workers). The demo plays its session and prints the trace's URL; a hostile session goes in
through the gateway like any capture client's (its long output becomes a blob in the
stream); a malformed record on the raw topic becomes a dead letter. Chromium then reads
all of it from the UI that ``up`` serves, and ``fixtrace ui`` started beside the stack reads
the same data through the stack's gateway. The screenshots of the guide come from here.
"""

from __future__ import annotations

import asyncio
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest
from aiokafka import AIOKafkaProducer
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import Select, WebDriverWait

from fixtrace.local_services import free_port
from fixtrace.ops.query import HttpBackend
from fixtrace.procs import spawn
from fixtrace.waiting import wait_until
from fixtrace_config import Settings
from fixtrace_config.stack_state import StackState
from tests.ui.browsing import csp_violations, nothing_ran, open_lazy, screenshot
from tests.ui.sample import IMG, SCRIPT
from tests.up_stack import UpStack

pytestmark = pytest.mark.slow

BAD_RECORD = b"this is not an Avro record"


class Stack:
    """The session's ``up_stack`` plus this module's own traces (hostile session, bad record)."""

    def __init__(self, up: UpStack, hostile: str) -> None:
        assert up.state is not None
        self.up, self.state, self.data_dir, self.demo = up, up.state, up.data_dir, up.demo
        self.hostile = hostile


def _send_hostile(state: StackState) -> str:
    """A session with payloads in its output, command, thought and bug report."""
    big = "\n".join(f"line {i} {SCRIPT} {IMG}" for i in range(400))  # > inline limit: a blob
    now = int(time.time() * 1000)
    events = [
        {"seq": 1, "ts_ms": now, "type": "thought",
         "payload": {"kind": "hypothesis", "content_text": f"what if {IMG}"}},
        {"seq": 2, "ts_ms": now + 1, "type": "terminal_command",
         "payload": {"cwd": "/w", "command": f"echo '{SCRIPT}'"}},
        {"seq": 3, "ts_ms": now + 2, "type": "terminal_output",
         "payload": {"stream": "stdout", "chunk_text": f"{SCRIPT} {IMG}\n"}},
        {"seq": 4, "ts_ms": now + 3, "type": "terminal_output",
         "payload": {"stream": "stdout", "chunk_text": big}},
    ]  # fmt: skip
    for event in events:
        event["event_id"] = str(uuid.uuid4())
    with httpx.Client(base_url=state.gateway_url, timeout=30) as client:
        opened = client.post(
            "/traces",
            headers={"Authorization": f"Bearer {state.fleet_token}"},
            json={
                "repo": {"repo_id": "hostile/repo", "commit_base": "abc1234"},
                "task": {
                    "bug_report": {
                        "title": f"XSS {SCRIPT}",
                        "description": f"raw {IMG} and **bold**",
                    }
                },
                "developer": {"developer_id": "mallory"},
            },  # fmt: skip
        )
        assert opened.status_code == 201, opened.text
        trace_id, key = opened.json()["trace_id"], opened.json()["ingest_key"]
        auth = {"Authorization": f"Bearer {key}"}
        sent = client.post(f"/traces/{trace_id}/events", headers=auth, json={"events": events})
        assert sent.status_code == 200, sent.text
        done = client.post(f"/traces/{trace_id}/finalize", headers=auth,
                           json={"seq_last": len(events)})  # fmt: skip
        assert done.status_code == 200, done.text
    return trace_id


async def _produce_bad(bootstrap: str, topic: str) -> None:
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, enable_idempotence=False)
    await producer.start()
    try:
        await producer.send_and_wait(topic, BAD_RECORD, key=b"not-a-trace")
    finally:
        await producer.stop()


@pytest.fixture(scope="module")
def stack(up_stack: UpStack) -> Stack:
    """The shared stack (demo run), a hostile session and a dead letter of this module."""
    state = up_stack.state
    assert state is not None
    stack = Stack(up_stack, _send_hostile(state))
    asyncio.run(_produce_bad(state.kafka_bootstrap, Settings().topic_raw))
    backend = HttpBackend(state.gateway_url, state.fleet_token)
    try:
        wait_until(
            lambda: backend.query(
                "SELECT count() FROM events FINAL WHERE trace_id = {t:String}",
                {"t": stack.hostile},
            ).rows[0][0] == 4,
            timeout_s=60, message="the hostile session was not stored",
        )  # fmt: skip
    finally:
        backend.close()
    return stack


def test_demo_prints_the_trace_url(stack: Stack):
    want = f"{stack.state.gateway_url}/ui/traces/{stack.demo['trace_id']}"
    assert stack.demo["trace_url"] == want
    page = httpx.get(want, timeout=30)
    assert page.status_code == 200 and "fail → pass" in page.text
    status = stack.up.log.read_text()  # the status table of `fixtrace up`
    assert f"{stack.state.gateway_url}/ui/traces" in status


def test_list_filter_and_demo_trace_in_chromium(browser: Any, stack: Stack, artifacts: Path):
    demo_id = stack.demo["trace_id"]
    browser.get(f"{stack.state.gateway_url}/ui/traces")
    ids = [a.text for a in browser.find_elements(By.CSS_SELECTOR, "td.tid a code")]
    assert demo_id in ids and stack.hostile in ids
    screenshot(browser, artifacts / "list.png")
    Select(browser.find_element(By.NAME, "tests")).select_by_value("fail_to_pass")
    browser.find_element(By.CSS_SELECTOR, "form.filters button[type=submit]").click()
    WebDriverWait(browser, 10).until(ec.url_contains("tests=fail_to_pass"))
    ids = [a.text for a in browser.find_elements(By.CSS_SELECTOR, "td.tid a code")]
    assert ids == [demo_id]

    browser.find_element(By.CSS_SELECTOR, "td.tid a").click()
    WebDriverWait(browser, 10).until(ec.title_contains(demo_id))
    browser.save_screenshot(str(artifacts / "trace-top.png"))  # the first screenful
    # The final patch as a coloured diff.
    added = browser.find_elements(By.CSS_SELECTOR, "section.patch pre.diff .d-add")
    assert any("DEFAULT_CONTENT_TYPE" in a.text for a in added)
    # The QA panel: tests before/after per test, the MRE verdict, the judge's criteria.
    qa = browser.find_element(By.CSS_SELECTOR, "aside.qa")
    outcomes = qa.find_element(By.CSS_SELECTOR, "table.outcomes").text
    assert "test_missing_content_type_defaults_to_octet_stream failed passed" in outcomes
    assert "GREEN" in qa.find_element(By.ID, "qa-mre").text
    assert len(qa.find_elements(By.CSS_SELECTOR, "table.criteria tbody tr")) == 6
    assert "no_model_key" in qa.text
    # Expand the sandbox's output of the failing run: fetched when opened.
    before = qa.find_element(By.CSS_SELECTOR, "#qa-tests details.lazy")
    assert "KeyError" in open_lazy(browser, before, "KeyError")
    final = browser.find_element(By.LINK_TEXT, "final_trace.json").get_attribute("href")
    doc = httpx.get(final, timeout=30).json()
    assert doc["trace_id"] == demo_id and doc["qa"]["judge"]["mode"] == "heuristic"
    screenshot(browser, artifacts / "trace.png")


def test_hostile_session_through_the_pipeline_runs_nothing(browser: Any, stack: Stack,
                                                           artifacts: Path):  # fmt: skip
    csp_violations(browser)
    browser.get(f"{stack.state.gateway_url}/ui/traces/{stack.hostile}")
    nothing_ran(browser)
    browser.save_screenshot(str(artifacts / "hostile-top.png"))
    assert SCRIPT in browser.find_element(By.CSS_SELECTOR, "#seq-3 pre.out").text
    lazy = browser.find_element(By.CSS_SELECTOR, "#seq-4 details.lazy")  # moved to a blob
    assert SCRIPT in open_lazy(browser, lazy, "line 399")
    nothing_ran(browser)
    assert not csp_violations(browser)
    screenshot(browser, artifacts / "hostile-trace.png")


def test_dead_letters_and_overview(browser: Any, stack: Stack, artifacts: Path):
    def listed() -> bool:
        browser.get(f"{stack.state.gateway_url}/ui/dead-letters")
        return "not-a-trace" in browser.find_element(By.TAG_NAME, "main").text

    wait_until(listed, timeout_s=60, message="the bad record never reached the DLQ page")
    row = browser.find_element(By.CSS_SELECTOR, "table.dlq tbody tr")
    assert "BadMagic" in row.text or "decode" in row.text
    screenshot(browser, artifacts / "dead-letters.png")
    row.find_element(By.CSS_SELECTOR, "a").click()
    WebDriverWait(browser, 10).until(ec.title_contains("Dead letter"))
    main = browser.find_element(By.TAG_NAME, "main")
    assert "not a single-object Avro record" in main.text and "BadMagic" in main.text
    as_text = main.find_elements(By.CSS_SELECTOR, "details")[1]
    as_text.find_element(By.TAG_NAME, "summary").click()
    assert BAD_RECORD.decode() in as_text.text
    browser.get(f"{stack.state.gateway_url}/ui/overview")
    assert len(browser.find_elements(By.CSS_SELECTOR, "figure.chart svg")) >= 5
    assert browser.find_elements(By.CSS_SELECTOR, "svg rect.s-events")
    screenshot(browser, artifacts / "overview.png")


def test_fixtrace_ui_beside_the_stack_reads_through_its_gateway(stack: Stack):
    port = free_port()
    proc = spawn("fixtrace-ui", [sys.executable, "-m", "fixtrace.cli", "ui", "--port", str(port)],
                 env=stack.up.env(), log_path=stack.data_dir / "ui.log")  # fmt: skip
    try:
        url = f"http://127.0.0.1:{port}/ui/traces"

        def answered() -> httpx.Response | None:
            try:
                return httpx.get(url, timeout=5)
            except httpx.TransportError:
                return None

        page = wait_until(answered, timeout_s=60, message=f"fixtrace ui did not answer:\n"
                          f"{proc.log_tail()}")  # fmt: skip
        assert page.status_code == 200
        assert stack.demo["trace_id"] in page.text
        assert f"the running stack at {stack.state.gateway_url}" in page.text
        log = (stack.data_dir / "ui.log").read_text()
        assert f"fixtrace UI: {url}" in log
    finally:
        proc.stop()

"""What fixtrace said, set against the harness: verdicts, no-verdict reasons, per-test agreement.

The QA tests stage's result (``qa_results.result_json`` of stage ``tests``) holds ``resolved``,
every held-out test's status before and after the fix, and the runs' output as blobs. From it:

- the verdict (True/False), or *no verdict* with a reason read from the flags and, for an
  environment that cannot run the code, from the run's own output (e.g. a Python too new);
- per test, whether fixtrace's success agrees with the harness's, and for a disagreement
  whether the test needs the network: the harness ran with network (httpbin.org and other
  hosts answered, or did not), the sandbox refuses every connection, so a test that fails
  here with a connection error says nothing about the patch.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from bench.swebench_cases import Case

#: A connection the sandbox refused or a name it could not resolve.
NETWORK_ERROR = re.compile(
    r"ConnectionError|NewConnectionError|MaxRetryError|Max retries exceeded|ConnectTimeout"
    r"|Failed to establish a new connection|Name or service not known|Network is unreachable"
    r"|Temporary failure in name resolution|gaierror|getaddrinfo|\[Errno -[235]\]|\[Errno 101\]"
)
#: Code older than the interpreter: what it prints when it cannot run on Python 3.10+.
TOO_NEW_PYTHON = (
    (re.compile(r"cannot import name '\w+' from 'collections'|module 'collections' has no "
                r"attribute '\w+'"), "collections ABCs moved (removed in Python 3.10)"),
    (re.compile(r'required field "lineno" missing from alias'),
     "pytest's assertion rewriter predates Python 3.10's ast"),
)  # fmt: skip
_SUMMARY = re.compile(r"^(FAILED|ERROR) (\S+)(?: - (.*))?$", re.M)
_SECTION_OR_BANNER = re.compile(r"^(?:_{3,} (.+?) _{3,}|={3,}.*)$", re.M)
"""A failure's section title (group 1), or a ``=====`` banner that ends the last section."""

Fetch = Callable[[str], str]
"""Reads a blob's text by id (the stack's blob store)."""


@dataclass
class Verdict:
    resolved: bool | None
    reason: str = ""  # why there is no verdict (a short class, for counting)
    detail: str = ""  # the stage's own words
    flags: list[str] = field(default_factory=list)
    seconds: float | None = None


@dataclass
class TestComparison:
    """Per-test agreement of one case (only where the harness published per-test results)."""

    __test__ = False

    compared: int = 0
    agree: int = 0
    network: list[str] = field(default_factory=list)  # disagree on a network-dependent test
    network_agree: list[str] = field(default_factory=list)  # agree, but both fail; ours: network
    other: list[str] = field(default_factory=list)  # disagree for another reason
    harness_only: list[str] = field(default_factory=list)  # ids the spec lacks


def verdict_of(result: dict | None, flags: list[str], error: str | None, fetch: Fetch) -> Verdict:
    """fixtrace's verdict from a tests-stage result, or no verdict and why."""
    if result is None:
        return Verdict(None, "not graded: no tests-stage result", "", flags)
    evaluation = result.get("evaluation") or {}
    seconds = evaluation.get("seconds") or {}
    spent = sum(seconds.get(k, 0.0) for k in ("install", "before", "after")) or None
    resolved = result.get("resolved")
    if resolved is not None:
        return Verdict(resolved, "", "", flags, spent)
    reason = _no_verdict_reason(result, flags, error, fetch)
    return Verdict(None, reason, (error or "").strip()[:400], flags, spent)


def _no_verdict_reason(result: dict, flags: list[str], error: str | None, fetch: Fetch) -> str:
    if "p2p_failed_before" in flags:
        before = _output(result, "before", fetch)
        for pattern, why in TOO_NEW_PYTHON:
            if pattern.search(before):
                return f"needs Python < 3.10 ({why})"
        return "PASS_TO_PASS tests fail before the fix too (environment)"
    for flag in ("test_patch_does_not_apply", "install_failed", "env_failed", "repo_unavailable",
                 "no_repo_source", "sandbox_unavailable"):  # fmt: skip
        if flag in flags:
            return flag
    return (error or "no verdict").splitlines()[0][:160]


def _output(result: dict, phase: str, fetch: Fetch) -> str:
    for inv in result.get("invocations") or []:
        if inv.get("phase") == phase:
            parts = [inv.get("stdout_blob_id"), inv.get("stderr_blob_id")]
            return "\n".join(fetch(b) for b in parts if b)
    return ""


def network_failures(output: str) -> set[str]:
    """Test ids whose failure in ``output`` is a refused connection or a failed lookup.

    Read from pytest's ``-rA`` summary (``FAILED id - message``) and from each failure's
    traceback section (``____ Class.test_name ____``).
    """
    found = {m[2] for m in _SUMMARY.finditer(output) if m[3] and NETWORK_ERROR.search(m[3])}
    marks = list(_SECTION_OR_BANNER.finditer(output))
    ends = [m.start() for m in marks[1:]] + [len(output)]
    for head, end in zip(marks, ends, strict=False):  # no marks: nothing to read
        body = output[head.end() : end]
        if head[1] and NETWORK_ERROR.search(body):
            found.add(head[1])  # a section title, matched to ids below
    return found


REMOTE_HOST = re.compile(r"httpbin|https?://(?!localhost\b|127\.0\.0\.1\b)[\w-]+(?:\.[\w-]+)+")
"""A test that names a remote host (or requests' ``httpbin()`` URL helper) talks to it."""


def remote_tests(files: dict[str, str]) -> set[str]:
    """Node ids (``file::Class::test``, no parameters) of test functions naming a remote host.

    Why static: a test can depend on the network and still pass here, e.g. one expecting a
    connection to fail, which the harness's networked run may see succeed. (With a local
    test server such as pytest-httpbin's fixture this over-counts; it only labels
    disagreements, it grades nothing.)
    """
    found: set[str] = set()
    for path, text in files.items():
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue
        scopes = [(f"{path}::{getattr(node, 'name', '')}", node) for node in tree.body]
        for name, node in scopes:
            if isinstance(node, ast.ClassDef):
                scopes += [(f"{name}::{getattr(sub, 'name', '')}", sub) for sub in node.body]
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                parts = [*node.decorator_list, node]  # parametrize arguments name hosts too
                if any(REMOTE_HOST.search(ast.get_source_segment(text, p) or "") for p in parts):
                    found.add(name)
    return found


def _section_title(test_id: str) -> str:
    """``file.py::Class::test[p]`` → ``Class.test[p]``, as pytest titles a failure."""
    return ".".join(test_id.split("::")[1:])


def compare_tests(
    case: Case, result: dict | None, fetch: Fetch, remote: set[str] = frozenset()
) -> TestComparison | None:
    """Per-test agreement with the harness, or None without per-test results on both sides.

    A test is network-dependent when it fails here with a connection error, or names a
    remote host (``remote``, see :func:`remote_tests`).
    """
    evaluation = (result or {}).get("evaluation") or {}
    ours = {(t["kind"], t["test_id"]): t for t in evaluation.get("tests") or []}
    if not case.harness_tests or not ours or all(t.get("after") is None for t in ours.values()):
        return None
    network = network_failures(_output(result or {}, "after", fetch))
    out = TestComparison()
    for key, harness_ok in sorted(case.harness_tests.items()):
        test = ours.get(key)
        if test is None:
            out.harness_only.append(key[1])
            continue
        out.compared += 1
        refused = test["test_id"] in network or _section_title(test["test_id"]) in network
        offline = refused or test["test_id"].split("[")[0] in remote
        if test["ok"] == harness_ok:
            out.agree += 1
            if offline and not harness_ok:
                out.network_agree.append(key[1])
        elif offline:
            out.network.append(key[1])
        else:
            out.other.append(f"{key[1]} (harness {'pass' if harness_ok else 'fail'}, "
                               f"fixtrace {test['after'] or 'missing'})")  # fmt: skip
    return out

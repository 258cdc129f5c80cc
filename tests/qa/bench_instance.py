"""A benchmark instance in miniature: a real bug, held-out tests, right and wrong fixes.

``chunky.chunks(seq, n)`` should split ``seq`` into lists of ``n`` items with a shorter
last one, but the base commit drops a short tail. The "issue" shows the remainder-1 case
(``chunks([1, 2, 3, 4, 5], 2)`` loses ``[5]``). The held-out test patch, built like a
SWE-bench one, adds that example to ``tests/test_chunks.py`` and a remainder-2 case in a
new ``tests/test_tail.py``. The subtly wrong fix appends only the last item, which passes
the issue's example and fails the held-out remainder-2 test.

The package uses a ``src/`` layout, so its tests import it only after the install step.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bench.sample_repo import SampleRepo, run_git, sample_fix_trace
from qa_agents.ports import Blobs, put_text
from schemas.models import BugReport, EvalSpec, Event, Repo, Task, TraceFinalize, TraceOpened

REPO_ID = "fixtrace-tests/chunky"
INSTALL = "python -m pip install -e ."
PYPROJECT = """[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "chunky"
version = "0.1.0"

[tool.setuptools.packages.find]
where = ["src"]
"""
DOC = '    """Split ``seq`` into lists of ``n`` items; the last one may be shorter."""\n'
BUGGY = (
    "def chunks(seq, n):\n"
    + DOC
    + ("    return [list(seq[i : i + n]) for i in range(0, len(seq) - n + 1, n)]\n")
)
CORRECT = (
    "def chunks(seq, n):\n"
    + DOC
    + ("    return [list(seq[i : i + n]) for i in range(0, len(seq), n)]\n")
)
WRONG = (
    "def chunks(seq, n):\n"
    + DOC
    + (
        "    out = [list(seq[i : i + n]) for i in range(0, len(seq) - n + 1, n)]\n"
        "    if len(seq) % n:\n"
        "        out.append([seq[-1]])\n"
        "    return out\n"
    )
)
HANGS = (
    "def chunks(seq, n):\n"
    + DOC
    + (
        "    out, i = [], 0\n"
        "    while i < len(seq):\n"
        "        if len(seq) - i >= n:\n"
        "            out.append(list(seq[i : i + n]))\n"
        "            i += n\n"
        "    return out\n"
    )
)
BASE_TESTS = """from chunky import chunks


def test_even_split():
    assert chunks([1, 2, 3, 4], 2) == [[1, 2], [3, 4]]


def test_empty():
    assert chunks([], 3) == []
"""
ISSUE_TEST = """

def test_remainder_one():
    assert chunks([1, 2, 3, 4, 5], 2) == [[1, 2], [3, 4], [5]]
"""
HELD_OUT_TEST = """from chunky import chunks


def test_remainder_two():
    assert chunks([1, 2, 3, 4, 5], 3) == [[1, 2, 3], [4, 5]]
"""
AGENT_TEST = """

def test_tail_kept():
    assert chunks([1, 2, 3], 2)[-1] == [3]
"""
F2P = ["tests/test_chunks.py::test_remainder_one", "tests/test_tail.py::test_remainder_two"]
P2P = ["tests/test_chunks.py::test_even_split", "tests/test_chunks.py::test_empty"]


@dataclass
class BenchInstance:
    """The repository and the patches of the instance (made with real git)."""

    path: Path
    base_commit: str
    test_patch: str
    correct: str
    wrong: str
    hangs: str
    breaks_install: str
    stale: str


def _diff(repo: Path, base: str, files: dict[str, str]) -> str:
    """The patch that writes ``files`` (path → content) over the base commit."""
    for rel, text in files.items():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(text)
    run_git(repo, "add", "-A")
    patch = run_git(repo, "diff", "--cached", base)
    run_git(repo, "reset", "-q", "--hard", base)
    run_git(repo, "clean", "-fdxq")
    return patch


def _commit(repo: Path, files: dict[str, str]) -> str:
    for rel, text in files.items():
        (repo / rel).write_text(text)
    run_git(repo, "commit", "-qam", "older docstring")
    return run_git(repo, "rev-parse", "HEAD").strip()


def make_bench_instance(path: Path) -> BenchInstance:
    """``git init`` the repo at ``path`` and derive every patch from its base commit."""
    path.mkdir(parents=True, exist_ok=True)
    run_git(path, "init", "-q", "-b", "main")
    init = "src/chunky/__init__.py"
    base_files = {"pyproject.toml": PYPROJECT, init: BUGGY, "tests/test_chunks.py": BASE_TESTS}
    for rel, text in base_files.items():
        (path / rel).parent.mkdir(parents=True, exist_ok=True)
        (path / rel).write_text(text)
    run_git(path, "add", "-A")
    run_git(path, "commit", "-q", "-m", "chunks helper")
    base = run_git(path, "rev-parse", "HEAD").strip()
    test_patch = _diff(
        path,
        base,
        {"tests/test_chunks.py": BASE_TESTS + ISSUE_TEST, "tests/test_tail.py": HELD_OUT_TEST},
    )
    # The agent's fixes also add their own test to the file the test patch changes.
    own_test = {"tests/test_chunks.py": BASE_TESTS + AGENT_TEST}
    # The right fix, written against an older docstring: git apply refuses the changed
    # context line, GNU patch with fuzz accepts it (as the harness's last resort does).
    older = _commit(path, {init: BUGGY.replace("items;", "elements;")})
    stale = _diff(path, older, {init: CORRECT.replace("items;", "elements;")})
    run_git(path, "reset", "-q", "--hard", base)
    return BenchInstance(
        path=path,
        base_commit=base,
        test_patch=test_patch,
        correct=_diff(path, base, {init: CORRECT, **own_test}),
        wrong=_diff(path, base, {init: WRONG, **own_test}),
        hangs=_diff(path, base, {init: HANGS}),
        breaks_install=_diff(
            path,
            base,
            {
                init: CORRECT,
                "pyproject.toml": PYPROJECT.replace(
                    'version = "0.1.0"', 'version = "0.1.0"\ndependencies = ["attrs>=99"]'
                ),
            },
        ),  # fmt: skip
        stale=stale,
    )


def eval_spec(blobs: Blobs, inst: BenchInstance, **overrides: object) -> EvalSpec:
    """The instance's evaluation spec with its test patch stored as a blob."""
    fields: dict[str, object] = {
        "dataset": "fixtrace-tests",
        "instance_id": "fixtrace-tests__chunky-1",
        "version": "0.1",
        "test_patch_blob_id": put_text(blobs, inst.test_patch, "text/x-diff"),
        "fail_to_pass": list(F2P),
        "pass_to_pass": list(P2P),
        "gold_patch_blob_id": put_text(blobs, inst.correct, "text/x-diff"),
    }
    fields.update(overrides)
    return EvalSpec.model_validate(fields)


def bench_trace(
    inst: BenchInstance,
    blobs: Blobs,
    patch: str,
    *,
    spec: EvalSpec | None = None,
    labels: tuple[str, ...] = (),
    trace_id: str | None = None,
) -> tuple[TraceOpened, list[Event], TraceFinalize]:
    """A fix session on the instance whose final patch is ``patch``.

    The events come from the shared sample session, so two traces differ only in their
    final patch: the work shown is otherwise equal.
    """
    opened, events, finalize = sample_fix_trace(
        SampleRepo(path=inst.path, base_commit=inst.base_commit, fix_patch=patch),
        blobs,
        trace_id=trace_id,
    )
    task = Task(
        task_id="fixtrace-tests__chunky-1",
        bug_report=BugReport(
            title="chunks() drops the last, shorter chunk",
            description="chunks([1, 2, 3, 4, 5], 2) returns [[1, 2], [3, 4]]: the [5] is lost.",
            expected="[[1, 2], [3, 4], [5]]",
            actual="[[1, 2], [3, 4]]",
        ),
        labels=list(labels),
        evaluation=spec if spec is not None else eval_spec(blobs, inst),
    )
    repo = Repo(repo_id=REPO_ID, commit_base=inst.base_commit)
    return opened.model_copy(update={"repo": repo, "task": task}), events, finalize

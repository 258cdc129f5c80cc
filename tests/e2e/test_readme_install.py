"""The README's two commands as a new user runs them: ``pip install -e .`` (no ``[dev]``), then
``fixtrace demo`` — and the summary it prints agrees with the stored QA results.

Why this test exists (issue 31): with a plain install fixtrace's interpreter has no pytest;
the demo ran the sample's tests with it, both recorded runs failed with "No module named
pytest", and the summary still said "tests after the fix: passed".

How the fresh install is made, and why this way:

- ``python -m venv`` (its own pip, no ``--system-site-packages``), then the README's
  ``python -m pip install -e <checkout>`` run by that venv's pip, so the editable install,
  the ``fixtrace`` script and its interpreter are the venv's own.
- The dependencies come from a *view* of the CI venv's site-packages: a folder of symlinks
  to every installed distribution except the ``[dev]`` extra's closure (pytest, its plugins,
  moto, ruff, selenium … minus what the core dependencies need) and the CI venv's own
  editable fixtrace. The venv adds it with ``site.addsitedir`` from a ``.pth`` file, so pip
  finds every core requirement satisfied and installs with ``--no-index`` (this machine has
  no wheelhouse, and downloading ~115 distributions with chdb among them would take minutes).
  Unlike ``--system-site-packages`` over some other base, what the venv can import is
  exactly the core install: the test asserts ``import pytest`` fails in it.
- The build backend (``setuptools>=68``, ``wheel``: the CI venv's setuptools is older) comes
  from a small wheelhouse kept in ``/var/tmp/fixtrace-build-wheels``, downloaded from PyPI
  once (pip's build isolation then installs it with ``--no-index``).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from fixtrace.waiting import wait_until
from fixtrace_config.stack_state import pid_alive

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
BUILD_WHEELS = Path("/var/tmp/fixtrace-build-wheels")


def _build_wheelhouse() -> Path:
    """The build backend's wheels (pyproject's build-system requires), fetched once."""
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    marker = BUILD_WHEELS / ("ok-" + "-".join(sorted(_name(r) for r in requires)))
    if not marker.exists():
        got = subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--only-binary", ":all:",
             "--disable-pip-version-check", "-d", str(BUILD_WHEELS), *requires],
            capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        assert got.returncode == 0, f"cannot fetch the build backend from PyPI: {got.stderr}"
        marker.touch()
    return BUILD_WHEELS


def _name(requirement: str) -> str:
    return re.split(r"[\s\[<>=!~;(]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


def _closure(roots: list[str]) -> set[str]:
    """The installed distributions ``roots`` need, transitively (extras of deps left out)."""
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        seen.add(name)
        todo += [_name(r) for r in dist.requires or [] if "extra ==" not in r]
    return seen


def _hidden_entries(site: Path) -> set[str]:
    """Top-level site-packages entries of the [dev]-only distributions and CI's fixtrace."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    core = _closure([_name(r) for r in project["dependencies"]])
    dev = _closure([_name(r) for r in project["optional-dependencies"]["dev"]])
    hidden: set[str] = set()
    for name in (dev - core) | {"fixtrace"}:
        dist = metadata.distribution(name)
        for file in dist.files or []:
            top = file.parts[0]
            if (site / top).exists():
                hidden.add(top)
    hidden |= {p.name for p in site.iterdir() if "fixtrace" in p.name.lower()}
    return hidden


def _fresh_venv(tmp_path: Path) -> Path:
    site = Path(next(p for p in sys.path if p.endswith("site-packages") and "fixtrace-ci" in p))
    view = tmp_path / "core-deps"
    view.mkdir()
    hidden = _hidden_entries(site)
    for entry in site.iterdir():
        if entry.name not in hidden and entry.name != "__pycache__":
            (view / entry.name).symlink_to(entry)
    venv = tmp_path / "venv"
    # no ensurepip (seconds): pip itself comes from the view, as the core install has it
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=60
    )
    (own_site,) = (venv / "lib").glob("python*/site-packages")
    (own_site / "core-deps.pth").write_text(f"import site; site.addsitedir({str(view)!r})\n")
    return venv


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("FIXTRACE_", "PYTHON"))}
    env.pop("ANTHROPIC_API_KEY", None)
    env.pop("VIRTUAL_ENV", None)
    env.update(
        HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_STATE_HOME=str(home / "state"),
        XDG_CACHE_HOME=str(home / "cache"), XDG_CONFIG_HOME=str(home / "config"),
    )  # fmt: skip
    return env


def test_readme_install_then_demo_agrees_with_stored_qa(tmp_path: Path) -> None:
    started = time.monotonic()
    venv = _fresh_venv(tmp_path)
    python = venv / "bin" / "python"
    env = _env(tmp_path / "home")
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "--no-index", "--find-links",
         str(_build_wheelhouse()), "--disable-pip-version-check", "-q", "-e", "."],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert install.returncode == 0, install.stderr
    probe = subprocess.run(
        [str(python), "-c", "import fixtrace, sys; print(fixtrace.__file__); import pytest"],
        env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert probe.stdout.startswith(str(ROOT)), probe.stdout  # this checkout, installed
    assert "No module named 'pytest'" in probe.stderr, probe.stderr  # exactly as the README
    print(f"readme install: fresh venv + pip install -e . in {time.monotonic() - started:.1f} s")

    fixtrace = str(venv / "bin" / "fixtrace")
    t0 = time.monotonic()
    demo = subprocess.run(
        [fixtrace, "demo", "--json"], cwd=tmp_path, env=env, capture_output=True, text=True,
        timeout=600,
    )  # fmt: skip
    said = r"keeps running \(pid (\d+)\); stop it with: (fixtrace stop.*)"
    pid_match = re.search(said, demo.stderr)
    try:
        assert demo.returncode == 0, demo.stderr
        print(f"readme install: fixtrace demo (stack start included) {time.monotonic() - t0:.1f} s")
        assert pid_match, demo.stderr  # the stack it started keeps running and says how to stop
        summary = json.loads(demo.stdout)
        assert summary["trace_url"], summary  # a live stack: its link is printed

        shown = subprocess.run(
            [fixtrace, "traces", "show", summary["trace_id"], "--json"], cwd=tmp_path, env=env,
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert shown.returncode == 0, shown.stderr
        doc = json.loads(shown.stdout)
        qa, tests = doc["qa"], doc["qa"]["tests"]

        # the recorded session really failed, then passed (its own pytest, not fixtrace's)
        runs = [e["payload"] for e in doc["events"] if e["type"] == "test_run"]
        assert [r["passed"] for r in runs] == [False, True], runs
        outputs = [e["payload"]["chunk_text"] or "" for e in doc["events"]
                   if e["type"] == "terminal_output"]  # fmt: skip
        assert "No module named pytest" not in "".join(outputs)
        assert "1 failed, 2 passed" in outputs[0] and "3 passed" in outputs[1], outputs
        assert summary["recorded_tests"] == ["failed (exit 1)", "passed"]

        # every line of the summary is the stored QA result
        phases = {i["phase"]: i for i in tests["invocations"]}
        assert phases["before"]["passed"] is False and phases["after"]["passed"] is True
        assert summary["tests_before"] == f"failed (exit {phases['before']['exit_code']})"
        assert summary["tests_after"] == "passed"
        assert summary["fail_to_pass"] == tests["fail_to_pass"] != []
        assert summary["final_passed"] is tests["final_passed"] is True
        assert summary["schema_valid"] is qa["schema_valid"] is True
        assert summary["schema_problems"] == qa["schema_problems"] == []
        assert summary["qa_flags"] == qa["flags"]
        assert not [f for f in qa["flags"] if f.startswith("schema_")], qa["flags"]
        assert summary["judge_overall"] == qa["judge"]["overall"]
        assert summary["judge_mode"] == qa["judge"]["mode"] == "heuristic"
        assert summary["mre_verdict"] == qa["mre"]["verdict"]
        assert summary["final_trace_blob_id"] == doc["final_state"]["final_trace_blob_id"]

        # stopped with the command the demo printed, from another folder
        stop = subprocess.run(
            [fixtrace, *pid_match.group(2).split()[1:]], cwd=ROOT, env=env,
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert stop.returncode == 0, stop.stderr
        assert f"stopped the stack (pid {pid_match.group(1)}" in stop.stdout, stop.stdout
    finally:
        if not pid_match:  # whatever the demo said, its stack must not outlive the test
            subprocess.run([fixtrace, "stop"], cwd=ROOT, env=env, capture_output=True, timeout=120)
        if pid_match:
            pid = int(pid_match.group(1))
            if pid_alive(pid):
                os.kill(pid, signal.SIGINT)
            wait_until(lambda: not pid_alive(pid), timeout_s=60, message="the demo's stack stopped")

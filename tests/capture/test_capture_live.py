"""``capture run`` shows output as it comes, keeps colours on a terminal, records counts.

Issue 31: the command's output was held back until it ended (a long suite showed nothing),
colours were lost (the command wrote to a pipe), and no test counts were recorded although
pytest printed "1 failed, 1 passed".
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from producers.capture.live import run_live
from producers.capture.runner_counts import ALL_RUNNERS, RULES, test_counts


class TapBuffer(io.BytesIO):
    """A byte buffer that calls ``on_first`` when the first bytes reach it."""

    def __init__(self, on_first) -> None:
        super().__init__()
        self.on_first, self.seen = on_first, bytearray()

    def write(self, data) -> int:  # type: ignore[override]
        first = not self.seen
        self.seen += data
        if first:
            self.on_first()
        return super().write(data)


def test_output_reaches_the_terminal_before_the_command_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command waits for a line it can only get after we saw its first output."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)

    def answer() -> None:
        with open(fifo, "w") as writer:  # blocks until the command opens its end
            writer.write("go\n")

    tap = TapBuffer(answer)
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(tap, encoding="utf-8"))
    command = f"echo first; timeout 20 sh -c 'read line < {fifo}; echo got $line'"
    ran = run_live(command, tmp_path, use_pty=False)
    assert ran.returncode == 0, ran.stderr  # `timeout` would have ended it with 124
    assert ran.stdout == "first\ngot go\n"
    assert bytes(tap.seen).startswith(b"first")


def test_a_terminal_keeps_its_colours_and_the_record_is_plain(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    monkeypatch.setattr(sys, "stdout", out)
    probe = "import sys; print(sys.stdout.isatty()); print('\\x1b[31mred\\x1b[0m')"
    ran = run_live(f'{sys.executable} -c "{probe}"', tmp_path, use_pty=True)
    out.flush()
    shown = out.buffer.getvalue()  # type: ignore[attr-defined]
    assert b"True" in shown and b"\x1b[31mred" in shown  # the command saw a terminal
    assert ran.stdout == "True\nred\n"  # recorded without escapes or \r


def test_every_rule_reads_its_examples() -> None:
    for rule in RULES:
        assert rule.runners <= ALL_RUNNERS, rule.name
        for text, expected in rule.examples:
            found = rule.parse(text)
            assert (found[1] if found else None) == expected, (rule.name, text)
    assert {r for rule in RULES for r in rule.runners} == ALL_RUNNERS


def test_counts_from_a_real_pytest_run(tmp_path: Path) -> None:
    (tmp_path / "test_calc.py").write_text(
        "def test_a():\n    assert 1 == 2\n\n\ndef test_b():\n    pass\n\n\n"
        "import pytest\n\n\n@pytest.mark.skip\ndef test_c():\n    pass\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--color=yes"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert "\x1b[" in done.stdout  # coloured, as on a terminal
    assert test_counts("pytest", done.stdout) == (3, 1)
    assert test_counts("make test", done.stdout) == (3, 1)  # make runs whatever: all rules
    assert test_counts("go test", done.stdout) is None  # another runner's rules only


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_counts_from_a_real_node_test_run(tmp_path: Path) -> None:
    (tmp_path / "calc.test.mjs").write_text(
        "import test from 'node:test';\nimport assert from 'node:assert';\n"
        "test('adds', () => assert.equal(1 + 1, 2));\n"
        "test('subtracts', () => assert.equal(1 - 1, 2));\n"
    )
    for reporter in ("tap", "spec"):
        done = subprocess.run(
            ["node", "--test", f"--test-reporter={reporter}"], cwd=tmp_path,
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert test_counts("npm test", done.stdout) == (2, 1), (reporter, done.stdout[-400:])

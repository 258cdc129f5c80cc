"""How long a capture session's commands take, with no broker and with one, from a shell.

Each round runs ``fixtrace capture start``, ``capture run -- true``, ``thought`` and
``capture finish`` as subprocesses in a fresh git repository, then ``fixtrace import`` of one
SWE-agent trajectory (with no broker it must fail at once), with private XDG homes and
no FIXTRACE_* variables except the broker in the online rounds (a Tansu broker this script
starts). Beside them, in the same rounds, the baselines: the interpreter alone
(``python -c pass``) and the CLI's cheapest command (``fixtrace config --json``). Prints
p50 / max wall seconds per command and the whole session's total.

    python bench/cli_bench.py --rounds 5
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fixtrace.local_services import LocalServices  # noqa: E402

BIN = Path(sys.executable).parent
SESSION = {
    "capture start": ("capture", "start"),
    "capture run": ("capture", "run", "--", "true"),
    "thought": ("thought", "a hypothesis", "--kind", "hypothesis"),
    "capture finish": ("capture", "finish", "--title", "bench"),
}


DATA = Path(__file__).resolve().parent / "data" / "swebench"
IMPORT = (
    "import", "swe-agent", str(DATA / "trajectories" / "swe-agent" /
                               "gpt4__swe-bench-dev-easy_first_only"),
    "--instances", str(DATA / "records.jsonl"),
)  # fmt: skip


def _timed(argv: list[str], cwd: Path, env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(argv, cwd=cwd, env=env, capture_output=True, check=False)
    return time.perf_counter() - started


def _repo(root: Path) -> Path:
    root.mkdir(parents=True)
    (root / "a.py").write_text("x = 1\n")
    for args in (["init", "-q"], ["add", "-A"],
                 ["-c", "user.email=a@b", "-c", "user.name=A", "commit", "-qm", "i"]):  # fmt: skip
        subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True)
    return root


def run_round(work: Path, env: dict[str, str]) -> dict[str, float]:
    """One session plus the baselines; wall seconds by name."""
    repo = _repo(work / f"repo-{time.monotonic_ns()}")
    times = {
        "python -c pass": _timed([sys.executable, "-c", "pass"], repo, env),
        "fixtrace config": _timed([str(BIN / "fixtrace"), "config", "--json"], repo, env),
    }
    for name, args in SESSION.items():
        times[name] = _timed([str(BIN / "fixtrace"), *args], repo, env)
    times["session total"] = sum(times[name] for name in SESSION)
    times["import (one trajectory)"] = _timed([str(BIN / "fixtrace"), *IMPORT], repo, env)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="fixtrace-cli-bench-") as tmp:
        work = Path(tmp)
        env = {k: v for k, v in os.environ.items() if not k.startswith("FIXTRACE_")}
        env.update(
            HOME=str(work / "home"), XDG_DATA_HOME=str(work / "data"),
            XDG_STATE_HOME=str(work / "state"), PYTHONWARNINGS="ignore",
        )  # fmt: skip
        results: dict[str, dict[str, list[float]]] = {"no broker": {}, "broker": {}}
        with LocalServices(work / "stack") as stack:
            online = {
                **env,
                "FIXTRACE_KAFKA_BOOTSTRAP": stack.settings.kafka_bootstrap,
                # its own spools: the offline rounds' leftovers are not sent from here
                "XDG_STATE_HOME": str(work / "state-online"),
            }
            for _ in range(args.rounds):  # interleaved: load drift hits both alike
                for mode, mode_env in (("no broker", env), ("broker", online)):
                    for name, seconds in run_round(work, mode_env).items():
                        results[mode].setdefault(name, []).append(seconds)
    report = {
        mode: {
            name: {"p50_s": round(statistics.median(v), 3), "max_s": round(max(v), 3)}
            for name, v in times.items()
        }
        for mode, times in results.items()
    }
    print(json.dumps({"rounds": args.rounds, "results": report}, indent=2))


if __name__ == "__main__":
    main()

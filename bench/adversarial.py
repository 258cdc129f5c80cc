"""The adversarial suite's long runs, with figures: ``python bench/adversarial.py CMD``.

Commands (each prints a JSON summary; ``all`` runs them in turn):

* ``redaction [--baseline-ref REF]``: recall and false positives on
  ``tests/adversarial/corpus`` per kind, and the engine's speed on the benchmark's event
  mix, for this tree's engine and the engine at ``REF`` (default ``main``), loaded side by
  side and measured interleaved in the same process.
* ``scaling [--baseline-ref REF] [--sizes 65536,262144,1048576]``: seconds to redact one
  long string of each shape a dump can take (``KEY=…`` lines, URLs with passwords, JSON,
  a wrapped base64 file, random words, numbers and commas, ``token=…`` pairs), at
  growing sizes up to the engine's 1 MiB cap, by the text rules, the ``said`` reading and
  the trace memory's search (holding ten values), for this tree and ``REF``; ``growth``
  is the time at the largest size over the time at the smallest (linear: the size
  ratio). One slow record holds the stream worker's partition.
* ``fuzz [--count 10000]``: requests generated from the gateway's own OpenAPI document
  (schemathesis) plus hostile bodies, against a live gateway on a local stack; counts of
  statuses, 5xx, error codes, and whether every valid neighbour reached the raw topic.
* ``crashes [--kills 20]``: SIGKILL the stream worker at random points under a steady
  stream; events lost and duplicated in the deduplicated view.
* ``sandbox [--stdout-bytes 1073741824]``: every containment case (issue 30's escapes and
  report forgeries included) against bubblewrap (and
  Docker when an engine answers), with the host's peak memory while a sandbox writes 1 GiB
  to stdout.

``fuzz``, ``crashes`` and ``sandbox`` run the scenarios of ``tests/adversarial`` (which CI
runs with small counts) with their counts raised, and print the figures they record.
"""

from __future__ import annotations

import argparse
import base64
import importlib
import importlib.util
import io
import json
import os
import random
import statistics
import string
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


# --- redaction ---------------------------------------------------------------------------


def load_engine_at(ref: str) -> Any:
    """``streams.redact`` as it was at git ``ref``, imported as a separate package."""
    data = subprocess.run(
        ["git", "-C", str(ROOT), "archive", ref, "streams/redact"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip
    folder = Path(tempfile.mkdtemp(prefix="redact-baseline-"))
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(folder, filter="data")
    package = folder / "streams" / "redact"
    spec = importlib.util.spec_from_file_location(
        "redact_baseline", package / "__init__.py", submodule_search_locations=[str(package)]
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["redact_baseline"] = module
    spec.loader.exec_module(module)
    return module


def _per_kind(redactor: Any) -> dict[str, Any]:
    from bench.redact_corpus.recall import leaked, load

    kinds: dict[str, list[int]] = {}
    for case in load("positives.jsonl"):
        text = redactor.redact_text(case["text"])[0]
        counts = kinds.setdefault(case["kind"], [0, 0])
        for secret in case["secrets"]:
            counts[0] += 1
            counts[1] += not leaked(secret, text)
    return {k: f"{c}/{n}" for k, (n, c) in sorted(kinds.items()) if c < n}


def redaction(args: argparse.Namespace) -> dict[str, Any]:
    from bench.redact_corpus.mix import event_texts
    from bench.redact_corpus.recall import load, score
    from streams.redact import Redactor

    baseline = load_engine_at(args.baseline_ref)
    engines = {"now": Redactor(), f"at {args.baseline_ref}": baseline.Redactor()}
    out: dict[str, Any] = {"loadavg_at_start": os.getloadavg()[0]}
    for name, redactor in engines.items():
        s = score(redactor)
        out[name] = {
            "recall": f"{s.caught}/{s.secrets} = {s.recall:.1%}",
            "false_positives": f"{s.altered}/{s.negatives} = {s.fp_rate:.1%}",
            "kinds_with_misses": _per_kind(redactor),
            "missed": s.missed,
            "altered_negatives": s.false_positives,
        }
    corpus = [c["text"] for c in load("positives.jsonl") + load("negatives.jsonl")]
    # CPU time of this process, rounds interleaved so that other load hits both engines
    # alike; the best round is the engine's cost, the median shows the spread.
    for label, texts in (("event_mix", event_texts(args.n)), ("adversarial_corpus", corpus * 20)):
        seconds: dict[str, list[float]] = {name: [] for name in engines}
        for _ in range(args.repeat):
            for name, redactor in engines.items():
                start = time.process_time()
                for t in texts:
                    redactor.redact_text(t)
                seconds[name].append(time.process_time() - start)
        for name in engines:
            best, med = min(seconds[name]), statistics.median(seconds[name])
            out[name][f"{label}_strings_per_s"] = {
                "best": round(len(texts) / best),
                "median": round(len(texts) / med),
            }
    out["strings"] = {"event_mix": args.n, "adversarial_corpus": len(corpus) * 20}
    out["loadavg_at_end"] = os.getloadavg()[0]
    return out


def long_text(shape: str, size: int, seed: int = 0) -> str:
    """One string of about ``size`` characters of a shape a pasted dump takes."""
    rng = random.Random(seed)

    def b64(n: int) -> str:
        return base64.b64encode(rng.randbytes(n)).decode()

    if shape == "env_lines":
        return "\n".join(f"KEY_{i}={b64(18)}" for i in range(size // 35))
    if shape == "urls":
        return " ".join(
            f"https://u{i}:p{rng.getrandbits(40):x}@h{i}.example.com/a?token={rng.getrandbits(64):x}"
            for i in range(size // 80)
        )
    if shape == "json":
        return json.dumps([{f"k{i}": b64(24), "token": "x" * (i % 7)} for i in range(size // 60)])
    if shape == "base64_file":
        body = b64(size * 3 // 4)
        return "\n".join(body[i : i + 64] for i in range(0, len(body), 64))
    if shape == "words":
        letters = string.ascii_letters + string.digits
        words = ("".join(rng.choices(letters, k=rng.randint(3, 20))) for _ in range(size // 12))
        return " ".join(words)
    if shape == "patch_of_lines":  # a hunk adding a base64 dump, line by line
        body = b64(size * 3 // 4)
        added = "\n".join("+" + body[i : i + 64] for i in range(0, len(body), 64))
        return f"--- a/dump.txt\n+++ b/dump.txt\n@@ -0,0 +1 @@\n{added}"
    if shape == "csv_numbers":
        return ",".join(str(rng.randrange(100)) for _ in range(size // 3))
    if shape == "token_pairs":
        return " ".join(f"token={rng.getrandbits(64):x}Q" for _ in range(size // 24))
    if shape == "public_key_words":  # one line of "public key <value>": read to its start once
        return " ".join(f"public key {b64(32)}" for _ in range(size // 56))
    if shape == "word_assignments":  # one line of "alias token=<word>": each value a word
        return " ".join(f"alias token=w{'x' * (i % 5)}" for i in range(size // 19))
    # found by repeating short units of the rules' own words (thirty-sixth session): each
    # took quadratic time, one name or token reading the rest of its word, field or line
    if shape == "name_runs":  # one word of secrets' names: NoKeySecretPasswordSmtp…
        names = ("Key", "Secret", "Password", "Smtp", "Pass")
        return "No" + "".join(rng.choice(names) for _ in range(size // 5))
    if shape == "userinfo_run":  # URLs with a user and a password, glued into one field
        return "http://a:b@" * (size // 11)
    if shape == "tool_line":  # one line naming tools again and again, no flag's value
        tools = ("curl -u a:", "net use \\\\a ", 'login("a","', "mysql -p", "sudo -S <<<")
        return "".join(rng.choice(tools) for _ in range(size // 10))
    if shape == "quoted_glue":  # values glued by quotes and semicolons on one line
        return ";Password=KeyPass" * (size // 17)
    if shape == "jwt_heads":  # a run of JWT headers and nothing after them
        return "eyJ" * (size // 3)
    if shape == "tool_args":  # a tool's name, then words and no token flag (codecov x codecov x…)
        return "codecov x " * (size // 10)
    raise ValueError(shape)


SHAPES = (
    "env_lines", "urls", "json", "base64_file", "patch_of_lines", "words", "csv_numbers",
    "token_pairs", "public_key_words", "word_assignments", "name_runs", "userinfo_run",
    "tool_line", "quoted_glue", "jwt_heads", "tool_args",
)  # fmt: skip


_REMEMBERED = [f"Pw{n:x}!{'z' * k}" for k, n in enumerate(range(10**9, 10**9 + 10))]
"""Ten values of ten lengths a trace's memory holds while the long text arrives."""
_GIVE_UP_S = 10.0
"""A part that took longer at one size is not run at the larger ones (quadratic code would
take hours there); the figures say so."""


def _submodule(package: Any, name: str) -> Any:
    """``package.name`` imported, or None in a tree from before it existed."""
    try:
        return importlib.import_module(f"{package.__name__}.{name}")
    except ImportError:
        return None


def _parts(package: Any) -> dict[str, Any]:
    """What the stream runs on one string with the engine ``package``: the text rules, the
    ``said`` reading and the trace memory's search holding :data:`_REMEMBERED` (each when
    the tree has it)."""
    said, memory_module = _submodule(package, "said"), _submodule(package, "memory")
    memory = memory_module.TraceMemory() if memory_module is not None else None
    if memory is not None:
        memory.learn("trace", _REMEMBERED)
    return {
        "rules": package.Redactor().redact_text,
        "said": said.said_keys if said is not None else None,
        "memory": (lambda text: memory.apply("trace", text)) if memory is not None else None,
    }


def scaling(args: argparse.Namespace) -> dict[str, Any]:
    import streams.redact

    engines = {
        "now": _parts(streams.redact),
        f"at {args.baseline_ref}": _parts(load_engine_at(args.baseline_ref)),
    }
    sizes = sorted(int(n) for n in args.sizes.split(","))
    out: dict[str, Any] = {"loadavg_at_start": os.getloadavg()[0], "sizes": sizes}
    for shape in args.shapes.split(","):
        best: dict[tuple[str, str], dict[int, float]] = {}
        given_up: set[tuple[str, str]] = set()
        for size in sizes:
            text = long_text(shape, size)
            for _ in range(args.repeat):  # engines interleaved: load hits both alike
                for name, parts in engines.items():
                    for part, run in parts.items():
                        if run is None or (name, part) in given_up:
                            continue
                        start = time.process_time()
                        run(text)
                        spent = time.process_time() - start
                        times = best.setdefault((name, part), {})
                        times[size] = min(times.get(size, spent), spent)
            given_up |= {key for key, times in best.items() if times.get(size, 0) > _GIVE_UP_S}
        row: dict[str, Any] = {}
        for (name, part), times in sorted(best.items()):
            figures: dict[str, Any] = {f"{size}_s": round(t, 4) for size, t in times.items()}
            if sizes[-1] in times:
                figures["growth"] = round(times[sizes[-1]] / max(times[sizes[0]], 1e-6), 1)
            else:
                figures["growth"] = f"not run past {max(times)}: over {_GIVE_UP_S:.0f} s there"
            row[f"{name} {part}"] = figures
        out[shape] = row
    out["linear_growth"] = round(sizes[-1] / sizes[0], 1)
    out["loadavg_at_end"] = os.getloadavg()[0]
    return out


# --- the scenarios of tests/adversarial at full size --------------------------------------


def run_scenario(tests: str, counts: dict[str, int]) -> dict[str, Any]:
    """Run ``tests`` (pytest node ids under ``tests/adversarial``) with ``FIXTRACE_ADV_*``
    counts raised, and return the figures they recorded beside pytest's verdict.

    Why pytest: the scenarios and their fixtures (local broker, chdb, live gateway, worker
    processes) are the suite's own; the bench runs the same code bigger instead of keeping a
    second copy (and bench code never imports tests).
    """
    folder = Path(tempfile.mkdtemp(prefix="fixtrace-adv-figures-"))
    env = {**os.environ, "FIXTRACE_ADV_FIGURES": str(folder)}
    env.update({f"FIXTRACE_ADV_{k}": str(v) for k, v in counts.items()})
    started = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests.split()],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )  # fmt: skip
    tail = [line for line in proc.stdout.splitlines() if line.strip()][-1:]
    out: dict[str, Any] = {"pytest": tail[0] if tail else proc.stderr[-500:]}
    out["seconds"] = round(time.monotonic() - started, 1)
    for path in sorted(folder.glob("*.json")):
        out[path.stem] = json.loads(path.read_text())
    if proc.returncode != 0:
        out["failures"] = [line for line in proc.stdout.splitlines() if line.startswith("E ")][:20]
    return out


def fuzz(args: argparse.Namespace) -> dict[str, Any]:
    return run_scenario("tests/adversarial/test_fuzz.py", {"FUZZ_COUNT": args.count})


def crashes(args: argparse.Namespace) -> dict[str, Any]:
    counts = {"KILLS": args.kills, "TRACES": args.traces, "EVENTS": args.events, "SEED": args.seed}
    return run_scenario("tests/adversarial/test_crashes.py", counts)


def sandbox(args: argparse.Namespace) -> dict[str, Any]:
    tests = (
        "tests/adversarial/test_sandbox.py tests/adversarial/test_sandbox_escapes.py "
        "tests/adversarial/test_report_forgery.py tests/adversarial/test_deep_tree.py"
    )
    return run_scenario(tests, {"STDOUT_BYTES": args.stdout_bytes})


# --- entry point -------------------------------------------------------------------------

COMMANDS = {
    "redaction": redaction,
    "scaling": scaling,
    "fuzz": fuzz,
    "crashes": crashes,
    "sandbox": sandbox,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    red = sub.add_parser("redaction", help="recall, false positives and speed vs a git ref")
    red.add_argument("--baseline-ref", default="main")
    red.add_argument("--n", type=int, default=40_000, help="event-mix strings per round")
    red.add_argument("--repeat", type=int, default=9)
    sc = sub.add_parser("scaling", help="time to redact one long string, by size, vs a git ref")
    sc.add_argument("--baseline-ref", default="main")
    sc.add_argument("--sizes", default="65536,262144,1048576", help="characters, comma-separated")
    sc.add_argument("--repeat", type=int, default=3)
    sc.add_argument("--shapes", default=",".join(SHAPES), help="of: " + ", ".join(SHAPES))
    fz = sub.add_parser("fuzz", help="generated and hostile requests against the gateway")
    fz.add_argument("--count", type=int, default=10_000, help="generated requests in all")
    cr = sub.add_parser("crashes", help="SIGKILL the stream worker under a steady stream")
    cr.add_argument("--kills", type=int, default=20)
    cr.add_argument("--traces", type=int, default=200)
    cr.add_argument("--events", type=int, default=60, help="events per trace")
    cr.add_argument("--seed", type=int, default=0)
    sb = sub.add_parser("sandbox", help="containment cases for each sandbox backend")
    sb.add_argument("--stdout-bytes", type=int, default=1 << 30)
    sub.add_parser("all", help="every command with its defaults")
    args = parser.parse_args()
    if args.command == "all":
        for name in COMMANDS:
            sub_args = parser.parse_args([name])
            print(json.dumps({name: COMMANDS[name](sub_args)}, indent=2, default=str), flush=True)
        return
    result = COMMANDS[args.command](args)
    print(json.dumps({args.command: result}, indent=2, default=str))


if __name__ == "__main__":
    main()

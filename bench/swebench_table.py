"""The printed result of the SWE-bench agreement bench: one row per case, then the figures.

Agreement over the cases with a verdict on both sides, no-verdict reasons, per-test agreement
with network-dependent tests told apart, and time per case beside the cost of an empty
sandboxed run measured in the same run.
"""

from __future__ import annotations

import statistics
from collections import Counter


def print_table(rows: list[dict], floor_ms: float) -> None:
    head = ("instance", "submission", "output", "harness", "fixtrace", "agree",
            "tests agree", "install+runs s")  # fmt: skip
    print("\n| " + " | ".join(head) + " |\n|" + "---|" * len(head))
    mark = {True: "yes", False: "**NO**", None: "-"}
    for r in rows:
        t = r["tests"]
        tests = "-"
        if t:
            tests = f"{t['agree']}/{t['compared']}"
            if t["network"]:
                tests += f" ({len(t['network'])} network)"
        seconds = f"{r['seconds']:.1f}" if r["seconds"] else "-"
        cells = (r["instance"], r["submission"], r["kind"], r["harness"], r["fixtrace"],
                 mark[r["agree"]], tests, seconds)  # fmt: skip
        print("| " + " | ".join(map(str, cells)) + " |")
    graded = [r for r in rows if r["agree"] is not None]
    agree = sum(r["agree"] for r in graded)
    print(f"\nagreement with the harness: {agree}/{len(graded)} cases with a verdict on both "
          f"sides ({len(rows)} cases, {len({r['instance'] for r in rows})} instances, "
          f"{len({r['repo'] for r in rows})} repositories)")  # fmt: skip
    for r in graded:
        if not r["agree"]:
            print(
                f"  disagree: {r['instance']} ({r['submission']}): harness {r['harness']}, "
                f"fixtrace {r['fixtrace']}; flags {', '.join(r['flags']) or '-'}"
            )
    reasons = Counter(r["reason"] for r in rows if r["fixtrace"].startswith("no verdict"))
    print(f"no verdict from fixtrace: {sum(reasons.values())}")
    for reason, n in reasons.most_common():
        print(f"  {n} × {reason}")
        for r in rows:
            if r["reason"] == reason and r["detail"]:
                detail = r["detail"].splitlines()[0][:200]
                print(f"      {r['instance']} ({r['submission']}): {detail}")
    harness_none = [r for r in rows if r["harness"] == "error"]
    if harness_none:
        print(f"no verdict from the harness: {len(harness_none)}")
    print_tests(rows)
    times = [r["seconds"] for r in rows if r["seconds"]]
    if times:
        median, worst, total = statistics.median(times), max(times), sum(times)
        print(f"install + two runs per case: median {median:.2f} s, max {worst:.2f} s, "
              f"total {total:.0f} s; baseline in this run: an empty sandboxed "
              f"`python -c pass` {floor_ms:.0f} ms (4 sandbox calls a case)")  # fmt: skip


def print_tests(rows: list[dict]) -> None:
    """Per-test agreement, network-dependent disagreements apart from the others."""
    with_tests = [r for r in rows if r["tests"]]
    if not with_tests:
        return
    total = sum(r["tests"]["compared"] for r in with_tests)
    agree = sum(r["tests"]["agree"] for r in with_tests)
    network = sum(len(r["tests"]["network"]) for r in with_tests)
    both_net = sum(len(r["tests"]["network_agree"]) for r in with_tests)
    other = [(r, g) for r in with_tests for g in r["tests"]["other"]]
    print(f"\nper-test agreement (cases with per-test results on both sides: {len(with_tests)}): "
          f"{agree}/{total} tests; disagreements: {network} on network-dependent tests (the "
          f"harness ran with network, the sandbox has none), {len(other)} other")  # fmt: skip
    if both_net:
        print(
            f"  of the agreements, {both_net} are failures on both sides where this "
            "sandbox's failure is a refused connection (agreement by accident)"
        )
    offline = total - network - both_net
    print(f"  excluding network-dependent tests: {agree - both_net}/{offline} tests agree")
    for r, g in other:
        print(f"  other difference: {r['instance']} ({r['submission']}): {g}")
    missing = sum(len(r["tests"]["harness_only"]) for r in with_tests)
    if missing:
        print(f"  {missing} harness test ids are not in the spec fixtrace graded")
    odd = [(r, o) for r in rows for o in r["odd_ids"]]
    if odd:
        print(
            "spec ids that are not whole pytest node ids (read from the log the way the "
            "harness reads them):"
        )
        for r, o in odd:
            print(
                f"  {r['instance']} ({r['submission']}) {o['kind']} {o['id']!r}: fixtrace "
                f"before {o['before']}, after {o['after']} ({'ok' if o['ok'] else 'fail'}); "
                f"harness {o['harness'] or 'not published'}"
            )

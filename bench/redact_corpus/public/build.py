# ruff: noqa: E501  (a table of documented formats: one case per line reads best)
"""Rebuild ``secrets.jsonl`` and ``negatives.jsonl`` from local mirrors of the public scanners.

Run once, before any rule is written against the result:
``python bench/redact_corpus/public/build.py`` (needs ``fetch``-ed mirrors of
gitleaks/gitleaks, trufflesecurity/trufflehog and Yelp/detect-secrets under
``/work/.mirror``). The output files are committed; this script only documents and repeats
how they were taken. It copies *values* out of the scanners' test fixtures (data facts,
each with its source file pinned to a commit), never their code.

Why values, not whole fixture lines: the carriers (``carriers.py``) put each value into the
places a bug-fix session shows it, so the same value is tried in a command, an output, a
patch, a file, a thought and every short field.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
MIRRORS = Path("/work/.mirror")
GITLEAKS = MIRRORS / "gitleaks+gitleaks/repo"
TRUFFLEHOG = MIRRORS / "trufflesecurity+trufflehog/repo"
BLIND_SHARE = 0.30
"""Share of kinds held out (chosen by a hash of the kind name, before any rule change)."""
PER_KIND = 3

sys.path.insert(0, str(HERE))
import structural  # noqa: E402


def _git(repo: Path, *args: str) -> str:
    return subprocess.check_output(["git", "-C", str(repo), *args], text=True, errors="replace")


def _placeholder(value: str) -> bool:
    """Values a scanner's test uses to show a format, not a plausible secret."""
    body = re.sub(r"^[a-z]{2,8}[_\-]", "", value, flags=re.I)
    if len(set(body.lower())) <= 4:
        return True
    low = value.lower()
    bad = ("xxxx", "0000000", "1234567890", "example", "abcdefgh", "fake", "test1234", "****")
    return any(b in low for b in bad)


def _go_regex(rx: str) -> re.Pattern[str]:
    return re.compile(rx.replace("(?i)", "").replace(r"\z", "$"), re.I)


def _gitleaks_rule_functions() -> list[tuple[str, str, str]]:
    """(path, rule id, Go source of the function) for every rule function of gitleaks."""
    out = []
    paths = _git(GITLEAKS, "ls-tree", "-r", "--name-only", "HEAD", "cmd/generate/config/rules")
    for path in paths.split():
        if not path.endswith(".go"):
            continue
        src = _git(GITLEAKS, "show", f"HEAD:{path}")
        for fn in re.split(r"\nfunc ", src)[1:]:
            m = re.search(r'RuleID:\s*"([^"]+)"', fn)
            if m:
                out.append((path, m.group(1), fn))
    return out


def gitleaks_values() -> list[dict]:
    """Literal true-positive strings of gitleaks' rule tests, cut to the secret by the rule."""
    sha = _git(GITLEAKS, "rev-parse", "HEAD").strip()
    config = tomllib.loads(_git(GITLEAKS, "show", "HEAD:config/gitleaks.toml"))
    rules = {r["id"]: r for r in config["rules"] if "regex" in r}
    out = []
    for path, rule_id, fn in _gitleaks_rule_functions():
        rule = rules.get(rule_id)
        if rule is None:
            continue
        rx = _go_regex(rule["regex"])
        group = rule.get("secretGroup", 1)
        for block in re.finditer(r"tps\s*(?::=|=)\s*(.*?)\n\t[})]", fn, re.S):
            for lit in re.findall(r'`([^`]*)`|"((?:[^"\\\n]|\\.)*)"', block.group(1)):
                line = lit[0] or lit[1]
                hit = rx.search(line)
                if not hit:
                    continue
                value = (
                    hit.group(group) if hit.lastindex and group <= hit.lastindex else hit.group(0)
                )
                if value and len(value) >= 8 and "\n" not in value.strip():
                    out.append({
                        "kind": "gitleaks:" + rule["id"],
                        "value": value.strip(),
                        "source": f"https://github.com/gitleaks/gitleaks/blob/{sha}/{path}",
                    })  # fmt: skip
    return out


_NOT_SECRET = re.compile(
    r"(?i)domain|user|email|url|uri|host|endpoint|region|account|org|id$|idpattern|name|"
    r"project|tenant|server|instance|subdomain|zone|location|workspace|company|cluster|"
    r"site|team|base|port|version|prefix|spell|iad|secretid"
)


def trufflehog_values() -> list[dict]:
    """``valid…`` string constants of trufflehog's detector pattern tests (one token each)."""
    sha = _git(TRUFFLEHOG, "rev-parse", "HEAD").strip()
    out = []
    for path in _git(TRUFFLEHOG, "ls-tree", "-r", "--name-only", "HEAD", "pkg/detectors").split():
        if not path.endswith("_test.go") or "integration" in path:
            continue
        src = _git(TRUFFLEHOG, "show", f"HEAD:{path}")
        for name, value in re.findall(r'^\s*(valid\w*)\s*=\s*"([^"\n]+)"', src, re.M):
            if " " in value or len(value) < 12 or "%" in value or _NOT_SECRET.search(name[5:]):
                continue
            if value.startswith("http") or value.count(".") > 2:
                continue
            out.append({
                "kind": "trufflehog:" + path.split("/")[2],
                "value": value,
                "source": f"https://github.com/trufflesecurity/trufflehog/blob/{sha}/{path}",
            })  # fmt: skip
    return out


def gitleaks_regexes(repo: Path = GITLEAKS) -> list[re.Pattern[str]]:
    """Every rule regex of gitleaks' config that Python's ``re`` compiles: the judge of
    whether a scanner's false-positive example is a true positive of some other rule."""
    config = tomllib.loads(_git(repo, "show", "HEAD:config/gitleaks.toml"))
    regexes = []
    for rule in config["rules"]:
        try:
            regexes.append(_go_regex(rule["regex"]))
        except (KeyError, re.error):
            continue
    return regexes


def gitleaks_negatives() -> list[dict]:
    """Literal false-positive strings of gitleaks' rule tests that no gitleaks rule flags.

    A false positive of one rule can be a true positive of another (a rule's ``fps`` only
    say *that* rule must not fire), so a string any rule of the config matches, or that
    an allowlist had to rescue, is left out: decided by gitleaks' own regexes, before
    running ours.
    """
    sha = _git(GITLEAKS, "rev-parse", "HEAD").strip()
    regexes = gitleaks_regexes()
    out = []
    for path, rule_id, fn in _gitleaks_rule_functions():
        for block in re.finditer(r"fps\s*(?::=|=)\s*(.*?)\n\t[})]", fn, re.S):
            for lit in re.findall(r'`([^`]*)`|"((?:[^"\\\n]|\\.)*)"', block.group(1)):
                text = lit[0] or lit[1]
                if not 10 <= len(text) <= 400 or any(rx.search(text) for rx in regexes):
                    continue
                out.append({
                    "kind": "gitleaks-fp:" + rule_id,
                    "text": text,
                    "source": f"https://github.com/gitleaks/gitleaks/blob/{sha}/{path}",
                })  # fmt: skip
    return out


def _blind(kind: str) -> bool:
    digest = hashlib.sha256(("blind:" + kind).encode()).digest()
    return digest[0] < 256 * BLIND_SHARE


def main() -> None:
    """Write ``secrets.jsonl``: provider values plus the hand-written tool cases."""
    rows = gitleaks_values() + trufflehog_values()
    rows += [json.loads(x) for x in (HERE / "detect_secrets.jsonl").read_text().splitlines() if x]
    per_kind: dict[str, int] = {}
    seen: set[str] = set()
    out = []
    for row in rows:
        if row["value"] in seen or _placeholder(row["value"]):
            continue
        if per_kind.get(row["kind"], 0) >= PER_KIND:
            continue
        per_kind[row["kind"]] = per_kind.get(row["kind"], 0) + 1
        seen.add(row["value"])
        out.append(row)
    for row in [json.loads(x) for x in (HERE / "tools.jsonl").read_text().splitlines() if x]:
        out.append(row)
    for i, row in enumerate(out, 1):
        row["id"] = f"s{i:04d}"
        row["split"] = "blind" if _blind(row["kind"]) else "tune"
    with (HERE / "secrets.jsonl").open("w") as fh:
        for row in out:
            fh.write(json.dumps(row, sort_keys=True) + "\n")
    negs = gitleaks_negatives() + structural.negatives()
    old = HERE.parent / "scanner_fixtures" / "negatives.jsonl"
    for line in old.read_text().splitlines():
        case = json.loads(line)
        negs.append(
            {"kind": "fixtures:" + case["kind"], "text": case["text"], "source": case["source"]}
        )
    for row in negs:
        row["split"] = "blind" if _blind(row["kind"]) else "tune"
    for row in structural.generated_names():  # written while tuning: never blind
        negs.append({**row, "split": "tune"})
    with (HERE / "negatives.jsonl").open("w") as fh:
        for i, row in enumerate(negs, 1):
            row["id"] = f"n{i:04d}"
            fh.write(json.dumps(row, sort_keys=True) + "\n")
    print(f"{len(negs)} negatives of {len({r['kind'] for r in negs})} kinds")
    kinds = {r["kind"] for r in out}
    blind = {r["kind"] for r in out if r["split"] == "blind"}
    print(f"{len(out)} secrets of {len(kinds)} kinds; blind: {len(blind)} kinds")


if __name__ == "__main__":
    main()

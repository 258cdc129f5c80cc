# ruff: noqa: E501  (tables of values read one by one: one case per line reads best)
"""Build the ``fresh6`` split from the values of gitleaks', TruffleHog's and detect-secrets'
tests that the main corpus (``build.py``) did not take.

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh6.py

(the gitleaks mirror that ``build.py`` uses, ``fetch github:trufflesecurity/trufflehog`` and
``fetch github:Yelp/detect-secrets`` bring what it reads, at the commits ``build.py``'s
corpus was cut from: ``COMMITS``). It writes ``fresh6_secrets.jsonl`` and
``fresh6_negatives.jsonl``; both are committed, so CI never needs the network.

``secrets.jsonl`` took at most three values per kind from these sources, and from TruffleHog
only ``valid…`` string constants. This split takes what it left: TruffleHog's test cases
(each case's ``input`` and the ``want`` list of what the detector must report, read by
``golit``), gitleaks' rule true positives past the third of a kind, two files of gitleaks'
``testdata``, and detect-secrets' plugin test lines. A value is kept only if it is no value
of an earlier split and neither holds nor sits inside one, passes the placeholder tests
(``build._placeholder``, then ``kingfisher.placeholder``), is 8 signs or longer, and reading
it found no reason to doubt it is a secret (``NO_SECRET``). At most ``PER_KIND`` per kind,
chosen round by round, kinds with no case in ``secrets.jsonl`` first in each round, until
``TARGET``.

Negatives: TruffleHog's cases whose name says ``invalid`` and that want nothing, and
detect-secrets' lines its tests say must not be flagged (gitleaks' false positives that no
gitleaks rule matches are all in ``negatives.jsonl`` already). One is kept only when it
holds no run of random-looking signs (``key_like``: most of these tests are a key with one
sign changed, cut short or with a ``?`` put in), no gitleaks rule and no fixed-format
pattern of ripsecrets matches it, it holds no value labelled a secret anywhere here, and
reading it found no credential material (``HOLDS_A_CREDENTIAL``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import build  # noqa: E402
import fresh2  # noqa: E402
import kingfisher  # noqa: E402
import ripsecrets  # noqa: E402
from carriers import load, write  # noqa: E402
from fresh6_read import (  # noqa: E402
    _URL,
    DETECT_SECRETS,
    GITLEAKS,
    MAX_EXAMPLE,
    TRUFFLEHOG,
    Mirror,
    detect_secrets_cases,
    detect_secrets_negatives,
    detect_secrets_secrets,
    gitleaks_secrets,
    trufflehog_cases,
    trufflehog_negatives,
    trufflehog_secrets,
)

PER_KIND = 4
TARGET = 400
MIN_LEN = 8
EARLIER_SECRETS = (
    "secrets.jsonl",
    "fresh_secrets.jsonl",
    "fresh2_secrets.jsonl",
    "fresh3_secrets.jsonl",
    "fresh4_secrets.jsonl",
    "fresh5_secrets.jsonl",
)
EARLIER_NEGATIVES = (
    "negatives.jsonl",
    "fresh_negatives.jsonl",
    "fresh2_negatives.jsonl",
    "fresh3_negatives.jsonl",
    "fresh4_negatives.jsonl",
    "fresh5_negatives.jsonl",
)

NO_SECRET: dict[str, str] = {
    "TestSource%Password": "NuGet's reference to a variable, a word naming itself",
    "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t": "base64 of a CA certificate (a public one)",
    "suGyI5imvADdvU": "a Sumo Logic access id, an identifier",
    "eyJioGciOiJIU9I1NiIsInR5cCI6IkpXVCJ9.eyJJdWIiOiIxMjM0NTY3ODkwIiwibmFtZSJ6IkpvaG4gRG9l": "jwt.io's sample token (John Doe) with a few signs changed",
    "-----BEGIN RSA PRIVATE KEY----- Rg8Tc1jrjetAy": "a key block holding a few words, no key",
    "ftn+YYXO": "the search word TruffleHog's Geocodio detector pairs with the key",
    "MY-PASSWORD": "a word naming itself",
    "MyPa$$w0rd": "a textbook password (my password)",
    "test-token-6": "a Tableau token's name",
    "AC1b3f0bddbb6887d68d8454e66c749c6a": "a Twilio account SID, an identifier",
    "kn64qw9jt39bhni04h2k5jc7ebefyn": "the test labels a Twitch client id and its secret alike",
    "k0lj2mwl8n3ztmrivlpbc7obk914sj": "the test labels a Twitch client id and its secret alike",
    "434EWv@Z7KcKlP6M5FO0": "the user TruffleHog's Guru detector reports (its test's guru_user)",
    "F1j6zMpLLcwZC3HM8": "the id TruffleHog's Hive detector reports (its test's hive_id)",
    "JykXADk7r8ZegkS0emhtpFSWNqGVAIgm": "a Spotify client id (its test's spotifykey id)",
}
"""Values the filters let through that reading found are no secret, or no plausible one,
with why (keyed by how the value starts)."""

HOLDS_A_CREDENTIAL: dict[str, str] = {
    "airbrake Key=Qs%CGuil#pkk2ngrsz75w": "the flagged Airbrake key with % and # put in",
    "Bearer bb_ma_abcdc2b40ef44abcd8cbf3739aabcq": "a Bannerbear key whose body is half hex that reads drawn",
    "mockaroo = 'mlm9iqk'": "the flagged Mockaroo key one sign short",
    "rootly_A$3b9f8c1e2d4f5b6c7d8e9a0b1c2d3e4f": "a Rootly key, 64 hex signs with a $ put in",
    "vbout = '97?4741337193905126710251'": "a numeric key with a ? put in",
}
"""Negative candidates ``key_like`` lets through that reading found still carry credential
material, keyed by a run of the text, with why."""


# --- vetting ----------------------------------------------------------------------------


def _order(kind: str) -> str:
    """A fixed order of kinds that favours no name (a hash, not the alphabet)."""
    return hashlib.sha256(("fresh6:" + kind).encode()).hexdigest()


_PREFERENCE = {"joined, secret": 1, "joined, neutral": 2, "joined, id": 3}
"""Within a kind: a match reported alone first, then a part the input calls a secret, a
part it names nothing, a part it calls an id."""


def repeated_run(value: str) -> bool:
    """A value that says a run of signs twice: one unit repeated (``abcXYZ12abcXYZ12``), or
    twelve signs or more found twice (no key drawn at random does)."""
    return bool(
        re.fullmatch(r"(.{4,}?)\1+", value, re.S) or re.search(r"(.{12,}).*\1", value, re.S)
    )


def filter_secrets(
    rows: list[dict[str, Any]], earlier: list[dict[str, Any]], counts: Counter[str]
) -> dict[str, list[dict[str, Any]]]:
    """The candidates that pass every test, by kind, in the order they will be taken."""
    main_values = {r["value"] for r in earlier if r["_file"] == "secrets.jsonl"}
    earlier_values = {r["value"] for r in earlier}
    seen: set[str] = set()
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        value, source = row["value"], row["kind"].split(":")[0]
        reason = (
            "repeated" if value in seen
            else "shorter than 8" if len(value) < MIN_LEN
            else "a value of secrets.jsonl" if value in main_values
            else "a value of a fresh split" if value in earlier_values
            else "holds or sits inside a value of secrets.jsonl" if any(value in v or v in value for v in main_values)
            else "holds or sits inside a value of a fresh split" if any(value in v or v in value for v in earlier_values)
            else "placeholder (build.py's test)" if build._placeholder(value)
            else "placeholder (fresh2's filter)" if kingfisher.placeholder(value)
            else "placeholder (a run said twice)" if repeated_run(value)
            else "read as no secret (NO_SECRET)" if value.startswith(tuple(NO_SECRET))
            else None
        )  # fmt: skip
        seen.add(value)
        if reason:
            counts[f"{source}: secrets dropped: {reason}"] += 1
            continue
        by_kind.setdefault(row["kind"], []).append(row)
    for rows_ in by_kind.values():  # a value the detector reports alone first
        rows_.sort(key=lambda r: _PREFERENCE.get(r.get("how", ""), 0))
    return by_kind


def choose(
    by_kind: dict[str, list[dict[str, Any]]], main_kinds: set[str], counts: Counter[str]
) -> list[dict[str, Any]]:
    """Round by round, one more value of each kind (kinds with no case in
    ``secrets.jsonl`` first, each group in ``_order``), until ``PER_KIND`` rounds or
    ``TARGET`` values; a value that holds or sits inside one already taken is passed over
    (two labels, one inside the other)."""
    kinds = sorted(by_kind, key=lambda k: (k in main_kinds, _order(k)))
    left = {kind: list(rows) for kind, rows in by_kind.items()}
    chosen: list[dict[str, Any]] = []
    for _ in range(PER_KIND):
        for kind in kinds:
            while left[kind] and len(chosen) < TARGET:
                row = left[kind].pop(0)
                if any(row["value"] in c["value"] or c["value"] in row["value"] for c in chosen):
                    counts["secrets passed over: holds or sits inside a value taken before"] += 1
                    continue
                chosen.append(row)
                break
    counts["secrets left over the cap or the target"] += sum(len(v) for v in left.values())
    chosen.sort(key=lambda r: (r["kind"], r["source"], r["value"]))
    return chosen


_KEY_RUN = re.compile(r"[^\s'\"`,;(){}\[\]<>|]{10,}")
_STAND_IN_WORDS = re.compile(r"(?i)fake|example|invalid|dummy|sample|test|short|wrong")


def _reads_random(core: str) -> bool:
    """Ten or more signs that no stand-in test explains: digits and letters mixed, or
    upper and lower case that make no words. A long run is not let off for one
    accidental run of four (``made_up`` is asked of runs under 40 signs only)."""
    if len(core) < 10 or len(set(core.lower())) <= 4 or repeated_run(core):
        return False
    if (len(core) < 40 and kingfisher.made_up(core)) or kingfisher._counting(core):
        return False
    if re.search(r"[A-Za-z]", core) and len(re.findall(r"\d", core)) >= 2:
        return True
    if re.search(r"[a-z]", core) and re.search(r"[A-Z]", core):
        words = re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", core)
        return sum(len(w) <= 2 for w in words) >= 3
    return False


def key_like(text: str) -> str | None:
    """A run of the text that reads like key material, if any (``_reads_random``): the
    run with the signs a test puts in to spoil a key (``?``, ``#``, ``$``, ``!``…) and
    stand-in words (``fake``, ``example``…) taken out, and each of its parts between such
    signs, ``_`` and ``-`` (so a stand-in prefix such as ``abcd_`` does not let a real
    body through)."""
    for run in _KEY_RUN.findall(text):
        if _URL.match(run):
            run = run.split("://", 1)[1]
        for piece in re.split(r"[/=@:]", run):
            core = _STAND_IN_WORDS.sub("", re.sub(r"[^A-Za-z0-9_+-]", "", piece))
            parts = re.split(r"[^A-Za-z0-9+]+", _STAND_IN_WORDS.sub("-", piece))
            if any(_reads_random(c) for c in (core, *parts)):
                return piece
    return None


def vet_negatives(
    candidates: list[dict[str, Any]], labelled: set[str], known: set[str], counts: Counter[str]
) -> list[dict[str, Any]]:
    kept = []
    for neg in candidates:
        source = neg["kind"].split(":")[0]
        if len(neg["text"]) < 8:
            counts[f"{source}: negatives dropped: shorter than 8"] += 1
        elif len(neg["text"]) > MAX_EXAMPLE:
            counts[f"{source}: negatives dropped: longer than {MAX_EXAMPLE}"] += 1
        elif key_like(neg["text"]):
            counts[f"{source}: negatives dropped: holds key-like signs (key_like)"] += 1
        else:
            kept.append(neg)
    judges = ripsecrets.judges(GITLEAKS)
    out = []
    for neg in fresh2.vet(kept, judges, known, labelled, counts, {}):
        if any(run in neg["text"] for run in HOLDS_A_CREDENTIAL):
            counts["negatives dropped: read as credential material (HOLDS_A_CREDENTIAL)"] += 1
        else:
            out.append(neg)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--review", type=Path, help="also write every candidate here (JSON)")
    args = parser.parse_args()
    counts: Counter[str] = Counter()
    gl = Mirror("gitleaks", GITLEAKS)
    th = Mirror("trufflehog", TRUFFLEHOG)
    ds = Mirror("detect-secrets", DETECT_SECRETS)

    th_cases = trufflehog_cases(th, counts)
    ds_cases = detect_secrets_cases(ds, counts)
    rows = gitleaks_secrets(gl) + trufflehog_secrets(th_cases, counts)
    rows += detect_secrets_secrets(ds_cases)
    earlier = [{**r, "_file": name} for name in EARLIER_SECRETS for r in load(name)]
    main_kinds = {r["kind"] for r in earlier if r["_file"] == "secrets.jsonl"}
    found = choose(filter_secrets(rows, earlier, counts), main_kinds, counts)
    if args.review:
        args.review.write_text(json.dumps(rows, indent=1))
    for i, row in enumerate(found, 1):
        row.pop("how", None)
        row["id"] = f"p{i:04d}"
        row["split"] = "fresh6"

    labelled = {r["value"] for r in earlier} | {r["value"] for r in found}
    labelled = {v for v in labelled if len(v) >= MIN_LEN}
    known_neg = {row["text"] for name in EARLIER_NEGATIVES for row in load(name)}
    candidates = trufflehog_negatives(th_cases) + detect_secrets_negatives(ds_cases)
    negs = vet_negatives(candidates, labelled, known_neg, counts)
    negs.sort(key=lambda r: (r["kind"], r["source"], r["text"]))
    for i, row in enumerate(negs, 1):
        row["id"] = f"pn{i:04d}"
        row["split"] = "fresh6"

    write("fresh6_secrets.jsonl", found)
    write("fresh6_negatives.jsonl", negs)
    for name, mirror in (("gitleaks", gl), ("trufflehog", th), ("detect-secrets", ds)):
        print(f"{name} {mirror.pinned} (HEAD {mirror.head})")
    kinds = {r["kind"] for r in found}
    print(f"{len(found)} secrets of {len(kinds)} kinds ({len(kinds - main_kinds)} new)")
    for source in ("gitleaks", "trufflehog", "detect-secrets"):
        rows_ = [r for r in found if r["kind"].startswith(source + ":")]
        print(f"  {source}: {len(rows_)} secrets of {len({r['kind'] for r in rows_})} kinds")
    print(f"{len(negs)} negatives of {len({r['kind'] for r in negs})} kinds")
    for source in ("trufflehog-fp", "detect-secrets-fp"):
        rows_ = [r for r in negs if r["kind"].startswith(source + ":")]
        print(f"  {source}: {len(rows_)} negatives of {len({r['kind'] for r in rows_})} kinds")
    for what, n in sorted(counts.items()):
        print(f"  {what}: {n}")


if __name__ == "__main__":
    main()

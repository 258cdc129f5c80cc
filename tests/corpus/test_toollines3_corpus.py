"""Well-formedness of the `toollines3` split (bench/redact_corpus/public/toollines3.jsonl).

A third, blind set of real credential-carrying lines from public GitHub repositories (code
passing literal credentials in Go, Java, C#, Node, Ruby, PHP and Python, connection strings,
Terraform, Helm, Makefiles, `docker login`, `mongosh`, `redis-cli`, `wget`, `lftp`, `sshpass`),
labelled by hand: each case names the literal credential values a redaction engine must remove
(`secrets`), or none for a negative. These tests check the file's shape, and that it shares no
repository and no text with the `toollines` and `toollines2` splits; they run no redaction.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

PUBLIC = Path(__file__).resolve().parents[2] / "bench/redact_corpus/public"
CORPUS = PUBLIC / "toollines3.jsonl"
EARLIER = (PUBLIC / "toollines.jsonl", PUBLIC / "toollines2.jsonl")
KEYS = {"id", "tool", "form", "text", "secrets", "source"}
SOURCE = re.compile(
    r"^https://github\.com/(?P<repo>[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9_.-]+)"
    r"/blob/[0-9a-f]{40}/\S(?:.*\S)?#L\d+(?:-L\d+)?$"
)


def _load(path: Path) -> list[dict]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


CASES = _load(CORPUS)


def test_enough_cases() -> None:
    with_secrets = [c for c in CASES if c["secrets"]]
    negatives = [c for c in CASES if not c["secrets"]]
    assert 70 <= len(CASES) <= 100
    assert len(with_secrets) >= 40
    assert len(negatives) >= 25
    assert len({(c["tool"], c["form"]) for c in CASES}) >= 60


def test_lines_have_sorted_keys() -> None:
    for line in CORPUS.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        assert json.dumps(record, sort_keys=True, ensure_ascii=False) == line


def test_ids_are_sequential() -> None:
    assert [c["id"] for c in CASES] == [f"tn{i:04d}" for i in range(1, len(CASES) + 1)]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case_shape(case: dict) -> None:
    assert KEYS <= set(case) <= KEYS | {"note"}
    for key in ("tool", "form", "text", "source"):
        assert isinstance(case[key], str) and case[key].strip()
    if "note" in case:
        assert isinstance(case["note"], str) and case["note"].strip()
    assert isinstance(case["secrets"], list)
    assert 1 <= case["text"].count("\n") + 1 <= 5
    assert all(line == line.rstrip() for line in case["text"].split("\n"))


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_secrets_occur_in_text(case: dict) -> None:
    assert len(set(case["secrets"])) == len(case["secrets"])
    for secret in case["secrets"]:
        assert isinstance(secret, str)
        assert len(secret) > 3, "values of 1-3 characters are left out"
        assert secret in case["text"]
        assert secret == secret.strip()


def test_negatives_have_no_secrets() -> None:
    negatives = [c for c in CASES if not c["secrets"]]
    assert negatives
    assert all(c["secrets"] == [] for c in negatives)


def test_no_duplicate_texts() -> None:
    repeated = [t for t, n in Counter(c["text"] for c in CASES).items() if n > 1]
    assert not repeated


def test_sources_are_github_urls() -> None:
    for case in CASES:
        assert SOURCE.match(case["source"]), case["source"]


def test_at_most_two_cases_per_repository() -> None:
    repos = Counter(SOURCE.match(c["source"])["repo"].lower() for c in CASES)
    assert max(repos.values()) <= 2, repos.most_common(3)


@pytest.mark.parametrize("earlier", EARLIER, ids=[p.stem for p in EARLIER])
def test_nothing_shared_with_the_earlier_splits(earlier: Path) -> None:
    first = _load(earlier)
    first_repos = {SOURCE.match(c["source"])["repo"].lower() for c in first}
    shared_repos = {SOURCE.match(c["source"])["repo"].lower() for c in CASES} & first_repos
    assert not shared_repos, sorted(shared_repos)
    shared_texts = {c["text"] for c in CASES} & {c["text"] for c in first}
    assert not shared_texts, sorted(shared_texts)

"""Well-formedness of the `toollines` sets (bench/redact_corpus/public/toollines*.jsonl).

Real command and config lines from public GitHub repositories, labelled by hand: each case
names the literal credential values a redaction engine must remove (`secrets`), or none for
a negative. `toollines` is the first set; `toollines2` (`.env` files, compose and Kubernetes
manifests, CI files, framework settings, connection code) and `toollines3` (code passing
literal credentials in Go, Java, C#, Node, Ruby, PHP and Python, connection strings,
Terraform, Helm, Makefiles, `docker login`, `mongosh`, `redis-cli`, `wget`, `lftp`,
`sshpass`) and `toollines4` (47 tools in 64 more repositories: mysql, JDBC, Spring,
paramiko, SQLAlchemy, compose, mount.cifs, rabbitmqctl, ipmitool, Maven settings…) are blind
holdouts, each sharing no repository and no text with the sets before it. These tests check
the files' shape only; they run no redaction.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

PUBLIC = Path(__file__).resolve().parents[2] / "bench/redact_corpus/public"
KEYS = {"id", "tool", "form", "text", "secrets", "source"}
SOURCE = re.compile(
    r"^https://github\.com/(?P<repo>[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9_.-]+)"
    r"/blob/[0-9a-f]{40}/\S(?:.*\S)?#L\d+(?:-L\d+)?$"
)


@dataclass(frozen=True)
class Set:
    """One set's file, id prefix and the sizes it was built to."""

    name: str
    prefix: str
    cases: tuple[int, int | None]
    with_secrets: int
    negatives: int
    forms: int

    @property
    def path(self) -> Path:
        return PUBLIC / f"{self.name}.jsonl"


SETS = (
    Set("toollines", "tl", (80, None), with_secrets=50, negatives=25, forms=40),
    Set("toollines2", "tm", (120, None), with_secrets=80, negatives=40, forms=80),
    Set("toollines3", "tn", (70, 100), with_secrets=40, negatives=25, forms=60),
    Set("toollines4", "to", (100, 110), with_secrets=60, negatives=35, forms=100),
)


def _load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


CASES = {s.name: _load(s.path) for s in SETS}
EVERY_CASE = [(s.name, c) for s in SETS for c in CASES[s.name]]
CASE_IDS = [c["id"] for _, c in EVERY_CASE]


def _repo(case: dict) -> str:
    return SOURCE.match(case["source"])["repo"].lower()


@pytest.mark.parametrize("corpus", SETS, ids=[s.name for s in SETS])
def test_enough_cases(corpus: Set) -> None:
    cases = CASES[corpus.name]
    low, high = corpus.cases
    assert len(cases) >= low and (high is None or len(cases) <= high)
    assert len([c for c in cases if c["secrets"]]) >= corpus.with_secrets
    assert len([c for c in cases if not c["secrets"]]) >= corpus.negatives
    assert len({(c["tool"], c["form"]) for c in cases}) >= corpus.forms


@pytest.mark.parametrize("corpus", SETS, ids=[s.name for s in SETS])
def test_lines_have_sorted_keys(corpus: Set) -> None:
    for line in corpus.path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        assert json.dumps(record, sort_keys=True, ensure_ascii=False) == line


@pytest.mark.parametrize("corpus", SETS, ids=[s.name for s in SETS])
def test_ids_are_sequential(corpus: Set) -> None:
    ids = [c["id"] for c in CASES[corpus.name]]
    assert ids == [f"{corpus.prefix}{i:04d}" for i in range(1, len(ids) + 1)]


@pytest.mark.parametrize(("name", "case"), EVERY_CASE, ids=CASE_IDS)
def test_case_shape(name: str, case: dict) -> None:
    assert KEYS <= set(case) <= KEYS | {"note"}
    for key in ("tool", "form", "text", "source"):
        assert isinstance(case[key], str) and case[key].strip()
    if "note" in case:
        assert isinstance(case["note"], str) and case["note"].strip()
    assert isinstance(case["secrets"], list)
    assert 1 <= case["text"].count("\n") + 1 <= 5
    assert all(line == line.rstrip() for line in case["text"].split("\n"))


@pytest.mark.parametrize(("name", "case"), EVERY_CASE, ids=CASE_IDS)
def test_secrets_occur_in_text(name: str, case: dict) -> None:
    assert len(set(case["secrets"])) == len(case["secrets"])
    for secret in case["secrets"]:
        assert isinstance(secret, str)
        assert len(secret) > 3, "values of 1-3 characters are left out"
        assert secret in case["text"]
        assert secret == secret.strip()


@pytest.mark.parametrize("corpus", SETS, ids=[s.name for s in SETS])
def test_negatives_have_no_secrets(corpus: Set) -> None:
    negatives = [c for c in CASES[corpus.name] if not c["secrets"]]
    assert negatives
    assert all(c["secrets"] == [] for c in negatives)


@pytest.mark.parametrize("corpus", SETS, ids=[s.name for s in SETS])
def test_no_duplicate_texts(corpus: Set) -> None:
    repeated = [t for t, n in Counter(c["text"] for c in CASES[corpus.name]).items() if n > 1]
    assert not repeated


@pytest.mark.parametrize("corpus", SETS, ids=[s.name for s in SETS])
def test_sources_are_github_urls(corpus: Set) -> None:
    for case in CASES[corpus.name]:
        assert SOURCE.match(case["source"]), case["source"]


@pytest.mark.parametrize("corpus", SETS, ids=[s.name for s in SETS])
def test_at_most_two_cases_per_repository(corpus: Set) -> None:
    repos = Counter(_repo(c) for c in CASES[corpus.name])
    assert max(repos.values()) <= 2, repos.most_common(3)


HOLDOUT_PAIRS = [(later, earlier) for i, later in enumerate(SETS) for earlier in SETS[:i]]


@pytest.mark.parametrize(
    ("later", "earlier"), HOLDOUT_PAIRS, ids=[f"{a.name}-{b.name}" for a, b in HOLDOUT_PAIRS]
)
def test_a_holdout_shares_nothing_with_the_sets_before_it(later: Set, earlier: Set) -> None:
    mine, theirs = CASES[later.name], CASES[earlier.name]
    shared_repos = {_repo(c) for c in mine} & {_repo(c) for c in theirs}
    assert not shared_repos, sorted(shared_repos)
    shared_texts = {c["text"] for c in mine} & {c["text"] for c in theirs}
    assert not shared_texts, sorted(shared_texts)

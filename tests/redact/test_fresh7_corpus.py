"""The fresh7 split (earlybird's, Talisman's and ggshield's tests and rule examples) is well
formed: it loads, every case cites its file and line at the pinned commit, ids are the
split's own, and no value or negative text of an earlier split comes back (that each value
sits in its carriers and that no negative holds a labelled value is tested for every split
in ``test_fresh_corpus``). No redaction figure is asserted here."""

from __future__ import annotations

import re
from collections import Counter

from bench.redact_corpus.public.carriers import load
from bench.redact_corpus.public.score import DEFAULT_FILES, SPLIT_FILES

SECRETS_FILE, NEGATIVES_FILE = SPLIT_FILES["fresh7"]
SECRETS = load(SECRETS_FILE)
NEGATIVES = load(NEGATIVES_FILE)
PINNED = re.compile(
    r"https://github\.com/(?:americanexpress/earlybird/blob/573753e6f39a02293d4a250878e66664aefa674a"
    r"|thoughtworks/talisman/blob/efcb1a3629f60b5e0bec21c1f2a74c19bd2210f5"
    r"|GitGuardian/ggshield/blob/eaa3e43b1ae1e67e3f184edd9a04a8d60849d75f)/\S+#L\d+"
)
SOURCES = ("earlybird", "talisman", "ggshield")


def test_fresh7_files_load_with_their_labels() -> None:
    assert len(SECRETS) >= 30 and len({c["kind"] for c in SECRETS}) >= 20
    assert len(NEGATIVES) >= 40
    for case in SECRETS:
        assert case["split"] == "fresh7", case["id"]
        assert case["kind"].split(":")[0] in SOURCES, case["id"]
        assert PINNED.fullmatch(case["source"]), case["id"]
        assert len(case["value"]) >= 8 and case["value"] in case["example"], case["id"]
    for neg in NEGATIVES:
        assert neg["split"] == "fresh7", neg["id"]
        assert neg["kind"].split(":")[0] in tuple(s + "-fp" for s in SOURCES), neg["id"]
        assert PINNED.fullmatch(neg["source"]) and neg["text"], neg["id"]


def test_fresh7_ids_and_caps() -> None:
    assert [c["id"] for c in SECRETS] == [f"q{i:04d}" for i in range(1, len(SECRETS) + 1)]
    assert [n["id"] for n in NEGATIVES] == [f"qn{i:04d}" for i in range(1, len(NEGATIVES) + 1)]
    assert max(Counter(c["kind"] for c in SECRETS).values()) <= 3
    assert len({c["value"] for c in SECRETS}) == len(SECRETS)
    assert len({n["text"] for n in NEGATIVES}) == len(NEGATIVES)


def test_fresh7_stays_apart_from_every_earlier_split() -> None:
    earlier = [DEFAULT_FILES, *(f for s, f in SPLIT_FILES.items() if s != "fresh7")]
    values = {c["value"] for files in earlier for c in load(files[0])}
    texts = {n["text"] for files in earlier for n in load(files[1])}
    assert not values & {c["value"] for c in SECRETS}
    assert not texts & {n["text"] for n in NEGATIVES}

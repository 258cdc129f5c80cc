"""Redaction throughput on a realistic event-text mix, full scan vs literal pre-check.

Run: ``python bench/redact_bench.py [--n 40000] [--repeat 3] [--events 20000]``. The
variants run in the same process on the same strings, interleaved round by round so
machine load hits them alike; each reports the median (and best) of ``--repeat`` rounds.
``floor`` is a bare ``str.lower()`` plus one ``in`` per string: the least any keyword
pre-check can cost. Findings of the redaction paths are compared (``same_findings``), the
pre-check's triggers are checked to be necessary conditions on the corpora
(``triggers_necessary``), and the false-positive rate on the look-alike corpus is printed.

``per_event`` is what the stream worker pays: decoded ``EventBatch`` dicts of the sample
mix (``bench.samples``) through ``streams.redact_events.DictRedaction`` in redacted mode, fresh
dicts every round (it redacts in place), µs per event. ``per_event_varied`` is the same
events with their free-text fields replaced by strings of the corpus mix (no exact repeats:
the engine's cost, not the memo's). Both are checked against a full-scan ``DictRedaction``.
One core, pure Python.

``--corpus`` (or ``--corpus-only``) adds the public corpus (``bench/redact_corpus/public``:
secrets from gitleaks', trufflehog's and detect-secrets' fixtures and everyday tools'
credential flags and files, in every carrier and every short field): recall and false
positives per split (``blind`` kinds held out before any rule was written, ``tune`` the
rest), per carrier, per field, per kind and per negative kind. ``--split fresh`` scores the
split taken from Nosey Parker's rule examples instead, ``--split fresh2`` the one taken from
Kingfisher's and secretlint's, ``--split fresh3`` the one taken from Semgrep's secrets rules'
test files, ``--split fresh4`` the one taken from SonarSource's secrets rules' examples,
ripsecrets' test files and Whispers' fixtures, ``--split fresh5`` the one taken from Trivy's
secret test files, Horusec's leaks samples and GitHub's custom patterns' tests, ``--split
fresh8`` the one taken from checkov's, Microsoft security-utilities', DevSkim's, rusty-hog's
and credential-digger's tests, ``--split fresh9`` the one taken from gosec's, bandit's,
eslint-plugin-no-secrets', find-sec-bugs' and 2ms' tests, ``--split fresh10`` the one
taken from leaky-repo's credential files, GitGuardian's sample secrets, Bearer's rule tests,
git-secrets' tests and tfsec's check examples, ``--split fresh11`` the one taken from OWASP
WrongSecrets' challenges, TruffleHog's test_keys and CI/CD Goat's planted credentials,
``--split fresh12`` the one taken from the secrets hard-coded in OWASP Juice Shop, NodeGoat
and RailsGoat, DVWA and TerraGoat, ``--split fresh13`` the one taken from the secrets
hard-coded in OWASP WebGoat, crAPI, Security Shepherd and iGoat-Swift, django.nV and the
Damn Vulnerable GraphQL Application, ``--split fresh14`` the one taken from repo-supervisor's,
pre-commit-hooks', tartufo's, Terrascan's and cfn_nag's test fixtures, ``--split fresh15`` the
one taken from the credentials hard-coded in Docker's awesome-compose, Globo's secDevLabs,
OWASP Mutillidae II and SasanLabs' VulnerableApp, ``--split fresh16`` the one taken from
Samsung CredSweeper's test samples, ``--split fresh17`` the one taken from
DeepSecrets', trufflehog3's and KeyHacks' test data and the plugins IBM's detect-secrets fork
added, ``--split fresh18`` the one taken from what ``fresh5`` left of GitHub's custom
patterns' tests, Ghost Security's Poltergeist's rule tests and secret-magpie's, ``--split
fresh19`` the one taken from the credentials hard-coded in CloudGoat, AWSGoat
and AzureGoat, the OWASP SKF labs and PyGoat, ``--split fresh20`` the one taken from the
rules and examples Betterleaks and Titus added to gitleaks' and Nosey Parker's, ``--split
fresh21`` the one taken from the
credentials hard-coded in thirteen vulnerable web and mobile apps (Damn Vulnerable Bank,
vulnerable-node, DSVW, vulnado, Goof, Hackazon, the MASTG playground, Allsafe, InjuredAndroid,
AndroGoat, DVIA-v2, BugBazaar, OVAA), ``--split fresh22`` the one taken from the example
credentials in fourteen API providers' official SDKs and docs, ``--split fresh23`` the one
taken from the fixture values gitleaks', TruffleHog's and detect-secrets' histories hold and
their heads no longer do, ``--split fresh26`` the one taken from the fixtures, rule tests and
documentation examples of tools no earlier split cites (1Password's shell plugins, Watchman,
KICS, lego, acme.sh, Brakeman, netbox-docker, Broken Crystals, the Datadog agent's scrubber),
``--split fresh27`` a second such holdout (leaktk's fake-leaks, CodeQL's hard-coded
credential tests, nine SDKs' and CI tools' fixtures), ``--split fresh28`` a third (the test
suites of 40 projects that handle credentials: OAuth servers, SDKs, drivers, CI tools),
``--split fresh29`` a fourth (Terraform providers, Kubernetes operators, self-hosted apps,
package registries: 44 repositories), ``--split fresh30`` a second holdout of credentials
pasted into public GitHub threads (62 threads fresh24 and fresh25 do not cite), ``--split
fresh31`` the keys in 60 machine-learning repositories' notebooks, demos and course work,
``--split fresh32`` the credentials in 58 hobbyist IoT sketches and mobile apps' configs,
``--split fresh33`` those in 57 developers' dotfiles and everyday tools' config files,
``--split fresh34`` those in 59 repositories' API-client collections, HTTP request files and
end-to-end tests' configs, ``--split fresh35`` those in 47 hobbyist bots and automation
scripts, ``--split fresh36`` those in 56 repositories' CI/CD pipelines, Ansible inventories
and deploy files (each in its own files; ``--split`` repeats).
Per split it
also prints the field readings' figures (``short_text_fields``, ``lone_value_fields``,
``located_fields``: the path and URL fields) and the negatives altered when planted alone
in a typed, said, printed and located field (``false_positives_alone_in_a_field``), and
the text recall
of the same secrets in a second set of carriers written without reading the rules
(``second_carriers_text_recall``, ``carriers2.py``), and of its single-line provider
secrets in a third set written without reading the rules or the first two
(``third_carriers_text_recall``, ``carriers3/``); all also stored through the event
field each carrier lives in, as the stream keeps them (``text_recall_in_fields``: the text
rules and the field's reading, ``schemas.fields.LONE_VALUES``). ``--split realneg`` scores the
negatives-only split of harmless strings taken from real public files.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # a script: make the bench package importable

from bench.redact_corpus.mix import event_texts
from bench.redact_corpus.negative import negative_samples
from bench.redact_corpus.positive import PII_TEXT, positive_samples
from bench.samples import sample_trace
from schemas.codec import decode_checked, encode
from schemas.models import ConsentFlags, EventBatch
from streams.redact import RedactionConfig, Redactor
from streams.redact.engine import _lower
from streams.redact.entropy import candidate_spans
from streams.redact.rules import ALL_RULES
from streams.redact_events import DictRedaction

_FREE_TEXT = ("command", "chunk_text", "patch_text", "content_text", "message", "title")
"""Payload fields ``per_event_varied`` fills with corpus-mix strings."""


def _run(redactor: Redactor, texts: list[str]) -> tuple[float, list[object]]:
    """Wall time of one pass, and its outcomes."""
    start = time.perf_counter()
    outcomes = [redactor.redact(t) for t in texts]
    return time.perf_counter() - start, outcomes


def _run_text(redactor: Redactor, texts: list[str]) -> tuple[float, list[object]]:
    """Wall time of one pass of the worker's call (``redact_text``: no outcome object)."""
    start = time.perf_counter()
    outcomes = [redactor.redact_text(t) for t in texts]
    return time.perf_counter() - start, outcomes


def _floor(texts: list[str]) -> tuple[float, list[object]]:
    """Wall time of lower-casing each string and testing one keyword: the baseline."""
    start = time.perf_counter()
    outcomes: list[object] = [("token" in t.lower()) for t in texts]
    return time.perf_counter() - start, outcomes


def _summary(seconds: list[float], n: int) -> dict[str, float]:
    """Median and best of the rounds, as strings/s and µs/string."""
    med, best = statistics.median(seconds), min(seconds)
    return {
        "strings_per_s": round(n / med),
        "us_per_string": round(med / n * 1e6, 2),
        "best_strings_per_s": round(n / best),
    }


def _triggers_necessary(redactor: Redactor) -> bool:
    """Whenever a pattern matches a corpus text, the pre-check counts one of its triggers.

    Like ``tests/redact``'s check, but through the engine's own trigger test, so the
    trigger contexts (``rules.TRIGGER_CONTEXTS``) are covered too. ``redactor`` must run
    every rule (PII included).
    """
    texts = [p.text for p in positive_samples()] + [t for _, t in negative_samples()]
    texts += event_texts(2000, secret_share=0.5) + [PII_TEXT[0]]
    texts += ["-----BEGIN PRIVATE KEY-----", "api_\u212aey=abcd1234efgh", "--api-key abcd1234"]
    for text in texts:
        low = _lower(text)
        text_hits = set(redactor.text_hits(low))
        inside = " ".join(low[a:b] for a, b in candidate_spans(text))
        for rule in ALL_RULES:
            for p in rule.patterns:
                if not p.triggers or not p.regex.search(low if p.on_lower else text):
                    continue
                hit = any(t in inside for t in p.triggers) if p.in_token_run else None
                if not (hit or text_hits.intersection(p.triggers)):
                    return False
    return True


def _event_records(n_events: int, varied: bool) -> list[tuple[bytes, ConsentFlags]]:
    """Encoded ``EventBatch`` records of 100 sample events each, with their trace's consent."""
    texts = iter(event_texts(n_events * 2, seed=11)) if varied else None
    records = []
    for seed in range(max(1, n_events // 100)):
        opened, events, _ = sample_trace(100, seed=seed)
        for e in events if texts is not None else ():
            for name in _FREE_TEXT:
                if getattr(e.payload, name, None):
                    setattr(e.payload, name, next(texts))  # type: ignore[arg-type]
        batch = EventBatch(trace_id=opened.trace_id, events=events)
        records.append((encode(batch), opened.developer.consent_flags))
    return records


def _decoded(records: list[tuple[bytes, ConsentFlags]]) -> list[tuple[dict[str, Any], Any]]:
    """Fresh event dicts as the worker decodes them (``DictRedaction`` works in place)."""
    out = []
    for data, consent in records:
        _, batch = decode_checked(data)
        out.extend((e, consent) for e in batch["events"])  # type: ignore[index]
    return out


def _per_event(n_events: int, repeat: int, varied: bool) -> dict[str, object]:
    """µs per event through ``DictRedaction`` (memo warmed by a first round, like a worker)."""
    records = _event_records(n_events, varied)
    redaction = DictRedaction(Redactor(RedactionConfig(mode="redacted")))
    seconds: list[float] = []
    events: list[dict[str, Any]] = []
    for r in range(repeat + 1):
        items = _decoded(records)
        event = redaction.event
        start = time.perf_counter()
        for e, consent in items:
            event(e, consent)
        if r:
            seconds.append(time.perf_counter() - start)
        events = [e for e, _ in items]
    reference = DictRedaction(Redactor(RedactionConfig(mode="redacted", precheck=False)))
    expected = [reference.event(e, c) for e, c in _decoded(records)]
    n = len(events)
    return {
        "events": n,
        "us_per_event": round(statistics.median(seconds) / n * 1e6, 2),
        "best_us_per_event": round(min(seconds) / n * 1e6, 2),
        "same_as_full_scan": events == expected,
    }


def _rate(t: Any) -> str:
    return f"{t.caught}/{t.n} = {t.rate:.1%}"


LONE_READ = ("typed", "said", "printed")
"""Text fields whose lone value is read (``schemas.fields.LONE_VALUES``)."""


def _sum(report: Any, fields: Callable[[str], bool]) -> Any:
    """One tally over the report's fields that ``fields`` selects."""
    from bench.redact_corpus.public.score import Tally

    chosen = [t for k, t in report.by_field.items() if fields(k)]
    return Tally(sum(t.n for t in chosen), sum(t.caught for t in chosen))


def _per_carrier(split: str) -> dict[str, str]:
    """False positives of ``split``'s one-line negatives in each text carrier."""
    from bench.redact_corpus.public import score

    return {
        carrier: score.false_positives(score.negatives_in_carrier(split, carrier))
        for carrier in score.NEGATIVE_WRAPPINGS
    }


def corpus_figures(splits: tuple[str, ...] = ("blind", "tune")) -> dict[str, object]:
    """Recall and false positives on the public corpus, per split, carrier, field, kind."""
    from bench.redact_corpus.public import score
    from schemas.fields import FIELD_SHAPES, LONE_VALUES
    from schemas.shapes import SHAPES

    out: dict[str, object] = {}
    for split in splits:
        if split in score.CARRIED_NEGATIVE_SPLITS:
            r = score.carried_negatives(split)
            out[split] = {
                "false_positives": score.false_positives(r),
                "false_positives_per_carrier": {
                    k: f"{t.n - t.caught}/{t.n}" for k, t in sorted(r.by_carrier.items())
                },
                "fp_per_negative_kind": {
                    k: f"{t.n - t.caught}/{t.n}" for k, t in sorted(r.neg_by_kind.items())
                },
                "false_positives_seen": r.altered,
            }
            continue
        if split in score.NEGATIVE_SPLITS:
            r = score.negatives_only(split)
            out[split] = {
                "false_positives": score.false_positives(r),
                "false_positives_in_a_thought": score.false_positives(
                    score.negatives_in_prose(split)
                ),
                "false_positives_per_carrier": _per_carrier(split),
                "fp_per_negative_kind": {
                    k: f"{t.n - t.caught}/{t.n}" for k, t in sorted(r.neg_by_kind.items())
                },
                "false_positives_seen": r.altered,
            }
            continue
        r = score.run(split)
        alt = score.second_carriers(split)
        third = score.third_carriers(split)
        short = _sum(r, lambda k: FIELD_SHAPES[k] in SHAPES)
        out[split] = {
            **score.summary(r),
            "short_fields": _rate(short),
            "short_text_fields": _rate(r.by_carrier["short_text_field"]),
            "lone_value_fields": _rate(_sum(r, lambda k: LONE_VALUES.get(k) in LONE_READ)),
            "located_fields": _rate(_sum(r, lambda k: LONE_VALUES.get(k) == "located")),
            "coded_fields": _rate(_sum(r, lambda k: LONE_VALUES.get(k) == "coded")),
            "false_positives_alone_in_a_field": {
                reading: f"{t.n - t.caught}/{t.n}"
                for reading, t in score.field_negatives(split).items()
                if reading in (*LONE_READ, "located", "coded")
            },
            "false_positives_in_a_thought": score.false_positives(score.negatives_in_prose(split)),
            "false_positives_per_carrier": _per_carrier(split),
            "second_carriers_text_recall": _rate(alt.text),
            "text_recall_in_fields": _rate(score.in_fields(split).text),
            "second_carriers_text_recall_in_fields": _rate(score.in_fields(split, "second").text),
            "second_carriers_per_carrier": {k: _rate(t) for k, t in sorted(alt.by_carrier.items())},
            "third_carriers_text_recall": _rate(third.text),
            "third_carriers_text_recall_in_fields": _rate(score.in_fields(split, "third").text),
            "third_carriers_per_carrier": {
                k: _rate(t) for k, t in sorted(third.by_carrier.items())
            },
            "per_carrier": {k: _rate(t) for k, t in sorted(r.by_carrier.items())},
            "per_field": {k: _rate(t) for k, t in sorted(r.by_field.items())},
            "per_kind": {k: _rate(t) for k, t in sorted(r.by_kind.items())},
            "fp_per_negative_kind": {
                k: f"{t.n - t.caught}/{t.n}" for k, t in sorted(r.neg_by_kind.items())
            },
            "false_positives_seen": r.altered,
        }
    return out


def main() -> None:
    """Measure and print a JSON summary."""
    from bench.redact_corpus.public import score

    splits = (
        "blind",
        "tune",
        *score.OWN_FILE_SPLITS,
        *score.NEGATIVE_SPLITS,
        *score.CARRIED_NEGATIVE_SPLITS,
    )  # every split the scorer knows, in its order
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", action="store_true", help="add the public corpus figures")
    parser.add_argument("--corpus-only", action="store_true", help="only the public corpus")
    parser.add_argument(
        "--split",
        action="append",
        choices=splits,
        help="corpus split(s) to score (default: blind and tune; fresh: Nosey Parker's "
        "examples; fresh2: Kingfisher's and secretlint's; fresh3: Semgrep's rule tests; "
        "fresh4: Sonar's rule examples, ripsecrets' and Whispers' tests; fresh5: Trivy's, "
        "Horusec's and GitHub's custom patterns' tests; fresh6: the values of gitleaks', "
        "TruffleHog's and detect-secrets' tests the main corpus left out; fresh7: earlybird's, "
        "Talisman's and ggshield's tests and rule examples; fresh8: checkov's, Microsoft "
        "security-utilities', DevSkim's, rusty-hog's and credential-digger's tests; fresh9: "
        "gosec's, bandit's, eslint-plugin-no-secrets', find-sec-bugs' and 2ms' tests; fresh10: "
        "leaky-repo's credential files, GitGuardian's sample secrets, Bearer's rule tests, "
        "git-secrets' tests and tfsec's check examples; fresh11: OWASP WrongSecrets' "
        "challenges, TruffleHog's test_keys and CI/CD Goat's planted credentials; fresh12: the "
        "secrets hard-coded in OWASP Juice Shop, NodeGoat and RailsGoat, DVWA and TerraGoat; "
        "fresh13: the secrets hard-coded in OWASP WebGoat, crAPI, Security Shepherd and "
        "iGoat-Swift, django.nV and the Damn Vulnerable GraphQL Application; fresh14: "
        "repo-supervisor's, pre-commit-hooks', tartufo's, Terrascan's and cfn_nag's test "
        "fixtures; fresh15: the credentials hard-coded in Docker's awesome-compose, Globo's "
        "secDevLabs, OWASP Mutillidae II and SasanLabs' VulnerableApp; fresh16: Samsung "
        "CredSweeper's test samples; fresh17: "
        "DeepSecrets', trufflehog3's and KeyHacks' test data and the plugins IBM's "
        "detect-secrets fork added; fresh18: what fresh5 left of GitHub's custom patterns' "
        "tests, Poltergeist's rule tests and secret-magpie's; fresh19: the credentials "
        "hard-coded in CloudGoat, AWSGoat and AzureGoat, the OWASP SKF labs and PyGoat; "
        "fresh20: the rules and examples Betterleaks and Titus added to gitleaks' and Nosey "
        "Parker's; fresh21: the credentials hard-coded in thirteen vulnerable web and mobile apps "
        "(Damn Vulnerable Bank, vulnerable-node, DSVW, vulnado, Goof, Hackazon, the MASTG "
        "playground, Allsafe, InjuredAndroid, AndroGoat, DVIA-v2, BugBazaar, OVAA); fresh22: the "
        "example credentials in fourteen API providers' official SDKs and docs; fresh23: the "
        "fixture values of gitleaks', TruffleHog's and detect-secrets' histories; fresh24: "
        "credentials people pasted into public GitHub issue and pull-request threads; fresh25: "
        "a holdout of the same kind from other threads; fresh26: the fixtures, rule tests and "
        "documentation examples of tools no earlier split cites (1Password's shell plugins, "
        "Watchman, KICS, lego, acme.sh, Brakeman, netbox-docker, Broken Crystals, the Datadog "
        "agent's scrubber); fresh27: a second such holdout (leaktk's fake-leaks, CodeQL's "
        "hard-coded credential tests, nine SDKs' and CI tools' fixtures); fresh28: a third (test "
        "suites of 40 projects that handle credentials); fresh29: a fourth (Terraform providers, "
        "operators, self-hosted apps, registries); fresh30: credentials pasted into 62 "
        "more GitHub threads; fresh31: keys in 60 machine-learning repositories' notebooks and "
        "demos; fresh32: credentials in 58 IoT sketches and mobile apps' configs; fresh33: in "
        "57 dotfiles and tools' config files; fresh34: in API-client collections and HTTP "
        "request files; fresh35: in hobbyist bots; fresh36: in CI/CD and deploy files; realneg: "
        "negatives only, harmless strings from real public files; vectors: negatives only, "
        "crypto test vectors, object keys and encoded data from real public files; logneg: "
        "negatives only, real terminal output and logs from public fixtures and threads; pathneg: "
        "negatives only, paths, object keys, hashed URLs and public certificate lines; "
        "pathneg2: a blind holdout of the same classes from other sources; encneg: "
        "negatives only, public keys and signatures, encoded data, lock-file hashes and ids; "
        "negcarried: negatives only, harmless values in carrier texts written by hand; "
        "negcarried2, negcarried3, negcarried4 and negcarried5: holdouts of the same kind; "
        "authneg: negatives only, whole texts about credentials from real pages; authneg2: a "
        "blind holdout of the same kind from other pages)",
    )
    parser.add_argument("--n", type=int, default=40_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--events", type=int, default=20_000, help="0 skips per_event")
    args = parser.parse_args()
    if args.corpus_only:
        print(json.dumps(corpus_figures(tuple(args.split or ("blind", "tune"))), indent=2))
        return

    texts = event_texts(args.n)
    full = Redactor(RedactionConfig(precheck=False))
    fast = Redactor(RedactionConfig(precheck=True))
    results: dict[str, object] = {
        "python": platform.python_version(),
        "loadavg_at_start": os.getloadavg()[0],
        "strings": len(texts),
        "mean_chars": round(sum(map(len, texts)) / len(texts), 1),
    }
    variants: dict[str, Callable[[list[str]], tuple[float, list[object]]]] = {
        "full_scan": lambda ts: _run(full, ts),
        "precheck": lambda ts: _run(fast, ts),
        "precheck_redact_text": lambda ts: _run_text(fast, ts),
        "floor_lower_plus_in": _floor,
    }
    seconds: dict[str, list[float]] = {name: [] for name in variants}
    outcomes: dict[str, list[Any]] = {}
    for _ in range(args.repeat):
        for name, run in variants.items():
            took, outcomes[name] = run(texts)
            seconds[name].append(took)
    for name in variants:
        results[name] = _summary(seconds[name], len(texts))
    with_findings = sum(1 for o in outcomes["precheck"] if o.findings)
    results["share_with_findings"] = round(with_findings / len(texts), 4)
    results["same_findings"] = all(
        (a.text, a.findings) == (b.text, b.findings) == c
        for a, b, c in zip(
            outcomes["full_scan"],
            outcomes["precheck"],
            outcomes["precheck_redact_text"],
            strict=True,
        )
    )
    results["triggers_necessary"] = _triggers_necessary(Redactor(RedactionConfig(pii=True)))
    negatives = negative_samples()
    altered = sum(1 for _, t in negatives if fast.redact(t).text != t)
    results["false_positive_rate"] = round(altered / len(negatives), 4)
    results["negative_samples"] = len(negatives)
    if args.events:
        results["per_event"] = _per_event(args.events, args.repeat, varied=False)
        results["per_event_varied"] = _per_event(args.events // 4, args.repeat, varied=True)
    if args.corpus:
        results["public_corpus"] = corpus_figures(tuple(args.split or ("blind", "tune")))
    results["loadavg_at_end"] = os.getloadavg()[0]
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()

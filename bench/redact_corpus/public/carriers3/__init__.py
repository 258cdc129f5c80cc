# ruff: noqa: E501, W293, E101
# (W293/E101: blank diff context lines hold one space, and Go code uses tabs.)
"""Third, independent set of carrier templates for the redaction benchmark.

A *carrier* is a piece of realistic developer text (a shell command, some
terminal output, a unified diff, a small config file, or a debugging note)
into which one labelled secret value is placed.  The benchmark fills these
templates with the values from ``secrets.jsonl`` and checks that the
redaction engine removes them.

This file was written blind: its author did not read the redaction engine,
its rules, its tests, or the earlier carrier wordings.  The only project file
consulted was the first few lines of ``secrets.jsonl`` (to see the case
format).  The wording follows how developers actually paste commands, logs
and configs into bug reports; styles were drawn from public material such as:

- https://github.com/langgenius/dify/issues/1036
- https://github.com/Huachao/vscode-restclient/issues/26
- https://github.com/prestapyt/prestapyt/pull/44
- https://github.com/urllib3/urllib3/issues/107
- https://github.com/docker/compose/issues/7423
- https://github.com/solidnerd/docker-bookstack/issues/51
- https://github.com/nickstenning/docker-slapd/issues/5
- https://github.com/sclorg/httpd-container/pull/97
- https://github.com/pajaydev/TravelWebApplication-Virtugo/issues/3
- https://github.com/actions/runner/issues/1557
- https://github.com/npm/cli/issues/7598
- https://infraveil.com/guides/fix-postgres-password-authentication-failed

Template rules: every template holds ``{v}`` exactly once and may hold
``{svc}`` (lower-case service name) and ``{SVC}`` (upper-case) any number of
times.  Literal braces are doubled, so each template is also valid for
``str.format(v=..., svc=..., SVC=...)``.  Hosts and organisations are
invented (``example.com``, ``acme``).  ``third_texts`` fills templates
without ``str.format`` so that values containing braces are safe.

(After its first run the module was cut into ``said.py`` (commands, output, thoughts) and
``files.py`` (diffs, whole files) to keep modules under 600 lines; the wordings are the
helper's, unchanged, and the scoring glue, ``third_text_cases``, was added then.)
"""

from __future__ import annotations

import re

from bench.redact_corpus.public.carriers3.files import PATCHES, SNAPSHOTS
from bench.redact_corpus.public.carriers3.said import COMMANDS, OUTPUTS, THOUGHTS

__all__ = [
    "COMMANDS",
    "OUTPUTS",
    "PATCHES",
    "SNAPSHOTS",
    "THOUGHTS",
    "third_text_cases",
    "third_texts",
]


# ---------------------------------------------------------------------------
# Filling
# ---------------------------------------------------------------------------
def _service(kind: str) -> str:
    """Service name from a case kind, e.g. ``gitleaks:aws-access-token`` -> ``aws``."""
    tail = kind.split(":", 1)[1] if ":" in kind else kind
    first = re.split(r"[-._]", tail, maxsplit=1)[0]
    svc = re.sub(r"[^a-z0-9]", "", first.lower())
    return svc or "api"


def _fill(template: str, value: str, svc: str) -> str:
    """Fill a template without str.format, so braces in the value are safe."""
    text = template.replace("{svc}", svc).replace("{SVC}", svc.upper())
    text = text.replace("{{", "{").replace("}}", "}")
    head, tail = text.split("{v}")
    return head + value + tail


def third_texts(case: dict, i: int) -> dict[str, str] | None:
    """Carrier texts for case number ``i``; None for multi-line or tool cases."""
    value = case["value"]
    kind = case.get("kind", "")
    if "\n" in value or "\r" in value or kind.startswith("tool:"):
        return None
    svc = _service(kind)
    return {
        "command": _fill(COMMANDS[i % len(COMMANDS)], value, svc),
        "output": _fill(OUTPUTS[i % len(OUTPUTS)], value, svc),
        "patch": _fill(PATCHES[i % len(PATCHES)], value, svc),
        "snapshot": _fill(SNAPSHOTS[i % len(SNAPSHOTS)], value, svc),
        "thought": _fill(THOUGHTS[i % len(THOUGHTS)], value, svc),
    }


# ---------------------------------------------------------------------------
# The benchmark's glue (added after the wordings were committed, by the session that
# scores them): every single-line provider value of a corpus file in each carrier.
# ---------------------------------------------------------------------------
def third_text_cases(split: str | None = None, name: str = "secrets.jsonl") -> list:
    """Every single-line provider secret of the file ``name`` (``split``: only its cases) in
    each of the five carriers of :func:`third_texts`, as ``carriers.Carried`` rows."""
    from bench.redact_corpus.public.carriers import Carried, load

    out = []
    for i, case in enumerate(load(name)):
        if split and case.get("split") != split:
            continue
        texts = third_texts(case, i)
        if texts is None:
            continue
        case_id = case.get("id", f"{name}:{i}")
        for carrier, text in texts.items():
            out.append(
                Carried(
                    case_id, case["kind"], case.get("split", ""), carrier, text, (case["value"],)
                )
            )
    return out


# ---------------------------------------------------------------------------
# Self-check
# ---------------------------------------------------------------------------
def _check_hunks(patch: str) -> None:
    """Assert the diff has git headers and consistent @@ line counts."""
    lines = patch.split("\n")
    assert lines[0].startswith("diff --git a/"), lines[0]
    assert any(x.startswith("--- a/") for x in lines), patch
    assert any(x.startswith("+++ b/") for x in lines), patch
    pos = 0
    while pos < len(lines):
        m = re.match(r"@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@", lines[pos])
        pos += 1
        if not m:
            continue
        old = int(m.group(1) or 1)
        new = int(m.group(2) or 1)
        seen_old = seen_new = 0
        while pos < len(lines) and (seen_old < old or seen_new < new):
            mark = lines[pos][:1]
            if mark in (" ", ""):
                seen_old += 1
                seen_new += 1
            elif mark == "-":
                seen_old += 1
            elif mark == "+":
                seen_new += 1
            else:
                break
            pos += 1
        assert (seen_old, seen_new) == (old, new), (patch, old, new, seen_old, seen_new)


def _self_check() -> None:
    samples = [
        "ghp_abc123DEF456ghi789JKL012mno345PQR678",
        'p@ss{w}ord"1',
        "3f9c2a71-8d4e-4b6a-9f12-7c0e5d8a1b34",
        "postgres://u:p@db.acme.internal:5432/app",
        "C:\\temp\\$x;'y'",
    ]
    tables = {
        "COMMANDS": COMMANDS,
        "OUTPUTS": OUTPUTS,
        "PATCHES": PATCHES,
        "SNAPSHOTS": SNAPSHOTS,
        "THOUGHTS": THOUGHTS,
    }
    for name, table in tables.items():
        assert 14 <= len(table) <= 20, (name, len(table))
        assert len(set(table)) == len(table), name
        for t in table:
            assert t.count("{v}") == 1, (name, t)
            # Valid for str.format with only v/svc/SVC, and same as the safe fill.
            assert t.format(v="VALUE", svc="svc", SVC="SVC") == _fill(t, "VALUE", "svc"), (name, t)
            for value in samples:
                out = _fill(t, value, "lemlist")
                assert out.count(value) == 1, (name, value, out)
                for ph in ("{v}", "{svc}", "{SVC}"):
                    assert ph not in out.replace(value, ""), (name, ph, out)
            filled = _fill(t, "VALUE", "svc")
            if name in ("COMMANDS", "THOUGHTS"):
                assert "\n" not in filled, (name, t)
            if name == "SNAPSHOTS":
                assert 5 <= len(filled.split("\n")) <= 25, (name, t)
            if name == "OUTPUTS":
                assert len(filled.split("\n")) >= 2, (name, t)
            if name == "PATCHES":
                _check_hunks(filled)
    assert _service("trufflehog:lemlist") == "lemlist"
    assert _service("gitleaks:aws-access-token") == "aws"
    assert _service("gitleaks:1password-service-account-token") == "1password"
    assert _service("gitleaks:sendgrid.api_token") == "sendgrid"
    assert third_texts({"kind": "tool:x", "value": "abc"}, 0) is None
    assert third_texts({"kind": "gitleaks:x", "value": "a\nb"}, 0) is None
    for i in range(60):
        res = third_texts({"kind": "trufflehog:lemlist", "value": samples[i % len(samples)]}, i)
        assert res is not None
        assert set(res) == {"command", "output", "patch", "snapshot", "thought"}
        for text in res.values():
            assert text.count(samples[i % len(samples)]) == 1
    counts = ", ".join(f"{k}={len(v)}" for k, v in tables.items())
    print(f"carriers3 self-check ok: {counts}")


if __name__ == "__main__":
    _self_check()

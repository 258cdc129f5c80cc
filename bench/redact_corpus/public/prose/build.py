"""Build `prose_secrets.jsonl`: secret values from the public fixture files placed in prose.

Every single-line value of `secrets.jsonl` and `fresh*_secrets.jsonl` (one directory up) is
written into two of five prose carriers (an agent's or developer's thought, a commit
message, a pull-request description, a GitHub-style bug report and an error message). The
two carriers and the wording inside each carrier are chosen from a SHA-256 of the file name
and the row id, so the output is the same on every run.

Each wording is a template holding `{v}` (the value, verbatim) and optionally `{name}` (the
provider's name, taken from the `kind`). Wordings marked `plain` name no secret word
(key, token, secret, password, auth, credential) anywhere: the value stands with no keyword
next to it, as people often paste it. `build()` checks that property for every row.

Run: python bench/redact_corpus/public/prose/build.py
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[3]))  # a script: make the bench package importable
PUBLIC = HERE.parent
OUT = HERE / "prose_secrets.jsonl"

from bench.redact_corpus.public.prose.wordings import (  # noqa: E402
    CARRIERS,
    GENERIC_PARTS,
    SECRET_WORD,
    WORDINGS,
)


def provider_name(kind: str) -> str:
    """The provider's name in a kind such as `kingfisher:kingfisher.airtable.1`."""
    rule = kind.split(":", 1)[-1]
    parts = [p for p in re.split(r"[^A-Za-z0-9]+", rule.lower()) if p]
    kept = [p for p in parts if p not in GENERIC_PARTS and not p.isdigit()]
    return " ".join(kept) or "service"


def class_name(name: str) -> str:
    """A CamelCase class name for the provider, used in one bug report's code."""
    words = [w for w in re.split(r"[^A-Za-z0-9]+", name) if w]
    cls = "".join(w[:1].upper() + w[1:] for w in words) + "Client"
    return cls if cls[:1].isalpha() else "Service" + cls


def digest(*parts: str) -> bytes:
    return hashlib.sha256("\x00".join(parts).encode("utf-8")).digest()


def pick_carriers(secret_file: str, secret_id: str) -> tuple[str, str]:
    h = digest("carrier", secret_file, secret_id)
    first = h[0] % len(CARRIERS)
    second = (first + 1 + h[1] % (len(CARRIERS) - 1)) % len(CARRIERS)
    return CARRIERS[first], CARRIERS[second]


def pick_wording(secret_file: str, secret_id: str, carrier: str) -> int:
    h = digest("wording", secret_file, secret_id, carrier)
    return int.from_bytes(h[:4], "big") % len(WORDINGS[carrier])


def render(template: str, value: str, name: str) -> str:
    # Plain replacement, not str.format: values may hold braces. `{{`/`}}` in a template
    # stand for literal braces, as they would for format().
    out = []
    i = 0
    fields = {
        "{v}": value,
        "{name}": name,
        "{cls}": class_name(name),
        "{var}": "client",
    }
    while i < len(template):
        if template.startswith("{{", i):
            out.append("{")
            i += 2
            continue
        if template.startswith("}}", i):
            out.append("}")
            i += 2
            continue
        for field, text in fields.items():
            if template.startswith(field, i):
                out.append(text)
                i += len(field)
                break
        else:
            out.append(template[i])
            i += 1
    return "".join(out)


def secret_files() -> list[Path]:
    def order(p: Path) -> tuple[int, int]:
        m = re.fullmatch(r"fresh(\d*)_secrets\.jsonl", p.name)
        return (1, int(m.group(1) or 1)) if m else (0, 0)

    return [PUBLIC / "secrets.jsonl"] + sorted(PUBLIC.glob("fresh*_secrets.jsonl"), key=order)


def check_wordings() -> None:
    for carrier, wordings in WORDINGS.items():
        assert len(wordings) >= 25, carrier
        assert len({t for _, t in wordings}) == len(wordings), carrier
        plain = sum(1 for p, _ in wordings if p)
        assert 2 * plain >= len(wordings) - 1, (carrier, plain)
        for is_plain, template in wordings:
            assert "{v}" in template, template
            if is_plain:
                assert "{name}" not in template and not SECRET_WORD.search(template), template


def build() -> list[dict]:
    check_wordings()
    rows: list[dict] = []
    for path in secret_files():
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            secret = json.loads(line)
            value = secret["value"]
            if "\n" in value or "\r" in value or not value:
                continue
            name = provider_name(secret["kind"])
            for carrier in pick_carriers(path.name, secret["id"]):
                index = pick_wording(path.name, secret["id"], carrier)
                is_plain, template = WORDINGS[carrier][index]
                text = render(template, value, name)
                assert value in text
                if is_plain:
                    assert not SECRET_WORD.search(text.replace(value, "")), text
                rows.append(
                    {
                        "id": f"p{len(rows) + 1:05d}",
                        "secret_file": path.name,
                        "secret_id": secret["id"],
                        "kind": secret["kind"],
                        "value": value,
                        "carrier": carrier,
                        "wording": f"{carrier}:{index:02d}",
                        "plain": is_plain,
                        "text": text,
                    }
                )
    return rows


def main() -> None:
    rows = build()
    with OUT.open("w", encoding="utf-8", newline="\n") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False, sort_keys=False) + "\n")
    print(f"wrote {len(rows)} rows to {OUT.relative_to(PUBLIC.parents[2])}")


if __name__ == "__main__":
    main()

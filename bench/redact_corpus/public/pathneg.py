# ruff: noqa: E501  (tables of sources: one case per line reads best)
"""Build the ``pathneg`` negatives: harmless single lines whose parts look random, of the
three sorts an outside tester saw redacted: object-store keys and URLs (S3 keys and
``s3://`` URLs, Spark part files, load-balancer log keys, CodePipeline artifacts, Azure blob
URLs without any SAS part), temp, cache and build paths (``/tmp/tmp…``, pytest and pip
build dirs, macOS ``/var/folders``, Windows ``AppData\\Local\\Temp``, Bazel output bases, Nix
store paths, Docker overlay2 and containerd snapshots, ``.git/objects``, Gradle, npm and
pnpm caches, VS Code server commits, GitHub Actions runner dirs, Xcode DerivedData, Jupyter
kernel files), content-addressed or hashed URLs and names (PyPI file URLs, npm tarballs,
webpack and Next.js chunks, release assets, ``raw.githubusercontent.com`` at a commit,
image references ``@sha256:``), and lines of public certificates and public keys (one
base64 body line of a PEM certificate, CSR, ``PUBLIC KEY`` or PGP ``PUBLIC KEY BLOCK``, or
the short last line of one). Every string is a negative: none holds a credential.

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/pathneg.py

Its one table, ``TAKEN`` (the data file ``pathneg_taken.jsonl``: kind, source, text), was
read string by string:

* a row whose source is a blob URL is one line of a file of a snapshot that
  ``fetch github:<owner>/<name>`` brought under ``/work/.mirror``, pinned to the commit of
  ``COMMITS``. The build reads that line again at that commit (ends stripped) and stops if
  the commit is missing or the line differs from the text in the table;
* a row whose source is an issue or pull-request thread (the search tool's ``issues``
  corpus) is a line as the thread shows it, copied by hand.

Certificate and key lines were taken only from inside ``CERTIFICATE``, ``CERTIFICATE
REQUEST``, ``PUBLIC KEY`` and ``PGP PUBLIC KEY BLOCK`` armour; nothing was taken from a file
line that sits in any ``PRIVATE KEY`` armour. A string that held a credential, or that was
unsure, was left out and its source listed in ``DROPPED_BY_HAND``. As a second look the
build stops if a string is not one line of at most ``MAX_LEN`` signs, holds ``-----BEGIN``
or ``PRIVATE KEY``, or matches a pattern of ``realneg.LOOKS_LIKE_A_CREDENTIAL``. Repeats
within the split, texts of the other splits' negatives files and values of the secrets
files are left out (counted). It writes ``pathneg_negatives.jsonl`` (committed, so CI never
needs the network); there is no secrets file: the split is negatives only.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import realneg  # noqa: E402
from carriers import load  # noqa: E402
from realneg import print_report, select, write_split  # noqa: E402

OUT = "pathneg_negatives.jsonl"
SPLIT = "pathneg"
PREFIX = "tp"
MAX_LEN = 300
PER_KIND = 20
GH = "https://github.com/"
FAMILIES = ("object", "path", "url", "image", "pubkey")

# the snapshot commit each repository's rows are read at (and pinned to)
COMMITS: dict[str, str] = {
    "certifi/python-certifi": "f4bc676bc101fe2235846e37044e8c693d6cbaf4",
    "kellyjonbrazil/jc": "ac8120e1fed9bb13b854b1333aef9c2dbce44f54",
    "google/boringssl": "a0689af29e8e460f1e5380e0fb74cef1b342e810",
    "docker/cli": "28f756087eea5fa301f3fbf12b01ae62f91521c2",
    "helm/helm": "e9b85e4de16ad45805843fb121748018cf89094b",
    "hashicorp/terraform": "883c7221ee2e0bc2fad6912fd4b3cc4b53a598a7",
    "git/git": "1a3e64c6c4a623626ff0687008732a8e007e2a1c",
    "OWASP/MASTG-Hacking-Playground": "db219a1011e6735cf0c6c08ba929a27ef40e1873",
    "snyk/goof": "d240896711e31c540fc1cab79ae2e4cf63f00b1a",
    "mailgun/mailgun.js": "2fa8ffff5edb2632aaa2986c271c6ab8b970d8d6",
    "ine-labs/AWSGoat": "b24869ad455ed8d1393d00ecdc15ee638d1c1332",
    "ine-labs/AzureGoat": "b97045952e6df00de735a7f27fd7c4994dcfe8c0",
    "anthropics/anthropic-sdk-python": "009b035305e0724ce108ebd796935f91711fc6e1",
    "getsentry/sentry-python": "064542dd2cbdbe0b11f1cda7f47d7d2920b0c38b",
    "pypa/pip": "6d309205789d368b2749d93fd6193d584811efd5",
    "tstack/lnav": "bb0005f96c8dc486ee0b9005a4562be0ef61c878",
    "rust-lang/cargo": "af373f761aa4e42b093c2e453078fd73c8ce54dd",
    "aws/aws-cli": "07c4fe366b49c4dde816d674f4941134fc432673",
}

TAKEN_FILE = HERE / "pathneg_taken.jsonl"
"""(kind, source, text) of every string read by hand: data, one JSON object a line, kept out
of this module so its tables stay readable."""
TAKEN: tuple[tuple[str, str, str], ...] = tuple(
    (row["kind"], row["source"], row["text"])
    for row in map(json.loads, TAKEN_FILE.read_text(encoding="utf-8").splitlines())
)

BLOB = re.compile(r"^https://github\.com/([^/]+/[^/]+)/blob/([0-9a-f]{40})/(\S+)#L(\d+)$")
THREAD = re.compile(r"^https://github\.com/[^/]+/[^/]+/(issues|pull)/\d+$")
KIND = re.compile(rf"^({'|'.join(FAMILIES)}):[a-z0-9-]+$")

# fmt: off
DROPPED_BY_HAND: dict[str, str] = {
    GH + "ine-labs/AzureGoat/blob/b97045952e6df00de735a7f27fd7c4994dcfe8c0/main.tf#L170": "the WEBSITE_RUN_FROM_PACKAGE blob URL is completed with a SAS data source (also #L540); left out",
    GH + "ine-labs/AzureGoat/blob/b97045952e6df00de735a7f27fd7c4994dcfe8c0/modules/module-1/resources/azure_function/data/.python_packages/lib/site-packages/azure/storage/blob/_blob_client.py": "vendored SDK docstrings write blob URLs with '?sastoken' or '?snapshot=' and pass a credential: left out (only plain blob URLs taken)",
    GH + "getsentry/sentry-python/blob/064542dd2cbdbe0b11f1cda7f47d7d2920b0c38b/tests/test_ai_monitoring.py": "its gs:// URLs (and those of the google_genai and langchain tests) are readable names such as gs://bucket/image.jpg, nothing random-looking; no gs:// kind built",
    GH + "kellyjonbrazil/jc/blob/ac8120e1fed9bb13b854b1333aef9c2dbce44f54/tests/fixtures/generic/x509-cert-and-key.pem": "holds an ENCRYPTED PRIVATE KEY block: only lines inside its CERTIFICATE armour are taken",
    GH + "git/git/blob/1a3e64c6c4a623626ff0687008732a8e007e2a1c/t/lib-gpg/keyring.gpg": "public and private key blocks in one file: nothing taken from it",
    GH + "aws/aws-cli/blob/07c4fe366b49c4dde816d674f4941134fc432673/awscli/examples/comprehend": "most S3Uri job paths are EXAMPLE placeholders; only the one with a real-looking hash is taken",
    GH + "microsoft/vscode-remote-release/issues/5306": "the install log shows an ssh password prompt and a masked reply; only the 'Expanding server into …\\Temp\\…' line is taken",
    GH + "microsoft/vscode/issues/147695": "the .vscode-server/bin/<commit>/node path sits in a sentence longer than 300 signs",
    GH + "wazuh/wazuh/issues/6054": "the NLB log-file key sits in a one-line JSON record longer than 300 signs",
    GH + "wazuh/wazuh-documentation/issues/24": "the CloudTrail-Digest key is quoted with '> ' and repeats a string of the vectors split",
    GH + "GoogleCloudPlatform/gsutil/issues/300": "the gs:// log line is long and carries a base64 MD5; readable names only",
    GH + "npm/cli/issues/960": "the _cacache paths sit in log lines longer than 300 signs",
    GH + "serokell/nix-npm-buildpackage/issues/58": "the _cacache index line carries an integrity hash and is longer than 300 signs",
    GH + "containerd/containerd/issues/5521": "the kubelet line with the snapshot parent is longer than 300 signs",
    GH + "pqrs-org/Karabiner-archived/issues/509": "the DerivedData NSFilePath line is longer than 300 signs",
    GH + "pnpm/pnpm/issues/896": "the .pnpm-store path is wrapped over several lines",
    GH + "FiloSottile/typage/pull/15": "the /var/folders path is elided with '…'",
    GH + "docker/docs/issues/12477": "containerd and runc commit ids, not paths; off-topic",
    GH + "bazelbuild/bazel/issues/3181": "only TeamCity work-dir paths (BuildAgent/work/<hash>), none of the Bazel output-base kind; not taken",
}
# fmt: on
"""Threads and files read and not taken from (or taken from only in part), with why; no
value of them is kept here."""


def source_line(repo: str, commit: str, path: str, line: int, cache: dict) -> str:
    """Line ``line`` of ``path`` at ``commit`` (ends stripped); stops if it cannot be read."""
    if (repo, path) not in cache:
        try:
            body = realneg.git(repo, "cat-file", "-p", f"{commit}:{path}")
        except subprocess.CalledProcessError as err:
            sys.exit(
                f"{repo}@{commit}:{path} cannot be read ({err.stderr.strip()}); fetch github:{repo}"
            )
        cache[(repo, path)] = body.split("\n")
    lines = cache[(repo, path)]
    if not 1 <= line <= len(lines):
        sys.exit(f"{repo}@{commit}:{path} has no line {line}")
    return lines[line - 1].strip()


def check_pinned(rows: list[dict]) -> None:
    """Every blob-sourced row is the line at its pinned commit, as read by hand."""
    cache: dict = {}
    for row in rows:
        m = BLOB.match(row["source"])
        if not m:
            continue
        repo, commit, path, line = m.group(1), m.group(2), unquote(m.group(3)), int(m.group(4))
        if COMMITS.get(repo) != commit:
            sys.exit(f"{row['source']}: not pinned to COMMITS[{repo!r}]")
        if source_line(repo, commit, path, line, cache) != row["text"]:
            sys.exit(f"{row['source']} no longer matches the text read by hand")


def problem(row: dict) -> str | None:
    """Why a hand-read string breaks the split's rules (the build stops on any)."""
    text = row["text"]
    if not KIND.match(row["kind"]):
        return "kind"
    if not (BLOB.match(row["source"]) or THREAD.match(row["source"])):
        return "source"
    if "\n" in text or text != text.strip() or not text:
        return "not one stripped line"
    if len(text) > MAX_LEN:
        return f"longer than {MAX_LEN} signs"
    if "-----BEGIN" in text or "PRIVATE KEY" in text:
        return "armour or private key"
    return realneg.credential_reason(text)


def earlier_texts() -> set[str]:
    """Texts of every other split's negatives file and values of every secrets file here."""
    texts: set[str] = set()
    for path in sorted(HERE.glob("*negatives*.jsonl")):
        if path.name != OUT:
            texts |= {row["text"] for row in load(path.name)}
    for path in sorted(HERE.glob("*secrets*.jsonl")):
        texts |= {row["value"] for row in load(path.name) if row.get("value")}
    return texts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, default=realneg.MIRRORS)
    args = parser.parse_args()
    realneg.MIRRORS = args.mirrors  # realneg.git reads its snapshots from there

    taken_ids = [p.name for p in sorted(HERE.glob("*.jsonl")) if p.name != OUT]
    clash = [n for n in taken_ids if any(str(r.get("id", "")).startswith(PREFIX) for r in load(n))]
    if clash:
        sys.exit(f"ids starting with {PREFIX!r} already used in {clash}")

    candidates = [{"kind": k, "source": s, "text": t} for k, s, t in TAKEN]
    bad = [(row["source"], why) for row in candidates if (why := problem(row))]
    if bad:
        sys.exit(
            "strings that break the rules (drop them by hand):\n"
            + "\n".join(f"  {s}: {w}" for s, w in bad)
        )
    check_pinned(candidates)

    rows, dropped = select(candidates, earlier_texts(), lambda row: None)
    per_kind = write_split(rows, OUT, SPLIT, PREFIX, PER_KIND)

    print_report(OUT, rows, per_kind, dropped, len(DROPPED_BY_HAND))


if __name__ == "__main__":
    main()

"""Lone lines of PEM and OpenPGP armour bodies: which does redaction keep?

Run: ``python bench/redact_pem_lines.py [--mirrors /work/.mirror] [--generate 20]``.

A certificate's line quoted without its ``BEGIN`` line should stay (it is public); a
private key's line must go. This cuts every block found in real files into its body lines,
redacts each line alone, and prints per block type how many lines were left unchanged,
with the public-DER veto (:mod:`streams.redact.public_der`) and without it, in the same run.

Sources, each line deduplicated:

* the CA bundles on this machine (``certifi``'s, ``/etc/ssl/certs``) and every PEM file of
  the installed Python packages and the system Python's test suite;
* with ``--mirrors``, every file of every ``fetch``-ed repository that holds a ``BEGIN``
  line (scanners' test fixtures are full of real-format private keys);
* with ``--generate N``, N freshly generated keys of each type ``cryptography`` writes
  (RSA PKCS#1 and PKCS#8, encrypted PKCS#8, EC SEC1, Ed25519, DSA, OpenSSH), each with a
  self-signed certificate, a request and its public key.

A private line left unchanged is a leak; the figure to watch is ``private kept``, which
must be 0. Whole bodies without their armour, and their middle lines six at a time (a
``sed -n`` of a CA bundle, a hunk's context), are scored the same way.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from streams.redact import Redactor, entropy  # noqa: E402

BLOCK = re.compile(r"-----BEGIN ([A-Z0-9 ]+)-----\s*\n(.*?)-----END \1-----", re.DOTALL)
LINE = re.compile(r"[A-Za-z0-9+/]{40,76}={0,2}")
PUBLIC = ("CERTIFICATE", "PUBLIC KEY", "CERTIFICATE REQUEST", "X509 CRL", "PGP PUBLIC KEY")
PRIVATE = ("PRIVATE KEY", "PGP PRIVATE KEY")


def kind(label: str) -> str | None:
    if any(p in label for p in PRIVATE):
        return "private"
    if any(p in label for p in PUBLIC):
        return "public"
    return None


def bodies(text: str) -> Iterator[tuple[str, str, list[str]]]:
    """(side, label, lines) of each labelled block's base64 body."""
    for match in BLOCK.finditer(text):
        side = kind(match.group(1))
        lines = [line.strip() for line in match.group(2).splitlines()]
        lines = [line for line in lines if LINE.fullmatch(line)]
        if side and lines:
            yield side, match.group(1), lines


def body_lines(text: str) -> Iterator[tuple[str, str, str]]:
    """(side, label, line) for each base64 line of each labelled block."""
    for side, label, lines in bodies(text):
        for line in lines:
            yield side, label, line


def local_files() -> Iterator[tuple[str, str]]:
    roots = [Path(sys.prefix) / "lib", Path("/usr/lib"), Path("/etc/ssl/certs")]
    seen: set[Path] = set()
    for root in roots:
        if not root.exists():
            continue
        for path in root.rglob("*"):
            if path.suffix not in (".pem", ".crt", ".key", ".cert", ".asc", ".pub", ".csr"):
                continue
            real = path.resolve()
            if real in seen or not real.is_file():
                continue
            seen.add(real)
            try:
                yield str(path), real.read_text(errors="replace")
            except OSError:
                continue


def mirror_files(mirrors: Path) -> Iterator[tuple[str, str]]:
    for repo in sorted(mirrors.glob("*/repo")):
        grep = subprocess.run(
            ["git", "-C", str(repo), "grep", "-I", "-l", "-e", "-----BEGIN", "HEAD"],
            capture_output=True, text=True, errors="replace",
        )  # fmt: skip
        for name in grep.stdout.splitlines():
            show = subprocess.run(
                ["git", "-C", str(repo), "show", name],
                capture_output=True,
                text=True,
                errors="replace",
            )
            yield f"{repo.parent.name}:{name}", show.stdout


def generated(count: int) -> Iterator[tuple[str, str]]:
    import datetime

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import dsa, ec, ed25519, rsa
    from cryptography.x509.oid import NameOID

    enc = serialization.Encoding.PEM
    formats = serialization.PrivateFormat
    none = serialization.NoEncryption()
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "bench.example")])
    now = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
    for i in range(count):
        keys = {
            "rsa": rsa.generate_private_key(65537, 2048 + 1024 * (i % 3)),
            "ec": ec.generate_private_key([ec.SECP256R1(), ec.SECP384R1(), ec.SECP521R1()][i % 3]),
            "ed25519": ed25519.Ed25519PrivateKey.generate(),
            "dsa": dsa.generate_private_key(2048),
        }
        for label, key in keys.items():
            pieces = [
                key.private_bytes(enc, formats.PKCS8, none),
                key.private_bytes(
                    enc, formats.PKCS8, serialization.BestAvailableEncryption(b"pw" * 4)
                ),
                key.public_key().public_bytes(enc, serialization.PublicFormat.SubjectPublicKeyInfo),
            ]
            if label != "ed25519":
                pieces.append(key.private_bytes(enc, formats.TraditionalOpenSSL, none))
            if label != "dsa":
                pieces.append(key.private_bytes(enc, formats.OpenSSH, none))
            digest = None if label == "ed25519" else hashes.SHA256()
            cert = (
                x509.CertificateBuilder().subject_name(name).issuer_name(name)
                .public_key(key.public_key()).serial_number(x509.random_serial_number())
                .not_valid_before(now).not_valid_after(now + datetime.timedelta(days=365))
                .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
                .sign(key, digest)
            )  # fmt: skip
            csr = x509.CertificateSigningRequestBuilder().subject_name(name).sign(key, digest)
            pieces += [cert.public_bytes(enc), csr.public_bytes(enc)]
            yield f"generated:{label}:{i}", b"".join(pieces).decode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, help="folder of fetch-ed repositories")
    parser.add_argument("--generate", type=int, default=0, help="keys of each type to make")
    parser.add_argument("--show", type=int, default=0, help="print this many leaked lines")
    args = parser.parse_args()

    sources = list(local_files())
    if args.mirrors:
        sources += list(mirror_files(args.mirrors))
    if args.generate:
        sources += list(generated(args.generate))
    lines: dict[str, tuple[str, str, str]] = {}
    for where, text in sources:
        for side, label, line in body_lines(text):
            lines.setdefault(line, (side, label, where))
    print(f"{len(sources)} files, {len(lines)} distinct body lines", file=sys.stderr)

    redactor = Redactor()
    veto = entropy.public_der_line
    kept: dict[tuple[str, str, str], int] = defaultdict(int)
    total: dict[tuple[str, str], int] = defaultdict(int)
    leaks: list[str] = []
    for with_veto in (False, True):
        entropy.public_der_line = veto if with_veto else (lambda token: False)
        tag = "with veto" if with_veto else "without"
        for line, (side, label, where) in lines.items():
            if not with_veto:
                total[side, label] += 1
            if redactor.redact_text(line)[0] == line:
                kept[side, label, tag] += 1
                if side == "private" and len(leaks) < args.show:
                    leaks.append(f"{where}: {line}")
    entropy.public_der_line = veto

    print(f"{'side':8} {'block':28} {'lines':>6} {'kept without':>13} {'kept with veto':>15}")
    for side in ("public", "private"):
        for (s, label), n in sorted(total.items()):
            if s != side:
                continue
            a, b = kept[side, label, "without"], kept[side, label, "with veto"]
            print(f"{side:8} {label:28} {n:6} {a:6} {a / n:6.1%} {b:7} {b / n:6.1%}")
        n = sum(v for (s, _), v in total.items() if s == side)
        a = sum(v for (s, _, t), v in kept.items() if s == side and t == "without")
        b = sum(v for (s, _, t), v in kept.items() if s == side and t == "with veto")
        print(f"{side:8} {'ALL':28} {n:6} {a:6} {a / n:6.1%} {b:7} {b / n:6.1%}")
    for leak in leaks:
        print("private kept:", leak)
    print_bodies(sources, redactor)


def print_bodies(sources: list[tuple[str, str]], redactor: Redactor) -> None:
    """Whole bodies without their armour (a paste that left the BEGIN line out) and the
    same as a diff hunk's added lines: how many of their lines come through unchanged."""
    pieces = [(side, label, lines) for _, text in sources for side, label, lines in bodies(text)]
    _print_kept("body without armour", pieces, "+", redactor)
    print_windows(sources, redactor)


WINDOW = 6


def print_windows(sources: list[tuple[str, str]], redactor: Redactor) -> None:
    """Lines from the middle of a body, :data:`WINDOW` at a time, never its first line
    (``sed -n 40,45p ca-bundle.pem``, a diff hunk's context inside a certificate): how
    many come through unchanged, pasted and as a hunk's context lines."""
    pieces = [
        (side, label, lines[at : at + WINDOW])
        for _, text in sources
        for side, label, lines in bodies(text)
        for at in range(1, len(lines) - 1, WINDOW)
        if len(lines[at : at + WINDOW]) >= 2
    ]
    _print_kept(f"middle lines, {WINDOW} at a time", pieces, " ", redactor)


def _print_kept(
    title: str, pieces: list[tuple[str, str, list[str]]], marker: str, redactor: Redactor
) -> None:
    """Per block type: lines, lines kept when each piece is pasted alone, and kept when
    each is a diff hunk's lines under ``marker``; a piece seen before counts once (a
    finding over several lines joins them: what follows counts as not kept)."""
    seen: set[str] = set()
    kept: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    for side, label, lines in pieces:
        joined = "\n".join(lines)
        if joined in seen:
            continue
        seen.add(joined)
        pasted = redactor.redact_text(joined)[0].split("\n")
        hunk = redactor.redact_text("\n".join(marker + line for line in lines))[0].split("\n")
        row = kept[side, label]
        row[0] += len(lines)
        row[1] += sum(a == b for a, b in zip(lines, pasted, strict=False))
        row[2] += sum(marker + a == b for a, b in zip(lines, hunk, strict=False))
    print(f"\n{'side':8} {title:28} {'lines':>6} {'kept pasted':>13} {'kept in a diff':>15}")
    for (side, label), (n, a, b) in sorted(kept.items()):
        print(f"{side:8} {label:28} {n:6} {a:6} {a / n:6.1%} {b:7} {b / n:6.1%}")


if __name__ == "__main__":
    main()

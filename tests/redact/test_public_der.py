"""Lone lines of certificates stay; lone lines of private keys go (streams/redact/public_der).

The private keys are generated here from a seeded random source (pycryptodome takes one),
so every run checks the same lines (but for the random check number OpenSSH's format
writes): every body line of RSA, DSA, EC and Ed25519 keys in PKCS#1, PKCS#8, encrypted
PKCS#8, SEC1 and OpenSSH form. Real certificate lines come from
the Mozilla bundle that certifi ships (ISRG Root X1) and a Node.js release key.
"""

from __future__ import annotations

import base64
import random
import re

import pytest
from Crypto.PublicKey import DSA, ECC, RSA
from cryptography.hazmat.primitives import serialization

from streams.redact import Redactor
from streams.redact.public_der import public_der_line, whole_public_der

ISRG_ROOT_X1_LINES = (
    # facts from the certifi bundle: ISRG Root X1, lines 1, 2, 3, 6, 17 and 18 of its body
    "MIIFazCCA1OgAwIBAgIRAIIQz7DSQONZRGPgu2OCiwAwDQYJKoZIhvcNAQELBQAw",  # version, sha256RSA
    "TzELMAkGA1UEBhMCVVMxKTAnBgNVBAoTIEludGVybmV0IFNlY3VyaXR5IFJlc2Vh",  # C=US, O=...
    "cmNoIEdyb3VwMRUwEwYDVQQDEwxJU1JHIFJvb3QgWDEwHhcNMTUwNjA0MTEwNDM4",  # CN, UTCTime
    "MTCCAiIwDQYJKoZIhvcNAQEBBQADggIPADCCAgoCggIBAK3oJHP0FDfzm54rVygc",  # rsaEncryption, BIT
    "rU7m2Ys6xt0nUW7/vGT1M0NPAgMBAAGjQjBAMA4GA1UdDwEB/wQEAwIBBjAPBgNV",  # key usage extension
    "HRMBAf8EBTADAQH/MB0GA1UdDgQWBBR5tFnme7bl5AFzgAiIyBpY9umbbjANBgkq",  # key identifier
)
ISRG_MODULUS_LINE = "h77ct984kIxuPOZXoHj3dcKi/vVqbvYATyjb3miGbESTtrFj/RQSa78f0uoxmyF+"
NODE_RELEASE_KEY_FIRST_LINE = "mQINBFltAggBEADHYmcgBOWwJTVRJCnqEpC8IvOber468ikSgNolQHFbyUkJy/kd"
"""nodejs/release-keys, keys/108F52B48DB57BB0CC439B2997B01419BD92F80A.asc, line 3."""

BODY_LINE = re.compile(r"^[A-Za-z0-9+/]{40,76}={0,2}$", re.MULTILINE)


def _openssh(pem: str) -> str:
    """The key in OpenSSH's private format (pycryptodome writes only its public one)."""
    key = serialization.load_pem_private_key(pem.encode(), password=None)
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.OpenSSH,
        serialization.NoEncryption(),
    ).decode()


def _private_pems() -> list[tuple[str, str]]:
    """(form, PEM) of seeded keys of every type and private format."""
    rng = random.Random(29)
    out = []
    for bits in (2048, 1024):
        rsa = RSA.generate(bits, randfunc=rng.randbytes)
        out += [
            ("rsa pkcs1", rsa.export_key("PEM", pkcs=1).decode()),
            ("rsa pkcs8", rsa.export_key("PEM", pkcs=8).decode()),
            (
                "rsa encrypted pkcs8",
                rsa.export_key(
                    "PEM",
                    pkcs=8,
                    passphrase="pw",
                    protection="PBKDF2WithHMAC-SHA256AndAES256-CBC",
                    prot_params={"iteration_count": 1000},  # scrypt's took 1.5 s a key
                    randfunc=rng.randbytes,
                ).decode(),
            ),  # fmt: skip
        ]
    for bits in (1024, 2048):  # 2048 takes 0.8 s; its parameters, a SEQUENCE of INTEGERs
        dsa = DSA.generate(bits, randfunc=rng.randbytes)  # opening with p, once read as RSA's
        out.append(("dsa pkcs8", dsa.export_key("PEM", pkcs8=True).decode()))
        out.append(("dsa openssl", dsa.export_key("PEM", pkcs8=False).decode()))
    for curve in ("P-256", "P-384", "P-521", "Ed25519"):
        for _ in range(3):
            key = ECC.generate(curve=curve, randfunc=rng.randbytes)
            out.append((f"{curve} pkcs8", key.export_key(format="PEM", use_pkcs8=True)))
            out.append((f"{curve} openssh", _openssh(key.export_key(format="PEM"))))
            if curve != "Ed25519":
                out.append((f"{curve} sec1", key.export_key(format="PEM", use_pkcs8=False)))
    return out


@pytest.fixture(scope="module")
def private() -> list[tuple[str, str]]:
    """Made when a test of this file first runs, not at collection (every xdist worker
    collects every file)."""
    return _private_pems()


@pytest.fixture(scope="module")
def private_lines(private: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(form, line) for form, pem in private for line in BODY_LINE.findall(pem)]


def test_the_seeded_keys_cover_every_private_format(
    private: list[tuple[str, str]], private_lines: list[tuple[str, str]]
) -> None:
    labels = {re.search(r"BEGIN ([A-Z ]+)-----", pem).group(1) for _, pem in private}
    assert labels == {
        "RSA PRIVATE KEY", "PRIVATE KEY", "ENCRYPTED PRIVATE KEY", "EC PRIVATE KEY",
        "OPENSSH PRIVATE KEY", "DSA PRIVATE KEY",
    }  # fmt: skip
    assert len(private_lines) > 250


def test_no_line_of_a_private_key_reads_as_public(private_lines: list[tuple[str, str]]) -> None:
    spared = [f"{form}: {line}" for form, line in private_lines if public_der_line(line)]
    assert spared == []


def test_random_lines_carry_no_marker() -> None:
    """Key bytes are random: 20,000 random 48-byte lines (a full PEM line each) are never
    read as public. (A million were measured once: none.)"""
    rng = random.Random(7)
    lines = [base64.b64encode(rng.randbytes(48)).decode() for _ in range(20_000)]
    assert [line for line in lines if public_der_line(line)] == []


@pytest.mark.parametrize("line", ISRG_ROOT_X1_LINES)
def test_a_certificate_line_with_x509_structure_stays(line: str) -> None:
    assert public_der_line(line)
    for text in (line, f"the CA's line {line} is in the bundle", f"+{line}"):
        assert Redactor().redact_text(text)[0] == text


def test_a_public_keys_opening_cut_by_the_lines_end_reads_as_public() -> None:
    """realneg's line of certifi's bundle: a root's name, then its SubjectPublicKeyInfo's
    opening whose RSA OID ends on the next line."""
    line = "YyBTZXJ2ZXIgQXV0aGVudGljYXRpb24gUm9vdCBSNDYwggIiMA0GCSqGSIb3DQEB"
    assert public_der_line(line)
    assert Redactor().redact_text(line)[0] == line


def test_a_line_of_only_key_bytes_alone_on_its_line_stays() -> None:
    """A modulus's line is public in a certificate and cannot be told from a private key's.
    Alone on its line (no body line above or below, no armour, no "private" named) it is 48
    bytes of something no longer there: since the seventeenth session it stays, as the
    issue's "lines of public certificates" and realneg's 31 such lines ask. Since the
    nineteenth session it also stays said as a word of a sentence that names no secret (a
    note quoting the line); in a sentence that names a key, with the lines of its body
    around it, or after "private", it still goes."""
    assert not public_der_line(ISRG_MODULUS_LINE)
    redactor = Redactor()
    for text in (
        ISRG_MODULUS_LINE,
        f"  {ISRG_MODULUS_LINE}\n",
        f"ok\n{ISRG_MODULUS_LINE}\nok",
        f"the line {ISRG_MODULUS_LINE} is wrong",
        f"The trace shows {ISRG_MODULUS_LINE} twice, which is expected here.",
    ):
        assert redactor.redact_text(text)[0] == text
    for text in (
        f"the signing key line {ISRG_MODULUS_LINE} is wrong",
        f"Is {ISRG_MODULUS_LINE} the token for staging?",
        f"the line {ISRG_MODULUS_LINE}",
        f"{ISRG_MODULUS_LINE}\n{ISRG_MODULUS_LINE[::-1]}",
        f"Private-Lines: 14\n{ISRG_MODULUS_LINE}",
        f"-----BEGIN PRIVATE KEY-----\n{ISRG_MODULUS_LINE}",
    ):
        assert ISRG_MODULUS_LINE not in redactor.redact_text(text)[0], text


def test_a_lone_line_quoted_in_a_command_or_added_by_a_patch_stays() -> None:
    """The same line as a whole quoted argument of a command (a line that starts with a
    program's name) and as the one line a hunk adds: carriers the issue's tester used for
    its harmless strings. An assertion or a sentence that quotes it, a command that names a
    secret, and two body lines added together still lose it."""
    redactor = Redactor()
    line = ISRG_MODULUS_LINE
    hunk = "--- a/ca.pem\n+++ b/ca.pem\n@@ -1,2 +1,3 @@\n # bundle\n+{}\n # end\n"
    for text in (
        f"grep -rnF '{line}' .",
        f'echo "{line}" >> ca.pem',
        f"$ grep -c '{line}' bundle.crt",
        hunk.format(line),
        hunk.format(line).replace("+" + line, "-" + line),
    ):
        assert redactor.redact_text(text)[0] == text, text
    for text in (
        f"E   AssertionError: assert '{line}' == ''",
        f"gh secret set SIGNING '{line}'",
        f"echo '{line}' | docker login --password-stdin",
        hunk.format(f"{line}\n+{line[::-1]}"),
    ):
        assert line not in redactor.redact_text(text)[0], text


def test_a_private_keys_first_line_goes_even_alone(private: list[tuple[str, str]]) -> None:
    """Its first line says what it is (PKCS#1, PKCS#8, SEC1, OpenSSH; an EC or Ed25519
    key's secret sits whole in it)."""
    redactor = Redactor()
    for form, pem in private:
        first = BODY_LINE.findall(pem)[0]
        if len(first) == 64:
            assert first not in redactor.redact_text(first)[0], form


def test_an_openpgp_public_key_packet_stays_and_a_secret_one_goes() -> None:
    assert Redactor().redact_text(NODE_RELEASE_KEY_FIRST_LINE)[0] == NODE_RELEASE_KEY_FIRST_LINE
    raw = bytearray(base64.b64decode(NODE_RELEASE_KEY_FIRST_LINE))
    raw[0] = 0x95  # the same header with tag 5: a secret key packet
    secret_line = base64.b64encode(bytes(raw)).decode()
    assert not public_der_line(secret_line)
    assert "[REDACTED:" in Redactor().redact_text(secret_line)[0]


def test_a_long_run_is_not_spared_for_the_certificate_in_it() -> None:
    """A long run (a .p12 in a CI variable holds a certificate and its private key) is not
    a PEM line, whatever it holds."""
    joined = "".join(ISRG_ROOT_X1_LINES)
    assert not public_der_line(joined)


def test_private_key_lines_that_start_with_a_slash_are_not_paths(
    private_lines: list[tuple[str, str]],
) -> None:
    """One line in 64 of a key begins with ``/``; among its body's lines it is a key's
    line, not a path (alone on its line, it is a lone body line: see above)."""
    full = [line for _, line in private_lines if len(line) == 64]
    slash_lines = [line for line in full if line.startswith("/")]
    assert slash_lines
    redactor = Redactor()
    for line in slash_lines:
        beside = full[0] if full[0] != line else full[1]
        for text in (f"{beside}\n{line}\n", f"@@ -1,3 +1,3 @@\n+{beside}\n+{line}\n"):
            assert line not in redactor.redact_text(text)[0], text


@pytest.mark.parametrize(
    "path",
    [
        "/tmp/tmp.Xk3jd8fQ2a/repo/src/fixtrace/streams/redact/entropy.py",
        "/home/runner/work/project/project/src/main/java/com/acme/Handler",
        "/var/folders/7x/k3jd8fq2a9/T/pytest-of-dev/pytest-12/test_x0/repo",
    ],
)
def test_a_path_alone_on_its_line_is_still_a_path(path: str) -> None:
    assert Redactor().redact_text(path)[0] == path


def _certificate_lines() -> list[str]:
    """The body lines of a self-signed certificate for a seeded RSA key."""
    import datetime

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes
    from cryptography.x509.oid import NameOID

    pem = RSA.generate(2048, randfunc=random.Random(3).randbytes).export_key("PEM", pkcs=8)
    key = serialization.load_pem_private_key(pem, password=None)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "fixtrace.test")])
    when = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
    cert = (
        x509.CertificateBuilder().subject_name(name).issuer_name(name)
        .public_key(key.public_key()).serial_number(29)
        .not_valid_before(when).not_valid_after(when + datetime.timedelta(days=30))
        .sign(key, hashes.SHA256())
    )  # fmt: skip
    return cert.public_bytes(serialization.Encoding.PEM).decode().splitlines()[1:-1]


@pytest.fixture(scope="module")
def cert_lines() -> list[str]:
    return _certificate_lines()


@pytest.mark.parametrize("prefix", ["", "+", "    "])
def test_a_certificate_body_without_its_begin_line_stays_whole(
    prefix: str, cert_lines: list[str]
) -> None:
    """A paste or a diff hunk of a certificate that left the armour out: its first line
    says it is a certificate and how long, so its modulus and signature lines stay too."""
    text = "\n".join(prefix + line for line in cert_lines)
    assert Redactor().redact_text(text)[0] == text


@pytest.mark.parametrize("prefix", ["", " ", "+"])
def test_the_middle_of_a_certificate_stays_when_one_of_its_lines_says_so(
    prefix: str, cert_lines: list[str]
) -> None:
    """``sed -n`` of a CA bundle or a hunk's context inside a certificate: no first line,
    but one line of the run holds an X.509 extension's DER, so its modulus and signature
    lines beside it are the certificate's too (thirteenth session: a CA bundle's middle
    lines, six at a time, kept 48 -> 71 %, ``bench/redact_pem_lines.py``)."""
    window = cert_lines[5:14]  # modulus and signature lines around the one with markers
    assert [public_der_line(line) for line in window].count(True) == 1
    text = "\n".join(prefix + line for line in window)
    assert Redactor().redact_text(text)[0] == text


def test_the_middle_of_a_certificate_with_no_marker_still_goes(cert_lines: list[str]) -> None:
    """Key bytes alone (a modulus's lines) cannot be told from a private key's."""
    window = cert_lines[3:8]
    assert not any(map(public_der_line, window))
    out = Redactor().redact_text("\n".join(window))[0]
    assert all(line not in out for line in window)


def test_lines_past_the_certificates_end_are_judged_alone(
    cert_lines: list[str], private_lines: list[tuple[str, str]]
) -> None:
    """Key lines glued under a certificate's body are not part of it: its length ends it."""
    key_lines = [line for form, line in private_lines if form == "rsa pkcs1"][1:6]
    out = Redactor().redact_text("\n".join(cert_lines + key_lines))[0]
    assert all(line not in out for line in key_lines)
    assert all(line in out for line in cert_lines)


@pytest.mark.parametrize("prefix", ["", "+"])
def test_private_key_bodies_without_armour_still_go(
    prefix: str, private: list[tuple[str, str]]
) -> None:
    redactor = Redactor()
    for form, pem in private:
        lines = BODY_LINE.findall(pem)
        if "openssh" in form:
            lines = lines[1:]  # its first line is "openssh-key-v1", no key bytes
        if "encrypted" in form:
            lines = lines[2:]  # salt, iteration count, IV: public parameters, and random
        out = redactor.redact_text("\n".join(prefix + line for line in lines))[0]
        left = [line for line in lines if line in out and len(line) >= 40]
        assert left == [], form


def test_an_openpgp_public_key_body_stays_and_a_secret_one_goes() -> None:
    rng = random.Random(5)
    rest = [base64.b64encode(rng.randbytes(48)).decode() for _ in range(6)]
    public = "\n".join([NODE_RELEASE_KEY_FIRST_LINE, *rest])
    assert Redactor().redact_text(public)[0] == public
    raw = bytearray(base64.b64decode(NODE_RELEASE_KEY_FIRST_LINE))
    raw[0] = 0x95
    secret = "\n".join([base64.b64encode(bytes(raw)).decode(), *rest])
    out = Redactor().redact_text(secret)[0]
    assert all(line not in out for line in rest)


def test_a_pgp_signatures_first_line_reads_as_public() -> None:
    """A signature packet's header (tag 2, version 3 or 4): git's v1.5.0 tag, as ``git
    cat-file tag`` prints it without its ``BEGIN`` line (negcarried2 nq0044); the body below
    it is the signature's too."""
    first = "iD8DBQBF0lGqwMbZpPMRm5oRAuRiAJ9ohBLd7s2kqjkKlq1qqC57SbnmzQCdG4ui"
    assert public_der_line(first)
    text = f"Version: GnuPG v1.4.6 (GNU/Linux)\n\n{first}\nnLE/L9aUXdWeTFPron96DLA=\n=2E+0"
    assert Redactor().redact_text(text)[0] == text


def _one_run(pem: str) -> str:
    """A PEM's body as one run, as a DKIM record, a JWK's ``x5c`` or a licence key holds it."""
    return "".join(BODY_LINE.findall(pem))


def _public_runs(private: list[tuple[str, str]], cert_lines: list[str]) -> list[tuple[str, str]]:
    """(form, run) of public keys of every seeded key type, and a certificate."""
    out = [("certificate", "".join(cert_lines))]
    for form, pem in private:
        if form.endswith("pkcs8") and "encrypted" not in form:
            key = serialization.load_pem_private_key(pem.encode(), password=None)
            der = key.public_key().public_bytes(
                serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
            )
            out.append((f"{form} spki", base64.b64encode(der).decode()))
            if form.startswith("rsa"):
                pkcs1 = key.public_key().public_bytes(
                    serialization.Encoding.DER, serialization.PublicFormat.PKCS1
                )
                out.append((f"{form} pkcs1 public", base64.b64encode(pkcs1).decode()))
    return out


@pytest.mark.parametrize(
    "carrier",
    [
        "{}",
        "v=DKIM1; k=rsa; p={}",
        "key={}",
        'LICENSE_KEY="{}"',
        '"x5c": ["{}"]',
        "The key {} decodes to a 2048-bit RSA public key.",
        "echo '{}' | base64 -d | openssl pkey -pubin -inform der -noout -text",
    ],
)
def test_a_whole_public_key_or_certificate_on_one_line_stays(
    carrier: str, private: list[tuple[str, str]], cert_lines: list[str]
) -> None:
    """A run that parses whole as a SubjectPublicKeyInfo, a certificate or a PKCS#1 public
    key holds nothing secret, whatever names it: DKIM records, Play licence keys and JWK
    ``x5c`` members were redacted when a word "key" stood beside them."""
    runs = _public_runs(private, cert_lines)
    assert {form.split()[0] for form, _ in runs} >= {"certificate", "rsa", "P-256", "Ed25519"}
    for form, run in runs:
        text = carrier.format(run)
        assert Redactor().redact_text(text)[0] == text, form


def test_no_private_key_or_keystore_parses_as_a_whole_public_structure(
    private: list[tuple[str, str]], cert_lines: list[str]
) -> None:
    """Private key formats open with an INTEGER version or end in an OCTET STRING, and a
    PKCS#12 keystore (a certificate and its key) parses as neither public shape; a run of
    one still goes where a key's name stands beside it."""
    from cryptography import x509
    from cryptography.hazmat.primitives.serialization import pkcs12

    runs = [(form, _one_run(pem)) for form, pem in private if "openssh" not in form]
    pem = RSA.generate(2048, randfunc=random.Random(3).randbytes).export_key("PEM", pkcs=8)
    key = serialization.load_pem_private_key(pem, password=None)  # the certificate's key
    cert = x509.load_pem_x509_certificate(
        ("-----BEGIN CERTIFICATE-----\n" + "\n".join(cert_lines) + "\n-----END CERTIFICATE-----")
        .encode()
    )  # fmt: skip
    p12 = pkcs12.serialize_key_and_certificates(b"k", key, cert, None, serialization.NoEncryption())
    runs.append(("pkcs12", base64.b64encode(p12).decode()))
    assert [form for form, run in runs if whole_public_der(run)] == []
    for form, run in runs:
        assert run not in Redactor().redact_text(f"key={run}")[0], form


CERTIFI_LINES_WITH_A_PUBLIC_KEYS_OPENING = (
    # facts from the certifi bundle: a line of a CA certificate whose marker is new
    "HkQtVFJVU1QgUm9vdCBDbGFzcyAzIENBIDIgMjAwOTCCASIwDQYJKoZIhvcNAQEB",  # SPKI opens, RSA
    "b290IENlcnRpZmljYXRpb24gQXV0aG9yaXR5IEVDQzB2MBAGByqGSM49AgEGBSuB",  # SPKI opens, EC
    "AcPs3hEtF10fuFDRXhmnad4HMyjKUJX5p1TLVIZQRan5SQIDAQABo0IwQDAPBgNV",  # 65537, extensions
    "Z25vIFJvb3QgQ0EgMjAwOTEfMB0GCSqGSIb3DQEJARYQaW5mb0BlLXN6aWduby5o",  # emailAddress
)


@pytest.mark.parametrize("line", CERTIFI_LINES_WITH_A_PUBLIC_KEYS_OPENING)
def test_a_line_where_a_public_key_opens_or_a_certificate_goes_on_stays(line: str) -> None:
    """An algorithm id that opens its SEQUENCE (a private key puts its version first), the
    exponent followed by a certificate's extensions, a PKCS#9 email address: these lines
    have no ``+`` or ``/`` (a 64-letter API key's form) and were redacted alone."""
    assert public_der_line(line)
    assert Redactor().redact_text(line)[0] == line

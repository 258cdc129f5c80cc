# ruff: noqa: E501  (tables of sources: one case per line reads best)
"""Build the ``vectors`` negatives: strings that look like keys and are public and harmless,
taken from real public files: cryptographic test vectors (NIST CAVP, RFC and Wycheproof keys,
IVs, salts and seeds as test files write them), object-store keys and cache or temp paths
with random-looking parts, and encoded non-secrets (protobuf descriptors, Sigstore log ids,
hashed asset names, SRI hashes).

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/vectors.py

It follows ``realneg.py``: it reads the snapshots that ``fetch github:<owner>/<name>``
brought under ``/work/.mirror`` (the repositories of ``RULES``; the commit of each one's HEAD
pins every source URL) and adds ``TAKEN``, strings read one by one from public issue threads
and from single indexed files through the search tools, each with its source. It writes
``vectors_negatives.jsonl`` (committed, so CI never needs the network); there is no secrets
file: the split is negatives only.

A string is a whole line as the source shows it (ends stripped), or up to three consecutive
lines that belong together (a test case's key and IV or nonce, a C array's declaration and
rows). Lines longer than ``MAX_LEN`` are not taken (so no value is cut), except by rules
marked ``cut`` (one-line encoded payloads, cut at ``MAX_LEN`` as ``realneg`` does). Lines
inside any ``-----BEGIN …-----`` / ``-----END …-----`` armour are never taken, and neither
are DER-encoded private keys written as hex (``PKCS8 = 302e…``): a private key must be
redacted whatever its origin. A string is kept only if no pattern of
``realneg.LOOKS_LIKE_A_CREDENTIAL`` finds anything in it (when in doubt, it is dropped and
counted), it is no repeat within the split and no text of another split's negatives. A rule
takes at most ``limit`` strings, spread evenly over all its matches in path and line order,
so a rebuild from the same snapshots gives the same bytes.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import realneg  # noqa: E402
from realneg import (  # noqa: E402
    git,
    other_negatives,
    print_report,
    rule_candidates,
    select,
    spread,
    write_split,
)

OUT = "vectors_negatives.jsonl"
SPLIT = "vectors"
MAX_LEN = 300
PER_KIND = 20
GH = "https://github.com/"


@dataclass(frozen=True)
class Rule:
    """Lines of one repository's files to take as negatives of one kind."""

    kind: str
    repo: str
    paths: str
    """A regex a file's path (in HEAD's tree) must fully match."""
    line: str
    """A regex the (first) line must contain."""
    limit: int = 10
    more: str | None = None
    """Lines right after the first that fully match this regex join the string (two at most)."""
    skip: str | None = None
    """A string this regex finds something in is not taken (placeholders, typed values)."""
    start: str | None = None
    """The text starts where this regex's match ends (for one-line payloads)."""
    cut: bool = False
    """Cut a longer line at ``MAX_LEN`` (one-line payloads) instead of leaving it out."""
    distinct: int = 8
    """The longest hex run (``0x``, spaces and commas removed) needs this many distinct digits
    (0: no check); keeps out runs of one byte (``0b0b…``) and zeros."""


# Test-vector values of too few distinct digits are not the hard case; strings also skip
# typed stand-ins such as a DER private key in hex and line continuations.
NOT_WHOLE = r"\\$|^\s*$"
DER_PRIVATE = r"(?i)^\s*PKCS8\b|302e020100300506032b65(70|6e)"

# fmt: off
RULES: tuple[Rule, ...] = (
    # NIST CAVP files as BoringSSL converts and vendors them
    Rule("vector:nist-cavp-aes", "google/boringssl", r"crypto/cipher/test/nist_cavp/aes_\d+_(cbc|ctr)\.txt", r"^Key: [0-9a-f]{32,}$", 14, more=r"IV: [0-9a-f]{32}"),
    Rule("vector:nist-cavp-aes", "google/boringssl", r"crypto/cipher/test/nist_cavp/aes_\d+_gcm\.txt", r"^Key: [0-9a-f]{32,}$", 6),
    Rule("vector:nist-cavp-tdes", "google/boringssl", r"crypto/cipher/test/nist_cavp/tdes_(cbc|ecb)\.txt", r"^Key: [0-9a-f]{48}$", 8, more=r"IV: [0-9a-f]{16}"),
    Rule("vector:nist-cavp-data", "google/boringssl", r"crypto/cipher/test/nist_cavp/.+\.txt", r"^(Plaintext|Ciphertext|AAD|Tag): [0-9a-f]{32,}$", 12),
    Rule("vector:nist-cavp-cmac", "google/boringssl", r"crypto/fipsmodule/cmac/cavp_.+_cmac_tests\.txt", r"^Key = [0-9a-f]{32,}$", 14),
    Rule("vector:boringssl-aead", "google/boringssl", r"crypto/cipher/test/(aes_\d+_(gcm|gcm_siv|eax|ccm_\w+)|chacha20_poly1305|xchacha20_poly1305)_tests?\.txt", r"^KEY: [0-9a-f]{32,}$", 16, more=r"NONCE: [0-9a-f]{16,}"),
    Rule("vector:boringssl-hmac", "google/boringssl", r"crypto/hmac/hmac_tests\.txt", r"^Key = [0-9a-f]{16,}$", 10),
    Rule("vector:boringssl-ed25519", "google/boringssl", r"crypto/curve25519/ed25519_tests\.txt", r"^PRIV: [0-9a-f]{128}$", 8),
    Rule("vector:boringssl-x25519", "google/boringssl", r"crypto/evp/test/x25519_tests\.txt", r"^Raw(Private|Public) = [0-9a-f]{64}$", 6),
    Rule("vector:boringssl-scrypt", "google/boringssl", r"crypto/evp/test/scrypt_tests\.txt", r"^Key = [0-9a-f]{64,}$", 3),
    Rule("vector:boringssl-poly1305", "google/boringssl", r"crypto/poly1305/poly1305_tests\.txt", r"^Key = [0-9a-f]{64}$", 6),
    Rule("vector:boringssl-siphash", "google/boringssl", r"crypto/siphash/siphash_tests\.txt", r"^KEY: [0-9a-f]{32}$", 2),
    # Wycheproof's JSON test files
    Rule("vector:wycheproof-hmac", "C2SP/wycheproof", r"testvectors_v1/hmac_sha[0-9_]+_test\.json", r'^\s+"key": "[0-9a-f]{32,}",$', 16),
    Rule("vector:wycheproof-hkdf", "C2SP/wycheproof", r"testvectors_v1/hkdf_sha\d+_test\.json", r'^\s+"(ikm|salt)": "[0-9a-f]{32,}",$', 10),
    Rule("vector:wycheproof-aead", "C2SP/wycheproof", r"testvectors_v1/(aes_gcm|aes_gcm_siv|chacha20_poly1305|xchacha20_poly1305|aes_eax|aes_ccm|aegis\w+)_test\.json", r'^\s+"key": "[0-9a-f]{32,}",$', 16, more=r'\s+"iv": "[0-9a-f]{16,}",'),
    Rule("vector:wycheproof-cmac", "C2SP/wycheproof", r"testvectors_v1/(aes|aria|camellia)_cmac_test\.json", r'^\s+"key": "[0-9a-f]{32,}",$', 8),
    Rule("vector:wycheproof-x25519", "C2SP/wycheproof", r"testvectors_v1/x25519_test\.json", r'^\s+"private": "[0-9a-f]{64}",$', 12),
    Rule("vector:wycheproof-keywrap", "C2SP/wycheproof", r"testvectors_v1/aes_(kwp|wrap)_test\.json", r'^\s+"key": "[0-9a-f]{32,}",$', 6),
    Rule("vector:wycheproof-data", "C2SP/wycheproof", r"testvectors_v1/(aes_gcm|chacha20_poly1305|hmac_sha256)_test\.json", r'^\s+"(ct|tag|msg)": "[0-9a-f]{32,}",?$', 8),
    # Crypto++'s test vectors (RFC and NIST values)
    Rule("vector:cryptopp-mac", "weidai11/cryptopp", r"TestVectors/(hmac|cmac|siphash|poly1305aes|poly1305_tls|vmac|ttmac)\.txt", r"^Key: (0x)?[0-9A-Fa-f ]{32,}$", 12),
    Rule("vector:cryptopp-kdf", "weidai11/cryptopp", r"TestVectors/hkdf\.txt", r"^(Secret|Salt): (0x)?[0-9A-Fa-f]{20,}$", 8),
    Rule("vector:cryptopp-cipher", "weidai11/cryptopp", r"TestVectors/(aes|chacha|chacha20poly1305|xchacha|gcm|eax|ocb|ccm|salsa|sm4|aria|camellia)\.txt", r"^Key: (0x)?[0-9A-Fa-f ]{32,}$", 16, more=r"IV: (0x)?[0-9A-Fa-f ]{16,}"),
    # Botan's .vec files
    Rule("vector:botan-mac", "randombit/botan", r"src/tests/data/mac/(hmac|cmac|gmac|poly1305|siphash|kmac|blake2bmac)\.vec", r"^Key = [0-9A-Fa-f]{32,}$", 14),
    Rule("vector:botan-kdf", "randombit/botan", r"src/tests/data/(kdf/(hkdf|sp800_108_ctr|sp800_56c|tls_prf)|pbkdf/(pbkdf2|pgp_s2k))\.vec", r"^(Secret|Salt|Key) = [0-9A-Fa-f]{20,}$", 12),
    Rule("vector:botan-aead", "randombit/botan", r"src/tests/data/aead/(gcm|chacha20poly1305|ccm|eax|ocb|siv|gcm_siv)\.vec", r"^Key = [0-9A-Fa-f]{32,}$", 12, more=r"Nonce = [0-9A-Fa-f]{16,}"),
    Rule("vector:botan-ed25519", "randombit/botan", r"src/tests/data/pubkey/ed25519\.vec", r"^Privkey = [0-9A-Fa-f]{64}$", 10),
    Rule("vector:botan-x25519", "randombit/botan", r"src/tests/data/pubkey/x25519\.vec", r"^Secret = [0-9A-Fa-f]{64}$", 6),
    Rule("vector:botan-otp", "randombit/botan", r"src/tests/data/otp/(totp|hotp)\.vec", r"^Key = [0-9A-Fa-f]{32,}$", 4, distinct=0),
    Rule("vector:botan-keywrap", "randombit/botan", r"src/tests/data/keywrap/(rfc3394|nist_key_wrap)\.vec", r"^(KEK|Key) = [0-9A-Fa-f]{32,}$", 6),
    # libsodium's tests
    Rule("vector:libsodium-hex", "jedisct1/libsodium", r"test/default/(xchacha20|ipcrypt|aead_\w+|kdf_hkdf\d?|auth\d?|onetimeauth\d?|secretstream_\w+)\.c", r'^\s+(\{ )?"[0-9a-f]{32,}",?( "|$)', 14),
    Rule("vector:libsodium-c-array", "jedisct1/libsodium", r"test/default/(box\d?|box_easy\d?|scalarmult\d?|secretbox\d?|stream\d?|kx|auth\d?|onetimeauth\d?)\.c", r"^static (const )?unsigned char \w*(sk|key|nonce|k)\w*\[[\w ]+\]\s*=\s*\{$", 8, more=r"\s+0x[0-9a-f]{2}(, 0x[0-9a-f]{2})+,?", distinct=0),
    # Go's x/crypto tests
    Rule("vector:go-x-crypto-hex", "golang/crypto", r"(chacha20poly1305|xts|salsa20|blake2b|blake2s|hkdf|poly1305|internal/poly1305|argon2|chacha20)/.+_test\.go", r'"[0-9a-fA-F]{32,}"', 16),
    Rule("vector:go-x-crypto-bytes", "golang/crypto", r"(curve25519|hkdf|pbkdf2|scrypt|argon2|nacl/\w+|salsa20/salsa)/.+_test\.go", r"^\s*\{?0x[0-9a-f]{2}, (0x[0-9a-f]{2}, ){7,}", 10),
    # encoded non-secrets
    Rule("encoded:protobuf-descriptor", "open-telemetry/opentelemetry-python", r".+_pb2\.py", r"(AddSerializedFile\(b'|serialized_pb=b')", 10, cut=True, distinct=0),
    Rule("encoded:sigstore-log-id", "sigstore/sigstore-python", r"test/assets/.+", r'^\s+"keyId": "[A-Za-z0-9+/]{43}="$', 6, distinct=0),
    Rule("encoded:sigstore-root-hash", "sigstore/sigstore-python", r"test/assets/.+", r'^\s+"rootHash": "[A-Za-z0-9+/]{43}=",?$', 8, distinct=0),
    Rule("encoded:sigstore-proof-hash", "sigstore/sigstore-python", r"test/assets/.+", r'^\s+"[A-Za-z0-9+/]{43}=",?$', 8, distinct=0),
    Rule("encoded:sigstore-digest", "sigstore/sigstore-python", r"test/assets/.+", r'^\s+"digest": "[A-Za-z0-9+/]{43}=",?$', 6, distinct=0),
    Rule("encoded:vite-chunk-hash", "vitejs/vite", r"docs/guide/(backend-integration|build|features)\.md", r'"(file|src)": "(assets/)?_?[\w-]+-[A-Za-z0-9_-]{8}\.(js|css|svg)"', 6, distinct=0),
)
# fmt: on

# (kind, text, source): strings read one by one from public issue and pull-request threads
# (the search tool's ``issues`` corpus, the thread as source) and from single indexed files
# (the blob URL pinned to the indexed commit and line); each is a whole line, or up to three
# consecutive lines, as the source shows it.
# fmt: off
TAKEN: tuple[tuple[str, str, str], ...] = (
    # Spark / Hadoop part files in object stores and HDFS (part-<n>-<uuid>.c000.snappy.parquet)
    ("object:parquet-part", "`Caused by: java.io.FileNotFoundException: No such file or directory: s3a://[path]/part-00288-b9770d19-8bcf-4b22-ba4a-b40163c8e39a.c000.snappy.parquet", GH + "delta-io/delta/issues/523"),
    ("object:parquet-part", "<2022-11-14T08:12:31.941+0100> <INFO> <org.apache.hadoop.hdfs.StateChange>: <BLOCK* allocate blk_5112663052_4039631919, replicas=xxx:1004, xxx:1004, xxx:1004 for /project//part-00003-a1dc7884-5736-437f-a573-35c8d0ea922f.c000.snappy.parquet>", GH + "apache/parquet-java/issues/1971"),
    # CloudTrail object keys (<account>_CloudTrail_<region>_<time>_<16 random>.json.gz)
    ("object:cloudtrail-key", "DEBUG: ++ Found new log: AWSLogs/REDACTED/CloudTrail/ap-southeast-2/2023/12/05/REDACTED_CloudTrail_ap-southeast-2_20231205T0255Z_QBQ5QmCjp3gpmQ1L.json.gz", GH + "wazuh/wazuh/issues/20251"),
    ("object:cloudtrail-key", "DEBUG: ++ Found new log: AWSLogs/REDACTED/CloudTrail/ap-southeast-2/2023/12/05/REDACTED_CloudTrail_ap-southeast-2_20231205T0300Z_IgMebczsGEamcQN8.json.gz", GH + "wazuh/wazuh/issues/20251"),
    ("object:cloudtrail-key", "DEBUG: ++ Found new log: AWSLogs/REDACTED/CloudTrail/ap-southeast-2/2023/12/05/REDACTED_CloudTrail_ap-southeast-2_20231205T0330Z_f83kvG03CmUvl2R5.json.gz", GH + "wazuh/wazuh/issues/20251"),
    ("object:cloudtrail-key", "DEBUG: ++ Found new log: AWSLogs/REDACTED/CloudTrail/ap-southeast-2/2023/12/05/REDACTED_CloudTrail_ap-southeast-2_20231205T0410Z_K2PmO2zJkhItxaRb.json.gz", GH + "wazuh/wazuh/issues/20251"),
    ("object:cloudtrail-key", 'S3 input: Adding to objects[] {:key=>"AWSLogs/blahblah/CloudTrail/us-east-1/2016/03/15/blahblah_CloudTrail_us-east-1_20160315T1520Z_qQm4gunsTnNuJosk.json.gz", :level=>:debug, :file=>"logstash/inputs/s3.rb", :line=>"116", :method=>"list_new_files"}', GH + "logstash-plugins/logstash-codec-cloudtrail/issues/6"),
    ("object:cloudtrail-key", "+++ Found new log:  072477793200_CloudTrail-Digest_ap-northeast-1_Test-trail_us-west-2_20160802T142331Z.json.gz", GH + "wazuh/wazuh-documentation/pull/23"),
    # pre-commit's hash-named repo caches (~/.cache/pre-commit/repo<random>)
    ("path:pre-commit-cache", "An unexpected error has occurred: CalledProcessError: Command: ('/home/newville/.cache/pre-commit/repoomr555ce/py_env-python3.6/bin/python3.6', '/home/newville/.       cache/pre-commit/repoomr555ce/py_env-python3.6/bin/pip', 'install', '.')", GH + "lmfit/lmfit-py/issues/541"),
    ("path:pre-commit-cache", "=====> /Users/kobetian/.cache/pre-commit/repogfm2l6s7/.pre-commit-hooks.yaml does not exist", GH + "pre-commit/pre-commit/issues/1133"),
    ("path:pre-commit-cache", "=====> /Users/ai/.cache/pre-commit/repojeiak4da/.pre-commit-hooks.yaml does not exist", GH + "pre-commit/pre-commit/issues/1149"),
    ("path:pre-commit-cache", "$ rm -rf ~/.cache/pre-commit/repo0gqt6uu1/", GH + "pre-commit/pre-commit/issues/2975"),
    ("path:pre-commit-cache", 'File "/Users/kunal/.pre-commit/repoPg4f7o/py_env-default/lib/python2.7/site-packages/pip/basecommand.py", line 211, in main', GH + "pre-commit/pre-commit/issues/1558"),
    ("path:pre-commit-cache", r"An unexpected error has occurred: CalledProcessError: command: ('C:\\Users\\Moritz\\.cache\\pre-commit\\repoeoat780j\\node_env-default\\Scripts\\npm.CMD', 'install', '--dev', '--prod', '--ignore-prepublish', '--no-progress', '--no-save')", GH + "alessandrojcm/commitlint-pre-commit-hook/issues/28"),
    ("ci:actions-cache-key", "`Error: reserveCache failed: Cache already exists. Scope: refs/heads/15.0-ocabot-merge-pr-552-by-LoisRForgeFlow-bump-nobump, Key: pre-commit-2-6e9292ce7484c9db39ab47966f1138e55cc541e71579416d61487d23def85a68-db9b071b18ea6dd87677ce70a93fe1ed000de7c76f361062ffab79f069cf1c82, Version: 28cdb9f5496f334116f23e86f0063f5d3a9348c2e22425a33171e071aadada7e`", GH + "OCA/oca-addons-repo-template/issues/97"),
    # temp folders (Python tempfile, pytest, mktemp, runner temp)
    ("path:tempdir", "FileNotFoundError: [Errno 2] No existe el fichero o el directorio: '/tmp/tmp56zwkw9i'", GH + "GNS3/gns3-gui/issues/1636"),
    ("path:tempdir", "FileNotFoundError: [Errno 2] No usable temporary directory found in ['/var/folders/th/ty0kb7r56dvfrkgkrcbx9fv00000gn/T/', '/tmp', '/var/tmp', '/usr/tmp', '/Users/assafkipnis/.config/kipi/review-trees/assafkip_kipi-system__pr-285']", GH + "assafkip/kipi-system/pull/285"),
    ("path:tempdir", "+  where False = <bound method Path.exists of PosixPath('/tmp/pytest-of-runner/pytest-0/test_dag_pdf_0/dag.pdf')>()", GH + "Wytamma/snk/issues/31"),
    ("path:tempdir", "-/your/face/tmp.SXrp6oQ7cj", GH + "aurutils/aurutils/pull/688"),
    ("path:tempdir", "$ rm -rf -/your/face/tmp.SXrp6oQ7cj", GH + "aurutils/aurutils/pull/688"),
    ("path:tempdir", "/home/runner/work/_temp/2594f61b-3c27-488b-88c3-b3373e2b324c/terraform-bin init", GH + "hashicorp/setup-terraform/issues/41"),
    ("path:babel-loader-cache", "Module build failed: Error: ENOENT, open 'true/994cacc0a9c148dedf802ed858d75ef521881c50.json.gzip'", GH + "babel/babel-loader/issues/64"),
    # container ids, image layers and BuildKit blobs in logs
    ("id:docker-container", "Jun 28 2017 15:57:47.344Z DEBUG [ END ] [github.com/vmware/vic/lib/portlayer/exec.(*containerBase).updates:115] [35.063822ms] ba6be894f3866b453783ddb70c6a606f79cd0cbb6dd27d126c6de09a7c4d1348", GH + "vmware/vic/issues/5610"),
    ("id:docker-container", "`docker ps -a` shows that earnapp container has exited, when i run `docker exec -it earnapp earnapp showid` it tells me `Error response from daemon: Container 1240dd9167b18af68f9a926ab3c0d26b74e039884611ec2bda00bfe0a81c5e60 is not running`", GH + "fazalfarhan01/EarnApp-Docker/issues/32"),
    ("build:buildkit-layer", "#30 pulling sha256:30a6d761dcde78bbeffcc196e97968d1e65c6e3a5f0e3d8e7ef348130ef5f1ed 1.4s done", GH + "moby/buildkit/issues/1491"),
    ("build:buildkit-layer", "#30 pulling sha256:084efa23b871548b02273b0ece9acef5037b48efe148637987dce69a2a02b7ac 2.0s done", GH + "moby/buildkit/issues/1491"),
    ("build:buildkit-layer", "#30 pulling sha256:74e27dc593d49a6d728dfe36976cb1469e076fbf3611e501fd030308cd212a80 2.0s done", GH + "moby/buildkit/issues/1491"),
    ("build:buildkit-layer", "error: failed to solve: blob sha256:1fb11dfd9b348fa84eaf1fafa57a7ee992b6d010f1df82ada3ccd399845fc37f not found", GH + "moby/buildkit/issues/2426"),
    ("build:buildkit-layer", "#65 pushing layer ab717947b04e 3.1s done", GH + "docker/buildx/issues/1308"),
    ("build:buildkit-layer", "#65 pushing layer 4abf2dec39bb 3.1s done", GH + "docker/buildx/issues/1308"),
    ("build:docker-pull", "Digest: sha256:6d1f9f5d2ca2fe2570d3e72c3bc88248f90820cc052d37c43fecec295ee4ce30", GH + "camptocamp/devops-stack/issues/137"),
    ("build:docker-pull", "df20fa9351a1: Pull complete", GH + "camptocamp/devops-stack/issues/137"),
    ("build:docker-pull", "RUN unzip 3968c69aa846889970df1372ba9aa54c1c5e4290.zip -d /pantalaimon", GH + "moby/buildkit/issues/4838"),
    # CI run links and invocation ids
    ("ci:gha-run-url", "Here's the run https://github.com/opentracing-contrib/nginx-opentracing/runs/4012351121?check_suite_focus=true#step:9:6804", GH + "moby/buildkit/issues/2426"),
    ("id:lambda-request", "2024-01-22T20:09:39.121+05:30 | [INFO] 2024-01-22T14:39:39.121Z b9ca09cc-0620-4630-937d-98047e636dad Stopping as there will be no log line in CloudTrail-Digest", GH + "newrelic/aws_s3_log_ingestion_lambda/pull/67"),
)
# fmt: on

# fmt: off
DROPPED_BY_HAND: dict[str, str] = {
    GH + "pre-commit/pre-commit/issues/2975": "the mypy line's cache path runs through azure/identity/aio/_credentials (a secret word; only the rm line is taken)",
    GH + "hashicorp/terraform/issues/20500": "the provider plugin paths are versioned names, nothing random-looking",
    GH + "jupyter/docker-stacks/issues/384": "no object key on a whole line in the thread",
    GH + "pangeo-data/pangeo/issues/176": "the GCS object paths are readable names, nothing random-looking",
    GH + "m4ll0k/CastleBravo/issues/2": "the temp file name is starred out in the thread",
}
# fmt: on
"""Threads and files read and not taken from (or taken from only in part), with why; no
value of them is kept here."""


def distinct_hex(text: str) -> int:
    """Distinct digits of the longest hex run of ``text`` (``0x``, spaces, commas removed)."""
    flat = re.sub(r"0x|[ ,{}]", "", text)
    runs = re.findall(r"[0-9A-Fa-f]{16,}", flat)
    return len(set(max(runs, key=len).lower())) if runs else 0


def armoured(lines: list[str]) -> set[int]:
    """Indexes of the lines inside (and of) any ``-----BEGIN …-----`` armour."""
    inside, marked = False, set()
    for i, raw in enumerate(lines):
        if re.match(r"\s*-----BEGIN [A-Z0-9 ]+-----", raw):
            inside = True
        if inside:
            marked.add(i)
        if re.match(r"\s*-----END [A-Z0-9 ]+-----", raw):
            inside = False
    return marked


def apply(rule: Rule, commit: str, files: list[str]) -> list[dict]:
    path_re, line_re = re.compile(rule.paths), re.compile(rule.line)
    more_re = re.compile(rule.more) if rule.more else None
    skips = [re.compile(p) for p in (rule.skip, NOT_WHOLE, DER_PRIVATE) if p]
    seen: set[str] = set()
    found: list[dict] = []
    for path in files:
        if not path_re.fullmatch(path):
            continue
        try:
            body = git(rule.repo, "cat-file", "-p", f"HEAD:{path}")
        except subprocess.CalledProcessError:  # a file the snapshot lacks (4 MiB and more)
            continue
        lines = body.splitlines()
        fenced = armoured(lines)
        for i, raw in enumerate(lines):
            if i in fenced or not line_re.search(raw):
                continue
            if len(raw.strip()) > MAX_LEN and not rule.cut:
                continue
            text = raw
            if rule.start:
                text = text[re.search(rule.start, text).end() :]
            text = text.strip()[:MAX_LEN].strip() if rule.cut else text.strip()
            last = i
            if more_re:
                while last - i < 2 and last + 1 < len(lines) and last + 1 not in fenced:
                    nxt = lines[last + 1].rstrip()
                    if not more_re.fullmatch(nxt) or len(nxt.strip()) > MAX_LEN:
                        break
                    last += 1
                    text += "\n" + nxt.strip()
            if any(s.search(part) for s in skips for part in text.split("\n")):
                continue
            if rule.distinct and distinct_hex(text.split("\n")[0]) < rule.distinct:
                continue
            if text in seen:
                continue
            seen.add(text)
            anchor = f"#L{i + 1}" if last == i else f"#L{i + 1}-L{last + 1}"
            url = f"https://github.com/{rule.repo}/blob/{commit}/{quote(path)}{anchor}"
            found.append({"kind": rule.kind, "text": text, "source": url})
    return spread(found, rule.limit)


# A published vector file names HKDF's and X25519's inputs ``Secret``: for test-vector kinds
# that field name alone is not the secret word of ``LOOKS_LIKE_A_CREDENTIAL`` (its value is a
# fixed, published test value); any other secret word still drops the string.
VECTOR_FIELD = re.compile(r'(?mi)^"?secret"?\s*[:=]\s*')


def credential_reason(text: str, kind: str = "") -> str | None:
    """realneg's test, with a test vector's ``Secret`` field name left out."""
    return realneg.credential_reason(
        VECTOR_FIELD.sub("", text) if kind.startswith("vector:") else text
    )


def drop_reason(row: dict) -> str | None:
    """Why a candidate is no negative: it looks like a credential, or a line is too long."""
    reason = credential_reason(row["text"], row["kind"])
    if reason is None and any(len(line) > MAX_LEN for line in row["text"].split("\n")):
        return f"longer than {MAX_LEN} signs"
    return reason


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, default=realneg.MIRRORS)
    args = parser.parse_args()
    realneg.MIRRORS = args.mirrors  # realneg.git reads its snapshots from there

    candidates = rule_candidates(RULES, apply)
    candidates += [{"kind": k, "text": t, "source": s} for k, t, s in TAKEN]

    rows, dropped = select(candidates, other_negatives(OUT), drop_reason)
    per_kind = write_split(rows, OUT, SPLIT, "vn", PER_KIND)

    print_report(OUT, rows, per_kind, dropped, len(DROPPED_BY_HAND))


if __name__ == "__main__":
    main()

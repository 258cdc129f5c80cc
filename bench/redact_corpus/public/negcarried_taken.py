# ruff: noqa: E501
"""The ``negcarried`` table: harmless values that look random, each carried by five texts of the
kind a developer's bug-fixing session shows (a command line, terminal output, a unified diff, a
file excerpt and a private note). It measures false positives: none of these values is, or could
be, a credential, so every redaction of one is a mistake.

Where the values come from. Every value is copied exactly from a real public file or thread:

* most from snapshots that ``fetch github:<owner>/<name>`` brought under ``/work/.mirror``, read
  at the snapshot's commit with ``git grep -n -o -E <pattern> HEAD`` and ``git show``; the source
  is the blob URL pinned to that commit and the line (``#L<n>``) that holds the value. Patterns
  used: Wycheproof ``"(msg|ct|tag|iv)" : "<hex>"`` in ``testvectors_v1/chacha20_poly1305_test.json``
  and ``aes_gcm_test.json``; BoringSSL ``TAG:``/``CT:`` (chacha20_poly1305_tests.txt), ``Output =``
  (hmac_tests.txt) and ``Plaintext:``/``Ciphertext:`` (nist_cavp/aes_128_cbc.txt); 64-sign base64
  body lines of certifi's ``cacert.pem``; ``ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI[A-Za-z0-9+/]{43}``
  and ``ecdsa-sha2-nistp256`` lines; ``age1[a-z0-9]{58}``; ``BEGIN PGP PUBLIC KEY BLOCK`` bodies;
  ``RW[A-Za-z0-9+/]{54}``; ``"n"``/``"x"`` JWK members; ``BEGIN CERTIFICATE REQUEST`` bodies;
  ``<pin digest="SHA-256">``; ``^[0-9a-f]{40}$`` in ``.git-blame-ignore-revs``; ``h1:`` in
  ``go.sum``; ``checksum = "<hex>"`` in ``Cargo.lock``; ``sha512-...==`` in ``package-lock.json``;
  ``--hash=sha256:`` in a pip-compile lock; ``@sha256:`` digests; ``sha256='<hex>'`` in the
  golang Dockerfiles; ``etag``; ``cus_``/``ch_`` ids; 64-hex container ids in docker/cli docs;
  UUIDs in aws-cli examples; ``kubectl get pods`` rows; ``ObjectId("<24 hex>")``; trace ids;
  ``bafy...``/``Qm...`` CIDs; ULIDs; ``/var/folders/``, ``/nix/store/``,
  ``/var/lib/docker/overlay2/``, ``/tmp/tmp.``, ``/tmp/tmp[a-z0-9_]{8}``,
  ``/.cache/pip/wheels/``, ``files-2.1/.../<sha1>/`` paths; ``files.pythonhosted.org`` and
  ``storage.googleapis.com`` URLs; ``s3://`` keys; ``"H4sI..."`` gzip-base64; ``"SGVsbG8...``,
  ``TG9yZW0g...``, ``VGhl...`` base64 text; ``data:image/...;base64,`` URIs; ``"mappings":"..."``;
* one (the Pistonight/mono-dev minisign key) read with the search tool's ``read_file`` from its
  stored index at the commit that ``find_files`` named;
* nine from GitHub issue and pull-request threads found with the search tool (corpus
  ``issues``; queries "/private/var/folders/ 0000gn/T/ pip-install- build error macOS" and
  "screenshot github.com/user-attachments/assets image broken layout"): macOS temp paths,
  ``user-images.githubusercontent.com`` and ``github.com/user-attachments/assets`` URLs and an
  S3-hosted screenshot URL, each verbatim in the thread's text. Code-corpus queries ("minisign
  -Vm -P RWS public key verify download Dockerfile", "ziglang.org builds minisig public_key ...")
  led to the minisign keys.

Every candidate was checked against every ``*.jsonl`` file of this folder before it was taken:
none occurs in another split's texts or values.

The labelling rule. Every row is a negative. A value is kept only if it is public by design or
carries nothing to protect: lines of public certificates, CSRs and PGP public-key blocks; SSH,
age and minisign public keys; JWK public members (RSA ``n``, EC ``x`` of a ``public`` block);
SPKI pins (hashes of public keys); git commit ids, lock-file and release checksums, image
digests and ETags (hashes of public content); public object and request ids, pod and container
names, trace ids, ULIDs, ObjectIds and CIDs (identifiers, not capabilities); temp, cache and
store paths (names chosen by tools, not by a secret); object keys and URLs that point at public
or example objects (no signature, no query capability); base64 of ordinary text, gzip of
"test", image data URIs and source-map mappings; and published test vectors (message, nonce,
ciphertext, tag, HMAC output), never a line the source names a key, secret, token or password.
Values labelled ``key``/``secret``/``token``/``password`` in their source, private keys, API
keys, JWTs and connection strings were not taken. The five texts per value are written by hand
for this split (the facts come from the source, the wording is new); they hold the value
verbatim, no credential-shaped word or pattern (the builder checks ``realneg``'s
``LOOKS_LIKE_A_CREDENTIAL``), no key lines of the test vectors, and no fabricated random strings
besides real neighbours from the same public source.

Kinds are ``<class>:<what>`` with class ``path``, ``object``, ``pubkey``, ``hash``, ``id``,
``encoded`` or ``vector``; at most six values a kind. ``DROPPED_BY_HAND`` lists what was read and
left out, with why.
"""

import json
from pathlib import Path

ROWS: list[dict[str, str]] = json.loads(
    (Path(__file__).parent / "negcarried_rows.json").read_text()
)
"""The table itself, one object a value (kind, source, value and its five carrier texts): kept as
data (``negcarried_rows.json``), written by hand as this docstring says."""

DROPPED_BY_HAND: list[tuple[str, str]] = [
    (
        "age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p, age1lggyhqrw2nlhcxprm67z43rta597azn8gknawjehu9d9dl0jq3yqqvfafg, age1jh0u9yam5jhql7vy4acz90p0rhqcr0rcyu4zm85s9sdcwrs7rfgshtdg85, age1yv2sxrjnyymx4qkn3ehdd5zdq4xnrea5ljm4hsmgxn5tpv985anqkrwqa7 (FiloSottile/age)",
        "already a value or text of another split of this folder",
    ),
    (
        "RWQf6LRCGA9i53mlYecO4IzT51TGPpvWucNSCh1CBM0QTaLn73Y7GFO3 (jedisct1/minisign README)",
        "already in another split",
    ),
    (
        "sha256/klO23nT2ehFDXCfx3eHTDRESMz3asj1muO+4aIdjiuY= and the other OkHttp CertificatePinner pins",
        "already in another split",
    ),
    (
        "/var/lib/docker/overlay2/c7846fe68c6f18247ab9b8672114dde9f506bc164081a895c465716eeb10f2bc (docker/cli man/src/inspect.md MergedDir)",
        "already in another split; the LowerDir entries of the same file were taken instead",
    ),
    (
        "age1lvyvwawkr0mcnnnncaghunadrqkmuf9e6507x9y920xxpp866cnql7dp2z (age cmd/age-keygen/keygen.go#L45)",
        "the next line of that doc example is an AGE-SECRET-KEY identity: not taken",
    ),
    (
        "RWRh+YvqwIFhlRUdNGI/u+EDEmFip5BjgHY/z1yQkmRUcLfeIDWBCxnP (DNSCrypt/dnscrypt-proxy testdata/snakeoil.pub)",
        "a test key whose secret half (snakeoil.key) sits beside it: not taken",
    ),
    (
        "/var/folders/xj/5v3cc4y9039fx_fhk67bvg8w0000gn/T/ (praetorian-inc/noseyparker scan snapshot)",
        "the same snippet holds an AWS access key id planted for the scanner: not taken",
    ),
    (
        "eyJ... base64 JSON in aws-cli examples (apprunner list-services, pinpoint get-apps, athena, rds, cloudfront)",
        "every one is labelled NextToken in its source: not taken, and no other base64-JSON kind was made",
    ),
    (
        "eyJpZCI6MSwicm9sZSI6ImFkbWluIiwiaWF0IjoxNjU5NDI3MjQwLCJleHAiOjE2NTk1MTM2NDB9 (SirAppSec/vuln-node.js-express.js-app populate.sh)",
        "the payload part of a JWT: not taken",
    ),
    (
        "sourceMappingURL=data:application/json;base64,eyJ2ZXJzaW9uIjozLC... (inline source maps in vendored bootstrap.js and css)",
        "the encoded map runs to the end of a very long line; a prefix would not be a whole value: not taken",
    ),
    (
        'Key/KEY lines of the BoringSSL and Wycheproof vector files, HMAC keys 0b0b... and "Jefe"',
        "named key in their source: only msg, iv, ct, tag, Plaintext, Ciphertext and HMAC Output lines were taken, and no carrier quotes a key line",
    ),
    (
        'Wycheproof ECDH "private" JWK blocks (d, and the x/y that follow it)',
        'private half of a test key pair: only the x of the "public" block was taken',
    ),
    (
        "00-12345678901234567890123456789012-... traceparent values (w3c/trace-context test/README.md)",
        "sequential digits, not random-looking: not hard negatives",
    ),
    (
        "/tmp/pytest-of-<user>/pytest-<n>/test_x0 pytest temp dirs",
        "no real one with a random-looking part turned up in the mirrors or threads read; no kind made",
    ),
    (
        "RWSHxwNerDDQN8RlBeFUuLkB9bPqsR2T6es0jmzguvpvqWiXjxzTfaRY (JayBrown/minisign-misc README)",
        "seen in a search excerpt, but the README stored at the pinned commit no longer holds it: not taken",
    ),
    (
        "openapi_spec_hash and config_hash lines of the stainless .stats.yml files",
        "only the spec URL was taken; the 32-hex hashes appear as neighbours in the texts",
    ),
    (
        "psf/requests tests/certs/expired/server/server.csr#L6, okta-sdk-python Public-Key-Pins pin, Wycheproof secp256k1 public y, age batchpass.txt#L38 recipient, terraform public_keys.go#L22, cobra go.sum#L3, ripgrep Cargo.lock#L71, eleventy package-lock.json#L171, aws-cli requirements-dev-lock.txt#L16, golang 1.26 Dockerfile#L50, omics get-run.rst#L26 ETag, stripe-cli cus_G6GQwbr1dWXt9O, docker container_prune.md#L29 id, accessanalyzer create-access-preview id, mongo test_dbref.py#L138 ObjectId, lnav otel traceId #L2",
        "sound candidates left out only to keep the classes near even (pubkey, hash and id had 23-24 each)",
    ),
]

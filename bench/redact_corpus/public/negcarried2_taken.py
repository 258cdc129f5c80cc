# ruff: noqa: E501
"""The ``negcarried2`` table, a holdout of the same kind as ``negcarried``: harmless values that
look random, each shown in five texts of a developer's bug-fixing session (a command line,
terminal output, a unified diff, a file excerpt and a private note). Every row is a negative, so
any redaction of its value is a false positive. Values and sources differ from ``negcarried``.

Where the values come from. Each value was copied exactly from a public file or thread:

* 73 from public repositories, read at one commit with ``git grep -n`` and ``git show`` in
  snapshots under ``/work/.mirror`` (fetched for this split: BLAKE2/BLAKE2, golang/crypto,
  jedisct1/libsodium, hashicorp/homebrew-tap, ai/nanoid, discord/discord-api-docs; already
  present: NLnetLabs/unbound, alecmuffett/real-world-onion-sites, crewjam/saml, sigstore/cosign,
  pnpm/pnpm, Mic92/sops-nix, pytest-dev/pytest, pypa/pipenv, phoenixframework/phoenix,
  octokit/fixtures, logpai/loghub, bitcoin/bips, SAML-Toolkits/python3-saml, Leaflet/Leaflet,
  canonical/cloud-init, git/git), or with the search tool's ``read_file`` at the commit it named
  (AOSC-Dev/Buildbots ``known_hosts``, found with ``find_files path=known_hosts``;
  github/docs ``githubs-ssh-key-fingerprints.md``, found with the code-corpus query "githubs ssh
  key fingerprints SHA256 RSA Ed25519"). The source is the blob URL pinned to that commit and the
  line (``#L<n>``) that holds the value. Patterns read: ``"out"`` lines of unkeyed entries in
  ``blake2-kat.json``; ``tag:`` lines of x/crypto's poly1305 vectors; the golden tables of
  x/crypto md4 and ripemd160; libsodium's ``hash.exp``, ``hash_sha3256.exp`` and
  ``hash_sha3512.exp``; ``known_hosts`` key blobs; ``DNSKEY``, ``RRSIG``, ``NSEC3`` and ``DS``
  records of unbound's testdata and ``unbound-anchor.c``; v3 ``.onion`` names; body lines of
  ``<ds:X509Certificate>``, of a ``PUBLIC KEY`` PEM and of a ``PGP PUBLIC KEY BLOCK``; PGP
  ``fingerprint:`` fields; ``integrity: sha512-`` (pnpm-lock.yaml), ``narHash`` (flake.lock),
  ``hash = "sha256:`` (uv.lock), ``"sha256:`` (Pipfile.lock), inner checksums of ``mix.lock``,
  ``sha256 "`` in Homebrew formulae; Discord snowflakes in the docs' JSON samples; ``node_id``
  of octokit fixtures; ``req-<uuid>``, project ids and GUIDs in loghub samples; bech32 and
  bech32m addresses and their scriptPubKey hex in BIP-173/350; deflated SAML ``.base64``
  fixtures; a ``data:image/...;base64,`` payload; cloud-init ``write_files`` content; a PGP
  signature line of a signed tag in git's manual;
* 38 from GitHub issue and pull-request threads found with the search tool (corpus ``issues``),
  each value verbatim in the thread's text. Queries: "Library/Developer/Xcode/DerivedData
  Build/Intermediates.noindex error build failed"; "~/.vscode-server/bin/ node server.js Remote
  SSH failed to start extension host"; "go/pkg/mod/golang.org/x/sys@v0.0.0- unix undefined build
  error"; "\"pkg/mod/golang.org/x/sys@v0.0.0-2022\" panic goroutine stack trace"; "ls /tmp
  systemd-private-3f2a systemd-resolved.service- chronyd.service- tmp directory listing"; "C:\\Users\\AppData\\Local\\Temp\\pip-install-
  pip-req-build- error Windows setup.py failed"; "AppData\\Local\\Temp\\_MEI pyinstaller
  FileNotFoundError onefile"; "ghcr.io/v2/homebrew/core blobs/sha256: curl download
  failed bottle"; "cache.nixos.org narinfo download error substituter .nar.xz"; "ChunkLoadError
  Loading chunk failed static/js .chunk.js cloudfront.net 404"; "docker pull error /v2/library/
  blobs/sha256: unexpected EOF registry-1.docker.io"; "blob.core.windows.net download 404
  BlobNotFound vhd container url"; "d3 cloudfront.net assets image 403 AccessDenied url broken
  after deploy". Three more queries (Jupyter kernel-*.json runtime files, systemd PrivateTmp
  with nginx, ``wg show`` peers) gave nothing new or nothing pinned. They gave Xcode DerivedData folders, VS Code server folders, go-build work dirs, a Go
  module-cache folder, systemd PrivateTmp folders, a pip build dir, a PyInstaller extraction
  dir, Homebrew download-cache files, ghcr.io bottle blobs, Nix binary-cache URLs, hashed
  JavaScript chunks, registry blob paths and manifest URLs, Azure blob and CDN URLs, an S3
  bucket URL, a CloudFront domain, an image digest reference, Azure storage request ids, an S3
  HostId and a registry instance id.

Every candidate was checked against every ``*.jsonl`` file of this folder (any string of any
row, not only other negatives) before it was taken; those already present were left out (see
``DROPPED_BY_HAND``). The builder repeats that check.

The labelling rule. Every row is a negative. A value is kept only if it is public by design or
protects nothing: host keys in known_hosts files and their published fingerprints; DNSKEY
records, RRSIG signatures, DS digests and NSEC3 owner hashes of signed zones; v3 onion names
(which are public keys); lines of published certificates, public-key PEMs and PGP public-key
blocks, and PGP fingerprints; lock-file and formula checksums and flake NAR hashes (hashes of
public artifacts); Discord snowflakes, GitHub node ids, OpenStack request and project ids,
GUIDs and UUIDs of logs, storage request ids and HostIds (identifiers, not capabilities);
build, cache and temp folders (names chosen by tools); object URLs and registry paths without
any signature or query capability; segwit addresses and scripts, deflated SAML logout messages,
an image payload, cloud-init file contents and a PGP signature line (encodings of public data);
and published test vectors' digest and tag lines, never a line the source names a key. Private
keys, API keys, tokens, passwords, JWTs, connection strings, presigned URLs, and values
labelled key/secret/token/password in their source were not taken, nor public keys whose
private half sits beside them in the source. The five texts per value are written by hand for
this split (facts from the source, wording new): each holds the value verbatim, no
credential-shaped word or pattern (the builder applies ``realneg``'s
``LOOKS_LIKE_A_CREDENTIAL``), no key line of a test vector, and no made-up random strings
besides real neighbours from the same public source; diffs are shaped as git prints them, with
exact hunk counts.

Kinds are ``<class>:<what>`` with class ``path``, ``object``, ``pubkey``, ``hash``, ``id``,
``encoded`` or ``vector``; at most six values a kind. ``DROPPED_BY_HAND`` lists what was read and
left out, with why.
"""

import json
from pathlib import Path

ROWS: list[dict[str, str]] = json.loads(
    (Path(__file__).parent / "negcarried2_rows.json").read_text()
)
"""The table itself, one object a value (kind, source, value and its five carrier texts): kept as
data (``negcarried2_rows.json``), written by hand as this docstring says."""

DROPPED_BY_HAND: list[tuple[str, str]] = [
    (
        "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0 (bip-0350 L193), bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3 and bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx (bip-0173)",
        "already a value or text of another jsonl file here",
    ),
    (
        "the PGP SIGNATURE body lines of git's Documentation/gitformat-signature.adoc",
        "already in another jsonl file here; the v1.5.0 tag signature line of user-manual.adoc was taken instead",
    ),
    (
        "getjetstream.app 495.820392a58c9c72ca.js, 8495.756ce3799144a392.js and 2842.6f2bddd27bcaad11.js; bootcamp.fjord.jp application-d876ca88e2d7e2cf658b.js",
        "already in another jsonl file here; other chunks of the same sites were taken",
    ),
    (
        "DerivedData folders Quick-cbjmvexwlrmdkycffuteuonjgjct (Carthage#613), libtest-bgengsjdhqtnyucvltgihjndqtcw (iOS-Universal-Framework#45), Karabiner_server-elftdedwkvvelgezaihcaojsyhbh (Karabiner#509); XCSBuilder bot folder 67a12ab2bd5d16cf4ca4376cec660625 (Buildasaur#297)",
        "already in another jsonl file here",
    ),
    (
        "/home/lucykbr/.vscode-server/bin/622cb03f7e070a9670c94bae1a45d78d7181fbd4/server (vscode-remote-release#4500), /var/folders/4l/fg606zhd2b51yn6bdrg0pd4m0000gq/T/go-build195799974 (golang/go#30670), kernel-a869e91b-d19d-478e-b2a7-6fda11ce89f5.json (ipython#11895), /tmp/pip-req-build-zbr38sa1/ (python3-idotmatrix-client#49)",
        "already in another jsonl file here",
    ),
    (
        "ksuid README ids (0ujtsYcgvSTl8PAuAdqWYSMnLOv ...), nanoid's V1StGXR8_Z5jdHi6B-myT, xid's 9m4e2mr0ui3e8a215n4g, w3c/trace-context traceparent examples",
        "already in another jsonl file here; no ksuid, nanoid, xid or traceparent kind was made",
    ),
    (
        "sigstore/cosign release/release-cosign.pub and README PUBLIC KEY lines; GitHub's published ed25519/ecdsa known_hosts blobs and the Ed25519 fingerprint; the root KSK-2017 DNSKEY; lxwu7pwyszfevhglxfgaukjqjdk2belosfvsl2ekzx3vrboacvewc7qd.onion",
        "already in another jsonl file here",
    ),
    (
        'octokit/fixtures commit node id C_kwDOHrjsgtoAK... (create-file) and the README "content" base64 strings (IyBicmFuY2gtcHJvdGVjdGlvbg== ...)',
        "already in another jsonl file here; no contents-base64 kind was made",
    ),
    (
        "phoenix installer/mix.lock inner checksum f20830dd6b5c77afe2b063777ddbbff09f9759396500cdbe7523efd58d7a339c (earmark_parser), Discord id 80351110224678912, pnpm node release fingerprint 4ED778F539E3634C779C87C6D7062848A1AB005C, Leaflet's GIF data URIs, loghub Hadoop id 1445144423722_0020",
        "already in another jsonl file here",
    ),
    (
        "WireGuard PublicKey lines of wireguard-tools' wg(8)/wg-quick(8) and pirate/wireguard-docs",
        "already in another jsonl file here, and the examples show PrivateKey lines (some the private half of a listed peer) beside them: not taken",
    ),
    (
        "bmXOC+F1FxEMF9dyiK2H5/1SUtzH0JuVo51h2wPfgyo= (Cloudflare WARP peer public key)",
        "found only with find_string, which names no repository or path, and ViRb3/wgcf does not hold it: no pinned source, not taken",
    ),
    (
        "ENV GPG_KEY <40-hex fingerprint> lines of docker-library/python Dockerfiles",
        "labelled GPG_KEY in the source: not taken",
    ),
    (
        "BIP-84 test-vector addresses (bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu ...)",
        "they sit in the same vector block as zprv/xprv private extended keys: not taken",
    ),
    (
        "hashed known_hosts lines |1|YJEFAk6JjnXpUjUSLFiBQS55W9E=|... of cloud-init's cloud-config-ansible-controller.txt",
        "the same example writes a base64-encoded OpenSSH private key a few lines below: not taken",
    ),
    (
        "unbound testdata/Kexample.com.+008+29332.key DNSKEY, python3-saml tests/certs and SP certificates, git t/lib-gpg/keyring.gpg",
        "test keys whose private half (or a secret keyring) sits beside them: not taken; only TestShib's IdP metadata certificate and a signed zone's records were used",
    ),
    (
        "keyed BLAKE2 outputs (x/crypto blake2b_test.go hashes, blake2-kat.json entries with a key) and every key line of the poly1305 vectors",
        "computed with a key named in the source; unkeyed KAT outputs and poly1305 tag lines were taken, and no text quotes a key line",
    ),
    (
        "SAML Response/Assertion fixtures of python3-saml and tests/data/requests/authn_request.xml.base64",
        "a signed assertion is a bearer credential in form, and the AuthnRequest runs to 1,328 signs: only the deflated LogoutRequest and LogoutResponse were taken",
    ),
    (
        "Authorization: Bearer QQ== header in the Homebrew curl command lines (homebrew-core#136874, homebrew-cask#120033)",
        "an authorization header, even an anonymous one: never quoted in any text",
    ),
    (
        "PyInstaller _MEI folders on Windows (_MEI30522, _MEI188722, _MEI209402)",
        "numeric suffixes, not random-looking: only /tmp/_MEIwDORIH was taken",
    ),
    (
        "pyca/cryptography (NIST and RFC vector files)",
        "the snapshot is over the 500 MiB limit; vectors came from golang/crypto, libsodium and BLAKE2 instead",
    ),
    (
        "md4/ripemd160 golden lines beyond the ones taken, the OpenStack user id 113d3a99c3da401fbd62cc2caa5b96d2, other NSEC3 hashes (fee0c2kfhi6bnljce6vehaenqq3pbupu ...), the 2024 root DS 683D2D0A..., /tmp/systemd-private-...-systemd-logind.service-PiLxfA",
        "sound candidates left out to keep kinds small and classes near even; several appear as real neighbours in the texts",
    ),
]

# ruff: noqa: E501  (texts as the carriers hold them: one case per line reads best)
"""What negcarried's first run asked for (``bench/redact_corpus/public/negcarried*``: public
values in the carrier texts a helper wrote without reading the engine), each reading with a
look-alike that must still go."""

from __future__ import annotations

import pytest

from bench.redact_corpus.public.score import CARRIER_FIELDS, _stored_field
from streams.redact import Redactor
from streams.redact_events import DictRedaction

MODULUS = "h77ct984kIxuPOZXoHj3dcKi/vVqbvYATyjb3miGbESTtrFj/RQSa78f0uoxmyF+"
"""A line of ISRG Root X1's modulus (certifi's bundle): key bytes, public in a certificate."""
PIN = "diGVwiVYbubAI3RW4hB9xU8e/CH2GnkuvVFZE8zmgzI="
"""ISRG Root X2's SPKI pin (base64 of a SHA-256)."""

KEPT = [
    # a body line as grep -n, cat -n and anchored patterns show it (nk0422, nk0451, nk0461)
    f"Certificate request self-signature verify OK\n6:{MODULUS}",
    f"     6\t{MODULUS}",
    f"awk 'NR>=10 && NR<=24' cacert.pem | grep -n {MODULUS}",
    f"grep -n '^{MODULUS}$' internal/getproviders/public_keys.go",
    f"$ grep -n '^{MODULUS}$' public_keys.go\n16:{MODULUS}\nconst PublicKey = `-----BEGIN PGP PUBLIC KEY BLOCK-----",
    f"line 6 ({MODULUS}) had lost its last character",
    # a changed line of a certificate request's file (nk0418)
    f"--- a/certs/client.csr\n+++ b/certs/client.csr\n@@ -5,3 +5,3 @@\n ok\n-{MODULUS[:-1]}\n+{MODULUS}\n ok",
    # a TLS pin where its line or the line above names a digest (nk0486-nk0495)
    f'<pin digest="SHA-256">{PIN}</pin>',
    f"openssl x509 -in r.pem -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64 | grep {PIN}",
    f"I recomputed the SPKI hash with openssl and got {PIN}, the same as the pin.",
    # a public key's numbers (nk0426, nk0435)
    "jq -e '.keys[0].n == \"uGbXWiK3dQTyCbX5xdE4yCuYp0AF2d15Qq1JSXT_lx8CEcXb9RbDddl8jGDv\"' jwks.json",
    "we decoded its x coordinate 2Alq-KEeC4ADfh7mgka13LsK6xzxJE_XZ9uA8_on2is as base64",
    # an object store's --key names an object (nk0086)
    "aws s3api head-object --bucket omics --key Homo_sapiens_assembly38.fasta.fai --query ETag",
    "aws s3api get-object --key logs/2024/06/app.log --bucket b out.log",
    # a shell default that is no secret's (nk0413), a dated name (nk0274)
    'RECIPIENT="${AGE_RECIPIENT:-age1gde3ncmahlqd9gg50tanl99r960llztrhfapnmx853s4tjum03uqfssgdh}"',
    "![Screenshot_20201106-123814_Chrome](https://user-images.githubusercontent.com/1/2.png)",
]  # fmt: skip

TAKEN = [
    (f"the signing key line {MODULUS} is wrong", MODULUS),
    (f"the line {MODULUS}", MODULUS),  # two words: no sentence, no command
    (f"E   AssertionError: assert '{MODULUS}' == ''", MODULUS),
    (f"HMAC-SHA256 secret: {PIN}", PIN),
    (f"export SIGNING_KEY={PIN}  # sha256 of nothing", PIN),
    ("oc login --token=sha256~fuPXFk6800Kp8CxTzkO8zNNq6d0-NXXLCIOMaEtDiaz", "fuPXFk6800Kp8CxTzk"),
    ("openssl enc -aes-256-cbc --key 9f8e7d6c5b4a39281706f5e4d3c2b1a0 -in x", "9f8e7d6c5b4a3928"),
    ("aws s3api put-object --bucket b --key x --sse-customer-key ZmFrZWtleWZha2VrZXk0MTI=", "ZmFrZWtleWZha2Vr"),
    ("export DB_PASSWORD=${DB_PASSWORD:-s3cr3tPa55}", "s3cr3tPa55"),
    ("    POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:-pgpass2024}", "pgpass2024"),
]  # fmt: skip


@pytest.mark.parametrize("text", KEPT)
def test_public_values_in_their_carriers_stay(text: str) -> None:
    assert Redactor().redact_text(text)[0] == text


@pytest.mark.parametrize(("text", "secret"), TAKEN)
def test_look_alikes_still_go(text: str, secret: str) -> None:
    assert secret not in Redactor().redact_text(text)[0]


@pytest.mark.parametrize(
    "said",
    [
        "the tag did not match; it should be 1ae10b594f09e26a7e902ecbd0600691 and we hashed the AAD",
        "GFSbox case 4 (plaintext cb9fceec81286ca3e989bd979b0cb284) was the only one failing",
        "a fresh download hashed to 6a41557335d1d9fa9bfc7439cedcfd0e4df2fc83d916175b5f3eae4685f5fe3f",
    ],
)
def test_a_test_vectors_data_said_in_a_thought_stays(said: str) -> None:
    """A tag, a ciphertext, a plaintext or a hash named before 32 or 64 hex said in prose."""
    stored = _stored_field(CARRIER_FIELDS["thought"], said, DictRedaction(Redactor()))
    assert stored == said


def test_a_public_key_block_is_read_on_each_side_of_a_hunk() -> None:
    """A changed line under the block's first line: the removed and the added version are
    one line of the file each (nk0463), so the block's public first line covers both."""
    first = "mQINBGB9+xkBEACabYZOWKmgZsHTdRDiyPJxhbuUiKX65GUWkyRMJKi/1dviVxOX"
    second = "PG6hBPtF48IFnVgxKpIb7G6NjBousAV+CuLlv5yqFKpOZEGC6sBV+Gx8Vu1CICpl"
    patch = (
        "--- a/ci/keys/release.asc\n+++ b/ci/keys/release.asc\n@@ -3,4 +3,4 @@\n"
        f" {first}\n {second}\n-{MODULUS[:-2]}\n+{MODULUS}\n {second[::-1]}"
    )
    assert Redactor().redact_text(patch)[0] == patch


@pytest.mark.parametrize(
    "text",
    [
        # negcarried2 (the holdout): forms that say what they are
        "Our decoder rejected tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy because of the zero bytes",
        "['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7'],",
        "gh api graphql -f query='query { node(id: \"C_kwDOLJPbEdoAKDkwMGYzZjgxOGQ4YzJhYzQ2MTk2YjNjZGFlZTY1NWQxZWU5ODYzODE\") { id } }'",
        "Host verification passes now that we write the ed25519 key (AAAAC3NzaC1lZDI1NTE5AAAAIAyJWDN3wR1Sa+2jvlafyZirKoQ+TiE0CaymGn2L7fi5).",
        "ldns-nsec3-hash -t 1 -s - test-ns-signed.dev.internet.nl. | grep -i 93stp7o7i5n9gb83uu7vv6h8qltk14ig",
        "The SOA and NS signatures carry key tag 32784, the ZSK record AwEAAc6c8tpMXBSOFLu/9n4aUUDK43wN4B7A2UDqZi0IOkyptxWCFghleyZeeN5uq6p9MoUt8lS73mFmIYC0ux5zBO3uVaJQ9u+00qRAEVg/RgBwa58y2f",
    ],
)
def test_forms_that_say_what_they_are_stay(text: str) -> None:
    """A bech32/bech32m address (its checksum), a GitHub node id, an SSH public key's blob
    (its length-prefixed type), DNSSEC material on a line that names DNSSEC."""
    assert Redactor().redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "DNSSEC signing: export TSIG_SECRET=AwEAAc6c8tpMXBSOFLu/9n4aUUDK43wN4B7A2UDqZi0IOkypt",
            "AwEAAc6c8tpMXBSOFLu",
        ),
    ],
)
def test_a_named_secret_on_a_dnssec_line_still_goes(text: str, secret: str) -> None:
    assert secret not in Redactor().redact_text(text)[0]


def test_forms_are_checked_not_guessed() -> None:
    from streams.redact.public_material import public_form

    assert public_form("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")  # BIP 173's example
    assert not public_form("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5")  # one sign changed
    assert not public_form("AAAAZmFrZWtleWZha2VrZXlmYWtla2V5ZmFrZWtleTE")  # no key type inside


def test_lines_printed_from_or_grepped_in_a_public_file_stay() -> None:
    """Body lines printed under a command that names a ``.asc``/``.crt``/``.pub`` file, and
    a line grepped for in one whose path says "keys" (negcarried2 nq0446, nq0447); a secret
    named in the text still keeps them out."""
    redactor = Redactor()
    lines = "\n".join([MODULUS, MODULUS[::-1], MODULUS.swapcase()])
    printed = f"$ awk 'NR>=29 && NR<=31' .github/release-keys/zkochan.asc\n{lines}"
    grepped = f"awk 'NR>=29' .github/release-keys/zkochan.asc | grep -n '{MODULUS}'"
    for text in (printed, grepped):
        assert redactor.redact_text(text)[0] == text
    secret = f"$ awk 'NR>=2' secret-keys/backup.asc\n{lines}"
    assert MODULUS not in redactor.redact_text(secret)[0]


def test_a_dns_zones_signature_on_a_line_naming_its_record_stays() -> None:
    text = "The recorded SOA signature (ybb0Hc7NC+QOFEEv4cX2+Umlk+miiOAHmeP2Uwvg6lqfxkk+3g7yWBEKMinXjLKz0odWZ6fki6M/3yBPQX8SV0OCRY5gYvAHAjbxAIHozIM+5iwOkRQhNF1DRgQ3BLjL93f6T5e5Z4y1812iOpu4GYswXW/UTOZACXz2UiaCPAg=) expired."
    assert Redactor().redact_text(text)[0] == text


def test_a_test_vector_a_patch_adds_is_read_as_one() -> None:
    """``Key = …`` beside ``Msg = …`` on a hunk's added lines, as in the vector file itself
    (vectors in a patch 200 → 123/380, as alone); ``api-key`` is no vector's name."""
    redactor = Redactor()
    key = "000102030405060708090a0b0c0d0e0f"
    patch = f"--- a/v.txt\n+++ b/v.txt\n@@ -1 +1,2 @@\n+Key = {key}\n+Msg = 48656c6c6f"
    assert redactor.redact_text(patch)[0] == patch
    assert key not in redactor.redact_text(f"api-key = {key}\nMsg = 48656c6c6f")[0]


@pytest.mark.parametrize(
    "text",
    [
        # negcarried3 (the second holdout): forms and places that say what they are
        "echo KRUGKIBRGUQGG2DBOJZS4LROFY | base32 -d",  # "The 15 chars..." in base32
        "node -e \"console.log(bs58.decode('2NEpo7TZRRrLZSi2U'))\"",  # base58 of text
        "console.log( cuid() ); // cjld2cjxh0000qzrmn831i7rn",
        "cf-ray: 8e8f3a6b2c1d4e5f-FRA",
        "id: 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK',",
        "adb shell ls -l /data/app/~~QJ0vR7o1mtF2sEYwd3FK0A==/net.osmand.plus-8nDhm2V3nVgbT8n8Gx1yBQ==/base.apk",
        "openssl dgst -md5 -binary part3.bin | base64 | grep -x 'Q2hlY2sgSW50ZWdyaXR5IQ=='",
        "grep -n -A1 'AEeIhPyaJmuqS7psBAqIXhfyVYf8MLA04jRYVxqEU+kw2anylnTDUR9YSTHMmE5gEYd103KUkE+b' ca-bundle.crt",
    ],
)
def test_the_second_holdouts_forms_stay(text: str) -> None:
    """Text in base32/base58, a cuid of a plausible time with base-36 digits, a Cloudflare
    ray id, a did:key, Android's ``/data/app/~~<random>==/`` install folders, a digest a
    line names with ``md5``/``dgst``, a 76-column certificate line (curl's CA extract)."""
    assert Redactor().redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("totpSecret: IFTXE3SPOEYVURT2MRYGI52TKJ4HC3KH", "IFTXE3SPOEYVURT2MRYGI52TKJ4HC3KH"),
        ('"apiKey": "correcthorsebatterystaple"', "correcthorsebatterystaple"),
    ],
)
def test_a_named_seed_of_text_and_a_word_still_go(text: str, secret: str) -> None:
    """A TOTP seed is often base32 of text: named, it is taken (the text reading is asked
    only where nothing names the value); a word of 25 letters is no cuid."""
    assert secret not in Redactor().redact_text(text)[0]


FINGERPRINT = "4ED778F539E3634C779C87C6D7062848A1AB005C"
"""A Node.js releaser's OpenPGP v4 fingerprint (nodejs/release-keys): public by design."""


@pytest.mark.parametrize(
    "text",
    [
        f'RUN set -ex \\\n  && for key in \\\n    {FINGERPRINT} \\\n  ; do \\\n    gpg --batch --recv-keys "$key" ; \\\n  done',
        f"for key in {FINGERPRINT} 141F07595B7B3FFE74309A937405533BE57C7D57; do gpg --recv-keys $key; done",
        f"Their SHASUMS256.txt is signed with {FINGERPRINT}, a release key our list no longer carried.",
        f"the signing key is {FINGERPRINT}",
    ],
)
def test_a_gpg_fingerprint_beside_the_word_key_stays(text: str) -> None:
    """40 upper-case hex is how gpg and keyservers print a v4 fingerprint (official images'
    Dockerfiles list them under ``for key in``); no secret of the corpora is written so."""
    assert Redactor().redact_text(text)[0] == text


@pytest.mark.parametrize(
    "text",
    [f"API_KEY={FINGERPRINT}", f"my api key {FINGERPRINT}", f"secret: {FINGERPRINT}",
     f"key {FINGERPRINT.lower()}", "the key 4ed778f539e3634C779c87c6d7062848a1ab005c"],
)  # fmt: skip
def test_a_named_secret_in_fingerprint_form_or_lower_case_hex_after_key_still_goes(
    text: str,
) -> None:
    assert "[REDACTED:" in Redactor().redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        # negcarried4's first run (nh0271, nh0321, nh0122, nh0129)
        'dir "C:/Users/marti/AppData/Local/Temp/QtCreator-P1XkOA/qtc-cmake-XXEbEkxK/CMakeFiles/CMakeTmp"',
        "cut -f2 npm-cache/_cacache/index-v5/b4/94/0bc423a82ea8b0a07e26b37a7fe379039cf6942dd2c60b23be72f102e3c3 | jq .integrity",
        "x-amz-cf-id: ncqhhvfkzxmkZ_2khEKikygR-oGjr-ei8VgxzkyL0DSlzi5FRS-gcg==",
        "Generated by cloudfront (CloudFront)\nRequest ID: xWz7SZdOlyuimfJbZdTbDKDpJ1MTE_gXvH1759RLgMCaxNbUUSxJmg==",
    ],
)
def test_places_and_request_ids_of_the_fourth_holdout_stay(text: str) -> None:
    """A Windows path written with slashes, a cache path of lower-case names, CloudFront's
    request id under its header or its error page's label."""
    assert Redactor().redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "FLY_API_TOKEN=fm1a_lJPERxPbtWHDNa+NYIZwbKN6b7/JxdbUprq0M10HI4fwtlxhqhdA/mMaMw70EC4Ts",
            "lJPERxPbtWHDNa",
        ),
        ("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY1", "wJalrXUtnFEMI"),
        ("X-Api-Key: ncqhhvfkzxmkZ_2khEKikygR-oGjr-ei8VgxzkyL0DSlzi5FRS", "ncqhhvfkzxmkZ"),
    ],
)
def test_a_key_with_slashes_or_under_a_header_that_names_a_key_still_goes(
    text: str, secret: str
) -> None:
    assert secret not in Redactor().redact_text(text)[0]


NIP19_NSEC = "nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5"
"""NIP-19's example private key: bech32, with a valid checksum like every public form."""


def test_a_long_bech32_link_stays_and_a_nostr_private_key_goes() -> None:
    """NIP-19's links run past BIP 173's 90 signs under the same checksum (nh0026); the
    checksum made ``nsec1…`` public too, though its prefix says it is a private key."""
    naddr = "naddr1qqyrzwrxvc6ngvfkqyghwumn8ghj7enfv96x5ctx9e3k7mgzyqalp33lewf5vdq847t6te0wvnags0gs0mu72kz8938tn24wlfze6qcyqqq823cph95ag"
    text = f"nak decode {naddr} | jq -c '{{kind, identifier}}'"
    assert Redactor().redact_text(text)[0] == text
    for leaked in (
        NIP19_NSEC,
        f"NOSTR_PRIVATE_KEY={NIP19_NSEC}",
        f"echo {NIP19_NSEC} | nak decode",
    ):
        assert NIP19_NSEC not in Redactor().redact_text(leaked)[0]


@pytest.mark.parametrize(
    "text",
    [
        # a digest said with its hash function before or after it (nh0520, nh0525, nv0515)
        "0a8f6b4b8c9ed7e39b6c1a8eb04a7c7d7e5c1ad3c5f6a4c1e2b3d4f5a6b7c8d9 is Keccak-256 with the original 0x01 padding.",
        "md5sum agrees with f96b697d7cb7938d525a2f31aaf161d0 for 'message digest', so the MD5 code is fine.",
        "BLAKE3 of 'hi' plus newline is 0b8b60248fad7ac6dfac221b7e01a8b91c772421a15b387dd1fb2d6a94aee438.",
        "The scalar backend produces 0ba4b2bb8d46e1e4ed8bd0a5c1e6e0f3 for vector 31 but the AVX2 one does not.",
    ],
)
def test_a_digest_said_beside_its_hash_function_stays(text: str) -> None:
    assert _stored_field(CARRIER_FIELDS["thought"], text, DictRedaction(Redactor())) == text


@pytest.mark.parametrize(
    "text",
    [
        "Does anyone know who owns 40b6b70508b47cbfb4ee39feb617a05a, the one in the shared vault?",
        "Pasted 40b6b70508b47cbfb4ee39feb617a05a into the config; the summary still says 401.",
    ],
)
def test_a_hex_key_said_beside_words_that_only_look_like_hash_names_still_goes(
    text: str,
) -> None:
    """``shared`` is no SHA and ``summary`` no ``md5sum``: the words after a hex word must
    name a hash function."""
    stored = _stored_field(CARRIER_FIELDS["thought"], text, DictRedaction(Redactor()))
    assert "40b6b70508b47cbfb4ee39feb617a05a" not in stored


@pytest.mark.parametrize(
    "text",
    [
        "WALLET_PRIVATE_KEY=bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
        'client_secret: "pub-3f1a2b3c4d5e6f708192a3b4c5d6e7f8"',
    ],
)
def test_a_public_form_under_a_name_that_says_secret_still_goes(text: str) -> None:
    """A value read as public (a checksummed address here) does not overrule a name that
    says private, secret, password or seed: one wrong public form would leak every key
    of that form however plainly it is named."""
    assert "[REDACTED:" in Redactor().redact_text(text)[0]


NIX_COMMUNITY_KEY = "nix-community.cachix.org-1:mB9FSh9qf2dCimDSUo8Zy7bkq5CX+/rkCWyvRCYg3Fs="
"""nix-community's cache signing key (nh0406): public, in every flake that uses the cache."""


def test_a_nix_caches_public_key_and_a_plists_public_key_stay() -> None:
    for text in (
        f"nix show-config | grep -F '{NIX_COMMUNITY_KEY}'",
        f"trusted-public-keys = cache.nixos.org-1:6NCHdD59X431o0gWypbMrAURkbJ16ZPMQFGspcDShjY= {NIX_COMMUNITY_KEY}",
        "\t<key>SUPublicEDKey</key>\n\t<string>hTvhV5cO/zlOvUBxPkQqZQw0fEJzWUl4gD3DxY3TRvE=</string>",
        "+\t<key>SUPublicEDKey</key>\n+\t<string>hTvhV5cO/zlOvUBxPkQqZQw0fEJzWUl4gD3DxY3TRvE=</string>",
        f"The substituter was listed but its key {NIX_COMMUNITY_KEY} was not.",
    ):
        assert Redactor().redact_text(text)[0] == text


def test_a_nix_secret_key_and_a_plists_private_key_still_go() -> None:
    """A Nix secret key is written like its public half, but holds 64 bytes."""
    secret = (
        "cache.example.org-1:"
        + "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0+Pw=="
    )
    plist = "\t<key>SUPrivateEDKey</key>\n\t<string>hTvhV5cO/zlOvUBxPkQqZQw0fEJzWUl4gD3DxY3TRvE=</string>"
    for text in (f"secret-key-files: {secret}", plist):
        assert "[REDACTED:" in Redactor().redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        '"etag": "jb1Xzanox6i8Zyse4DcYD8sZqy0/hWC3eH1wFwrV119WTIwG-re17Wg",',
        '    "etag": "\\"jb1Xzanox6i8Zyse4DcYD8sZqy0/hWC3eH1wFwrV119WTIwG-re17Wg\\"",',
        '"scriptPubKey": "0014751e76e8199196d454941c45d1b3a323f1433bd6",',
        'signingPubKey = "Xk3jd8fQ2aB7cD9eF1gH3iJ5kL7mN9oPqR"',
    ],
)
def test_an_etag_and_a_camel_case_public_key_name_stay(text: str) -> None:
    """An HTTP or API ETag is a version tag (nh0076, also JSON-escaped in a string); a
    name whose last word is ``Pub`` before ``Key`` names a public key (bitcoind's
    ``scriptPubKey``, nq0007)."""
    assert Redactor().redact_text(text)[0] == text


@pytest.mark.parametrize(
    "text",
    [
        'lobpubKey = "test_pub_6Yw7d2kmfFBLYZdQ0Ce7gE"',  # Lob's publishable key: a rule's
        '{\\"api_key\\": \\"Xk3jd8fQ2aB7cD9eF1gH3iJ5kL7mN9oP\\"}',  # JSON escaped in a log
    ],
)
def test_a_pub_run_into_a_word_and_an_escaped_key_still_go(text: str) -> None:
    assert "[REDACTED:" in Redactor().redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        # negcarried5's first run (nj0471, nj0391, nj0431, nj0046)
        "grep -c 'discokey:003cd7453e04a653eb0e7a18f206fc353180efadb2facfd05ebd6982a1392c7f' endpoint_test.go",
        "tailscale status --json | grep nodekey:5c8f86d5fc70d924e55f02446165a5dae8f822994ad26bcf4b08fd841f9bf261",
        "echo hello | rage -r age1yubikey1q2w7u3vpya839jxxuq8g0sedh3d740d4xvn639sqhr95ejj8vu3hyfumptt -o /tmp/hello.age",
        "printf %s k51qzi5uqu5dgf513xbrfjl4smgo2eh1x8p8y6grzsf1oz0reiy56p65tds3s6 | wc -c",
        "Subject: =?UTF-8?B?U2VlIG9uIMO1aGluIHRlc3Q=?=",
    ],
)
def test_public_keys_and_encoded_words_of_the_fifth_holdout_stay(text: str) -> None:
    """Tailscale's public key prefixes, a bech32 prefix with digits (an age plugin's
    recipient), a libp2p key as a base36 CID, an RFC 2047 encoded word."""
    assert Redactor().redact_text(text)[0] == text


def test_a_tailscale_private_key_still_goes() -> None:
    key = "privkey:003cd7453e04a653eb0e7a18f206fc353180efadb2facfd05ebd6982a1392c7f"
    assert "003cd7453e04a653" not in Redactor().redact_text(key)[0]


WG_PEER = "xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg="
"""WireGuard's documented example peer key (wg(8)'s man page): public by design."""


@pytest.mark.parametrize(
    "text",
    [
        f"The peer's public key {WG_PEER} is missing from allowedIPs.",
        f"Public key: {WG_PEER}",
        f"The server's public key is {WG_PEER}; the client config lacks it.",
        f"its pubkey is {WG_PEER}",
    ],
)
def test_a_value_right_after_the_words_public_key_stays(text: str) -> None:
    stored = _stored_field(CARRIER_FIELDS["thought"], text, DictRedaction(Redactor()))
    assert stored == text


@pytest.mark.parametrize(
    "text",
    [f"private key: {WG_PEER}", f"the secret and public key: {WG_PEER}", f"secret key {WG_PEER}"],
)
def test_a_value_after_private_or_secret_words_still_goes(text: str) -> None:
    stored = _stored_field(CARRIER_FIELDS["thought"], text, DictRedaction(Redactor()))
    assert WG_PEER not in stored

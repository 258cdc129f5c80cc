# ruff: noqa: E501  (real lines, kept whole)
"""Key-shaped runs published on purpose stay; secrets beside them still go.

Issue 29, eighteenth session: ``encneg``'s first run (real public keys, signatures, hashes
and ids from 51 repositories, labelled by a helper who read no engine code) altered 107 of
442 rows. Each form below is read as its own specification says (``streams/redact/
public_material.py``, ``public_der.in_public_pem_block``); the secrets beside them are the
checks that the readings do not spare too much.
"""

from __future__ import annotations

import base64

import pytest

from bench.redact_corpus.public.score import CARRIER_FIELDS, _stored_field
from streams.redact import Redactor
from streams.redact.public_material import ksuid, public_form
from streams.redact_events import DictRedaction

KEPT = [
    # PGP signatures: a whole block, a signed commit's gpgsig, a block cut at its top
    "-----BEGIN PGP SIGNATURE-----\n\niQEzBAABCAAdFiEEdTG7fQ3LBJmWY8Y2eB1p0Q1Kf6oFAmV5Zf4ACgkQeB1p0Q1K\nf6qGBQf/Vt7lJr3kq9H2bq+Fq8d2aXm0f9kq1XyWbQ3n8cQ8wq2v0Q4sWm9PZyQe\n=jpXa\n-----END PGP SIGNATURE-----",
    "gpgsig -----BEGIN PGP SIGNATURE-----\n iQEzBAABCAAdFiEEdTG7fQ3LBJmWY8Y2eB1p0Q1Kf6oFAmV5Zf4ACgkQeB1p0Q1K\n -----END PGP SIGNATURE-----",
    "f6qGBQf/Vt7lJr3kq9H2bq+Fq8d2aXm0f9kq1XyWbQ3n8cQ8wq2v0Q4sWm9PZyQe\nd2aXm0f9kq1XyWbQ3n8cQ8wq2v0Q4sWm9PZyQef6qGBQf/Vt7lJr3kq9H2bq+Fq8\n=J3DB\n-----END PGP SIGNATURE-----",
    # records that publish keys and signatures
    "example.com.\t3600\tIN\tDNSKEY\t257 3 8 AwEAAbGG0LmyRyszUjXmqeVXa4H7zJnRqt5oPz9uMNtUxqPzvnwyFrRjbq9fA2OQkpPwfT6R",
    'mail._domainkey IN TXT ( "v=DKIM1; k=rsa; "\n  "p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqQMMqhb1S52Rg7VFS3EC6JQIMxNDdiBmOKZvY5fiVtD3Z" )',
    "<ds:X509Certificate>\nvlm+Fg9mF7AM/Uagq2503XXIE1Lq//HON68P10vNMwLSKOtYLsoTiCnuIKGJqG37\nWQO0LPxPqRiUqUzyhDhLo/xXNrHCu4VbMw==</ds:X509Certificate>",
    "|1|YJEFAk6JjnXpUjUSLFiBQS55W9E=|OLNePOn3eBa1PWhBBmt5kXsbGM4= ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl",
    "ENV GPG_KEY A035C8C19219BA821ECEA86B64E628F8D684696D",
    # public names
    "[Peer]\nPublicKey = GtL7fZc/bLnqZldpVofMCD6hDjrK28SsdLxevJ+qtKU=\nEndpoint = 192.95.5.67:1234",
    "their_public = base64.b64decode('qRCwZSKInrMAq5sepfCdaCsRJaoLe5jhtzfiw7CjbwM=')",
    "Culture=neutral, PublicKeyToken=b77a5c561934e089",
    # public forms and ids
    "peer identity: 12D3KooWGcSLQdLDBi2BvoP8WnpdHvhWPbxpGcqkf93rL2XMZK7R",
    "donate: 1BRMLAB7nryYgFGrG8x9SYaokb8r2ZwAsX",
    "minisign_key = 'RWQf6LRCGA9i53mlYecO4IzT51TGPpvWucNSCh1CBM0QTaLn73Y7GFO3'",
    "$ ksuid -n 2\n0ujsszwN8NRY24YaXiTIE2VWDTS\n0ujsswThIGTUYm2K8FjOOfXtY1K",
    "❯ k exec -it cd-mastodon-16410ce7-web-5c6766865c-nc5lr -- sh",
    "Version: `actions/create-github-app-token@bcd2ba49218906704ab6c1aa796996da409d3eb1 # v3.2.0`",
    "AWS4-HMAC-SHA256\n20240517T104746Z\n20240517/us-east-1/account/aws4_request\n3cf148ba8c472d380ab6747decddde9297262adbc24abc816990a4bf8e8b9343",
    "DEBUG: ErrorXML: HostId: 'WRq2jBlnIg0tDH6nOdfXgQSwYUiqECxgz99hhxvuaAV2I+GWFA5f/01Fk0E5kOjw0muJek80pc4='",
]


@pytest.mark.parametrize("text", KEPT)
def test_published_material_stays(text: str) -> None:
    out, found = Redactor().redact_text(text)
    assert out == text and not found, out


TAKEN = [
    # a private key block stays a secret, armour or not
    (
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi8n1m0Jm0wA8mYcWkbXwE0LZmE\n-----END RSA PRIVATE KEY-----",
        "MIIEpAIBAAKCAQEA3Tz2",
    ),
    # WireGuard's private and preshared keys beside a public one
    ("[Interface]\nPrivateKey = yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=", "yAnz5TF+lXXJte14"),
    ("PresharedKey = /UwcSPg38hW/D9Y3tcS1FOV0K1wuURMbS0sesJEP5ak=", "/UwcSPg38hW"),
    # a name that says public but also token or api holds a secret (fresh3's Flutterwave)
    (
        'flutterwavePubKey_api_token = "FLWSECK_TEST-24e4a83d776c7a747ea932973135bc9c-X"',
        "24e4a83d776c",
    ),
    # a service's publishable key under its own name (2ms' Lob rule; the corpora label it)
    ('"lobpubKey": "test_pub_bfe696d078118e777aecbd634939183"', "bfe696d0781"),
    ("LOBPUB_KEY=test_pub_bfe696d078118e777aecbd634939183", "bfe696d0781"),
    # a DKIM *signing* key is private
    (
        "DKIM private key: MIICXAIBAAKBgQC8aJ3mQ1Zt5Xv7kq9H2bqFq8d2aXm0f9kq1XyWbQ3n8cQ8wq2v",
        "MIICXAIBAAKBgQC8",
    ),
    # a WIF private key is Base58Check too, with a private version byte
    ("wallet key 5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ", "5HueCGU8rMjx"),
]


@pytest.mark.parametrize(("text", "secret"), TAKEN)
def test_secrets_beside_public_material_still_go(text: str, secret: str) -> None:
    assert secret not in Redactor().redact_text(text)[0]


def test_forms_are_checked_not_guessed() -> None:
    assert public_form("1BRMLAB7nryYgFGrG8x9SYaokb8r2ZwAsX")  # a valid checksum
    assert not public_form("1BRMLAB7nryYgFGrG8x9SYaokb8r2ZwAsY")  # one sign changed
    assert not public_form("175tWpb8K1S7NmH4Zx6rewF9WQrcZv245W")  # BIP 21's made-up one
    assert public_form("user_01h455vb4pex5vsknk084sn02q")  # a TypeID of 2023
    assert not public_form("user_2x4y6z8a0b1c2d3e4f5g6h7j8k")  # no plausible time
    text = "ksuid: 0ujsszwN8NRY24YaXiTIE2VWDTS"
    assert ksuid("0ujsszwN8NRY24YaXiTIE2VWDTS", text, 7)
    assert not ksuid("0ujsszwN8NRY24YaXiTIE2VWDTS", "token: 0ujsszwN8NRY24YaXiTIE2VWDTS", 7)


@pytest.mark.parametrize(
    "said",
    [
        'The peer is provs := []string{"12D3KooWAobjw92XDcnQ1rRmRJDA3zAQpdPYUpZKrJxH6yccSpje"} here.',
        'mix.lock has "idna": {:hex, :idna, "7.1.0", "1067a13043538129602d2f2ce6899d8713125c7d19734aa557ce2e3ea55bd4f1", [:rebar3], [], "hexpm", "3aa0bd7d9b4d1fb9bd2d1f2c2b3e1c1c5bd9b1a3f7c4b2d8e9f0a1b2c3d4e5f6"}',
    ],
)
def test_published_material_said_in_a_thought_stays(said: str) -> None:
    """The said reading (a thought's words that read as keys) asks the same readings."""
    stored = _stored_field(CARRIER_FIELDS["thought"], said, DictRedaction(Redactor()))
    assert stored == said, stored


@pytest.mark.parametrize(
    "line",
    [
        "age1yv2sxrjnyymx4qkn3ehdd5zdq4xnrea5ljm4hsmgxn5tpv985anqkrwqa7",  # realneg rn0345
        "RWQf6LRCGA9i53mlYecO4IzT51TGPpvWucNSCh1CBM0QTaLn73Y7GFO3",  # minisign, rn0377
        "zb2rhe5P4gXftAwvA4eXQ5HJwsER2owDyS9sKaQRRVQPn93bA",  # an IPFS CID, rn0064
        "/nix/store/3q3hxld9r4i7x4xwp5m8hn7kbln76c2r-test",  # a store path, pathneg tp0107
        ".git/objects/55/7db03de997c86a4a028e1ebd3a1ceb225be238",  # pathneg tp0068
    ],
)
def test_published_material_added_or_removed_by_a_patch_stays(line: str) -> None:
    """A hunk's ``+``/``-`` is the diff's, not the value's: it was read as the value's
    first sign, and the line lost (the readings above saw ``+age1…``, the path reading a
    word starting with ``+``). Secrets on such lines go as before (the patch carrier)."""
    redactor = Redactor()
    for marker in "+-":
        patch = f"--- a/notes.txt\n+++ b/notes.txt\n@@ -1,2 +1,2 @@\n # notes\n{marker}{line}\n"
        assert redactor.redact_text(patch)[0] == patch
    secret = "--- a/.env\n+++ b/.env\n@@ -1 +1 @@\n+xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx\n"
    assert "AbCdEfGhIjKlMnOpQrStUvWx" not in redactor.redact_text(secret)[0]


_PEER = "xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg="
_PRIVATE = "yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk="


@pytest.mark.parametrize(
    "text",
    [
        f"peer: {_PEER}\n  endpoint: 203.0.113.5:51820\n  allowed ips: 10.0.0.2/32",
        f"{_PEER}\t10.0.0.2/32 fd00::2/128",  # wg show wg0 allowed-ips
        f"{_PEER}\t(none)\t203.0.113.5:51820\t10.0.0.2/32\t1733400000\t920\t1312\t25",  # dump
        f"{_PEER}\t1733400000",  # latest-handshakes
    ],
)
def test_a_wireguard_peers_public_key_as_wg_show_prints_it_stays(text: str) -> None:
    """negcarried4's ``wg show`` sessions: a peer is named by its public key."""
    assert Redactor().redact_text(text)[0] == text


@pytest.mark.parametrize(
    "text",
    [
        f"{_PRIVATE}\t{_PEER}\t51820\toff",  # dump's interface line: the private key first
        f"{_PEER}\t{_PRIVATE}\t203.0.113.5:51820",  # a peer line with a preshared key
        f"peer: {_PRIVATE}  # my private key",
        f"PrivateKey = {_PRIVATE}",
    ],
)
def test_a_wireguard_private_or_preshared_key_still_goes(text: str) -> None:
    assert _PRIVATE not in Redactor().redact_text(text)[0]


_COSE_EC2 = "pQECAyYgASFYIDDHBDxTqWP4yZZnAa524L6uPuwhireUwRD5sXY6U2gxIlggxuwbECbDdNfTTegnc174"
_P256_POINT = (
    "BBaxKZueVyr5ICDfosygxwRflSdPUcNheZhThXCeTFTNo0EM9dj0V+xJ1JwpE2XZ/8NRIt5KVvKlm8hkwJWmnfc="
)


@pytest.mark.parametrize("key", [_COSE_EC2, _P256_POINT])
def test_a_webauthn_public_key_raw_or_in_cose_stays(key: str) -> None:
    """negcarried4: a credential's public key as WebAuthn stores it (a COSE map: kty, alg,
    crv, x, y) or as U2F hands it over (``0x04`` and the point)."""
    assert public_form(key)
    text = f'decoded = decode_cose_key(base64url_to_bytes("{key}"))'
    assert Redactor().redact_text(text)[0] == text


def test_random_bytes_of_a_points_length_still_go() -> None:
    """65 random bytes open with 0x04 once in 256 draws; any other first byte is a key."""
    raw = bytes([7]) + bytes(range(64))
    assert not public_form(base64.b64encode(raw).decode())


@pytest.mark.parametrize(
    "text",
    [
        "HTTP/1.1 101 Switching Protocols\nUpgrade: websocket\nSec-WebSocket-Accept: "
        "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=",
        "t.is(await calculateJwkThumbprint(jwk), 'NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs')",
        '  "keys": {\n    "curve25519:JLAFKJWSCS": "3C5BFWi2Y8MaVvjM8M22DBmh24PmgR0nPvJOIArzgyI",\n'
        '    "ed25519:JLAFKJWSCS": "lEuiRJBit0IG6nUf5pUzWTUEsRVVe/HJkoKuEww9ULI"\n  }',
        "https://mermaid.live/edit#pako:eNpNT7sOgzAM_BXkGX4gQ6d2a5d2q7K42JRIxEHBkagQ_95A1MdNd6fz4xZoA"
        "zEYeEYc--p8tVJlTOlRDJ6Vo-BQ7A1OJkdcNAsVEp",
        "I signed my App with this SHA-1 key:\n`AC:D3:30:3A:91:BD:53:AA:C8:92:76:35:DD:57:1F:2B:9C"
        ":4E:6D:8A`",
        '"bolt12": "lno1pg257enxv4ezqcneype82um50ynhxgrwdajx283qfwdpl28qqmc78ymlvhmxcsywdk5wrjn"',
    ],
)
def test_negcarried5s_public_values_stay(text: str) -> None:
    """A WebSocket handshake's accept hash, a JWK's thumbprint, a Matrix device's published
    keys, a Mermaid Live link's deflated diagram, keytool's colon-separated fingerprint and a
    BOLT 12 offer (negcarried5)."""
    assert Redactor().redact_text(text)[0] == text


def test_a_secret_beside_those_forms_still_goes() -> None:
    text = '"curve25519:JLAFKJWSCS": "x", "client_secret": "3C5BFWi2Y8MaVvjM8M22DBmh24PmgR0nPvJ"'
    assert "3C5BFWi2Y8MaVvjM8M22" not in Redactor().redact_text(text)[0]

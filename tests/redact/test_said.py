"""Keys said in prose (``streams/redact/said.py``) and the ``said`` reading of the fields a
person writes (thoughts, commit and PR messages, bug reports).

Keys: values of the public corpus' fixtures (gitleaks, trufflehog, Nosey Parker, Kingfisher)
as the second carriers say them. Harmless words: taken from the real bug reports under
``tests/mre/corpus`` and from the commit logs of public repositories (BoringSSL's and Go's
Gerrit trailers, crypto projects' type names), where a first cut of the reading took them.
"""

from __future__ import annotations

import pytest

from schemas.models import ConsentFlags, Event
from streams.redact import Redactor
from streams.redact.said import said_key, said_keys
from streams.redact_events import SAID_KEY_RULE, DictRedaction
from tests.ids import test_id

SAID_KEYS = [
    "gngKGCWbmK0COTtS",  # trufflehog nexmoapikey
    "su9OL59biWiJu7",  # gitleaks sumologic-access-id
    "LAwdpRpHOnYE0Wyc",  # trufflehog maxmindlicense
    "JJ4ZIC9EJNWVIS86",  # trufflehog raven
    "11XQ98FVS8WI",  # trufflehog kanban
    "yzmil2yrmu5qfd09",  # trufflehog metrilo
    "1ZLU5OXGEYX56K3IOL1Z88Y5YU5CC1KK",  # trufflehog wit
    "Ijbql3DKRyIZNQIddzCYKICr",  # trufflehog azurefunctionkey
    "b_ByDfulghxvvmHbArJSFfQhxemJPQHOwplxuydlKEEbfe",  # Kingfisher beamer
    "developer:yqDVtkqPECriaLRi",  # gitleaks curl-auth-user
    "AIhq5Xyb1Gga9Q5",  # CredSweeper (fresh16): letters and digits alternate six times
    "0f5ea3ca49249ab92778c5c53172390f-16bc1610-14f2ec45",  # Mailgun's newer key (fresh18)
    "Winter99$",  # the tools corpus: a password
    "super$ecret",  # Nosey Parker generic
    "VMware1!",  # Nosey Parker vmware
    "H@Sh1CoR3!",  # a password with a sign inside
    "secur3Pass",  # secretlint PostgreSQLConnection: a word naming a password, a digit in it
    "Secret123",  # Nosey Parker generic
    "sk_d21e2be3622049c7809f95cc02313821",  # trufflehog iexapis: a prefix on hex
    "be8dfd.da8a689a46edc282",  # Nosey Parker kubernetes: a bootstrap token
    "patXfsZBLOgxbJqSi.fd6210cfb2e0b2049bd8e7fa0e69f26a3a704412af",  # an Airtable token
    "c2Zjcy50ZXN0ZXI6c2Zjcw==",  # trufflehog docker: base64 of sfcs.tester:sfcs
    "YWRtaW46cGFzc3dvcmQ=",  # gitleaks kubernetes secret: base64 of admin:password
    "Mzk1MjgkdmRnN0pi",  # checkov k8s Secret data: base64 of the password 39528$vdg7Jb
    "SXNnbGNJeFZVRURsYVlDaHVLazBIa3hRSU1KMHhXVFhw",  # Kingfisher geckoboard: of a key
    "ZjE4ZjI0NTE4YmI2NGJjZDliOGY3ZmJiY2UyN2IzODQK",  # bandit: base64 of hex and a newline
    "6f5557b2:9d8870b0",  # 2ms sidekiq: a gem source's user:password in hex
    "v6300i0eqyif6mib1x9ek2fma",  # 2ms messagebird: a "v" and digits start no version here
    "d6s$f9g!j8mg7hw?n&2",  # bandit: a password with a "?" among its signs
    "ciderland5#",  # CI/CD Goat: a word, a number and a sign
    "jenko123%",
    "tuturjgkjf#$@#%",  # a word and three signs
    "v9K#2mLp!8zQ",  # VulnerableApp (fresh15): generated passwords, signs inside
    "x5B&3gHq+7vS",
    "b7X$4nRj-6mW",
    "Pass123!@#",  # Nosey Parker generic: signs after a word, no user@host before its "@"
]


@pytest.mark.parametrize("key", SAID_KEYS, ids=test_id)
@pytest.mark.parametrize(
    "wording",
    [
        "Is {} the staging one or prod?",
        "Swapped in `{}` and the 401 went away.",
        'Found it: config/local.json overrides the env with "{}", left over',
        "- [x] rotate ({})",
        "**{}**",
    ],
)
def test_a_key_said_in_prose_is_found(key: str, wording: str) -> None:
    text = wording.format(key)
    spans = said_keys(text)
    assert [text[a:b] for a, b in spans] == [key]


HARMLESS = [
    "NotAnAttrsClassOrDataclass",  # desert: an exception's name
    "GetMacOSStatusCommentString",  # send2trash: a macOS call
    "OAuth2Session",  # authlib
    "RemovedInDjango41Warning",  # asgiref
    "attr.exceptions.AttrsAttributeNotFoundError",  # attrs: a dotted name
    "DTSTAMP:20240821T032819Z",  # an iCal stamp
    "py311h9ecbd09_1",  # a conda build string
    "pyhd8ed1ab_1",
    "ipython-input-66-a3357c23bd41",  # IPython's cell file name
    "Temp-932171ac-0b62-481b-8b6e-2f5e6d6e17e7",  # a folder named for a UUID
    "systemd-private-114fd641e43147049112b5c15f993361-upower.service-4UBov1",
    "pulse-PKdhtXMmr18n",  # mktemp's folder
    "ssh-YGJKpV2GglPo",
    "validate_http___hl7_org_fhir_json_schema_4_0__definitions_bundle",  # a generated name
    "py38-proto4-opentelemetry-exporter-otlp-proto-grpc",  # a tox environment
    "9c1da5be-8bf9-fbe6-08",  # a cut UUID
    "HM84H8VW3ZS7JT84NBMFSTIJ13",  # python-ulid: a malformed ULID
    "4.186706448846089e+32",  # a number
    "FR761871900053",  # schwifty: an IBAN's start
    "50TMK5045027900",  # mgrs: a grid reference
    "0.650+dev.ad2d4ba1db9699779d5705094f991d3bb3ac112d",  # mypy's version
    "9fceb02d0ae598e95dc970b74767f19372d61af8",  # a commit
    "Ibb44b630300487146a25372212b4e204f6d2db09",  # a Gerrit Change-Id
    "p256mlkem768tag",  # age: a stanza's name
    "parseEd25519Cert",  # golang crypto
    "Pbkdf2Params",  # RustCrypto
    "X509CRLReason",  # Botan
    "row*grid_size",  # code in a report
    "ASN1_VALUE*",  # a C pointer type
    "aes_ff1_radix*",  # a glob
    "e-mail!!!!",
    "horatio:~$",  # a shell prompt
    "root@a74460b9653b:~#",
    "at|on|in",  # a regex
    "**kwargs",
    "ExceptionGroup`s",  # markdown code and a plural
    "AAAAC3NzaC1lZDI1NTE5AAAAIAz2WM5CyPLqiNjk7CLl4roDXwKhQ0QExXLebukZEZFS",  # an SSH key
    "1Password",  # gitleaks' commits: a product
    "SecretManagerSecret90days",  # checkov's commits: a check's name
    "test_password_1",  # a test's name
    "PASSWORD_MIN_LENGTH2",
    "requests.exceptions.HTTPError",  # dotted names and versions
    "api.example.com",
    "config.v2.yaml",
    "1.2.3-rc.4",
    "CGLIB$BIND_CALLBACKS",  # arthas: a JVM synthetic name
    "password1",  # a variable as often as a password
    "codeready-builder-for-rhel-10-$",  # ripgrep's commits: a variable's start
    "some_key_1235#$@",  # checkov: a name with signs
    "@CFLAGS_SSE2@",  # libsodium's commits: an autoconf substitution
    "issue#5",
    "bG9jYWxob3N0OjgwODA=",  # base64 of localhost:8080
    "aHR0cHM6Ly9leGFtcGxlLmNvbS9hcGk=",  # base64 of https://example.com/api
    "aGVsbG8gd29ybGQsIHRoaXMgaXMgdGV4dA==",  # base64 of a sentence
    "VXNlcjoxMjM=",  # a GraphQL (Relay) global id: base64 of User:123
    "T3JnYW5pemF0aW9uOjQ1Njc4",  # Organization:45678
    "bXlfc2VydmljZV9uYW1l",  # base64 of a name (my_service_name)
    "c2stbGl2ZS0xMjM0NTY3ODkwYWJjZGVm",  # base64 of a made-up key that counts up
    "md5Secret",  # WebGoat (fresh13): a name for what a digest is made of
    "i2d_PKCS12*",  # BoringSSL's commits: a glob of functions
    "MyTpno24AjIAGb+mH1U=",  # a base64 line in a Go commit message
    "Foo1&&Bar2",  # an expression: a doubled sign
    "a%2Fb%3Dc1X",  # URL escapes
    "Pass$RANDOM$RANDOM",  # secDevLabs (fresh15): a shell expansion makes it a template
    "_ZN4bssl14brlogenshfegle17ERR_restore_stateEPKNS_17err_save_state_stE",  # mangled C++
    "Z1H1FL5HABSF5",  # a Route 53 hosted zone's id
    "frankmcsherry",  # a user's name: consonants, but a fifth of it vowels
    "sysctlbyname",
    "xmlhttprequest",
]


@pytest.mark.parametrize("word", HARMLESS, ids=test_id)
def test_names_ids_and_code_in_prose_stay(word: str) -> None:
    assert not said_key(word)
    assert said_keys(f"The traceback names {word} twice.") == []


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('the client still sends survicate_key="lztej917o59y8x82f311v8d684eb2t6k" first',
         "lztej917o59y8x82f311v8d684eb2t6k"),
        ("connect(host, 'qJK7EiBRyliAb5Xz'),", "qJK7EiBRyliAb5Xz"),
    ],
)  # fmt: skip
def test_a_key_glued_to_code_marks_is_found(text: str, key: str) -> None:
    """A word that is code (``name="…"``, a call) is read piece by piece."""
    assert [text[a:b] for a, b in said_keys(text)] == [key]


@pytest.mark.parametrize(
    "text",
    [
        "see https://www.google.com/search?q=asyncio&ei=ZbVuZcSPLtqr0PEPxq2ByAg here",
        'the bundle has "rootHash": "sIDaD1rNkyFR2HhLcuJ/Q9BRpRT47drr5bNajrsbQDQ=", fine',
        "httpx-0.28.1.dist-info/METADATA,sha256=_rubD48-gNV8gZnDBPNcQzboWB0dGNeYPJJ2a4J5OyU,7052",
        # the last line of a certificate's body, short (the public corpus' n0474)
        "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUWcH3\njjxDah2nGN59PRbxYvnKkKj9\n"
        "-----END CERTIFICATE-----",
    ],
)
def test_urls_and_labelled_digests_are_not_cut_into_pieces(text: str) -> None:
    assert said_keys(text) == []


def _thought(text: str) -> Event:
    return Event.model_validate(
        {
            "event_id": "6b0f3c1e-2d4a-4f5b-8c7d-9e0a1b2c3d4e",
            "seq": 1,
            "ts_ms": 1,
            "type": "thought",
            "payload": {"content_text": text, "kind": "hypothesis"},
        }  # fmt: skip
    )


KEEP_ALL = ConsentFlags(store_raw_code=True, store_terminal_output=True, allow_llm_judge=True)


def test_a_thought_loses_the_key_it_says_and_keeps_its_commit() -> None:
    text = "Used gngKGCWbmK0COTtS on 9fceb02d0ae598e95dc970b74767f19372d61af8; 200 now."
    stored = DictRedaction(Redactor()).event(_thought(text).model_dump(), KEEP_ALL)
    content = stored["payload"]["content_text"]
    assert "gngKGCWbmK0COTtS" not in content
    assert "9fceb02d0ae598e95dc970b74767f19372d61af8" in content
    assert stored["redaction"].counts == {SAID_KEY_RULE: 1}


def test_terminal_output_is_not_read_as_prose() -> None:
    """Printed text holds generated names and random ids a person did not write."""
    event = Event.model_validate(
        {
            "event_id": "6b0f3c1e-2d4a-4f5b-8c7d-9e0a1b2c3d4e",
            "seq": 1,
            "ts_ms": 1,
            "type": "terminal_output",
            "payload": {"stream": "stdout", "chunk_text": "Is gngKGCWbmK0COTtS the one?"},
        }  # fmt: skip
    )
    stored = DictRedaction(Redactor()).event(event.model_dump(), KEEP_ALL)
    assert stored["payload"]["chunk_text"] == "Is gngKGCWbmK0COTtS the one?"


@pytest.mark.parametrize(
    "text",
    [
        "Both requests send the same thing (0278fc1adf6dc1d82a156f306ce2c5cc) but only one works",
        "Note: the value in CI is 4924be8f51f3e738c97db2c4ace51db7e938f28b0c1d2e3f4a5b6c7d8e9f0a1b",
        "Is 46CEBD38C59AC222E6CF991581411EAF the staging one or prod?",
    ],
)
def test_hex_of_a_keys_size_said_with_no_name_is_a_key(text: str) -> None:
    """32 or 64 hex digits in prose with no digest or id word before them (twelfth session:
    real prose names its hashes; 8 such words in 1,194 issues, 43 in 413,893 commits)."""
    assert len(said_keys(text)) == 1


@pytest.mark.parametrize(
    "text",
    [
        "the sha256 is 45aa5c46df5ba51d7e59da826544412352c189a6acf5707f941922181c94f98a",
        "Cannot restart container ba92a372364331477175d9a9c24b9e168e9f30b94a688f5c0096ef7f2d641b62",
        "Implements specification from gist 0031d4e835388ec1d4c11e50e74da3a4",
        "45f4d3fa8a2f61cc092ae461aac4cac1bab4ac6706f98274ea7f314dd315c6d0  cmake-3.1.3.tar.gz",
        "cosignature=1c997261f16e6e81d13f420900a2542a4b6a049c2d996324ee5d82a90ca3360c",
        "{'x': '13c1af5d9cc28fb7a08eceeaa5ef703087cc5006154be10f64188937804de3c8'}",
        "Merge 17fdac59eb956d0ab8067e43ddb56a287689650f into main",  # a commit: 40 digits
        "see 12e4567812e412e412e412e456789012",  # made up: a repeated chunk
    ],
)
def test_named_digests_commits_and_labelled_hex_stay(text: str) -> None:
    assert said_keys(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Used e8b13e2b-79a9-e75d-b8e3-b2200edbc52a. The call returned 200 this time.",
        "Is 1c73ff35-2415-fc58-8712-3d24f00cbe2a the staging one or prod?",
        "It works with AEF47D5E-B057-711F-066C-3A45682A3DD7, but not with the vault's",
    ],
)
def test_a_uuid_without_rfc_bits_said_alone_is_a_key(text: str) -> None:
    """A UUID's groups without RFC 9562's version and variant: no generator prints those,
    a key drawn as 32 hex digits does (trufflehog's OneSignal, Opsgenie, Zipcodebase)."""
    assert len(said_keys(text)) == 1


@pytest.mark.parametrize(
    "text",
    [
        "The request 0f8fad5b-d9cb-469f-a165-70867728950e failed",  # uuid4
        "Used 01932c07-a0e3-7b3c-9d6e-0e4f5a6b7c8d as the run id",  # uuid7
        "the trace id e8b13e2b-79a9-e75d-b8e3-b2200edbc52a shows it",  # named an id
        "Same error; 1c73ff35-2415-fc58-8712-3d24f00cbe2a is only Azure's request id.",
        "see 12345678-1234-1234-1234-123456789012 in the docs",  # made up
        "Rows: 9a771edd-a87b-08e5-a194-59fdb9c48633, 9a7cfe07-37b2-d6c7-3628-59fdb976cc9f, "
        "9a92f875-1fde-5252-ffd1-59fdb9d0d497",  # peewee's issue 1438: a query's rows
    ],
)
def test_rfc_uuids_named_ids_and_listings_said_stay(text: str) -> None:
    assert said_keys(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "FWIW c7d3c5b3bb87a43f6ecb66b93b467248a7914b9c8bbe135d3d was revoked on Friday.",
        "still 403 with 27dfe8d8-889b-4380-92ff-9c3c6ea5d478 :(",
        "the token 1122be45ae1bdd11f40d1ed29a25cbdcc70920c7 works",
        'curl -H "Authorization: token cc50b0b353664e7376faa04d102af7a838fec256" (composer)',
    ],
)
def test_hex_in_a_sentence_about_a_credential_is_a_key(text: str) -> None:
    """Any length of hex, or an RFC UUID, where the sentence speaks of a token, a password,
    a 401 or a revoked key and of no commit, release, certificate or id (the third
    carriers' thoughts; a real token in composer's commit log)."""
    assert len(said_keys(text)) == 1


@pytest.mark.parametrize(
    "text",
    [
        "Fix auth token bug introduced in 4924be8f51f3e738c97db2c4ace51db7e938f28b",
        "Bumps the token action from 57fd1958391e4c802d55ed4a26ff9a8d5812d3a9 to v2",
        "The request 0f8fad5b-d9cb-469f-a165-70867728950e failed with 401",
        "Add Fenko Vault (AAGUID d2717a32-9851-48a8-9961-b264c97a411a)",
        "token signatures by expired keys: D783920D6D4F0C06AA4C25F3FE3958F9067BC667",
    ],
)
def test_commits_bumps_requests_and_signatures_in_credential_talk_stay(text: str) -> None:
    """What the first cut took from 1.18 M real commit messages and issues."""
    assert said_keys(text) == []


def test_a_key_id_after_kid_stays() -> None:
    """crAPI's JWK set (fresh13): a key's ``kid`` is its public id, whatever it looks like."""
    text = 'The trace shows "kid": "MKMZkDenUfuDF2byYowDj7tW5Ox6XG4Y1THTEGScRg8", twice.'
    assert said_keys(text) == []

"""A text field whose whole value is one token that reads as a key goes, with no keyword.

Issue 29, sixth session: text rules need a keyword or a prefix beside a bare key, so a key
alone in a text field (a pasted key run as a command, ``cat token.txt``'s output, a thought
that is only the key) was stored: 20-34 % of each corpus split's secrets, planted alone.
How each text field's lone value is read is in ``schemas.fields.LONE_VALUES``.
"""

from __future__ import annotations

import pytest

from bench.redact_corpus.public.score import event_fields, field_verdict
from schemas.fields import FIELD_SHAPES, LONE_VALUES, NAMES_WITHOUT_IDS
from schemas.shapes import TEXT
from streams.redact import Redactor
from streams.redact.lone_value import lone_key
from streams.redact.memory import TraceMemory
from streams.redact_events import LONE_VALUE_RULE, DictRedaction
from tests.ids import test_id

TEXT_FIELDS = {k for k in event_fields() if FIELD_SHAPES[k] == TEXT}
TYPED = [k for k, r in LONE_VALUES.items() if r in ("typed", "said")]
PRINTED = [k for k, r in LONE_VALUES.items() if r == "printed"]
CODED = [k for k, r in LONE_VALUES.items() if r == "coded"]
LOCATED = [k for k, r in LONE_VALUES.items() if r == "located"]

KEYS = (
    "xwwloygkk3f1le2tw",  # semgrep airtable-api-key
    "afefcb86-9bcf-f05e-6e34-14bd72a32efe",  # semgrep kucoin-secret-key: no RFC bits
    "47050061723854045311518666050614",  # semgrep discord-client-secret: 32 digits
    "VMware1!",  # Nosey Parker vmware
    "QuyijkwNEzPGfu",  # tools corpus: a random password
)
HEX_KEY = "df161d9d584191ce8274164d16b433c6"  # semgrep algolia-api-key


def test_every_text_field_has_a_lone_value_reading() -> None:
    assert set(LONE_VALUES) == TEXT_FIELDS
    assert set(LONE_VALUES.values()) == {"typed", "said", "printed", "located", "coded"}


@pytest.mark.parametrize("secret", (*KEYS, HEX_KEY))
@pytest.mark.parametrize("key", TYPED)
def test_a_lone_key_in_a_typed_field_is_redacted(key: str, secret: str) -> None:
    caught, how = field_verdict(key, secret, DictRedaction(Redactor()))
    assert caught and how == "redacted", f"{secret!r} in {key}: {how}"


@pytest.mark.parametrize("secret", [k for k in KEYS if not k.isdigit()])
@pytest.mark.parametrize("key", PRINTED)
def test_a_lone_key_in_a_printed_field_is_redacted(key: str, secret: str) -> None:
    caught, how = field_verdict(key, f"{secret}\n", DictRedaction(Redactor()))
    assert caught and how == "redacted", f"{secret!r} in {key}: {how}"


PRINTED_ALONE = (
    "9fceb02d0ae598e95dc970b74767f19372d61af8\n",  # git rev-parse HEAD
    "d41d8cd98f00b204e9800998ecf8427e",  # md5 -q
    "sha256:" + "3b" * 32,  # docker inspect --format '{{.Id}}'
    "E621E1F8-C36C-495A-93FC-0C247A3E6E5F\n",  # macOS uuidgen
    "0x71C7656EC7ab88b098defB751B7401B5f6d8976F",  # an address
    "1267650600228229401496703205376",  # 2**100 in a debugger
    "/tmp/tmp.JewM2MsfG7/data/repos/demo-bcd013e7b2fa\n",  # pwd in a mktemp -d folder
    "s3://data-lake-prod/events/part-00000-5c7b339a-e2ac-c885-0c3e-9e7a2f1b4d6c.parquet",
    "https://docs.google.com/document/d/1W7KCxOxP-1Fy5EyF2lbJGE2WuKmu5v0suYqoHas1jRM",
    "vmHieRt7xRsX5qrQI8jugW2hHS50lyXX.json",  # a hash-named file (ls)
    "hf_FakeFakeFakeFakeFakeFakeFakeFakeF",  # stand-ins (secretlint, gitleaks, Nosey Parker)
    "ntn_123456789012345678901234567890123456789012345678901234567890",
    "A3T0ABCDEFGHIJKLMNO",
    "xoxe.xoxp-1-SlackAppConfigurationAccessTokenHere",
    "YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXo=",  # base64 of the alphabet
    "sha512-6IpQVFvbu47CrXfqqHAzv2vi7AOdfi1S+SiayXU6FWTeA2wV47H8R60VjxurL8JkDGoVhFgC4+lK6KG==",
    "this._emitEOFToken()):(this._err(s.unexpectedCharacterAfterDoctypeSystemIdentifier)",
)


@pytest.mark.parametrize("value", PRINTED_ALONE)
def test_what_tools_print_alone_stays_in_a_printed_field(value: str) -> None:
    assert not lone_key(value, "printed")


@pytest.mark.parametrize(
    "value",
    ["pytest", "make", "./configure", "3.11.7", "True", "/home/dev", "ValueError",
     "2024-05-01T12:00:00Z", "user@example.com", "localhost:8080", "README.md",
     "requests.exceptions.HTTPError", "getElementById", "breaking!", "--verbose"],
)  # fmt: skip
def test_ordinary_lone_words_stay(value: str) -> None:
    assert not lone_key(value, "typed") and not lone_key(value, "printed")


BARE_IDS = (
    HEX_KEY,
    "832d2129-a846-4e27-99f4-7004b6ad53ef",  # gitleaks heroku-api-key: an RFC 9562 UUID
    "c19c2539c53367c726a5c04c",  # trufflehog kucoin: 24 hex
)


@pytest.mark.parametrize("secret", BARE_IDS)
@pytest.mark.parametrize("key", CODED + LOCATED)
def test_bare_hex_or_a_uuid_where_a_path_or_a_name_was_due_is_redacted(
    key: str, secret: str
) -> None:
    """Eighteenth session (a reversed decision): no file's whole path and no code's name is
    bare hex of 16+ or a UUID, so alone in such a field it is read as a key (it stayed as
    "a hash-named file alone": 10-20 % of each split's secrets planted in a path field)."""
    caught, how = field_verdict(key, secret, DictRedaction(Redactor()))
    assert caught and how == "redacted", f"{secret!r} in {key}: {how}"


@pytest.mark.parametrize(
    "value",
    [
        "00000000-0000-0000-0000-000000000000",  # the nil UUID
        "10203040-5060-7080-90a0-b0c0d0e0f000",  # counted (a placeholder)
        "deadbeefdeadbeef",
        "0x7ffeefbff5c8",  # an address
    ],
)
def test_made_up_hex_and_addresses_stay_where_tools_print_paths_or_names(value: str) -> None:
    for reading in ("printed", "located", "coded"):
        assert not lone_key(value, reading), reading


CODE_NAMES = (
    "getElementById",
    "requests.exceptions.HTTPError",
    "_ZNSt6vectorIiSaIiEE9push_backERKi",  # C++ mangled
    "_ZN4core3ptr13drop_in_place17h0a1b2c3d4e5f6a7bE",  # Rust, with its hash
    "$s4main3FooV3barSiyF",  # Swift mangled
    "Foo$$EnhancerBySpringCGLIB$$d8b2f1e9a0c4",  # a generated class
    "std::vector<int>::push_back",
    "main.(*T).Method",
    "Widget::~Widget",
    "*(int*)0x601040",  # a debugger's expression at an address
    "x.shape[0]",
    "self._cache['k']",
    "test_colorsandweights1",  # test ids
    "testExportKey3",
    "test_3f2a9b1c7d8e4f60a1b2",
    "tests/test_fields.py::test_datetime_field_rfc822[Sun, 10 Nov 2013]",
    "test_plain (tests.test_fields.TestDateTime)",
)


@pytest.mark.parametrize("value", CODE_NAMES)
def test_names_code_could_hold_stay_in_a_coded_field(value: str) -> None:
    assert not lone_key(value, "coded")


@pytest.mark.parametrize("secret", ["Winter99!Q", "d&lvybzry1*k+qq)=x-!=0yd5l5#1g"])
@pytest.mark.parametrize("key", CODED)
def test_a_token_no_name_is_written_as_goes_from_a_coded_field(key: str, secret: str) -> None:
    caught, how = field_verdict(key, secret, DictRedaction(Redactor()))
    assert caught and how == "redacted", f"{secret!r} in {key}: {how}"


@pytest.mark.parametrize("secret", [k for k in KEYS if not k.isdigit()])
@pytest.mark.parametrize("key", LOCATED)
def test_a_bare_key_where_a_path_or_url_was_due_is_redacted(key: str, secret: str) -> None:
    """A path or URL field keeps its folders and names; a bare token with no folder, dot,
    scheme or drive in it is no path: one that reads as a key goes (twelfth session)."""
    caught, how = field_verdict(key, secret, DictRedaction(Redactor()))
    assert caught and how == "redacted", f"{secret!r} in {key}: {how}"


PATHS_AND_URLS = (
    "/tmp/tmp.JewM2MsfG7/data/repos/demo-bcd013e7b2fa",  # a mktemp -d folder
    "vmHieRt7xRsX5qrQI8jugW2hHS50lyXX.json",  # a hash-named file
    "src\\k8Fq2LmZx9Qw\\main.py",  # a Windows path with a random folder
    "C:\\Users\\dev\\AppData\\Local\\Temp\\tmpa8Fk2LmQ9x",
    "~/.cache/pre-commit/repo2k8Fq2LmZ",
    "s3://data-lake-prod/events/part-00000-5c7b339a-e2ac-c885-0c3e-9e7a2f1b4d6c.parquet",
    "https://github.com/acme/widgets/pull/42",
    "git@github.com:acme/widgets.git",
    "Makefile",
    "/var/lib/docker/overlay2/0f8fad5b-d9cb-469f-a165-70867728950e",  # a UUID-named folder
)


@pytest.mark.parametrize("value", PATHS_AND_URLS)
def test_paths_and_urls_stay_in_a_located_field(value: str) -> None:
    assert not lone_key(value, "located")


@pytest.mark.parametrize(
    "value",
    [
        "dXNlcjpwYXNzd29yZA==",  # base64 of user:password
        "d&lvybzry1*k+qq)=x-!=0yd5l5#1gxzk!82@ru25*ntos3_9^",  # a Django secret key
        "EAAA3bckPLm8nKzXY9vB4QjR7wF2hGtN5sVdM6pJuE1iZxW+CqH-yA4gTf=aDl0U",  # base64 with = inside
        "eyJ2ZXIiOiIyIiwidHlwIjoiSldUIiwiYWxnIjoiUlMyNTYifQ." + "aB3xK9qL" * 70,  # a long token
    ],
)
def test_keys_with_signs_and_long_tokens_alone_are_keys(value: str) -> None:
    assert lone_key(value, "printed") and lone_key(value, "typed")


def test_a_value_with_words_around_it_is_left_to_the_text_rules() -> None:
    assert not lone_key("echo QuyijkwNEzPGfu", "typed")


def test_a_lone_key_is_remembered_for_the_trace() -> None:
    trace = test_id("trace")
    secret = "QuyijkwNEzPGfu"
    redaction = DictRedaction(Redactor(), TraceMemory())
    pasted = {"event_id": test_id("e1"), "seq": 1, "ts_ms": 1, "type": "terminal_command",
              "payload": {"cwd": "/w", "command": secret}}  # fmt: skip
    out = redaction.event(pasted, None, trace)
    assert out["payload"]["command"] == f"[REDACTED:{LONE_VALUE_RULE}]"
    assert out["redaction"].counts == {LONE_VALUE_RULE: 1}
    later = {"event_id": test_id("e2"), "seq": 2, "ts_ms": 2, "type": "thought",
             "payload": {"content_text": f"typed {secret} into the prompt by mistake"}}  # fmt: skip
    assert secret not in redaction.event(later, None, trace)["payload"]["content_text"]


@pytest.mark.parametrize("key", sorted(NAMES_WITHOUT_IDS))
def test_an_id_where_a_platform_or_a_tool_is_named_goes(key: str) -> None:
    """Eighteenth session: an OS, an IDE, a language, a time zone, a dataset or a version is
    never named by a UUID or a run of hex, so a Heroku key (a UUID) planted there goes; the
    names themselves stay."""
    redaction = DictRedaction(Redactor())
    for secret in ("832d2129-a846-4e27-99f4-7004b6ad53ef", HEX_KEY):
        caught, how = field_verdict(key, secret, redaction)
        assert caught and how == "redacted", f"{secret!r} in {key}: {how}"
    for name in ("Ubuntu 22.04.3 LTS", "IU-233.13135.103", "Windows 11 Pro 10.0.22631",
                 "Europe/Berlin", "princeton-nlp/SWE-bench_Verified", "3.11.7"):  # fmt: skip
        caught, _ = field_verdict(key, name, redaction)
        assert not caught, f"{name!r} in {key} was altered"


def test_a_uuid_in_a_branch_name_stays() -> None:
    """Branches may be named by ids (an agent's ``copilot/fix-<uuid>``): not listed."""
    assert "fixtrace.EventContext.branch" not in NAMES_WITHOUT_IDS
    value = "copilot/fix-0f8fad5b-d9cb-469f-a165-70867728950e"
    caught, _ = field_verdict("fixtrace.EventContext.branch", value, DictRedaction(Redactor()))
    assert not caught

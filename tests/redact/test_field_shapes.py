"""No field escapes: every string field of the wire records is scanned or has a strict shape.

The field list is read from the Avro schemas (``schemas.fields.string_fields``), so a field
added later fails ``test_every_schema_string_field_is_classified`` until it is classified.
A secret planted in any field of any event type is either refused at the boundary (the
model: the gateway's 422 and the SDK's exception; the stream's decode: a dead letter with
the reason) or redacted before storage.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from pydantic import ValidationError

from bench.redact_corpus.public.score import event_fields, field_verdict
from bench.samples import FULL_PAYLOADS
from schemas.codec import encode_dict
from schemas.fields import FIELD_SHAPES, string_fields, unclassified
from schemas.models import Event, EventBatch
from schemas.shapes import DROPPED, SHAPES, SHORT_TEXT, TEXT
from streams.decode import Decoded, Source, decode_one
from streams.redact import Redactor
from streams.redact_events import DictRedaction
from tests.ids import test_id

TRACE = test_id("t-1")
KEY = TRACE.encode()

PLANTED = (
    "ghp_R2d4x0ZkQpL9mN3vB7cT1yH6jF8sW5aE0uIo",  # GitHub token
    "sk_live_4eC39HqLyjWDarjtT1zdp7dcXk3jd8fQ",  # Stripe secret key
    "AKIAZ4WQ7NUMV3XKJ2PB",  # AWS access key id
    "2ELRAUEF-NB06CX0R-ZGXL88HF-BX8B77S6",  # a key written in groups (trufflehog fixture)
    "3e687efb-1561-ecee-3d5a-e989224e7276",  # UUID-shaped key without a UUID's version
    "d41d8cd98f00b204e9800998ecf8427e",  # a 32-hex key
)
UUID_SHAPED_KEY = PLANTED[4]
"""Refused in every shaped field but the ``id`` fields of other systems' ids (actor,
developer, correlation, client session), which take any lower-case UUID
(``UUID(int=random.getrandbits(128))`` prints so): a limit ``schemas.shapes`` states."""


def test_every_schema_string_field_is_classified() -> None:
    assert len(string_fields()) > 80
    assert unclassified() == []


def test_shape_examples_and_rejects() -> None:
    for shape in SHAPES.values():
        for value in shape.examples:
            assert shape.why_not(value) is None, (shape.name, value)
        for value in shape.rejects:
            assert shape.why_not(value) is not None, (shape.name, value)


SCANNED = tuple(k for k in event_fields() if FIELD_SHAPES[k] in (TEXT, SHORT_TEXT))
SHAPED = tuple(k for k in event_fields() if FIELD_SHAPES[k] in SHAPES)
DROPPED_FIELDS = tuple(k for k in event_fields() if FIELD_SHAPES[k] == DROPPED)


def test_the_planted_fields_are_every_field_a_client_sends() -> None:
    """The batch envelope, its producer info and the finalize marker too, not only events
    and the trace-opened record: the list is the schema's."""
    assert set(event_fields()) == set(string_fields())
    assert set(DROPPED_FIELDS) == {
        "fixtrace.ProducerInfo.client",
        "fixtrace.ProducerInfo.version",
        "fixtrace.ProducerInfo.host",
    }


SHAPED_AND_PLANTED = [
    (key, secret)
    for key in SHAPED
    for secret in PLANTED
    # a lower-case UUID is an id (test_a_uuid_without_version_bits_is_an_id)
    if not (secret == UUID_SHAPED_KEY and FIELD_SHAPES[key] == "id")
]


@pytest.mark.parametrize(("key", "secret"), SHAPED_AND_PLANTED)
def test_a_secret_in_a_shaped_field_is_refused_at_the_boundary(key: str, secret: str) -> None:
    caught, how = field_verdict(key, secret, DictRedaction(Redactor()))
    assert caught and how == "rejected", f"{secret!r} in {key} ({FIELD_SHAPES[key]}): {how}"


@pytest.mark.parametrize("secret", PLANTED[:3])
@pytest.mark.parametrize("key", SCANNED)
def test_a_token_in_a_text_field_is_redacted(key: str, secret: str) -> None:
    """Bare provider tokens (their prefix says what they are) are found in any text field."""
    caught, how = field_verdict(key, secret, DictRedaction(Redactor()))
    assert caught, f"{secret!r} in {key} reached storage ({how})"


OPEN_ID_FIELDS = tuple(k for k in SHAPED if SHAPES[FIELD_SHAPES[k]].scanned)
TOKENS_OF_SHORT_PARTS = (
    "HRKU-650c1dee-447c-40c5-a42b-9844daa53837",  # Heroku (fresh16's CredSweeper sample)
    "glcbt-1375_cgpAsnEmP-79kcfRLyK_",  # GitLab CI build token
    "pat-na2-c2b1638d-9ab0-4572-8130-b289b2a5982f",  # HubSpot private app token
    "px-api-c20a3cba-d3c9-45c1-a557-8864040b8f79",  # New Relic Pixie key
)


def test_the_open_id_fields_are_the_actor_developer_and_correlation_ids() -> None:
    assert set(OPEN_ID_FIELDS) == {
        "fixtrace.Actor.id",
        "fixtrace.Developer.developer_id",
        "fixtrace.EventContext.correlation_id",
    }


@pytest.mark.parametrize("secret", TOKENS_OF_SHORT_PARTS)
@pytest.mark.parametrize("key", OPEN_ID_FIELDS)
def test_a_token_that_fits_an_open_id_is_redacted(key: str, secret: str) -> None:
    """An open id's characters fit tokens made of short parts, which its shape takes for a
    name (``run-<uuid>``): the stream runs the text rules over it as well."""
    assert SHAPES[FIELD_SHAPES[key]].why_not(secret) is None, "the shape alone lets it in"
    caught, how = field_verdict(key, secret, DictRedaction(Redactor()))
    assert caught and how == "redacted", f"{secret!r} in {key}: {how}"


@pytest.mark.parametrize("value", SHAPES["id"].examples)
@pytest.mark.parametrize("key", OPEN_ID_FIELDS)
def test_an_open_id_is_stored_as_sent(key: str, value: str) -> None:
    caught, _ = field_verdict(key, value, DictRedaction(Redactor()))
    assert not caught, f"{value!r} in {key} was altered"


@pytest.mark.parametrize("secret", (*PLANTED, "Winter2024!x", "castle99x"))
@pytest.mark.parametrize("key", DROPPED_FIELDS)
def test_a_secret_in_the_producer_info_is_stored_nowhere(key: str, secret: str) -> None:
    """Planted in an encoded batch and run through the whole prepare step: no event row,
    finalize record or memory row it hands to storage holds the value."""
    caught, how = field_verdict(key, secret, DictRedaction(Redactor()))
    assert caught and how == "redacted", f"{secret!r} in {key}: {how}"


WORD_PASSWORDS = ("castle99x", "Winter2024Q", "falcon_42Q", "main", "hunter2")


@pytest.mark.parametrize("secret", WORD_PASSWORDS)
@pytest.mark.parametrize(
    "key", [k for k in SHAPED if FIELD_SHAPES[k] in ("revision", "digest", "git_object")]
)
def test_a_word_password_in_a_revision_or_digest_field_is_refused(key: str, secret: str) -> None:
    """A revision is ``git rev-parse`` output (hex) or ``unknown``, a digest names its
    algorithm: a password made of words and digits fits neither."""
    caught, how = field_verdict(key, secret, DictRedaction(Redactor()))
    assert caught and how == "rejected", f"{secret!r} in {key}: {how}"


def test_every_event_field_is_scanned_shaped_or_dropped() -> None:
    """No class of field is stored unread: the grading spec (``EvalSpec``) is scanned too."""
    classes = {FIELD_SHAPES[k] for k in event_fields()}
    assert classes <= {TEXT, SHORT_TEXT, DROPPED, *SHAPES}
    assert len(SCANNED) + len(SHAPED) + len(DROPPED_FIELDS) == len(event_fields())
    assert "fixtrace.EvalSpec.fail_to_pass[]" in SCANNED
    assert "fixtrace.EvalSpec.instance_id" in SCANNED


def _event(etype: str, **payload: Any) -> dict[str, Any]:
    base = copy.deepcopy(FULL_PAYLOADS[etype])
    base.update(payload)
    return {"event_id": "0f8fad5b-d9cb-469f-a165-70867728950e", "seq": 1, "ts_ms": 1,
            "type": etype, "payload": base}  # fmt: skip


def test_nul_in_text_or_id_is_refused_by_the_model() -> None:
    with pytest.raises(ValidationError, match="NUL"):
        Event.model_validate(_event("terminal_command", command="ls\x00 -la"))
    bad_id = {**_event("thought"), "event_id": "e\x001"}
    with pytest.raises(ValidationError, match="NUL"):
        Event.model_validate(bad_id)


def _record(events: list[dict[str, Any]]) -> bytes:
    """An EventBatch encoded without the models (as a foreign producer could send it)."""
    good = EventBatch.model_validate(
        {"trace_id": TRACE, "events": [_event("thought", content_text="fine")]}
    ).model_dump(mode="json")
    template = good["events"][0]
    full = [{**template, **e, "payload": {**template["payload"], **e["payload"]}} for e in events]
    for i, e in enumerate(full, 1):
        e["seq"] = i
        e["event_id"] = e.get("event_id") or test_id(f"e-{i}")
    return encode_dict("fixtrace.EventBatch", {**good, "events": full})


@pytest.mark.parametrize(
    ("etype", "field", "value"),
    [
        ("terminal_command", "shell", PLANTED[0]),
        ("test_run", "runner", PLANTED[1]),
        ("terminal_command", "env_hash", PLANTED[5]),
        ("thought", "content_text", "a\x00b"),
    ],
)
def test_stream_decode_dead_letters_a_bad_shape_and_keeps_the_rest(
    etype: str, field: str, value: str
) -> None:
    good = _event("thought", content_text="kept")
    bad = _event(etype, **{field: value})
    data = _record([good, bad])
    out = decode_one(Source("raw", 0, 7, KEY, data))
    assert isinstance(out, Decoded), out
    assert [e["payload"].get("content_text") for e in out.record.events] == ["kept"]
    assert out.dead is not None and field in out.dead.reason, out.dead
    assert value not in out.dead.reason, "the reason names the field, never the value"


@pytest.mark.parametrize(
    "bad_id", ["ghp_R2d4x0ZkQpL9mN3vB7cT1yH6jF8sW5aE0uIo", "e-2", "castle99x", PLANTED[4]]
)
def test_stream_event_ids_are_uuids_and_anything_else_is_dead_lettered(bad_id: str) -> None:
    """Event ids are minted by fixtrace's clients (RFC 9562 UUIDs); the batch-wide check
    only speeds the usual case, and an id of another form is dead-lettered alone."""
    uuid_id = "0f8fad5b-d9cb-469f-a165-70867728950e"
    ok = [_event("thought", content_text="a") | {"event_id": i} for i in (uuid_id, test_id("b"))]
    out = decode_one(Source("raw", 0, 1, KEY, _record(ok)))
    assert isinstance(out, Decoded) and out.dead is None and len(out.record.events) == 2
    bad = [_event("thought", content_text="a") | {"event_id": i} for i in (uuid_id, bad_id)]
    out = decode_one(Source("raw", 0, 2, KEY, _record(bad)))
    assert isinstance(out, Decoded) and out.dead is not None
    assert "event_id" in out.dead.reason and bad_id not in out.dead.reason
    assert [e["event_id"] for e in out.record.events] == [uuid_id]


def test_sdk_refuses_an_envelope_out_of_shape() -> None:
    from producers.sdk.client import _check_envelope
    from producers.sdk.errors import SdkError

    _check_envelope("0f8fad5b-d9cb-469f-a165-70867728950e", {"id": "vscode"}, {"branch": "main"})
    for args in ((PLANTED[0], None, None), (None, {"id": PLANTED[1]}, None),
                 (None, None, {"correlation_id": PLANTED[3]})):  # fmt: skip
        with pytest.raises(SdkError) as err:
            _check_envelope(*args)
        assert not any(p in str(err.value) for p in PLANTED), "the message never echoes it"


def test_sdk_payload_models_refuse_a_shaped_field() -> None:
    from schemas.payloads import TerminalCommand

    with pytest.raises(ValidationError, match="shell"):
        TerminalCommand(cwd="/w", command="ls", shell=PLANTED[0])


RANDOM_UUID = "3e687efb-1561-ecee-3d5a-e989224e7276"  # str(UUID(int=random.getrandbits(128)))
MIXED_CASE_UUID = "444b05A5-3c4f-cd9c-26df-21eac3f8907a"  # a key's form: no printer mixes case


def test_a_uuid_without_version_bits_is_refused_in_every_id_field() -> None:
    """Issue 29, fifth session: ids of other systems (actor, developer, correlation) and the
    ids fixtrace's clients mint (event, trace, client session, the links between events)
    take a UUID only with RFC 9562's version and variant bits. uuid4, uuid5, uuid7 and
    databases' ``gen_random_uuid`` all print those; 13 UUID-shaped fixture keys
    (trufflehog's kucoin, mux, opsgenie...) lack them. A mixed-case one is a key too."""
    import uuid

    minted = test_id("minted")
    for i in (str(uuid.uuid4()), test_id("other"), "run-" + str(uuid.uuid4())):
        event = _event("thought", content_text="a") | {
            "event_id": minted, "actor": {"id": i}, "context": {"correlation_id": i}
        }  # fmt: skip
        Event.model_validate(event)
    for i in (RANDOM_UUID, MIXED_CASE_UUID):
        with pytest.raises(ValidationError, match="event_id"):
            Event.model_validate(_event("thought") | {"event_id": i})
        with pytest.raises(ValidationError, match="actor.id"):
            Event.model_validate(_event("thought") | {"event_id": minted, "actor": {"id": i}})


def test_a_uuid_without_version_bits_is_refused_in_a_name_field() -> None:
    from schemas.payloads import TerminalCommand

    with pytest.raises(ValidationError, match="shell"):
        TerminalCommand(cwd="/w", command="ls", shell="a" + RANDOM_UUID[1:])


def test_sdk_refuses_a_uuid_without_version_bits_in_any_id() -> None:
    from producers.sdk.client import _check_envelope
    from producers.sdk.errors import SdkError

    _check_envelope(None, {"id": test_id("actor")}, {"correlation_id": test_id("request")})
    for uuid_like in (RANDOM_UUID, MIXED_CASE_UUID):
        with pytest.raises(SdkError, match="event_id"):
            _check_envelope(uuid_like, None, None)
        with pytest.raises(SdkError, match="id"):
            _check_envelope(None, {"id": uuid_like}, None)
        with pytest.raises(SdkError, match="correlation_id"):
            _check_envelope(None, None, {"correlation_id": uuid_like})


KEY_FORMS = (
    "A3-ASWWYB-798JRY-LJVD4-23DC2-86TVM-H43EB",  # 1Password secret key (gitleaks)
    "IZAT6SA-AJUQES1-BZWZYWJ-VDIXPVG",  # trufflehog requestfinance
    "xoxs-416843729158-132049654-5609968301-e708ba56e1",  # legacy Slack token (gitleaks)
    "9734741337193905126710251",  # trufflehog vbout: 25 digits
    "xoxa-23984754863-2348975623111",  # secretlint: a Slack token of ids (sixth session)
    "ec04a635:b5f7de0c",  # SonarSource: Sidekiq Pro's gem source user:password (sixth)
)
"""Short-field leaks of the public corpus closed by shape in issue 29's third session (and
the two of the sixth)."""


@pytest.mark.parametrize("secret", KEY_FORMS)
@pytest.mark.parametrize(
    "key", [k for k in SHAPED if FIELD_SHAPES[k] not in ("revision", "digest", "git_object")]
)
def test_licence_key_slack_and_numeric_key_forms_are_refused(key: str, secret: str) -> None:
    if FIELD_SHAPES[key] != "id" and not SHAPES[FIELD_SHAPES[key]].regex.fullmatch(secret):
        pytest.skip("the shape's pattern alone refuses it")
    caught, how = field_verdict(key, secret, DictRedaction(Redactor()))
    assert caught and how == "rejected", f"{secret!r} in {key}: {how}"


def test_a_url_with_a_password_is_not_an_id() -> None:
    assert (
        SHAPES["id"].why_not("amqps://user123:pass456@rabbitmq-host.example.com:5672/v") is not None
    )
    assert SHAPES["id"].why_not("https://github.com/psf/requests") is None


@pytest.mark.parametrize(
    ("shape", "value"),
    [
        ("id", "105018969871610296470"),  # a Google account id: 21 digits
        ("id", "18446744073709551615"),  # the largest unsigned 64-bit id
        ("id", "ECDHE-RSA-AES128-GCM-SHA256"),  # a cipher suite
        ("id", "WIN-10-22H2-X64-ENTERPRISE"),
        ("id", "KB5034441-X64-WINDOWS-2024"),
        ("id", "PROJ-1234"),
        ("id", "git@github.com:psf/requests.git"),
        ("version", "2024.05.01-rc1"),
    ],
)
def test_look_alikes_of_the_key_forms_fit(shape: str, value: str) -> None:
    assert SHAPES[shape].why_not(value) is None

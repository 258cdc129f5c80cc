"""Context-weighted key decisions (``streams.redact.context``): bare values next to secret
words are keys, the same forms next to id words, in code or in public material stay.

The values are the corpus's kinds of key (short random ids, punctuated passwords,
``user:password``, hex keys, base64 of a credential) written in sentences and code of our
own, not the corpus's carrier templates.
"""

from __future__ import annotations

import base64
import re

import pytest

from streams.redact import RedactionConfig, Redactor
from streams.redact.context import ID_CONTEXT, SECRET_CONTEXT, key_spans

BASIC = base64.b64encode(b"deploy:Zx8#kq2LmP9w").decode()
LONG_RUN = "Qx7" + "aB3dE5fG7hJ9kL2mN4pQ6rS8tU0vW1xY3zA5bC7dE9fG2hJ4kL6mN8p" * 5


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Using the staging credentials 11XQ98FVS8WI we get nothing back", "11XQ98FVS8WI"),
        ("my token is vZrEclFwOqeA, please rotate it", "vZrEclFwOqeA"),
        ("the password elastic:P@ssw0rd$1 fails since Monday", "elastic:P@ssw0rd$1"),
        ("the webhook secret sk_ubb4yN3mzqGR2x8#P7r5&@*xC$utE is wrong", "ubb4yN3mzqGR2x8"),
        ("Copied 6dca64e2b7c94a1f8e3d2c1b0a998877 out of the dashboard", "6dca64e2b7c94a1f"),
        ("the API rejects 26f5fd7a3b2c4d5e6f708192a3b4c5d6 since noon", "26f5fd7a3b2c4d5e"),
        ("I revoked 9d57fe072befa4df542f1014f9d253699aa01 this morning", "9d57fe072befa4df"),
        (
            "if I hardcode 1122be45ae1bdd11f40d1ed29a25cbdcc70920c7 in the constructor",
            "1122be45ae1b",
        ),
        ("The fixture hard-codes 'c7d3c5b3bb87a43f6ecb66b93b467248a7914b9c' so", "c7d3c5b3bb87"),
        (f"the credentials {BASIC} come from the vault", BASIC),
        (
            'svc = Service("2c57b42d056b3409b664000fec80af90")\nAuthError: 401 Unauthorized',
            "2c57b42d056b3409",
        ),
        (
            "-  client = Client(os.environ['GEO_TOKEN'])\n+  client = Client('LAwdpRpHOnYE0Wyc')",
            "LAwdpRpHOnYE0Wyc",
        ),
        (
            "The salesforce key 00MMW9rRmrlVvBi!gZTTPUfk_nkghR_01qsw3NdcHTeDF8dQKWJmiOcfSjfdy "
            "is revoked",
            "00MMW9rRmrlVvBi",
        ),
        (f"api token:\n{LONG_RUN}\n", LONG_RUN[:40]),
        (
            "pasted the 1c73ff35-2415-fc58-8712-3d24f00cbe2a key into settings",
            "1c73ff35-2415-fc58",
        ),
    ],
)
def test_values_next_to_secret_words_are_keys(text: str, secret: str) -> None:
    out = Redactor().redact_text(text)[0]
    assert secret not in out, out


@pytest.mark.parametrize(
    "text",
    [
        "fixed in commit 8fd61e953ce814446c36975623c3d77aa97cc35c, the api key works again",
        "the token refresh failed: request id 7e1e818a2bc5504259bd8bf2465e1d81",
        'ui_port: int = Field(8080, description="Port")  # beside ui_token',
        '    raise IncorrectPassphraseError("bad passphrase")',
        "# key_spec is 'ECC_NIST_P256' or 'ECC_SECG_P256K1'",
        "PBKDF2WithHMAC-SHA1AndAES128 is the algorithm for the key",
        '{"input_token": "NextToken", "page_token": "AMEw9yO5jnsGnZJLHSKDFHJJu"}',
        'headers = {"Sec-WebSocket-Key": "k9kFAUWNAMmf5OEMfTlOEA=="}',
        "  - uses: docker/login-action@3d3c42e5aac5ba805825da76410c181273ba90b1 # v3",
        "    return self._nodes[key]\nKeyError: '8eee35be-f09a-11e5-9ae0-34363b5dfe74'",
        # (a Secret's data value, base64 of "data-value1", stayed here until the thirteenth
        # session: the manifest says it is secret, and k8s_secret_data takes it)
        "kind: SopsSecret\ndata:\n  data-name1: ZGF0YS12YWx1ZTE=\n",  # gitleaks' fp kind
        "mozilla_wgjak470\npulse-PKdhtXMmr18n\n[REDACTED:high_entropy_token]\n",
        "the signing key for Curve25519 and x509Certificate tests",
        "SUMO_ACCESS_KEY=${SUMO_ACCESS_KEY:=$2}",
        "Bad password for file '1d4c6b1f0a9e8d7c6b5a4f3e2d1c0b9a.XML'",
        "pub = unhexlify('19bf44096984cdfe8541bac167dc3b96c85086aa30b6b6cb0c5c38ad7')  # public",
        '"test_requests.py::RequestsTestCase::test_BASICAUTH_TUPLE", "test_requests.py::Case::t"',
        'File "C:\\Python27\\lib\\site-packages\\pycparser\\c_parser.py", in p_error(token)',
        "the credentials live in arn:aws:kms:us-east-1:123456789012:key/abcd1234ef via Fn::GetAtt",
        "FAILED tests/test_mark_tokens.py::TestMarkTokens::test_decorators - token NAME",
    ],
)
def test_ids_code_and_public_material_stay(text: str) -> None:
    assert Redactor().redact_text(text)[0] == text


@pytest.mark.parametrize("group", SECRET_CONTEXT + ID_CONTEXT, ids=lambda g: g.name)
def test_every_context_group_matches_its_examples(group) -> None:  # type: ignore[no-untyped-def]
    words = re.compile(r"(?<![a-z0-9])(?:" + group.words + r")(?![a-z])")
    for example in group.examples:
        low = example.lower()
        found = words.search(low) or (group.name == "secret_noun" and key_spans(example))
        assert found, (group.name, example)


def test_the_gated_finder_gives_the_same_findings_in_both_scans() -> None:
    """The contextual rule runs its own finder where a secret noun is; the full scan runs it
    on every string: the findings must agree (the pre-check only saves time)."""
    fast, full = Redactor(), Redactor(RedactionConfig(precheck=False))
    texts = [
        "Using the staging credentials 11XQ98FVS8WI we get nothing back",
        "no noun here: 11XQ98FVS8WI",
        "KeyError: 'vZrEclFwOqeA'",
        "the keys() of vZrEclFwOqeA",
    ]
    for text in texts:
        assert fast.redact_text(text) == full.redact_text(text), text


def test_a_short_value_needs_a_secret_noun_or_a_handling_verb() -> None:
    """A short random value goes right after a secret noun or after what people do to a
    credential (pasted, rotated, rejects, revoked: since the fifth session); after other
    words it stays (the finders run only where one of those words is)."""
    assert "11XQ98FVS8WI" not in Redactor().redact_text("kanban rejects 11XQ98FVS8WI")[0]
    assert Redactor().redact_text("kanban shows 11XQ98FVS8WI")[0].endswith("11XQ98FVS8WI")


def test_unfiltered_nouns_have_no_trigger_context() -> None:
    """The contextual finder skips a noun the pre-check did not count only when the
    pre-check counts it wherever it occurs (no context regex narrows it)."""
    from streams.redact.context import NOUN_LITERALS, UNFILTERED_NOUNS
    from streams.redact.triggers import TRIGGER_CONTEXTS

    assert set(NOUN_LITERALS) >= UNFILTERED_NOUNS
    assert not UNFILTERED_NOUNS & set(TRIGGER_CONTEXTS)


def test_an_id_word_on_a_hex_value_line_names_it_a_digest() -> None:
    """BSD ``md5`` output names a file that may hold a secret word: the line is a digest."""
    text = "MD5 (token_widget.tar.gz) = 1a04df8a6230614f8741d42a3acb5e3b"
    assert Redactor().redact_text(text)[0] == text


def _language(pattern: str) -> set[str]:
    """Every string a finite regex (alternation, optional groups, classes) matches."""
    import re._parser as sre_parse  # type: ignore[import-not-found]

    def seq(items: list) -> set[str]:
        out = {""}
        for op, arg in items:
            out = {a + b for a in out for b in node(op, arg)}
        return out

    def node(op: object, arg: object) -> set[str]:
        name = str(op)
        if name == "LITERAL":
            return {chr(arg)}  # type: ignore[arg-type]
        if name == "IN":
            chars: set[str] = set()
            for kind, val in arg:  # type: ignore[union-attr]
                assert str(kind) == "LITERAL", f"class item {kind} is not enumerable here"
                chars.add(chr(val))
            return chars
        if name == "BRANCH":
            return set().union(*(seq(list(b)) for b in arg[1]))  # type: ignore[index]
        if name == "SUBPATTERN":
            return seq(list(arg[-1]))  # type: ignore[index]
        if name == "MAX_REPEAT":
            low, high, sub = arg  # type: ignore[misc]
            assert high <= 1, "only optional parts keep the language finite"
            return ({""} if low == 0 else set()) | seq(list(sub))
        raise AssertionError(f"unexpected regex node {name}")

    return seq(list(sre_parse.parse(pattern)))


def test_every_secret_context_word_holds_one_of_its_literals() -> None:
    """The gate before the entropy rule's second reading looks for the groups' literals
    only: a word added to a group without a literal would silently never count there."""
    from streams.redact.context import _CONTEXT_LITERALS, SECRET_CONTEXT

    for group in SECRET_CONTEXT:
        words = _language(group.words)
        assert words, group.name
        for word in words:
            assert any(lit in word for lit in group.literals), (group.name, word)
        assert set(group.literals) <= set(_CONTEXT_LITERALS)


@pytest.mark.parametrize(
    "text",
    [
        "The heroku key c55dbac4-e0e8-4a06-b892-75cac2387ce5 gets a 401 now",
        "Using sauce credentials 2397f603-c2c4-4897-a8ca-587ace5dc8dd for tenant acme-prod",
        'the postmark token is "c2321bd2-5a8f-46f2-b8fb-dbc706bd6923"',
        "the api key 69226474-9636-4e8c-9eaf-484d1515ba5d",  # an id before the fifth session
    ],
)
def test_a_uuid_right_after_a_secret_noun_is_the_key(text: str) -> None:
    """Heroku, Postmark and Sauce Labs keys are RFC UUIDs: right after the noun, one is
    the key it names."""
    import re

    uuid = re.search(r"[0-9a-f]{8}-[0-9a-f-]{27}", text)
    assert uuid and uuid.group(0) not in Redactor().redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "idempotency key c55dbac4-e0e8-4a06-b892-75cac2387ce5 reused",
        "Idempotency-Key: c55dbac4-e0e8-4a06-b892-75cac2387ce5",
        "partition_key=c55dbac4-e0e8-4a06-b892-75cac2387ce5",
        "the S3 object key c55dbac4-e0e8-4a06-b892-75cac2387ce5 was not found",
        "the key for request 7e1e818a-2bc5-4042-9b8f-8bf2465e1d81 expired",
        "token refresh failed for session c55dbac4-e0e8-4a06-b892-75cac2387ce5",
    ],
)
def test_a_uuid_after_a_data_key_or_an_id_word_stays(text: str) -> None:
    assert Redactor().redact_text(text)[0] == text


def test_a_uuid_pasted_from_a_dashboard_goes_and_a_request_id_stays() -> None:
    uuid = "4b18315e-6b7d-4337-b449-5d38f5a189ec"
    for text in (f"Pasted {uuid} from the mongodb dashboard", f"I rotated {uuid} this morning"):
        assert uuid not in Redactor().redact_text(text)[0]
    for text in (
        f"request {uuid} failed, see the console",
        f"copied trace id {uuid} from the dashboard",
        f"request {uuid} was rejected for this scope",
    ):
        assert Redactor().redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Pasted Xk3j9aBcDe0f from the dashboard", "Xk3j9aBcDe0f"),
        ("I rotated k3v9q0x2m7w4b8 yesterday", "k3v9q0x2m7w4b8"),
        ("acme revoked 11XQ98FVS8WI this morning", "11XQ98FVS8WI"),
    ],
)
def test_key_material_right_after_a_handling_verb_goes(text: str, secret: str) -> None:
    assert secret not in Redactor().redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "the server rejects TLS1_2_VERSION here",
        "copied build-4f2a9c1 to staging",
        "Pasted traceback_2024 from the log",
        "I rotated logs_v2_backup yesterday",
    ],
)
def test_names_after_a_handling_verb_stay(text: str) -> None:
    assert Redactor().redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("BEAMER_KEY=b_ByDfulghxvvmHbArJSFfQhxemJPQHOwplxuydlKEEbfe", False),  # Kingfisher
        ('"mux_key": "hJqTrVbXnMzLkWpRsYdFgHcV"', False),
        ("beamer_key: created_at", True),
        ("SORT_KEY=user_account_name_value", True),
        ("BEAMER_KEY=MyVeryLongClassNameForThings", True),  # a name: vowels in its parts
    ],
)
def test_a_services_key_of_mixed_case_letters_goes_behind_a_short_prefix(
    text: str, kept: bool
) -> None:
    """``<service>_KEY=`` with 16+ mixed-case letters of few vowels is a key, also after a
    short ``x_`` prefix (twelfth session); snake-case names and CamelCase words stay."""
    assert (Redactor().redact_text(text)[0] == text) is kept


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("COINLIB_KEY=seugeupfknprstoe", False),  # trufflehog's coinlib fixture
        ("coinlib_key: seugeupfknprstoe", False),
        ('"result_key": "partnerships"', True),  # a paginator's: few vowels, short clusters
        ("SORT_KEY=lastmodified", True),
        ("beamer_key: capabilities", True),
    ],
)
def test_a_services_key_of_drawn_letters_goes(text: str, kept: bool) -> None:
    """``<service>_KEY=`` with 12+ letters of one case and five consonants in a row is a key
    typed at random; words and names joined in one case stay."""
    assert (Redactor().redact_text(text)[0] == text) is kept


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ('props.set("airtable_key", "key6yLyCekATg67Ts")', False),  # SonarSource's examples
        ('props.set("scaleway-key", "2404784b-b2ff-436d-a59b-11922d6034cb")', False),
        ('headers.set("Idempotency-Key", "2404784b-b2ff-436d-a59b-11922d6034cb")', True),
        ('params.put("sort_key", "created_at")', True),
        ('map.set("cache_key", "user:42")', True),
    ],
)
def test_a_setter_given_a_services_key_takes_key_material_only(text: str, kept: bool) -> None:
    """``props.set("<service>_key", "…")`` is ``key_assignment``'s: the value must look like
    key material, and a data key's name (idempotency, sort, cache) keeps it."""
    assert (Redactor().redact_text(text)[0] == text) is kept


def test_a_hex_pair_given_to_a_key_or_a_client_goes() -> None:
    """Sidekiq's gem credentials (``user:password`` in hex) given to a service's key name
    or built into a client (SonarSource's sidekiq example); a data key keeps its pair."""
    for text in ('client = Client("ec04a635:b5f7de0c")', "SIDEKIQ_KEY=ec04a635:b5f7de0c"):
        assert "ec04a635:b5f7de0c" not in Redactor().redact_text(text)[0]
    kept = 'cache_key = "deadbeef:cafebabe"'
    assert Redactor().redact_text(kept)[0] == kept


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ('client = Client("sug5XpdpaoxtOH")', False),  # gitleaks sumologic: a key said alone
        ("GENERIC_KEY=super$ecret", False),  # Nosey Parker generic: a password's sign
        ('client = Client("us-east-1")', True),
        ('c = Client("MyServiceName1")', True),
        ("ROUTING_KEY=orders.*", True),
    ],
)
def test_a_client_literal_or_a_services_key_read_as_said_or_as_a_password(
    text: str, kept: bool
) -> None:
    assert (Redactor().redact_text(text)[0] == text) is kept

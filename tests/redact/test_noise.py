"""``generated_noise``: values drawn from every printable sign, and the code that is not.

Positives are real values of public sources (each commented with it); negatives are code,
regexes and markup of the kinds the rule's marks were measured against (installed
packages' files, ``bench/redact_real_text.py``).
"""

from __future__ import annotations

import pytest

from streams.redact import Redactor
from streams.redact.noise import dense_signs, encoded_polyline, is_generated

R = Redactor()

GENERATED = (
    "Y>Y9.5Ch0-3cq|=vbus[IeF(OJ9yZ|SQ#:iG;NSa+GJmj",  # leaky-repo's wp-config AUTH_KEY
    "Q$:B]zZjN-AdT<>h7V1.vm+k^|}2wVZf]Xw#QEZ[-pSohv+Kj0W-Z|:|g$-+E8:8",  # leaky-repo
    "zh!=!gq(w^_t[sBR29954x)HI+$ehwss*xYNQeu([xcWMhdzzr",  # leaky-repo's Django settings
    "s&lvybzry1*k+qq)=x-!=0yd5l5#1gxzk!82@ru25*ntos1_9^",  # Sonar's settings.py example
    "gSbDu-wAE7ZL#[tG4'jfx><HFdVk;5a",  # Bearer's java-hardcoded-secret test
    "hV#;N.F9j}'v5Y-XJc])P*",  # Bearer
    "A:J$NL9~6:u:L$_:VO4tf))h#v0i}O",  # trufflehog's ldap test
    "gVmMTdkwLwmZljcIOXhEmuZ='.jD#=-;|9tD!r^6('",  # trufflehog's postgres test
    "u@D7GXt)t>8d(LtH^(lvZ<g=",  # trufflehog's d7network test
    "7`D'}/vYR)T;W\\5]EBrf;_&k>qX??]G&3CF=;@vyrVBp[$_hK4^?{qT/EglJe[FYjp:IPgl_t$%r",  # NP
)

WRITTEN = (
    "Add(*[Mul(*args[:i]",  # sympy
    "sqrt(6)*|2,2,j1=1,j2=1,j3=1,j(1,3)=2>/6",  # sympy's kets
    "A_d0*A_d1*A_d2*A^d2*A^d1*A^d0;",  # sympy's tensor tests
    "0}/v2/apis/(?P<api_id>[^/]+)/cors$",  # moto's URL regex
    'rf"({msg1}|{msg2}|{msg3}|{msg4}|{msg5}|{msg6}|{msg7}|{msg8})",',  # format fields
    "&lt;em&gt;World&lt;/em&gt;!')",  # markupsafe
    'numpy>=2.0.0,!=2.5.0"',  # a version specifier
    "//${DB_USERNAME:-postgres}:${DB_PASSWORD:-postgres}@${DB_HOST:-db}:${DB_PORT:-5432}/x",
    'world!")->setChannel("#general");',  # PHP
    'amazon.de#@#div[data-cel-widget="desktop-rhf_SponsoredProductsRemoteRHFSearchEXPSub"]',
    "![pixel](data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk)",
    "b}*A^a_d1*A^d1_d0;",  # too short to judge
)


@pytest.mark.parametrize("value", GENERATED)
def test_a_value_drawn_from_every_sign_is_generated(value: str) -> None:
    assert is_generated(value)


@pytest.mark.parametrize("value", WRITTEN)
def test_code_regexes_and_markup_are_not(value: str) -> None:
    assert not is_generated(value)
    assert R.redact_text(value)[0] == value


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("WORDPRESS_SECRET_KEY={v}\nLOG_LEVEL=debug", "WORDPRESS_SECRET_KEY="),
        ('{{"secret_key": "{v}", "debug": true}}', '"debug": true'),
        ("The staging key {v} gets a 401 since Monday.", "gets a 401"),
        ("client = Client('{v}')", "client = Client("),
        ("wp config set AUTH_KEY {v} --raw", "--raw"),
        ("- [x] rotate it (old: {v}).", "rotate it"),
    ],
)
def test_the_value_goes_and_its_carrier_stays(text: str, kept: str) -> None:
    value = GENERATED[0]
    out, found = R.redact_text(text.format(v=value))
    assert "generated_noise" in found
    assert kept in out and "Y>Y9" not in out and "NSa+GJmj" not in out, out


def test_the_pre_check_needs_four_close_rare_signs() -> None:
    assert dense_signs("the value is x=(a);[b]")
    assert not dense_signs("the value is x=(a); [b]")  # a blank between
    assert not dense_signs("plain words, and one (aside).")
    assert not dense_signs("x=(a);[b]")  # under 20 characters: no generated value fits


def test_a_latin_sign_counts_as_a_sign_and_a_word_past_ascii_stays() -> None:
    # Juice Shop's users.yml: a generated password with a section sign inside
    assert is_generated("0Y8rMnww$*9VFYE§59-!Fg1L6t&6lB")
    assert R.redact_text("Größe: ä(ö)ü;ß€x… und (mehr)!")[0] == "Größe: ä(ö)ü;ß€x… und (mehr)!"


@pytest.mark.parametrize(
    "polyline",
    ["_p~iF~ps|U_ulLnnqC_mqNvxq`@", "_izlhA~rlgdF_{geC~ywl@_kwzCn`{nI"],  # precision 5 and 6
)
def test_an_encoded_polyline_is_coordinates_not_a_generated_secret(polyline: str) -> None:
    """negcarried4: Google's encoded polylines (OSRM, Mapbox) draw from ``?``..``~`` as
    generated passwords do; they decode to places. A drawn password does not decode so."""
    assert encoded_polyline(polyline) and not is_generated(polyline)
    assert not encoded_polyline("gSbDu-wAE7ZL#[tG4'jfx><HFdVk;5a")
    text = f"t.equal(polyline.encode(example), '{polyline}');"
    assert Redactor().redact_text(text)[0] == text

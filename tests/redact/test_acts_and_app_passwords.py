# ruff: noqa: E501  (tables of sentences and lines: one per entry reads best)
"""The fortieth session's general readings, each beside its look-alikes.

* A password right after what people do to a credential (``prose.PROSE_ACTED``: pasted,
  copied, rotated, regenerated, leaked, rejects, revoked, hardcode), or right before a 401
  or 403 a service answered to it (``prose.PROSE_STATUS``), read as one told.
* Sixteen drawn lower-case letters, whole or in four groups (``app_passwords``): Gmail's,
  Yahoo's and Apple's app passwords, told from words and names by their letter pairs.

The secrets are values of the corpus' blind sets (fresh170-fresh195) in sentences and
lines of the kinds they came in; the look-alikes are real words, names and prose.
"""

from __future__ import annotations

import random
import string

import pytest

from streams.redact import Redactor
from streams.redact.app_passwords import drawn_app_password
from streams.redact.names import RARE_PAIRS, rare_pairs

R = Redactor()


def assert_gone(text: str, secret: str) -> None:
    out, found = R.redact_text(text)
    assert secret not in out, (out, found)


def assert_kept(text: str) -> None:
    assert R.redact_text(text)[0] == text


ACTED = (
    ("postgres rejects Tyson123 for the root user", "Tyson123"),
    ("Pasted Exata@175 from the portal into the config but the call still fails.", "Exata@175"),
    ("rotated k8Jd9s2LmQ yesterday, the old one still works", "k8Jd9s2LmQ"),
    ("the server rejected `Wukong233.` again", "Wukong233."),
    ("if I hardcode SNOlimit#45 in the constructor it connects", "SNOlimit#45"),
    ("someone leaked 128505Tan in the team chat", "128505Tan"),
    ("The mysql key Tyson123 gets a 401 now, maybe it was rotated yesterday.", "Tyson123"),
    ("curl with k8Jd9s2LmQ returned HTTP 403", "k8Jd9s2LmQ"),
)
ACTED_KEPT = (
    "the server rejects TLSv1.2 and ECDHE-RSA-AES128-GCM-SHA256 now",
    "copied 3f2a9c1e0b from main before the rebase",
    'accessToken = "Bearer <!!!REPLACEME with hard-coded token!!!>"',
    "copied config.yaml from the template",
    "pasted the traceback from CI into the issue",
    "rejected PR-1234 because the tests fail",
    "revoked all sessions for the user",
    "rejects python3.11 wheels on this platform",
    "GET /api/users gets a 401",
    "the request gets a 401 because the token expired",
    "v2.3.1 returns 401 on every call",
)


@pytest.mark.parametrize(("text", "secret"), ACTED)
def test_a_password_right_after_a_credentials_act_goes(text: str, secret: str) -> None:
    assert_gone(text, secret)


@pytest.mark.parametrize("text", ACTED_KEPT)
def test_what_the_acts_take_that_is_no_password_stays(text: str) -> None:
    assert_kept(text)


APP_PASSWORDS = (
    ("spring.mail.password=whibchnwaxdjxkfs", "whibchnwaxdjxkfs"),
    (
        'return new PasswordAuthentication("me@example.com", "hgtlllmdrtoywhli");',
        "hgtlllmdrtoywhli",
    ),
    ("Using gmail credentials jdab pewu hoqn whho for tenant acme-prod", "jdab pewu hoqn whho"),
    (
        "javamail.properties.mail.smtp.password=${MAIL_PASSWORD:reds ccxo nfnb phgm}",
        "reds ccxo nfnb phgm",
    ),
    ('client = Client("zupznsmqdvawnwry")', "zupznsmqdvawnwry"),
    ("The gmail key glmxmanbpehkvilw gets a 401 now", "glmxmanbpehkvilw"),
    ("icloud app password: wxqz-pmvk-tbjr-hfcn", "wxqz-pmvk-tbjr-hfcn"),
)
APP_PASSWORD_LOOK_ALIKES = (
    "window.addEventListener('load', f)  # addeventlistener",
    "an uncharacteristic failure in internationalization",
    "this that with from each",
    "abcdefghijklmnop is the alphabet's start",
    "mask: xxxx xxxx xxxx xxxx",
    "well-made-four-word phrase",
    "sqlalchemyengine readablestreamer jsonwebtokenauth",
    'data = [b"0123456789abcdef", b"zyxwvutsrqponmlk", None]',
    "for l in 'aeioruvxhklmnpst':  # latin subscripts",
    "from .boykovkolmogorov import boykov_kolmogorov",
    '"NamespaceId": "ns-pocfyjtrsmwtvcxx",',
)


@pytest.mark.parametrize(("text", "secret"), APP_PASSWORDS)
def test_an_app_password_goes_whole_or_grouped(text: str, secret: str) -> None:
    assert_gone(text, secret)


@pytest.mark.parametrize("text", APP_PASSWORD_LOOK_ALIKES)
def test_words_names_and_placeholders_of_sixteen_letters_stay(text: str) -> None:
    assert_kept(text)


def test_the_rare_pairs_tell_draws_from_words() -> None:
    """Most draws hold four rare pairs; words and names of code hold none or one."""
    rng = random.Random(7)
    draws = ["".join(rng.choice(string.ascii_lowercase) for _ in range(16)) for _ in range(2000)]
    taken = sum(drawn_app_password(d, d, 0, 16) for d in draws)
    assert taken > 0.9 * len(draws)
    for word in ("addeventlistener", "uncharacteristic", "internationalize", "getelementbyid"):
        assert rare_pairs(word) <= 1, word
    assert len(RARE_PAIRS) > 250 and all(len(p) == 2 for p in RARE_PAIRS)


SHELL_AND_URL_REFERENCES = (
    "      - OPENVPN_PASSWORD=${VPN_PASSWORD:?err}",
    "      test: ${HEALTH_CHECK_OVERRIDE:-curl -fSs http://127.0.0.1:8989/api/system/status?apikey=}${SONARR_API_KEY__SECRET:- }|| exit 1",
)


@pytest.mark.parametrize("text", SHELL_AND_URL_REFERENCES)
def test_a_shell_error_message_and_a_default_closing_before_a_url_value_stay(text: str) -> None:
    """``${NAME:?message}`` gives an error message, not a default (fresh187); a URL
    parameter's value that is ``}`` and the next ``${…}`` is a reference (fresh187)."""
    assert_kept(text)


VERSIONS_UNDER_A_KEYS_NAME = (
    "    image: valkey/valkey:7.2.11-alpine",
    "    implementation 'io.jsonwebtoken:jjwt-api:0.12.6'",
)


@pytest.mark.parametrize("text", VERSIONS_UNDER_A_KEYS_NAME)
def test_a_name_and_version_read_under_a_keys_name_stays(text: str) -> None:
    """``valkey:`` and ``jsonwebtoken:`` end in a secret's noun; what follows is a tag or
    a package's coordinates (fresh186, fresh187)."""
    assert_kept(text)


FORMS_IN_OTHER_LANGUAGES = (
    ('input_senha.send_keys("Exata@175")', "Exata@175"),
    ('driver.find_element(By.ID, "senha").send_keys("Gold@2021")', "Gold@2021"),
    ("cy.get('#passwort').type('Kennwort123!')", "Kennwort123!"),
    ("page.fill('#contrasena', 'Clave2024!')", "Clave2024!"),
)


@pytest.mark.parametrize(("text", "secret"), FORMS_IN_OTHER_LANGUAGES)
def test_a_password_typed_into_a_field_named_in_another_language_goes(
    text: str, secret: str
) -> None:
    assert_gone(text, secret)


def test_a_variable_typed_into_such_a_field_stays() -> None:
    assert R.redact_text("input_senha.send_keys(senha)")[0] == "input_senha.send_keys(senha)"

"""Enum-like fields take a closed vocabulary, so a word-like secret cannot be stored there.

Issue 29's fourth session: the ``name`` shape (letters, digits, ``_.-``) let word-like
passwords of the public corpus through every enum-like field (``castle99x`` as a shell,
``TestSourcePassword`` as a test runner); a closed list per field, plus ``x-`` extension
names, refuses them at the boundary. The ids fixtrace mints became RFC UUIDs, versions
numbers, and revisions what git prints.
"""

from __future__ import annotations

import pytest

from bench.redact_corpus.public.score import field_verdict
from producers.capture.tests_detect import _RUNNERS
from schemas.fields import FIELD_SHAPES
from schemas.shapes import SHAPES
from schemas.vocabularies import VOCABULARIES, known_shell
from streams.redact import Redactor
from streams.redact_events import DictRedaction

WORDLIKE = (
    "castle99x",  # tools corpus: mysql -p
    "TestSourcePassword",  # gitleaks nuget-config-password
    "redirect_uri_mismatch",  # trufflehog webex fixture
    "asiakirjamallikansio",  # gitleaks aws-access-token fixture
    "Winter99Q",
    "falcon_42Q",
    "hunter2",
)
VOCABULARY_FIELDS = [k for k, shape in FIELD_SHAPES.items() if shape in VOCABULARIES]


def test_every_enum_like_field_has_a_vocabulary() -> None:
    assert {FIELD_SHAPES[k] for k in VOCABULARY_FIELDS} == set(VOCABULARIES)
    assert "name" not in FIELD_SHAPES.values(), "the open name shape is gone"


@pytest.mark.parametrize("secret", WORDLIKE)
@pytest.mark.parametrize("key", VOCABULARY_FIELDS)
def test_a_word_like_secret_in_an_enum_like_field_is_refused(key: str, secret: str) -> None:
    caught, how = field_verdict(key, secret, DictRedaction(Redactor()))
    assert caught and how == "rejected", f"{secret!r} in {key}: {how}"


@pytest.mark.parametrize("name", sorted(VOCABULARIES))
def test_every_listed_value_and_an_extension_name_fits(name: str) -> None:
    shape = SHAPES[name]
    for value in (*VOCABULARIES[name].values, "x-acme", "x-acme_tool-runner"):
        assert shape.why_not(value) is None, (name, value)
    for value in ("x-", "x-Acme", "x-acme2", "X-acme", "acme"):
        assert shape.why_not(value) is not None, (name, value)


def test_the_message_lists_known_values_and_never_the_value() -> None:
    why = SHAPES["shell"].why_not("castle99x")
    assert why is not None and "bash" in why and "x-" in why and "castle99x" not in why


def test_every_runner_the_capture_client_names_fits() -> None:
    """``go test``, ``npm test`` and ``make test`` have a space, which the old name shape
    refused: a captured ``go test`` run was refused by its own client before."""
    for _, runner in _RUNNERS:
        assert SHAPES["test_runner"].why_not(runner) is None, runner


def test_an_unknown_shell_is_sent_as_unknown() -> None:
    assert known_shell("zsh") == "zsh"
    assert known_shell("castle99x") == "unknown"
    assert SHAPES["shell"].why_not(known_shell("my-own-shell")) is None


@pytest.mark.parametrize(
    "kind",
    [
        "capture",
        "timeout",
        "ValueError",
        "requests.exceptions.HTTPError",
        "java.lang.NullPointerException",
        "System.InvalidOperationException",
        "std::io::Error",
        "KeyboardInterrupt",
        "SystemExit",
        "ENOENT",
    ],
)
def test_error_kind_takes_categories_and_exception_classes(kind: str) -> None:
    assert SHAPES["error_kind"].why_not(kind) is None


@pytest.mark.parametrize("kind", [*WORDLIKE, "Xk3jd8fQ2aB7mN4pError", "sk_live_4eC39HqLyjWDarjt"])
def test_error_kind_refuses_what_is_not_a_category_or_an_exception_class(kind: str) -> None:
    assert SHAPES["error_kind"].why_not(kind) is not None


@pytest.mark.parametrize(
    ("shape", "value", "fits"),
    [
        ("revision", "9fceb02", True),  # git rev-parse --short
        ("revision", "9fceb02d0ae5", True),
        ("revision", "3ff77bb6fe6885", False),  # 14 hex: trufflehog's ipinfo key
        ("revision", "abc", False),
        ("version", "1.0", True),
        ("version", "2.0.0-rc.1", True),
        ("version", "castle99x", False),
        ("version", "Winter99Q", False),
        ("version", "832d2129-a846-4e27-99f4-7004b6ad53ef", False),  # Heroku's key form
    ],
)
def test_revisions_and_versions_have_their_tools_forms(shape: str, value: str, fits: bool) -> None:
    assert (SHAPES[shape].why_not(value) is None) is fits

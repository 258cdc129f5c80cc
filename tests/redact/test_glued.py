"""glued_remainder: the rest of a secret glued to what an earlier rule took (glued.py)."""

from __future__ import annotations

import pytest

from streams.redact import Redactor

KEY = "Zk3jd8fQ2aB7cD9eF1gH2iJ3kL4"
"""A 27-character random run the entropy rule takes alone."""


@pytest.mark.parametrize(
    ("text", "piece"),
    [
        (f"Is {KEY}.Y1q8JoeGNoSelGj the staging one?", "Y1q8JoeGNoSelGj"),  # a segment
        (f"token {KEY}.xZfuYRGhvNuxobAAXRe", "xZfuYRGhvNuxobAAXRe"),  # case groups only
        (f"R1kugPxUfw9oSeg={KEY}", "R1kugPxUfw9oSeg"),  # the piece before
        (f"{KEY}:a94f3c2e71b8d05f6e2c", "a94f3c2e71b8d05f6e2c"),  # a hex tail
        (f"{KEY}.KH83JBNN7F3.Y1q8JoeGNoSelGj", "KH83JBNN7F3"),  # piece after piece
    ],
)
def test_a_random_piece_glued_to_a_finding_goes_with_it(text: str, piece: str) -> None:
    out, findings = Redactor().redact_text(text)
    assert piece not in out and KEY not in out
    assert findings.get("glued_remainder")


def test_pieces_joined_by_a_tilde_go_with_the_token_itself() -> None:
    # Azure AD's older client secrets hold "~" and "." (token_edges._widen_tilde): the
    # entropy rule's span grows over them, before any glued piece is looked for
    out, findings = Redactor().redact_text(f"{KEY}~a94f3c2e71b8d05f6e2c")
    assert out == "[REDACTED:high_entropy_token]" and findings == {"high_entropy_token": 1}


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("amqps://user123:S3cr3tPassw0rd!@rabbitmq-host.pattern.com:5672/vhost789",
         "@rabbitmq-host.pattern.com:5672/vhost789"),  # a host after userinfo
        ("psql postgresql://app:Summer#7$@db-7f3k2x9q.internal:5432/shop",
         "@db-7f3k2x9q.internal:5432/shop"),  # a random-looking host
        (f"API_KEY={KEY} next", "API_KEY="),  # the name before
        ("BOT_TOKEN=7012345678:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1",
         "BOT_TOKEN=7012345678:"),  # a name assigned the bot's id before its token
        (f"{KEY}/Xk3jd8fQ2aB7mN9pQr/out.log", "/Xk3jd8fQ2aB7mN9pQr/out.log"),  # a path after
        (f"{KEY}.json", ".json"),  # a file's extension
        (f"{KEY}-production", ""),  # a word glued by a dash is part of the run anyway
    ],
)  # fmt: skip
def test_names_hosts_paths_and_words_around_a_finding_stay(text: str, kept: str) -> None:
    out = Redactor().redact_text(text)[0]
    assert kept in out
    assert "glued_remainder" not in out


def test_text_without_a_finding_is_never_touched() -> None:
    """The rule reads only text that holds a redaction token already."""
    text = "xZfuYRGhvNuxobAAXRe.KH83JBNN7F3 went to the log"
    assert Redactor().redact_text(text)[0] == text


def test_a_token_already_in_the_input_is_extended_once() -> None:
    """Text that was redacted before (a replay reads stored text) gains nothing the
    second time: the first pass left no glued piece."""
    redactor = Redactor()
    once = redactor.redact_text(f"Is {KEY}.Y1q8JoeGNoSelGj the one?")[0]
    assert redactor.redact_text(once)[0] == once


WP_SALT = "Y>Y9.5Ch0-3cq|=vbus[IeF(OJ9yZ|SQ#:iG;NSa+GJmj _1Ed(cVZ7r#+JMlA,S"
"""A WordPress salt (Leaky Repo's wp-config.php, fresh10): 64 printable characters, a blank
among them, as ``wp_generate_password(64, true, true)`` makes them."""


@pytest.mark.parametrize(
    "text",
    [
        f"environment:\n  WORDPRESS_AUTH_KEY: {WP_SALT}\n  WORDPRESS_DB_HOST: db",
        f"$ env | grep AUTH\nWORDPRESS_AUTH_KEY={WP_SALT}\n",
    ],
)
def test_a_value_with_a_blank_inside_goes_to_its_lines_end(text: str) -> None:
    """A YAML plain scalar and an ``env`` line run to their line's end: the rest of a salt
    after the first blank or sign a value's rule stops at goes too."""
    out = Redactor().redact_text(text)[0]
    assert "_1Ed(cVZ7r" not in out and "NSa+GJmj" not in out, out
    assert "WORDPRESS_DB_HOST: db" in out or "grep AUTH" in out


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("DB_PASSWORD=x123abcQQ npm start --port 3000", "npm start --port 3000"),
        ("password: hunter2xyz # rotated on monday", "# rotated on monday"),
        ("api_key: Xk3jd8fQ2aB7cD9eF1gH2i and more words here", "and more words here"),
    ],
)
def test_a_command_a_comment_or_words_after_a_value_stay(text: str, kept: str) -> None:
    assert kept in Redactor().redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "KEY=[REDACTED:x] SECRET=[REDACTED:y]",
        '{"a": "[REDACTED:x]", "b": "[REDACTED:y]"}',
        "https://h/p?k=[REDACTED:x]&expires=1699999999&sig=[REDACTED:y]",
        "[REDACTED:x] and then [REDACTED:y]",
    ],
)
def test_two_values_side_by_side_stay_two(text: str) -> None:
    assert Redactor().redact_text(text)[0] == text


def test_a_generated_piece_between_two_tokens_goes() -> None:
    """Two rules took the ends of one salt with blanks and signs inside (fresh10)."""
    text = "token = [REDACTED:secret_assignment];Y}hzUo4=bz9WmX&vEw5TO [REDACTED:contextual_key]"
    assert "bz9WmX" not in Redactor().redact_text(text)[0]

# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""ThoughtWorks' Talisman, for the ``fresh7`` split (``fresh7.py`` reads and writes).

Talisman's detector tests (``detector/**/*_test.go``) feed file contents to its detectors
and say whether they must fail (``shouldPassDetectionOfSecretPattern``, ``HasFailures``
true) or pass; ``talismanrc`` tests name allowed patterns. Each case below was read in its
file and is cited by the first line holding it (``anchor``, else the value); a value built
with Go's ``+`` is matched against the file's constants as ``golit`` works them out.

``SECRETS``: (file, kind, value, anchor), the kind the detector (``pattern``,
``filecontent``). ``NEGATIVES``: (file, kind, text) for contents a test says no detector
may fail on, and allowed patterns.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/thoughtworks+talisman/repo")
REPO = "thoughtworks/talisman"

_PATTERN = "detector/pattern/pattern_detector_test.go"
_CONTENT = "detector/filecontent/filecontent_detector_test.go"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_PATTERN, "talisman:pattern", "alksjdhfkjaklsdhflk12345adskjf", None),
    (_PATTERN, "talisman:pattern", "aghjdjadslgjagsfjlsgjalsgjaghjldasja", None),
    (_PATTERN, "talisman:pattern", "y0uw1lln3v3rgu3ssmyP@55w0rd", None),
    (_PATTERN, "talisman:pattern", "UnsafeString", None),
    (_PATTERN, "talisman:pattern", "randomStringGoesHere", None),
    (_CONTENT, "talisman:filecontent", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", None),
    (_CONTENT, "talisman:filecontent", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9asdfa", None),
    (_CONTENT, "talisman:filecontent", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzY290Y2guaW8iLCJleHAiOjEzMDA4MTkzODAsIm5hbWUiOiJDaHJpcyBTZXZpbGxlamEiLCJhZG1pbiI6dHJ1ZX0.03f329983b86f7d9a9f5fef85305880101d5e302afafa20154d094b229f757", "const jwt string"),
    (_CONTENT, "talisman:filecontent", "68656C6C6F20776F726C6421", None),
    ("detector/filecontent/hex_detector_test.go", "talisman:filecontent", "6A6176617375636B73676F726F636B7368616861", None),
    ("cmd/acceptance_test.go", "talisman:pattern", "somepassword", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "aghjdjadslgjagsfjlsgjalsgjaghjldasja": "home-row letters typed as a key block's body (no key material)",
    "UnsafeString": "a word naming the value",
    "randomStringGoesHere": "words naming the value",
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9asdfa": "jwt.io's public header and `asdfa` (no claims, no signature)",
    "68656C6C6F20776F726C6421": "hex of `hello world!`",
    "6A6176617375636B73676F726F636B7368616861": "hex of a sentence about Java and Go",
    "somepassword": "a word naming the value",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("detector/filecontent/base64_detector_test.go", "talisman-fp:filecontent", "pretty safe"),
    ("detector/filecontent/base64_detector_test.go", "talisman-fp:filecontent", "TestBase64DetectorShouldNotDetectLongMethodNamesEvenWithRidiculousHighEntropyWordsMightExist"),
    (_CONTENT, "talisman-fp:filecontent", "prettySafe"),
    (_CONTENT, "talisman-fp:filecontent", "YWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWEK"),
    ("detector/filecontent/word_check_test.go", "talisman-fp:filecontent", "helloWorldGreetingsFromThoughtWorks"),
    ("detector/filecontent/filecontent_credit_card_detector_test.go", "talisman-fp:creditcard", "1234123412341234"),
    ("detector/filecontent/filecontent_credit_card_detector_test.go", "talisman-fp:creditcard", "52222111111111111"),
    (_PATTERN, "talisman-fp:pattern", 'setPassword("12345678")'),
    (_PATTERN, "talisman-fp:pattern", "setenv(password,123456)"),
    (_PATTERN, "talisman-fp:pattern", "random=12345678)"),
    ("detector/pattern/match_pattern_test.go", "talisman-fp:pattern", "safeString"),
    ("talismanrc/talismanrc_test.go", "talisman-fp:allowed-pattern", "this-is-okay"),
    ("talismanrc/talismanrc_test.go", "talisman-fp:allowed-pattern", "key={listOfThings.id}"),
    ("talismanrc/rc_file_test.go", "talisman-fp:talismanrc", "Some existing content to overwrite"),
    ("talismanrc/rc_file_test.go", "talisman-fp:talismanrc", "# this monkey likes bananas  "),
    ("cmd/scanner_cmd_test.go", "talisman-fp:scan", "safeContents"),
)  # fmt: skip

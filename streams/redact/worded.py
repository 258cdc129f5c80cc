"""Values written as words where a secret belongs: a placeholder that names the secret
(``YOUR TOKEN HERE``, ``my-API-key``, ``broker password``), a sentinel for none
(``noToken``), a sentence that says what to do (``please_change_this_in_production``), a
SQL query, a build's slot (``@COOKIE_SECRET@``), the key a local model server never checks
(``ollama``). Split from ``value_forms.py``; each reading was read off real lines (fresh24's
pasted stand-ins, toollines, OWASP wrongsecrets, fresh59, fresh60, fresh62) and sits in
``tests/redact`` beside a typed password of the same words that stays a finding.
"""

from __future__ import annotations

import re

from .names import LETTER_DIGIT

_NAMING_PHRASE = re.compile(
    r"(?i)(?!.*\b(?:is|are|was|be|a|an|the|this|that|it|my)\b)"
    r"(?:[a-z][a-z0-9]* ){1,5}(?:pass(?:word|phrase)|key|token|secret)"
)
"""Words and blanks that end in the secret's noun, none a sentence's: what goes there, said
(fresh59's ``config.PASS = "broker password"``, fresh60's ``setPassword("YOUR AWS EC2
RABBITMQ PASSWORD")``); "This is a secret" is a passphrase."""
_NO_CREDENTIAL_SENTINEL = re.compile(r"(?i)no[_\-]?(?:token|key|pass(?:word)?|secret|auth)")
"""A sentinel for "none yet" (``loginToken = "noToken"``: fresh60)."""
_SQL_STATEMENT = re.compile(
    r"(?i)(?:select|delete)[ \t].*[ \t]from[ \t]|insert[ \t]+into[ \t]"
    r"|update[ \t]+\w+[ \t]+set[ \t]"
)
"""A SQL statement in a value's place: a query that looks a token up, none."""
_UNCHECKED_KEYS = frozenset(
    {"ollama", "lm-studio", "sk-no-key-required", "not-needed", "not_needed"}
)
"""What a local model server's OpenAI-compatible client is given because the client
library demands a key the server never checks (Ollama's docs write ``api_key='ollama'``,
LM Studio's ``lm-studio``, llama.cpp's ``sk-no-key-required``: fresh62)."""
_CONFIGURE_SLOT = re.compile(r"@(?:[A-Z][A-Z0-9_]{2,}|[a-z][a-z0-9_]{2,})@")
"""Autoconf's and CMake's ``configure_file`` slot, one case throughout
(``cookieSecret = "@APP_COOKIE_SECRET@"``): the build writes the value there (fresh62)."""
_CAPS_WORDS = re.compile(r"[A-Z_\- ]{5,64}|(?=[^ _\-]*[ _\-])[A-Z_\- ][A-Z0-9_\- ]{4,63}")
"""Capitals, blanks and separators; digits too when words are separated (a provider's name
holds them: ``YOUR_N2YO_KEY``, fresh142)."""
_CAPS_SECRET = re.compile(
    r"PASSWORD|PASSWD|TOKEN|SECRET|APIKEY|BEARER|(?:^|[_\- ])(?:API[_\- ]?)?KEY(?:$|[_\- ])|HASH$"
    r"|^YOUR(?:[_\- ]|[A-Z]{2,}$)|[_\- ]HERE$"
)
_WORD_PARTS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_VAGUE = ("your", "some")
_STAND_IN_START = re.compile(
    r"your|some|fake|dummy|bogus|bad|wrong|invalid|hash(?:ed)?|thisis(?:not)?a?(?:valid)?"
    r"|nota?(?:real|valid)"
)
_TYPED_PART = re.compile(r"pass(?:word|wd)?|pasword|pwd|secret")
_TYPED_SIGN = re.compile(r"[!$#%&@^~|?+=]")
_SECRET_PART = re.compile(
    r"pass(?:word|wd)?|pasword|pwd|token|secret|key|apikey|hash|string|random"
)
_COUNTED_TAIL = re.compile(r"([A-Za-z]+[-_][A-Za-z][\w\-]*?)[-_](\d{1,9})")
"""Words, a separator, a count (``your-secret-key-123``); one word and a count
(``example_123``) is a password people type."""
_GENERIC_PART = frozenset({"value", "string", "text", "data", "key", "secret", "token"})
"""What a stand-in word names when it names no secret of its own (``dummy-value``)."""
_STAND_IN_PART = frozenset(
    {"here", "there", "example", "sample", "placeholder", "clear", "dummy", "fake", "invalid",
     "bogus"}
)  # fmt: skip


def worded_placeholder(value: str) -> bool:
    """A value that says what belongs there instead of holding it: capitals that name a
    secret (``SOMEPASSWORDHERE``, ``MAILGUN-API-KEY``, ``YOURPAT``, ``MYHASH``), or
    words owned by the reader or vague that name one (``my-API-key``, ``somePassword``,
    ``somelongrandomstring``, ``clear_text_pwd``, ``your_rcon_**pasword**``). Real passwords
    of such words and no digit are what these placeholders are copied into (fresh24: what
    people pasted into issue threads)."""
    v = value.strip("*_ ")
    if v.lower() in _UNCHECKED_KEYS or _CONFIGURE_SLOT.fullmatch(v):
        return True  # api_key='ollama' for a local server; "@COOKIE_SECRET@" for the build
    if _NAMING_PHRASE.fullmatch(v) or _NO_CREDENTIAL_SENTINEL.fullmatch(v):
        return True  # "broker password", "YOUR AWS EC2 RABBITMQ PASSWORD"; "noToken"
    if described_format(v):
        return True  # "32-character-base64-key": the form the value must have (fresh72)
    if _SQL_STATEMENT.match(v):
        return True  # "select username from employees where token =": a query (fresh59)
    if _CAPS_WORDS.fullmatch(v):
        return _CAPS_SECRET.search(v) is not None
    if written_sentence(v):
        return True  # if_you_see_this_please_use_K8S_and_Vault (OWASP wrongsecrets)
    counted = _COUNTED_TAIL.fullmatch(v)
    if counted and "1234567890".startswith(counted[2]) and worded_placeholder(counted[1]):
        return True  # "your-secret-key-123": a placeholder and a count (fresh146)
    parts = [p.lower() for p in _WORD_PARTS.findall(value)]
    if (
        len(parts) > 1
        and set(parts) <= _STAND_IN_PART | _GENERIC_PART
        and _STAND_IN_PART & set(parts)
    ):
        return True  # "dummy-value", "sample_string" (fresh146)
    if not parts or LETTER_DIGIT.search(value) or _TYPED_SIGN.search(value):
        return False  # myC0mpl3xPwd, some!Password: digits or signs make it a typed password
    if any(p.isdigit() for p in parts) and len(parts) < 5:
        return False
    if len(parts) == 1:
        word = parts[0]
        start = _STAND_IN_START.match(word)  # yourpassword, fakepass, thisisnotavalidtoken
        return start is not None and _SECRET_PART.search(word, start.end()) is not None
    if {"foo", "bar"} <= set(parts):
        return True  # npm_fooBAR: metasyntactic words behind a prefix
    if "placeholder" in parts:
        return True  # "placeholder_value" (fresh48)
    named = [p for p in parts if _SECRET_PART.fullmatch(p)]
    if not named:
        return False
    if parts[0] in _VAGUE or _STAND_IN_PART.intersection(parts):
        return True
    # "my-API-key" names a key; "mypassword", "my_password" are what people type (toollines)
    return parts[0] == "my" and any(not _TYPED_PART.fullmatch(p) for p in named)


_SENTENCE_WORDS = frozenset(
    {"a", "an", "the", "this", "that", "it", "is", "are", "be", "not", "no", "if", "you",
     "your", "me", "my", "we", "our", "please", "use", "do", "to", "of", "in", "on", "for",
     "and", "or", "with", "here", "there", "when"}
)  # fmt: skip
_JOINED_WORDS = re.compile(r"[A-Za-z0-9]+(?:[_\-][A-Za-z0-9]+){4,}")
_SPACED_WORDS = re.compile(
    r"[A-Za-z0-9]+(?:'[a-z]+)?[,.;:!?]?(?: [A-Za-z0-9]+(?:'[a-z]+)?[,.;:!?]?){4,}"
)
"""Five or more words and blanks, with a sentence's apostrophes and marks (``You can't …
email. If you do …``: fresh122's message under ``no_token``)."""


def written_sentence(value: str) -> bool:
    """Five or more words joined by ``_`` or ``-``, three of them the small words a sentence
    needs and no passphrase draws (``this_is_not_the_real_one``,
    ``please_change_this_in_production``): a message where the value should be.
    ``correct-horse-battery-staple`` has none. Written with blanks, two such words make it a
    sentence (``--password 'output of the openssl command'``: fresh96)."""
    if _SPACED_WORDS.fullmatch(value):
        words = (w.strip(",.;:!?") for w in value.lower().split(" "))
        return sum(1 for w in words if w in _SENTENCE_WORDS) >= 2
    if not _JOINED_WORDS.fullmatch(value):
        return False
    words = re.split(r"[_\-]", value.lower())
    if words[0] in ASKING_VERBS and words[1] in _ASKED_FOR:
        return True  # generate_a_random_secure_string (fresh55): what to do, not a value
    return sum(1 for w in words if w in _SENTENCE_WORDS) >= 3


ASKING_VERBS = frozenset(
    {"generate", "change", "replace", "insert", "enter", "put", "use", "add", "create", "paste"}
)
"""Verbs that ask for a value (``accept`` reads one before words as a sentence too)."""
_ASKED_FOR = frozenset({"a", "an", "the", "your", "some", "me", "this", "new"})
"""After an asking verb, the word of a request (a word-list passphrase may open with "add")."""


_FORMAT_WORDS = frozenset(
    {"base64", "base32", "hex", "hexadecimal", "character", "characters", "char", "chars",
     "byte", "bytes", "bit", "bits", "digit", "digits", "alphanumeric", "encoded"}
)  # fmt: skip
_FORMAT_NOUNS = frozenset({"key", "token", "secret", "string", "password", "passphrase"})


def described_format(value: str) -> bool:
    """Words that give the form a value must have, a count or "encoded" among them, ending
    in the secret's noun (``32-character-base64-key``, ``your-base64-encoded-32-byte-key``:
    ESPHome's docs and checklists, fresh72): a description, not the key."""
    words = re.split(r"[-_ ]", value.lower())
    return (
        len(words) >= 3
        and words[-1] in _FORMAT_NOUNS
        and all(w.isalnum() for w in words)
        and not _FORMAT_WORDS.isdisjoint(words)
        and (any(w.isdigit() for w in words) or "encoded" in words)
    )

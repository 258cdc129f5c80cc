"""A key said in prose: a word of a person's text that reads as a key, with no keyword
beside it ("Is gngKGCWbmK0COTtS the staging one or prod?", "Swapped in 11XQ98FVS8WI").

The text rules need a name, a prefix or 20+ random characters before they take a value; a
developer's or an agent's notes, a commit message or a bug report paste keys without any.
This reading runs on the fields read as ``said`` (``schemas.fields.LONE_VALUES``: thoughts,
commit and PR messages, bug reports, error messages), never on files, terminal output,
commands or patches, where code's identifiers, hashes and generated names abound.

A word (between white space, without the quotes, brackets, markdown emphasis and sentence
marks around it; or else a piece of it between code's marks, ``key="…"``; a URL is never
cut) is a key when it has one of these forms:

* 12 to 128 letters and digits of three classes (``su9OL59biWiJu7``), or of one letter
  case whose letters and digits switch three or more times (``11XQ98FVS8WI``), or 16+
  letters whose case flips every few letters (``SSVmFDNCFfOHKXQAEckx``); a word of groups
  joined by ``-``/``_``/``.`` needs one group random by itself
  (``b_ByDfulghxvvmHbArJSFfQhxemJPQHOw``, not ``ipython-input-66-a3357c23bd41``);
* 8 to 64 characters with a password's signs among letters and digits (``Winter99$``,
  :func:`schemas.shapes.password_like`), or naming a password with digits in it
  (``Secret123``, ``secur3Pass``);
* a secret's prefix on long hex (``sk_<hex>``) or a kubeadm bootstrap token;
* 32 or 64 hex digits with no digest or id word in the 80 characters before them and no
  label right before (an API key's usual size; :func:`_unnamed_hex_key`), and so written
  in a UUID's groups without RFC 9562's version and variant (no generator prints those);
* two hex halves joined by a colon (``6f5557b2:9d8870b0``, a gem source's credential);
* a word and a number of two digits or more at its end, as people pick passwords
  (``roboshop123``, ``webshop@123``, ``Onelab0504#``, at most 24 signs), in a sentence that
  speaks of a credential (a token, a password, a 401, "revoked") and of no commit, release,
  id, signature or hash (:func:`_password_in_credential_talk`);
* base64 of ``user:password``, or of a word of one of the forms above.

What stays, each seen in real bug reports and commit logs: names that can be said
(``NotAnAttrsClassOrDataclass``, ``OAuth2Session``) or carry an algorithm's number
(``parseEd25519Cert``), hex of any other length and RFC UUIDs (a person names commits and
ids in prose), named or labelled hex (``sha256 …``, ``container …``, ``log=…``, a
``sha256sum`` line), numbers, iCal stamps, versions, conda build strings
(``py311h9ecbd09_1``), generated temp names (``pulse-PKdhtXMmr18n``), Gerrit
``Change-Id``s, shell prompts, globs, regex alternations, paths, URLs, file names, a value
after an id or digest label, made-up values (:func:`stand_in`), base64 of text and lines
of public certificates and keys.
"""

from __future__ import annotations

import re

from schemas.shapes import password_like

from .base64_text import decoded_base64
from .counting import counts_up
from .entropy import (
    _SAME_CASE_UUID,
    _UUID,
    _after_digest_label,
    _is_base64_text,
    _is_ssh_public_key,
)
from .ids import ULID, after_id_label, public_id
from .key_material import credential_base64, plain_text_base64
from .names import LETTER_DIGIT, VOWELS, drawn_letters, snake_name
from .public_der import in_public_body, in_public_pem_block, public_der_line
from .public_material import public_material, text_in_base32_or_58
from .value_forms import HEX_PAIR

_OPENERS = "\"'`([{<*_~!"
_CLOSERS = "\"'`)]}>,.;:?_~"
MIN_SAID = 12
"""Shorter words are names, versions and ids too often (``IDJR5L62PW5``, a hashid)."""
MIN_PASSWORD = 8
"""A password's signs make a shorter word one (``Winter99$``)."""
MAX_WORD = 300
MAX_SAID = 128
"""Longer random runs in a bug report are pasted data (bytes, cookies of a test server);
longer keys have forms the text rules know (JWTs, PEM blocks)."""
MAX_PASSWORD = 64
_SEPARATORS = re.compile(r"[-_]")
_CASE_PART = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_KEYLIKE = re.compile(r"[A-Za-z0-9_\-]+")
_HEX_OR_UUID = re.compile(
    r"(?:0x)?[0-9a-fA-F]+|[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}"
)
_NUMBER_OR_DATE = re.compile(r"[0-9TZ:.+\-e]+")
_CONDA_BUILD = re.compile(r"(?:py[a-z]*\d*)?h[0-9a-f]{7,8}_\d+")
_GENERATED = re.compile(r"[a-z]{2,}(?:-[a-z]{2,})*-[A-Za-z0-9]{6,12}")
"""A word, a dash and a short random part: ``mktemp``'s and systemd's folders
(``pulse-PKdhtXMmr18n``, ``ssh-YGJKpV2GglPo``), pods; keys in groups start random."""
_NAME_NUMBER = re.compile(r"[A-Za-z]+[0-9]+[A-Za-z]?|[0-9]+[A-Za-z]+[0-9]*")
_PROMPT = re.compile(r"[\w.\-]+@[\w.\-]+(?::\S*)?[$#]|\S*:\S*[$#]|.*~[$#]")
"""A shell prompt (``root@a74460b9653b:~#``, ``bob@host:/srv$``, ``horatio:~$``); not a
password ending in signs (``Pass123!@#``: no user and host before its ``@``)."""


def said_keys(text: str) -> list[tuple[int, int]]:
    """Spans of the words of ``text`` that read as keys (see the module docstring): each
    word between white space, or else each piece of it between code's marks
    (``token="…"``, ``key=…,``, ``connect(…)``)."""
    spans = []
    for match in _WORD.finditer(text):
        if match.end() - match.start() > MAX_WORD or not _KEY_MATTER.search(match.group()):
            continue  # most words: no digit, no case change inside, no password sign
        span = _said(text, *match.span())
        if span is not None:
            spans.append(span)
        elif _PIECE_MARKS.search(match.group()) and "://" not in match.group():
            for piece in _PIECE.finditer(text, *match.span()):
                span = _said(text, *piece.span())
                if span is not None:
                    spans.append(span)
    return spans


_WORD = re.compile(r"\S{8,}")
"""A word: a whole run without white space (a longer one is never cut into words)."""
_KEY_MATTER = re.compile(r"[0-9!$^~*@#%&]|[a-z][A-Z]")
"""What every key form below holds: a digit, a password's sign, or a capital after a small
letter. Most words of prose hold none (``Swapped``, ``well-known``, ``"quoted",``)."""
_PIECE_MARKS = re.compile(r"[=\"'`,;()\[\]{}<>]")
_PIECE = re.compile(r"[^\s=\"'`,;()\[\]{}<>]{8,}={0,2}")
"""A piece of a word between code's marks, with its base64 padding. A URL is not cut: the
text rules read its userinfo and query."""


def _said(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The span of ``text[start:end]`` without what surrounds a word, if it reads as a key."""
    word, first = text[start:end], start
    while word and word[0] in _OPENERS:
        word, start = word[1:], start + 1
    while word and (word[-1] in _CLOSERS or word.endswith("**")):
        cut = 2 if word.endswith("**") else 1  # a lone "*" stays: a password may end so
        word, end = word[:-cut], end - cut
    if len(word) < MIN_PASSWORD or "REDACTED" in word:
        return None  # too short, or taken already
    if not (
        said_key(word)
        or _unnamed_hex_key(word, text, first)
        or _password_in_credential_talk(word, text, start)
    ):
        return None  # no key
    if after_id_label(text, start):
        return None  # an id by its label (ImageID: "…", request_id=…)
    if _after_digest_label(text, first) or _after_digest_label(text, start):
        return None  # "rootHash": "…", sha256:…, a wheel RECORD's sha256=_rub…
    if in_public_pem_block(text, start) or in_public_body(text, start, end):
        return None  # a line of a certificate's body the text rules spared
    if public_material(word, text, start, end):
        return None  # a peer id, an address, a DNSSEC record's key, a lock file's checksum
    return start, end


_KEY_SIZED_HEX = re.compile(r"[0-9a-f]{32}|[0-9a-f]{64}|[0-9A-F]{32}|[0-9A-F]{64}")
_HASH_NAMES = (
    r"md5|sha-?(?:1|2|3|224|256|384|512)\w*|blake\w*|keccak\w*|ripemd\w*|whirlpool|streebog|"
    r"sm3|gost\w*|crc\w*|xxh\w*|murmur\w*|\w{1,12}sum|rfc[ \t]?\d{3,4}(?:'s)?"
)
"""Hash functions and what prints or specifies their digests (``md5sum``, ``b3sum``,
RFC 1321's test suite)."""
_HEX_NAMED = re.compile(
    r"(?i)\b(?:hash(?:es|ed)?|checksums?|sha\w*|" + _HASH_NAMES + r"|digests?|etag|ids?|gist|"
    r"commits?|avatar|objects?|blob|image|layer|build|uuid|fingerprint|cid|tx|transaction|"
    r"block|salt|iv|"
    r"nonce|trace|span|request|expected|got|actual|files?|sums?|tags?|ciphertexts?|plaintexts?|"
    r"macs?|tcid|vectors?|kat)\b|\b(?:container|volume|network)"
)
"""The words that name a hex word a digest or an id, or a test vector's data (a tag, a
ciphertext, a plaintext, a MAC, Wycheproof's ``tcId``): within 80 characters before it."""
_HASH_NAMED_AFTER = re.compile(r"(?i)[^.;!?\n]{0,40}?\b(?:" + _HASH_NAMES + r"|vector)\b")
"""A hash function or a test vector named right after the word, in its sentence: ``<hex> is
Keccak-256 with the original padding``, ``… produces <hex> for vector 31``."""


def _unnamed_hex_key(word: str, text: str, start: int) -> bool:
    """32 or 64 hex digits said with no digest or id word before them: an API key's usual
    size. Real prose names its hashes (1,194 GitHub issues held 8 such words and 413,893
    commit messages 43, nearly all after ``sha256``, ``hash``, ``id``, ``gist`` or in a
    JSON field); a commit's 40 digits stay everywhere."""
    if not (
        _KEY_SIZED_HEX.fullmatch(word)
        or _drawn_uuid(word, text, start)
        or _hex_in_credential_talk(word, text, start)
    ):
        return False  # not hex of a key's size, nor hex a sentence about a credential says
    if word.isdigit() or word.isalpha() or stand_in(word):
        return False  # made up (a repeated chunk, a count)
    if _LABEL_BEFORE.search(text, max(0, start - 4), start):
        return False  # a labelled value ('x': '…', log=…): its label says what it is
    if _SUM_LINE_AFTER.match(text, start + len(word)):
        return False  # sha256sum's and md5sum's lines: the digest, two blanks, a file
    if _HASH_NAMED_AFTER.match(text, start + len(word)):
        return False
    return _HEX_NAMED.search(text, max(0, start - 80), start) is None


def _drawn_uuid(word: str, text: str, start: int) -> bool:
    """A UUID's form in one letter case without RFC 9562's version and variant, said alone:
    uuid4, uuid7 and Windows print the bits; a key drawn as 32 hex digits written in groups
    lacks them (trufflehog's OneSignal, Opsgenie, Refiner and Shortcut fixtures, 15 of the
    corpora's UUID-shaped keys). A listing of such ids is a database's (MySQL's time-ordered
    UUIDs, a query's rows in a peewee issue): three or more UUIDs near each other are data,
    and so is one its sentence names an id after it."""
    if _UUID.fullmatch(word) is None or _SAME_CASE_UUID.fullmatch(word) is not None:
        return False
    if word != word.lower() and word != word.upper():
        return False
    if _ID_NAMED_AFTER.match(text, start + len(word)):
        return False  # "<uuid> is only Azure's request id", "… is the per-machine id"
    near = text[max(0, start - _LISTING_REACH) : start + len(word) + _LISTING_REACH]
    return len(_UUID.findall(near)) < _LISTING


_ANY_HEX = re.compile(r"[0-9a-f]{16,128}|[0-9A-F]{16,128}")
_CREDENTIAL_TALK = re.compile(
    r"(?i)(?<![a-z0-9])(?:api[ _-]?key|token|secret|password|passwd|credentials?"
    r"|bearer|401|403|unauthori[sz]ed|revoked|rotated|leaked)(?![a-z0-9])"
)
_NOT_CREDENTIAL_TALK = re.compile(
    r"(?i)(?<![a-z0-9])(?:merged?|revert\w*|introduced|cherry|fix(?:es|ed)?|rev|versions?"
    r"|release[sd]?|tags?|pr|pull|branch|checkout|rebase|bisect|head|serial|cert\w*|kid"
    r"|public|signed|signatures?|gpg|pgp|ssh|tree|bump(?:s|ed)?|from|ids?|uuid|arn|state)"
    r"(?![a-z0-9])"
)
_SENTENCE_REACH = 160
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)|\n")
"""A sentence's end after the word: a stop and a blank (or the text's end), or a new line."""
_SENTENCE_END_BEFORE = re.compile(r"[.!?]\s|\n")
"""One before it: a stop glued to the word (``x.<hex>``) does not end the sentence."""


def _hex_in_credential_talk(word: str, text: str, start: int) -> bool:
    """Hex of any length from 16, or an RFC UUID, in a sentence that speaks of a credential
    (a token, a password, a 401, "revoked") and of no commit, release, certificate,
    signature or id: "FWIW <hex> was revoked on Friday", "still 403 with <uuid> :(" (the third
    carriers' thoughts). A digest or an id word before it is :func:`_unnamed_hex_key`'s."""
    if not (_ANY_HEX.fullmatch(word) or _SAME_CASE_UUID.fullmatch(word)):
        return False
    return _credential_talk(_sentence(word, text, start))


_WORD_AND_NUMBER = re.compile(
    r"(?=(?:[^A-Za-z]*[A-Za-z]){3})[A-Za-z][A-Za-z!@#$%^&*~]*[0-9]{2,}[!@#$%^&*~]*"
)
"""A word, then a number of two digits or more at its end, perhaps a password's signs around
it (``roboshop123``, ``webshop@123``, ``Onelab0504#``): how people make a password. No
``_``, ``-`` or ``.`` (names, versions and files), no ``#`` first (an issue's reference),
no digit first (``1Password``), no digits inside (``base64encode``, ``sha256sum``)."""
_TECHNICAL_NUMBER = re.compile(
    r"(?i)(?:base|sha|md|utf|x|arm|win|int|uint|float|amd|aarch|py|rsa|aes|ed|mp|bit|ipv|tls|ssl"
    r"|http|oauth|v)[0-9]{1,3}$"
    r"|^(?:changeme|password|passw0rd|secret|example|test|dummy|sample|demo|placeholder)|&#"
)
"""A name that ends with a technical number (``privateKeyBase64``, ``libssl3``), a
stand-in's word a number was added to (``changeme123``), an HTML entity (``&#34``)."""
_USER_BEFORE = re.compile(r"(?i)\b(?:user(?:name)?s?|login|account|admin|owner)\W{0,3}$")
"""A user's name, not a password: "a new admin user, vishaal314"."""
_MAX_PICKED = 24
"""A password a person picked is short; longer runs are the random readings' to judge."""


def _password_in_credential_talk(word: str, text: str, start: int) -> bool:
    """A password a person picked (``jxx2000727``, ``webshop@123``, ``Onelab0504#``) said in
    a sentence that speaks of a credential and of no commit, release, id or signature:
    "tried `jxx2000727` again, still 401", "still 403 with webshop@123 :(" (fresh36's and
    fresh38's thoughts). Such a word alone reads as a name (``ubuntu2204``, ``mysql80``);
    the sentence decides. Not a code in capitals (``AADSTS7000222``, ``GEHE1MN15``), a
    user's name, a call's argument or a value cut short (``a0a0b1c68...``)."""
    if len(word) > _MAX_PICKED or not _WORD_AND_NUMBER.fullmatch(word):
        return False
    if word.upper() == word and word.isalnum() or _TECHNICAL_NUMBER.search(word):
        return False
    end = start + len(word)
    if _USER_BEFORE.search(text, max(0, start - 24), start) or text[end : end + 3] in ("...", "…"):
        return False
    if text[max(0, start - 2) : start] in ("('", '("'):
        return False  # getenv("GEHE1MN15"): a call's argument
    sentence = _sentence(word, text, start)
    return _credential_talk(sentence) and not _HASH_TALK.search(sentence)


_HASH_TALK = re.compile(r"(?i)(?<![a-z])hash")
"""A password hash's scheme is named so (passlib's ``mysql323``): no password said."""


def _sentence(word: str, text: str, start: int) -> str:
    """The word's sentence without the word (what is before it and after it)."""
    lo = max(0, start - _SENTENCE_REACH)
    hi = min(len(text), start + len(word) + _SENTENCE_REACH)
    before = _SENTENCE_END_BEFORE.split(text[lo:start])[-1]
    after = _SENTENCE_END.split(text[start + len(word) : hi])[0]
    return before + " " + after


def _credential_talk(sentence: str) -> bool:
    """The sentence speaks of a credential and of no commit, release, id or signature
    (:data:`_CREDENTIAL_TALK`, :data:`_NOT_CREDENTIAL_TALK`)."""
    return _CREDENTIAL_TALK.search(sentence) is not None and not _NOT_CREDENTIAL_TALK.search(
        sentence
    )


_ID_NAMED_AFTER = re.compile(r"(?i)[^.;!?\n]{0,60}?\b(?:ids?|uuids?|guids?|identifiers?)\b")
"""An id named after the UUID, in its sentence: Azure's request ids and Apple's anonymous
crash-report UUIDs are printed without RFC bits (negcarried3, negcarried5)."""


_LISTING = 3
_LISTING_REACH = 400
_LABEL_BEFORE = re.compile(r"[:=][ \t]*[\"'`]?$")
_SUM_LINE_AFTER = re.compile(r"[ \t]{1,2}\*?[\w./\-]+\.\w{1,8}\b")


def said_key(word: str) -> bool:
    """One word, stripped of what surrounds it, reads as a key (module docstring), and
    is no made-up value (:func:`stand_in`), labelled digest, public key material or base64
    of text (what the text rules spare stays spared); base64 of ``user:password`` is a
    credential however it reads (docker's ``auth``, HTTP Basic)."""
    if _BASE64_WORD.fullmatch(word) and (
        credential_base64(word.rstrip("=")) or _encoded_key(word.rstrip("="))
    ):
        return True
    return _key_form(word) and not (
        DIGEST_OR_CALL.match(word) or stand_in(word) or _encoded_text_or_public_line(word)
    )


def _encoded_key(body: str) -> bool:
    """Base64 of one word that reads as a key or a password itself (a Kubernetes Secret's
    ``data`` value pasted alone, ``Mzk1MjgkdmRnN0pi`` for ``39528$vdg7Jb``), or of 32+
    hex digits written as text (``echo <key> | base64``, newline and all): encoding hides
    no secret. Base64 of text, of a name or of an id (GraphQL's ``VXNlcjoxMjM=``,
    ``User:123``) decodes to no key form."""
    raw = decoded_base64(body) if len(body) >= 12 else None
    if raw is None:
        return False
    word = raw.decode("latin-1").removesuffix("\n")  # echo's newline: `echo key | base64`
    if not word.isprintable() or any(c.isspace() for c in word) or len(word) < MIN_PASSWORD:
        return False
    if _ENCODED_HEX.fullmatch(word):
        return not stand_in(word)  # hex written as text, then encoded (a digest encodes bytes)
    return _key_form(word) and not (DIGEST_OR_CALL.match(word) or stand_in(word))


_ENCODED_HEX = re.compile(r"[0-9a-f]{32,128}|[0-9A-F]{32,128}")


def _key_form(word: str) -> bool:
    """The word's form is a key's or a password's (module docstring)."""
    if _KEYLIKE.fullmatch(word):
        if _NAMED_PASSWORD.search(word) and _password_named(word):
            return True
        if _PREFIXED_HEX.fullmatch(word) or _MAILGUN_KEY.fullmatch(word):
            return True
        return MIN_SAID <= len(word) <= MAX_SAID and _random_word(word)
    if _DOTTED.fullmatch(word) and not _FILE_NAME.search(word):
        return _BOOTSTRAP_TOKEN.fullmatch(word) is not None or any(
            len(part) >= MIN_SAID and _random_word(part) for part in word.split(".")
        )
    if word.count(":") == 1 and _KEYLIKE.fullmatch(word.replace(":", "")):
        if HEX_PAIR.fullmatch(word):
            return all(not side.isdigit() and not side.isalpha() for side in word.split(":"))
        return any(len(side) >= MIN_SAID and _random_word(side) for side in word.split(":"))
    if _generated_password(word):
        return True
    if len(word) > MAX_PASSWORD or not _PASSWORD_CHARS.fullmatch(word):
        return False  # code, markup, a pipe or regex, a path, a URL, a quoted string
    if word[0] == "$" or _PROMPT.fullmatch(word) or "." in word or _EXPANSION.search(word):
        return False  # a variable, a shell prompt, a dotted name, a number, a file name
    if _SHOUTED.fullmatch(word) or word.endswith(("-$", "_$")):
        return False  # "e-mail!!!!", a variable's start (rhel-10-${arch})
    if snake_name(_NOT_NAME.sub("", word)) or (word.upper() == word and not _DIGITS.search(word)):
        return False  # a name with signs (some_key_1235#$@, Java's CGLIB$BIND_CALLBACKS)
    return password_like(word.replace("*", "")) and not _NUMBER_OR_DATE.fullmatch(word)


_GENERATED_PASSWORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9@#%&+!$*^~?=_\-]{9,31}")
_SIGNS = frozenset("@#%&+!$*^~?=")
_NOT_BASE64_SIGNS = frozenset("@#%&!$*^~?")
_CODE_SIGNS = re.compile(r"%[0-9A-Fa-f]{2}|([@#%&+!$*^~?=_\-])\1")
"""An URL escape (``%2F``) or a doubled sign (``&&``, ``==``, ``++``, ``__``): code's."""


def _generated_password(word: str) -> bool:
    """A password a generator drew (``v9K#2mLp!8zQ``, ``b7X$4nRj-6mW``): 10-32 characters
    of upper and lower case, digits and signs, one of ``@ # % & ! $ * ^ ~ ?`` inside (not
    last: a glob, ``i2d_PKCS12*``; not base64's ``+`` and ``=`` alone), signs under a third
    of it, no sign doubled, and the class changing at 60 % of the characters or more (a
    name keeps its classes in runs: ``MyVar1_test``). ``@ # % &`` count here, which a
    password told by its signs alone (:func:`schemas.shapes.password_like`) does not.
    Written against fresh15's misses; 472,156 real commit messages and issue reports
    gained no said key with it (three globs and a base64 line did before the last rules)."""
    if not _GENERATED_PASSWORD.fullmatch(word) or _CODE_SIGNS.search(word):
        return False
    if not word[-1].isalnum() or not _NOT_BASE64_SIGNS.intersection(word):
        return False  # a glob (i2d_PKCS12*), base64 (…Gb+mH1U=): signs at the end or +/= only
    if sum(c in _SIGNS for c in word) > len(word) / 3:
        return False
    if not (any(c.isupper() for c in word) and any(c.islower() for c in word)):
        return False
    if not any(c.isdigit() for c in word):
        return False
    kinds = [0 if c.isupper() else 1 if c.islower() else 2 if c.isdigit() else 3 for c in word]
    switches = sum(a != b for a, b in zip(kinds, kinds[1:], strict=False))
    return switches >= 0.6 * (len(word) - 1)


_SHOUTED = re.compile(r"[A-Za-z\-]+!{2,}")
_EXPANSION = re.compile(r"(?<!\$)\$[A-Z_]{3,}")
"""A shell variable's expansion inside the word (``Pass$RANDOM$RANDOM``): a template."""
_NOT_NAME = re.compile(r"[^A-Za-z0-9_]")
_DIGITS = re.compile(r"[0-9]")
_NAMED_PASSWORD = re.compile(r"(?i)pass|pwd|secret|s3cr")
_PREFIXED_HEX = re.compile(r"(?:sk|rk|live|test)_[0-9a-f]{24,64}")
"""A secret's prefix on long hex (``sk_d21e2be3…``, IEX Cloud's; ``live_…``, Lob's)."""
_MAILGUN_KEY = re.compile(r"[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}")
"""Mailgun's newer API keys: 32 hex and two groups of 8 (no id or digest is written so)."""
_DOTTED = re.compile(r"[A-Za-z0-9_\-]+(?:\.[A-Za-z0-9_\-]+)+")
_FILE_NAME = re.compile(r"\.[a-z]{1,5}$|^\d|\.\d")
"""A file name, a number or a version: dotted words that are no key."""
_BOOTSTRAP_TOKEN = re.compile(r"[a-z0-9]{6}\.[a-z0-9]{16}")
"""A kubeadm bootstrap token (``be8dfd.da8a689a46edc282``): the only key written so."""


_DIGEST_HEAD = re.compile(r"md[45]|sha(?:1|224|256|384|512)|crc32|blake2|hmac")


def _password_named(word: str) -> bool:
    """A word that names a password and has digits or case inside (``Secret123``,
    ``secur3Pass``, ``compl3xPwd``): a password someone chose, 8 to 32 characters; a
    name's parts (``test_password_1``, ``PASSWORD_MIN_LENGTH2``) are not."""
    if not 8 <= len(word) <= 32 or snake_name(word) or "_" in word or "-" in word:
        return False
    if _DIGEST_HEAD.match(word.lower()):
        return False  # md5Secret, sha256Password: a name for what a digest is made of
    digits = sum(c.isdigit() for c in word)
    if not 0 < digits < len(word) - 3 or word.isupper() or word[0].isdigit():
        return False  # no digit, all digits, a constant, a brand (1Password)
    noun = _NAMED_PASSWORD.search(word)
    if noun is not None and noun.start() == 0 and digits < 2:
        return False  # password1: a name in code as often as a password
    rest = _NAMED_PASSWORD.sub(" ", word)
    words = [p for p in _CASE_PART.findall(rest) if len(p) >= 4 and VOWELS.intersection(p)]
    return len(words) < 2  # SecretManagerSecret90days: a name made of words


def _encoded_text_or_public_line(word: str) -> bool:
    """Base64, base32 or base58 of text, or a line of a certificate or a public key."""
    if len(word) < 16 or not word.rstrip("=").replace("+", "").replace("/", "").isalnum():
        return False
    return (
        plain_text_base64(word)
        or _is_base64_text(word)
        or text_in_base32_or_58(word)
        or public_der_line(word)
    )


_BASE64_WORD = re.compile(r"[A-Za-z0-9+/]{12,}={0,2}")


DIGEST_OR_CALL = re.compile(r"(?i:sha(?:1|224|256|384|512)|md5|h1)[-:=]|.*\..*\(")
"""A labelled digest (``sha512-6IpQ…==`` in a lockfile, ``h1:…`` in go.sum, Docker's
``SHA256:…``) or code with a dotted call (``this._emitEOFToken()):(…``); Django's key
alphabet has no dot."""
_REPEATED_CHUNK = re.compile(r"(.{2,6})\1{3,}")
_SAYS_MADE_UP = re.compile(r"(?i)example|placeholder|here$|dummy|sample")


def stand_in(token: str) -> bool:
    """A made-up value: half of it one chunk repeated (``hf_FakeFakeFake…``) or runs of the
    alphabet or the digits (``A3T0ABCDEFGHIJKLMNO``, ``ntn_1234567890…``), or it says so
    (``…EXAMPLE``, ``…TokenHere``). No generated key holds either; the text rules keep such
    values (fixture corpora label some of them secrets; prefixed tokens that count up are
    refused there too: ``accept.counts_up``), but alone in a field or said in prose they
    are not read as keys."""
    chunk = _REPEATED_CHUNK.search(token)
    if chunk is not None and 2 * len(chunk.group()) >= len(token):
        return True
    if _SAYS_MADE_UP.search(token):
        return True
    return counts_up(token)


_PASSWORD_CHARS = re.compile(r"[A-Za-z0-9@#%&!$^~*._\-?]+")
"""A password's characters; a ``*`` counts as a sign only beside another one: alone it is
code or a glob (``row*grid_size``, ``ASN1_VALUE*``, ``aes_ff1_*``)."""


def _random_word(word: str) -> bool:
    """Letters and digits (groups joined by ``-`` or ``_``) that no name is written as:
    one group must be random itself (``b_ByDfulghxvvmHbArJSFfQhxemJPQHOw``), so generated
    names of words, numbers and hex stay (``ipython-input-66-a3357c23bd41``)."""
    if _HEX_OR_UUID.fullmatch(word) or _NUMBER_OR_DATE.fullmatch(word):
        return False
    if ULID.fullmatch(word) or public_id(word) or _CONDA_BUILD.fullmatch(word):
        return False
    if _GENERATED.fullmatch(word) or snake_name(word) or _GERRIT_CHANGE.fullmatch(word):
        return False
    if word.startswith("AAAA") and _is_ssh_public_key(word):
        return False
    if _MANGLED.match(word):
        return False  # a C++ symbol as compilers mangle it (_ZN2np7highway10qsort_simd…)
    groups = [g for g in _SEPARATORS.split(_UUID.sub("-", word)) if g]
    return any(len(g) >= MIN_SAID and _random_group(g) for g in groups)


def _random_group(core: str) -> bool:
    """A run of letters and digits that reads as a key (module docstring); the names of
    algorithms and types with their numbers are words here (:data:`_NAMED_NUMBERS`)."""
    core = _NAMED_NUMBERS.sub("Name", core)
    if _HEX_OR_UUID.fullmatch(core) or core.isdigit() or _UPPER_ID.fullmatch(core):
        return False
    if _NAME_NUMBER.fullmatch(core) or core.isalpha() and core.islower() and not _drawn(core):
        return False
    digit = any(c.isdigit() for c in core)
    upper, lower = core.lower() != core, core.upper() != core
    if not digit:
        if not (upper and lower):
            return len(core) >= MIN_SAID and _drawn(core)
        flips = _CASE_PART.findall(core)
        return len(core) >= 16 and len(flips) >= 6 and not _wordy(core)
    if not (upper or lower):
        return False
    if upper and lower:
        return len(LETTER_DIGIT.findall(core)) >= _MANY_SWITCHES or not _wordy(core)
    return len(LETTER_DIGIT.findall(core)) >= 3 and not _wordy(core)


_MANGLED = re.compile(r"_*Z[NL]?[0-9]+[A-Za-z_]")
"""An Itanium C++ ABI mangled name (``_ZN2np7highway…``, ``ZN…`` with its ``_`` cut); the
form takes AWS Route 53 zone ids too (``Z1H1FL5HABSF5``), ids and no key either."""
_GERRIT_CHANGE = re.compile(r"I[0-9a-f]{40}")
"""A Gerrit ``Change-Id`` trailer's value: in every commit of projects reviewed there."""
_NAMED_NUMBERS = re.compile(
    r"(?i)(?:ed|x|curve)25519|(?:ed|x)448|[pP](?:192|224|256|384|521)|secp\d+[kr]1"
    r"|sha\d*|md[45]|base(?:32|58|64)|pbkdf2|x509|ml-?(?:kem|dsa)\d+|mlkem\d+|aes\d*|rsa\d*"
    r"|u?int\d+|float\d+|utf\d+|x86|x64|arm64|i[36]86|ipv[46]|http[23]|oauth2|s3|ec2|k8s"
    r"|py\d+|win(?:32|64)|v\d+(?![a-z0-9])"
)
"""Names written with their numbers (``Ed25519``, ``P256``, ``Base64``, ``PBKDF2``, ``X509``,
``MLKEM768``, ``uint64``, ``OAuth2``): ``parseEd25519Cert`` and ``p256mlkem768tag`` are
names, the numbers inside are no key's digits."""
_UPPER_ID = re.compile(r"[0-9A-Z]{26}")
"""26 upper-case letters and digits: a ULID, also one a bug report shows malformed."""


_CONSONANTS = re.compile(r"[bcdfghjklmnpqrstvwxz]{4,}")
_MANY_SWITCHES = 6
"""Letters and digits alternating six times in one mixed-case word (``AIhq5Xyb1Gga9Q5``) are
drawn, whatever short parts read as syllables (``Ihq``, ``Xyb``, ``Gga``)."""


def _drawn(core: str) -> bool:
    """Letters of one case drawn (:func:`.names.drawn_letters`) with under 15 % vowels,
    ``y`` counted (``HKMSTRQGRNQGLAWHRMPQC``); names and words joined in one case have more
    (``frankmcsherry``, ``sysctlbyname``, read as keys in real commit messages at 20 %;
    ``xmlhttprequest``), and so do most random draws, which stay unread."""
    vowels = sum(c in VOWELS for c in core.lower())
    return drawn_letters(core) and vowels < 0.15 * len(core)


def _wordy(core: str) -> bool:
    """Most of its letters sit in parts that can be said: 3+ letters, a vowel, no four
    consonants in a row (``NotAnAttrsClassOrDataclass``, ``OAuth2Session``; not
    ``sug5XpdpaoxtOH``, whose ``Xpdpaoxt`` passes the looser identifier test)."""
    said = 0
    for part in _CASE_PART.findall(core):
        low = part.lower()
        if len(part) >= 3 and VOWELS.intersection(low) and not _CONSONANTS.search(low):
            said += len(part)
    return said >= 0.6 * len(core)

"""Context-weighted key decisions: the words around a bare value move the bar.

A value with no name and no provider prefix reads as a key or as data only by what is
written around it: ``Pasted 6dca64… from the dashboard`` and ``The sumologic key
sug5XpdpaoxtOH gets a 401`` are keys, ``fixed in commit 6dca64…`` and ``request id
7e1e818a-…`` are not. Within a value's **scope** (its line and the lines right before and
after it, at most :data:`SCOPE` characters each way: one sentence of prose, a traceback's
call and its error, a diff's removed line and the literal that replaced it), words of the
:data:`SECRET_CONTEXT` registry lower the bar for what counts as key material, and words
of the :data:`ID_CONTEXT` registry written closer to the value raise it back (the value
is then named an id, a digest or a version).

Two places use it:

* the entropy rule (``entropy.is_secret_token``) for runs of 20+ token characters it would
  leave: single-case hex and UUID-shaped runs, random runs under its standalone bar, runs
  longer than 256 characters, and base64 that decodes to ``user:password``. All words of
  both registries count there (it runs only on strings that have such a run);
* the ``contextual_key`` rule (:func:`key_spans`) for shorter values and values with
  punctuation or a ``user:`` part (``sk_ubb4yN3mzqGR2x8#P7r5&@*xC$utE``,
  ``elastic:P@ssw0rd$1``, ``11XQ98FVS8WI``). It runs only where a secret noun is in the
  text (:data:`NOUN_LITERALS`, literals the pre-check already tests), so it adds no pass
  over strings without one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import ids
from .cookies import in_a_tracking_cookie
from .counting import counts_up
from .entropy import (
    _SAME_CASE_UUID,
    _SRI,
    _UUID,
    OPENPGP_FINGERPRINT,
    _after_digest_label,
    _in_dotted_name,
    _is_ssh_public_key,
    file_name_at,
    in_path,
    is_secret_token,
    mail_local_part,
    without_plist_tags,
)
from .ids import ULID, public_id
from .key_material import (
    _DIGITS,
    _HEX_RUN,
    _MIN_SHORT,
    _UPPERS,
    _decodes_to_text,
    _random_core,
    credential_base64,
    key_material,
    strip_word,
    typed_password_word,
)
from .key_values import DATA_KEYS
from .lines import SCOPE, scope
from .models import LOW_MARKER
from .names import called_name
from .no_credential import names_no_credential
from .noun_place import BREAKS as _BREAKS
from .noun_place import names_a_thing, written_as_a_file_name
from .public_der import in_public_pem_block
from .public_material import public_material
from .published_values import inside_published_value, sealed_secret
from .tables import in_id_column
from .token_bodies import stand_in_after_prefix
from .value_forms import in_template_braces
from .value_forms import pinned_version as _pinned


@dataclass(frozen=True, slots=True)
class ContextWords:
    """A named group of context words: regex alternatives on lower-cased text."""

    name: str
    words: str
    """Regex alternatives, matched as whole words (no letter right after)."""
    examples: tuple[str, ...]
    literals: tuple[str, ...] = ()
    """Lower-case literals one of which every match of ``words`` holds: the cheap pre-check
    of the secret-word groups (a test enumerates ``words`` and proves it)."""


SECRET_CONTEXT: tuple[ContextWords, ...] = (
    ContextWords(
        "secret_noun",
        r"(?:key|token|secret|password|passwd|passphrase|credential)s?"
        r"|(?:un)?auth(?:entication|enticated|orization|orized|enticate)?",
        ("The sumologic key sug5XpdpaoxtOH gets a 401", "Using acme credentials 11XQ98FVS8WI"),
        ("key", "token", "secret", "pass", "credential", "auth"),
    ),
    ContextWords(
        "auth_failure",
        r"401|403|forbidden|unauthori[sz]ed|access denied|denied|reject(?:s|ed)?|revoked"
        r"|expired",
        ('client = Client("2c57b42d…")\nAuthError: 401', "acme rejects 3ff77bb6fe6885"),
        ("401", "403", "forbidden", "auth", "denied", "reject", "revoked", "expired"),
    ),
    ContextWords(
        "key_handling",
        r"pasted|copied|rotated?|regenerated?|leaked|dashboard|console|portal",
        ("Pasted 6dca64… from the dashboard", "rotated 46e7fa9b37… this morning"),
        ("pasted", "copied", "rotate", "regenerate", "leaked", "dashboard", "console", "portal"),
    ),
)
"""Words people write next to a credential: what it is, how a server refused it, where it
was copied from or what was done to it. ``secret_noun`` may end a longer name (``apiKey``,
``SUMO_ACCESS_KEY``, ``authToken``), never go on (``tokenizer``, ``keyboard``)."""

NOUN_LITERALS = SECRET_CONTEXT[0].literals
"""Literals one of which every ``secret_noun`` match holds (the rule's pre-check triggers)."""

ID_CONTEXT: tuple[ContextWords, ...] = (
    ContextWords(
        "vcs_object",
        r"commit|sha|sha1|sha256|revision|rev|object|blob|tree|branch|tag|merge|rebase",
        ("fixed in commit 8fd61e953ce8…", "rev 46e7fa9b370d…"),
    ),
    ContextWords(
        "digest",
        r"hash(?:es)?|checksum|digest|md5|etag|fingerprint|integrity|nonce|salt|iv",
        ("md5 checksum 2c57b42d056b…", "ETag: 0fdd4fe4c152…"),
    ),
    ContextWords(
        "public_material",
        r"public(?:[ _\-]?keys?)?|pubkey|certificates?|cert",
        ("the public key 04a3b1…", "certificate fingerprint 9f2c…"),
    ),
    ContextWords(
        "pagination",
        r"(?:next|page|continuation|pagination|sync|resume)[ _\-]?tokens?|cursor|marker"
        r"|sec[ _\-]?websocket[ _\-]?key|websocket",
        ("'page_token': 'AMEw9yO5jnsGnZJLHSKDFHJJu'", "Sec-WebSocket-Key: k9kFAUWNAMmf5OEM…"),
    ),
    ContextWords(
        "identifier",
        r"ids?|uuids?|guids?|(?:request|trace|span|correlation|session|job|run|user|account"
        r"|client|tenant|project|device|order|customer|message|event)id|version|build",
        ("request id 7e1e818a-2bc5-…", "build 0979969b3f6c…"),
    ),
)
"""Words that name a value as an id, a digest, public material, a page cursor or a
protocol nonce, or a version: the nearer word wins, and a secret noun inside one of them
(``public_key``, ``NextToken``, ``Sec-WebSocket-Key``) counts as the id word."""


def _alternation(groups: tuple[ContextWords, ...]) -> str:
    return "|".join(f"(?:{g.words})" for g in groups)


NOUN_CONTEXT = re.compile(r"(?:" + SECRET_CONTEXT[0].words + r")(?![a-z0-9])")
"""The ``secret_noun`` words alone: where the ``contextual_key`` rule looks."""
_SECRET_WORD = re.compile(r"(?<![a-z0-9])(?:" + _alternation(SECRET_CONTEXT[1:]) + r")(?![a-z])")
ID_WORD = re.compile(r"(?<![a-z0-9])(?:" + _alternation(ID_CONTEXT) + r")(?![a-z])")
_ID_NEAR = 24
"""An id word right after the value names it too (``8fd61e95…  sha256``)."""


def after_id_label(text: str, start: int) -> bool:
    """``ids.after_id_label``, also inside an escaped JSON string (``\\"id\\": \\"gen-…``:
    a trajectory file holds the model's JSON responses as strings)."""
    if ids.after_id_label(text, start):
        return True
    window = text[max(0, start - 32) : start]
    if "\\" not in window:
        return False
    plain = window.replace("\\", "")
    return ids.after_id_label(plain, len(plain))


def _lower_window(text: str, lo: int, hi: int) -> str:
    """The window lower-cased with its length kept, earlier rules' tokens blanked: the
    ``token`` of ``[REDACTED:github_token]`` is no secret word, nor is a property list's
    ``<key>`` tag (``<key>AD_UNIT_ID</key><string>ca-app-pub-…</string>``: the name inside
    the tag says what the value is)."""
    window = text[lo:hi]
    low = window.lower()
    if len(low) != len(window):
        low = window.encode("ascii", "replace").decode().lower()
    if "[redacted:" in low:
        low = LOW_MARKER.sub(lambda m: " " * len(m.group()), low)
    return without_plist_tags(low)


def secret_context(
    text: str, start: int, end: int, *, nouns_only: bool = False, digest_like: bool = False
) -> bool:
    """A secret word in the value's scope, and no id word nearer to the value.

    ``nouns_only``: only the ``secret_noun`` group counts. ``digest_like`` (hex and
    UUID-shaped values): any id word on the value's line names it, nearer or not
    (``MD5 (token_widget.tar.gz) = 1a04df8a…``: a digest line, whatever file it names).
    """
    lo, hi = scope(text, start, end)
    low = _lower_window(text, lo, hi)
    at, till = start - lo, end - lo
    secrets = [a for a, b in noun_spans(low) if b <= at or a >= till]
    if not nouns_only:
        secrets += [
            m.start() for m in _SECRET_WORD.finditer(low) if m.end() <= at or m.start() >= till
        ]
    if not secrets:
        return False
    secrets = [p for p in secrets if not names_a_thing(text, lo + p)]
    if not secrets:
        return False  # every secret word names a file (a checksum listing's path)
    if after_id_label(text, start):
        return False
    ids = [m.span() for m in ID_WORD.finditer(low)]
    if ids:
        secrets = [p for p in secrets if not any(a <= p < b for a, b in ids)]
        if not secrets:
            return False  # every secret noun is part of an id word ("next_token")
        line_lo = low.rfind("\n", 0, at) + 1
        if digest_like:
            line_hi = low.find("\n", till)
            line_hi = len(low) if line_hi < 0 else line_hi
            if any(line_lo <= a < line_hi for a, _ in ids):
                return False
        nearest_secret = max((p for p in secrets if p < at), default=-1)
        if any(line_lo <= a and nearest_secret < a < at for a, _ in ids):
            return False  # "api key for build 8fd61e…": the id word is nearer
        if any(till <= a < till + _ID_NEAR and "\n" not in low[till:a] for a, _ in ids):
            return False  # "8fd61e95…  sha256"
    return True


_KEYISH = re.compile(r"[0-9]|[a-z][A-Z]|[A-Z]{2}[a-z]")
"""A digit or a case change: every key form above has one; words, paths, snake_case names
and ``Title`` words have none."""
_MAX_VALUE = 2048
_AFTER_NOUN = 96
_NAME_TAIL = " \t\r\"'`)]};,:=_"
"""What may follow a noun that ends its line before the value on the next line
(``client = Client(os.environ['GEO_TOKEN'])``, then the literal that replaced it)."""
_WORD = re.compile(r"[^\s\"'`]{" + str(_MIN_SHORT) + ",}")
_WORD_REST = re.compile(r"[^\s\"'`]{1,2048}")


def _words(text: str, windows: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Runs of 10+ characters without spaces or quotes that start in a window (a quoted
    value is the run inside), read whole past the window's end. The windows are short
    (right after a noun): a regex over each, not a pass over the whole text."""
    spans: list[tuple[int, int]] = []
    for lo, hi in windows:
        for m in _WORD.finditer(text, lo, hi):
            start, end = m.span()
            if start == lo and lo and text[lo - 1] not in _BREAKS:
                # the rest of the noun's own word: only a value assigned in it counts
                # (CURLAUTH_KEY=developer:…; not test_mark_tokens.py's ".py")
                cut = min((i for i in (text.find("=", lo, end), text.find(":", lo, end)) if i >= 0),
                          default=-1)  # fmt: skip
                if cut < 0:
                    continue
                start = cut
            if end == hi:
                rest = _WORD_REST.match(text, hi)
                end = rest.end() if rest else end
            if not spans or start >= spans[-1][1]:
                spans.append((start, end))
    return spans


_NOUN_AT = {
    "key": re.compile(r"keys?(?![a-z0-9])"),
    "token": re.compile(r"tokens?(?![a-z0-9])"),
    "secret": re.compile(r"secrets?(?![a-z0-9])"),
    "pass": re.compile(r"pass(?:word|wd|phrase)s?(?![a-z0-9])"),
    "credential": re.compile(r"credentials?(?![a-z0-9])"),
    "auth": re.compile(r"auth(?:entication|enticated|orization|orized|enticate)?(?![a-z0-9])"),
}
""":data:`NOUN_CONTEXT` split by literal: each is matched only where ``str.find`` puts its
literal (an alternation without a common literal is tried at every character: ~20 µs on a
400-character string, measured)."""


UNFILTERED_NOUNS = frozenset({"token", "secret", "credential"})
"""Noun literals the pre-check counts wherever they occur (no ``rules.TRIGGER_CONTEXTS``
entry, checked in ``tests/redact``): absent from its hits means absent from the text.
``pass`` counts wherever ``password``/``passwd``/``passphrase`` is (its context covers
them); ``key`` and ``auth`` count only in narrower contexts there, so they are looked for."""
_SKIPPABLE = UNFILTERED_NOUNS | {"pass"}


def noun_spans(low: str, hits: list[str] | None = None) -> list[tuple[int, int]]:
    """Where :data:`NOUN_CONTEXT` matches in the lower-cased text, in order; ``hits``, when
    given, are the pre-check's trigger hits (see :data:`UNFILTERED_NOUNS`)."""
    found = []
    for literal, regex in _NOUN_AT.items():
        if hits is not None and literal in _SKIPPABLE and literal not in hits:
            continue  # the pre-check counts it wherever a noun could be: none is there
        at = low.find(literal)
        while at >= 0:
            m = regex.match(low, at)
            if m:
                found.append(m.span())
            at = low.find(literal, at + 1)
    found.sort()
    return found


class _NounGate:
    """The pre-check's test for the ``contextual_key`` rule, used like a regex: is there a
    secret noun (not just its letters: ``KeyError``, ``author``, ``tokenizer``)? One
    ``str.find`` per literal and a match where it is; the finder then runs only where a
    noun is (``KeyError`` in a traceback made it run on half the strings of an event)."""

    pattern = "secret noun"

    def search(self, low: str, present: tuple[str, ...] | None = None) -> re.Match[str] | None:
        """``present``: the literals the pre-check found (the engine passes them); the
        others are not looked for."""
        for literal, regex in _NOUN_AT.items():
            if present is not None and literal not in present:
                continue
            at = low.find(literal)
            while at >= 0:
                m = regex.match(low, at)
                if m:
                    return m
                at = low.find(literal, at + 1)
        return None


NOUN_GATE = _NounGate()


def key_spans(
    text: str, low: str | None = None, hits: list[str] | None = None
) -> list[tuple[int, int]]:
    """The ``contextual_key`` rule's finder: values that are key material, in the scope of a
    secret noun (and no id word nearer).

    Looks only right after each noun (:data:`_AFTER_NOUN` characters: ``the key V``,
    ``credentials V``, ``token is V``, a diff's removed line naming ``X_TOKEN`` and the
    literal on the next line), and there only at runs with a digit or a case change: the
    whole scope cost ~18 µs per string with a noun on the bench's event mix (a third of
    its strings), the window after the noun a few. A value the noun follows (``V is my
    key``, a traceback's call before its ``401``) is left to the entropy rule's reading
    (20+ characters)."""
    if low is None or "[redacted:" in low:
        low = _lower_window(text, 0, len(text))
    nouns = [(a, b) for a, b in noun_spans(low, hits) if not names_a_thing(text, a)]
    return [s for s in _values_after(text, low, nouns) if not names_no_credential(text, s[0])]


HANDLING_VERB = re.compile(
    r"(?<![a-z0-9])(?:pasted|copied|rotated|regenerated|leaked|rejects|rejected|revoked"
    r"|hard-?code[ds]?)(?![a-z])"
)
"""What people do to a credential, right before it: ``Pasted V from…``, ``acme rejects V``,
``if I hardcode V in the constructor`` (the third carriers)."""
HANDLING_LITERALS = (
    "pasted", "copied", "rotated", "regenerated", "leaked", "reject", "revoked", "hardcode",
    "hard-code",
)  # fmt: skip


def verb_key_spans(
    text: str, low: str | None = None, hits: list[str] | None = None
) -> list[tuple[int, int]]:
    """The ``contextual_key`` rule's second finder: key material right after a verb of
    :data:`HANDLING_VERB` (no secret noun needed), with the same checks as after a noun."""
    if low is None or "[redacted:" in low:
        low = _lower_window(text, 0, len(text))
    return _values_after(text, low, [m.span() for m in HANDLING_VERB.finditer(low)])


def _values_after(text: str, low: str, anchors: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Key material in the window right after each anchor word (a noun or a verb)."""
    windows: list[tuple[int, int]] = []
    for _, b in anchors:
        lo, hi = b, min(len(text), b + _AFTER_NOUN)
        line_end = text.find("\n", b, hi)
        if line_end >= 0 and text[b:line_end].strip(_NAME_TAIL):
            hi = line_end  # the rest of the noun's line; the next one only after a bare name
        if not _KEYISH.search(text, lo, hi):
            continue  # prose after the noun: no digit, no case change, no candidate
        if windows and lo <= windows[-1][1]:
            windows[-1] = (windows[-1][0], max(hi, windows[-1][1]))
        else:
            windows.append((lo, hi))
    spans: list[tuple[int, int]] = []
    for word_start, word_end in _words(text, windows):
        if word_end - word_start > _MAX_VALUE or not _KEYISH.search(text, word_start, word_end):
            continue
        start, end = strip_word(text, word_start, word_end)
        if "=" in text[start:end] and not text[start:end].rstrip("=").isalnum():
            name, _, value = text[start:end].partition("=")
            if name.replace("_", "").isalnum() and not name[:1].isdigit():
                start += len(name) + 1  # NAME=value: the value is the candidate
        word = text[start:end]
        if end - start < _MIN_SHORT or (spans and start < spans[-1][1]):
            continue
        if word[-1] == "=" and text[end : end + 1] in ('"', "'") and text[start - 1] != text[end]:
            continue  # wcm:keyValue="1": an attribute's name; its value is in the quotes
        material = key_material(word) or _uuid_right_after(text, anchors, start, end)
        if not (material or typed_password_word(word)):  # "rejects Floppafr@2022" (fresh56)
            continue
        if in_path(text, start, end) or _CONFIG_KEY_PATH.fullmatch(word):
            continue  # a file's path; "Authentication:Google:ClientSecret", a setting's key
        if _pinned(text, start) or in_public_pem_block(text, start) or file_name_at(text, end):
            continue  # a pinned version (name@<sha>), a certificate's line, a file's name
        if public_material(word, text, start, end) or OPENPGP_FINGERPRINT.fullmatch(word):
            continue  # a public record or form; gpg's fingerprint (``for key in <it>``)
        if public_id(word):
            continue  # .base('appXXbVu5p4uSKViT') after apiKey: an Airtable base's id
        if in_template_braces(text, start, end):
            continue  # {{<name>}}: what a template fills in
        if _named_by_noun(text, low, anchors, start, end):
            spans.append((start, end))
    return spans


_CONFIG_KEY_PATH = re.compile(r"[A-Za-z][A-Za-z_]*(?::[A-Za-z][A-Za-z_]*){2,}")
""".NET's configuration key, sections joined by ``:`` (``dotnet user-secrets set
"Services:QuickBooks:OAuth:ClientSecret" …``: fresh138): three or more names of letters,
where ``user:password`` has two parts."""
_WORD_BEFORE = re.compile(r"([A-Za-z0-9]+)[ \t_\-]?$")
_NOUN_TO_VALUE = re.compile(r"[ \t:=\"'`]*(?:(?:is|was|of|for)[ \t:=\"'`]+)?")
"""What may stand between a secret noun and the UUID it names: ``key c55d…``, ``key:
"c55d…"``, ``credentials are`` is prose, not a name."""


def _uuid_right_after(text: str, nouns: list[tuple[int, int]], start: int, end: int) -> bool:
    """An RFC UUID right after a secret noun is the key it names (Heroku, Postmark and Sauce
    Labs keys are UUIDs); further off, or with no noun, a UUID is an id."""
    if not _UUID.fullmatch(text, start, end):
        return False
    before = [(a, b) for a, b in nouns if b <= start]
    if not before or _NOUN_TO_VALUE.fullmatch(text, before[-1][1], start) is None:
        return False
    a, b = before[-1]
    qualifier = _WORD_BEFORE.search(text, max(0, a - 24), a)
    return qualifier is None or qualifier.group(1).lower() not in DATA_KEYS


def _named_by_noun(text: str, low: str, nouns: list[tuple[int, int]], start: int, end: int) -> bool:
    """The nearest noun before the value names it: no id word between them or right after
    the value, the noun not part of an id word (``public_key``, ``next_token``), and the
    value not after an id label. Small searches between known places, not a scope scan."""
    before = [n for n in nouns if n[1] <= start and start - n[1] <= _AFTER_NOUN]
    if not before or after_id_label(text, start) or ids.jwk_public_member(text, start):
        return False  # no noun, an id, or a published JWK's point ("keys": [{"x": …)
    a, b = before[-1]
    if _UUID.fullmatch(text, start, end) or _HEX_RUN.fullmatch(text, start, end):
        line_lo = low.rfind("\n", 0, start) + 1
        line_hi = low.find("\n", end)
        if ID_WORD.search(low, line_lo, len(low) if line_hi < 0 else line_hi):
            return False  # hex on a line naming a digest or an id ("MD5 (…) = 1a04…")
    for m in ID_WORD.finditer(low, max(0, a - _ID_NEAR), min(len(low), b + _ID_NEAR)):
        if m.start() <= a and b <= m.end():
            return False  # the noun is part of an id word
    if ID_WORD.search(low, b, start):
        return False  # "api key for build 8fd61e…": the id word is nearer
    after = ID_WORD.search(low, end, min(len(low), end + _ID_NEAR))
    return after is None or "\n" in low[end : after.start()]


def _run_material(token: str) -> bool:
    """A 20+ character run the entropy rule left that is key material next to a secret
    word: hex or UUID-shaped in one letter case, a random run under its standalone bar or
    over its length cap, or base64 of a credential."""
    if _UUID.fullmatch(token):
        return not _SAME_CASE_UUID.fullmatch(token)  # an RFC UUID is an id (entropy.py)
    if _HEX_RUN.fullmatch(token):
        return not token.isdigit() and len(set(token.lower())) > 4
    if (token.islower() or token.isupper()) and not _DIGITS.search(token):
        return False  # snake_case_names, CONSTANT_NAMES, kebab-words: the common runs
    body = token.rstrip("=")
    if body.isalnum() and len(body) >= 16:
        uppers = sum(map(len, _UPPERS.findall(body)))
        if uppers < 0.25 * len(body):
            return _random_core(token)  # CamelCase names; base64 is about half upper case
        if _decodes_to_text(body):
            return credential_base64(body)  # base64 of text: only of a credential
    return _random_core(token)


_CONTEXT_LITERALS = tuple(dict.fromkeys(w for g in SECRET_CONTEXT for w in g.literals))
"""A literal of every :data:`SECRET_CONTEXT` word (lower case): without one anywhere in the
text, no run of it is in a secret word's scope."""


def _near_context_word(text: str, start: int, end: int) -> bool:
    """Whether a secret-context literal is within :data:`SCOPE` characters of the run (the
    most its scope reaches), tested on that window only.

    Why: most runs the rule leaves (commit ids, digests, paths, UUIDs in events) have no
    secret word near them; the per-run checks before :func:`secret_context` cost about a
    fifth of the redaction of the sample events without this gate, and lower-casing a
    whole terminal chunk per run cost as much again."""
    if start == 0 and end == len(text):
        return False  # the run is the whole string (an id, a digest): nothing around it
    low = text[max(0, start - SCOPE) : end + SCOPE].lower()
    for word in _CONTEXT_LITERALS:  # noqa: SIM110 — a loop: ~0.4 µs less than any(genexpr)
        if word in low:
            return True
    return False


def run_in_context(token: str, text: str, start: int, end: int) -> bool:
    """The entropy rule's second reading of a run it left: key material with a secret word
    in its scope (:func:`secret_context`, all words), unless the run is a path, a digest
    after its label, an id after its label, a ULID or another public id
    (:func:`ids.public_id`), a hex part of a file name, or public key material."""
    if not _near_context_word(text, start, end):
        return False
    if in_path(text, start, end) or _SRI.match(token) or ULID.fullmatch(token):
        return False
    if public_id(token) or ids.jwk_public_member(text, start):
        return False  # an IPFS CID, a Stripe object id, an age recipient, a JWK's point
    if public_material(token, text, start, end):
        return False  # a public key's or a signature's record, a peer id, an address
    if ids.device_or_task_name(text, start, token) or ids.public_client_id(text, start, token):
        return False  # a swarm task's id, an LVM device's name, a client's id, near "key"
    if _pinned(text, start) or file_name_at(text, end):
        return False  # a pinned version (actions/checkout@<sha>), a file's name
    if text.endswith("base64,", max(0, start - 7), start) or _after_digest_label(text, start):
        return False
    if _HEX_RUN.fullmatch(token) and _in_dotted_name(text, start, end):
        return False
    if OPENPGP_FINGERPRINT.fullmatch(token):
        return False  # gpg's fingerprint print form: "a release key" is a public key here
    if _SAME_CASE_UUID.fullmatch(token):
        if not _handled_as_a_key(text, start, end):
            return False  # an RFC UUID is an id, unless pasted from a dashboard, rotated…
    elif not _run_material(token) or _is_ssh_public_key(token):
        return False
    digest_like = bool(_UUID.fullmatch(token) or _HEX_RUN.fullmatch(token))
    if in_public_pem_block(text, start):
        return False
    if digest_like and written_as_a_file_name(token, text, start, end):
        return False
    return secret_context(text, start, end, digest_like=digest_like)


_KEY_HANDLING = re.compile(
    r"(?<![a-z0-9])(?:pasted|copied|rotated?|regenerated?|leaked|dashboard|portal)(?![a-z])"
)
"""The ``key_handling`` words but ``console`` (a terminal's too)."""


def _handled_as_a_key(text: str, start: int, end: int) -> bool:
    """A ``key_handling`` word (pasted, copied, rotated, leaked, dashboard…) in the
    value's scope: what people say of a credential (Heroku and Postmark keys are UUIDs),
    not of a request or a row id."""
    lo, hi = scope(text, start, end)
    low = text[lo:hi].lower()
    return any(m.end() <= start - lo or m.start() >= end - lo for m in _KEY_HANDLING.finditer(low))


_PAGE_ANCHOR = ('href="#', "href='#")


_SHELL_VARIABLE = re.compile(r"[A-Za-z_][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+")
"""A shell variable's name after its ``$``, words joined by ``_``: the value lives elsewhere
(``$A3ae68d9…`` in a sentence is a password that starts with ``$``: fresh27)."""
_VARIABLE_OPENERS = frozenset({" $", "\t$", "=$", "($", '"$', "{$", "\n$"})
"""What stands before a variable's ``$``: in single quotes (``'$me11yb0nes'``) the ``$`` is
a password's first sign."""


def entropy_or_context(token: str, text: str, start: int, end: int) -> bool:
    """The ``high_entropy_token`` rule's check: random enough alone, or in context; never
    a value assigned to a page cursor or a handshake nonce (``"NextToken": "…"``), a
    stand-in that counts up (``abcdef1234567890abcdef…``, :func:`accept.counts_up`) nor a
    table's id (:mod:`.tables`)."""
    if file_name_at(text, end):
        return False  # "<hash>.bfu", "tmpk3j9x8q2w.json": a file's name, never a token
    if mail_local_part(text, start, end):
        return False  # <random>@<project>.iam.gserviceaccount.com: a mailbox
    if ids.graph_drive_id(text, start, token):
        return False  # b!<64>: a SharePoint or OneDrive drive's id
    if called_name(token, text, end):
        return False  # urlBase64ToUint8Array(key): a function's name
    sealed = text.endswith(("ENC(", "!["), max(0, start - 4), start) or sealed_secret(token)
    if sealed or inside_published_value(text, start):
        return False  # Jasypt's ENC(…), Mule's ![…], Mermaid's pako: state, Supabase's anon key
    if in_template_braces(text, start, end):
        return False  # {{<name>}}: what a template fills in
    if _SHELL_VARIABLE.fullmatch(token) and text[max(0, start - 2) : start] in _VARIABLE_OPENERS:
        return False  # -iv $encrypted_1cc2137e332d_iv: Travis' variable's name (fresh141)
    if text.endswith(_PAGE_ANCHOR, max(0, start - 7), start):
        return False  # href="#<sha1>": a page's anchor (a coverage report's file: fresh84)
    if in_a_tracking_cookie(text, start):
        return False  # __cf_bm=…: Cloudflare's bot score, no session (fresh55)
    if not (is_secret_token(token, text, start, end) or run_in_context(token, text, start, end)):
        return False
    if names_no_credential(text, start) or counts_up(token) or stand_in_after_prefix(token):
        return False  # a stand-in's words too: sk-or-v1-YOUR-NEW-KEY-HERE (fresh175)
    if ids.assigned_to_a_signature(text, start):
        return False  # signature = '…': one request's HMAC
    return not in_id_column(text, start, end)  # a table's id or name cell (tables.py)

"""A password or token told in prose: "the password is …", "the secret was set to …",
"using token …".

Part of ``rules.SECRET_RULES`` (``prose_secret``). A developer's notes name a secret and
then give it, with a linking word between ("is", "was", "is now", "set to", "→", or since
the eleventh session a bare space: "my password hunter22x is weak"; ``=`` and ``:`` make an
assignment or a YAML key, which the assignment rules judge), and the value is
often a word-like password (``Wint3rIsHere``, ``Secret123``) that no randomness test takes.
``prose_key`` (twelfth session) reads a value after a bare "key" or "Bearer" the same way,
more strictly (:func:`told_key`): most keys named in prose are a table's or a map's.
The name may carry a qualifier of up to three words after for, of, on, in or from, and
"the" ("the password for the staging db is …", "the key in .env is …"). The value counts
only when it reads as a password, not as a word, name, version, path, reference or number
(:func:`told_password`): a letter and a digit or sign, 8 to 64 characters, no path, URL,
e-mail, file name or dotted reference, and not a name made of dictionary parts and a
version number (``python3.11``, ``oauth2_client``). "The new one is …" after a secret's
noun tells one too (:func:`told_one`).
"""

from __future__ import annotations

import re

from .accept import is_placeholder
from .context import HANDLING_LITERALS, HANDLING_VERB, ID_WORD
from .ids import public_id
from .key_material import plain_text_base64
from .lines import SCOPE, VALUE_REACH, line_end, line_start
from .names import LETTER_DIGIT, snake_name
from .pattern import literal as _p
from .public_der import whole_public_der
from .public_material import jwt_header_alone, public_material
from .published_values import inside_published_value
from .tool_flags import SAME_COMMAND

_NOUNS = (
    "password", "passphrase", "passwd", "pwd", "pw", "token", "api key", "api_key", "apikey",
    "secret", "creds", "credentials",
)  # fmt: skip
"""A secret's names, each its own pattern: a regex that starts with its literal is searched
for it at C speed (one pattern for all, behind a lookbehind, cost 3.5 µs per string)."""
_LINK = (
    r"(?:[ \t]+(?:for|of|on|in|from)(?:[ \t]+the)?(?:[ \t]+[a-z0-9_.\-]{1,40}){1,3}?)?"
    r"(?:[ \t]*(?:→|->)[ \t]*"
    r"|[ \t]+(?:(?:is|was)(?:[ \t]+now)?|(?:(?:is|was)[ \t]+)?(?:set|changed|reset)[ \t]+to|to|now)"
    r"[ \t]+"
    r"|[ \t]+(?=[`'\"])"
    r"|[ \t]+)"
)
_VALUE_END = r"(?=[`'\"]{0,2}(?:[\s,;.)!?]|$))"
"""What follows a value told: its closing quotes, maybe two, then a blank, a stop or the end."""
_VALUE = (
    r"[`'\"]?([^\s`'\",;()<>\[\]{}=\\](?:[^\s`'\",;()<>\[\]{}]|[\[\]{}<>]|(?<![A-Za-z]);(?!\s|$)){7,63})"
    + _VALUE_END
)
"""The value, quoted or not; its closing quotes may be two (``echo "… is 'x'"``). It may
hold ``=`` past its first sign (base64's padding, ``k%udk423u4%P8=H_``), and brackets and a
``;`` inside (generated passwords: ``6;GMlv4:.vh$[N}``, fresh25), never first, and no ``;``
after a letter (an HTML entity's end: ``NsIdksKJdj&lt;/div&gt;``)."""
_TOLD_VALUE = r"(?:" + _VALUE + r"|[`'\"]?((?=[A-Za-z]*[0-9])[A-Za-z0-9]{6,7})" + _VALUE_END + ")"
"""The same, or six or seven letters and digits with a digit: what a password's noun is
told (:func:`_short_password` judges those); a word of six or seven ("for the admin
account is …") is no candidate, so the value after it still is."""


_LABEL = (
    r"(?:[ \t]+(?:for|of|on|to)(?:[ \t]+[a-z0-9_.@\-]{1,40}){1,3}?(?:[ \t]+\([^()\n]{0,100}\))?"
    r"|[ \t]+(?:is|was))[ \t]*:"
    r"(?:[ \t]+|[ \t]*\n(?:[ \t]*\n)?[ \t]*(?=\S+[ \t]*(?:\n|$)))"
)
"""A label: the name, a qualifier of up to three words (perhaps a parenthesis) or "is", a
colon, and the value on the same line or alone on the next (one blank line between): what
tools print ("Password for user admin: …", "Your password is: …", Elasticsearch's
"Password for the elastic user (reset with …):" and the password indented below, Jenkins'
"the following password to proceed to installation:"). A colon right after the name is an
assignment, the assignment rules' to judge."""


def _own(noun: str) -> str:
    """``noun`` as a word of its own (not ``access_token``)."""
    return re.escape(noun) + r"(?<![\w\-.]" + re.escape(noun) + r")"


_IN_PARENTHESES = r"[ \t]*\((?=[^\s()]{8,64}\))"
"""The value alone in parentheses right after the name ("pasted their token (…) into the
issue"); not after a bare "key", whose parentheses hold code (``key (df[a, b])``)."""


def _told(noun: str, spaced: bool = False) -> str:
    """``noun`` as a word of its own, a linking word, the value; ``spaced``: a space right
    after the noun (what its trigger holds), and no value in parentheses."""
    if spaced:
        return _own(noun) + "(?= )" + _LINK + _VALUE
    return _own(noun) + "(?:" + _IN_PARENTHESES + "|" + _LINK + ")" + _TOLD_VALUE


_MYSQL_TEMPORARY = r"temporary password is generated for [^\s:]{1,128}: (\S{8,64})(?=\s|$)"
"""MySQL 5.7's first-start log line: its generated password may start with any sign
(``,5Dq_ax<hOo3``), which the told value's form does not take."""


_WORDS_AND_VERSION = re.compile(r"[a-z]+(?:[_\-.][a-z]+)*[_\-.]?v?\d+(?:\.\d+)*")
"""Words joined by ``_``, ``-`` or ``.`` and a version. The separator is required between
words: with an optional one, ``[a-z]+(?:[_-.]?[a-z]+)*`` splits a run of letters every way
before failing, and "the password is aaaa…a1b" (40 letters) held the worker for hours."""
_SIGN = re.compile(r"[!@#$%^&*~?+=]")
_ASSIGNED_NAME = re.compile(r"[A-Za-z_][\w.\-]*")


def _assignment(value: str) -> bool:
    """``name=value`` (a name, then something besides base64's padding); a "name" mixing
    cases and digits is the value's own start (Elasticsearch's ``q5R2=Uuq7dY8aBCd*Xvv``)."""
    name, _, rest = value.partition("=")
    if not rest.strip("=") or _ASSIGNED_NAME.fullmatch(name) is None:
        return False
    return not (name != name.lower() and name != name.upper() and any(c.isdigit() for c in name))


_NAMED_BY_A_COMMAND = re.compile(
    r"(?:kubectl|oc)[ \t]"
    + SAME_COMMAND
    + r"(?:get|describe|delete|edit|patch|label|annotate)[ \t]+"
    r"secrets?[ \t]+(?:-\S+[ \t]+)*$"
)
"""A Kubernetes command naming the secret it reads (authneg: ``robot-token-66z81``)."""
_CREDENTIALS_CALL = re.compile(r"credentials\([ \t]*[\"']$")
"""Jenkins' ``credentials('<id>')``: a stored credential's id, its value elsewhere (fresh42)."""
_EMAIL = re.compile(r"@[\w\-]+\.[A-Za-z]|^@|@$")
_DIGIT_IN_WORD = re.compile(r"[a-z]\d[a-z]")
_DOTTED_NAME = re.compile(r"[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+")
_VERSION = re.compile(r"v?\d+(?:\.\d+)+[a-z0-9.\-]*")
_FILE_SUFFIX = re.compile(r"\.[a-z]{1,4}$")


def told_password(value: str, text: str, start: int, end: int) -> bool:
    """The value reads as a password or key (see the module's docstring)."""
    value = value.rstrip("?!.")  # the sentence's end ("if password is missing?")
    low = value.lower()
    if value.startswith(("$", "{", "%", "<", "[", "-")) or is_placeholder(value):
        return False  # a reference ($SUPABASE_KEY, {{secret}}), a placeholder, a flag
    if _NAMED_BY_A_COMMAND.search(text, max(0, start - 80), start):
        return False  # kubectl describe secret <name>: the object's name
    if _CREDENTIALS_CALL.search(text, max(0, start - 16), start):
        return False  # GITHUB_TOKEN=credentials('498b4638-…'): a Jenkins credential's id
    if _assignment(value):
        return False  # token=$TOKEN, id=1234&x=5: an assignment or a query, not a value
    if len(value) < 8 and not _short_password(value, text, start):
        return False  # short: "the key is 42", "the token is set"
    if "/" in value or _EMAIL.search(value):
        return False  # a path or URL, an e-mail address (a password may hold "@": iG0@t_L0cK)
    if _DOTTED_NAME.fullmatch(low):
        return False  # a reference (id_token.fetch_credentials, base64.b64encode)
    if not any(c.isalpha() for c in value):
        return value.isdigit() and _password_is(text, start)  # "the wifi password is 87654321"
    if not (any(c.isdigit() for c in value) or _SIGN.search(value)):
        return _word_password(value, text, start, end)
    if _VERSION.fullmatch(low) or _FILE_SUFFIX.search(low):
        return False  # a version, a file name
    # python3.11, oauth2_client, sha256: words and a version, no digit inside a word; a
    # capital makes it a password (Secret123, VMware1!, Pseg2020): tools are written lower
    if _WORDS_AND_VERSION.fullmatch(low) and not _DIGIT_IN_WORD.search(low) and value.islower():
        word = _WORD_AND_NUMBER.fullmatch(value)
        return bool(word) and word[1] not in _TOOLS and _names_a_password(text, start)
    return True


_QUOTES = "`'\""
_CAMEL_WORDS = re.compile(r"(?:[A-Z][a-z]{2,}){2,4}")
_CODE_NAME_END = re.compile(
    r"(?:Type|Error|Exception|Class|Object|Field|Value|String|Null|Empty|Provider|Manager"
    r"|Service|Handler|Factory|Generator|Builder|Encoder|Interface)$"
)
"""What ends a type's or a class's name (``NoneType``, ``BindAuthenticator``'s kin)."""
_NOT_A_WORD_PASSWORD = frozenset((
    "undefined", "null", "none", "nil", "empty", "blank", "missing", "required", "optional",
    "invalid", "incorrect", "wrong", "unknown", "default", "hidden", "masked", "redacted",
    "password", "passwords", "secret", "string", "true", "false", "correct", "expired",
))  # fmt: skip
"""Words a sentence says of a password, not one (``the password is 'undefined'``)."""


_PASSWORD_IS = re.compile(
    r"(?<![a-z])(?:password|passphrase|passwd|pwd)(?:[ \t]+(?:for|of|on)(?:[ \t]+[\w.@\-]+){1,3}?)?"
    r"[ \t]+(?:(?:is|was)(?:[ \t]+now)?|(?:(?:is|was)[ \t]+)?(?:set|changed|reset)[ \t]+to)"
    r"[ \t]+[`'\"]?$"
)
"""A password's noun and a verb that gives its value, right before it ("the password for
the admin account is …", "password was set to '…'"): a word or a number is told a password
by nothing else, so a bare space, "credentials" or a parenthesis does not do."""


def _password_is(text: str, start: int) -> bool:
    return _PASSWORD_IS.search(text[max(0, start - 100) : start].lower()) is not None


def _word_password(value: str, text: str, start: int, end: int) -> bool:
    """A word told as a password's value (``the db password is 'whalehello'``, ``password
    was BlackPearl``): quoted, or words written joined in capitals, and the noun told is a
    password's. An unquoted lower-case word after "password is" is what a sentence says of
    it (``incorrect``, ``stored``), so it stays."""
    if value.lower() in _NOT_A_WORD_PASSWORD or not _password_is(text, start):
        return False
    quoted = text[start - 1 : start] in tuple(_QUOTES) and text[end : end + 1] == text[start - 1]
    if quoted:
        return True
    camel = _CAMEL_WORDS.fullmatch(value) is not None and not _CODE_NAME_END.search(value)
    return camel and not any(noun in value.lower() for noun in _TOLD_NOUNS)  # PasswordField


_WORD_AND_NUMBER = re.compile(r"([a-z]{4,})[0-9]{2,}")
"""A word and a number: the password people choose most (``hunter22``, ``admin123``,
``welcome123``), taken when the noun told is a password's (:func:`_names_a_password`) and
the word is not a tool's or a platform's with its version (``python311``, ``ubuntu2204``)."""
_TOOLS = frozenset((
    "python", "pypy", "node", "nodejs", "java", "ruby", "perl", "golang", "rust", "dotnet",
    "ubuntu", "debian", "centos", "fedora", "alpine", "rhel", "windows", "macos", "android",
    "postgres", "postgresql", "mysql", "mariadb", "redis", "mongo", "mongodb", "openssl",
    "cuda", "llvm", "clang", "ecmascript",
))  # fmt: skip
_TOLD_NOUNS = ("pass", "pw", "cred", "token", "secret", "key")


def _short_password(value: str, text: str, start: int) -> bool:
    """Six or seven signs with a digit inside the letters (``ta0mee``, ``fex123``), told as a
    password's (not a key's or a token's): what people type (fresh63's expect scripts and
    aliases); shorter, and "the password is v2"-like words and versions are too common."""
    return (
        len(value) >= 6
        and LETTER_DIGIT.search(value) is not None
        and _names_a_password(text, start)
    )


def _names_a_password(text: str, start: int) -> bool:
    """The last secret's name before the value is a password's or credentials', not a
    token's, secret's or key's (a token or a key is never a word and a number)."""
    head = text[max(0, start - 64) : start].lower()
    last = max(_TOLD_NOUNS, key=head.rfind)
    return head.rfind(last) >= 0 and last in ("pass", "pw", "cred")


_TRIGGER = {
    "password": "pass", "passphrase": "pass", "passwd": "pass", "pwd": "pw",
    "api key": "key", "api_key": "key", "apikey": "key", "credentials": "cred", "creds": "cred",
}  # fmt: skip
"""The pre-check's trigger of a name that is not its own ("pass" is one for three names)."""
_USED_AS = (
    r"(?<![a-z])(?:use|using|used|enter|entered|type|typed|try|tried|pick|picked|chose)[ \t]+"
    + _VALUE
    + r"[ \t]+as[ \t]+(?:(?:the|my|your|our|a|an|its)[ \t]+)?"
    r"(?:(?:new|admin|root|default|shared|initial|same)[ \t]+)?"
    r"(?:password|passphrase|passwd|secret|token)(?![a-z])"
)
"""The value before its noun: "use PurpleTruck70! as the password" (a hardening script's
prompt, fresh68), "I typed hunter22x as my new password"."""
PROSE_SECRET = (
    *(_p(_told(noun), _TRIGGER.get(noun, noun), lower=True) for noun in _NOUNS),
    *(_p(_own(noun) + _LABEL + _VALUE, _TRIGGER.get(noun, noun), lower=True) for noun in _NOUNS),
    _p(_MYSQL_TEMPORARY, "pass", lower=True),
    _p(_USED_AS, "pass", "secret", "token", lower=True, requires=" as "),
)
"""Per name (lower-cased text, hung on the name's trigger) the told form and the label form,
MySQL's temporary password, and a value used as one."""


_ONE_TOLD = (
    r"(?<![a-z])(?:new|old|current|working|right|correct|actual|real|rotated|other) "
    r"one (?:is|was)(?: now)?[ \t]+" + _VALUE
)
PROSE_ONE = (_p(_ONE_TOLD, "one is", "one was", lower=True),)
"""A secret told as "the new one", "the old one" after its noun: "Rotated the gitlab token
this morning, the new one is …" (the third carriers, fifteenth template of their thoughts)."""
_NOUN_BEFORE = re.compile(
    r"(?<![a-z])(?:password|passphrase|passwd|token|api[ _]?key|key|secret|credentials?)s?"
    r"(?![a-z])"
)
_ONE_REACH = 160


def told_one(value: str, text: str, start: int, end: int) -> bool:
    """The value told as "the new one" reads as a password (:func:`told_password`) and a
    secret's noun comes before it, within its paragraph's reach: "one" stands for it."""
    head = text[max(0, start - _ONE_REACH) : start].lower()
    head = head[head.rfind("\n\n") + 1 :]
    return _NOUN_BEFORE.search(head) is not None and told_password(value, text, start, end)


_REFUSED = (
    r"(?:api[ _-]?key|token|password|passphrase|secret|credentials?)[ \t]+"
    r"(?:'([^'\s]{6,128})'|\"([^\"\s]{6,128})\")[ \t]+(?:is|was|has[ \t]+been|has)[ \t]+"
    r"(?:not[ \t]+valid|invalid|expired|revoked|rejected|disabled|incorrect|wrong|unknown"
    r"|not[ \t]+recognized)"
)
_REFUSED_WORDS = (
    "valid", "expired", "revoked", "rejected", "disabled", "incorrect", "wrong", "unknown",
    "recognized",
)  # fmt: skip
PROSE_REFUSED = (_p(_REFUSED, *_REFUSED_WORDS, lower=True),)
"""A quoted value a service's error says it refused: "API key 'MindTheGap' is not valid
for this workspace" (the third carriers' 401 body). The refusal names a credential, so the
value counts whatever its form (a word too)."""


PROSE_ACTED = (_p(HANDLING_VERB.pattern + r"[ \t]+" + _VALUE, *HANDLING_LITERALS, lower=True),)
"""A value right after what people do to a credential (``context.HANDLING_VERB``, the
verbs the ``contextual_key`` rule reads key material after): "pasted Exata@175 from the
dashboard", "postgres rejects Tyson123", "rotated k8Jd9s2LmQ yesterday". That rule takes
runs of ten signs or more that read as keys; a password people typed is shorter and reads
as a word and a number, so :func:`acted_on` reads it as one told ("the password is …")."""
_REFUSED_STATUS = (
    r"(?<![^\s`'\"])[`'\"]?([^\s`'\",;()<>\[\]{}=\\][^\s`'\",;()<>\[\]{}]{7,63})[`'\"]?[ \t]+"
    r"(?:gets?|got|returns?|returned|gives?|gave|answers?|answered)[ \t]+(?:an?[ \t]+)?"
    r"(?:http[ \t]+)?40[13](?![0-9])"
)
PROSE_STATUS = (_p(_REFUSED_STATUS, "401", "403", lower=True),)
"""A value a service answered 401 or 403 to: "the key k8Jd9s2LmQ gets a 401 now", "Tyson123
returned HTTP 403". The status says the value was used as a credential; read as a value
after a credential's act (:func:`acted_on`)."""


def acted_on(value: str, text: str, start: int, end: int) -> bool:
    """The value after a credential's act reads as a password (:func:`told_password`). Not
    a name (``logs_v2_backup``, ``build-4f2a9c1``), nor a commit's short hex (``copied
    3f2a9c1e0b from main``), nor hex near a word naming an id or a digest on its line
    (``context.ID_WORD``: "an empty checksum … I copied <sha256> from the Dockerfile"), nor
    public material (a bech32 address "our decoder rejected"), nor base64 of plain text
    (``rejected dGhlIHF1aWNr…``), nor words of a placeholder in angle brackets
    (``<!!!REPLACEME with hard-coded token!!!>``)."""
    bare = value.rstrip("?!.")
    if _HEX_ONLY.fullmatch(bare) and (len(bare) <= 12 or ID_WORD.search(_around(text, start, end))):
        return False
    if plain_text_base64(bare) or public_material(bare, text, start, end) or public_id(bare):
        return False
    if _joined_name(bare) or _upper_name(bare):
        return False  # a name: logs_v2_backup, TLS1_2_VERSION, build-4f2a9c1, traceback_2024
    return not _in_angle_brackets(text, start, end) and told_password(value, text, start, end)


def _around(text: str, start: int, end: int) -> str:
    """The value's line, lower-cased, within the context readings' reach each side."""
    return text[line_start(text, start, SCOPE) : line_end(text, end, SCOPE)].lower()


def _in_angle_brackets(text: str, start: int, end: int) -> bool:
    """An ``<`` opens before the value on its line and a ``>`` closes it after, within a
    value's reach (:data:`.lines.VALUE_REACH`: read whole, a long line of many values took
    its length per value, 1.4 s for 1 MiB of ``rejects Tyson123x``)."""
    lo = line_start(text, start, VALUE_REACH)
    opened = text.rfind("<", lo, start) > text.rfind(">", lo, start)
    return opened and ">" in text[end - 1 : line_end(text, end, VALUE_REACH)]


def refused_value(value: str, text: str, start: int, end: int) -> bool:
    """The refused value is no placeholder, reference or scheme's name."""
    if value.lower() in _SCHEMES or value.startswith(("$", "{", "%", "<", "[")):
        return False
    return not is_placeholder(value)


_SCHEMES = frozenset(("bearer", "basic", "digest", "jwt", "oauth", "oauth2", "apikey", "hmac"))


_KEY_NOUNS = ("key", "bearer")
_NOT_A_SECRET_KEY = re.compile(
    r"(?:public|primary|foreign|sort|partition|cache|dict|dictionary|lookup|hash|map|"
    r"composite|unique|index|idempotency|routing|shard|object|bucket|redis|json|yaml|"
    r"config|signing|gpg|pgp|ssh|host|hot|license|registry|missing|unknown|row|column|"
    r"table|field|attribute|property|env|environment|sentry|dsn|the[ \t]+same)[ \t]+$"
)
"""The words before "key" that name a key no one keeps secret (a table's, a map's, a
public or signing key) or an unknown one: its "value" is a name, an id or a fingerprint."""
_LONG_NUMBER_END = re.compile(r"[A-Za-z][0-9]{5,}$")
"""A word and five digits or more (``Pass191198596``): no version or product is numbered
so (``Poly1305``, ``ubuntu2204``, ``es2015``)."""
_HEX_ONLY = re.compile(r"(?:0x)?[0-9a-fA-F]+(?:-[0-9a-fA-F]+)*")
_JOINS = re.compile(r"[_\-.]")
_PLAIN_WORD = re.compile(r"(?=[a-z]{3})[a-z]*[aeiouy][a-z]*")


def _joined_name(value: str) -> bool:
    """A name in snake case, or parts joined by ``_``, ``-`` or ``.`` of which one is a plain
    word (``sha256-based``, ``example_ec2_key``, ``build-4f2a9c1``): what a key or a thing is
    called, not its value."""
    parts = _JOINS.split(value)
    return snake_name(value) or (len(parts) > 1 and any(_PLAIN_WORD.fullmatch(p) for p in parts))


def told_key(value: str, text: str, start: int, end: int) -> bool:
    """A value after a bare "key" or "Bearer" reads as a key when it reads as a password
    (:func:`told_password`) and also holds a digit and a letter, no ``:`` (a Redis or
    cache key), no word joined to it (``sha256-based``, ``example_ec2_key``), no word and
    version however written (``Poly1305``, ``ChaCha20``), no hex run or UUID (a GPG key
    id, a commit, a request id): "the key" is mostly a table's, a map's or a public one in
    prose, so the value carries the weight."""
    value = value.rstrip("?!.")
    if not told_password(value, text, start, end) or ":" in value or _HEX_ONLY.fullmatch(value):
        return False
    if whole_public_der(value):
        return False  # "the key MCowBQYDK2VwAyEA…": a whole public key in DER
    if inside_published_value(text, start):
        return False  # "Bearer eyJ…" of Supabase's anon key: its header is no key (fresh93)
    if jwt_header_alone(value):
        return False  # "Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9...": a cut JWT's header
    if not (any(c.isdigit() for c in value) and any(c.isalpha() for c in value)):
        return False
    if _joined_name(value):
        return False  # a key's name or kind, not its value
    if _WORDS_AND_VERSION.fullmatch(value.lower()) and not _LONG_NUMBER_END.search(value):
        return False  # an algorithm or product, even capitalised ("the key for Poly1305")
    head = text[max(0, start - 48) : start].lower()
    noun = head.rfind("key")
    return noun < head.rfind("bearer") or not _NOT_A_SECRET_KEY.search(head[: max(noun, 0)])


PROSE_KEY = tuple(_p(_told(noun, spaced=True), f"{noun} ", lower=True) for noun in _KEY_NOUNS)
"""A value after "key" or "Bearer" and a space, read by :func:`told_key`. The trigger is
the noun and its space: the bare "key" trigger only counts beside api/access/private (see
``triggers.TRIGGER_CONTEXTS``), so this rule hangs on a literal of its own."""


_SETTING = (
    r"(?<![\w$])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_(?:TOKEN|KEY|SECRET|PASSWORD|PASSWD|PASS|PWD|AUTH)"
    r"[ \t]+(?:(?:is|was)(?:[ \t]+now)?|(?:(?:is|was)[ \t]+)?set[ \t]+to|to|as|now)[ \t]+" + _VALUE
)
PROSE_SETTING = (
    _p(_SETTING, "_token ", "_key ", "_secret ", "_password ", "_passwd ", "_pass ", "_pwd ",
       "_auth "),
)  # fmt: skip
"""An environment variable named for a secret, told its value in words ("I'll set
DISCORD_TOKEN to 4705…", "GENERIC_ACCESS_KEY is now …", "… is set to …"): the name, written as one
(upper case), does the work a ``=`` does in an assignment."""
_UPPER_NAME = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*")
"""Another variable's or a file's name (``OTHER_VAR``, "add EXPORTER_SECRET to
SSLKEYLOGFILE": a commit message of 472,156 real ones read)."""


def _upper_name(value: str) -> bool:
    """An upper-case name, unless one word of it goes from letters to digits and back four
    times or more (``JJ4ZIC9EJNWVIS86``, a Raven key in trufflehog's tests): a name's
    words are spelled, a drawn key's are not."""
    if not _UPPER_NAME.fullmatch(value):
        return False
    return "_" in value or len(LETTER_DIGIT.findall(value)) < 4


def told_setting(value: str, text: str, start: int, end: int) -> bool:
    """The value told to a secret's variable is one unless it is a word or a name
    (``something``, ``my_token``, ``OTHER_VAR``, ``id_token.value``), a reference or a
    placeholder (``$TOKEN``, ``{{secret}}``, ``<your key>``), a path, a URL or a number."""
    value = value.rstrip("?!.:;,")
    if len(value) < 6 or is_placeholder(value) or value.startswith(("$", "{", "%", "<", "[")):
        return False
    if all(_PLAIN_WORD.fullmatch(part) for part in value.split("-")):
        return False  # "GITHUB_TOKEN is short-lived: …" (authneg): words, not a value
    if "/" in value or _PLAIN_WORD.fullmatch(value) or _upper_name(value):
        return False
    if _assignment(value):
        return False
    if value.isdigit() and len(value) < 16:
        return False  # a number (MAX_TOKEN is 40960000); numeric keys run 25-32 digits
    return not (snake_name(value) or _DOTTED_NAME.fullmatch(value.lower()))

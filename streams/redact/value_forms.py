"""Forms of a value written after a secret's name that the text around it decides.

Split from ``accept.py`` (what every assignment's check asks): whether the name says
password, whether the line is a data format whose bare value is a literal (an environment
variable, a properties or YAML key, a flag), and forms that hold no secret whatever the name:
a localisation file's text, a ``namespace/name`` reference, a placeholder written as words or
in brackets, a label or a sentence naming the secret, a prompt, a string built around an
interpolation, a comment's words, a published test vector's key. Each was read off real lines
(``bench/redact_toollines.py``'s sets, the fresh8 and vectors splits).
"""

from __future__ import annotations

import re

from . import lines
from .base64_text import decoded_base64
from .counting import counts_up
from .names import is_identifier_like
from .worded import worded_placeholder, written_sentence

_PASSWORD_NAMED = re.compile(
    r"(?:pass(?:word|wd|phrase|code)?|pwd)(?:[_\-.]?(?:value|plain|raw|prod|dev|live|test|local"
    r"|admin|root|[0-9]))*(?:\[\])?[\"']?\]?[ \t]*(?:=|:=|:)[ \t]*[\"']?$"
    r"|--[a-z0-9\-]*(?:password|passwd|pass|pwd)(?:[ \t]+|=)[\"']?$"
    r"|(?:password|passwd|pwd)\"?>[ \t]*$|(?:^|\s)(?:passcode|iglogin[ \t]+[\w\-]+)[ \t]+$",
    re.I,
)
"""The name right before a value says password (``MYSQL_ROOT_PASSWORD=``, ``--password=``,
``password: ``, an XML element's ``<password>`` or ``name="connection.password">``, an
APRS-IS login's ``passcode 12345``), not token or key (``max_tokens=4096``)."""


_PSK_NAMED = re.compile(r"(?<![\w-])psk[\"']?[ \t]*[=:][ \t]*[\"']?$", re.I)


def psk_named(text: str, start: int) -> bool:
    """The name right before a value is a Wi-Fi network's ``psk=`` (wpa_supplicant,
    NetworkManager): eight digits are a passphrase there (``psk=02338293``: fresh150)."""
    return _PSK_NAMED.search(text, max(0, start - 16), start) is not None


_SECRET_NAMED = re.compile(r"secret[\"']?[ \t]*[=:][ \t]*[\"']?$", re.I)
_LONG_NUMBER = 16


def number_told_secret(value: str, text: str, start: int) -> bool:
    """A number under 20 digits is a secret under a password's name (``MYSQL_PWD=123456``), a
    Wi-Fi ``psk`` (8+ digits not counting up: ``psk=02338293``) or, 16+ digits, a secret's (a
    Salesforce consumer secret, ``clientSecret = 5817…``: fresh173); else a count or an id."""
    if psk_named(text, start):
        return len(value) >= 8 and not counts_up(value)
    if len(value) >= _LONG_NUMBER and _SECRET_NAMED.search(text, max(0, start - 24), start):
        return not counts_up(value)
    return len(value) >= 4 and password_named(text, start)


def password_named(text: str, start: int) -> bool:
    """The 48 characters before ``start`` end with a password's name and its sign."""
    return _PASSWORD_NAMED.search(text, max(0, start - 48), start) is not None


LITERAL_PLACE = re.compile(
    r"(?:^[ \t]*(?:- |export[ \t]+)?|[ \t](?:-e|--env)[ \t]+)[A-Z][A-Z0-9_]*=$"
    r"|;[ \t]*(?i:password|pwd)=$|[ \t]--(?:[a-z][a-z0-9]*-)*pass(?:word|wd)?=$",
    re.M,
)
"""Where a dotted value is text, not code: an environment variable's line (``.env``, ``export
FDW_API_KEY=pwd.pg``, a compose list's ``- POSTGRES_PASSWORD=pwd.pg``, ``docker run -e``; its
name in capitals: ``password=self.password`` is a call's keyword), a connection string's
``;Password=report.admin12;`` (fresh47), a command's ``--password=m4r14db.r00t`` (fresh67)."""


_PASCAL_WORDS = re.compile(r"(?:[A-Z][a-z]+){1,6}")


def literal_password(value: str, text: str, start: int) -> bool:
    """Capitalised words as an environment line's password (``POSTGRES_PASSWORD=SuperSecret``,
    ``docker run -e``): no variable is named there, so the words are what was typed, even
    when they hold "secret" (fresh63)."""
    return (
        _PASCAL_WORDS.fullmatch(value) is not None
        and LITERAL_PLACE.search(text, max(0, start - 64), start) is not None
        and password_named(text, start)
    )


_DATA_ASSIGNMENT = re.compile(
    r"(?:^|[\s\"']|-D)(?:[A-Z][A-Z0-9_]*|[a-z][a-z0-9_\-]*(?:\.[a-z0-9_\-]+)+)=$"
    r"|^[ \t]*(?:- )?[A-Za-z_][\w.\-]*:[ \t]+$"
    r"|--[a-z0-9][a-z0-9\-]*(?:[ \t]+|=)(?:[a-z][a-z0-9_\-]*=)?$",
    re.M,
)
"""A data format's assignment, whose bare value is a literal: an environment variable
(``POSTGRES_PASSWORD=secret``, ``-e MYSQL_PASSWORD=…``), a properties key
(``spring.datasource.password=secret``, a JVM's ``-Djasypt.encryptor.password=…``), a YAML
key opening its line (``password: …``), a command's flag (``--password secret``) or a pair
given to one (``--from-literal=pwd=…``). In code, ``password = secret`` names a variable."""
_WORD_VALUE = re.compile(r"[a-z][a-z0-9_\-]{3,63}")


_WORD_PLACEHOLDER = re.compile(
    r"(?:^|[_\-])(?:your|yours|sua|seu|tu|tus|su|votre|ton|dein|deine|ihr|tuo|tua|uw|je)"
    r"(?:[_\-]|$)|[_\-]here$|^(?:enter|insert|put|replace|type|fill|change[_\-]?me|fixme|todo|tbd)"
    r"[_\-]|^changeme(?=or|now|please|later|asap)"
)
"""A placeholder written as words: "your …" in a few languages (``your_redis_password_here``,
Portuguese ``sua_senha_correta``), "… here", "enter …", a marker that asks for the value
(``change-me-in-production``, ``fixme-postgres-password``: fresh29; ``ChangeMeOrDie``)."""
_LETTER_WORDS = re.compile(
    r"(?:[a-z0-9]{1,4}_)?[a-z][a-z_\-]{3,63}"
    r"|(?=.{4,64}$)[a-z]+[0-9]?(?:[_\-](?:[a-z]+[0-9]?|[0-9]{1,3}(?=[_\-])))+"
)
"""Words, each maybe ending in a digit, or a count between them
(``seu-secret-aqui-32-caracteres-minimo``: fresh108)."""
_NOUN_HERE = re.compile(r"(?i)(?:key|token|secret|passw(?:or)?d|pwd|value)[_\- ]?here(?:\.{3}|…)?$")
"""A value ending "…keyhere" names what goes there (``changeme32charsecretkeyhere``)."""


def word_placeholder(value: str) -> bool:
    """Lower-case words with no digit (a provider's short prefix aside: ``r8_your_…_here``;
    a word may end in one: ``your-auth0-client-secret``, fresh93) that say "your …", "… here"
    or "enter …", or a value that ends "…keyhere" or "… secret here"."""
    if _NOUN_HERE.search(value):
        return True
    return bool(_LETTER_WORDS.fullmatch(value)) and _WORD_PLACEHOLDER.search(value) is not None


_SECRET_WORDS = ("password", "passwd", "secret", "token", "key", "credential", "auth")
_LABEL = re.compile(r"(?:[#/][a-z]+|[a-z]+[-_/])[a-z]*(?:[-_/][a-z]+)*(?:#[a-z_]+)?")
"""Lower-case words joined by ``-``, ``_`` or ``/``, or one word after ``#`` or ``/``;
a Rails route target's ``#action`` may end it."""


def is_label(value: str) -> bool:
    """A value naming the secret rather than holding it: lower-case words that include a
    secret word, joined as an anchor, route or key is (``#add-password``,
    ``/forgot-password``, ``cms_user_password``). A real password of that form would be a
    phrase about passwords with no digit or capital, which is a placeholder at best."""
    return bool(_LABEL.fullmatch(value)) and any(w in value for w in _SECRET_WORDS)


_PROSE = re.compile(r"[A-Za-z][a-z]*(?:'[a-z]+)?,?(?: [A-Za-z][a-z]*(?:'[a-z]+)?,?){2,}[.:?!]?")


_FIELD_LABEL = re.compile(r"[A-Za-z][a-z]*(?: [A-Za-z][a-z]*)+:")
"""Two or more plain words and a colon: a field's label (irssi's ``"Operator password:"``)."""


def is_prose_label(value: str) -> bool:
    """Three or more plain words that mention a secret, or two and a colon, a "!" or a ".": a
    label, title, prompt or message (``"Enter your password"``, ``"Creating a strong
    password"``, ``"I'm not a secret, I think"``, ``"Operator password:"``: fresh79;
    ``"Incorrect password!"``: fresh109), not a value. A passphrase of plain words
    (``correct horse battery staple``) names no secret."""
    v = value.strip()
    label = _PROSE.fullmatch(v) or _FIELD_LABEL.fullmatch(v) or _EXCLAIMED.fullmatch(v)
    return bool(label) and any(w in value.lower() for w in _SECRET_WORDS)


_EXCLAIMED = re.compile(r"[A-Za-z][a-z]* [A-Za-z][a-z]*[!.]")
"""Two words and a "!" or ".": a form's message (``'Incorrect password!'``: fresh109)."""


_PROMPT = re.compile(
    r"(?i)(?:enter|insert|type|paste|provide|put|fill(?: in)?|replace with|add|your)"
    r"(?: (?:your|the|an?))?(?: [A-Za-z][a-z]*| [A-Z]{2,5})+[.:…]*"
)
"""A prompt written in a secret's place: an imperative and plain words (``Enter API``,
``Paste your token here``, ``FILL THIS IN``: fresh89), or what is yours to put there
(``Your Certificate``: fresh86); no digit or sign."""
_INTERPOLATION = re.compile(r"[#$]\{[^}\n]*\}")
_TOKEN_RUN = re.compile(r"[A-Za-z0-9_\-+/=]{8,}")


_ELIDED = re.compile(r"[^\s.…]{1,40}(?:\.{3,}|…+)[^\s.…]{0,40}(?:etc)?`?")
"""A value cut short around an ellipsis (``Fe26...Ha``, ``sk_live_...``, ``sk-8dL......``,
``AAAAmqYgomQ:APA91bHp...7NTOizGXhN1K1TkTFw``): what is shown is no longer the secret."""
_TAGGED = re.compile(r"[^<>\s]*<[A-Za-z][^<>\n]{1,48}>[^<>\s]*|\([a-z][a-z ]{2,30}\)")
"""A value with a ``<placeholder>`` inside (``RGAPI-<my api key>``, ``sk-ar-v1-<redacted: 56
chars>``) or a word in parentheses in its place (``(removed)``)."""
_SINGLE_SIGNS = re.compile(r"[a-z0-9](?:[.:_\-][a-z0-9]){2,}", re.IGNORECASE)
"""One sign between separators (``a.b.c.d``, ``x-y-z``): a token's shape drawn, no token."""
_SOME_WORD = re.compile(r"(?:some|any|the|this) [a-z]+(?: [a-z]+)?")
"""A determiner and a noun in a value's place (``api_key='some key'``, ``"the token"``)."""
_CMDLET = re.compile(
    r"(?:New|Get|Set|Read|Invoke|ConvertTo|ConvertFrom|Import|Export|Join|Select|Add|Test"
    r"|Unprotect|Protect|Resolve|Find|Format|Receive|Request|Expand|Out|Write|Start|Use)"
    r"-[A-Z][A-Za-z]+"
    r"|(?i:read-host|get-credential|get-content|get-random|new-object|convertto-securestring)"
)
"""A PowerShell cmdlet in a value's place (``$Credential = New-Object …PSCredential``,
``$pw = Get-Secret -Name db``): a call, not a value (toollines4); the common ones in any
case (``$SAPWD = read-host``: PowerShell ignores case, fresh75; ``test-tmp`` is a password)."""
_SHORT_NAMED = re.compile(
    r"[a-z]{2,3}_(?:0{0,3}[0-9]|0?12(?:3(?:4(?:5(?:6(?:78?)?)?)?)?)?)|[a-z]{2,20}:"
)
"""An object id's short prefix and a counter that counts (``token="tok_123"``, ``key_1``,
``id_001``; a word and a number is a password people type: ``password = "admin_123"``, and
so are initials and a number: offlineimap's ``remotepass = yzj_184``, fresh91) or a word and
a colon, a label before the real value (python-gitlab's ``private_token = helper: …``)."""


def drawn_stand_in(value: str) -> bool:
    """A value cut around an ellipsis or holding a ``<placeholder>`` (:func:`cut_or_tagged`),
    one sign between separators, a determiner and a noun, a short prefix and a counter, or a
    label: a stand-in an SDK's docs and tests write (fresh22); or a PowerShell cmdlet's
    call."""
    return bool(
        cut_or_tagged(value)
        or _SINGLE_SIGNS.fullmatch(value)
        or _SOME_WORD.fullmatch(value)
        or _SHORT_NAMED.fullmatch(value)
        or _CMDLET.fullmatch(value)
    )


def prompt_or_template(value: str) -> bool:
    """A prompt (:data:`_PROMPT`), or a string built around an interpolation with no
    literal run of 8+ token characters left (Ruby's ``"a #{x}"``, a shell's ``"${host}:1"``):
    the secret is the interpolated variable's, not this literal's."""
    if _PROMPT.fullmatch(value):
        return True
    if ("#{" in value or "${" in value) and _INTERPOLATION.search(value):
        return _TOKEN_RUN.search(_INTERPOLATION.sub(" ", value)) is None
    return False


def typed_password(value: str, text: str, start: int, end: int) -> bool:
    """A lower-case word assigned to a password in a data format is the password, even
    when it names one (``POSTGRES_PASSWORD: my-pg-password``, ``--password mypassword``):
    people type such passwords (fresh30: ``--set secretKey.password=miniosecret,…``). It
    must end its line or its argument (or a Helm ``--set`` pair); ``PASSWORD:
    DB_PASSWORD`` (upper case) stays a reference. Only for a password's name: a word for a
    token or key is a placeholder (``sonar.login=sonarqube_token``), real ones are random."""
    if not _WORD_VALUE.fullmatch(value) or _WORD_PLACEHOLDER.search(value):
        return False
    if written_sentence(value) or worded_placeholder(value):
        return False  # this_is_not_the_real_one, yourpassword, fakepass: no typed password
    window = max(0, start - 64)
    helm = _HELM_SET.search(text, max(0, start - 256), start) is not None
    after = text[end : end + 1]
    if after and not after.isspace() and after not in "'\"\\" and not (helm and after == ","):
        return False
    data = helm or _DATA_ASSIGNMENT.search(text, window, start) is not None
    return data and password_named(text, start)


_HELM_SET = re.compile(r"--set(?:-string)?[ \t=]+[^\s]*$")
"""Inside Helm's ``--set a.password=…,b.password=…``: a list of literals, ``,`` between."""


_UI_TEXT = re.compile(r"[^\W\d_]+(?: [^\W\d_]+)+[.:?!…]?|[^\W\d_]+:")
"""Plain words in any script: two or more with single spaces, or one before a colon."""


_KEY_COLON = re.compile(r"[\"'][ \t]*:[ \t]*[\"']?$|^[ \t]*[\w.\-]+:[ \t]*[\"']?$", re.M)
"""A JSON or YAML key right before the value (``"save_password": "``, ``password: ``)."""


def is_ui_text(value: str, text: str, start: int) -> bool:
    """A localisation file's text for a secret's field, in sentence case
    (``"repeat_password": "Gjenta passord"``, ``"one_time_password": "Engangskode:"``,
    ``"Du har tastet feil engangspassord"``): a JSON or YAML key's value, its first letter
    capital, the rest plain lower-case words, in any language. A passphrase written so
    (``Correct horse battery``) would pass too; generated and typed passwords have digits,
    signs or no spaces. Piped or flagged text is no label (``printf 'This is a secret' |
    docker secret create …``)."""
    v = value.strip().strip("'\"`")
    if not _UI_TEXT.fullmatch(v) or not v[0].isupper() or v[1:] != v[1:].lower():
        return False
    return _KEY_COLON.search(text, max(0, start - 80), start) is not None


RESOURCE_REF = re.compile(
    r"[a-z][a-z\-]*/[a-z][a-z.\-]*|@(?:string|raw|xml|integer)/[A-Za-z_][\w.]*"
)
"""``namespace/name``, ``org/repo``: a reference to a secret or a repository (an annotation's
``cert-manager.io/secret: org/repo``), lower-case letters only; or an Android resource
(``android:value="@string/maps_key"``: the key is in the resource, read where it is)."""


_VECTOR_NAME = re.compile(
    r"(?:^|(?<=\n)[+\-]|[\s\"'{,])(?:key|k|secret|privkey|private|priv|seed)[\"']?[ \t]*[=:]"
    r"[ \t]*[\"']?$",
    re.I,
)
"""A test vector's own field name for its key (``Key = ``, ``KEY: ``, ``"key": "``,
``Privkey = ``, ``Secret = ``): the bare word (after a hunk's ``+``/``-`` too), never
``api_key``, ``api-key`` or ``AES_KEY``."""
_VECTOR_FIELDS = re.compile(
    r"(?im)^[+\- ]?[ \t]*[\"']?(?:pt|plaintext|ct|ciphertext|tag|aad|msg|message|mac|in|out|output|"
    r"digest|md|expected|okm|prk|ikm|tcid|count|sig|signature|shared)[\"']?[ \t]*[=:]"
)
"""A test vector's data beside its key: its input and output (``PT``, ``CT``, ``Tag``,
``Msg``, ``Mac``, ``In``/``Out``, an RFC's ``OKM``), Wycheproof's ``tcId``, NIST's
``COUNT``. Not an IV, nonce or salt alone: a config holds ``key`` and ``iv`` too."""
_HEX = re.compile(r"[0-9a-fA-F]{16,}")
_VECTOR_FILE_LINE = re.compile(
    r"(?:^|\n)[+\- ]?[ \t]*(?:Key|KEY|Secret|SECRET|Privkey|PrivKey|PRIVKEY|Seed|SEED)"
    r"[ \t]+=[ \t]+$"
    r"|\"(?:key|private|secret)\"[ \t]+:[ \t]+\"$"
)
"""A vector file's own line, even alone: NIST CAVP's and Botan's ``KEY = <hex>`` (a
capitalised bare name, blanks around ``=``, unquoted hex to the line's end) and Wycheproof's
``"key" : "<hex>"`` (a blank before the colon, which no JSON serialiser of a config
writes). A ``.env``'s ``KEY=…``, TOML's ``key = "…"`` and JSON's ``"key": "…"`` differ."""


def test_vector_key(value: str, text: str, start: int) -> bool:
    """A hex key in a test vector (NIST CAVP, Wycheproof, RFC and library vector files:
    ``Key = …`` beside ``PT = …``, ``"tcId": 3``): public by design, and the test data of
    crypto code. The key's field is the bare name, and a vector's data field sits within
    three lines either side; a config's ``AES_KEY=…``, ``api_key: …`` or ``key``/``iv`` pair
    is never read so, nor a lone ``Key: …`` or one beside its IV only; a vector file's own
    line form (:data:`_VECTOR_FILE_LINE`) is read so even alone."""
    if not _HEX.fullmatch(value.strip().strip("'\"")) or not _VECTOR_NAME.search(
        text, max(0, start - 24), start
    ):
        return False
    if _VECTOR_FILE_LINE.search(text, max(0, start - 24), start):
        line_end = text.find("\n", start)
        rest = text[start + len(value) : line_end if line_end >= 0 else len(text)]
        if rest.strip() in ("", '"', '",'):
            return True
    return _VECTOR_FIELDS.search(_lines_around(text, start, 3)) is not None


def _lines_around(text: str, at: int, n: int) -> str:
    """The line holding ``at`` with ``n`` lines either side."""
    lo = text.rfind("\n", 0, at)
    for _ in range(n):
        if lo <= 0:
            break
        lo = text.rfind("\n", 0, lo)
    hi = text.find("\n", at)
    for _ in range(n):
        if hi < 0:
            break
        hi = text.find("\n", hi + 1)
    return text[max(lo, 0) : hi if hi >= 0 else len(text)]


_NOT_BRACKETED = re.compile(r"[\"',\[]|\](?!$)", re.S)


def bracketed_placeholder(value: str) -> bool:
    """``[dockerhub-password]``, or ``[원격지`` where a blank cut ``[원격지 접속 계정의 암호]``:
    a bracket opened and closed only at the end, no quote, comma, other bracket (a list) or
    three digits inside (``'[97872715Ga!]'``, a password in brackets: fresh179)."""
    if not value.startswith("[") or ("]" in value and not value.endswith("]")):
        return False
    return _NOT_BRACKETED.search(value, 1) is None and sum(c.isdigit() for c in value) < 3


_COMMENT_OPENS = re.compile(r"(?:(?<![:/])//|#|/\*|<!--)")
_COMMENTED_PROSE = re.compile(_COMMENT_OPENS.pattern + r"[^\n]*[ \t]+[A-Za-z_]+[ \t]+$")
"""A comment opens earlier on the value's line (``//`` but not a URL's ``://``) and the value
follows its name after a blank (no ``=`` or ``:``): words of a sentence, not a commented-out
``#ansible_ssh_pass=test``."""


_ONE_MORE_WORD = re.compile(r"[ \t]+[a-z]+[.!]?[ \t]*(?:\n|$)")


def comment_words(value: str, text: str, start: int) -> bool:
    """A lower-case word that follows a secret's name in a comment's sentence, or that
    another word ends the comment with (``# password: keep empty``, ``leave blank``)."""
    if not (value.islower() and value.isalpha()):
        return False
    line = lines.line_start(text, start, lines.VALUE_REACH)
    if _COMMENTED_PROSE.search(text, line, start) is not None:
        return True
    return bool(_COMMENT_OPENS.search(text, line, start)) and bool(
        _ONE_MORE_WORD.match(text, start + len(value))
    )


HEX_PAIR = re.compile(r"[0-9a-f]{8,32}:[0-9a-f]{8,32}")
"""Two hex halves, a user and a password (Sidekiq Pro's and Enterprise's gem credentials,
``6f5557b2:9d8870b0``); no such pair in 410,566 commit messages of the mirrored repos.
Said alone in prose (:mod:`.said`), given to a key's name or a client
(:func:`.key_values.random_value`)."""


def pinned_version(text: str, start: int) -> bool:
    """Right after an ``@`` (and spaces or a quote): ``actions/checkout@<sha>``,
    ``repo @ `<sha>```, ``image@sha256:…`` pin a version."""
    before = text[max(0, start - 4) : start].rstrip(" `'\"")
    return before.endswith("@")


def in_template_braces(text: str, start: int, end: int) -> bool:
    """The run alone between a template's ``{{`` and ``}}`` (Mustache, Jinja, Go's
    templates): a variable's or a secret store's name the template fills in
    (``SMTP_PASSWORD={{bfa0994c…}}``: fresh79); a literal there would be quoted."""
    before = text[max(0, start - 4) : start].rstrip(" ")
    return before.endswith("{{") and text[end : end + 4].lstrip(" ").startswith("}}")


_NAMED_CONSTANT = re.compile(r"(?:[a-z0-9]{2,8}[_\-])?([A-Z]+(?:_[A-Z]+)*)|:[a-z][a-z_]+")
_CONSTANT_WORDS = frozenset(
    {"TOKEN", "KEY", "SECRET", "PASSWORD", "PASSWD", "PWD", "HERE", "YOUR", "AUTH", "APIKEY", "JWT"}
)


def named_placeholder(value: str) -> bool:
    """A constant's name or a route's parameter in a value's place (``ACCESS_TOKEN_HERE``,
    ``READ_KEY``, ``xoxp-TOKEN_HERE``, ``:api_key``): capitals and ``_`` only with a
    credential's word among them, maybe after a token's documented prefix. KeyHacks' curl
    lines write every key so; a drawn key of capitals has no ``_`` words (fresh17)."""
    m = _NAMED_CONSTANT.fullmatch(value.rstrip("|),;."))
    if m is None:
        return False
    return m.group(1) is None or not _CONSTANT_WORDS.isdisjoint(m.group(1).split("_"))


_VALUE_PATTERN = re.compile(r"\[[^\]]+\](?:\{\d+(?:,\d*)?\}|[+*])|\\[dws](?:[+*]|\{\d)")


def is_value_pattern(value: str) -> bool:
    """A regular expression in a value's place (``EAAA[a-zA-Z0-9]{60}``,
    ``([a-zA-Z0-9]{32})``, ``\\d{6}``): a scanner's or a validator's description of the
    form, no value of it. A character class with a count, which no drawn key holds."""
    return _VALUE_PATTERN.search(value) is not None


_DOC_FIELD = re.compile(
    r":(?:param|type|arg|argument|ivar|var|cvar|keyword|kwarg)(?:[ \t]+[\w.\[\]]+)?[ \t]+[\w.]+:"
    r"[ \t]*$|<param[ \t]+name=\"[\w.]+\">[ \t]*$"
    r"|@param[ \t]+(?:\[\w+\][ \t]+)?[\w.]+[ \t]*:?[ \t]*$"
)


def doc_field(text: str, start: int) -> bool:
    """Right after a docstring's field (``:param password:``, ``:param str api_key:``,
    ``:type token:``, C#'s ``/// <param name="clientSecret">``: fresh113, Doxygen's and
    JSDoc's ``@param token :``: fresh143): what follows describes the parameter
    ("The password that the username will use…")."""
    return _DOC_FIELD.search(text, max(0, start - 48), start) is not None


_MOSTLY_X = re.compile(r"x{4,}[a-z0-9]?|[a-z0-9]?x{4,}|[a-z0-9]{1,3}x{4,}[a-z0-9]{1,3}")
_PADDED_STUB = re.compile(r"[A-Za-z0-9]{1,6}={1,2}")
_STARRED_WORD = re.compile(r"\*+[a-z_ \-]+\*+")


def masked_stub(value: str) -> bool:
    """A value masked but for a sign or a few (``XXXXf``; fresh30's ``sXXXX98``), a word
    between stars where it was masked (``http://admin:*password*@host``), or base64 padding
    after a word, no key's length (``AccountKey=key==``): fresh24's pasted stand-ins."""
    v = value.lower()
    return bool(
        _MOSTLY_X.fullmatch(v) or _STARRED_WORD.fullmatch(v) or _PADDED_STUB.fullmatch(value)
    )


_BASE64_VALUE = re.compile(r"[A-Za-z0-9+/]{8,}={0,2}")
_MARKED_TEXT = re.compile(
    r"(?i)(?:replace|change|insert|enter|your)[_\- ]|changeme|<|\$\{|\{\{|.*\*{2}|(.)\1{7,}$"
)
"""Decoded text that asks for a value or masks one (``REPLACE-WITH-AWS-SECRET-KEY``,
``hvs.*******``, ``**SOPS**``) or is one sign over and over (``MDAwMDAw…``: zeros, fresh58);
a word that only starts so (``Enterprise2024!``) is none."""


def encoded_stand_in(value: str) -> bool:
    """Base64 of a stand-in, as a Kubernetes Secret's ``data`` must hold it: the decoded
    text asks for the value or is masked (fresh29: Percona's ``UkVQTEFDRS1XSVRI…``, CNPG's
    ``aHZzLioqKioqKio=``, Flux's ``KipTT1BTKio=``). Base64 of a word that names a secret
    (``dW5zZWN1cmVfcGFzc3dvcmQ=``) or of the noun alone (``U0VDUkVUCg==``, fresh29's
    ``SECRET``) stays a value: a Secret holds such passwords too."""
    if len(value) % 4 or not _BASE64_VALUE.fullmatch(value):
        return False
    raw = decoded_base64(value.rstrip("="))
    text = raw.decode().removesuffix("\n") if raw is not None and raw.isascii() else ""
    return stand_in_text(text)  # its newline taken off: `echo REPLACE_ME | base64`


def stand_in_text(text: str) -> bool:
    """Text decoded from base64 that asks for the value or is masked (:data:`_MARKED_TEXT`)."""
    return text.isprintable() and _MARKED_TEXT.match(text) is not None


def cut_or_tagged(value: str) -> bool:
    """A value cut around an ellipsis or holding a ``<placeholder>`` (:data:`_ELIDED`,
    :data:`_TAGGED`): also where a URL's password or parameter is read, which asks no
    other stand-in reading (fresh25's ``?apikey=(removed)``)."""
    return bool(_ELIDED.fullmatch(value) or _TAGGED.fullmatch(value))


_OBJECT_STORE_CALL = re.compile(r"\bs3api\b|--bucket\b|\bgsutil\b|\baz storage\b")


def object_store_call(text: str, start: int) -> bool:
    """The value's line (2,048 signs each way at most: read whole for each value, a long line
    was quadratic) calls an object store (``aws s3api``, ``--bucket``, ``gsutil``, ``az
    storage``): there ``--key`` names an object (``logs/2024/app.log``), not a key."""
    line_start = max(text.rfind("\n", 0, start) + 1, start - 2048)
    line_end = text.find("\n", start, start + 2048)
    line_end = min(len(text), start + 2048) if line_end < 0 else line_end
    return _OBJECT_STORE_CALL.search(text, line_start, line_end) is not None


_MARKED = re.compile(
    r"(@@@?|__|%%|#\{|\{\{|<<)[ \t]*[A-Za-z][A-Za-z0-9_.\-]*[ \t]*(@@@?|__|%%|\}#|\}\}|>>)"
)
"""A name between a token-replacement tool's markers (``@@PLACEHOLDER@@``, ``__DB_PASS__``,
``#{ApiKey}#``, ``{{ INSERT_HERE }}``, SQL Server setup scripts' ``@@@SAPWD@@@``: fresh121):
the deploy step writes the value there."""
_MARKER_PAIRS = {"#{": "}#", "{{": "}}", "<<": ">>"}
"""The markers that close with other signs; the rest (``@@``, ``@@@``, ``__``, ``%%``) repeat."""
_STAND_IN_WORDS = frozenset(
    {"todo", "tbd", "fixme", "changeme", "here", "placeholder", "redacted", "removed",
     "masked", "hidden", "secret", "dummy", "fake", "example", "sample", "none", "null"}
)  # fmt: skip
_PREFIX_AND_WORD = re.compile(
    r"([a-z]{2,12}(?:[_\-][a-z][a-z0-9]{1,7})?)[_\-]([A-Za-z]+|[Xx]{3,}|#{3,}|\*{3,})=*"
)
_PREFIX_AND_PHRASE = re.compile(r"[a-z]{2,8}[_\-](?:[A-Z]{2,}_){2,}[A-Z]{2,}")  # sbp_NEEDS_REAL_…
_SINGLE_MARKED = re.compile(r"_[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*_")
"""An upper-case name between single underscores (``_P12-PASSWORD_``, Strimzi's docs)."""
_JWT_OF_WORDS = re.compile(r"eyJ[A-Za-z0-9_\-]{8,}\.[a-z]{3,12}\.[a-z]{3,12}")
"""A JWT's header before words in its payload's and signature's places
(``eyJ0eXAi…J9.payload.sig``)."""
_PEM_HEAD_CUT = re.compile(r"-----BEGIN [A-Z0-9 ]+-----(?:\.{2,}|…)?")
"""A PEM header alone or cut by an ellipsis (``"-----BEGIN PRIVATE KEY-----..."``): no key."""
_FORMAT_SLOT = re.compile(r"\{[0-9]?\}|%\([a-z_]+\)s|(?:^|[_ \-])%s(?:$|[_ \-])")


def replacement_marker(value: str) -> bool:
    """A name between a token-replacement tool's markers (:data:`_MARKED`), ``@@@SAPWD@@@``."""
    m = _MARKED.fullmatch(value)
    return m is not None and _MARKER_PAIRS.get(m[1], m[1]) == m[2]


def marked_stand_in(value: str) -> bool:
    """A stand-in a tool or a test writes around a value's place: a name between
    replacement markers (:data:`_MARKED`), a stand-in word between dashes or stars
    (``--- redacted ---``), a token's documented prefix before a stand-in word or X's
    (``github_pat_TODO``, ``whsec_XXXXX=``), a prefix before a counted or repeated body
    (``xoxa-123456789abcdef``, ``ghp_abab…``), or a format string's slot
    (``format_string_{}``, ``%(password)s``). leaktk's and CodeQL's negatives (fresh27); a
    prefix before masks (``ghp_###``, ``dop_v1_xxxxxx``), a marked name
    (``_P12-PASSWORD_``), a JWT or a PEM header with nothing of a key (fresh29)."""
    if replacement_marker(value):
        return True
    bare = value.strip(" -*=#~.")
    if bare != value and bare.lower() in _STAND_IN_WORDS:
        return True
    m = _PREFIX_AND_WORD.fullmatch(value)
    if m is not None and (m[2].lower() in _STAND_IN_WORDS or len(set(m[2].lower())) == 1):
        return True  # github_pat_TODO, whsec_XXXXX=, dop_v1_xxxxxx, ghp_### (one sign repeated)
    if _SINGLE_MARKED.fullmatch(value) and _SECRET_MARK.search(value):
        return True
    if _PREFIX_AND_PHRASE.fullmatch(value) and _SECRET_MARK.search(value):
        return True  # sbp_NEEDS_REAL_PERSONAL_ACCESS_TOKEN_FROM_DASHBOARD (fresh131)
    if _JWT_OF_WORDS.fullmatch(value) or _PEM_HEAD_CUT.fullmatch(value):
        return True
    m = _PREFIXED_BODY.fullmatch(value)
    if m is not None and (counts_up(m[1].replace("-", "")) or PATTERNED.fullmatch(m[1])):
        return True  # xoxa-123456789abcdef, ghp_ababab…: a counted or repeated body
    return _FORMAT_SLOT.search(value) is not None


_SECRET_MARK = re.compile(r"PASS|SECRET|TOKEN|KEY")
PATTERNED = re.compile(r"(.{1,4})\1{5,}.{0,4}")
"""A body that repeats one short unit (``abababab…``, ``x1x1x1…``): a stand-in."""
_PREFIXED_BODY = re.compile(r"\$?[a-z]{2,8}(?:[_\-][a-z]{2,8})?[_\-]([A-Za-z0-9_\-]{8,})")
"""A token's documented prefix (``xoxa-``, ``ghp_``, Asaas' ``$aact_dev_``) and its body."""


_AFTER_A_REFERENCE = (
    "", "/", ":", ".", "-", " ", "\t", ",", ";", ")", "]", "}", "'", '"', "\\", "{", "[",
)  # fmt: skip
"""What may follow ``$NAME`` in a value that only refers to a variable (``$HOME/.pgpass``,
``$DB_PASS:-x``, a member of it: Perl's ``$ENV{X}`` in FreeRADIUS' files, fresh82, PHP's
``$_ENV['X']``); a second ``$``, letters of another case or signs make a password."""


_VARIABLE_NAME = re.compile(r"\$(?!\w*[A-Za-z_][0-9]{5})([A-Za-z_][A-Za-z0-9_]*|[0-9])")


def variable_reference(value: str) -> bool:
    """``value`` (opening with ``$``) refers to variables: names in one case, of words or
    short without digits (``$DB_PASS``, ``$awsSecret``, ``$lJwt``, ``$1``), each then
    nothing, a separator or the next (``$HOME/.pgpass``, ``$RANDOM$RANDOM``, ``$NAME$``);
    ``$YYbMDot25P``, ``$sc1965112`` (five digits in a row) and ``$c8e$743df…}`` are not."""
    at = 0
    while (m := _VARIABLE_NAME.match(value, at)) is not None:
        name, after = m[1], value[m.end() : m.end() + 1]
        named = name.isupper() or name.islower() or name.isdigit() or is_identifier_like(name)
        if not (named or (len(name) <= 12 and not any(c.isdigit() for c in name))):
            return False
        if after != "$":
            return after in _AFTER_A_REFERENCE
        if m.end() + 1 == len(value):
            return True  # $PASSWORD$: a template's delimited name (Visual Studio, WiX)
        at = m.end()
    return False

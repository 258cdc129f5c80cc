"""A password a URL's userinfo or a tool's flag gives, and the stand-ins written there.

``url_password`` judges ``scheme://user:PASSWORD@host``, ``curl -u user:PASSWORD``, a tool's
``-p PASSWORD`` and a credential query parameter: short passwords count (the place says
password), references, templates, masks and textbook pairs do not. Kept apart from
``accept`` (which re-exports it) because every rule of a URL or a flag calls it.
"""

from __future__ import annotations

import html
import re

from .admin_scripts import script_reference
from .translations import translated_label
from .value_forms import (
    bracketed_placeholder,
    cut_or_tagged,
    masked_stub,
    named_placeholder,
    replacement_marker,
    variable_reference,
    word_placeholder,
)
from .worded import worded_placeholder

METASYNTACTIC = frozenset({"foo", "bar", "baz", "qux", "toto", "titi", "tata", "tutu"})
"""pre-commit-hooks' stand-ins, as a value or a URL's password (``foobar`` stays a password:
three real tool lines of the toollines sets use it)."""
_REPEATED = re.compile(r"(.)\1*")


def unquoted(value: str) -> str:
    """``value`` without surrounding blanks and quote characters: every check of what a
    value is reads it this way (``"'$PASSWORD'"`` is still a reference)."""
    return value.strip().strip("'\"`‘’“”")


_ENV_REFERENCE = re.compile(
    r"\$\$?(?:\{\{?[^}]*\}\}?|[A-Z_][A-Z0-9_]*|[a-z_][a-z0-9_]*|[A-Za-z_]+|[0-9])"
)
"""``$DB_PASSWORD``, ``${PASS}``, ``$pass``, a CI expression ``${{ secrets.PASS }}``: variable
names are written in one case, so a mixed-case ``$YYbMDot25P`` is a password."""


_CLOSING_REFERENCE = re.compile(
    r"\$(?:\{(?:[A-Z_][A-Z0-9_]*|[a-z_][a-z0-9_]*)\}|[A-Z_][A-Z0-9_]*|[a-z_][a-z0-9_]*)[)\\]+"
)
"""A variable's name and what closes around it, a command substitution's ``)`` or an
escaped quote's ``\\``: a flag's value read to the blank inside ``$(tool -p $pass)``."""


_PRINTF = re.compile(r"%[-#0 +]?[0-9]*(?:\.[0-9]+)?[sdrxifvq]|\{[0-9]*\}")
"""A format string's placeholder (``%s``, ``%v``, ``{}``, ``{0}``)."""


def url_password(value: str, text: str, start: int, end: int) -> bool:
    """Accept a password in ``scheme://user:PASSWORD@host`` unless it is templated/masked.

    Short passwords count here (the URL shape is evidence enough), so this does not reuse
    :func:`is_placeholder`'s length floor. A quoted flag value (``-a user:'pw'``) is judged
    without its quotes.
    """
    value = html.unescape(unquoted(value) or value)  # &lt;password&gt; in an HTML page
    if _ENV_REFERENCE.fullmatch(value) or value.startswith(_OPENS_A_REFERENCE):
        return False  # a reference, a template, Symfony's %env(X)%, Swift's \(password),
        # a Nutanix Calm macro (-Password "@@{DOMAIN_ADMIN_CRED.secret}@@": fresh75)
    if _CLOSING_REFERENCE.fullmatch(value):
        return False  # $(mkpasswd $password), ${PASS})\" in $(openssl …): fresh171, fresh173
    if script_reference(value):
        return False  # net use … %PASS%, mysql -p%password%, /pass:%sPass% (fresh47)
    if bracketed_placeholder(value) or word_placeholder(value) or worded_placeholder(value):
        return False  # [password], my_pass_here, SOMEPASSWORDHERE, ACCESS_TOKEN
    if replacement_marker(value):
        return False  # sqlcmd -P @@@SAPWD@@@: a setup script's marker (fresh121)
    if _stand_in_userinfo(value, text, start):
        return False
    if _PRINTF.fullmatch(value) or masked_stub(value) or cut_or_tagged(value):
        return False  # fmt.Sprintf("sshpass -p '%s'", pw): a format's placeholder; *password*
    if _NAMED_PASSWORD.fullmatch(value):
        return False  # net user administrator RandomPassword: words naming a password
    if value.lower() in _MASK_WORDS | _REFUSED_WORDS or translated_label(value.lower()):
        return False  # user:REDACTED@host (Bundler's, pip's); client_secret=invalid (a test's);
        # docker login -u 用户名 -p 密码: "password" in another language (fresh63)
    return not _REPEATED.fullmatch(value.lower()) or value[0] not in "*x.•●"


_NAMED_PASSWORD = re.compile(
    r"(?:Random|Your|My|New|Some|Temp|Default|Example|Sample|Dummy)"
    r"(?:Password|Passwd|Secret|Token)"
)
"""A stand-in's word and the thing's name (``RandomPassword``, ``YourSecret``): what a script's
reader replaces (fresh47's ``net user administrator RandomPassword``). Not an adjective a
person keeps (``StrongPassword`` after ``rabbitmqctl add_user``: toollines4)."""
_OPENS_A_REFERENCE = ("{", "%(", "%env(", "<", "$(", "`", "\\(", "@@{")
_MASK_WORDS = frozenset({"redacted", "masked", "removed", "hidden", "sanitized"})
_REFUSED_WORDS = frozenset({"invalid", "incorrect", "wrong", "fake", "dummy", "bogus", "expired"})
_USERINFO_USER = re.compile(r"://([^\s:/?#@\"'<>]{1,128}):$")
_STAND_IN_PAIRS = frozenset(
    {("foo", "bar"), ("u", "p"), ("user", "pass"), ("user", "password"), ("username", "password"),
     ("token", "secret"), ("aladdin", "opensesame"), ("aladdin", "open sesame"),
     ("api_key", "api_secret"), ("key", "secret"), ("client_id", "client_secret"),
     ("db_user", "db_password"), ("test", "test")}
)  # fmt: skip
"""Pairs docs print: RFC 7617's and RFC 2617's ``Aladdin:open sesame`` among them, and
Cloudinary's ``cloudinary://api_key:api_secret@cloud_name`` (fresh160), Symfony's shipped
``DATABASE_URL=mysql://db_user:db_password@…`` and ``test:test`` (fresh183, fresh181)."""
_PASSWORD_WORDS_ONLY = re.compile(
    r"(?i)(?:pass(?:word)?|secret|pwd|pw)(?:%[0-9a-f]{2}(?:pass(?:word)?|secret|pwd))*"
)
"""A password that is only the word itself, maybe repeated around an escaped sign
(requests' test ids: ``http://user:pass%20pass@complex.url.com``)."""


def named_userinfo(value: str, text: str, start: int) -> bool:
    """``value`` opens a URL's password (after ``://user:``) that is a variable or a
    constant's name (``$ACCESS_TOKEN@…``, ``REPLACE_WITH_TOKEN@…``: fresh63, fresh67), which
    a value rule reading on to the blank would take with the host; words stay
    (``my-secret-token@…``)."""
    if "@" not in value or not _USERINFO_USER.search(text, max(0, start - 160), start):
        return False
    password = value[: value.index("@")]
    return variable_reference(password) or named_placeholder(password)


def stand_in_pair(user: str, password: str) -> bool:
    """A textbook pair (``user:pass``, ``foo:bar``) or a password that is only the word."""
    pair = (user.lower(), password.lower())
    words_only = _PASSWORD_WORDS_ONLY.fullmatch(password) is not None
    return words_only or pair[1] in METASYNTACTIC or pair in _STAND_IN_PAIRS


def _stand_in_userinfo(password: str, text: str, start: int) -> bool:
    """``foo:bar@``, ``user:foo@``, ``u:p@``, ``user:password@``, ``user:pass%20pass@``,
    ``${DB_USER:-u}:${DB_PASSWORD:-p}@``: a textbook pair, a password that is only the word,
    or a shell expansion's default (a template). A password equal to its user stays a
    credential (``postgres://fixtrace:fixtrace@db`` is the compose stack's)."""
    head = text[max(0, start - 160) : start]
    if "${" in head[head.rfind("://") + 1 :] if "://" in head else False:
        return True
    m = _USERINFO_USER.search(head)
    if stand_in_pair(m.group(1) if m else "", password):
        return True
    named = _NAME.fullmatch(password) is not None
    return named and _WORDED_PORT.match(text, start + len(password)) is not None


_NAME = re.compile(r"[A-Za-z_]+")
_WORDED_PORT = re.compile(r"@[A-Za-z_][\w.\-]*:[A-Za-z_][A-Za-z_]*(?=[/?#\s'\"`]|$)")
"""A host and a port both written as names (``@database_host:database_port/``): with a
password written as a name too, a template of a URL whose every part is a stand-in (fresh122's
commented ``DATABASE_URL``)."""

"""Secrets and references in the scripts administrators write: batch files, PowerShell, the
registry, expect, T-SQL and SQL/MED, and deployment templates (fresh47).

Part of ``credentials.CREDENTIAL_RULES``: more rows of ``tool_password_flag``, each a place
that a tool's documentation says holds a password:

* expect's answer to a password prompt (``"password:" { send "…\\r" }``, ``expect
  "*assword*"`` then ``send "…\\r"``);
* ``reg add … /v DefaultPassword /d "…"`` (Winlogon's auto-logon and its kin: the value's
  name says password);
* ``net user <name> <password> /add`` (an account's password; ``*`` prompts for it);
* T-SQL's named arguments written as Unicode literals (``@rmtpassword = N'…'``; the plain
  ``@passwd = '…'`` is the assignment rules');
* a foreign server's user mapping, ``OPTIONS (user 'bob', password '…')`` (PostgreSQL's
  postgres_fdw and dblink, on a line of its own);
* a literal piped into ``ConvertTo-SecureString`` (``'…' | ConvertTo-SecureString
  -AsPlainText``);
* MySQL's ``PASSWORD('…')`` (``update user set authentication_string=password('…')``,
  ``SET PASSWORD … = PASSWORD('…')``) and ``mysql -p…`` as ``.mysql_history`` writes it,
  its blanks as ``\\040`` (fresh49).

And :func:`unattend_encoded_password` (the ``unattend_password`` rule's reading): a Windows
answer file's ``<Value>`` that is base64 of the password and its element's name.

And :func:`script_reference`: what stands in a value's place and is a reference these
scripts write, never a value (``%DB_PASS%``, ``%%p``, ``%~1``, an ARM template's
``[parameters('adminPassword')]``, a Ruby object's ``@user.api_key``, a flag glued to a
variable, ``-p$1``). Each form is in
``tests/redact/test_admin_scripts.py`` beside a look-alike that stays.
"""

from __future__ import annotations

import base64
import re

from .pattern import Pattern
from .pattern import literal as _p

_QUOTED_ANSWER = r"\"([^\"\n$\[\\]{1,256}?)(?:\\[rn])*\""
"""expect's quoted answer without its ``\\r``; ``$``/``[`` open a variable or a Tcl
command (``send "$pass\\r"``, ``send "[lindex $argv 0]\\r"``): references, not values."""

ADMIN_SCRIPT_PATTERNS: tuple[Pattern, ...] = (
    _p(
        r"\"[^\"\n]{0,40}(?:assword|passphrase|passwd)[^\"\n]{0,40}\"[ \t]*"
        r"(?:\{[ \t]*|;[ \t]*|\n[ \t]*)(?:exp_)?send[ \t]+(?:--[ \t]+)?" + _QUOTED_ANSWER,
        "send ",
        lower=True,
    ),
    _p(
        r"reg(?:\.exe)?[ \t]+add[ \t][^\n|&]*?/v[ \t]+\"?[\w .\-]*(?:password|passwd|pwd)[\w.\-]*"
        r"\"?[^\n|&]*?/d[ \t]+(\"[^\"\n]{1,256}\"|[^\s\"/]{1,256})",
        "reg add",
        "reg.exe add",
        lower=True,
    ),
    _p(
        r"@\w*(?:password|passwd|pwd|secret)\w*[ \t]*=[ \t]*n'([^'\n]{1,512})'",
        "=n'",
        "= n'",
        lower=True,
    ),
    _p(
        r"options[ \t]*\([^()\n]*?(?<![\w])password[ \t]+'([^'\n]{1,512})'",
        "options",
        lower=True,
    ),
    _p(
        r"(?<![\w.])password[ \t]*\([ \t]*'([^'\n]{1,256})'[ \t]*\)",
        "password(",
        "password (",
        lower=True,
    ),
    _p(
        r"mysql\\040[^\n]*?\\040-p(?!-)([^\s\\]{1,128})",
        "\\040-p",
        lower=True,
    ),
    # net user <name> <password> [/add …]: an account's password as Windows' net command
    # takes it ("*" asks for one, a "/" opens an option, a "%" a batch variable: fresh121's
    # NET USER "Grumpy" "…")
    _p(
        r"(?<![\w.\-])net(?:\.exe)?[ \t]+user[ \t]+(?:\"[^\"\n]{1,64}\"|[^\s\"/]{1,64})[ \t]+"
        r"(?:\"([^\"\n%]{2,127})\"|([^\s\"/*%][^\s\"]{0,127}))",
        "net user",
        "net.exe user",
        lower=True,
    ),
    _p(
        r"(?:'([^'\n]{1,256})'|\"([^\"\n]{1,256})\")[ \t]*\|[ \t]*convertto-securestring\b",
        "convertto-securestring",
        lower=True,
    ),
)

_BATCH_REFERENCE = re.compile(r"%%~?[A-Za-z]|%~?[0-9*]|%[A-Za-z_][\w.\-#$]*%")
"""cmd's variables: a ``for`` loop's ``%%p``, an argument ``%1``/``%~1``, ``%DB_PASS%``."""
_ARM_EXPRESSION = re.compile(
    r"\[(?:parameters|variables|reference|concat|format|listKeys|listSecrets|secureString"
    r"|resourceId|subscription|resourceGroup|deployment|uniqueString)\(.*\)"
    r"(?:\.[A-Za-z_]\w*|\[[^\]\n]*\])*\]",
    re.IGNORECASE,
)
"""An Azure Resource Manager template's expression (``[parameters('adminPassword')]``,
``[parameters('SharedVmConfig').adminPassword]``): filled in at deployment."""
_RUBY_ATTRIBUTE = re.compile(r"@[a-z_]\w*(?:\.[a-z_]\w*[!?]?)+")
"""A Ruby object's attribute (``api_key: @user.api_key``): code, not a value."""
_FLAG_AND_VARIABLE = re.compile(r"-[A-Za-z]{1,3}(?:\$\{?\w+\}?|%\w+%)")
"""A flag glued to a variable, a command line being built (``P7ZIPPASS="-p$1"``)."""


def script_reference(value: str) -> bool:
    """``value`` is wholly a batch variable, an ARM template expression, a Ruby object's
    attribute or a flag glued to a variable: a reference to a value kept elsewhere."""
    return bool(
        _BATCH_REFERENCE.fullmatch(value)
        or _ARM_EXPRESSION.fullmatch(value)
        or _RUBY_ATTRIBUTE.fullmatch(value)
        or _FLAG_AND_VARIABLE.fullmatch(value)
    )


_UNATTEND_SUFFIXES = ("AdministratorPassword", "Password")


def unattend_encoded_password(value: str, text: str, start: int, end: int) -> bool:
    """Windows Setup's answer file (``unattend.xml``) keeps a password with ``PlainText``
    false as base64 of its UTF-16LE text and the element's name appended (``Password``;
    ``AdministratorPassword`` for the administrator's): that is an encoding, not a cipher
    (fresh75's AutoLogon and LocalAccount values). A value that decodes so and holds more
    than the suffix is the password; the suffix alone is an empty one."""
    try:
        plain = base64.b64decode(value, validate=True).decode("utf-16-le")
    except ValueError:  # binascii.Error and UnicodeDecodeError are ValueErrors
        return False
    suffix = next((s for s in _UNATTEND_SUFFIXES if plain.endswith(s)), "")
    return bool(suffix) and len(plain) > len(suffix) and plain.isprintable()

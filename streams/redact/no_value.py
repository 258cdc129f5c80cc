"""What stands where a secret's value would, and is none.

Read by :func:`accept.assignment_value` before it takes a value (fresh33, credentials in
dotfiles): a shell alias's command (``alias token='export T=`pbpaste`;…'``), the word after
a flag that takes no value (``psql -U bob --password mydb``: PostgreSQL's clients only
prompt for one, the word is the database), a name glued after a colon (restclient's
``Authorization: Token :token2``, a Ruby symbol), a placeholder a blank cut in two
(``:rubygems_api_key: rubygems_<token goes here>``), a comment after a blank
(``secret: #微信小程序的Secret``: fresh38; ``PrivateKey = #Input your … key in here``), a
sentence's possessive (``PrivateKey = host's private key``: fresh42), a word prose puts
after "password" (``fix password validation``, ``- [x] password reset``), the prompt of a
batch file's ``set /p`` (``Set /P Pass=Veuillez indiquer le mot de pass :``: fresh121), the
next flag of a usage line, a column header's name, the first word of a phrase after a label of
words (fresh135, fresh139, fresh143).
"""

from __future__ import annotations

import re

from . import lines
from .tool_flags import SAME_COMMAND

_ALIAS = re.compile(r"(?:^|[\s;&|(])alias[ \t]+[\w.:\-]+=[\"']?$")
_PROMPTING_PASSWORD_FLAG = re.compile(
    r"(?:^|[\s;&|(/\"'])(?:psql|pg_dump|pg_dumpall|pg_restore|pg_basebackup|createdb|dropdb"
    r"|createuser|dropuser|vacuumdb|reindexdb|clusterdb|pgbench)(?:\.exe)?[ \t]"
    + SAME_COMMAND
    + r"--password[ \t]+$"
)
"""PostgreSQL's clients, whose ``-W``/``--password`` forces a prompt and takes no value."""
_BATCH_PROMPT = re.compile(r"(?i)(?:^|[\s&(@])set[ \t]+/p[ \t]+\"?[\w.\-]+=$")
"""``set /p NAME=<prompt>``: cmd.exe shows the text after ``=`` and reads the value typed."""
_SUDOERS_TAG = re.compile(r"(?i)(?<![a-z])NO(?:PASSWD|EXEC|SETENV):[ \t]*$")
_NEXT_FLAG = re.compile(r"--[a-z][a-z0-9\-]*=?")
"""A usage line's next option after an empty one (``--user= --password= --database=``:
fresh135)."""
_AFTER_OPERATOR_AND_BLANK = re.compile(r"[:=][ \t]+$")
_WORDS_GO_ON = re.compile(r"[ \t]+[A-Za-z]")
"""Words after a ``#…`` value: a sentence, so the ``#`` opened a comment; a password that
starts with ``#`` (``SMTP password: #fdfwwBJ8f``, fresh44) ends its line or a comment follows."""
_WORDS_AFTER = re.compile(r"[ \t]+[^\W\d_]")
"""A word in any script after the value: the value is the first word of a phrase."""
_SPACED_LABEL = re.compile(
    r"(?m)^[ \t]*(?:[-*+][ \t]+)?[^\W\d_]+(?:[ \t]+[^\W\d_]+){1,3}[ \t]*[:=][ \t]*\Z"
)
"""A label of two to four words of letters at its line's start: a list item's or a UI
string's name (``fly secrets set DATABASE_PASSWORD=`` is a command: its name has a ``_``)."""
_COLUMN_HEADER = re.compile(r"[#;/ \t]*[A-Z][A-Z_]*(?:[ \t]{2,}[A-Z][A-Z_]*){2,}[ \t]*")
"""A line of capitalised column names, two blanks or a tab between (chap-secrets' commented
header, a table printed by a tool: fresh139)."""
_SYMBOL = re.compile(r"[A-Za-z_][\w\-]*(?![^\s,)}\]])")
_PASSWORD_AND_BLANK = re.compile(r"(?i)(?<![a-z_])(?:password|passwd)[ \t]+$")
PASSWORD_TOPICS = frozenset(
    {
        "reset", "resets", "storage", "stored", "hashing", "hash", "hashes", "hashed", "hasher",
        "validation", "validator", "validators", "policy", "policies", "manager", "managers",
        "management", "field", "fields", "length", "strength", "change", "changes", "changed",
        "update", "updates", "updated", "recovery", "protection", "protected", "required",
        "requirement", "requirements", "expired", "expiry", "expiration", "mismatch", "incorrect",
        "invalid", "wrong", "prompt", "prompts", "input", "inputs", "authentication", "auth",
        "encryption", "encrypted", "check", "checks", "checker", "form", "forms", "rule", "rules",
        "complexity", "generator", "generation", "security", "support", "handling", "verification",
        "confirmation", "history", "hint", "hints", "flow", "flows", "page", "pages", "screen",
        "dialog", "entry", "mode", "option", "options", "setting", "settings", "saved", "file",
        "files", "reuse", "rotation", "login", "logins", "toggle", "visibility", "criteria",
        "lockout", "attempts", "attempt", "salting", "encoder", "encoding", "type", "value",
        "values", "error", "errors", "feature", "features", "fix", "fixes", "tests", "test",
        "leak", "leaks", "sync", "backup", "component", "handler", "helper", "helpers",
    }
)  # fmt: skip
"""Words prose puts after "password" at a line's end, a checklist's or a commit's subject
(``fix password validation``, ``- Plaintext password storage``: fresh112); no one's
password, where ``.netrc``'s ``password <value>`` form reads one."""


def no_value(value: str, text: str, start: int, end: int) -> bool:
    """``text[start:end]`` (``value``) sits in a secret's place but is none (module doc)."""
    before = text[lines.line_start(text, start, lines.VALUE_REACH) : start]
    if _ALIAS.search(before) or _PROMPTING_PASSWORD_FLAG.search(before):
        return True
    if _BATCH_PROMPT.search(before):
        return True  # set /p Pass=Enter the password: (a batch file asks; the text is a prompt)
    if _NEXT_FLAG.fullmatch(value) and before[-1:].isspace():
        return True  # "--password= --database=": an empty flag, then the next one
    if _SUDOERS_TAG.search(before):
        return True  # sudo: ALL=(ALL) NOPASSWD:ALL, NOPASSWD: ALL (a sudoers tag: fresh50, 135)
    commented = (
        value.startswith(("#", "//")) and _AFTER_OPERATOR_AND_BLANK.search(before) is not None
    )
    if commented and (not value.isascii() or _WORDS_GO_ON.match(text, end) or value[1:].isalpha()):
        return True  # "secret: #微信小程序的Secret", "= #Input your key here", "app_key : //Onboard
        # SDK APPINFO APPKEY" (fresh143), "HASHED_PASSWORD= #optional" (fresh158): a comment
    if text.startswith(("'s ", "’s "), end) and value.isalpha():
        return True  # "PrivateKey = host's private key": a sentence's possessive, no value
    if before.endswith((" :", "\t:")) and _SYMBOL.match(value):
        return True  # "Token :token2": a restclient variable or a Ruby symbol, no value
    if value.lower() in PASSWORD_TOPICS and _PASSWORD_AND_BLANK.search(before):
        return True  # "fix password validation", "- [x] password reset": prose, no value
    if _words_after_a_label(value, text, start, end):
        return True  # "- DB credentials: environment variables only", a translation's
        # "Refresh Token=Обновить маркер" (fresh143): words after a label of words
    if column_header(value, text, start, end):
        return True  # "#USERNAME  PROVIDER  PASSWORD  IPADDRESS": a file's column header
    rest = text[end : lines.line_end(text, end, lines.VALUE_REACH)]
    return "<" in value and ">" not in value and ">" in rest  # <token goes here>


def column_header(value: str, text: str, start: int, end: int) -> bool:
    """``value`` is a column's name in a line of capitalised names (:data:`_COLUMN_HEADER`)."""
    if not value.isupper():
        return False
    line = text[
        lines.line_start(text, start, lines.VALUE_REACH) : lines.line_end(
            text, end, lines.VALUE_REACH
        )
    ]
    return _COLUMN_HEADER.fullmatch(line) is not None


def _words_after_a_label(value: str, text: str, start: int, end: int) -> bool:
    """An unquoted word, more words after it, after a label of words (:data:`_SPACED_LABEL`)."""
    if text[start - 1 : start] in ("'", '"', "`") or not value.isalpha():
        return False
    if _WORDS_AFTER.match(text, end) is None:
        return False
    return _SPACED_LABEL.search(text, max(0, start - 128), start) is not None

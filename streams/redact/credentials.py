"""Credentials in the flags and files of everyday tools, and in URLs' query strings.

Part of ``rules.SECRET_RULES`` (their regex triggers are in ``rules.REGEX_TRIGGERS``).
"""

from __future__ import annotations

from . import accept
from .pattern import Rule
from .pattern import literal as _p

_FLAG_VALUE = r"([^\s'\"]+|'[^'\n]+'|\"[^\"\n]+\")"
"""A flag's value: bare, single- or double-quoted (the quotes are not part of the secret)."""
_MYSQL = r"m(?:ysql|ysqldump|ysqladmin|ariadb)"
_HTTP_CLIENT = r"(?:curl|wget|https?)[ \t][^\n|;&]*?(?:-u|--user|-a|--auth)[ \t=]*[\"']?"
"""curl/wget ``-u``/``--user``, HTTPie's ``http``/``https`` ``-a``/``--auth`` (user:password)."""


CREDENTIAL_RULES: tuple[Rule, ...] = (
    Rule(
        "tool_password_flag",
        # Password flags of everyday tools (their documented option, value attached or after
        # a space). All hang on one regex trigger (``@tool``: the tools' names, searched only
        # in strings a cheap literal pre-test lets through) instead of a pass per tool.
        (
            _p(_MYSQL + r"[^\n|;&]*?[ \t]-p(?!-)" + _FLAG_VALUE, "@tool", "@login"),
            _p(r"redis-cli[^\n|;&]*?[ \t](?:-a|--pass)[ \t]+" + _FLAG_VALUE, "@tool", "@login"),
            _p(r"sshpass[^\n|;&]*?[ \t]-p[ \t]*" + _FLAG_VALUE, "@tool", "@login"),
            _p(r"ldap\w*[^\n|;&]*?[ \t]-w[ \t]+" + _FLAG_VALUE, "@tool", "@login"),
            _p(r"sqlcmd[^\n|;&]*?[ \t]-P[ \t]+" + _FLAG_VALUE, "@tool", "@login"),
            _p(r"smbclient[^\n|;&]*?[ \t]-U[ \t]*[^\s%]+%([^\s'\"]+)", "@tool", "@login"),
            _p(
                r"htpasswd[ \t]+-[A-Za-z]{0,3}b[A-Za-z]{0,3}[ \t]+(?:-\w+[ \t]+)*\S+[ \t]+\S+[ \t]+"
                + _FLAG_VALUE,
                "@tool",
                "@login",
            ),
            _p(
                r"login\b[^\n|;&]*?[ \t](?:-p|--password)(?:[ \t]+|=)(?!-)" + _FLAG_VALUE,
                "@tool",
                "@login",
            ),
            _p(
                r"vault[ \t]+login[ \t]+(?:-\S+[ \t]+)*([^\s'\"\-][^\s'\"`]{5,})", "@tool", "@login"
            ),
            _p(r"pass:(?!\$)([^\s'\"]{3,})", "pass"),  # openssl -passout pass:…
            _p(
                _HTTP_CLIENT + r"[^\s:\"'@/]+:([^\s\"'@]+|'[^'\n]+'|\"[^\"\n]+\")",
                "@tool",
                "@login",
            ),
        ),
        accept.url_password,
    ),
    Rule(
        "pgpass_line",
        # host:port:database:user:password, one per line of ~/.pgpass
        (
            _p(
                r"[A-Za-z0-9_.\-*]+:5432:[A-Za-z0-9_.\-*]+:[A-Za-z0-9_.\-*]+:"
                r"([^\s:`'\"]{3,})",
                "@pgpass",
            ),
        ),
        accept.url_password,
    ),
    Rule(
        "url_credential_param",
        # A credential-like query parameter keeps its name, loses its value; the URL's
        # scheme, host and path stay (``?api_key=…&page=2`` → ``?api_key=[REDACTED…]&page=2``).
        (
            _p(
                r"[?&](?:[a-z0-9_\-]*(?:password|passwd|pwd|token|secret|api[_\-]?key|apikey|"
                r"access[_\-]?key|signature|sig|auth|credential|client[_\-]?secret|session)"
                r"[a-z0-9_\-]*"
                r"|key|code|x-amz-credential|x-amz-signature)=([^&\s#'\"<>]{6,})",
                "@query",
                lower=True,
            ),
        ),
        accept.url_password,
    ),
)

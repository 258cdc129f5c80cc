"""Values that are code naming where a value lives, not the value: a Terraform reference
(``var.rancher-token``), a pointer's member (``item->valuestring``), a Symfony parameter or
Windows variable (``%kernel.secret%``), an environment call (``env(OPENAI_API_KEY)``), a
secret store's name and version (``jwt-secret:latest``), a package's name and version
(``jjwt-api:0.12.6``). Read by :mod:`.accept`.
"""

from __future__ import annotations

import re

_HCL = re.compile(
    r"(?:var|local|module|data|each|self|path|count)\.[A-Za-z_][\w\-]*(?:\.[A-Za-z_][\w\-]*)*"
)
"""A Terraform or OpenTofu reference, whose names may hold a ``-`` (``var.rancher-token``,
``module.db.admin-password``: fresh135), which :data:`.accept._DOTTED` does not take."""
_MEMBER = re.compile(r"\$?[A-Za-z_]\w*(?:->[A-Za-z_]\w*)+")
"""A member through a pointer in C and C++, or an object's in PHP
(``apikey = weather_apikey_item->valuestring;``: fresh136)."""
_PERCENT_REFERENCE = re.compile(
    r"%(?:[A-Za-z_][\w.\-]*|env\((?:[\w\-]+:)*[A-Za-z_]\w*\))%|%[A-Z]+(?:[_\-][A-Z]+)+$"
)
"""A Symfony container parameter, its environment reference (with processors:
``%env(resolve:DATABASE_URL)%``) or a Windows variable (``%kernel.secret%``, ``%APPDATA%``);
an installer's slot, ``%`` and words in capitals (osTicket's ``'%CONFIG-DBPASS'``:
fresh117)."""
_ENV_CALL = re.compile(r"env\([A-Za-z_]\w*\)")
"""Supabase's ``config.toml`` and Terraform-like files: ``"env(OPENAI_API_KEY)"`` (fresh54)."""
_SECRET_VERSION = re.compile(r"[a-z][a-z0-9_\-]*:latest")
"""Cloud Run's ``--set-secrets NAME=secret-name:latest`` (fresh43): a reference."""
_VERSIONED_NAME = re.compile(r"[a-z][\w.\-]*:v?\d+(?:\.\d+)+(?:[-+][\w.\-]+)?")
"""A package's or an image's name and version, Gradle's and Maven's coordinates'
tail (``io.jsonwebtoken:jjwt-api:0.12.6`` read as ``jsonwebtoken: jjwt-api:0.12.6``:
fresh186)."""


def code_reference(value: str) -> bool:
    """An unquoted value that is a Terraform reference or a member read through a pointer."""
    return bool(_HCL.fullmatch(value) or _MEMBER.fullmatch(value))


def store_reference(raw: str) -> bool:
    """A parameter, a variable, an environment call, a secret store's version or a package's
    name and version, in the value's place."""
    return bool(
        _SECRET_VERSION.fullmatch(raw.lower())
        or _VERSIONED_NAME.fullmatch(raw.lower())
        or _PERCENT_REFERENCE.match(raw)
        or _ENV_CALL.fullmatch(raw)
    )

"""Secrets in network devices' configurations and the files that manage them: the lines a
router or a switch keeps its shared keys on, and SNMP's community strings.

Read from fresh82 (network automation and monitoring: LibreNMS, Ansible's IOS modules,
net-snmp, exported device configs). A device writes its secrets after a keyword, with no
``=`` and often a type digit before the value: ``0`` (clear text) or ``7`` (Cisco's
reversible encoding, a secret all the same); ``5``, ``8`` and ``9`` are hashes, left to the
``password_hash`` rule. SNMP v1/v2c's community string is the password of every request;
``public`` and ``private`` are the documented defaults and stay.

Each pattern hangs on a literal its lines hold (``community``, ``-server``, ``isakmp``,
``key-string``, ``authentication-key``, ``createuser``: a pass each) or on the shared ``secret`` and
``pass`` triggers.
"""

from __future__ import annotations

import re

from .accept import is_placeholder
from .no_value import column_header
from .pattern import Rule
from .pattern import found as _found
from .pattern import literal as _p

_TYPED = r"(?:[07][ \t]+)?(?![5689][ \t])"
"""A type digit before the value: clear text or Cisco's type 7; a hash's type stops it."""
_VALUE = r"([^\s\"'<>]{3,128})"
_LINE_END = r"(?=[ \t]*(?:$|\r|\n))"
"""The value ends its line, as a device writes it: "Enable password reset button…" and
"Enable secret guard + rotate prod env" are commit messages (``bench/redact_real_prose.py
--whole``, thirty-second session)."""
_DEFAULTS = frozenset({"public", "private"})
_SNMP_AUTH = r"(?:md5|sha(?:-?\d{3})?)[ \t]+"
_SNMP_PRIV = r"(?:des|aes(?:-?\d{3})?)[ \t]+"
"""SNMPv3's authentication and privacy protocols, the word before each passphrase."""
_QUOTE = r"[\"']?"
_CREATE_USER = r"createuser[ \t]+(?:-e[ \t]+[^\s]+[ \t]+)?[^\s]+[ \t]+" + _SNMP_AUTH
"""net-snmp's ``createUser [-e ENGINE-ID] NAME MD5|SHA…``: what stands before the first
passphrase."""


_LIBRENMS = re.compile(r"\['community'\](?:\[[^\]\n]*\])?[ \t]*=[ \t]*([^;\n]{3,512});")
_LITERAL = re.compile(r"'([^'\n]{1,128})'|\"([^\"\n]{1,128})\"")


def librenms_communities(text: str, low: str, hits: list[str] | None) -> list[tuple[int, int]]:
    """Each string LibreNMS's ``$config['snmp']['community']`` is given (one, or an array of
    them, the per-host ``['v2c']['community']['10.0.0.1']`` form too): every one a
    community a poller sends."""
    spans = []
    for m in _LIBRENMS.finditer(low):
        for lit in _LITERAL.finditer(text, m.start(1), m.end(1)):
            spans.append(lit.span(1) if lit.group(1) is not None else lit.span(2))
    return spans


def device_secret(value: str, text: str, start: int, end: int) -> bool:
    """The value after a device's keyword is one: not a default community, a placeholder,
    a variable, a template (``{{ snmp_community }}``, ``$COMMUNITY``, ``<key>``) or a regex's
    piece."""
    v = value.strip("\"'")
    if v.lower() in _DEFAULTS or v[:1] in "{$%<[(" or is_placeholder(v):
        return False
    if "\\" in v or ")" in v:
        return False  # /^(tacacs-server key \d) (\S+)/: a pattern that scrubs the key
    if column_header(v, text, start, end):
        return False  # "#USERNAME  PROVIDER  PASSWORD  IPADDRESS": chap-secrets' header
    return not (v.isdigit() and len(v) <= 2)  # "key 7": a type or an index, no key


DEVICE_RULES: tuple[Rule, ...] = (
    Rule(
        "device_secret",
        (
            # Cisco IOS/IOS-XE/NX-OS and Arista EOS: TACACS+ and RADIUS servers' shared keys
            # (also a server's own line: "tacacs-server host 10.0.0.1 key 0 …"), IKE's
            # pre-shared key, a key chain's key-string, NTP's authentication key
            _p(
                r"(?:tacacs|radius)-server(?:[ \t]+host[ \t]+[^\s]+(?:[ \t]+[a-z\-]+[ \t]+\d+)*)?"
                r"[ \t]+key[ \t]+" + _TYPED + _VALUE + _LINE_END,
                "-server",
                lower=True,
            ),
            _p(
                r"isakmp[ \t]+key[ \t]+" + _TYPED + _VALUE + r"[ \t]+(?:address|hostname)",
                "isakmp",
                lower=True,
            ),
            _p(r"key-string[ \t]+" + _TYPED + _VALUE, "key-string", lower=True),
            # a routing protocol's neighbour key: OSPF's "ip ospf message-digest-key 1 md5
            # …" and "ip ospf authentication-key …", BGP's "neighbor 10.0.0.2 password …"
            # (fresh152)
            _p(
                r"message-digest-key[ \t]+\d+[ \t]+md5[ \t]+" + _TYPED + _VALUE + _LINE_END,
                "message-digest-key",
                lower=True,
            ),
            _p(
                r"ip[ \t]+ospf[ \t]+authentication-key[ \t]+" + _TYPED + _VALUE + _LINE_END,
                "authentication-key",
                lower=True,
            ),
            _p(
                r"(?m)^[ \t]*neighbor[ \t]+[^\s]+[ \t]+password[ \t]+"
                + _TYPED
                + _VALUE
                + _LINE_END,
                "pass",
                lower=True,
            ),
            _p(
                r"ntp[ \t]+authentication-key[ \t]+\d+[ \t]+md5[ \t]+" + _VALUE,
                "authentication-key",
                lower=True,
            ),
            # the enable secret and a local user's password or secret, in clear or type 7
            _p(
                r"(?m)(?:^|[#>][ \t]*)[ \t]*enable[ \t]+(?:secret|password)"
                r"(?:[ \t]+level[ \t]+\d+)?[ \t]+" + _TYPED + _VALUE + _LINE_END,
                "secret",
                "pass",
                lower=True,
            ),
            _p(
                r"(?m)(?:^|[#>][ \t]*)[ \t]*username[ \t]+[^\s]+(?:[ \t]+privilege[ \t]+\d+)?"
                r"(?:[ \t]+role[ \t]+[^\s]+)?[ \t]+(?:secret|password)[ \t]+"
                + _TYPED
                + _VALUE
                + _LINE_END,
                "secret",
                "pass",
                lower=True,
            ),
            # SNMP communities: IOS's "snmp-server community X [view V] RO|RW", net-snmp's
            # rocommunity/rwcommunity, LibreNMS's $config['snmp']['community'] (its v2c
            # per-host form too) and each string of the array it may hold
            _p(r"snmp-server[ \t]+community[ \t]+" + _VALUE, "community", lower=True),
            _p(r"(?m)^[ \t]*[rw][ow]community6?[ \t]+" + _VALUE, "community", lower=True),
            # RouterOS: /snmp community set|add … name=X
            _p(
                r"community[ \t]+(?:set|add)[ \t][^\n]*?[ \t]name=" + _VALUE,
                "community",
                lower=True,
            ),
            _found(_LIBRENMS, ("community",), librenms_communities),
            # net-snmp's SNMPv3 user: createUser NAME MD5|SHA… AUTH-PASSPHRASE [DES|AES…
            # PRIVACY-PASSPHRASE] (snmpd.conf, /var/lib/net-snmp: fresh82)
            _p(_CREATE_USER + _QUOTE + _VALUE, "createuser", lower=True),
            _p(
                _CREATE_USER + r"[^\s]+[ \t]+" + _SNMP_PRIV + _QUOTE + _VALUE,
                "createuser",
                lower=True,
            ),
        ),
        device_secret,
    ),
)

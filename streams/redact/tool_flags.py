"""The password flags, positional passwords and standard-input passwords of everyday tools.

Part of ``credentials.CREDENTIAL_RULES``: more rows of ``tool_password_flag`` (a flag or a
position that the tool's documentation says holds a password, key or token) and the
``piped_secret`` rule (a value echoed or here-stringed into a command that reads a secret
on its standard input). Each row is the tool's documented form, and each is in
``tests/redact/test_tool_flags.py`` with a look-alike that stays (``unzip -p`` pipes a file
out, ``sqlplus /nolog`` logs nobody in). Rows that must tell ``-P`` from ``-p`` are matched
case-sensitively; the others on the lower-cased text. Each row hangs on literal triggers
(the tool's name), so text without those names never runs them.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable

from .models import LOW_MARKER
from .pattern import Pattern
from .pattern import literal as _p

FLAG_VALUE = r"([^\s'\"]+|'[^'\n]+'|\"[^\"\n]+\")"
"""A flag's value: bare, single- or double-quoted (the quotes are not part of the secret)."""
_ARGUMENT = r"(?:\"[^\"\n]+\"|'[^'\n]+'|[^\s'\"]+)"
"""An argument before the secret (a user, an SSID, a key's name): quoted or bare."""
SAME_COMMAND = r"[^\n|;&]{0,1024}?"
"""The rest of the same command up to the flag (no new line, pipe or command separator), at
most 1,024 signs: read to the line's end from each tool's name, a line of many names took
quadratic time. Every tool pattern of ``credentials``, ``no_value`` and ``prose`` uses it."""
_SEP = r"(?:[ \t]+|=)(?!-)"
"""Between a long flag and its value: blanks or ``=``; a value never starts with ``-``."""

_COMMAND_END = re.compile(r"[\n|;&]")
_FABRIC_RUN = r"(?:fabric|crashlytics)(?:\.framework)?/run\\?[\"']?[ \t]+"
"""Fabric's (Crashlytics') run script as an Xcode build phase calls it, up to its arguments."""


def values_after(
    command: re.Pattern[str], value: re.Pattern[str], *, lower: bool
) -> Callable[[str, str | None, list[str] | None], list[tuple[int, int]]]:
    """A finder of every ``value`` (its first group) after each ``command``, up to the
    command's end (a new line, ``|``, ``;`` or ``&``): a regex from the command's name
    would take only its first flag (``ssh-keygen -p -P old -N new``)."""

    def spans(
        text: str, low: str | None = None, hits: list[str] | None = None
    ) -> list[tuple[int, int]]:
        subject = (low if low is not None else text.lower()) if lower else text
        found: list[tuple[int, int]] = []
        for c in command.finditer(subject):
            end = _COMMAND_END.search(subject, c.end())
            stop = end.start() if end else len(subject)
            found.extend(m.span(1) for m in value.finditer(subject, c.end() - 1, stop))
        return found

    return spans


_SSH_KEYGEN = re.compile(r"ssh-keygen[ \t]")


_IMPACKET_TRIGGERS = (
    "impacket-", "secretsdump", "psexec.py", "wmiexec", "smbexec", "atexec", "dcomexec",
    "smbclient.py", "getuserspns", "getnpusers", "gettgt", "getst.py", "lookupsid", "samrdump",
    "reg.py", "rpcdump", "mssqlclient", "ticketer", "addcomputer",
)  # fmt: skip
"""impacket's tools by name (a ``.py`` trigger would run the row on every file name)."""

TOOL_FLAG_PATTERNS: tuple[Pattern, ...] = (
    # IRC: a nick's password told to NickServ (/msg NickServ IDENTIFY [account] password),
    # as irssi's autosendcmd and bots' configs keep it (fresh91)
    _p(
        r"nickserv[ \t]+:?identify[ \t]+(?:[^\s;\"'`]+[ \t]+)?([^\s;\"'`]{3,256})",
        "nickserv",
        lower=True,
    ),
    # Fabric's (Crashlytics') build phase: the organisation's API key (40 hex) and build
    # secret (64 hex) as the run script's arguments (Fabric.framework/run KEY SECRET, an
    # Xcode project's shellScript: fresh92); the secret's row reads on after the key's marker
    _p(_FABRIC_RUN + r"([0-9a-f]{40})(?![0-9a-f])", "/run", lower=True, requires="fabric"),
    _p(
        _FABRIC_RUN
        + r"(?:[0-9a-f]{40}|"
        + LOW_MARKER.pattern
        + r")[ \t]+([0-9a-f]{64})(?![0-9a-f])",
        "/run",
        lower=True,
        requires="fabric",
    ),
    # -p / --password of database and remote-desktop clients (mongo's shells and tools,
    # Cassandra's cqlsh, SAP HANA's hdbsql, rdesktop, Sysinternals' psexec, rabbitmqadmin,
    # influx setup), twine and poetry publish (not "poetry run pytest -p no:cacheprovider")
    _p(
        r"(?:mongo(?:sh|dump|restore|import|export|stat|top)?|cqlsh|twine|poetry publish"
        r"|hdbsql|rdesktop|rabbitmqadmin|influx[ \t]+(?:setup|v1[ \t]+shell|user[ \t]+create)"
        r"|psexec(?:64)?(?:\.exe)?)(?=[ \t])"
        + SAME_COMMAND
        + r"[ \t](?:-p|--password)"
        + _SEP
        + FLAG_VALUE,
        "mongo",
        "cqlsh",
        "twine",
        "poetry publish",
        "rabbitmqadmin",
        "influx",
        "hdbsql",
        "rdesktop",
        "psexec",
        lower=True,
    ),  # fmt: skip
    # inadyn 1.x's dynamic DNS login, -u and -p (fresh150); inadyn 2's -p drops privileges
    # to a user, and takes no -u
    _p(
        r"inadyn(?=[ \t])(?="
        + SAME_COMMAND
        + r"[ \t]-u[ \t])"
        + SAME_COMMAND
        + r"[ \t]-p[ \t]+"
        + FLAG_VALUE,
        "inadyn",
        lower=True,
    ),
    # -P of SQL Server's bcp and mssql-cli (sqlcmd's is in credentials.py) and of ipmitool
    # (a BMC's password: ipmitool -I lanplus -H host -U root -P calvin); -P, not -p
    _p(
        r"(?:bcp|mssql-cli|osql|ipmitool|mosquitto_(?:pub|sub|rr))(?=[ \t])"
        + SAME_COMMAND
        + r"[ \t]-P[ \t]*"
        + FLAG_VALUE,
        "bcp",
        "mssql-cli",
        "ipmitool",
        "mosquitto_",
    ),  # fmt: skip
    # Mosquitto's clients (-P above; --pw too), shadowsocks' servers and clients (-k, the
    # shared password: ssserver -p 8388 -k …), an Erlang node's cookie (erl and vm.args'
    # -setcookie, iex --cookie): each grants what a password does
    _p(
        r"mosquitto_(?:pub|sub|rr)(?=[ \t])" + SAME_COMMAND + r"[ \t]--pw" + _SEP + FLAG_VALUE,
        "mosquitto_",
    ),
    _p(
        r"(?:ssserver|sslocal|ss-(?:server|local|redir|tunnel|manager))(?=[ \t])"
        + SAME_COMMAND
        + r"[ \t](?:-k|--password)"
        + _SEP
        + FLAG_VALUE,
        "ssserver",
        "sslocal",
        "ss-server",
        "ss-local",
        "ss-redir",
        "ss-tunnel",
        "ss-manager",
    ),  # fmt: skip
    _p(
        r"(?:(?<![\w\-])-setcookie|(?:iex|elixir|erl)(?=[ \t])"
        + SAME_COMMAND
        + r"[ \t]--cookie)"
        + _SEP
        + FLAG_VALUE,
        "-setcookie",
        "--cookie",
    ),
    # PowerShell: a literal made a SecureString (ConvertTo-SecureString "v" -AsPlainText
    # -Force, or the value after its switches), a cmdlet's -Password/-Token "v" (quoted:
    # a bare value is a variable, $pw)
    _p(
        r"convertto-securestring(?:[ \t]+-(?:string|asplaintext|force)\b)*[ \t]+(?![\-$(])"
        + FLAG_VALUE,
        "convertto-securestring",
        lower=True,
    ),
    _p(
        r"(?<![\w\-])-(?:password|accesstoken|apitoken|apikey|clientsecret)[ \t]+"
        r"(?:'([^'\n]+)'|\"([^\"\n$]+)\")",
        "-password",
        "-accesstoken",
        "-apitoken",
        "-apikey",
        "-clientsecret",
        lower=True,
    ),
    # libcurl's options, in C and PHP: CURLOPT_USERPWD "user:password", CURLOPT_PASSWORD
    _p(r"curlopt_userpwd[ \t]*,[ \t]*[\"'][^\"':\n]*:([^\"'\n]+)[\"']", "curlopt_", lower=True),
    _p(
        r"curlopt_(?:password|proxypassword|keypasswd|xoauth2_bearer)[ \t]*,[ \t]*"
        r"[\"']([^\"'\n]+)[\"']",
        "curlopt_",
        lower=True,
    ),
    # Firebird's tools: -password (or its shortest form -pas)
    _p(
        r"(?:isql-fb|isql|gsec|gbak|nbackup)[ \t]"
        + SAME_COMMAND
        + r"[ \t]-pas(?:sword)?[ \t]+"
        + FLAG_VALUE,
        "isql",
        "gsec",
        "gbak",
        "nbackup",
        lower=True,
    ),  # fmt: skip
    # PuTTY's pscp, plink and psftp: -pw
    _p(
        r"(?:pscp|plink|psftp)(?:\.exe)?(?=[ \t])" + SAME_COMMAND + r"[ \t]-pw[ \t]+" + FLAG_VALUE,
        "pscp",
        "plink",
        "psftp",
        lower=True,
    ),  # fmt: skip
    # Java's keytool and jarsigner: -storepass, -keypass and their src/dest forms (flags no
    # other tool has, so each is found alone, however many a command gives)
    _p(
        r"[ \t]-(?:src|dest)?(?:store|key)pass[ \t]+(?!-)" + FLAG_VALUE,
        "storepass",
        "keypass",
        lower=True,
    ),  # fmt: skip
    # ssh-keygen: -N (new passphrase), -P (old one); an empty '' is no value
    Pattern(
        _SSH_KEYGEN,
        ("ssh-keygen",),
        finder=values_after(_SSH_KEYGEN, re.compile(r"[ \t]-[NP][ \t]*" + FLAG_VALUE), lower=False),
    ),
    # GnuPG: --passphrase (not --passphrase-file or --passphrase-fd)
    _p(
        r"gpg2?(?=[ \t])" + SAME_COMMAND + r"[ \t]--passphrase" + _SEP + FLAG_VALUE,
        "gpg",
        lower=True,
    ),
    # Info-ZIP's zip and unzip: -P (unzip's -p pipes a file out: case matters)
    _p(r"zip(?<![gb]zip)(?=[ \t])" + SAME_COMMAND + r"[ \t]-P[ \t]+" + FLAG_VALUE, "zip"),
    # MIT Kerberos: kdb5_util's -P (the master key's password), kadmin's -w (the admin
    # principal's), addprinc/cpw's -pw (the new principal's): fresh139's realm scripts
    _p(r"kdb5_util(?=[ \t])" + SAME_COMMAND + r"[ \t]-P[ \t]+" + FLAG_VALUE, "kdb5_util"),
    _p(
        r"kadmin(?:\.local)?(?=[ \t])" + SAME_COMMAND + r"[ \t]-w[ \t]+" + FLAG_VALUE,
        "kadmin",
        lower=True,
    ),
    _p(
        r"(?<![\w\-])(?:addprinc|add_principal|ank|cpw|change_password)(?=[ \t])"
        + SAME_COMMAND
        + r"[ \t]-pw[ \t]+"
        + FLAG_VALUE,
        "addprinc",
        "add_principal",
        "ank",
        "cpw",
        "change_password",
        lower=True,
    ),  # fmt: skip
    # 7-Zip: -p attached (7z a -pSECRET archive.7z)
    _p(r"7z[ar]?(?=[ \t])" + SAME_COMMAND + r"[ \t]-p" + FLAG_VALUE, "7z"),
    # OpenSSL: enc's -k, and passwd's positional password (openssl passwd -6 <password>)
    _p(
        r"openssl[ \t]+(?:enc|aes-?\d+\S*|des\S*|bf\S*|camellia\S*|chacha20)[ \t]"
        + SAME_COMMAND
        + r"[ \t]-k[ \t]+"
        + FLAG_VALUE,
        "openssl",
        lower=True,
    ),  # fmt: skip
    _p(
        r"openssl[ \t]+passwd(?:[ \t]+-(?:salt[ \t]+\S+|\S+))*[ \t]+(?!-)" + FLAG_VALUE,
        "openssl",
        lower=True,
    ),  # fmt: skip
    # Netlify's --auth, DigitalOcean's doctl -t/--access-token, curl's --oauth2-bearer
    _p(
        r"netlify(?=[ \t])" + SAME_COMMAND + r"[ \t]--auth" + _SEP + FLAG_VALUE,
        "netlify",
        lower=True,
    ),
    _p(
        r"doctl(?=[ \t])" + SAME_COMMAND + r"[ \t](?:-t|--access-token)" + _SEP + FLAG_VALUE,
        "doctl",
        lower=True,
    ),
    _p(r"--oauth2-bearer" + _SEP + FLAG_VALUE, "oauth2-bearer", lower=True),
    # NuGet sources: dotnet nuget add|update source … -p/--password, nuget.exe -Password
    _p(
        r"nuget(?:\.exe)?(?=[ \t])"
        + SAME_COMMAND
        + r"[ \t](?:-p|--password|-password)"
        + _SEP
        + FLAG_VALUE,
        "nuget",
        lower=True,
    ),  # fmt: skip
    # FreeRDP: /p:password
    _p(r"freerdp3?(?=[ \t])" + SAME_COMMAND + r"[ \t][/+-]p:" + FLAG_VALUE, "freerdp", lower=True),
    # lftp -u user,password
    _p(
        r"lftp(?=[ \t])" + SAME_COMMAND + r"[ \t]-u[ \t]+[^\s,'\"]+," + FLAG_VALUE,
        "lftp",
        lower=True,
    ),
    # Oracle's user/password@db logins (sqlplus, Data Pump, SQL*Loader, RMAN)
    _p(
        r"(?:sqlplus|expdp|impdp|sqlldr|rman|dgmgrl)(?:[ \t]+-\S+)*[ \t]+"
        r"(?:(?:userid|target|catalog|auxiliary)[ \t]*=?[ \t]*)?[a-z0-9_$#\"]+/([^\s/@'\"]+)"
        r"(?=@|[ \t]|$)",
        "sqlplus",
        "expdp",
        "impdp",
        "sqlldr",
        "rman",
        "dgmgrl",
        lower=True,
    ),  # fmt: skip
    # positional passwords: mysqladmin … password <new>, rabbitmqctl add_user|
    # change_password <user> <password>, wpa_passphrase <ssid> <passphrase>
    _p(
        r"mysqladmin(?=[ \t])" + SAME_COMMAND + r"[ \t]password[ \t]+(?!-)" + FLAG_VALUE,
        "mysqladmin",
        lower=True,
    ),
    _p(
        r"rabbitmqctl[ \t]+(?:add_user|change_password|authenticate_user)[ \t]+"
        + _ARGUMENT
        + r"[ \t]+"
        + FLAG_VALUE,
        "rabbitmqctl",
        lower=True,
    ),  # fmt: skip
    _p(
        r"wpa_passphrase[ \t]+" + _ARGUMENT + r"[ \t]+" + FLAG_VALUE,
        "wpa_passphrase",
        lower=True,
    ),
    # package managers: poetry's and composer's config http-basic.<repo> <user> <password>,
    # composer's github-oauth.<host> <token>, bundler's <host> <user>:<password>, npm's
    # _auth, nuget push's API key, yarn config set npmAuthToken|npmAuthIdent <value>
    _p(
        r"(?:poetry|composer)[ \t]+config[ \t]+(?:(?:--global|-g)[ \t]+)?http-basic\.\S+[ \t]+\S+"
        r"[ \t]+(?!-)" + FLAG_VALUE,
        "http-basic",
        lower=True,
    ),
    _p(
        r"composer[ \t]+config[ \t]+(?:(?:--global|-g)[ \t]+)?"
        r"(?:github-oauth|gitlab-oauth|gitlab-token|bitbucket-oauth)\.\S+[ \t]+(?!-)" + FLAG_VALUE,
        "-oauth",
        "gitlab-token",
        lower=True,
    ),  # fmt: skip
    # bundle config set [--global] <gem host> <user>:<password>
    _p(
        r"bundle config[ \t]+(?:set[ \t]+)?(?:--(?:global|local)[ \t]+)?"
        r"[a-z0-9\-]+\.[a-z0-9.\-]+[ \t]+[^\s:'\"]+:" + FLAG_VALUE,
        "bundle config",
        lower=True,
    ),
    # npm config set _auth|_password <value> (no registry prefix)
    _p(
        r"config[ \t]+set[ \t]+_(?:auth|password)[ \t=]+" + FLAG_VALUE,
        "_auth",
        "_password",
        lower=True,
    ),
    # nuget push <package> <api key>
    _p(r"nuget(?:\.exe)?[ \t]+push[ \t]+\S+[ \t]+(?!-)" + FLAG_VALUE, "nuget", lower=True),
    _p(
        r"yarn[ \t]+config[ \t]+set[ \t]+npmauth(?:token|ident)[ \t]+" + FLAG_VALUE,
        "npmauth",
        lower=True,
    ),
    # CLIs that take a token as their login's argument: snyk auth, wandb login, ngrok
    # authtoken / config add-authtoken, codecov -t (its uploaders too: the bash script fetched
    # from codecov.io/bash, codecovcli: fresh141), ansible-vault encrypt_string
    _p(
        r"(?:snyk[ \t]+auth|wandb[ \t]+login|ngrok[ \t]+(?:config[ \t]+add-authtoken|authtoken)"
        r"|codecov[\w.\-/]{0,64}\)?(?=[ \t])"
        + SAME_COMMAND
        + r"[ \t](?:-t|--token)|encrypt_string)"
        r"[ \t]+(?!-)" + FLAG_VALUE,
        "snyk",
        "wandb",
        "ngrok",
        "codecov",
        "encrypt_string",
        lower=True,
    ),  # fmt: skip
    # redis-cli … AUTH [user] <password> (the command alone on its line or at its end)
    _p(
        r"redis-cli(?=[ \t])"
        + SAME_COMMAND
        + r"[ \t]auth[ \t]+(?:[^\s'\"]+[ \t]+)?"
        + FLAG_VALUE
        + r"(?=[ \t]*(?:$|\n|[|;&]))",
        "redis-cli",
        lower=True,
    ),  # fmt: skip
    # MinIO: mc admin user add <alias> <user> <password>
    _p(
        r"mc[ \t]+admin[ \t]+user[ \t]+add[ \t]+\S+[ \t]+\S+[ \t]+" + FLAG_VALUE,
        "admin user add",
        lower=True,
    ),
    # MinIO's client: mc alias set <name> <url> <access key> <secret key> (and the older
    # "mc config host add")
    _p(
        r"mc[ \t]+(?:alias[ \t]+set|config[ \t]+host[ \t]+add)[ \t]+\S+[ \t]+\S+[ \t]+\S+[ \t]+"
        + FLAG_VALUE,
        "alias set",
        "host add",
        lower=True,
    ),  # fmt: skip
    # Windows: net use <drive> <share> /user:<name> <password>
    _p(
        r"net[ \t]+use(?=[ \t])" + SAME_COMMAND + r"[ \t]/user:\S+[ \t]+(?![/*])" + FLAG_VALUE,
        "net use",
        lower=True,
    ),
    # secrets given to a settings store by name: pulumi config set --secret <name> <value>
    # (or --secret after), dotnet user-secrets set <key> <value>, macOS security's -w
    _p(
        r"pulumi[ \t]+config[ \t]+set[ \t]+--secret[ \t]+\S+[ \t]+" + FLAG_VALUE,
        "pulumi",
        lower=True,
    ),
    _p(
        r"pulumi[ \t]+config[ \t]+set[ \t]+(?!-)\S+[ \t]+" + FLAG_VALUE + r"(?=[ \t]+--secret)",
        "pulumi",
        lower=True,
    ),
    _p(
        r"user-secrets[ \t]+set[ \t]+" + _ARGUMENT + r"[ \t]+" + FLAG_VALUE,
        "user-secrets",
        lower=True,
    ),
    _p(
        r"security[ \t]+add-(?:generic|internet)-password(?=[ \t])"
        + SAME_COMMAND
        + r"[ \t]-w[ \t]+"
        + FLAG_VALUE,
        "security add-",
        lower=True,
    ),  # fmt: skip
    # htpasswd -nb <user> <password> (no file: printed), also as a container's entry point
    # (docker run --entrypoint htpasswd httpd:2 -Bbn <user> <password>, the registry's
    # docs); mkpasswd [-m <method>] <password>
    _p(
        r"htpasswd[ \t]+(?:[a-z0-9][\w.\-/]*:[\w.\-]+[ \t]+)?-(?=[a-z]*n)(?=[a-z]*b)[a-z]{2,5}"
        r"[ \t]+(?:-\w+[ \t]+)*\S+[ \t]+" + FLAG_VALUE,
        "htpasswd",
        lower=True,
    ),  # fmt: skip
    _p(
        r"mkpasswd(?:[ \t]+(?:-[mSRP]|--(?:method|salt|rounds|password-fd))[ \t=]+\S+"
        r"|[ \t]+(?:-5|-s|--stdin))*[ \t]+(?!-)" + FLAG_VALUE,
        "mkpasswd",
    ),
    # impacket's target, [domain/]user:password@host (secretsdump.py, psexec.py,
    # wmiexec.py, impacket-smbexec …): the password between the first ":" and the last "@"
    _p(
        r"(?:impacket-\w+|(?:secretsdump|psexec|wmiexec|smbexec|atexec|dcomexec|smbclient"
        r"|getuserspns|getnpusers|gettgt|getst|lookupsid|samrdump|reg|rpcdump|mssqlclient"
        r"|ticketer|addcomputer)\.py)(?=[ \t])"
        + SAME_COMMAND
        + r"[ \t]['\"]?(?:[\w.\-]+/)?[\w.\-$]+:"
        r"([^\s'\"@]+(?:@[^\s'\"@]+)*)@[\w.\-]+",
        *_IMPACKET_TRIGGERS,
        lower=True,
    ),
)

_STDIN_READER = (
    r"(?:sudo[ \t]+)?(?:"
    r"(?:docker|podman|nerdctl|buildah|skopeo|oras|crane|helm[ \t]+registry)[ \t]+login[ \t]"
    + SAME_COMMAND
    + r"--password-stdin"
    r"|gh[ \t]+auth[ \t]+login(?=[ \t])" + SAME_COMMAND + r"--with-token"
    r"|sudo[ \t]+(?:-\w+[ \t]+)*?-[a-z]*s(?![\w-])"
    r"|chpasswd|passwd(?![\w-])|secret-tool[ \t]+store|keyring[ \t]+set|az[ \t]+devops[ \t]+login"
    r"|(?:docker|podman)[ \t]+secret[ \t]+create"
    r"|gcloud[ \t]+secrets[ \t]+(?:create|versions[ \t]+add)"
    r"|wrangler[ \t]+secret[ \t]+put|gh[ \t]+secret[ \t]+set|firebase[ \t]+functions:secrets:set"
    r"|anydesk[ \t]+--set-password"  # AnyDesk's unattended-access password (fresh147)
    r")"
)
"""Commands that read a password, token or secret on their standard input."""
_STDIN_TRIGGERS = (
    "password-stdin", "with-token", "sudo", "passwd", "secret-tool", "keyring", "devops",
    "secret", "anydesk",
)  # fmt: skip

_READER = re.compile(_STDIN_READER)
_HERESTRING_VALUE = re.compile(r"<<<[ \t]*" + FLAG_VALUE)


def herestring_spans(
    text: str, low: str | None = None, hits: list[str] | None = None
) -> list[tuple[int, int]]:
    """Values given by ``<<<`` to a command of :data:`_STDIN_READER` on the same line and in
    the same command (no ``|``, ``;`` or ``&`` between): one ``str.find`` per string instead
    of the readers' regex over every string."""
    low = low if low is not None else text.lower()
    spans = []
    line_start, readers, breaks = -1, [], []
    at = low.find("<<<")
    while at != -1:
        start = low.rfind("\n", 0, at) + 1
        if start != line_start:  # each line's readers and separators are found once: a
            line_start = start  # line of many "<<<" is read in linear time, not per "<<<"
            end = low.find("\n", at)
            line = low[start : len(low) if end == -1 else end]
            readers = [m.end() + start for m in _READER.finditer(line)]
            breaks = [i + start for i, c in enumerate(line) if c in "|;&"]
        reader = bisect.bisect_right(readers, at)
        if reader and bisect.bisect_left(breaks, readers[reader - 1]) == bisect.bisect_left(
            breaks, at
        ):  # a reader before the "<<<" and no "|", ";" or "&" between them
            value = _HERESTRING_VALUE.match(low, at)
            if value is not None:
                spans.append(value.span(1))
        at = low.find("<<<", at + 3)
    return spans


PIPED_SECRET_PATTERNS: tuple[Pattern, ...] = (
    # echo 'v' | docker login -u u --password-stdin; printf '%s' v | gh auth login
    # --with-token; echo 'user:pw' | chpasswd; echo v | sudo -S …
    _p(
        r"(?:echo|printf)[ \t]+(?:-[ne]+[ \t]+|[\"']%s(?:\\n)?[\"'][ \t]+)*"
        + FLAG_VALUE
        + r"[ \t]*\|[ \t]*"
        + _STDIN_READER,
        *_STDIN_TRIGGERS,
        lower=True,
        requires="|",
    ),  # fmt: skip
    # the same commands given a here-string: sudo -S <<< 'v' apt update, secret-tool
    # store … <<< v, az devops login … <<< v (found from each "<<<", see below)
    Pattern(
        re.compile(r"<<<"),
        ("<<<",),
        on_lower=True,
        finder=herestring_spans,
    ),
)

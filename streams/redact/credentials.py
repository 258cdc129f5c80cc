"""Credentials in the flags and files of everyday tools, and in URLs' query strings.

Part of ``rules.SECRET_RULES`` (their regex triggers are in ``rules.REGEX_TRIGGERS``).
"""

from __future__ import annotations

import re

from . import accept, admin_scripts, key_values, token_bodies
from .admin_scripts import ADMIN_SCRIPT_PATTERNS
from .base64_text import decoded_base64
from .ids import UUID
from .no_credential import names_no_credential
from .pattern import Pattern, Rule
from .pattern import literal as _p
from .tool_flags import (
    FLAG_VALUE,
    PIPED_SECRET_PATTERNS,
    SAME_COMMAND,
    TOOL_FLAG_PATTERNS,
    values_after,
)
from .value_forms import named_placeholder

_MYSQL = r"m(?:ysql|ysqldump|ysqladmin|ariadb)"
_HTTP_CLIENT = r"(?:curl|wget|https?)[ \t]" + SAME_COMMAND + r"(?:-u|--user|-a|--auth)[ \t=]*[\"']?"
"""curl/wget ``-u``/``--user``, HTTPie's ``http``/``https`` ``-a``/``--auth`` (user:password)."""


STORE_PAIRS_COMMAND = re.compile(r"(?:kv (?:put|patch)|secrets set)[ \t]")
"""Commands whose every name=value pair is a secret: ``vault kv put|patch``, and ``fly``'s,
``doppler``'s and ``infisical``'s ``secrets set`` (:func:`_secret_store_entry` checks
the command's full name)."""
_PAIR = re.compile(r"(?<=[ \t])[a-z_][a-z0-9_.\-]*=" + FLAG_VALUE)
"""A name=value pair of such a command (:func:`tool_flags.values_after` finds each)."""


_HASHING_CALLS = (
    "hashsync", "bcrypt.hash", "hashpw", "password_hash", "hash::make", "bcrypt",
    "make_password", ".set_password", "generate_password_hash", "bcrypt::password.create",
    "encoder.encode",
)  # fmt: skip
"""Calls whose first argument is a password to hash or set (lower-cased); ``bcrypt`` also
reads Laravel's helper ``bcrypt('…')``."""
_ARGUMENT_END = {call: r"[ \t]*[,)]" for call in _HASHING_CALLS} | {".set_password": r"[ \t]*\)"}
"""Django's ``user.set_password('…')`` takes the password alone (keyring's
``set_password(service, user, '…')`` is ``credential_call``'s)."""
_QUOTED_PASSWORD = r"('[^'\n]{1,256}'|\"[^\"\n]{1,256}\")"

_CRYPT = r"[./A-Za-z0-9]"
"""crypt(3)'s base-64 alphabet (``./0-9A-Za-z``)."""


def _query_value(value: str, text: str, start: int, end: int) -> bool:
    """A credential parameter's value, as a URL's password is judged, unless a constant's
    name or a route parameter stands in it (``?access_token=ACCESS_TOKEN_HERE``,
    ``?key=:api_key``: :func:`value_forms.named_placeholder`) or a ``code`` is a number."""
    if value.isdigit() and text.endswith("code=", max(0, start - 5), start):
        return False  # ?code=7000215: an error's number (Entra ID's error_uri), no OAuth code
    if _badge_url(text, start) or names_no_credential(text, start):
        return False  # a README badge's token; ?token_type=bearer, oauth_signature_method=…
    if value.startswith(("${", "}${")):
        return False  # a JavaScript template's variable (`…?apiKey=${API_KEY}`;: fresh54) or
        # expression (`…&sign=${getBaiduSign(text, gtk)}`: fresh74); a shell default's
        # close before the next one (`?apikey=}${SONARR_API_KEY__SECRET:- }`: fresh187)
    if _KEY_VARIABLE.fullmatch(value):
        return False  # ?access_token=fluro_api_key: a key's variable name in the key's place
    if value.startswith(")"):
        return False  # password=)(\S+)(.*): a pattern's groups (weechat's triggers: fresh79)
    if UUID.fullmatch(value) and text.endswith("appid=", max(0, start - 6), start):
        return False  # ?appid=<uuid>: a Dynamics 365 app's id (fresh78); OpenWeather's is hex
    if accept.CJK_WORDS.search(value):
        return False  # ?secret=自己的SECRET ("your own SECRET"): words in its place (fresh90)
    return accept.url_password(value, text, start, end) and not named_placeholder(value)


_KEY_VARIABLE = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*_(?:api_?key|token)")
"""A snake-case name ending in the key's noun (``alphavantage_api_key``): a stand-in (fresh67)."""


_URL_SO_FAR = re.compile(r"https?://[^\s\"'<>()\[\]]*$")
_BADGE = re.compile(r"^https?://img\.shields\.io/|/badge[^/?]*\?|\.svg\?")


def _badge_url(text: str, start: int) -> bool:
    """The parameter is a README badge's (``codecov.io/…/graph/badge.svg?token=…``,
    ``img.shields.io/codecov/…?token=…``): Codecov's graph token is made to be embedded in a
    public page, and reads nothing else (fresh29: three projects' READMEs)."""
    m = _URL_SO_FAR.search(text, max(0, start - 300), start)
    return m is not None and _BADGE.search(m.group()) is not None


def header_value(value: str, text: str, start: int, end: int) -> bool:
    """An ``Authorization`` header's credential, judged as an assignment's value, unless a
    constant's name stands in it (``Bearer PRIMARY_ACCOUNT_JWT``) or it is ``Basic`` over a
    textbook pair (``dXNlcjpwYXNz`` is ``user:pass``, a proxy example's)."""
    if named_placeholder(value) or _RESTCLIENT_VARIABLE.fullmatch(value):
        return False  # Bearer PRIMARY_ACCOUNT_JWT; Emacs restclient's ":token2" (fresh33)
    if value.endswith(":") and accept.is_placeholder(value[:-1]):
        return False  # Basic base64_encoded_api_key: (a key as Basic's user, told: fresh175)
    if text[max(0, start - 12) : start].lower().rstrip().endswith("basic"):
        raw = decoded_base64(value.rstrip("="))
        if raw and raw.isascii() and b":" in raw:
            user, _, password = raw.decode().partition(":")
            if accept.stand_in_pair(user, password) or (
                accept.is_placeholder(user) and accept.is_placeholder(password)
            ):
                return False  # user:pass, your_access_key:your_value (fresh175)
    return accept.assignment_value(value, text, start, end)


_RESTCLIENT_VARIABLE = re.compile(r":[A-Za-z][\w\-]*")


HEADER_IN_A_CALL = _p(
    r"authorization[\"'`][ \t]*,[ \t]*[\"'`](?:bearer|basic|token)[ \t]+([^\s\"'`,;\\<]{6,2048})",
    "auth",
    lower=True,
)
"""A header set by a call (``headers.append("Authorization", `Basic user:pw`)``, Go's
``req.Header.Set("Authorization", "Bearer …")``, ``setRequestHeader``): the name and the
value are two arguments, no ``:`` or ``=`` between them."""


_STORE_COMMAND = re.compile(
    r"(?:kubectl|oc)[ \t]" + SAME_COMMAND + r"create[ \t]+secret[ \t]"
    r"|vault[ \t]+kv[ \t]+(?:put|patch)[ \t]"
    r"|(?:fly|flyctl|doppler|infisical|supabase)[ \t]+secrets[ \t]+set[ \t]",
    re.IGNORECASE,
)
"""The commands of ``secret_store_entry``: a pair counts on their line, after them."""


def _secret_store_entry(value: str, text: str, start: int, end: int) -> bool:
    """A pair of a command that stores secrets, on that command's own line and in the same
    command (no ``|``, ``;`` or ``&`` between), not a file reference
    (vault's ``@data.json``), a variable or a placeholder."""
    line_start = text.rfind("\n", 0, start) + 1
    before = text[line_start:start]
    commands = list(_STORE_COMMAND.finditer(before))
    if not commands or any(c in before[commands[-1].end() :] for c in "|;&"):
        return False
    if accept.unquoted(value).startswith("@"):
        return False
    return accept.assignment_value(value, text, start, end)


CREDENTIAL_RULES: tuple[Rule, ...] = (
    Rule(
        "password_hash",
        # A stored password hash is crackable offline, so it goes like the password: the
        # modular crypt formats of /etc/shadow, htpasswd and databases (md5crypt, Apache's
        # apr1, sha256/512crypt with optional rounds, bcrypt, phpass, yescrypt, Cisco types
        # 8/9, argon2, passlib's pbkdf2), Django's pbkdf2, scrypt and legacy salted md5/sha1
        # (``md5$<salt>$<hex>``: django.nV's fixtures), and Kerberos AS-REP/TGS hashes as
        # roasting tools print them. Their "$id$" heads are the regex trigger "@pwhash".
        (
            _p(
                r"(?<![\w$])(?:md5|sha1)\$[A-Za-z0-9]{1,64}\$[0-9a-f]{32,40}(?![0-9a-f])",
                "@pwhash",
            ),
            # Django's scrypt first: its "$1$" parameters read as an md5crypt head
            _p(
                r"(?<![\w$])scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9./+]+\$[A-Za-z0-9./+=]{20,}",
                "@pwhash",
            ),
            _p(
                r"\$(?:1|5|6|apr1)\$(?:rounds=\d{1,9}\$)?"
                + _CRYPT
                + r"{1,16}\$"
                + _CRYPT
                + r"{22,86}(?!"
                + _CRYPT
                + ")",
                "@pwhash",
            ),
            _p(r"\$2[abxy]?\$\d\d\$" + _CRYPT + r"{53}", "@pwhash"),
            # phpass (WordPress', phpBB's wp_users/users rows): $P$ or $H$ and 31 signs
            _p(r"\$[PH]\$" + _CRYPT + r"{31}(?!" + _CRYPT + ")", "@pwhash"),
            _p(r"\$[89]\$" + _CRYPT + r"{14}\$" + _CRYPT + r"{43}", "@pwhash"),
            _p(r"\$y\$" + _CRYPT + r"+\$" + _CRYPT + r"{1,86}\$" + _CRYPT + r"{43}", "@pwhash"),
            _p(
                r"\$argon2(?:id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]{16,}",
                "@pwhash",
            ),
            _p(
                r"(?:\$pbkdf2(?:-sha\d+)?\$|pbkdf2_sha\d+\$)\d+\$[./A-Za-z0-9+=]+\$[./A-Za-z0-9+=]{20,}",
                "@pwhash",
            ),
            _p(r"\$krb5(?:asrep|tgs|pa)\$\d+\$[^\s'\"`<>]{40,}", "@pwhash"),
        ),
    ),
    Rule(
        "tool_password_flag",
        # Password flags of everyday tools (their documented option, value attached or after
        # a space). All hang on one regex trigger (``@tool``: the tools' names, searched only
        # in strings a cheap literal pre-test lets through) instead of a pass per tool. The
        # flag is looked for within the same command (tool_flags.SAME_COMMAND: bounded).
        (
            _p(_MYSQL + SAME_COMMAND + r"[ \t]-p(?!-)" + FLAG_VALUE, "@tool", "@login"),
            _p(
                r"redis-cli" + SAME_COMMAND + r"[ \t](?:-a|--pass)[ \t]+" + FLAG_VALUE,
                "@tool",
                "@login",
            ),
            # sshpass's own options come before the command it runs (ssh's -p is a port)
            _p(
                r"sshpass(?:\.exe)?(?:[ \t]+-(?:[fdP][ \t]*[^\s-]\S*|[evhV]))*[ \t]+-p[ \t]*"
                + FLAG_VALUE,
                "@tool",
                "@login",
            ),
            _p(r"ldap\w*" + SAME_COMMAND + r"[ \t]-w[ \t]+" + FLAG_VALUE, "@tool", "@login"),
            _p(r"sqlcmd" + SAME_COMMAND + r"[ \t]-P[ \t]+" + FLAG_VALUE, "@tool", "@login"),
            _p(
                r"smbclient" + SAME_COMMAND + r"[ \t]-U[ \t]*[^\s%]+%([^\s'\"]+)", "@tool", "@login"
            ),
            _p(
                r"htpasswd(?:[ \t]+-[A-Za-z]+)*?[ \t]+-[A-Za-z]{0,3}b[A-Za-z]{0,3}[ \t]+"
                r"(?:-\w+[ \t]+)*\S+[ \t]+\S+[ \t]+" + FLAG_VALUE,
                "@tool",
                "@login",
            ),
            _p(
                r"(?<![\w:/@.\-])login\b" + SAME_COMMAND + r"[ \t](?:-p|--password)"
                r"(?:[ \t]+|=|(?<=-p)(?=[^\s=]))(?!-)" + FLAG_VALUE,
                "@tool",
                "@login",
            ),
            # vault login <token>; an auth method's k=v pairs (username=…) are not the token
            _p(
                r"vault[ \t]+login[ \t]+(?:-\S+[ \t]+)*([^\s'\"\-=][^\s'\"`=]{5,})(?![^\s'\"`])",
                "@tool",
                "@login",
            ),
            _p(r"pass:(?!\$)([^\s'\"]{3,})", "pass"),  # openssl -passout pass:…
            _p(
                _HTTP_CLIENT + r"[^\s:\"'@/]+:([^\s\"'@]+|'[^'\n]+'|\"[^\"\n]+\")",
                "@tool",
                "@login",
            ),
            *TOOL_FLAG_PATTERNS,
            *ADMIN_SCRIPT_PATTERNS,
        ),
        accept.url_password,
    ),
    Rule("piped_secret", PIPED_SECRET_PATTERNS, accept.assignment_value),
    Rule(
        "smtp_auth",
        # An SMTP session's login as debug logs print it (smtplib's set_debuglevel, swaks,
        # PHPMailer's SMTPDebug, openssl s_client): AUTH LOGIN's answer to the server's
        # "334 UGFzc3dvcmQ6" (base64 of "Password:") on the next line, AUTH PLAIN's base64
        # of "\0user\0password". Both are the password, only encoded (fresh24).
        (
            _p(
                r"334[ \t]+UGFzc3dvcmQ6[^\n]*\n[^\n]*?(?<![A-Za-z0-9+/])"
                r"([A-Za-z0-9+/]{4,}={0,2})(?:\\r\\n)?[ \t'\"]*(?:\r?\n|$)",
                "ugfzc3dvcmq6",
            ),
            _p(r"AUTH[ \t]+PLAIN[ \t]+([A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])", "auth plain"),
        ),
        accept.url_password,
    ),
    Rule(
        "unattend_password",
        # Windows Setup's answer file: <Password><Value>base64</Value><PlainText>false, the
        # base64 of the password's UTF-16LE text and "Password" (admin_scripts.py)
        (_p(r"<value>([A-Za-z0-9+/]{12,}={0,2})</value>", "<value>", flags=re.I),),
        admin_scripts.unattend_encoded_password,
    ),
    Rule(
        "secret_store_command",
        # Commands that store a secret take it as a flag or a here-string: GitHub's
        # "gh secret set N --body v", Azure's "az keyvault secret set … --value v", AWS's
        # "secretsmanager create-secret … --secret-string v" and SecureString parameters,
        # Vercel's "vercel env add N production <<< 'v'", Windows' "setx DB_PASSWORD v",
        # GitLab's "glab variable set N_TOKEN --value v".
        (
            _p(
                r"(?:gh[ \t]+secret[ \t]+set|keyvault[ \t]+secret[ \t]+set|secretsmanager[ \t]+"
                r"(?:create-secret|put-secret-value|update-secret))" + SAME_COMMAND + r"[ \t]"
                r"(?:--body|-b|--value|--secret-string)(?:[ \t]+|=)" + FLAG_VALUE,
                "secret",
                lower=True,
            ),
            _p(
                r"put-parameter(?=[^\n]*securestring)"
                + SAME_COMMAND
                + r"[ \t]--value(?:[ \t]+|=)"
                + FLAG_VALUE,
                "@tool",
                lower=True,
                requires="securestring",
            ),
            _p(
                r"env[ \t]+(?:add|set)" + SAME_COMMAND + r"<<<[ \t]*" + FLAG_VALUE,
                "@env_add",
                lower=True,
            ),
            # GitLab's CLI: "glab variable set N_TOKEN --value v" (a name that says secret)
            _p(
                r"glab[ \t]+variable[ \t]+(?:set|update|create)[ \t]+[a-z0-9_]*"
                r"(?:key|token|secret|pass|pwd|auth)[a-z0-9_]*" + SAME_COMMAND + r"[ \t]"
                r"(?:--value|-v)(?:[ \t]+|=)" + FLAG_VALUE,
                "glab",
                lower=True,
            ),
            _p(
                r"setx[ \t]+[a-z0-9_]*(?:key|token|secret|pass|pwd)[a-z0-9_]*[ \t]+" + FLAG_VALUE,
                "setx",
                lower=True,
            ),
        ),
        accept.assignment_value,
    ),
    Rule(
        "secret_store_entry",
        # Commands whose every name=value pair is a secret, however the name reads:
        # "kubectl create secret generic N --from-literal=K=V" (and OpenShift's "oc"; a
        # configmap's --from-literal is not), "vault kv put|patch PATH K=V …",
        # "fly|doppler|infisical|supabase secrets set K=V …" (a value echoed into such a
        # command is piped_secret's). The command is checked on the pair's line by
        # :func:`_secret_store_entry`, so each pair is found on its own.
        (
            _p(r"--from-literal[= ]'[^='\n]+=([^'\n]+)'", "from-literal", lower=True),
            _p(r'--from-literal[= ]"[^="\n]+=([^"\n]+)"', "from-literal", lower=True),
            _p(r"--from-literal[= ][^='\"\s]+=" + FLAG_VALUE, "from-literal", lower=True),
            Pattern(
                STORE_PAIRS_COMMAND,
                ("kv put", "kv patch", "secrets set"),
                on_lower=True,
                finder=values_after(STORE_PAIRS_COMMAND, _PAIR, lower=True),
            ),
        ),
        _secret_store_entry,
    ),
    Rule(
        "api_key_user",
        # curl -u <key>: an API key as the user and no password (Stripe's documented form,
        # and many APIs after it): a user name with digits and letters, 8+ characters.
        (
            _p(
                r"curl\b" + SAME_COMMAND + r"[ \t](?:-u|--user)[ \t=]*[\"']?([^\s:\"'@]{8,256})"
                r":(?=[\s\"']|$)",
                "@tool",
                requires="curl",
            ),
        ),
        token_bodies.api_key_user,
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
            # any port ("*:*:*:postgres:pw", "localhost:*:*:app:pw"): a whole line of its own
            _p(
                r"(?m)^[ \t]*[A-Za-z0-9_.\-*]+:\*:[A-Za-z0-9_.\-*]+:[A-Za-z0-9_.\-]+:"
                r"([^\s:`'\"]{3,})[ \t]*$",
                ":*:",
            ),
        ),
        accept.url_password,
    ),
    Rule(
        "zerotier_identity",
        # ZeroTier's identity.secret: address, type 0, the 64-byte public key, the 64-byte
        # private key, in hex (a node's whole identity: fresh147)
        (
            _p(
                r"(?<![0-9a-f])[0-9a-f]{10}:0:[0-9a-f]{128}:([0-9a-f]{128})(?![0-9a-f])",
                ":0:",
            ),
        ),
    ),
    Rule(
        "mail_relay_password",
        # A mail relay's login on a line of its own: Postfix's sasl_passwd ("[smtp.host]:587
        # user:password") and Exim's passwd.client ("smtp.host:login:password"), the host a
        # dotted name for mail or bracketed with a port (fresh57); the login holds a letter
        # and no "/" (a log's time, an image's name). A host's labels are at most 63 signs
        # and ten (DNS's limits): unbounded, a line of "smtpsmtp…" was read in quadratic time;
        # OpenDKIM's KeyTable ("<selector>._domainkey.<d> <d>:<selector>:/etc/…") names a file
        (
            _p(
                r"(?m)^[ \t]*(?:\[[\w\-]{1,63}(?:\.[\w\-]{1,63}){1,10}\]:\d{2,5}"
                r"|\[?[\w\-]{0,63}(?:smtp|mail|relay)[\w\-]{0,63}(?:\.[\w\-]{1,63}){1,10}\]?"
                r"(?::\d{2,5})?)"
                r"[ \t]+(?=[^\s:/]*[a-z])[^\s:/]+:(?![^\s]*:/)(\S+)[ \t]*$",
                "smtp",
                "mail",
                "relay",
                "]:",
                lower=True,
            ),
            _p(
                r"(?m)^[ \t]*[\w*\-]{0,63}(?:smtp|mail|relay)[\w\-]{0,63}(?:\.[\w\-]{1,63}){1,10}"
                r":[^\s:/]+:([^\s:]+)[ \t]*$",
                "smtp",
                "mail",
                "relay",
                lower=True,
            ),
        ),
        accept.url_password,
    ),
    Rule(
        "hashed_password_literal",
        # A password written out to be hashed or set: the literal is the password a seed
        # script, a fixture or a migration stores (fresh64). bcrypt's hashSync('…', 8),
        # hash('…', 10), hashpw(b'…', …); PHP's password_hash('…', …); Laravel's
        # Hash::make('…') and bcrypt('…'); Django's make_password('…') and
        # user.set_password('…'); Werkzeug's generate_password_hash('…'); Ruby's
        # BCrypt::Password.create('…'); Spring's passwordEncoder.encode("…"); pgcrypto's
        # crypt('…', gen_salt('bf'))
        tuple(
            _p(
                re.escape(call) + r"[ \t]*\([ \t]*b?" + _QUOTED_PASSWORD + _ARGUMENT_END[call],
                call,
                lower=True,
            )
            for call in _HASHING_CALLS
        )
        + (
            _p(
                r"crypt\([ \t]*" + _QUOTED_PASSWORD + r"[ \t]*,[ \t]*gen_salt\(",
                "gen_salt(",
                lower=True,
            ),
        ),
        accept.assignment_value,
    ),
    Rule(
        "spring_noop_password",
        # Spring Security's DelegatingPasswordEncoder reads "{noop}" as "the rest is the
        # password in plain text": data.sql rows, in-memory users, OAuth clients' secrets
        # (fresh64, fresh28); {bcrypt}, {pbkdf2}… prefix hashes, which password_hash reads
        (_p(r"\{noop\}([^\s'\"`,;)<>]{3,256})", "{noop}"),),
        accept.url_password,
    ),
    Rule(
        "wallet_private_key",
        # An Ethereum account's private key (32 bytes in hex) under a name the assignment
        # rules do not read as a key's, as dapps' scripts write it (fresh37): Hardhat's
        # network "accounts: ['0x…']", "const private = '…'", "CONTRACT_PK = '0x…'". A
        # "pk" needs the 0x an EVM key is written with: ed25519's test vectors call a
        # public key "pk" and write its 64 hex digits bare.
        (
            _p(
                r"(?<![\w.])accounts[ \t]*:[ \t]*\[[ \t]*[\"'`]((?:0x)?[0-9a-f]{64})[\"'`]",
                "accounts",
                lower=True,
            ),
            _p(
                r"(?<![\w.])(?:[a-z0-9]+_)*(?:priv(?:ate)?|privkey|prv)[ \t]*[:=][ \t]*"
                r"[\"'`]((?:0x)?[0-9a-f]{64})[\"'`]",
                "priv",
                "prv",
                lower=True,
            ),
            _p(
                r"(?<![\w.])(?:[a-z0-9]+_)*pk[ \t]*[:=][ \t]*[\"'`](0x[0-9a-f]{64})[\"'`]",
                "pk",
                lower=True,
            ),
        ),
        key_values.random_value,
    ),
    Rule(
        "url_credential_param",
        # A credential-like query parameter keeps its name, loses its value; the URL's
        # scheme, host and path stay (``?api_key=…&page=2`` → ``?api_key=[REDACTED…]&page=2``).
        (
            # a password parameter (JDBC's ?user=u&password=p, SQL Server's ;password=p;):
            # a password may hold "#" and be short, a browser URL's fragment may not
            _p(
                r"[?&;][a-z0-9_\-]*(?:%5b|\[)?[a-z0-9_\-]*pass(?:word|wd)(?:%5d|\])?"
                r"=([^&\s'\"<>;]{3,})",
                "@query",
                lower=True,
                requires="pass",
            ),
            _p(r"[?&;][a-z0-9_\-]*pwd=([^&\s'\"<>;]{3,})", "@query", lower=True, requires="pwd"),
            _p(
                r"[?&](?:[a-z0-9_\-]*(?:password|passwd|pwd|token|secret|api[_\-]?key|apikey|"
                r"access[_\-]?key|account[_\-]?key|signature|sig|auth|credential|"
                r"client[_\-]?secret|session)"
                r"[a-z0-9_\-]*"
                r"|key|appid|app_?code|code|x-amz-credential|x-amz-signature)=([^&\s#'\"<>]{6,})",
                "@query",
                lower=True,
            ),
        ),
        _query_value,
    ),
)

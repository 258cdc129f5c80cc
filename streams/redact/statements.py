"""Passwords that SQL, code and configuration files state by position, not by a name.

Part of ``rules.SECRET_RULES``. ``secret_assignment`` finds a value after a name that says
secret (``password = …``); these forms give no such name right before the value:

* ``sql_password``: user management statements (``CREATE USER bob WITH PASSWORD '…'``,
  ``ALTER ROLE bob PASSWORD '…'``, MySQL's and Oracle's ``IDENTIFIED BY …``, SQL
  Server's ``sp_addlogin 'bob', '…'``);
* ``credential_call``: calls that take a user and a password as plain arguments, the
  password last (``smtp.login('bob', '…')``, ``auth=('bob', '…')``,
  ``HTTPBasicAuth('bob', '…')``, ``new NetworkCredential("bob", "…")``, an LDAP bind,
  ``DriverManager.getConnection(url, "bob", "…")``, ``keyring.set_password(svc, user,
  '…')``), Go's ``user:password@tcp(host)`` DSNs, setters (``v.setPassword("…")``) and
  JNDI's ``Context.SECURITY_CREDENTIALS, "…"``;
* ``compared_secret``: a literal a secret's name is compared with (``password ==
  "…"``, ``"…".equals(pwd)``), read by :func:`compared_literal`;
* ``client_key_argument``: a client built from one string literal, which is its key
  (``raven.NewClient("JJ4ZIC9EJNWVIS86")``, ``Client("StrongFinding5813!")`` in a
  traceback), read by :func:`client_literal`;
* ``keyed_secret``: a map, header or property set under a secret's name
  (``props.setProperty("password", "…")``, ``localStorage.setItem("token", "…")``,
  ``toEdit.putString("Password", "…")``, ``Configure::write('Security.salt', '…')``);
* ``sql_row_password``: the values an ``INSERT INTO t (…, password, …) VALUES (…)`` gives
  a password or token column (seed data, a test fixture), by the column's position
  (:func:`sql_row_spans`).

Each form is in ``tests/redact/test_statements.py`` with look-alikes that stay (a call
with one string, ``.bind('click', …)``, a placeholder or a variable as the password).
"""

from __future__ import annotations

import re

from schemas.shapes import password_like

from .accept import assignment_value
from .assignments import APP_SALT, assignment
from .key_values import random_value
from .pattern import Pattern, found
from .pattern import literal as _p
from .said import said_key

QUOTED = r"('[^'\n]{1,512}'|\"[^\"\n]{1,512}\")"
"""A quoted literal (the quotes are replaced with it)."""
_STRING = r"(?:'[^'\n]*'|\"[^\"\n]*\")"
"""A quoted literal that is not the secret (a user name, a service)."""
_KEY_LITERAL = r"('[^'\s]{8,512}'|\"[^\"\s]{8,512}\")"
"""A quoted key: 8 signs or more, no blank (a key given to a call that signs with it)."""
_ARG = r"(?:" + _STRING + r"|[\w$.\[\]]+(?:->[\w$.\[\]]+)*)"
"""An argument before the password: a literal or a variable (PHP's ``$dsn``, ``$this->user``)."""
VALUE = r"('[^'\n]{1,512}'|\"[^\"\n]{1,512}\"|[^\s'\";,)]{3,512})"
"""A SQL or configuration value: quoted, or bare up to a blank, ``;``, ``,`` or ``)``
(``config_keywords.py`` reads its keywords' values so too)."""

_SECRET_NOUN = r"(?:pass(?:word|wd|phrase)?|pwd|secret|api_?key)s?[0-9]*(?!\w)"
"""A name that ends saying it holds a secret, lower-cased (``password``, ``user.pwd``,
``apiKey``; not ``password_hint``). Not ``token``: a lexer compares its tokens with
keywords (``token == "import"``) all day."""

_NOT_A_CLAUSE = r"(?!(?:expire|history|reuse|require|lock|null|default|values|encrypted)\b)"
"""Words after ``PASSWORD`` or ``BY`` that start a clause, not a value (``PASSWORD EXPIRE``,
``IDENTIFIED BY VALUES '<hash>'``)."""

SQL_PASSWORD: tuple[Pattern, ...] = (
    # CREATE|ALTER USER|ROLE … [WITH] [ENCRYPTED] PASSWORD '…' (PostgreSQL, Snowflake,
    # ClickHouse's IDENTIFIED WITH … BY is below), SQL Server's PASSWORD = N'…' (fresh69)
    _p(
        r"(?:create|alter)[ \t]+(?:user|role|login)\b[^;\n]{0,200}?[ \t](?:encrypted[ \t]+)?"
        r"password[ \t]*=?[ \t]*(?:n(?='))?" + _NOT_A_CLAUSE + VALUE,
        "pass",
        lower=True,
    ),
    # … and the same with PostgreSQL's dollar quotes: PASSWORD $$…$$
    _p(
        r"(?:create|alter)[ \t]+(?:user|role)\b[^;\n]{0,200}?[ \t]password[ \t]+"
        r"\$\$([^$\n]{1,512})\$\$",
        "pass",
        lower=True,
    ),
    # CREATE|ALTER USER … or GRANT … IDENTIFIED BY [PASSWORD] … (MySQL, MariaDB, Oracle;
    # ClickHouse's IDENTIFIED WITH sha256_password BY …)
    _p(
        r"(?:(?:create|alter)[ \t]+(?:user|role|login)|grant)\b[^;\n]{0,200}?identified[ \t]+"
        r"(?:with[ \t]+\w+[ \t]+)?by[ \t]+"
        r"(?:password[ \t]+)?" + _NOT_A_CLAUSE + VALUE,
        "identified",
        lower=True,
    ),
    # SQL Server's sp_addlogin 'login', 'password' and sp_password 'old', 'new'
    _p(
        r"sp_(?:addlogin|password)[ \t]+(?:@\w+[ \t]*=[ \t]*)?(?:" + _STRING + r"|null)[ \t]*,"
        r"[ \t]*(?:@\w+[ \t]*=[ \t]*)?" + QUOTED,
        "sp_addlogin",
        "sp_password",
        lower=True,
    ),  # fmt: skip
    # a settings table's row, the setting's name then its value: ('smtp_password', '…'),
    # (7, 'api_key', '…') in an installer's seed SQL (fresh64); not a call's arguments, nor
    # a word glued to the noun (pygments' ('inputsecret', …)); opens on its literal "("
    _p(
        r"\((?<![\w.$\])]\()[ \t]*(?:\d+[ \t]*,[ \t]*)?'(?:[a-z0-9]+[_.\-])*"
        + _SECRET_NOUN
        + r"'[ \t]*,[ \t]*"
        + QUOTED,
        "password'",
        "passwd'",
        "pwd'",
        "secret'",
        "api_key'",
        "apikey'",
        lower=True,
    ),  # fmt: skip
)

_CALLS = (
    ".login", "->login", "simple_bind", "basicauth", "digestauth", "networkcredential",
    "usernamepasswordcredentials", "basicawscredentials", "passwordauthentication",
    "getconnection", "set_password", "plaincredentials", "usernamepasswordauthenticationtoken",
    "insertuser", "wifi.begin", "wifi.softap", ".addap", "wlan.connect", "sta_if.connect",
    "station.connect", "plaintextauthprovider", "validatecredentials",
)  # fmt: skip
"""What takes a user and a password as plain arguments (lower-cased); and ``auth=(…)``; a
seed script's ``insertUser("eve", "…")`` (fresh21); a network's name and its passphrase
(Arduino's ``WiFi.begin("ssid", "…")``, ``wifiMulti.addAP``, MicroPython's
``wlan.connect('ssid', '…')``: fresh32); Cassandra's ``new
PlainTextAuthProvider('user', '…')`` (fresh69); PHP's ``new mysqli(host, user, '…')`` and ``new
PDO(dsn, user, '…')`` (fresh66): host or DSN and user always, a database or options may follow;
phpseclib's and PHP FTP clients' ``$sftp->login('deploy', '…')``; .NET's
``PrincipalContext.ValidateCredentials("user", "…")``."""
_HOST_USER_PASSWORD_CALLS = (
    "mysqli", "mysqli_connect", "new pdo", "mysql_connect", "mysql_pconnect", "mssql_connect",
    "mssql_pconnect", "sybase_connect", "pymysql.connect", "mysqldb.connect", "pymssql.connect",
    "hostconnection", "directoryentry",
)  # fmt: skip
"""PHP's connections, a host (or a DSN) then a user then the password: ``new mysqli``,
``new PDO`` and the old APIs legacy code still calls (``@mysql_connect("localhost", "root",
"…")``: fresh106); Python's DB-API drivers called by position (``pymysql.connect("10.0.0.5",
"root", "…", "db")``), NetApp's ``HostConnection(host, user, "…")`` (fresh135) and .NET's
``new DirectoryEntry("LDAP://…", user, "…", AuthenticationTypes.Secure)`` (fresh171; Nosey
Parker's ``np.generic.8`` example)."""
_ARG_COMMA = r"(?:" + _ARG + r"[ \t]*,[ \t]*)"
_PASSWORD_ARG = QUOTED + r"(?:\.tochararray\(\))?[ \t]*"
_OPEN = r"(?:_s)?[ \t]*\([ \t]*"
_USER_THEN_PASSWORD = _OPEN + _ARG_COMMA + "?" + _ARG_COMMA + _PASSWORD_ARG + r"\)"
_HOST_USER_THEN_PASSWORD = _OPEN + _ARG_COMMA * 2 + _PASSWORD_ARG + "[,)]"


def _call(name: str, trigger: str, args: str = _USER_THEN_PASSWORD) -> Pattern:
    """One credential call, its name first (a regex that starts with a literal is searched
    for that literal at C speed; an alternation of twelve names cost 10 µs per string)."""
    return _p(re.escape(name) + args, trigger, lower=True)


CREDENTIAL_CALL: tuple[Pattern, ...] = (
    # name('user', 'password'), name(url, 'user', 'password'), auth=('user', 'password'):
    # the last of two or three arguments, a quoted literal, then the call's end; PHP's
    # connections: the third, and a database or options may follow
    *(_call(name, name.lstrip(".")) for name in _CALLS),
    # a script's own login helper, called so (login_instagram('user', '…'): fresh89)
    # (not a route's or a view's helper: login_required('admin', 'view'), login_url(…))
    _p(
        r"(?<![\w.>$])(?:[a-z0-9]+_)*login(?!_(?:required|url|page|view|form|redirect|route"
        r"|path|template|message|error|field|button|screen|manager|status|attempts?))"
        r"(?:_[a-z0-9]+)*" + _USER_THEN_PASSWORD,
        "login",
        lower=True,
    ),
    *(_call(n, n, _HOST_USER_THEN_PASSWORD) for n in _HOST_USER_PASSWORD_CALLS),
    # python-onvif's camera: ONVIFCamera(host, port, user, '…', wsdl_dir) (fresh134)
    _call("onvifcamera", "onvifcamera", _OPEN + _ARG_COMMA * 3 + _PASSWORD_ARG + "[,)]"),
    # OmniAuth's and Devise's provider lines, the app's id then its secret: provider
    # :facebook, '1528…', '…', {…} and config.omniauth :github, 'id', '…', scope: …
    # (fresh157); ENV[…] as the secret is no literal
    _p(
        r"(?<![\w.])(?:provider|config\.omniauth)[ \t]*\(?[ \t]*:\w+[ \t]*,[ \t]*"
        + _ARG_COMMA
        + QUOTED
        + r"(?=[ \t]*(?:[,)#\r\n]|$))",
        "provider",
        "omniauth",
        lower=True,
    ),
    # auth=('user', '…'), and Elasticsearch's client's basic_auth= and http_auth= (fresh125)
    _p(
        r"(?<![\w.])(?:basic_|http_)?auth[ \t]*=[ \t]*\([ \t]*" + _ARG_COMMA + QUOTED + r"[ \t]*\)",
        "auth",
        lower=True,
    ),  # fmt: skip
    # Django's user makers: create_user('john', 'john@x.org', '…'), create_superuser(…),
    # the password third (with two arguments the second is the e-mail address)
    _p(
        r"\.create_(?:super)?user[ \t]*\([ \t]*" + _ARG_COMMA + _ARG_COMMA + QUOTED + r"[ \t]*[,)]",
        ".create_",
        lower=True,
    ),  # fmt: skip
    # Sequelize's constructor: new Sequelize('db', 'user', '…', {…}), the password third
    _p(
        r"new[ \t]+sequelize[ \t]*\([ \t]*" + _ARG_COMMA + _ARG_COMMA + QUOTED + r"[ \t]*[,)]",
        "sequelize",
        lower=True,
    ),  # fmt: skip
    # an LDAP bind: .bind('cn=admin,dc=x', 'password') or .bind(dn, 'password') (a DN, not
    # Function.prototype.bind's this)
    _p(
        r"\.bind(?:_s)?[ \t]*\([ \t]*(?:'[^'\n]*=[^'\n]*'|\"[^\"\n]*=[^\"\n]*\"|[\w.]*dn)"
        r"[ \t]*,[ \t]*" + QUOTED + r"[ \t]*\)",
        "bind",
        lower=True,
    ),
    # a signing key given to the call that signs: Node's createHmac('sha256', '…'), Python's
    # hmac.new(b'…', …), jwt.sign(payload, '…') and jwt.encode(payload, '…', …) (CodeQL's
    # hard-coded credential tests, fresh27): a literal of 8+ signs and no blank, not a
    # protocol's constant (BIP-32's hmac.new(b"Bitcoin seed", …), a test's b"key")
    _p(
        r"createhmac[ \t]*\([ \t]*" + _STRING + r"[ \t]*,[ \t]*" + _KEY_LITERAL,
        "createhmac",
        lower=True,
    ),
    _p(r"hmac\.new[ \t]*\([ \t]*b?" + _KEY_LITERAL, "hmac.new", lower=True),
    _p(
        r"jwt\.(?:sign|encode)[ \t]*\([ \t]*(?:\{[^{}\n]*\}|[\w.\[\]]+)[ \t]*,[ \t]*"
        + _KEY_LITERAL,
        "jwt.sign",
        "jwt.encode",
        lower=True,
    ),
    # jsonwebtoken's sign imported bare: sign({ roles }, '…', { expiresIn }) (fresh69)
    _p(r"(?<![\w.])sign\([ \t]*\{[^{}\n]*\}[ \t]*,[ \t]*" + _KEY_LITERAL, "sign(", lower=True),
    # Go's database/sql DSN: user:password@tcp(host:port)/db (also unix(…), udp(…))
    _p(r":(?<=[\w.\-]:)([^\s@:\"'/]{1,256})@(?:tcp|unix|udp)\(", "@tcp(", "@unix(", "@udp("),
    # a setter or builder given the secret: v.setPassword("…"), .setClientSecret("…"),
    # Spring Security's User.withUsername("u").password("{noop}…")
    _p(
        r"\.(?:set(?:password|passwd|secret|clientsecret|secretkey|accesskey|apikey|api_key"
        r"|token|authtoken|credentials?)|password|passwd)[ \t]*\([ \t]*" + QUOTED + r"[ \t]*\)",
        ".setpassword",
        ".setpasswd",
        ".setsecret",
        ".setclientsecret",
        ".setaccesskey",
        ".setapikey",
        ".setapi_key",
        ".settoken",
        ".setauthtoken",
        ".setcredential",
        ".password(",
        ".passwd(",
        lower=True,
    ),
    # a factory or a builder given the key: HubSpot's Factory::createWithApiKey('…')
    # (fresh122), .withApiKey("…"), .withToken("…"), fromApiKey('…')
    _p(
        r"(?:\.|::|->)(?:createwith|with|from)(?:apikey|api_key|accesstoken|token|secret"
        r"|password)[ \t]*\([ \t]*" + QUOTED + r"[ \t]*\)",
        *("withapikey", "withapi_key", "withaccesstoken", "withtoken", "withsecret"),
        *("withpassword", "fromapikey", "fromapi_key", "fromaccesstoken", "fromtoken"),
        *("fromsecret", "frompassword"),
        lower=True,
    ),
    # a JWT's HMAC key given to the library: jwt.encode(payload, '…', algorithm=…),
    # jwt.decode(token, '…'), jsonwebtoken's jwt.sign(payload, '…') / jwt.verify(token, '…')
    _p(
        r"jwt\.(?:encode|decode|sign|verify)\([ \t]*[\w.\[\]'\"]+[ \t]*,[ \t]*" + QUOTED,
        "jwt.",
        lower=True,
    ),
    # JNDI: env.put(Context.SECURITY_CREDENTIALS, "…"), or the property's own name
    _p(
        r"security(?:_|\.)credentials[\"']?[ \t]*,[ \t]*" + QUOTED,
        "security_credentials",
        "security.credentials",
        lower=True,
    ),
)

_KEYED_NAMES = (
    "password", "passwd", "pwd", "secret", "token", "apikey", "api_key", "api-key", "cipherseed",
)  # fmt: skip
_SETTER = (
    r"(?:\.|->|::)(?:put|putstring|setproperty|setitem|set|setheader|addheader|header|add"
    r"|setparameter|write|setdefault)\([ \t]*"
)
"""A setter of a map, a header or a property (lower-cased): put / putString / setProperty /
setItem / set / setHeader / addHeader / header / add, and PHP's ``->setParameter`` (a
Symfony container's) and ``::write`` (CakePHP's ``Configure::write('Security.salt', …)``
and its ``cipherSeed``: fresh39), Go's viper and Python's ``setdefault`` (fresh45), its
parenthesis."""
KEYED_SECRET: tuple[Pattern, ...] = (
    # a setter given a secret's name, then the literal, maybe more arguments after it
    # (librdkafka's conf->set("sasl.password", "…", errstr): fresh69)
    _p(
        _SETTER
        + r"[\"'][\w.\-]*(?:"
        + "|".join(n.replace("-", "\\-") for n in _KEYED_NAMES)
        + "|"
        + APP_SALT
        + r")[\"'],"
        r"[ \t]*" + QUOTED + r"[ \t]*[,)]",
        *(name + quote + "," for name in (*_KEYED_NAMES, "salt") for quote in "\"'"),
        lower=True,
    ),
    # ... or a constant naming one (SAP JCo's setProperty(DestinationDataProvider.JCO_PASSWD,
    # "…"): fresh78; a variable such as passwordField names none)
    _p(
        _SETTER + r"(?:[a-z_]\w*\.)*[a-z0-9_]*_(?:passwd|password|pwd|secret)[ \t]*,"
        r"[ \t]*" + QUOTED + r"[ \t]*[,)]",
        *("_passwd", "_password", "_pwd", "_secret"),
        lower=True,
    ),
    # Azure's Speech SDK given its resource's key as "subscription" (SpeechConfig(
    # subscription="…"), SpeechConfig.FromSubscription("…", region): fresh101); 32 hex, the
    # form of an Azure resource's key (a subscription's id is a UUID)
    _p(
        r"(?:subscription[ \t]*=|fromsubscription\()[ \t]*[\"']([0-9a-f]{32})[\"']",
        "subscription",
        lower=True,
    ),
)

SECRET_ID = assignment(r"secret[_\-]?id", "secret")
"""Vault AppRole's ``secret_id`` (``VAULT_SECRET_ID=…``, an Ansible lookup's
``secret_id='…'``): the credential its ``role_id`` logs in with, often a UUID, so it is
``key_assignment``'s, whose value must look like key material."""

KEYED_KEY = _p(
    _SETTER + r"[\"'][\w.\-]*[_\-]key[\"'],[ \t]*" + QUOTED + r"[ \t]*\)",
    'key",',
    "key',",
    lower=True,
)
"""The same setters given a ``<service>_key`` name (``props.set("airtable_key", "…")``):
``key_assignment``'s, whose value must look like key material (``sort_key`` stays)."""

_INSERT = re.compile(
    r"insert[ \t]+(?:ignore[ \t]+)?into[ \t]+[`\"\[\]\w.]+[ \t]*\(([^()]{1,1000})\)\s*values\s*",
    re.IGNORECASE,
)
_SECRET_COLUMN = re.compile(
    r"[`\"\[]?\w*(?:pass(?:w(?:or[dt]|d)?)?|pwd|senha|secret|token|api_?key)[`\"\]]?",
    re.IGNORECASE,
)
_NOT_A_SECRET_COLUMN = re.compile(
    r"hash|salt|hint|policy|type|length|_at\b|date|expir|count|changed|required|id\b",
    re.IGNORECASE,
)
_ROW_ITEM = re.compile(r"\s*('(?:[^'\\\n]|\\.|'')*'|\"[^\"\n]*\"|[^,()'\"]*)\s*(,|\))")


def sql_row_spans(text: str, low: str, hits: list[str] | None) -> list[tuple[int, int]]:
    """The string literals of each row an ``INSERT`` with a column list gives a secret's
    column (``password``, ``userPassword``, ``api_key``; not a hash, a salt, a date or an
    id), by position: the row holds no name beside the value."""
    spans: list[tuple[int, int]] = []
    for insert in _INSERT.finditer(text):
        columns = [c.strip() for c in insert.group(1).split(",")]
        wanted = {
            i
            for i, c in enumerate(columns)
            if _SECRET_COLUMN.fullmatch(c) and not _NOT_A_SECRET_COLUMN.search(c)
        }
        if not wanted:
            continue
        at = insert.end()
        while at < len(text) and text[at] == "(":
            index, at = 0, at + 1
            while (item := _ROW_ITEM.match(text, at)) is not None:
                literal = item.group(1)
                if index in wanted and literal[:1] in "'\"" and len(literal) > 2:
                    spans.append((item.start(1) + 1, item.end(1) - 1))
                index, at = index + 1, item.end()
                if item.group(2) == ")":
                    break
            else:
                break
            rest = _NEXT_ROW.match(text, at)
            at = rest.end() if rest else at
    return spans


_NEXT_ROW = re.compile(r"\s*,\s*")
SQL_ROW: tuple[Pattern, ...] = (found(re.compile(r"insert[ \t]"), ("insert",), sql_row_spans),)


_EQUALS_QUOTE = ('=="', "=='", '== "', "== '")
"""An operator and the quote after it, at most one blank between: a pytest report's
``=====`` lines hold "==" by the dozen and would make a bare "==" the commonest trigger."""

COMPARED_SECRET: tuple[Pattern, ...] = (
    # a literal a secret is compared with: password == "…", password.equals("…") (each
    # operator a pattern of its own, so re jumps to it; at most one blank before the
    # literal), and Java's literal first,
    # "…".equals(password): the literal is the secret
    _p(r"==(?:= ?| ?)" + QUOTED, *_EQUALS_QUOTE, lower=True),
    _p(r"!=(?:= ?| ?)" + QUOTED, *_EQUALS_QUOTE, '!="', "!='", '!= "', "!= '", lower=True),
    _p(r"\.equals\([ \t]*" + QUOTED, ".equals(", lower=True),
    _p(
        QUOTED + r"\.equals\([ \t]*[\w.\[\]'\"]*?" + _SECRET_NOUN,
        ".equals(",
        lower=True,
    ),
)


CLIENT_KEY_ARGUMENT = (
    _p(
        r"(?:new)?(?:client|api|handler|bot)\([ \t]*[\"']([^\"'\s]{8,256})[\"'][ \t]*\)",
        "client(",
        "api(",
        "handler(",
        "bot(",
        lower=True,
    ),
    _p(
        r"(?:save|enable)_account\([ \t]*(?:token[ \t]*=[ \t]*)?"
        r"[\"']([^\"'\s]{8,256})[\"'][ \t]*[,)]",
        "_account(",
        lower=True,
    ),
)
"""``…Client("…")`` with one string literal: the literal (lower-cased text); so too a bot's,
an API's or a webhook handler's (``LineBotApi('…')``, ``WebhookHandler('<channel secret>')``,
``telebot.TeleBot('…')``: fresh35); and Qiskit's account savers, the token first
(``IBMQ.save_account('<128 hex>', overwrite=True)``, ``IBMProvider.save_account(…)``,
``IBMQ.enable_account(…)``: fresh177)."""
_NAME_OF_PARTS = re.compile(r"[A-Za-z]{1,12}(?:[-_.][A-Za-z0-9]{1,12}){1,5}")
"""Two to six short words and numbers joined by ``-``, ``_`` or ``.``: a region
(``us-east-1``), a model (``gpt-4o-mini``), a locale (``en_US.UTF-8``), a service or
bucket name (a key cut in many short parts, Mapbox's ``sk.nc7.R5t.…``, is none)."""


def client_literal(value: str, text: str, start: int, end: int) -> bool:
    """The one literal a client is built from is its key when it reads as key material
    (:func:`key_values.random_value`), as a password (``StrongFinding5813!``, ``un!techwhooah``:
    :func:`schemas.shapes.password_like`) or as a key said alone (``sug5XpdpaoxtOH``,
    :func:`.said.said_key`), and is no name of short parts: a client is as often built
    from a region, a model or a service's name."""
    if _NAME_OF_PARTS.fullmatch(value):
        return False
    return random_value(value, text, start, end) or password_like(value) or said_key(value)


_COMPARED_NAME = re.compile(
    _SECRET_NOUN + r"[\])'\"]*[ \t]*(?:[!=]==?|\.equals\()[ \t]*[\"']?$", re.I
)


def compared_literal(value: str, text: str, start: int, end: int) -> bool:
    """A literal compared with a secret's name (``password == "…"``, ``"…".equals(pwd)``) is
    the secret, unless it is a placeholder or no value (``token != ""``, ``== "null"``): the
    form a secret hard-coded for a check takes (find-sec-bugs' and gosec's tests). The
    literal-first form names the secret after the literal (its pattern says so); the
    name-first form is read here, in the 48 characters before the literal."""
    literal_first = _COMPARED_NAME.search(text, max(0, start - 48), start) is None
    if literal_first and not _NAME_AFTER.match(text, end):
        return False
    return assignment_value(value, text, start, end)


_NAME_AFTER = re.compile(r"[\"']?\.equals\([ \t]*[\w.\[\]'\"]*?" + _SECRET_NOUN, re.I)

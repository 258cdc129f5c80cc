"""How an assignment is read: a secret's name, the words it may end with, a declared type,
the operator, the value.

Part of ``rules.SECRET_RULES``: every ``<name> = <value>`` pattern (``secret_assignment``,
``key_assignment``, the translated password names) is built by :func:`assignment` from these
pieces, on lower-cased text.
"""

from __future__ import annotations

from re import escape as _escape

from .pattern import Pattern
from .pattern import literal as _p
from .translations import CJK_LETTERS

VALUE = (
    r"[ \t]*(?:[rbuf]{0,2}\\?\"([^\"\\\n]{3,2048})\\?\"|[rbuf]{0,2}\\?'([^'\\\n]{3,2048})\\?'"
    r"|`([^`\n]{3,2048})`|([^\s\"'`,;:=]{1,256}:(?:'[^'\n]{1,2048}'|\"[^\"\n]{1,2048}\"))"
    r"|(?![=>])((?:[^\s\"'`,;\\，；（）]|\\(?![nrt\"\\])){3,2048}))"
)
"""An assignment's value, quoted (any content) or a bare run, on lower-cased text.

Up to 2048 characters: signed tokens (JWTs, macaroons, OAuth tokens) run to ~1000 and
are redacted whole. ``user:'quoted pw'`` (``http --auth=…``, ``credentials=…``) is one
value: a bare run would stop at the quote and take only ``user:``. A bare run ends at a
JSON escape (``\\n``, ``\\t``, ``\\"``): in an escaped diff or trajectory that is the end of
the line or of the string, not part of the value; or at a full-width comma, semicolon or
parenthesis, where a Chinese sentence goes on (``aws_secret_access_key=xxx（my …）``)."""
ASSIGN = (
    r"(?:\[\]|(?:\\?[\"'])?\]?|\*\*)[ \t]*"
    r"(?:=|:=|=>|:{2,3}=|[.?]=|:\*\*(?!\*)|:(?!:)|<-(?=[ \t]*[\"']))"
)
"""``=``, ``:=``, ``=>``, ``:`` and PHP's ``.=``, Make's ``::=``, ``:::=`` and ``?=`` (gitleaks'
sample lines write a token with each), after a C array's ``[]`` too (``char pass[] = "…"``).
Not ``+=``: code appends a piece to a value with it (``userpass += f":{password}"``, 3
chunks of 20,000 package files). After Markdown's bold name too, the colon outside or
inside the stars (``- **WEBHOOK_SECRET**: `…```: fresh111; ``- **Password:** `…```:
fresh112). R's ``<-`` before a quoted literal (``api_key <- "…"``: fresh144); Haskell's and
Go's arrows take no literal."""

NAME_SUFFIX = (
    r"(?:[_\-.]?(?:key|value|base|data|string|str|text|token|secret|access|pass|word|phrase"
    r"|plain|raw|prod|production|dev|live|test|staging|sandbox|local|admin|root|[0-9]"
    r"|db|database|mysql|mariadb|postgres|pg|redis|mongo|mongodb|smtp|mail|email|ftp|sftp"
    r"|ssh|wifi|ldap|read|write|http|https|rest|server|private|for[_\-][a-z0-9]+)){0,12}"
)
"""Words a secret's name may end with (``SECRET_KEY``, ``secret_key_base``, ``token2``,
``password_for_email``, ``passphrase_sandbox``: fresh94; the service it opens,
``passwordMysql``, ``PASSWORD_SMTP``: fresh111; what a key may do or where it goes,
``API_KEY_READ``, ``WRITE_API_KEY_HTTP``: fresh126): a positive list, so ``token_url``,
``password_hash`` or ``secret_name`` stay names. At most twelve, so a run of them
(``keykeykey…``, 18,000 signs took 2.6 s) is read in linear time: each ``key`` in it
would otherwise read the run to its end."""


_TYPE_ANNOTATION = (
    r"(?:[ \t]*:[ \t]*&?(?:'static[ \t]+)?[a-z_][a-z0-9_.]*(?:\[[a-z0-9_., \[\]]*\])?[!?]?"
    r"|[ \t]+(?:as[ \t]+)?(?:string|str))?(?=[ \t]*(?:=|:=)[^=>])"
)
"""A declared type between a name and its ``=``: Rust's ``API_KEY: &str =``, TypeScript's
``apiKey: string =``, Python's ``API_KEY: str =``, Kotlin's and Swift's ``: String =`` (and
Swift's optionals ``: UITextField! =``),
Go's ``var apiKey string =``, Visual Basic's ``Dim pwd As String =`` (fresh106).
Optional, and only before ``=``, so YAML's ``key: value``
is read as before."""


def assignment(keyword: str, *triggers: str) -> Pattern:
    """``keyword`` and its suffixes, perhaps a declared type, the operator, the value."""
    return _p(
        keyword + NAME_SUFFIX + "(?:" + _TYPE_ANNOTATION + ")?" + ASSIGN + VALUE,
        *triggers,
        lower=True,
    )


PASSWORD_ELSEWHERE_TRIGGERS = (
    "passwort", "kennwort", "contraseña", "contrasena", "senha", "mot de passe",
    "パスワード", "密码", "密碼", "비밀번호", "패스워드",
)  # fmt: skip
_PASSWORD_ELSEWHERE = "(?:" + "|".join(map(_escape, PASSWORD_ELSEWHERE_TRIGGERS)) + ")"
_CJK = CJK_LETTERS + "\uff01-\uff5e"  # and full-width signs
"""Kana, ideographs, Hangul and full-width forms: a value of them is a word ("忘记密码是常见
问题": forgetting a password is common), not a password."""
_SAID_TO_BE = r"[ \t]*(?:：|是|为|為|は|는|은|이|가|:)[ \t]*[`'\"“「]?"
"""Chinese's, Japanese's and Korean's "is" after a password's name, or a full-width colon
(``密码是`…```, ``数据库密码：…``, ``パスワードは …``): no ``=`` in those sentences."""


def translated_password() -> tuple[Pattern, Pattern]:
    """A password's name in German, Spanish, Portuguese, French, Japanese, Chinese and Korean
    (CredSweeper's ``패스워드:…`` lines, fresh16), read as ``password`` is; and in the three
    languages that write no blank or ``=`` before the value, the name said to be it
    (fresh30: Nacos' ``MySQL中nacos用户的密码是`Nacos@…```)."""
    said = _p(
        _PASSWORD_ELSEWHERE + _SAID_TO_BE + r"([^\s`'\"”」，。、,;:" + _CJK + r"]{4,64})",
        *PASSWORD_ELSEWHERE_TRIGGERS[6:],
        lower=True,
    )
    return assignment(_PASSWORD_ELSEWHERE, *PASSWORD_ELSEWHERE_TRIGGERS), said


PAIRED_NAME = (
    r"(?:[a-z0-9_\-./]*?(?:password|passwd|passphrase|pass|pwd|secret|token|credentials?"
    r"|(?:api|access|private|client|account|signing|master|encryption|license|app)[_\-]?key)"
    + NAME_SUFFIX
    + r"|(?:proxy-)?authorization|"
    + r"(?:__(?:host|secure)-)?"
    r"(?:(?:php|j|asp)sess(?:ion)?id|[a-z0-9_.\-]*[_\-.]sess(?:ion)?(?:[_\-.]?(?:id|token|key|cookie))?"
    r"|sess(?:ion)?[_\-.]?(?:id|token|key|cookie)"
    r"|[0-9a-z]{0,6}sid"
    r"|\.aspxauth|connect\.sid))"
)
"""A record's name member that ends as a secret's name does (``AUTHENTIK_POSTGRESQL__PASSWORD``,
``/prod/db/password``, ``stripeApiKey``), lower-cased: the words ``secret_assignment`` reads
before ``=``, so ``PASSWORD_RESET_TIMEOUT``, ``TOKEN_URL`` or ``KEYCLOAK_URL`` stay names.
Or an HTTP header that carries a credential, or a session cookie's name (``PHPSESSID``,
``sessionid``, ``ASP.NET_SessionId``, ``__Secure-1PSID``, ``.ASPXAUTH``): the
header and cookie lists of HAR files, Playwright's storage state and API clients' exports
(fresh34); ``SESSION_TIMEOUT``, ``account_sid``, a bare ``session`` (a store's name) and a
tracker's ``optiMonkSession`` stay names."""
APP_SALT = (
    r"(?:security|password|hash|auth|session|cookie|secret|app|site|token|id|nonce|in|ticket)"
    r"[_\-.]?salt(?:main|alt[0-9]*)?(?![a-z0-9])"
)
"""An application's salt by the name its framework gives it, lower-cased: CakePHP's
``Security.salt``, Moodle's ``passwordsaltmain``/``passwordsaltalt1``, Magento's ``id_salt``,
Flask-Security's ``SECURITY_PASSWORD_SALT``, Strapi's ``API_TOKEN_SALT``, WordPress's
``LOGGED_IN_SALT``, Icinga 2's ``TicketSalt`` (fresh130). Such a salt signs sessions, cookies
or reset links, so it is a secret (fresh39); a bare ``salt`` is a hash's or a contract's
(``"salt": "0x…"``) and stays."""
API_HASH = r"(?:api|telegram)[_\-]?hash"
"""Telegram's ``api_hash`` (Telethon, Pyrogram: with ``api_id`` it logs a client in), lower-cased:
a secret's name though it says "hash" (fresh89), also as ``TELEGRAM_HASH`` (fresh120)."""
_MEMBER = r"[\"']?[a-z_]+[\"']?[ \t]*[:=][ \t]*(?:\"[^\"\n]*\"|'[^'\n]*'|[a-z0-9_.\-]+)"
_NAME_MEMBER = r"[\"']?(?:name|key|optionname|parameterkey)[\"']?"
_VALUE_MEMBER = r"[\"']?(?:value|parametervalue)[\"']?"


def paired_value(*triggers: str) -> tuple[Pattern, ...]:
    """A value whose record names it a secret: the ``name``/``value`` (or ``key``/``value``)
    pairs of Kubernetes ``env`` lists, ECS task definitions, CodeBuild and Elastic Beanstalk
    settings, SSM parameters, Postman environments and Terraform lists. The value has no
    name of its own, so the assignment rules never saw one (``- name: DB_PASSWORD`` then
    ``value: "5aGKBCVu6W"`` was stored). Two forms, up to two other members between name
    and value (``"Type": "SecureString"``):

    * one record on one line or in braces: ``{"name": "DB_PASSWORD", "value": "…"}``,
      ``{ name = "DB_PASSWORD", value = "…" }``, ``- {name: DB_PASSWORD, value: …}``;
    * a YAML block: ``- name: DB_PASSWORD`` and, on a following line, ``value: …``
      (never ``valueFrom:``, a reference);
    * a map keyed by the name (Terraform's ``"docdb.dev.master_password" = { type =
      "SecureString", value = "…" }``: fresh36);
    * XML elements (:func:`xml_paired_value`).
    """
    name = _NAME_MEMBER + r"[ \t]*[:=][ \t]*[\"']?" + PAIRED_NAME + r"[\"']?"
    flow = _p(
        name + r"[ \t]*,[ \t\n]*(?:" + _MEMBER + r"[ \t]*,[ \t\n]*){0,2}"
        + _VALUE_MEMBER + r"[ \t]*[:=]" + VALUE,
        *triggers,
        lower=True,
    )  # fmt: skip
    block = _p(
        r"(?m)^[ \t]*(?:-[ \t]+)?" + name + r"[ \t]*\n(?:[ \t]*" + _MEMBER + r"[ \t]*\n){0,2}"
        r"[ \t]*" + _VALUE_MEMBER + r"[ \t]*:" + VALUE,
        *triggers,
        lower=True,
    )
    keyed = _p(
        r"[\"']" + PAIRED_NAME + r"[\"'][ \t]*[:=][ \t]*\{[^{}]{0,200}?(?<![\w\-])"
        + _VALUE_MEMBER + r"[ \t]*[:=]" + VALUE,
        *triggers,
        lower=True,
    )  # fmt: skip
    return flow, block, keyed, *xml_paired_value()


_XML_ELEMENTS = "property|param|parameter|entry|setting|prop|option|item"


def xml_paired_value() -> tuple[Pattern, ...]:
    """The same pairs written as XML elements, as JMeter's test plans keep headers and
    variables (fresh34): ``<stringProp name="Header.name">x-api-key</stringProp>`` and the
    next element's ``Header.value``; or an argument named for a secret
    (``<elementProp name="password" elementType="Argument">``) and its ``Argument.value``
    within the next few elements, which come in either order. And a property named for a
    secret, its value in the next attribute or inside: Hibernate's and JPA's
    ``<property name="hibernate.connection.password">…</property>``, ``<property
    name="javax.persistence.jdbc.password" value="…"/>``, log4j's ``<param
    name="SMTPPassword" value="…"/>`` (fresh38), Axis2's ``<parameter name="password">``,
    Spring's ``<prop key="…password">`` (fresh52). And a property list's ``<key>AppSecret</key>``
    with its ``<string>``, an Android manifest's ``<meta-data android:name="…ApiKey"
    android:value="…"/>`` (fresh92)."""
    named = _p(
        r"<stringprop[ \t]+name=\"(?:header|argument)\.name\">" + PAIRED_NAME + r"</stringprop>"
        r"[ \t]*\n?[ \t]*<stringprop[ \t]+name=\"(?:header|argument)\.value\">([^<\n]{3,2048})<",
        ".value",
        lower=True,
    )
    argument = _p(
        r"<elementprop[ \t]+name=\"" + PAIRED_NAME + r"\"[ \t]+elementtype=\"(?:http)?argument\">"
        r"(?:[ \t]*\n?[ \t]*<(?!stringprop[ \t]+name=\"argument\.value\")[^\n<>]*>[^<\n]*"
        r"(?:</[a-z]+>)?){0,4}?[ \t]*\n?[ \t]*<stringprop[ \t]+name=\"argument\.value\">"
        r"([^<\n]{3,2048})<",
        "argument.value",
        lower=True,
    )
    attributed = _p(
        r"<[a-z][\w:.\-]*[ \t]+(?:name|key)=\""
        + PAIRED_NAME
        + r"\"[ \t]+value=\"([^\"\n]{1,512})\"",
        'value="',
        lower=True,
    )
    inside = _p(
        r"<(?:" + _XML_ELEMENTS + r")[ \t]+(?:name|key)=\"" + PAIRED_NAME + r"\"[ \t]*>"
        r"[ \t]*([^<\s][^<\n]{0,511}?)[ \t]*</(?:" + _XML_ELEMENTS + r")>",
        "<property",
        "<param",
        "<entry",
        "<setting",
        "<prop",
        "<option",
        "<item",
        lower=True,
    )
    # a property list's <key>…</key> and the <string> after it (an iOS app's Info.plist,
    # App Center's and Firebase's plists: fresh92), and an Android manifest's <meta-data>
    # whose android:name says secret, its android:value on the same or the next line
    plist = _p(
        r"<key>" + PAIRED_NAME + r"</key>[ \t]*\r?\n?[ \t]*<string>([^<\n]{3,2048})</string>",
        "</key>",
        lower=True,
    )
    manifest = _p(
        r"android:name=\""
        + PAIRED_NAME
        + r"\"[ \t]*\r?\n?[ \t]*android:value=\"([^\"\n]{3,2048})\"",
        "android:value",
        lower=True,
    )
    return named, argument, attributed, inside, plist, manifest

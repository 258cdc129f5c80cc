"""Second-stage checks that turn a regex match into a finding (or drop it).

Regexes find *shapes*; these checks reject the shapes that are code, not secrets:
``password=None``, ``token = get_token()``, ``secret: str``, ``api_key=API_KEY``,
``${{ secrets.X }}``, ``****``, our own ``[REDACTED:…]`` tokens. Each takes the matched
secret and its span in the original text, so it can look at the character after it.
"""

from __future__ import annotations

import html
import re

from .admin_scripts import script_reference
from .counting import counts_up, few_signs, the_alphabet
from .ids import PROXMOX_TOKEN_ID
from .names import is_identifier_like, snake_name
from .no_credential import inside_a_resource_name, names_no_credential
from .no_value import no_value
from .public_der import WHOLE_MIN, whole_public_der
from .public_material import public_value
from .published_values import published_client, sealed_secret
from .references import code_reference, store_reference
from .stand_in_words import NOT_VALUES, OPTION_VALUES, PLACEHOLDER_START
from .translations import CJK_LETTERS, CYRILLIC_WORDS, translated_label, translated_prompt
from .url_passwords import named_userinfo, unquoted
from .url_passwords import stand_in_pair as stand_in_pair  # re-exported: rules call accept.*
from .url_passwords import url_password as url_password
from .value_forms import (
    _SECRET_WORDS,
    LITERAL_PLACE,
    RESOURCE_REF,
    bracketed_placeholder,
    comment_words,
    doc_field,
    drawn_stand_in,
    encoded_stand_in,
    is_label,
    is_prose_label,
    is_ui_text,
    is_value_pattern,
    literal_password,
    marked_stand_in,
    masked_stub,
    number_told_secret,
    password_named,
    prompt_or_template,
    typed_password,
    variable_reference,
    word_placeholder,
)
from .worded import ASKING_VERBS, worded_placeholder

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_PROSE_WORD = re.compile(r"[a-z]+[.!?]")
_NAME_START = r"(?:[^\W\d]|\$)"
_DOTTED = re.compile(
    _NAME_START + r"[\w$]*(?:(?:\.|::)" + _NAME_START + r"[\w$]*)+"
    r"|" + _NAME_START + r"+(?:\??\." + _NAME_START + r"[\w$]*)+"
)
"""A dotted reference, ``::`` (``Digest::SHA1.hexdigest``), optional chaining from a name
with no digit (``env?.KEY``: fresh71; fresh52's ``Antartida002?.hola`` is a password); names
in any script's letters (``user.Contraseña``: fresh158)."""
_REPEATED = re.compile(r"(.)\1*")
_YAML_ALIAS = re.compile(r"\*[a-z_][a-z0-9_\-]{0,63}")


_FILE_NAME = re.compile(
    r"(?:~|\.{1,2})?/?(?:[\w.\-]+/)*"  # in a folder: GOOGLE_APPLICATION_CREDENTIALS=~/key.json
    r"[\w\-]*[A-Za-z]{3}[\w.\-]*\.(?:env|json|ya?ml|pem|key|p12|pfx|jks|keystore|txt|cfg|conf"
    r"|ini|properties|crt|cer|toml|xml|asc|gpg|secret)(?:\.(?:age|gpg|asc|enc|sops))?"
)
"""A file named by its extension (a credentials file's name in a setting), no value; also
as an encryption tool leaves it (``vultr-api-key.txt.age``: fresh121), and Mastodon.py's
``Mastodon(access_token='pytooter_usercred.secret')``, a file the library reads (fresh157)."""
_USER = re.compile(r"[\w.\-@]{1,64}")
_CONSTANT_NAME = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+){3,}")
"""An unquoted constant's or a stored secret's name of four or more parts."""
_PATH_VALUE = re.compile(
    r"(?:~|\.{1,2})?/[\w.@\-]+(?:/[\w.@\-]*)+(?::r[ow])?|[a-z][a-z0-9_.\-]*(?:/[a-z0-9_.@\-]+){2,}"
    r"|[A-Za-z]:[\\/](?:[\w.@\- ]+[\\/])+[\w.@\-]*"
)
"""An absolute or relative path of two or more segments (a volume's ``:ro``), or lower-case
segments without a leading ``/`` (a Vault path: ``secret: secret/data/dc/cluster1/cfg``), or a
Windows path (``GOOGLE_APPLICATION_CREDENTIALS = "C:/Users/…/key.json"``: fresh48)."""
_KEY_RUN = re.compile(r"(?=[A-Za-z]*[0-9])(?=[0-9]*[A-Za-z])[A-Za-z0-9]{16,}")
"""16+ letters and digits, both, in one run: key material inside a path."""
_URL_USERINFO = re.compile(
    r"://[^/\s@]*@|[?&;][^=&\s]*(?:key|token|secret|pass|sig|auth)[^=&\s]*=", re.I
)
"""A URL's userinfo, or a query parameter named like a credential."""
_CONCATENATION = re.compile(
    r"\s*(?:[+&,;]|\{\s|\{[A-Za-z_]\w*[ \t]|\.(?=[$ ]|[A-Za-z_]\w*\s*(?:[(\[.]|$)))"
)
"""A concatenation: ``+``, ``&``, a separator, or PHP's ``.`` before a variable, a blank or
a name that is called, subscripted or ends the value, or a block that opens (expect's
``"password:" { send "…" }``, fresh47); not a value that starts with a dot
(``.uYikE-os3cM23rz.i6Q``, Bearer's fixture key)."""


_DESCRIBED_AFTER = re.compile(
    r"(?i)(?:[ \t]+[A-Za-z]+){0,2}[ \t]+(?:api[ \t]?key|key|token|secret|password)s?"
    r"[ \t]*(?:[.,(]|$)",
    re.M,
)
"""A word and the noun it describes after it (``Firecrawl API key``, ``the bot token.``): an
argument's description in a docstring, fresh131's ``api_key: Firecrawl API key``."""
_STRING_HEAD = re.compile(r"(?<![A-Za-z0-9+/]{16})[A-Za-z_][\w\-]*=$")
"""A literal that ends in a parameter's name and ``=`` (``?token=``, ``sr=``), not base64's
padding after a long run."""
_CONCATENATED = re.compile(r"[ \t]*(?:\+(?!=)|\.[ \t]*\$)")
"""What follows a string code goes on building: ``+`` (not ``+=``), PHP's ``. $var``."""


def stand_in_tail(value: str) -> bool:
    """What follows a key's prefix stands in for it: it counts or says so (``django-insecure-``
    then ``0123…`` or ``development-key-change-in-production``: fresh146)."""
    return counts_up(value) or is_placeholder(value)


def _between_strings(value: str) -> bool:
    """The "quoted value" is the code between two string literals (``"Password: " +
    getPassword() + "…"``, PHP's ``'pw = '.$config['pw']``, JS ``"Password:",next:"…"``):
    it starts with a concatenation operator or a separator, which no quoted value does."""
    return _CONCATENATION.match(value) is not None


def is_placeholder(value: str) -> bool:
    """Templating, masking and empty-ish values: no secret."""
    raw = unquoted(value)
    v = raw.lower()
    if len(v) < 3 or v.strip("_") in NOT_VALUES or v in OPTION_VALUES or is_label(raw):
        return True
    if translated_label(html.unescape(v)) or translated_prompt(v):
        return True  # "L&#246;senord" in an HTML file; "mettez une phrase unique ici"
    # a template, a reference, a tag...; "$" opens a reference only when variables follow
    # (WordPress' '$c8e$743df9d386d895}' in leaktk's fixtures is a password)
    if raw[:2] == ":$" and variable_reference(raw[1:]):
        return True  # ":$PersonalAccessToken": an empty user and a variable, Basic auth's pair
    dollar = raw[:1] == "$" and not raw.startswith(("${", "$(", "$$"))
    if v.startswith(PLACEHOLDER_START) and not (dollar and not variable_reference(raw)):
        return True
    if _REPEATED.fullmatch(v) or masked_stub(raw):  # "xxxxxxxx", "***", "*password*", "key=="
        return True
    if value[:1] == "`" == value[-1:] and " " in value:
        return True  # "`cat /dev/urandom | head -c 32`": a command's output, made on the spot
    if _YAML_ALIAS.fullmatch(raw):
        return True  # "token: *bt": a YAML alias, the anchored value's name (fresh77)
    if the_alphabet(v):
        return True  # "abcdefghijklmnop": the alphabet in a password's place (fresh57)
    if _CUT_JWT.fullmatch(raw) or _OBJECT_IDENTITY.fullmatch(raw):
        return True  # "eyJhbGci….eyJzdWIiOiJsa...": a token cut before its signature;
        # "android.os.BinderProxy@d2483d7": a Java object's default toString (fresh55)
    if _BCRYPT_STAND_IN.fullmatch(raw) and not _KEY_RUN.search(raw):
        return True  # "$2b$10$hashedpassword1": a hash's prefix before words, a seed's; a
        # salt's 22 random signs are no stand-in (cncjs signs its sessions with one: fresh136)
    if ("-" in v and _REPEATED.fullmatch(v.replace("-", ""))) or few_signs(v):
        return True  # masked UUID groups ("wwwwwwww-…": fresh46); a1a1a1…-a1a1…, SCW1111…
    if script_reference(raw):
        return True  # "%DB_PASS%", "%%p", "[parameters('adminPassword')]", "@user.api_key"
    if store_reference(raw) or _X_TAIL.search(v):
        return True  # "jwt-secret:latest", "%kernel.project_dir%/…", "env(X)"; "Mid-server-xxx"
    if bracketed_placeholder(v) or word_placeholder(v) or prompt_or_template(raw):
        return True  # "[dockerhub-password]", "your_redis_password_here", "Enter API"
    if worded_placeholder(raw[2:] if raw.startswith("0x") else raw):
        return True  # "SOMEPASSWORDHERE", "my-API-key" (fresh24), "0xYourPrivateKey"
    if CJK_WORDS.search(raw) or CYRILLIC_WORDS.search(raw):
        return True  # "0xあなたのウォレットの秘密鍵", "您的webdav密码-注意…": words, no password
    if drawn_stand_in(raw):
        return True  # "Fe26...Ha", "RGAPI-<my key>", "a.b.c.d", "tok_123", "New-Object"
    if marked_stand_in(raw) or encoded_stand_in(raw):
        return True  # "@@PLACEHOLDER@@", "github_pat_TODO", "fmt_{}", base64 of "**SOPS**"
    if is_value_pattern(raw):
        return True  # "EAAA[a-zA-Z0-9]{60}": the form's pattern, no value
    if _PREFIX_ONLY.fullmatch(raw) or _NEGATED_NAME.fullmatch(raw):
        return True  # OPENAI_API_KEY=sk-: a prefix and nothing; "NoKeyFound": a default's words
    if _MODE_NAME.fullmatch(raw) or _SCHEMA_TYPE.fullmatch(raw):
        return True  # "ANTHROPIC_AUTH_TOKEN": "PROXY_MANAGED": a mode's or a constant's name;
        # "password: String!": a GraphQL field's type (fresh125)
    scheme = _SCHEME_AND_VALUE.fullmatch(raw)
    if scheme and (scheme[1][:1] in "{$<%" or is_placeholder(scheme[1])):
        return True  # "Bearer {{access_token}}": an Authorization header's template
    if "|" in raw and all(len(p) > 2 and is_placeholder(p) for p in raw.split("|")):
        return True  # "YOUR_KEY|YOUR_SECRET": an id|secret pair's two slots (fresh142)
    return v.startswith("{") and v.endswith("}")


_CUT_JWT = re.compile(r"eyJ[\w\-]+\.[\w\-]*(?:\.{3,}|…)")
_OBJECT_IDENTITY = re.compile(r"[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+\.[A-Z][\w$]*@[0-9a-f]{4,8}")
_BCRYPT_STAND_IN = re.compile(r"\$2[aby]?\$\d\d\$(?![./A-Za-z0-9]{53}$)[./A-Za-z0-9]{0,52}")
_X_TAIL = re.compile(r"[-_.]x{3,}$|(?:blah?){3,}$")
"""A value ending in x's or "blablabla" (``Mid-server-xxx``: fresh39; ``3AAAB…bla``: fresh153)."""
_PREFIX_ONLY = re.compile(r"[A-Za-z]{2,8}(?:[_\-][A-Za-z]{2,8})?[_\-]")
"""A token's prefix alone (``sk-``, ``ghp_``, ``sk-proj-``): fresh130's template."""
_NEGATED_NAME = re.compile(
    r"(?:No|Not|Missing|Invalid|Empty|Unset)(?:[A-Z][a-z]*)*"
    r"(?:Key|Token|Secret|Password|Found|Set|Provided|Configured)"
)
"""Capitalised words saying none is there (``NoKeyFound``, ``NotSet``, ``MissingToken``):
a lookup's default (fresh128's ``os.environ.get("…_KEY", "NoKeyFound")``), a test's
``NotAValidToken`` (fresh144)."""
_SCHEMA_TYPE = re.compile(r"\[?(?:String|ID|Int|Float|Boolean|DateTime|JSON)!?\]?!")
"""A GraphQL schema's scalar type, required (``String!``, ``[String!]!``)."""
_MODE_NAME = re.compile(r"[A-Z]{2,}(?:_[A-Z]{2,})+")
_SCHEME_AND_VALUE = re.compile(r"(?i)(?:bearer|basic|token|digest|apikey)[ \t]+(\S.*)")


_SETTING_NAME = re.compile(
    r"(?=[\w.\-]*(?:pass|secret|token|key|Pass|Secret|Token|Key))"
    r"[a-z]+(?:[_\-][a-z]+)*(?:\.[a-z]+(?:[_\-][a-z]+)*)+"
)
_CONSTANT_BEFORE = re.compile(
    r"\b(?:static[ \t]+final|final[ \t]+static|const|static[ \t]+readonly)[ \t]+"
    r"(?:String|string)[ \t]+[A-Za-z_]\w*[ \t]*=[ \t]*[\"']$"
)
"""A Java or C# constant holding a setting's name (fresh52: ``SITE_MAIL_PASSWORD =
"email.password"``): dotted words of letters, one naming a secret. A camel-case value
(``"mailPassword"``, ``"jwtSigningSecret"``) may be the secret a constant hard-codes and stays
a finding; a value with digits or signs is a literal."""
_ANGULAR_EXPORT = re.compile(r"ng[A-Z][A-Za-z]+")
_TEMPLATE_REF = re.compile(r"(?<![\w#])#[A-Za-z_]\w*[ \t]*=[ \t]*[\"']$")
CJK_WORDS = re.compile(f"[{CJK_LETTERS}]{{2}}")
"""Two Chinese, Japanese or Korean signs in a row: words in a value's place (a sample's "your
WebDAV password, encrypted" in Chinese, fresh53); passwords are typed in Latin signs."""
_GIVEN_A_VARIABLE = re.compile(r"=\$\(|=(?:\$\{?|%)\w*\}?%?(?=$|[&;,\s\"'/)\]}:.@|])")
"""A name given a variable or a command's output (``token=$TOKEN``, ``pass=%PASS%``,
``p=%s&``, ``s/x=.*/x=$password/``, ``token=$(jupyterhub token)``); a password with ``=$``
inside (``Q?c=$TI3!GgN``, fresh53) is not one."""
_CALL_START = re.compile(r"[A-Za-z_$][\w.$]*[\[(]")
_CLOSES_A_CALL = re.compile(r"[)\]}][ \t]*(?:[{.;,]|$)")
"""A bracket and code after it: the quote before closed a string (a prompt), no value."""
_CODE_SYMBOLS = frozenset("()[]{}._-:/=,$^*+?|\\")
"""Symbols of code and of regexes; the others (``@ # ! < > ~ & %``) a name never holds."""
_REGEX_SYNTAX = re.compile(r"\{\d+,?\d*\}|\(\?[=!:<]|\[[^\]]*-[^\]]*\]|\\[dwsDWS]")
"""A password rule's pattern (``[a-z0-9]{8,}``, ``(?=.*[A-Z])``), not a password."""
_PAIRS = (("(", ")"), ("[", "]"), ("{", "}"))


def _password_with_brackets(value: str) -> bool:
    """A generated password that happens to hold brackets (``u@D7GXt)t>8d(LtH^(lvZ<g=``,
    ``k#9Lm(2x)Qp!7``), not code: it does not open with a name and a bracket, it mixes
    letters and digits, it is no regex, URL or expansion, and it holds two symbols code
    does not glue into a word (``@ # ! < > ~ & %``), or one and brackets that do not pair
    up, or a bracket that closes nothing with a word after it."""
    if len(value) < 8 or _REGEX_SYNTAX.search(value):
        return False
    if "://" in value or "${" in value or "$(" in value or "\\" in value:
        return False  # a URL (its rules decide), a shell or template expansion, escapes
    odd = {c for c in value if not c.isalnum()} - _CODE_SYMBOLS
    paired = all(_paired(value, o, c) for o, c in _PAIRS)
    if _CALL_START.match(value) and (paired or len(odd) < 2):
        return False  # f(x), items[0]: a call or a subscript (a "[" closing nothing, two
        # symbols no name holds after it: Iv[Z.OD_>dEaAD@a is a password)
    if not (any(c.isdigit() for c in value) and any(c.isalpha() for c in value)):
        # Azure's generated passwords may hold no digit (``Iv[Z.OD_>dEaAD@a``: fresh101)
        return (
            len(odd) >= 2
            and len(value) >= 12
            and not paired
            and _mixed_case(value)
            and _one_word(value)
        )
    if len(odd) >= 2:
        return True
    if _STRAY_CLOSER.search(value) and not paired and _one_word(value):
        return True  # Asd123)_: a bracket closes nothing and a word goes on after it
    return bool(odd) and not paired


_STRAY_CLOSER = re.compile(r"[)\]}][A-Za-z0-9_]")
"""A closing bracket with a word sign right after it: code closes a call or a subscript
before an operator, a comma or the line's end."""


_BOLD_LABEL = re.compile(r"(?:\*\*[ \t]*:|:\*\*)[ \t]*$")
_WORDS_AFTER = re.compile(r"[ \t]+\S")
"""A Markdown list's bold label, then a bare word and more after it: a description
(fresh108's ``NUNCA compartilhe…``, langchain's ``explicit ``api_key`` (returned…``); a
value there is written alone or between backticks."""


def _one_word(value: str) -> bool:
    """No blank, quote or comma: one password, not a piece of code cut from a line."""
    return not any(c.isspace() or c in "'\"," for c in value)


def _mixed_case(value: str) -> bool:
    return any(c.isupper() for c in value) and any(c.islower() for c in value)


def _paired(value: str, opener: str, closer: str) -> bool:
    depth = 0
    for c in value:
        depth += (c == opener) - (c == closer)
        if depth < 0:
            return False
    return depth == 0


def assignment_value(value: str, text: str, start: int, end: int) -> bool:
    """Accept an assigned value unless it is a placeholder or a code reference.

    Quoted values are literals, so only placeholders are rejected. Unquoted values are
    also rejected when they are code: calls, subscripts, dotted references, numbers, or
    a bare identifier without digits that names the secret (``api_key=API_KEY``) or is a
    call argument (``f(password=password)``).
    """
    if len(value) > WHOLE_MIN and whole_public_der(unquoted(value)):
        return False  # SECRET = 'MIGeMA0GCSq…': a public key under a secret's name (Symfony)
    if sealed_secret(unquoted(value)) or published_client(unquoted(value)):
        return False  # password: AgBdmZ…: a SealedSecret's ciphertext; a Google client's id
    if no_value(value, text, start, end):
        return False  # alias token='…', psql --password mydb, rubygems_<token goes here>
    if named_userinfo(value, text, start):
        return False  # https://u:$TOKEN@github.com/…: a variable in a URL's password
    if _echoes_its_name(value, text, start):
        return False  # SMTP_PASS=smtp_pass, DB_PASSWORD=DBPASS: a template's stand-in
    if len(unquoted(value)) < 4 and text[end : end + 1] in ("", "\n", "\r", '"', "'", "`"):
        return False  # SHARED_SECRET=abc, "xzy" (fresh165); not 9E2,LTZ… nor 'Dr. Watson'
    if text[start - 1 : start] == "`" and " " in value.strip():
        return False  # KEY=`etcdctl get /secret`: a shell command substitution, not a value
    typed = value not in NOT_VALUES | OPTION_VALUES and not _REPEATED.fullmatch(value)
    typed = typed and not the_alphabet(value)
    if typed and typed_password(value, text, start, end):
        return True
    if is_placeholder(value) or is_prose_label(value) or _between_strings(value):
        return False
    if public_value(unquoted(value), text, start, end):
        return False  # PublicKeyToken=…, a libp2p peer id, a DNSSEC record's key
    if git_signing_key_id(value, text, start):
        return False  # .gitconfig's "signingkey = <GPG key id>": which public key signs
    if doc_field(text, start):
        return False  # ":param password: The password to use.": a description
    if _CLOSES_A_CALL.match(value) and text[start - 1 : start] in ("'", '"'):
        return False  # ask("Enter your password:") {…}: the quote closes the prompt's string
    if is_ui_text(value, text, start) or RESOURCE_REF.fullmatch(unquoted(value)):
        return False
    if _GIVEN_A_VARIABLE.search(value):
        return False  # "Token token=$TOKEN": a name given a variable, not a value
    if _NOT_A_SECRET_FORM.fullmatch(unquoted(value)):
        return False  # a color, a query string of plain words, a printf placeholder
    if _QUERY_NAME.search(text, max(0, start - 64), start):
        return False  # ?user=u&password=p&mode=…: a query parameter, url_credential_param's
    if _CUT_TO_PREFIX.fullmatch(unquoted(value)):
        return False  # endpoint_secret = 'whsec_...': a value cut to its prefix
    if names_no_credential(text, start) or _names_itself(value, text, start):
        return False
    if inside_a_resource_name(text, start, "urn:", 2):
        return False  # urn:ietf:params:oauth:grant-type:token-exchange:…: a URN's own words
    if _TEST_VERDICT.search(text, max(0, start - 12), start):
        return False  # "--- PASS: TestSub (0.00s)", automake's "PASS: t1": a test verdict
    if PROXMOX_TOKEN_ID.fullmatch(unquoted(value)) and not password_named(text, start):
        return False  # token: root@pam!ansible: which API token, its secret follows a "="
    if _FILE_NAME.fullmatch(unquoted(value)):
        return False  # IBMCloudCredentialsEnvSecretKey = "ibm-credentials.env": a file's name
    if _CONSTANT_NAME.fullmatch(value) and is_identifier_like(value):
        return False  # member_cluster_secret: MEMBER_CLUSTER_PREPROD_LEAK_TK01: a name
    if _PATH_VALUE.fullmatch(value) and not _KEY_RUN.search(value):
        return False  # "/en/enterprise-server@3.0/auth": a route or file path
    if "://" in value and not _URL_USERINFO.search(value) and not _KEY_RUN.search(value):
        return False  # MONGO_NO_AUTH = "mongodb://localhost:27017/db": a URL holding no secret
    if value[-1] in "'\"" and ":" in value:  # user:'quoted pw': the password decides
        return not is_placeholder(value[value.index(":") + 1 :])
    user, colon, password = unquoted(value).partition(":")
    if (
        colon
        and _USER.fullmatch(user)
        and password
        and (is_placeholder(password) or stand_in_pair(user, password))
    ):
        return False  # {auth: "user:{{ INSERT_HERE }}"}, wsrep_sst_auth=root:password
    before = text[start - 1] if start else ""
    if _SETTING_NAME.fullmatch(value) and _CONSTANT_BEFORE.search(text, max(0, start - 96), start):
        return False  # static final String MAIL_PASSWORD = "mail.password": a setting's name
    if _ANGULAR_EXPORT.fullmatch(value) and _TEMPLATE_REF.search(text, max(0, start - 64), start):
        return False  # <input #password="ngModel">: Angular's template variable (fresh54)
    quoted = before in "\"'" and text[end : end + 1] == before
    if quoted and _STRING_HEAD.search(value) and _CONCATENATED.match(text, end + 1):
        return False  # '?token=' + user_token, "SharedAccessSignature sr=" + …: a string's head
    if before in "\"'`":
        return True
    if _BOLD_LABEL.search(text, max(0, start - 8), start) and _WORDS_AFTER.match(text, end):
        return False  # - **SESSION_SECRET:** NUNCA compartilhe…: a bold label's description
    if _PROSE_WORD.fullmatch(value):
        return False  # "… the password combination." ends a sentence: a word, not a value
    if _DJANGO_KEY.fullmatch(value):
        return True  # get_random_secret_key()'s alphabet holds "(" and ")": a key, not code
    if any(c in value for c in "()[]{}") and not _password_with_brackets(value):
        return False  # a call, a subscript, an object: code
    if value.isdigit() and len(value) < 20:
        if _flag_bit(value) and text[end : end + 1] == ",":
            return False  # DONT_EXPIRE_PASSWD = 65536,: an enum's flag (fresh121)
        return number_told_secret(value, text, start)  # MYSQL_PWD=123456, psk=02338293
    if (
        _DOTTED.fullmatch(_unwrapped(value))
        and not any(map(_random_segment, value.split(".")))
        and not LITERAL_PLACE.search(text, max(0, start - 64), start)
    ):
        return False  # settings.api_key, config.auth.token, Swift's field.text!: a reference
    if code_reference(value):
        return False  # var.rancher-token (Terraform's names hold "-"), item->valuestring (C)
    if _IDENT.fullmatch(value) and not any(c.isdigit() for c in value):
        if _CONCATENATED.match(text, end):
            return False  # token = base_path + 'oauth2/token': a name in an expression
        if value.lower() in ASKING_VERBS and _WORDS_AFTER.match(text, end):
            return False  # CRON_SECRET: Generate new secret: what to do, in a sentence
        if _DESCRIBED_AFTER.match(text, end):
            return False  # api_key: Firecrawl API key: a docstring says what the value is
        after = text[end : end + 1]  # "" at the end ("" in ",)" would be true)
        lowered = value.lower()
        if (after and after in ",)") or any(w in lowered for w in _SECRET_WORDS):
            return literal_password(value, text, start)
        if text.endswith("= ", max(0, start - 2), start) and _code_line(text, start):
            return False  # "self._token = value": code assigns a variable
        if value.isupper() and text[end : end + 1] == ";":
            return False  # const char* password = STAPSK;: a C macro or a constant
        if _PROSE_GOES_ON.match(text, end):
            return False  # "chars_per_token: Number of characters …": a docstring's prose
        if comment_words(value, text, start):
            return False  # Password: "", // no password set: a comment's words
    return True


def _flag_bit(digits: str) -> bool:
    """A power of two from 256: a flag's bit in an enum's member, not a PIN."""
    n = int(digits)
    return n >= 256 and n & (n - 1) == 0


def _unwrapped(value: str) -> str:
    """Swift's forced or optional unwrap of a property (``textField.text!``) taken off, and
    TypeScript's non-null assertion on a variable (``process.env.MYSQL_PASSWORD!``: fresh43)."""
    bare = value.rstrip("!?")
    if bare != value and bare.startswith(("process.env.", "import.meta.env.")):
        return bare
    return bare if bare != value and bare.rsplit(".", 1)[-1][:1].islower() else value


_DJANGO_KEY = re.compile(
    r"(?![a-z_][a-z0-9_.]*\()(?=[^0-9]*[0-9])"
    r"(?=(?:[^!@#$%^&*(\-=+)]*[!@#$%^&*(\-=+)]){4})[a-z0-9!@#$%^&*(\-_=+)]{40,64}"
)
"""A key from Django's ``get_random_secret_key()`` (50 signs of ``a-z0-9!@#$%^&*(-_=+)``,
a digit and four or more signs besides ``_``, not a call's name first): its parentheses are
no call's."""
_NOT_A_SECRET_FORM = re.compile(
    r"#[0-9a-fA-F]{3,8}"  # a CSS color (a pygments style's Token: "#ddd0c0")
    r"|[A-Za-z_]\w*=[\w.,:\-]*(?:&[A-Za-z_]\w*=[\w.,:\-]*)+"  # a query string of plain values
    r"|%[-#0 +]?\d*[sdrxif].*"  # a printf placeholder ("token=%s")
    r"|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_(?:TOKEN|SECRET|KEY|PASSWORD|PASSWD|PASS|PWD|AUTH\w*)"
    r"(?:_[A-Z0-9]+)*"
    r"|!(?:Ref|GetAtt|Sub|Join|ImportValue|FindInMap|Select|If|Base64|Split|GetAZs)\b.*"
    r"|\{\{resolve:[^}]*\}\}"
    r"|[\w/.\-]+\.py::[\w:\[\]\-. ]+"  # a pytest node id (net_pass = "tests/a.py::test_x")
    r"|\)?\(\.[*+]\??\).*|\)?\(\?[=!<:].*"  # a regex's group (re.sub(r'(?<=token:")(.*)(?=")', …))
    r"|xsd?:[A-Za-z]+"  # an XML Schema type ('password' => 'xsd:string' in a SOAP map)
    r"|%[A-Za-z_]\w*%"  # a Windows variable (echo DB_PASSWORD=%DB_PASSWORD%)
    r"|[a-z]+(?:\|[a-z]+)+:?"  # a help text's choices (AvoidCommandLinePassword=true|false:)
    r"|(?:xpath|css)[:=].+|//[\w*]+\[@.+|\[[\w\-]+(?:[~|^$*]?=[^\]]*)?\].*"  # a UI locator
    r"|(?:com|org|net|io|dev|app)\.[a-z]\w*(?:\.[A-Za-z]\w*)+"  # a reverse-DNS bundle id
    r"|[a-z]+(?:_[a-z]+)+="  # the next empty setting (ansible_ssh_pass= ansible_become_pass=)
    r"|[\^~](?:0|[1-9]\d*)(?:\.(?:0|[1-9]\d*|x|\*)){1,2}(?:-[\w.]+)?"  # npm's "gtoken": "^7.0.0"
    r"|(?:(?:Ctrl|Control|Alt|Shift|Super|Mod[1-5]?|Meta|Cmd|Win)\+)+\w{1,12}"  # a key binding
    r"|(?:[A-Z][A-Za-z]{0,20}-){1,4}(?:Token|Key|Auth|Secret|Signature)"  # a header (X-Auth-Token)
    r"|\.[a-z]+(?:[-.][a-z]+)*"  # a CSS class or an event's namespace (Bootstrap's '.data-api')
)
"""Values of a secret's name that are not secrets by their form (each commented): a variable's
name (``ENV_VAR_AUTH_TOKEN = 'AWS_CONTAINER_AUTHORIZATION_TOKEN'``), a CloudFormation function
or dynamic reference (``MasterUserPassword: !Ref 'MasterUserPassword'``, ``{{resolve:…}}``)."""
_GIT_SIGNING_KEY = re.compile(r"(?m)^[ \t]*signingkey[ \t]*=[ \t]*$")
_GPG_KEY_ID = re.compile(r"(?:0x)?(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{16}|[0-9A-Fa-f]{40})!?")


def git_signing_key_id(value: str, text: str, start: int) -> bool:
    """git's ``user.signingkey`` (lower case, as ``git config`` writes it) given a GPG key's
    id or fingerprint (8, 16 or 40 hex): which public key signs the commits; a private key
    is never written there (fresh91's dotfiles)."""
    return bool(_GPG_KEY_ID.fullmatch(value)) and bool(
        _GIT_SIGNING_KEY.search(text, max(0, start - 32), start)
    )


_CUT_TO_PREFIX = re.compile(r"(?:[A-Za-z0-9]{1,12}[_\-.])*[A-Za-z0-9]{0,6}(?:\.\.\.|…)")
"""``whsec_...``, ``sk-proj-…``, ``...``, ``StF0q...``, Zoho's ``1000.47c...`` (fresh122): a
token's prefix or first few characters and an ellipsis, nothing of it to use."""
_QUERY_NAME = re.compile(r"[?&][\w.\-]+=$")
"""The value is a URL query parameter's: it ends at ``&``, which ``url_credential_param``
knows and an assignment's value does not."""
_PROSE_GOES_ON = re.compile(r" (?:of|the|a|an|to|for|is|are|in|that|which|and|or|with|per)\b")
"""A bare word followed by a function word: prose, not a value."""


def _code_line(text: str, start: int) -> bool:
    """The assignment is code, not a config line: indented (inside a function or block), to
    an attribute (``self._token = value``) or to a subscript (``tokens[token] = username``).
    An ini line (``token = whiteduke``) starts its line with the name; a properties line
    may have its blank after the sign only (``spring.mail.password= secret``, fresh52),
    which code written by people or formatters has on both sides."""
    line = text[text.rfind("\n", 0, start) + 1 : start]
    target = line.split("=", 1)[0]
    dotted_code = "." in target and not _PROPERTY_KEY.fullmatch(target)
    return line[:1] in (" ", "\t") or dotted_code or "[" in target


_PROPERTY_KEY = re.compile(r"[A-Za-z][\w\-]*(?:\.[\w\-]+)+")
"""A properties file's key (``spring.mail.password``), no blank in it or before its sign."""


_TEST_VERDICT = re.compile(r"(?:^|[\s\-])PASS:[ \t]+$")
_NAME_BEFORE = re.compile(
    r"([A-Za-z_][A-Za-z0-9_]*)(?:[ \t]*:[ \t]*&?[A-Za-z_][\w.<>]*(?=[ \t]*=))?"
    r"[\"']?\]?[ \t]*(?:=|:=|=>|:)[ \t]*[\"'`]?$"
)
"""A name before its value, past a type (Kotlin's ``FCM_TOKEN_KEY: String =``, Rust's
``API_KEY: &str =``)."""


def _names_itself(value: str, text: str, start: int) -> bool:
    """The value is its own name (``fail_to_pass = "fail_to_pass"``, an enum member
    ``NO_AUTH = "no_auth"``), the name of the key it is stored under (``csrfTokenKey =
    "CSRFtoken"``, ``API_TOKEN_KEY = "apiToken"``: letters compared, case and ``_`` aside)
    or a docstring's first word (``session_token: Session token of …``): a constant's
    label, not a secret."""
    bare = unquoted(value).lstrip("_")  # "__AntiXsrfToken" under AntiXsrfTokenKey (fresh52)
    lo = max(0, start - 80)
    if not _IDENT.fullmatch(bare):
        header = _HEADER_BEFORE.search(text, lo, start)  # "X-Amz-Security-Token": "x--amz--…"
        return header is not None and _letters(header[1]) == _letters(bare) != ""
    letters = _letters(bare)
    if letters not in _letters(text[lo:start]):
        return False  # cheap exits: the regex below tries every position of its window
    m = _NAME_BEFORE.search(text, lo, start)
    name = _letters(m.group(1)) if m else ""
    return m is not None and name in (letters, letters + "key", letters + "token")


def _echoes_its_name(value: str, text: str, start: int) -> bool:
    """The value spells its variable's name, or in capitals its start down to the secret's
    word (``SMTP_PASS=smtp_pass``, ``DB_PASSWORD=DBPASS``: fresh39's ``.env`` templates);
    ``ADMIN_PASSWORD=admin`` says no secret's word and ``rootPassword=root-pass`` (toollines2's
    Helm line) is a password a person typed: both stay findings."""
    letters = _letters(unquoted(value))
    if len(letters) < 5 or not _SECRET_STEM.search(letters):
        return False
    header = _HEADER_BEFORE.search(text, max(0, start - 80), start)
    name = _letters(header[1]) if header else ""
    if name and letters.endswith(name) and letters[: -len(name)] in _DESCRIBED:
        return True  # accountkey: base64encodedaccountkey (a description, then the name)
    if not letters.isalpha():
        return False
    return name == letters or (unquoted(value).isupper() and name.startswith(letters))


_SECRET_STEM = re.compile(r"pass|pwd|secret|token|key")
_DESCRIBED = frozenset(
    {"base64", "base64encoded", "encoded", "hashed", "generated", "random", "thisismy",
     "example", "sample", "dummy", "fake"}
)  # fmt: skip
"""What goes before a name a value repeats: a description (``base64encodedaccountkey``) or a
stand-in's words (``accessToken: 'thisIsMyAccessToken'``: fresh127's doc comment)."""
_HEADER_BEFORE = re.compile(r"([A-Za-z][\w\-]*)[\"']?[ \t]*(?:=|:)[ \t]*[\"'`]?$")


def _letters(name: str) -> str:
    return "".join(c for c in name.lower() if c.isalnum())


def _random_segment(segment: str) -> bool:
    """A part of a dotted value that is key material, not a name: long, letters and digits
    mixed (the middle of a Discord or Terraform token; ``settings.api_key`` has none)."""
    if "_" in segment and (snake_name(segment) or is_identifier_like(segment)):
        return False  # grafana_k6_installation: a Terraform resource's type, words and a number
    return len(segment) >= 16 and any(c.isdigit() for c in segment) and not segment.isdigit()


_CONSTANT = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+){2,}")
_DELEET = str.maketrans("013457@$", "oieastas")
_LEET = frozenset("013457@$")
_PASSWORD_WORDS = ("password", "passwd", "pass", "secret", "pwd")


def leet_password(value: str, text: str, start: int, end: int) -> bool:
    """A password written in leetspeak (``P@ssw0rd123``, ``s3cr3tP4ss``): "password",
    "pass" or "secret" spelt with a digit or symbol for a letter. The swapped character must
    sit inside that word, so ``md5Password`` or ``s3SecretKey`` (a name with a digit) stay."""
    v = unquoted(value).lower()
    if len(v) < 6 or "/" in v or "\\" in v or is_placeholder(v):
        return False
    if _CONSTANT.fullmatch(unquoted(value)):
        return False  # a constant's name (CAMEL_CASE_KEY_P4SS): code, not a password
    plain = v.translate(_DELEET)
    for word in _PASSWORD_WORDS:
        at = plain.find(word)
        while at >= 0:
            if any(c in _LEET for c in v[at : at + len(word)]):
                return True
            at = plain.find(word, at + 1)
    return False

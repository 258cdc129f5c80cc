"""The named redaction rules, in the order they are applied.

Speed rules (a leading ``\\b`` stops ``re`` from jumping to a rule's literal prefix, which
made a naively written rule set several times slower):

* No pattern starts with ``\\b``, a lookbehind or a character class when it can start with
  a literal: ``re`` then jumps straight to the literal prefix.
* Case-insensitive rules do not use ``re.IGNORECASE`` (which disables the prefix jump):
  they run on the lower-cased text (``on_lower``) and their spans are mapped back to the
  original, which has the same length.
* Every pattern lists ``triggers``: lower-case literals of which at least one must occur
  in the text for the pattern to be able to match. The pre-check tests these with ``in``
  and skips the pattern otherwise, so it changes speed, never findings. Each distinct
  trigger costs one C pass over every string, so patterns share coarse triggers (``key``
  for every ``…key`` assignment) instead of each having a precise one: a false trigger
  hit only costs one regex search, an extra trigger costs a pass on *every* string.
* A few triggers are common words (``key`` in ``KeyError``/``keys()``, ``pass`` in
  ``passed``): :data:`.triggers.TRIGGER_CONTEXTS` gives each a regex that every pattern listing it
  needs around it, so the pre-check counts the trigger only where that matches. The regex
  starts with the trigger itself, so ``re`` jumps between its occurrences; it only runs on
  strings that contain the trigger.
* ``in_token_run`` marks patterns whose every match is a run of 20+ token characters
  (provider keys): their triggers are looked for only inside the runs the entropy rule
  finds anyway, which most strings do not have.
* The entropy rule has a ``spans`` finder instead: C-speed ``bytes`` passes that find the
  same 20+ character runs of token characters as its regex.

The secret is the first capturing group that took part in the match, or the whole match
when the pattern has no groups; only that span is replaced.
"""

from __future__ import annotations

import re

from . import (
    accept,
    app_passwords,
    config_keywords,
    context,
    cookies,
    diffs,
    entropy,
    forms,
    glued,
    key_material,
    key_values,
    manifests,
    noise,
    printed,
    prose,
    seed_phrase,
    statements,
    token_bodies,
    token_edges,
)
from .assignments import ASSIGN as _ASSIGN
from .assignments import assignment as _assignment
from .credentials import CREDENTIAL_RULES, HEADER_IN_A_CALL, header_value
from .network_devices import DEVICE_RULES
from .pattern import Pattern, Rule
from .pattern import found as _found
from .pattern import literal as _p
from .pattern import prefixed as _prefixed
from .pattern import token_run as _t
from .pipe_tokens import PIPE_TOKEN_RULES
from .providers import PROVIDER_RULES
from .secret_assignments import SECRET_ASSIGNMENT
from .urls import URL_RULES

_AWS_HEAD = r"(?:(?<![A-Za-z0-9])|(?<=%[0-9A-Fa-f]{2}))"
"""Where an AWS key id may start: not glued to a word, or right after a URL escape."""


_CURL_USER = r"[ \t](?:-u|--user)[ \t=]*[\"']?[^\s:\"']*:([^\s\"']+)"
"""``-u user:password`` of a curl command; the password is a group (the first that took
part in the match is the secret)."""


_NOT_TOKEN = r"\s\"'`,;:=()\[\]{}<>|"
_PASSWORD_TOKEN = re.compile(
    rf"(?<![^{_NOT_TOKEN}])(?=[^{_NOT_TOKEN}]{{0,40}}?(?:p[@4]s|ssw0))"
    rf"(?=[^{_NOT_TOKEN}]*[0-9@$])[^{_NOT_TOKEN}]{{6,40}}(?![^{_NOT_TOKEN}])"
)
"""A whitespace-free token of 6-40 characters that holds "p@s", "p4s" or "ssw0" and a digit,
"@" or "$": what :func:`accept.leet_password` then decides on. "pass" and "secret" as
triggers (for ``passworD123*``) cost 1.5 µs per string on the event mix, so that form is
read only where a leet literal is too."""


_JWT_PART = r"e(?:yJ|yAi|wo[gJi]|w0K)[A-Za-z0-9_\-]{8,}(?:\.[A-Za-z0-9_\-]*)?"
"""A JWT's payload and optional signature: JSON claims in base64url, then ``.signature``."""

SECRET_RULES: tuple[Rule, ...] = (
    Rule(
        "private_key_block",
        (
            _p(
                r"-----BEGIN[A-Z0-9 ]{0,30}PRIVATE KEY(?: BLOCK)?-----"
                r"(?:.*?-----END[A-Z0-9 ]{0,30}PRIVATE KEY(?: BLOCK)?-----"
                r"|[A-Za-z0-9+/=\s\\:,\-]*)",
                "key",  # of "PRIVATE KEY": shares the assignments' trigger pass
                flags=re.DOTALL,
            ),
        ),
        key_material.private_key_block,
    ),
    Rule("fastlane_session", (cookies.FASTLANE_SESSION,)),
    Rule(
        "jwt",
        # header.payload[.signature]: an unsigned token's claims are still a credential's.
        # JSON may open with a blank or a new line: '{ "' is eyAi, '{\n' ewo, '{\r\n' ew0K
        # (hand-made and pretty-printed tokens; Microsoft's security-utilities tests them).
        # Not inside a word (a digit may come before: "Bearer%20eyJ…"): from each "eyJ" of a
        # run of them the token's body was read to the run's end, quadratic time.
        (
            _p(r"(?<![A-Za-z_\-])eyJ[A-Za-z0-9_\-]{8,}\." + _JWT_PART, "eyj"),
            _p(
                r"(?<![A-Za-z_\-])e(?:yAi|wo[gJi]|w0K)[A-Za-z0-9_\-]{8,}\." + _JWT_PART,
                "eyai",
                "ewog",
                "ewoj",
                "ewoi",
                "ew0k",
            ),
        ),
        key_material.jwt_grants_access,
    ),
    Rule(
        "wrapped_jwt",
        # A JWT written in base64 once more ("eyJ" is "ZXlK"): Paymob's API keys are so, and
        # a config may wrap any token; the decoded token decides, as the jwt rule's does
        # (fresh102: a Dart constant alone on its line)
        (_p(r"ZXlK[A-Za-z0-9+/]{60,}={0,2}", "zxlk"),),
        key_material.wrapped_jwt,
    ),
    Rule(
        "generated_noise",
        # a value drawn from every printable sign, before the value rules (noise.py)
        (_found(noise.PATTERN, ("@dense_signs",), noise.noise_spans),),
    ),
    Rule(
        "jwk_private_key",
        # A JSON Web Key's private members, in a text holding a JWK (manifests.py); before
        # the token rule, which would take a piece of a value past its 256 characters. A
        # key cut from its "kty" keeps RSA's and EC's private names with 43+ characters
        # (256 bits in base64url: crAPI's "d" line alone; "k", "p", "q" name other things).
        (
            _found(re.compile(r"\"kty\""), ('"kty"',), manifests.jwk_private_spans),
            _p(manifests.JWK_PRIVATE_CUT, '"d"', '"dp"', '"dq"', '"qi"'),
        ),
    ),
    Rule(
        "printed_secret",
        # The one word a command that asks for a secret prints on the next line (printenv
        # TOKEN, kubectl get secret … | base64 -d, gcloud auth print-access-token):
        # printed.py; before the value rules, so a word-like password goes whole.
        (
            _found(printed.PATTERN, printed.TRIGGERS, printed.printed_spans),
            _found(printed.SAID_PATTERN, printed.SAID_TRIGGERS, printed.said_printed_spans),
        ),
    ),
    Rule(
        "seed_phrase",
        # A wallet's BIP-39 recovery phrase, 12+ words of its list, in a text that names
        # it, or a whole phrase whose checksum holds (seed_phrase.py); before the value
        # rules, which end a value at a blank.
        (
            _found(seed_phrase.PATTERN, seed_phrase.TRIGGERS, seed_phrase.seed_spans),
            _found(seed_phrase.LONE, ("@lone_phrase",), seed_phrase.lone_phrase_spans),
        ),
    ),
    Rule(
        "github_token",
        (
            _t(r"gh[pousr]_[A-Za-z0-9]{36,251}", "gh"),
            _t(r"github_pat_[A-Za-z0-9_]{22,251}", "github_pat_"),
        ),
        token_bodies.drawn_body,
    ),
    Rule(
        "gitlab_token",
        (
            # routable tokens (GitLab 17.x) end ".<version>.<check>" past the token run
            _p(
                r"(?<![A-Za-z0-9_\-])gl(?:pat|dt|rt|ptt|cbt|oas)-[A-Za-z0-9_\-]{20,}"
                r"\.[0-9a-z]{2}\.[0-9A-Za-z]{6,12}",
                "gl",
            ),
            _t(r"gl(?:pat|dt|rt|ptt|cbt|oas)-[A-Za-z0-9_\-]{20,}", "gl"),
        ),
    ),
    Rule(
        "slack_token",
        (
            _p(r"xox[abposre]-[A-Za-z0-9\-]{10,}", "xox"),
            _p(r"xapp-\d-[A-Za-z0-9\-]{10,}", "xapp-"),
        ),
        token_bodies.slack_token,
    ),
    *URL_RULES,
    Rule(
        "azure_apim_credential",
        # Azure API Management's git and management credentials: "git&<expiry>&<key>",
        # taken whole (the expiry is no secret, but it is glued to the key).
        (_p(r"git&[0-9]{12}&[A-Za-z0-9+/]{40,}={0,2}", "git&"),),
    ),
    Rule(
        "base64_private_key",
        # A PEM private key written in base64 (kubeconfig's client-key-data, a *_B64
        # variable): "LS0tLS1CRUdJTi" is "-----BEGIN " encoded; the block's name decides.
        (_p(r"LS0tLS1CRUdJTi[A-Za-z0-9+/]{16,}={0,2}", "ls0tls1crudjti"),),
        key_material.base64_private_key,
    ),
    Rule(
        "private_key_body",
        # A private key's base64 body without its PEM armor (pasted, or one string per line
        # in code): the DER head says private. openssh-key-v1; PKCS#1 RSA and PKCS#8 (a
        # SEQUENCE whose first item is the version INTEGER 0); SEC1 EC (version 1); PKCS#8
        # Ed25519; a PKCS#12 keystore (version 3, then PKCS#7 data: a .p12 holds its
        # private key). Certificates and public keys (a SEQUENCE that opens with a SEQUENCE)
        # never start so. The body runs on over line breaks, escaped ones and string
        # concatenations, while the next line is 16+ base64 characters. The head starts a
        # token run (its first line is one), so its prefixes are tested at run starts only.
        (
            _prefixed(
                r"(?:b3BlbnNzaC1rZXktdjE|MII[A-Za-z0-9+/]{3}IBA(?:AK|DAN)"
                r"|MIG[A-Za-z0-9+/]AgEAMB|MHcCAQEE|MIGkAgEBBD|MC4CAQAwBQYDK2Vw"
                r"|MII[A-Za-z0-9+/]{3}IBAzCC[A-Za-z0-9+/]{3}GCSqGSIb3DQEHA)"
                r"[A-Za-z0-9+/]*={0,2}(?:(?:\\r\\n|\\n|\r?\n|\"[ \t]*\+[ \t]*\r?\n?[ \t]*\"|[ \t]+)"
                r"[ \t]*[A-Za-z0-9+/]{16,}={0,2})*",
                "b3blbnnzac1rzxktdje",
                "mii",
                "mig",
                "mhccaqee",
                "mc4caqawbqydk2vw",
            ),
        ),
    ),
    # A provider prefix glued to a word ("xsk_live_…", "ssk-ant-…") is not that prefix.
    Rule(
        "stripe_key",
        # (12+: docs cut keys short, sk_test_KOWobxXidxNlIx; gitleaks takes 10 and sk_prod_)
        (
            _t(
                r"(?<![A-Za-z0-9])[sr]k_(?:live|test|prod)_[0-9A-Za-z]{12,}",
                "k_live_",
                "k_test_",
                "k_prod_",
            ),
        ),
    ),
    Rule("anthropic_key", (_t(r"(?<![A-Za-z0-9])sk-ant-[A-Za-z0-9_\-]{20,}", "sk-"),)),
    Rule(
        "openai_key",
        (
            _t(
                r"sk-(?<![A-Za-z0-9_\-]sk-)(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}",
                "sk-",
            ),
        ),
        token_bodies.mixed_token,
    ),
    Rule("npm_token", (_t(r"npm_[A-Za-z0-9]{36}", "npm_"),)),
    *PROVIDER_RULES,
    *PIPE_TOKEN_RULES,
    Rule("onepassword_token", (_t(r"ops_eyJ[A-Za-z0-9+/=_\-]{100,}", "ops_eyj"),)),
    Rule("pypi_token", (_t(r"pypi-AgE[A-Za-z0-9_\-]{60,}", "pypi-age"),)),
    Rule(
        "aws_access_key_id",
        (
            # a head glued to capitals is inside a word ("EUROPEASIAAUSTRALIAAMERICA"); an
            # URL escape may end right before it (Credential%3DAKIA…)
            _t(_AWS_HEAD + r"AKIA[A-Z0-9]{16}(?![A-Z0-9])", "akia"),
            _t(_AWS_HEAD + r"ASIA[A-Z0-9]{16}(?![A-Z0-9])", "asia"),
            # gitleaks' other documented heads: ABIA (STS service bearer), ACCA (context)
            _t(_AWS_HEAD + r"A(?:BIA|CCA)[A-Z2-7]{16}(?![A-Z0-9])", "abia", "acca"),
        ),
        token_bodies.no_count,  # AKIA0123456789ABCDEF: a counted stand-in (leaktk)
    ),
    Rule(
        "aws_secret_access_key",
        (
            _p(
                r"secret_?(?:access_?)?key"
                + _ASSIGN
                + r"[ \t]*\\?[\"']?([a-z0-9/+]{40})(?![a-z0-9/+=])",
                "secret",
                lower=True,
            ),
        ),
    ),
    Rule("gcp_api_key", (_t(r"AIza[0-9A-Za-z_\-]{35}(?![0-9A-Za-z_\-])", "aiza"),)),
    Rule(
        "gcp_service_account_key_id",
        (_p(r"\"private_key_id\"[ \t]*:[ \t]*\"([0-9a-f]{40})\"", "key"),),
    ),
    Rule(
        "azure_storage_key",
        (
            _p(r"accountkey=([a-z0-9+/]{40,}={0,2})", "key", lower=True),
            _p(r"sharedaccesskey=([a-z0-9+/]{32,}={0,2})", "key", lower=True),
        ),
    ),
    Rule("azure_sas_token", (_p(r"sig=([a-z0-9%+/]{30,}(?:%3d|=){0,2})", "sig=", lower=True),)),
    Rule(
        "connection_string_password",
        # The password runs to the authority's last "@", as urllib reads "u:s2Tf2k@rLMy@host";
        # the user may be an e-mail address (smtps://me@gmail.com:pw@smtp.gmail.com)
        (
            _p(
                r"://(?:[^\s:/?#@\"'<>\[\]]{1,64}@)?[^\s:/?#@\"'<>\[\]]{0,128}:([^\s/?\"'<>]{1,256})@",
                "://",
            ),
            # a base64 token as the password, its "/" left unescaped (a git remote pasted
            # with a GitLab or Azure DevOps token): a user without a dot and no port before
            # the first "/", so no host:port/path
            _p(
                r"://[A-Za-z0-9_\-]{1,64}:((?=[A-Za-z0-9+/]*[0-9])(?=[A-Za-z0-9+/]*[a-z])"
                r"(?=[A-Za-z0-9+/]*[A-Z])(?![0-9]{1,5}/)[A-Za-z0-9+]{8,}/[A-Za-z0-9+/]{4,}={0,2})@"
                r"(?=[A-Za-z0-9\-]+\.)",
                "://",
            ),
        ),
        accept.url_password,
    ),
    Rule(
        "http_auth_header",
        (
            _p(
                r"authorization" + _ASSIGN + r"[ \t]*\\?[\"']?(?:bearer|basic|token|digest|api-?key"
                r"|ssws|sso-key|zoho-oauthtoken|genie-?key|splunk|oauth|bot|jwt"
                r"|sharedaccesssignature)[ \t]+([^\s\"'`,;\\<]{6,2048})",
                "auth",
                lower=True,
            ),
            _p(r"bearer[ \t]+([a-z0-9._~+/\-]{16,}=*)", "bearer", lower=True),
            HEADER_IN_A_CALL,
        ),
        header_value,
    ),
    Rule("secret_assignment", SECRET_ASSIGNMENT, accept.assignment_value),
    *CREDENTIAL_RULES,
    *DEVICE_RULES,
    # passwords stated by position in SQL, code and configuration files (statements.py)
    Rule("sql_password", statements.SQL_PASSWORD, accept.assignment_value),
    Rule("credential_call", statements.CREDENTIAL_CALL, accept.assignment_value),
    Rule("form_password", forms.FORM_PASSWORD, accept.assignment_value),
    Rule("keyed_secret", statements.KEYED_SECRET, accept.assignment_value),
    Rule("sql_row_password", statements.SQL_ROW, accept.assignment_value),
    Rule("compared_secret", statements.COMPARED_SECRET, statements.compared_literal),
    Rule("config_secret", config_keywords.CONFIG_SECRET, accept.assignment_value),
    Rule("prose_secret", prose.PROSE_SECRET, prose.told_password),
    Rule("prose_secret", prose.PROSE_ONE, prose.told_one),
    Rule("prose_secret", prose.PROSE_REFUSED, prose.refused_value),
    Rule("prose_secret", prose.PROSE_ACTED, prose.acted_on),
    Rule("prose_key", prose.PROSE_KEY, prose.told_key),
    Rule("prose_setting", prose.PROSE_SETTING, prose.told_setting),
    Rule("prose_secret", prose.PROSE_STATUS, prose.acted_on),
    Rule("client_key_argument", statements.CLIENT_KEY_ARGUMENT, statements.client_literal),
    Rule(
        "key_assignment",
        # Any "<name>_key" (KANBAN_KEY=…, "mux_key": …, YAML "key: …"): too common a name
        # to trust alone, so the value itself must look like key material.
        (_assignment(r"key", "key"), statements.KEYED_KEY, statements.SECRET_ID),
        key_values.random_value,
    ),
    Rule(
        "command_line_credentials",
        # curl -u user:password / --user user:password with a URL on the same line: the
        # secret is the part after the first colon. Case-sensitive (passwords keep their
        # case). The URL's "://" is the trigger, shared with connection strings, and "curl"
        # is only looked for where it hit: a "curl" trigger (a pass over every string) cost
        # ~4 % of the event-mix throughput, an unconditional search ~1.6 %.
        (
            _p(
                r"curl\b[^\n]*?(?:://[^\n]*?" + _CURL_USER + "|" + _CURL_USER + r"(?=[^\n]*?://))",
                "://",
                requires="curl",
            ),
        ),
        accept.url_password,
    ),
    Rule(
        "high_entropy_token",
        (Pattern(entropy.CANDIDATE, spans=entropy.candidate_spans),),
        context.entropy_or_context,
        widen=token_edges.widen_token,
    ),
    Rule(
        "app_password",
        # Sixteen drawn lower-case letters, whole or in four groups: Gmail's, Yahoo's and
        # Apple's app passwords (app_passwords.py reads how they are spelt).
        (Pattern(app_passwords.APP_PASSWORD, spans=app_passwords.app_password_spans),),
        app_passwords.drawn_app_password,
    ),
    Rule(
        "leet_password",
        # "password", "pass" or "secret" spelt with digits or symbols: people pick passwords
        # so (accept.leet_password decides). Three literals, a pass each: P@ss, P4ss, passw0rd.
        (_p(_PASSWORD_TOKEN.pattern, "p@s", "p4s", "ssw0", lower=True),),
        accept.leet_password,
    ),
    Rule(
        "secret_default",
        # os.environ.get("SECRET_KEY", "<literal>"), ${DB_PASSWORD:-<literal>}: the literal
        # is the secret's fallback.
        (_p(diffs.DEFAULT.pattern, "@env_ref"), _p(diffs.SHELL_DEFAULT.pattern, "@template_ref")),
        diffs.secret_default,
    ),
    Rule(
        "inlined_secret",
        # A diff that replaces a secret's environment reference by a literal: the literal
        # is the secret, whatever it looks like (see diffs.py).
        (
            Pattern(
                diffs.REFERENCE,
                ("@env_ref", "@template_ref"),
                finder=diffs.inlined_spans,
            ),
        ),
    ),
    Rule(
        "contextual_key",
        # A value with no name and no prefix, in the scope of a secret noun: shorter than
        # a token run, or with punctuation or a "user:" part (see context.py).
        (
            _found(context.NOUN_CONTEXT, ("@secret_noun",), context.key_spans),
            # ... or right after what people do to one (pasted, rotated, rejects, revoked)
            _found(context.HANDLING_VERB, context.HANDLING_LITERALS, context.verb_key_spans),
        ),
    ),
    Rule(
        "k8s_secret_data",
        # Every value of a Kubernetes Secret's data and stringData (manifests.py).
        (
            _found(
                re.compile(r"kind: secret|\"kind\": \"secret"),
                ("kind: secret", '"kind": "secret"'),
                manifests.secret_data_spans,
            ),
        ),
    ),
    Rule(
        "glued_remainder",
        # The rest of a secret glued to what an earlier rule took: a signed token's other
        # segments, a key's tail after its known head (see glued.py). Last, so every other
        # rule has had its turn; its trigger is the replacement token itself.
        (_found(re.compile(r"\[redacted:"), ("[redacted:",), glued.glued_spans),),
    ),
)

PII_RULES: tuple[Rule, ...] = (
    Rule(
        "email",
        (
            _p(
                r"[A-Za-z0-9._%+\-]{1,64}@(?:[A-Za-z0-9\-]{1,63}\.){1,8}[A-Za-z]{2,24}(?![A-Za-z0-9])",
                "@",
            ),
        ),
        lambda v, t, s, e: not v.startswith("git@"),
        pii=True,
    ),
    Rule(
        "phone_number",
        (
            _p(
                r"(?<![\w+.\-])(?:\+\d{1,3}[ .\-]?)?(?:\(\d{3}\)[ .\-]?|\d{3}[ .\-])"
                r"\d{3}[ .\-]\d{4}(?![\w.\-])",
            ),
        ),
        pii=True,
    ),
)

ALL_RULES: tuple[Rule, ...] = SECRET_RULES + PII_RULES
RULE_NAMES: tuple[str, ...] = tuple(r.name for r in ALL_RULES)

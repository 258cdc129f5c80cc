"""Provider tokens with a documented prefix (gitleaks' and trufflehog's detectors name them).

Each matches on its own, no keyword beside it needed, except ``named_service_token``: the
few providers that document a variable's name instead of a prefix. Part of
``rules.SECRET_RULES``.
"""

from __future__ import annotations

from . import accept, token_bodies
from .commerce_tokens import COMMERCE_RULES
from .drawn_passwords import (
    drawn_app_password,
    drawn_apple_groups,
    drawn_django_key,
)
from .pattern import Rule
from .pattern import literal as _p
from .pattern import prefixed as _prefixed
from .pattern import token_run as _t
from .public_service_keys import PUBLIC_SERVICE_RULES

_DJANGO_SIGN = r"[a-z0-9!@#$%^&*()\-_=+]"
"""One sign of Django's ``get_random_secret_key()`` alphabet."""
_DJANGO_KEY_WORDS = ("secret", "key", "django", "default", "salt", "token", "pass")
"""Where a Django key is written or said: its setting's or a call's name, a thought's noun.
Its own signs (``!@#$%^&*()``) are in nearly every string of code: no trigger."""
_APPLE_WORDS = ("apple", "app-specific", "app_specific", "notar", "fastlane", "altool", "pass")
"""Where an app-specific password is written: Apple's, notarization's, fastlane's names, a
password's; a dash is in nearly every string."""


PROVIDER_RULES: tuple[Rule, ...] = (
    # Provider tokens with a documented prefix (gitleaks' and trufflehog's detectors name
    # them); each matches on its own, no keyword beside it needed. Token-run patterns look
    # for their prefix only inside the 20+ character runs the entropy rule finds anyway.
    Rule(
        "azure_ad_client_secret",
        (_p(r"(?<![A-Za-z0-9_~.\-])([A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.\-]{31,34})", "q~"),),
    ),
    Rule(
        "django_secret_key",
        # What `django-admin startproject` writes into settings.py: the prefix says so, and
        # the 50 characters after it include punctuation (^!%()+=@$&*), so no token run.
        (
            _p(r"django-insecure-[^\s'\"`]{30,}", "django-insecure-"),
            # get_random_secret_key()'s 50 signs of a-z, 0-9 and !@#$%^&*(-_=+) alone, maybe
            # after a NAME= in capitals, whatever the name (fresh56's `KEY = '…'`, a call's
            # `default='…'`, a thought's "the secret key …"): :func:`drawn_django_key` checks
            _p(
                r"(?<!" + _DJANGO_SIGN + r")(?=" + _DJANGO_SIGN + r"{50})"  # cheap exits first
                r"=?(?=(?:[a-z0-9\-_=+]*+[!@#$%^&*()]){2})"
                r"(" + _DJANGO_SIGN + r"{50})(?!" + _DJANGO_SIGN + r")",
                *_DJANGO_KEY_WORDS,
            ),
        ),
        lambda value, text, start, end: (
            (value.startswith("django-insecure-") and not accept.stand_in_tail(value[16:]))
            or drawn_django_key(value)
        ),
    ),
    Rule(
        "telegram_bot_token",
        # The part after the bot's numeric id and its colon: "AA" and 33 more characters,
        # a token run of its own; found inside the Bot API's URLs too
        # (api.telegram.org/bot<id>:<token>/sendMessage), where a path segment is no token.
        (_prefixed(r"(?<=[0-9]{6}:)AA[A-Za-z0-9_\-]{31,40}(?![A-Za-z0-9_\-])", "aa"),),
    ),
    Rule(
        "cloudflare_origin_ca_key",
        # Cloudflare Origin CA keys: "v1.0-", 24 hex or more, "-", a long hex run.
        (_p(r"v1\.0-[0-9a-f]{24,64}-[0-9a-f]{100,}", "v1.0-"),),
    ),
    Rule(
        "gocardless_token",
        # GoCardless live access tokens: "live_" and 40 characters with "=" and "-" among
        # them, so no single token run holds them.
        (
            _p(
                r"(?<![A-Za-z0-9_])live_(?=[A-Za-z0-9_=\-]{0,39}[0-9])"
                r"[A-Za-z0-9_=\-]{40}(?![A-Za-z0-9_=\-])",
                "live_",
            ),
        ),
    ),
    Rule(
        "fcm_server_key",
        # Firebase Cloud Messaging's legacy server key: the project's "AAAA" id, a colon,
        # "APA91b" and 134 more signs; the colon cuts it into two runs (fresh50)
        (_p(r"AAAA[A-Za-z0-9_\-]{7}:APA91b[A-Za-z0-9_\-]{100,160}", ":apa91b", lower=False),),
    ),
    Rule(
        "elasticsearch_enrollment_token",
        # what a first start of Elasticsearch 8 prints for Kibana and new nodes: base64 of
        # {"ver":…,"adr":[…],"fgr":<CA fingerprint>,"key":"<id>:<API key>"} (fresh55); the
        # JWT rule's "eyJ" run stops at its "=" padding and needs a dot
        (_p(r"eyJ2ZXIiOiI[A-Za-z0-9+/]{80,1024}={0,2}", "eyj2zxiioii", lower=False),),
    ),
    Rule(
        "apple_app_password",
        # An Apple ID's app-specific password as Apple shows it (xxxx-xxxx-xxxx-xxxx), on its
        # own wherever it is written: fastlane's and electron-notarize's configs (fresh61)
        (_p(r"(?<![\w\-])[a-z]{4}-[a-z]{4}-[a-z]{4}-[a-z]{4}(?![\w\-])", *_APPLE_WORDS),),
        drawn_apple_groups,
    ),
    Rule(
        "google_app_password",
        # A Google account's app password as Google shows it, four groups of four letters,
        # assigned whole to a password's or an app key's name, or after it and blanks
        # (GMAIL_APP_KEY=sabw icwn …, "Password": "nqno vcfv ydmc zhhn": fresh38, fresh48;
        # msmtp's `password ayid mkvu qcsz wvzt`: fresh57); the blanks cut it for the
        # assignment rules, which took the first group only. After any key's or token's
        # name too (GMAIL_ACCESS_KEY=…, --token …: fresh102), and words going on after it
        # when one group has no vowel (drawn_app_password). The name's rest is at most 40
        # signs: unbounded, each "secret" of a long run read the run to its end (quadratic)
        (
            _p(
                r"(?m)(?:(?:pass|pwd|app[_\-]?key|secret)\w{0,40}|(?:key|token)s?)[\"']?"
                r"(?:[ \t]*[:=][ \t]*|[ \t]+)[\"']?"
                r"([a-z]{4} [a-z]{4} [a-z]{4} [a-z]{4})(?![a-z0-9_\-])",
                "pass",
                "pwd",
                "app_key",
                "appkey",
                "app-key",
                "secret",
                "@secret_noun",
                lower=True,
            ),
            # after the Google account it belongs to: Postfix's sasl_passwd line
            # "[smtp.gmail.com]:587 someone@gmail.com:abcd efgh ijkl mnop" (fresh139)
            _p(
                r"@(?:gmail|googlemail)\.com:([a-z]{4} [a-z]{4} [a-z]{4} [a-z]{4})(?![a-z0-9_\-])",
                "gmail.com:",
                "googlemail.com:",
                lower=True,
            ),
        ),
        drawn_app_password,
    ),
    Rule(
        "twilio_api_key",
        # Twilio API key SIDs: "SK" and 32 hex, starting a token run.
        (_prefixed(r"SK[0-9a-fA-F]{32}(?![0-9A-Za-z])", "sk"),),
    ),
    Rule(
        "amazon_mws_token",
        # Amazon MWS auth tokens: "amzn.mws." and a UUID.
        (
            _p(
                r"amzn\.mws\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
                "amzn.mws.",
            ),
        ),
    ),
    Rule(
        "appsync_api_key",
        # AWS AppSync API keys: "da2-" and 26 lower-case letters and digits (read as a
        # name by the prefixed-token check, so a rule of its own with the exact length).
        (_prefixed(r"da2-[a-z0-9]{26}(?![A-Za-z0-9])", "da2-"),),
        token_bodies.no_count,
    ),
    Rule(
        "airtable_token",
        # Airtable personal access tokens: "pat", 14 letters and digits, ".", 64 hex.
        (_p(r"pat(?<![A-Za-z0-9]pat)[A-Za-z0-9]{14}\.[0-9a-f]{64}(?![A-Za-z0-9])", "pat"),),
    ),
    Rule(
        "salesforce_access_token",
        # Salesforce session and access tokens: the org's id ("00D" and 12 or 15 more), "!",
        # 80 or more characters. The org id goes too: it is glued to the session.
        (_p(r"00D(?<![A-Za-z0-9]00D)[A-Za-z0-9]{12,15}![A-Za-z0-9._]{80,}", "00d"),),
    ),
    Rule(
        "named_service_token",
        # Tokens whose provider documents the name they go under rather than a prefix:
        # CodeClimate's test reporter id (64 hex, a write credential despite "_ID"), and a
        # SonarQube login token (40 hex) after "sonar.login" or "sonarLogin" however it is
        # passed (a properties line, an argument list, a PowerShell variable); a Jenkins
        # crumb (a session's CSRF token) in its header.
        (
            _p(
                r"cc_test_reporter_id[\"']?[ \t]*[:=][ \t]*[\"']?([0-9a-f]{64})(?![0-9a-z])",
                "reporter_id",
                lower=True,
            ),
            _p(
                r"sonar[._]?login[\"']?[ \t]*[,:=][ \t]*[\"']?([0-9a-f]{40})(?![0-9a-z])",
                "sonar",
                lower=True,
            ),
            _p(
                r"jenkins-crumb[\"']?[ \t]*[:=][ \t]*[\"']?([0-9a-f]{32,64})(?![0-9a-z])",
                "jenkins-crumb",
                lower=True,
            ),
        ),
    ),
    Rule(
        "zoho_token",
        # Zoho's OAuth access and refresh tokens: "1000.", 32 hex, ".", 32 hex.
        (_p(r"1000\.(?<![0-9A-Za-z.]1000\.)[0-9a-f]{32}\.[0-9a-f]{32}(?![0-9A-Za-z])", "1000."),),
    ),
    Rule(
        "jose_token",
        # A token opening with a JOSE header ({"typ":, {"alg":, {"kid":, {"enc":) whose next
        # part is no JSON, so the jwt rule does not read it: a JWE's encrypted key, a
        # vendor's signed blob (Lemon Squeezy's API keys).
        (
            _p(
                r"eyJ(?:0eXAiOi|hbGciOi|raWQiOi|lbmMiOi)[A-Za-z0-9_\-]{8,}"
                r"\.(?!eyJ|eyAi|ewo|ew0K)[A-Za-z0-9_\-]{40,}(?:\.[A-Za-z0-9_\-]*)*",
                "eyj0exaioi",
                "eyjhbgcioi",
                "eyjrawqioi",
                "eyjlbmmioi",
            ),
        ),
    ),
    Rule(
        "sendgrid_token",
        # SendGrid API keys: "SG." and 66 characters of gitleaks' alphabet, where "=" and
        # "." may fall anywhere (the usual 22 + "." + 43 is one case), so no single run.
        (_p(r"SG\.(?<![A-Za-z0-9]SG\.)[A-Za-z0-9=_\-.]{66}(?![A-Za-z0-9=_\-])", "sg."),),
    ),
    Rule(
        "duffel_token",
        # Duffel access tokens: "duffel_test_" or "duffel_live_" and 43 characters, "="
        # among them.
        (_p(r"duffel_(?:test|live)_[A-Za-z0-9_\-=]{43}(?![A-Za-z0-9_\-=])", "duffel_"),),
    ),
    Rule(
        "plaid_token",
        # Plaid access tokens: "access-", the environment, a UUID.
        (
            _p(
                r"access-(?:sandbox|development|production)-[0-9a-f]{8}-[0-9a-f]{4}-"
                r"[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
                "access-",
            ),
        ),
    ),
    Rule(
        "azure_devops_pat",
        # Azure DevOps personal access tokens of the 2024 format: 84 characters, "AZDO" at
        # the 77th (Nosey Parker's np.azure.4); the older 52-character ones are random runs.
        (_t(r"(?<![A-Za-z0-9])[A-Za-z0-9]{76}AZDO[A-Za-z0-9]{4}(?![A-Za-z0-9])", "azdo"),),
    ),
    Rule(
        "mailgun_key",
        (_prefixed(r"key-[0-9a-z]{32}(?![0-9a-z])", "key-"),),
        token_bodies.token_body,
    ),
    Rule(
        "mailgun_api_key",
        # Mailgun's newer private API keys: 32 hex, then two groups of 8 hex (the second
        # names the account); no hash or id is written so (fresh58's Pulumi stacks)
        (_t(r"(?<![0-9a-f\-])[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}(?![0-9a-z\-])", "-"),),
    ),
    Rule(
        "rapidapi_key",
        # RapidAPI's application keys: 10 hex, "msh", 15 hex, "p", 6 hex, "jsn", 12 hex (a
        # Markdown list of a bot's keys, no name beside it: fresh94)
        (_t(r"[0-9a-f]{10}msh[0-9a-f]{15}p[0-9a-f]{6}jsn[0-9a-f]{12}(?![0-9a-z])", "jsn"),),
    ),
    Rule(
        "asana_token",
        # Asana's older personal access tokens: "0/" and 32 hex (fresh98, said alone in a
        # thought or printed); never after a path's "/" or a version's "1."
        (_t(r"(?<![\w/.])0/[0-9a-f]{32}(?![0-9a-z])", "0/"),),
    ),
    Rule(
        "deepl_key",
        # DeepL's API Free keys: a UUID and ":fx" (fresh99); the Pro keys are bare UUIDs,
        # read only by their names
        (
            _p(
                r"(?<![0-9a-f\-])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:fx"
                r"(?![0-9a-z])",
                ":fx",
            ),
        ),
    ),
    *COMMERCE_RULES,
    Rule(
        "astra_db_token",
        # DataStax Astra's application tokens: "AstraCS:", 24 letters of the client id, ":"
        # and 64 hex of the secret (fresh125: a Kotlin test's argument alone on its line)
        (_p(r"AstraCS:[A-Za-z]{24}:[0-9a-f]{64}(?![0-9A-Za-z])", "astracs:"),),
        token_bodies.no_count,
    ),
    Rule(
        "twitter_bearer_token",
        # X/Twitter's app-only bearer tokens: 20-odd "A"s, then URL-escaped base64 (gitleaks'
        # form is 22 A's and 80-100 signs). Its "%2B"/"%3D" cut the entropy rule's run, which
        # left the head said in a thought (fresh122, fresh123); an escape must be in it, so
        # base64 of zeros is none
        (
            _p(
                r"(?<![A-Za-z0-9%])A{20,24}(?=[A-Za-z0-9%]{0,130}%[0-9A-F]{2})"
                r"[A-Za-z0-9%]{60,130}(?![A-Za-z0-9%])",
                "a" * 20,
            ),
        ),
        token_bodies.no_count,
    ),
    Rule(
        "account_numbered_key",
        # A key that opens with its account's number: Pocket's consumer keys (5 digits, "-",
        # 24 hex: fresh132) and UptimeRobot's API keys ("u" or "m", 6-7 digits, "-", 24 hex:
        # fresh130), said alone in a thought
        (
            _t(
                r"(?<![A-Za-z0-9_\-])(?:[0-9]{5}|[um][0-9]{6,7})-[0-9a-f]{24}(?![A-Za-z0-9_\-])",
                "-",
            ),
        ),
        token_bodies.no_count,
    ),
    Rule(
        "oanda_token",
        # OANDA's v20 personal access tokens: two runs of 32 hex joined by "-" (fresh94's
        # trading bots, read alone in a thought too); no digest or id is written so
        (_t(r"(?<![0-9a-f\-])[0-9a-f]{32}-[0-9a-f]{32}(?![0-9a-z\-])", "-"),),
    ),
    Rule(
        "sdk_client_secret",
        # An SDK client made from its account's public id and its secret, in that order:
        # Twilio's account SID ("AC" and 32 hex) then its 32-hex auth token
        # (require('twilio')(sid, token), Client(sid, token)); Algolia's application id then
        # a 32-hex API key (algoliasearch(appId, key), SearchClient.create(appId, key)).
        # The hex alone reads as a digest (fresh65); each regex opens on a literal or a quote.
        (
            _p(
                r"AC[0-9a-f]{32}[\"'`][ \t]*,[ \t]*[\"'`]([0-9a-f]{32})[\"'`]",
                "twilio",
                "client(",
            ),
            _p(
                r"[\"'`][A-Za-z0-9]{6,12}[\"'`][ \t]*,[ \t]*[\"'`]([0-9a-f]{32})[\"'`]",
                "algolia",
                "searchclient",
            ),
        ),
    ),
    Rule(
        "vault_token",
        # HashiCorp Vault's tokens: hvs./hvb./hvr. and a long run, or the older s./b./r. and
        # 24 letters and digits of both cases, maybe a namespace's ".xxxxx" after (fresh58's
        # Nomad configs: "s.N5Rv….fvuLy", which no token run holds whole); an old token only
        # where "vault" is said ("s." is in nearly every text)
        (
            _p(
                r"(?<![\w.])(?:hv[sbr]\.[A-Za-z0-9_\-]{24,}"
                r"|[sbr]\.(?=[A-Za-z]*[0-9])(?=[a-z0-9]*[A-Z])[A-Za-z0-9]{24})"
                r"(?:\.[A-Za-z0-9]{5})?(?![\w.\-])",
                "hvs.",
                "hvb.",
                "hvr.",
                "vault",
            ),
        ),
    ),
    Rule("mailchimp_key", (_t(r"[0-9a-f]{32}-us[0-9]{1,2}(?![0-9a-z])", "-us"),)),
    Rule("databricks_token", (_prefixed(r"dapi[0-9a-f]{32}(?:-\d)?", "dapi"),)),
    *PUBLIC_SERVICE_RULES,
    Rule(
        "digitalocean_token",
        (_prefixed(r"do[opr]_v1_[a-f0-9]{64}", "doo_v1_", "dop_v1_", "dor_v1_"),),
    ),
    Rule(
        "newrelic_key",
        # New Relic's keys by prefix (user, browser, insights insert and query, admin, REST,
        # browser), its license keys (40 characters ending "NRAL") and mobile app tokens.
        (
            _prefixed(
                r"NR(?:AK|JS|II|IQ|AA|RA|BR)-[A-Za-z0-9]{19,42}",
                *("nrak-", "nrjs-", "nrii-", "nriq-", "nraa-", "nrra-", "nrbr-"),
            ),
            _t(r"(?<![A-Za-z0-9])[0-9a-f]{32}FFFFNRAL(?![A-Za-z0-9])", "nral"),
            _t(r"(?<![A-Za-z0-9])AA[0-9a-f]{40}-NRMA(?![A-Za-z0-9])", "-nrma"),
        ),
    ),
    Rule(
        "planetscale_token",
        (_prefixed(r"pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_=\-]{32,64}", "pscale_"),),
    ),
    Rule(
        "uuid_service_token",
        # A service's prefix on a UUID: Axiom's API and personal tokens (xaat-, xapt-),
        # HubSpot's private app tokens (pat-<region>-)
        (
            _p(
                r"(?<![A-Za-z0-9])(?:xa[ap]t|pat-(?:na|eu|ap)[0-9])-[0-9a-f]{8}-[0-9a-f]{4}-"
                r"[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9A-Za-z])",
                "xaat-",
                "xapt-",
                "pat-",
            ),
        ),
        token_bodies.no_count,
    ),
    Rule(
        "akamai_edgegrid_token",
        # Akamai EdgeGrid client and access tokens: "akab-", two groups of 16; the API's
        # host name starts the same way and goes on with a domain (akab-….luna.akamaiapis.net)
        # Documentation and plugin fixtures write groups of 15 to 17 and in mixed case.
        (
            _p(
                r"(?<![A-Za-z0-9])akab-[A-Za-z0-9]{14,20}-[A-Za-z0-9]{14,20}(?![A-Za-z0-9.\-])",
                "akab-",
            ),
        ),
        token_bodies.no_count,
    ),
    Rule(
        "kubeadm_token",
        # kubeadm's bootstrap token (kubeadm join --token, kubeadm token create): a 6-sign
        # id, a dot and a 16-sign secret, lower case; only where a token is spoken of. The
        # regex opens on the dot (a literal the regex engine scans for: 16 times faster on
        # the event mix than opening on the id's class) and the span is widened over the id.
        (
            _p(
                r"\.(?<=(?<![\w.\-/])[a-z0-9]{6}\.)[a-z0-9]{16}(?![\w.\-/])",
                "token",
                "kubeadm",
                "bootstrap",
            ),
        ),
        token_bodies.no_count,
        widen=lambda text, begin, end: (begin - 6, end),
    ),
    Rule(
        "alibaba_access_key_id",
        # Alibaba Cloud AccessKey ids: "LTAI" and 12 (older) or 20 letters and digits; the
        # short form is under a token run's 20 characters.
        (_p(r"(?<![A-Za-z0-9])LTAI[A-Za-z0-9]{12}(?:[A-Za-z0-9]{8})?(?![A-Za-z0-9])", "ltai"),),
        token_bodies.fixed_prefix_body,
    ),
    Rule(
        "prefixed_service_token",
        # One rule for the many "<service>_<random>" tokens: the prefix list is data.
        (
            # Standard Webhooks' signing secrets (Svix, Clerk, Resend): whsec_ and base64,
            # whose "+" and "/" the token run of the pattern below stops at
            _prefixed(r"whsec_[A-Za-z0-9+/]{20,}={0,2}(?![A-Za-z0-9+/=])", "whsec_"),
            _prefixed(
                r"(?:hf_|api_org_|HRKU-|PMAK-|pul-|lin_api_|sntry[su]_|glc_|glsa_|ATATT3|"
                r"ATCTT3|sq0atp-|sq0csp-|EAAA|fo1_|ntn_|tfp_|sbp_|phx_|LTAI|"
                r"AGE-SECRET-KEY-1|xkeysib-|rk_live_|dckr_pat_|rubygems_|figd_|"
                r"CLOJARS_|squ_|sqp_|sqa_|sk-or-v1-|r8_|nvapi-|gsk_|csk-|pplx-|xai-|"
                r"tvly-|fw_|glptt-|gldt-|glsoat-|glffct-|glcbt-|glimt-|glagent-|pub-c-|sub-c-|"
                # second pass over gitleaks' config and trufflehog's detectors (prefixes that
                # are not words: Yandex, Octopus, Artifactory, Bitbucket DC, Ubidots,
                # CircleCI, Contentful, Flutterwave, Adafruit, Pagar.me, Apify, Buildkite,
                # Cloudflare, Defined Networking, Docker OAT, Grafana, Figma, Frame.io,
                # Fleetbase, Fly.io, Prefect, Ramp, ReadMe,
                # Robinhood, Rootly, Razorpay, Salad, Sourcegraph, Flexport, SettleMint,
                # SonarCloud, TruffleHog, Scalingo, Tailscale, Salesforce refresh tokens)
                r"AQVN|API-|AKCp|BBDC-|BBFF-|CCIPAT_|CFPAT-|FLWSECK-|aio_|ak_live_|"
                r"apify_api_|bkua_|cfk_|cmVmdGtu|dnkey-|dckr_oat_|eyJrIjoi|figp_|fio-u-|"
                r"flb_live_|fm1[ar]_|fm2_|pnu_|ramp_id_|ramp_sec_|rdme_|rh-api-|"
                r"rootly_|rzp_live_|salad_cloud_|sgp_|shltm_|slk_|sm_[aps]at_|sqco_|thog-key-|"
                r"thog-secret-|tk-us-|tskey-|5AEP861|"
                # Firecrawl, New Relic Pixie API and deploy keys, Adobe client secrets, Shippo,
                # Riot Games, Shopify Partners (CLI and API), Zuplo, Scrapfly (before 32 hex)
                r"fc-(?=[0-9a-f]{32})|px-api-|px-dep-|p8e-|shippo_live_|shippo_test_|"
                r"RGAPI-|atkn_|prtapi_|zpka_|scp-live-(?=[0-9a-f]{32})|"
                # DeepSeek (sk- and 32 hex)
                r"sk-(?=[0-9a-f]{32}(?![0-9A-Za-z]))|"
                # SpectralOps and BestTime (a word prefix, so only before 32 hex),
                # Checkout.com (sk_/sk_test_/sk_sbox_ and a UUID in either case)
                r"spu-(?=[0-9a-f]{32})|pri_(?=[0-9a-f]{32})|"
                # Lob (live_/test_ and 35 hex), IEX Cloud (sk_ and 32 hex), Ticket Tailor
                r"(?:live|test)_(?=[0-9a-f]{35}(?![0-9A-Za-z]))|sk_(?=[0-9a-f]{32}(?![0-9A-Za-z]))|"
                # Scale (live_ and 32 hex), ElevenLabs (sk_ and 48 hex), Runway (key_ and 128)
                r"live_(?=[0-9a-f]{32}(?![0-9A-Za-z]))|sk_(?=[0-9a-f]{48}(?![0-9A-Za-z]))|"
                r"key_(?=[0-9a-f]{64,}(?![0-9A-Za-z]))|"
                # Klaviyo's private keys (pk_ and 34 hex: fresh122; Stripe's public pk_live_
                # and pk_test_ are letters and digits)
                r"pk_(?=[0-9a-f]{34}(?![0-9A-Za-z]))|"
                # Omise's secret keys (skey_ and skey_test_: fresh133; pkey_ is public)
                r"skey_(?:test_)?(?=[0-9a-z]{19}(?![0-9A-Za-z]))|"
                # Infracost (ico- and 32 letters and digits; a word prefix, so only so, and
                # not an .ico file's hashed name: gitleaks' video_box.ico-7a388b69….png)
                r"(?<!\.)ico-(?=[A-Za-z0-9]{32}(?![A-Za-z0-9]))(?![0-9a-f]{32})|"
                r"sk_(?=[0-9]{3,6}_[0-9]{4,8}_[0-9a-f]{32})|"
                r"sk_(?:test_|sbox_)?(?=[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-))"
                r"[A-Za-z0-9_\-]{14,}(?<=[A-Za-z0-9_\-]{20})",
                "hf_",
                "api_org_",
                "hrku-",
                "pmak-",
                "pul-",
                "lin_api_",
                "sntry",
                "glc_",
                "glsa_",
                "atatt3",
                "atctt3",
                "sq0",
                "eaaa",
                "fo1_",
                "ntn_",
                "tfp_",
                "sbp_",
                "phx_",
                "ltai",
                "age-secret",
                "xkeysib-",
                "rk_live_",
                "whsec_",
                "dckr_pat_",
                "rubygems_",
                "figd_",
                "clojars_",
                "squ_",
                "sqp_",
                "sqa_",
                "sk-or-",
                "r8_",
                "nvapi-",
                "gsk_",
                "csk-",
                "pplx-",
                "xai-",
                "tvly-",
                "fw_",
                "glptt-",
                "gldt-",
                "glsoat-",
                "glffct-",
                "glcbt-",
                "glimt-",
                "glagent-",
                "pub-c-",
                "sub-c-",
                "aqvn",
                "api-",
                "akcp",
                "bbdc-",
                "bbff-",
                "ccipat_",
                "cfpat-",
                "flwseck-",
                "aio_",
                "ak_live_",
                "apify_api_",
                "bkua_",
                "cfk_",
                "cmvmdgtu",
                "dnkey-",
                "dckr_oat_",
                "eyjrijoi",
                "figp_",
                "fio-u-",
                "flb_live_",
                "fm1",
                "fm2_",
                "pnu_",
                "ramp_",
                "rdme_",
                "rh-api-",
                "rootly_",
                "rzp_live_",
                "ico-",
                "salad_cloud_",
                "sgp_",
                "shltm_",
                "slk_",
                "sm_",
                "sqco_",
                "thog-",
                "tk-us-",
                "spu-",
                "pri_",
                "sk_",
                "live_",
                "test_",
                "tskey-",
                "5aep861",
                "fc-",
                "px-api-",
                "px-dep-",
                "p8e-",
                "shippo_",
                "rgapi-",
                "atkn_",
                "prtapi_",
                "zpka_",
                "scp-live-",
                "sk-",
                "key_",
                "pk_",
                "skey_",
            ),
        ),
        token_bodies.token_body,
    ),
)

"""Credentials that are a URL or a part of its path: webhooks whose whole URL lets anyone
post (Slack, Discord, Teams, Zapier, Tines), keys a service puts in the path (Alchemy's and
Infura's RPC endpoints, ThingsBoard's devices, a live stream's ingest URL), a key sent as a
URL's user. Part of ``rules.SECRET_RULES``, in its order; a URL's password and credential
parameters are ``rules``' own.

Every pattern hangs on the ``://`` trigger (shared with connection strings) and is
narrowed by a literal looked for only where it hit (``requires``): no pass of its own over
every string. The URL's host and path are part of a webhook's secret, the scheme is not.
"""

from __future__ import annotations

import re

from .counting import counts_up
from .key_material import key_material
from .pattern import Rule
from .pattern import literal as _p

_WORD_THEN_HEX = re.compile(r"[A-Za-z]{2,10}[_\-][0-9a-f]{32,}")
"""A word and a long hex run: ``live_0979969b…``, ``key-3ax6xnjp…`` as a URL's user, where
no account is named so (a cache key, ``node-<hash>``, is no URL's user)."""

_PATH_WORD = re.compile(r"[A-Za-z]?[a-z]+[0-9]*")
"""A path's segment that is a word (``wiki``, ``index``, ``v2``): no key's part reads so."""


def user_key(value: str, text: str, start: int, end: int) -> bool:
    """A URL's user alone (no password) that is key material: a token sent as the user
    (``https://<token>@host``), a Sentry DSN's key (``https://<32 hex>@o1.ingest.sentry.io``),
    a prefixed hex token (:data:`_WORD_THEN_HEX`). A person's or a service's name (``git``,
    ``deploy-bot``, ``me%40mail.com``) and a counted stand-in (``0123456789abcdef…``, Titus'
    Sentry example) stay. A user holding ``/`` (a base64 key) is a key only when no part
    between its slashes is a word: ``ipfs://<cid>/wiki/index@x`` is a path. When such a user
    has a password after it, both go (GrapheneDB's ``https://app…-N2QaDg:b.4rs…@…``: the
    password had stayed behind the user's marker, fresh114)."""
    value = value.partition(":")[0]  # with a password after it, the whole userinfo goes
    if "/" in value and any(_PATH_WORD.fullmatch(part) for part in value.split("/")):
        return False
    return (key_material(value) or bool(_WORD_THEN_HEX.fullmatch(value))) and not counts_up(value)


_WORD = r"(?:[a-z]+|[A-Z]+|(?:[A-Z][a-z]{2,})+)"
_WORDS_PATH = re.compile(_WORD + r"(?:[/_\-]" + _WORD + r")*/?")
"""A webhook path of words in one case (``services/something/something``, ``abcd/efgh/ijkl``,
``CHANGE/THIS/VALUE``, ``mau-tau-aja-kamu``) or capitalised words run together
(``GlobalHooksForAllClients``: fresh138): a placeholder in a form or a test (fresh46,
fresh50, fresh57); Slack's ids hold capitals and digits."""


def _slack_ids(value: str, text: str, start: int, end: int) -> bool:
    """The webhook's path holds ids, not words (:data:`_WORDS_PATH`), and ends with its
    secret: ``…/T0838QEFVPY/B083FFZD96E/{os.environ.get("SLACK_ID")}`` takes the secret
    from a variable, the ids left are no credential (fresh89)."""
    if value.endswith("/"):
        return False
    return not _WORDS_PATH.fullmatch(value.split("/", 2)[2])


URL_RULES: tuple[Rule, ...] = (
    Rule(
        "slack_webhook",
        (
            _p(
                r"://(hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9_/\-]{10,})",
                "://",
                requires="hooks.slack.com",
            ),
        ),
        _slack_ids,
    ),
    Rule(
        "discord_webhook",
        (
            _p(
                r"://((?:[A-Za-z0-9\-]+\.)*discord(?:app)?\.com/api/webhooks/[0-9]{5,30}/"
                r"[A-Za-z0-9_\-]{20,})",
                "://",
                requires="webhooks/",
            ),
        ),
    ),
    Rule(
        "feishu_webhook",
        # Feishu's and Lark's custom bot webhooks: the hook's id in the path is all it
        # takes to post to the group (fresh50's Alertmanager receiver)
        (
            _p(
                r"://((?:open\.feishu\.cn|open\.larksuite\.com)/open-apis/bot/v2/hook/"
                r"[A-Za-z0-9\-]{20,})",
                "://",
                requires="/bot/v2/hook/",
            ),
        ),
    ),
    Rule(
        "dingtalk_webhook",
        # DingTalk's custom robots: the access token in the query is all it takes to post to
        # the group (a signing secret, when the robot has one, is a value of its own); the
        # whole URL goes, as Feishu's and Slack's do (fresh90). WeCom's group bots the same,
        # their key a UUID.
        (
            _p(
                r"://(oapi\.dingtalk\.com/robot/send\?access_token=[0-9a-f]{64})(?![0-9a-f])",
                "://",
                requires="dingtalk.com/robot/",
            ),
        ),
    ),
    Rule(
        "wecom_webhook",
        (
            _p(
                r"://(qyapi\.weixin\.qq\.com/cgi-bin/webhook/send\?key="
                r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})",
                "://",
                requires="/cgi-bin/webhook/",
            ),
        ),
    ),
    Rule(
        "teams_webhook",
        # Microsoft Teams incoming webhooks, old (outlook.office.com/webhook/) and new
        # (<tenant>.webhook.office.com/webhookb2/): ids of the team, tenant and connector
        # in the path; whoever has the URL can post to the channel.
        (
            _p(
                r"://((?:[A-Za-z0-9_\-]+\.)*(?:outlook\.office(?:365)?|webhook\.office)\.com/"
                r"webhook(?:b2)?/[0-9A-Za-z\-]{36}(?:@[0-9A-Za-z\-]{36})?[^\s\"'<>`]*)",
                "://",
                requires="office.com/webhook",
            ),
        ),
    ),
    Rule(
        "url_user_key",
        # A URL's userinfo goes (the structure rule), and with no password in it, its
        # user is the credential when it reads as one; scheme, host and path stay.
        (
            # (and a key before a password: a legacy Sentry DSN's public key beside its secret,
            # https://<32 hex>:<32 hex>@sentry.io/1: fresh84; an API key as Basic auth's user)
            _p(
                r"://([^\s:/?#@\"'<>\[\]`]{16,256}(?::[^\s:/?#@\"'<>\[\]`]{8,256})?)"
                r"@(?=[A-Za-z0-9\[])",
                "://",
            ),
            # a base64 key as the user, its "/" unescaped (Azurite's and Azure Storage's
            # account key in azblob://<key>@<account>): no host or path is base64 before an @
            _p(r"://([A-Za-z0-9+][A-Za-z0-9+/]{39,255}={0,2})@(?=[A-Za-z0-9\[])", "://"),
        ),
        user_key,
    ),
    Rule(
        "url_path_key",
        # Services whose key is a segment of the URL's path: Ethereum RPC endpoints (Alchemy's
        # /v2/<key>, Infura's /v3/<project secret>), ThingsBoard's devices; a webhook whose
        # whole URL is the credential (Zapier catch hooks, Tines) loses its host too, as
        # Slack's and Discord's do: whoever has the URL spends the quota or posts. Scheme,
        # host and the path up to the key stay. On the "://" trigger, each narrowed by host.
        (
            _p(
                r"://(?:[a-z0-9\-]+\.)*alchemy(?:api\.io|\.com)/v2/([A-Za-z0-9_\-]{20,})",
                "://",
                requires="alchemy",
            ),
            _p(
                r"://(?:[a-z0-9\-]+\.)*infura\.io/(?:ws/)?v3/([0-9a-f]{32})",
                "://",
                requires="infura.io",
            ),
            # IFTTT's Webhooks service, a whole URL that fires the applet as Zapier's does:
            # maker.ifttt.com/trigger/<event>/with/key/<key> (fresh83)
            _p(
                r"://(maker\.ifttt\.com/trigger/[^/\s\"'`]+/(?:json/)?with/key/[A-Za-z0-9_\-]{12,})",
                "://",
                requires="ifttt.com",
            ),
            _p(
                r"://(hooks\.zapier\.com/hooks/catch/(?:[0-9]+/[A-Za-z0-9,]{5,}|[A-Za-z0-9]{16,}))",
                "://",
                requires="hooks.zapier.com",
            ),
            # more RPC providers' endpoints, the key the last segment (fresh37): QuickNode's
            # <name>.<chain>.quiknode.pro/<40 hex>, NodeReal's /v1/<32 hex>, GetBlock's
            # go.getblock.io/<32 hex>, Ankr's rpc.ankr.com/<chain>/<64 hex>
            _p(
                r"://[a-z0-9\-.]+\.quiknode\.pro/([0-9a-f]{40})(?![0-9a-z])",
                "://",
                lower=True,
                requires="quiknode.pro",
            ),
            _p(
                r"://[a-z0-9\-.]*nodereal\.io/v1/([0-9a-f]{32})(?![0-9a-z])",
                "://",
                lower=True,
                requires="nodereal.io",
            ),
            _p(  # Chainstack's <chain>.core.chainstack.com/<32 hex> (fresh49)
                r"://[a-z0-9\-.]+\.core\.chainstack\.com/([0-9a-f]{32})(?![0-9a-z])",
                "://",
                lower=True,
                requires="chainstack.com",
            ),
            _p(
                r"://go\.getblock\.io/([0-9a-f]{32})(?![0-9a-z])",
                "://",
                lower=True,
                requires="getblock.io",
            ),
            _p(
                r"://rpc\.ankr\.com/[a-z0-9_]+/([0-9a-f]{64})(?![0-9a-z])",
                "://",
                lower=True,
                requires="ankr.com",
            ),
            # ThingsBoard's device API: /api/v1/<device access token>/telemetry
            _p(
                r"://[^\s/]*thingsboard[^\s/]*/api/v1/([A-Za-z0-9]{20})/",
                "://",
                requires="thingsboard",
            ),
            # Mattermost's incoming webhooks on any host: /hooks/<26 lower-case letters and
            # digits> (the hook's id is its only key)
            _p(
                r"://[^\s/]+/hooks/([a-z0-9]{26})(?![A-Za-z0-9_\-])",
                "://",
                requires="/hooks/",
            ),
            # Gitter's (and its Matrix bridge's) incoming webhooks: webhooks.gitter.im/e/<hex>,
            # a whole URL that posts, as Zapier's (a .travis.yml's notifications: fresh141)
            _p(
                r"://(webhooks\.gitter\.im/e/[0-9a-f]{16,40})(?![0-9a-z])",
                "://",
                lower=True,
                requires="webhooks.gitter.im",
            ),
            # Moralis' Speedy Nodes, the key the path's first segment
            # (speedy-nodes-nyc.moralis.io/<24 hex>/bsc/testnet: fresh154)
            _p(
                r"://speedy-nodes-[a-z]+\.moralis\.io/([0-9a-f]{24})(?![0-9a-z])",
                "://",
                lower=True,
                requires="moralis.io",
            ),
            # FreeDNS's dynamic update URLs: the query or the path segment is the account's
            # update key (freedns.afraid.org/dynamic/update.php?<key>, sync.afraid.org/u/<key>/,
            # a ddclient or cron line: fresh150)
            _p(
                r"://(?:freedns|sync)\.afraid\.org/(?:dynamic/update\.php\?([A-Za-z0-9+/_\-]{16,128}"
                r"={0,2})|u/([A-Za-z0-9_\-]{16,128}))",
                "://",
                requires="afraid.org",
            ),
            # Airbnb's calendar export, whose s= parameter lets anyone read a listing's
            # bookings (/calendar/ical/<listing>.ics?s=<32 hex>: a channel manager's or a
            # sync script's call, fresh167)
            _p(
                r"://(?:www\.)?airbnb\.[a-z.]{2,6}/calendar/ical/\d+\.ics\?"
                r"(?:[^\s\"'`#&=]{1,32}=[^\s\"'`#&]{0,64}&){0,8}s=([0-9a-f]{32})(?![0-9a-f])",
                "://",
                requires="airbnb.",
            ),
            # Google Calendar's secret iCal address: /calendar/ical/<calendar>/private-<hex>/…,
            # which anyone holding it reads the calendar with (a MagicMirror config: fresh149)
            _p(
                r"://(calendar\.google\.com/calendar/ical/[^/\s\"'`]+/private-[0-9a-f]{32}"
                r"/[\w.]+)",
                "://",
                requires="calendar.google.com",
            ),
            # a live stream's key, the stream's name in an RTMP ingest URL
            # (rtmp://<host>/<app>/<key>), in a platform's documented form: YouTube's
            # xxxx-xxxx-xxxx-xxxx(-xxxx), Restream's re_<id>_<hex>, Twitch's live_<id>_<key>,
            # Facebook's FB-<id>-0-<key> (fresh76); a local server's stream names stay
            _p(
                r"rtmps?://[^\s/]+/[\w.\-]+/((?:[a-z0-9]{4}-){3,4}[a-z0-9]{4}|re_[0-9]{5,}_[0-9a-f]{16,}"
                r"|live_[0-9]{5,}_[A-Za-z0-9]{20,}|FB-[0-9]{6,}-[0-9]+-[A-Za-z0-9_\-]{10,})"
                r"(?![A-Za-z0-9_\-])",
                "://",
                requires="rtmp",
            ),
            # Tines webhooks: /webhook/<path>/<secret>
            _p(
                r"://([a-z0-9\-]+\.tines\.com/webhook/[a-z0-9]{32}/[a-z0-9]{32})",
                "://",
                lower=True,
                requires="tines.com",
            ),
        ),
    ),
)

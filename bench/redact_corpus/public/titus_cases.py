# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Praetorian's Titus, its rules' examples, what they add to Nosey Parker's, for the ``fresh20``
split (``fresh20.py`` reads and writes).

``praetorian-inc/titus`` is Nosey Parker's successor (a Go port with a Vectorscan matcher). Its
rule files (``pkg/rule/rules/<provider>.yml``, 297 at ``HEAD``) keep Nosey Parker's layout:
each rule has an ``id``, a ``pattern``, ``examples`` it must match and, for some,
``negative_examples`` it must not. The ids tell where a rule came from: 229 ``np.*`` (Nosey
Parker's, many with examples Titus added or rewrote) and 262 ``kingfisher.*`` (ported from
MongoDB's Kingfisher, itself grown out of Nosey Parker's rules). Nosey Parker's rules were read
by the ``fresh`` split and Kingfisher's (at ``ee7c0db…``, the mirror's ``HEAD``) by ``fresh2``,
so only what neither holds was read: every example was parsed from Titus' YAML and looked for
in both mirrors (1,632 examples and negatives; 866 are in neither). ``testdata/secrets/`` (runs
of ``x`` and ``TESTFAKEKEY`` stand-ins) and the Go tests were read: no value of their own.

``SECRETS``: (file, kind, value, anchor), kind ``titus:<rule id>``. One value per rule was
kept, a second where the rule gives another form (Mattermost's webhook URL beside its token,
Customer.io's app key beside its tracking key); the others are left out without a row, none
judged differently. A value is cut as the rule's capture group cuts it: the token, a URL's
password, the whole Zapier or Mattermost webhook URL, an EC key's line of key material (a
SEC1 key's first line holds its private scalar). Every value was then looked for, alone, in
the Nosey Parker, Kingfisher, gitleaks and TruffleHog mirrors, the mirrors of the scanners
earlier splits read, the earlier splits, and Nosey Parker's history: 76 are there and are not
listed (most ``np.*`` examples keep Nosey Parker's value under rewritten text: GitHub,
GitLab, Slack, Shopify, Square, New Relic, Okta, PyPI, RubyGems, WireGuard, TrueNAS, the
Django key, the PEM key…; Kingfisher's Coinbase, Line, Linear, MySQL, PagerDuty; gitleaks'
curl passwords; ``fresh3``'s Plaid values; ``fresh10``'s FileZilla password), nor are six
values that are an ancestor's with a few signs changed (Titus writes ``aCes``, ``ace5``,
``f99`` into Nosey Parker's keys; Grafana's ``glsa_HOruNAb7SOiCdshU9alg…_54e2f8be`` is Nosey
Parker's ``…U7alg…_55e2f8be``; Grafana Cloud's ``glc_…``, Google's ``AIzaSyBnAoaCes…``,
HERE's, Mailjet's and Azure DevOps' values likewise). Values Betterleaks' rules give too are
listed once, in ``betterleaks_cases.py``.

``NO_SECRET``: values that count, spell the alphabet or a keyboard row, alternate letters and
digits in order, name themselves (``EXAMPLE``, ``TEST``, ``fake``, ``secret``, ``test
password`` in base64), and the stock hexadecimal run the new ``np.*`` rules reuse from file
to file (``a3b8f29e4d1c6a0578e23d9f41b6c8e2``, ``9f4b2d7e1a3c8056d2e7f1b94a6c3d80``,
``e7d2a1f849c3b05d6e81f2a794c3d5b0`` and their upper- and mixed-case copies, some with
``01234567`` typed on: App Center, Help Scout, Iterable, Keen, Lokalise, Pendo, WP Engine,
Zendesk): a stand-in, however random it reads. Such values an ancestor also holds (Kingfisher's
Cisco Meraki, Cloudflare, Eventbrite, Foursquare, Freshdesk, Gitter, Looker, MessageBird,
PackageCloud and PagerDuty stand-ins, a GitLab token that says ``fake``) are left out without
a row. Left out without a row too: the other values of those families; ids a rule finds only
to pair with a secret (client ids, Azure storage account names, ClickHouse key ids, Plaid
client ids, LinkedIn client ids, MaxMind account ids, Kling access keys); Branch.io keys and
Razorpay key ids (publishable: made to sit in an app, Betterleaks' own filter calls Branch's
public); a 1Password service-account token cut off and padded with ``1111111111``;
Kingfisher's encrypted RSA key of lowercase letters (no PEM body) and its ``ENCRYPTED PRIVATE
KEY`` blocks; Intra42's client id (its body is the secret's); Plaid's sandbox values (the
production ones' bodies); a MinIO session token and a DroneCI JWT of ``{"user":"demo"}`` (the
first is Nosey Parker's; the second names a demo); values under 8 signs (``s3cr3t``,
``pass123``).

``NEGATIVES``: (file, kind, text): the ``negative_examples`` that hold no secret (placeholders,
runs, counted values, variables, environment reads, a Slack webhook of counted signs, another
service's URL, words like ``this is not a mattermost secret at all``), and the examples that
hold none: placeholders written as positives (Azure Notification Hub keys that begin
``TEST``, ``SAMPLE``, ``DOCUMENTATION``, ``EXAMPLE``; Firebase keys of ``EXAMPLE_TEST_KEY``
and zeros; Redis passwords ``EXAMPLEp4ssw0rd123``; Slack workflow and trigger URLs of
``T00EXAMPLE1``; a Sentry DSN of counted hex), and the rules that find no secret: host names
and service URLs (Cognitive Services, Azure DevOps, Datadog sites, Freshdesk, Jira, Looker,
Mattermost, Nylas, Riot, Coveralls), public keys (Datadog RUM ``pub…`` and a PostHog project
key, both counted; a reCAPTCHA site key; Lob publishable keys), a Travis CI ``secure:`` value
(ciphertext made to be committed), a JDBC URL without credentials. A negative an ancestor's
files hold (Nosey Parker's ODBC, PsExec, SonarQube, WireGuard and ``az appconfig`` examples,
gitleaks' ``Basic YnJvd3Nlcjo=``) is not listed; ``fresh2.vet`` drops those a gitleaks or
ripsecrets pattern matches.

Doubtful labels, kept. Secrets: the values typed to look random (ImageKit's
``private_rGAPQJbhBx``, a RabbitMQ password ``xK9!mN2$``, Eraser's ``Q7MD4J9L2X0B6R3T8W1P``);
Iterable's ``42f187310705012194bd0bd694905664ae`` (the rule's comment says it is the key
Segment's documentation shows); Monday's JWT (its header bytes mangled by hand, ``HS25…TiJ9``,
its claims and signature whole); Docker's ``quay.io`` auth (base64 of a robot's
``user:token`` with two bytes mangled); Intra42's secret (its body equals the client id's);
the Mattermost webhook (its host is ``chat-mattermost.company.io``, its hook id random).
Negatives: the Travis CI ciphertext, the Power BI report link (its ``r=`` parameter is base64
of a report key and Microsoft's tenant id: a published link), ``password=s3cr3t`` in a JDBC
URL (the word secret in leet, six signs), ``amqp://guest:guest@localhost/`` (RabbitMQ's
documented default account).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/praetorian-inc+titus/repo")
REPO = "praetorian-inc/titus"

_R = "pkg/rule/rules/"
SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_R + "ai21.yml", "titus:kingfisher.ai21studio.1", "90cd6930-a9ae-4f15-8da0-dc1bbcd814b9", None),
    (_R + "alchemy.yml", "titus:kingfisher.alchemy.1", "PajdHzB75s1V_7aldcQ6XbodqDCWMC7m", None),
    (_R + "apollo.yml", "titus:kingfisher.apollo.1", "ZNh-14foqIiscbz24oKwww", None),
    (_R + "assemblyai.yml", "titus:kingfisher.assemblyai.1", "fa0ed91518b345468f9df7570f31f18a", None),
    (_R + "azure.yml", "titus:np.azure.5", "1df236930c4f41d4a6ea8a5696d318a2", None),
    (_R + "baseten.yml", "titus:kingfisher.baseten.1", "WSsDXzCD.uOcxAp7k82IvCKyY36TnpVbP4ZszP1qw", None),
    (_R + "buildkite.yml", "titus:kingfisher.buildkite.1", "bkua_3c7019c2e4b6e76fe2e8bdde7c154e3c1a211743", None),
    (_R + "cerebras.yml", "titus:kingfisher.cerebras.1", "csk-6nptf4w5cx36fw58t3hkx48jvm52wm693pex5tjm29kn55yt", None),
    (_R + "clarifai.yml", "titus:kingfisher.clarifai.1", "29ee853d47364107b9edf5e5ad4374c2", None),
    (_R + "clay.yml", "titus:kingfisher.clay.1", "ce1abceaffe7d7958a41", None),
    (_R + "clearbit.yml", "titus:kingfisher.clearbit.1", "tq50141fm92fl4nid9c1c7liouhbertbvg1", None),
    (_R + "clickhouse.yml", "titus:kingfisher.clickhouse.1", "4b1dwEZ8aNo1U9ODBqffSci1INBrltLHM2d1bHF4dq", None),
    (_R + "clojars.yml", "titus:kingfisher.clojars.2", "CLOJARS_7a0b5c647fdca75616e99a5629ba28955e53faf6391b1b4461ccd972b0e2", None),
    (_R + "coderabbit.yml", "titus:kingfisher.coderabbit.1", "cr-33420bb12fddf6cde6fba5414df88b07f75b2258e30c956b95f2ddbb2d", None),
    (_R + "cohere.yml", "titus:kingfisher.cohere.1", "5fNtU1ytdUcOX3jfvgjlr61EPxBqxOojOklDD6BG", None),
    (_R + "coinbase.yml", "titus:kingfisher.coinbase.2", "MHcCAQEEIDs+vr9F40Mer+qYksK3QhkSMfUXOZsbRVSrelWGnMh3oAoGCCqGSM49", None),
    (_R + "coinbase.yml", "titus:kingfisher.coinbase.3", "ygWq07YCO8UkmC9BE0PDBJNGhiu80yslsMUF9WnjPaIF5DBxb/wljjRuHhfuR/AMPC+kdgtL+mWKq/HOnq/YcQ==", None),
    (_R + "confluent.yml", "titus:kingfisher.confluent.3", "cfltqPLd2lLPAtWtHGNhN32WlZxoEj30pcg8mzaPlPJ937JlMa7n9YCRLooqgifw", None),
    (_R + "contentful.yml", "titus:kingfisher.contentful.2", "CFPAT-Cq3AarsJCDvdG9PYAJ3Y00crCG5nEPAAfVZ2LAldCsQ", None),
    (_R + "coze.yml", "titus:kingfisher.coze.1", "pat_DlOG7fNcVfmw8cYhPWNcdfwrjjzwDr9EkV8EBjzHdgRWU2DzqHC1pPe0x590NN5f", None),
    (_R + "cursor.yml", "titus:kingfisher.cursor.1", "key_86aed0092d14dd6aae4e8ad107d52f760c5efa4bc3753730ca6983babc2b1072", None),
    (_R + "customerio.yml", "titus:kingfisher.customerio.1", "f3b0c2b92eca01472efe", None),
    (_R + "customerio.yml", "titus:kingfisher.customerio.2", "6e86f5734527548b7477a8b627bf4855", None),
    (_R + "deepgram.yml", "titus:kingfisher.deepgram.1", "6c8ba06cb14a32d508948606d8b5d9c8f70e493b", None),
    (_R + "deepseek.yml", "titus:kingfisher.deepseek.1", "sk-2481fb3538a1453fac54f6cbdca981cb", None),
    (_R + "definednetworking.yml", "titus:kingfisher.definednetworking.1", "dnkey-AHBDSNIG5ATR4LPUX4XTEVXEP4-ACW2JQ45HAWA2XA6FIJNSNBRY2Q4WMSCNNIFSL6VRZQYFZKI2VHA", None),
    (_R + "deviantart.yml", "titus:kingfisher.deviantart.1", "ccd16fd197588957c0bd74939057fa9d", None),
    (_R + "diffbot.yml", "titus:kingfisher.diffbot.1", "a7424adbafc4624e61482d0f60e43016", None),
    (_R + "docker.yml", "titus:kingfisher.docker.1", "cmhkaCtyaHRhcDowM1BERl1RQTJQTDlaQUE5T1gzSU9IQjFYTUlXOVNGNU1XRzNSRVRHNThKVXpKMzEwV0ZZRVMOQTdGMExMNOYx", None),
    (_R + "droneci.yml", "titus:kingfisher.drone.1", "fe8c402a51e6629aa1f43a4234afee81", None),
    (_R + "elevenlabs.yml", "titus:kingfisher.elevenlabs.1", "sk_da9c0613fdeecfab10b302d6f39a3e371f774feb9eafed56", None),
    (_R + "eraserio.yml", "titus:kingfisher.eraser.1", "Q7MD4J9L2X0B6R3T8W1P", None),
    (_R + "facebook.yml", "titus:np.facebook.3", "c0acf898d0cf77b57dfae30210d6acf9", None),
    (_R + "fireworksai.yml", "titus:kingfisher.fireworks.1", "fw_3ZL5ji26Tp7baYrW5S2pA5xi", None),
    (_R + "flickr.yml", "titus:kingfisher.flickr.1", "d1953fb62a9798593bfdb4287ed2423e", None),
    (_R + "flyio.yml", "titus:kingfisher.flyio.1", "fm2_lJPECAAAAAAACcIGxBBr3eFBrCTMuIb8FOeUWTf0wrVodHRwczovL2FwaS5mbHkuaW8vdjGUAJLOABLVch8Lk7lodHRwczovL2FwaS5mbHkuaW8vYWFhL3YxxDymEU+hbM4EZ6KeG6k1EWHesm6buoSgwBS8yBSLRiHumjZXcxZdCJ2gJ3PN//X8DKdsEFfZyS03lbJtPpwETgpeWpRbsMxfQb2ZkR4zYNi/IOOKYxW2h6DYBHahN3DBS7wY54AIgap8IMAtBJ3imo77+vAeAeZ/0aPq3XJoGdg4+WHDWkxectcZoZROe8Qgnq4tV2yiT2Mx5wmoK+Kw1u33egtwLCEBDC5ZakEM7pI=,fm2_lJPETgpeWpRbsMxfQb2ZkR4zYNi/IOOKYxW2h6DYBHahN3DBS7wY54AIgap8IMAtBJ3imo77+vAeAeZ/0aPq3XJoGdg4+WHDWkxectcZoZROe8QQCY7oFTr+3MOM0p5/Cww1AsO5aHR0cHM6Ly9hcGkuZmx5LmlvL2FhYS92MZgEks5ooPjrzwAAAAEkmRcJF84AEhmjCpHOABIZowzEEMLj9PMThJElQN/ARptX7D3EILDtbLx/4cBgt6fX+zb6/FxsLxV2A/y4e4BeU1SunG+O", None),
    (_R + "friendli.yml", "titus:kingfisher.friendli.1", "flp_eb8CAc1OHdVISFraFZXFYQeH1CYtqM2VdYFvV1duniWw32", None),
    (_R + "google.yml", "titus:np.google.7", "QUl6YVN5RHhZMXRlZjNWUHRfMTVtTzhKWnZiNzBSQVlIZlVLZW9z", None),
    (_R + "google.yml", "titus:np.google.8", "AIzaSyDxY1tef3VPt_15mO8JZvb70RAYHfUKeos", None),
    (_R + "hubspot.yml", "titus:kingfisher.hubspot.1", "pat-na2-3b124f92-f4cb-4d1d-8d1c-7fc3f3512dba", None),
    (_R + "imagekit.yml", "titus:kingfisher.imagekit.1", "private_rGAPQJbhBx", None),
    (_R + "infura.yml", "titus:kingfisher.infura.1", "7238211010344719ad14a89db874158c", None),
    (_R + "instagram.yml", "titus:np.instagram.1", "IGQVJWZAkFNT1liY2J3b3FmUHJVQzNfSUtlX3RhVm5FNGppZAjhCeUpEWnJIUWxCNkVrQjhGSU9rOVBuVnBaQUtKYjF6MjFGZA3VhZAXRxYkJGS01wS1BNLVlsaGtJYUV3", None),
    (_R + "instantly.yml", "titus:kingfisher.instantly.1", "NmNlMCI1MWUtZDBmMC00NTc4LWE0MDItMDM0NGU0ZWI0MzliOmFzWWtCZUxUY3ZPRg==", None),
    (_R + "intercom.yml", "titus:kingfisher.intercom.1", "g1ZsclJXTjNfc1pBSzJDemE0eFVDU0U5c25CeDN4Vm9hQ2Zac0hXemZHNPQ==", None),
    (_R + "intra42.yml", "titus:kingfisher.intra42.2", "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", None),
    (_R + "iterable.yml", "titus:np.iterable.1", "42f187310705012194bd0bd694905664ae", None),
    (_R + "klingai.yml", "titus:kingfisher.klingai.1", "8kKdpk9EnNdYJGQ8hRptagCFBmFHDB33", None),
    (_R + "mattermost.yml", "titus:kingfisher.mattermost.2", "9xuqwrwgstrb3mzrxb83nb357a", None),
    (_R + "mattermost.yml", "titus:kingfisher.mattermost.3", "https://chat-mattermost.company.io/hooks/tj4xmdnqpfbryx1gwkhge1ca9h", None),
    (_R + "mattermost.yml", "titus:np.mattermost.1", "zmigewsanbbsdf59xnmduzypjc", None),
    (_R + "mistral.yml", "titus:kingfisher.mistral.1", "olI6zlb3F0jO8jjDQUi34skQLPzvox84", None),
    (_R + "monday.yml", "titus:kingfisher.monday.1", "eyJhbGciOiJIUzI1TiJ9.eyJ0aWQiOjU7OTC4MzIwMywiYWFpIjoxMSwidWlkIjo5NjYwMzk5MCwiaWBkIjoiMjAyNS0xMS0yMVQwMDoyNjoxMy43OCVaIiwicGVyIjoibWU6d3JpdGUiLCJhY3RpZCI6MzI2MDI5MTIsInJnbiI6InVzZTEifQ.wQtV6psL1JqFHdXgRB2J7-qslSyS2I4TYJHtkX9ofvk", None),
    (_R + "notion.yml", "titus:kingfisher.notion.1", "secret_efky1RtWsI0CB1Sn4TRRBLpemW1V11XwPRX3lzUKc5Q", None),
    (_R + "notion.yml", "titus:kingfisher.notion.2", "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", None),
    (_R + "nvidia.yml", "titus:kingfisher.nvidia.nim.1", "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", None),
    (_R + "ollama.yml", "titus:kingfisher.ollama.1", "e56714bd7c1146e4b4801244bc2bc67a.3GAswjZGZ5YY6Qdgt0xg56vM", None),
    (_R + "onepassword.yml", "titus:kingfisher.1password.2", "A3-R69SQK-TZ9KPW-8MXYD-6W373-V7GHJ-EDJQW", None),
    (_R + "openrouter.yml", "titus:kingfisher.openrouter.1", "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", None),
    (_R + "paypal.yml", "titus:kingfisher.paypal.2", "EP0uwUsACKVPcbDRaXFYerX2ij6nbsha71cSdynuQWoSt1pIy4qtIs7gJQRmHwKXu5Icv3g1YQZzAywf", None),
    (_R + "perplexity.yml", "titus:kingfisher.perplexity.1", "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", None),
    (_R + "posthog.yml", "titus:kingfisher.posthog.2", "phx_FNKCx83Ko0JQMuZH1zz94xgK798TCUybkf79ZKYKwKQWbEw", None),
    (_R + "rabbitmq.yml", "titus:kingfisher.rabbitmq.1", "xK9!mN2$", None),
    (_R + "redis.yml", "titus:np.redis.1", "oJs3RjFV5CVDyObDiooJk8NGGSylGTlNmAzCaPVydjM=", None),
    (_R + "replicate.yml", "titus:kingfisher.replicate.1", "r8_Lvn3Tsrs8H2wCYSEPDiUfyePqWpBOWi0vQTtN", None),
    (_R + "resend.yml", "titus:kingfisher.resend.api_key.1", "re_EbtXGAbq_2E1LZ8WYqYsrrDfjEHf6DxEK", None),
    (_R + "retellai.yml", "titus:kingfisher.retellai.api_key.1", "key_8c08a175a1bf29f79d6bd4b125bc", None),
    (_R + "riot.yml", "titus:kingfisher.riot.2", "RGAPI-4sb3f6a1-2941-5a81-9c23-4bf3a83c14f3", None),
    (_R + "runway.yml", "titus:kingfisher.runway.1", "key_efef51067da4873eeefa5e3daeeff61537885e52e20e053a824bb5e564d3d707367d005e7d48dbe473de287383356a5abd77421703e1a3e52a27d17f703abe20", None),
    (_R + "scale.yml", "titus:kingfisher.scale.1", "live_8df31399ec4a4755a7cf9e0fb59f967a", None),
    (_R + "scale.yml", "titus:kingfisher.scale.2", "live_auth_250ae896ada542c08a95734f935c871a", None),
    (_R + "sendgrid.yml", "titus:np.sendgrid.1", "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", None),
    (_R + "shodan.yml", "titus:kingfisher.shodan.1", "dqlblS2CmTOc5zYn4nZkJljYsXRnNuiq", None),
    (_R + "square.yml", "titus:np.square.2", "sq0csp-3_EwTtH0OJKMaCes2UNfSPXjs3J_PXwnx5JLVNFzgfE", None),
    (_R + "sslmate.yml", "titus:kingfisher.sslmate.1", "10000r90kriAAAAAseZJwsawemws03jdlmZY", None),
    (_R + "stabilityai.yml", "titus:kingfisher.stabilityai.1", "sk-gQHyuK4k6Vw2viJRaAnLh6zAULaWtUg40ZHWcYjw7JGutlW6", None),
    (_R + "statuspage.yml", "titus:kingfisher.statuspage.1", "89a229ce1a8dbcf9ff30430fbe35eb4c0426574bca932061892cefd2138aa4b1", None),
    (_R + "togetherai.yml", "titus:kingfisher.together.1", "tgp_v1_HgWU7iym2128y2Pdj-7-9kX4W_MSCcIT5EhuY_SmNqc", None),
    (_R + "twitter.yml", "titus:np.twitter.3", "AAAAAAAAAAAAAAAAAAAAAPYXBAAAAAAACLXUNDekMxqa8h%2F40K4moUkGsoc", None),
    (_R + "vastai.yml", "titus:kingfisher.vastai.1", "c218521a7eaf108227795ae059866db8fdd7be16348f67ec48e66af4b2df4a76", None),
    (_R + "voyageai.yml", "titus:kingfisher.voyageai.api_key", "pa-r4yuCYCuPhNO-10Lu9aO7dR4jxUWlLmlUjm_NOVVdSs", None),
    (_R + "weightsandbiases.yml", "titus:kingfisher.wandb.1", "872ab943740b34157041da2529fb160d89632710", None),
    (_R + "xAI.yml", "titus:kingfisher.xai.1", "xai-RoGXl5O4gCeiTW1AtbVbDC3YLOEC3WubJFNSUvzlWq2Lt41kiFHc6P896yxrEMmHBdpC1e8M7fkmXSr8", None),
    (_R + "yandex.yml", "titus:kingfisher.yandex.1", "pdct.1.1.20218925T124723Z.07193b9c567c0c90.ebba3042fcf1acfc4d682db12c01a5289f9769c0", None),
    (_R + "yelp.yml", "titus:kingfisher.yelp.1", "wiuck20l8j-oWwCd9r53FqpN6ELB7K03zGw-ccUQR7uLHc9NaWubovOMdGdyFqIGGM4aVK6nxQ1DreDZn_qBYU4jky_5kQRVkiIDPSheCPggY3WzyRzi27kxoOpoYAYx", None),
    (_R + "youtube.yml", "titus:np.youtube.1", "AIzaSyBJguaCesZXozdkPVpBZNbGMVJ_LTOYuQA", None),
    (_R + "zapier.yml", "titus:np.zapier.1", "https://hooks.zapier.com/hooks/catch/11595998/3ouwv7m/", None),
    (_R + "zhipu.yml", "titus:kingfisher.zhipu.1", "3494c505cf244a3fb17417d6894d404c.LLSZ2InjarUXEhNr", None),
    # read as no secret (NO_SECRET)
    (_R + "appcenter.yml", "titus:np.appcenter.1", "a3b8f29e4d1c6a0578e23d9f41b6c8e201234567", None),
    (_R + "azure.yml", "titus:np.azure.5", "b2c3d4e5f67890a1b2c3d4e5f6789012", None),
    (_R + "azureopenai.yml", "titus:kingfisher.azureopenai.2", "AbcDeFgHiJ0KLmnOpQrStUvWxYz12JlQEd9AcTG4pEWdjbSmPysw2JQQJ99BDACfhMk5XJ3w3AAABACOGkDUM", None),
    (_R + "azurestorage.yml", "titus:kingfisher.azurestorage.2", "Xy9aB8cD7eF6gH5iJ4kL3mN2oP1qR0sT9uV8wX7yZ6aB5cD4eF3gH2iJ1kL0mN9oP8qR7sT6uV5wX4yZ3aB2cD1q", None),
    (_R + "browserstack.yml", "titus:np.browserstack.1", "qA1bC2dE3fG4hI5jK6lM", None),
    (_R + "confluent.yml", "titus:kingfisher.confluent.2", "cbadefghijklmnopqrstuvwxyzcbaDEFGHIJKLMNOPQRSTUVWXYZ3214567890ab", None),
    (_R + "contentful.yml", "titus:kingfisher.contentful.1", "wJalrXUtnFEMI_K7MDENG-bPxRfiCYEXAMPLEKEY12", None),
    (_R + "cypress.yml", "titus:np.cypress.1", "f8e7d6c5-b4a3-2190-fedc-ba0987654321", None),
    (_R + "delighted.yml", "titus:np.delighted.1", "dELi1a2B3c4D5e6F7g8H9i0JkLm1N2o3P", None),
    (_R + "deviantart.yml", "titus:np.deviantart.1", "aB3cD4eF5gH6iJ7kL8mN9oP0qR1sT2uV3wX4yZ5a", None),
    (_R + "duffel.yml", "titus:kingfisher.duffel.1", "duffel_test_qwertyuiopasdfghjklzxcvbnm123456789abcdefgh", None),
    (_R + "endorlabs.yml", "titus:kingfisher.endorlabs.1", "endr+foo1234567890abc", None),
    (_R + "exaai.yml", "titus:kingfisher.exa.1", "3f5a9c1e-2b4d-4a6f-8c10-1d2e3f4a5b6c", None),
    (_R + "fileio.yml", "titus:kingfisher.fileio.1", "Z9Y8X7W6V5U4T3S2R1Q0.P9O8N7M6L5K4J3H2G1FV", None),
    (_R + "filezilla.yml", "titus:kingfisher.filezilla.1", "VGhpc0lzQVRlc3RQYXNzd29yZA==", None),
    (_R + "filezilla.yml", "titus:kingfisher.filezilla.2", "superS3cret!", None),
    (_R + "finnhub.yml", "titus:kingfisher.finnhub.1", "9b8a7c6d5e4f3a2b1c0d", None),
    (_R + "frameio.yml", "titus:kingfisher.frameio.1", "fio-u-a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8s9t0u1v2w3x4y5z6a7b8c9d0e1f2", None),
    (_R + "freshbooks.yml", "titus:kingfisher.freshbooks.1", "0f1e2d3c4b5a69788776655443322110ffeeddccbbaa00998877665544332211", None),
    (_R + "helpscout.yml", "titus:np.helpscout.1", "a3B8f29E4d1C6a0578e23D9f41b6C8e2", None),
    (_R + "hereapi.yml", "titus:kingfisher.hereapi.1", "ZzY8xW6vU4tS2qP0nM5kJ9hF7dC1bA3gL8iK4eR9wQm", None),
    (_R + "imagekit.yml", "titus:kingfisher.imagekit.1", "private_AbCdEf0123456789GhIjKlMn", None),
    (_R + "infracost.yml", "titus:kingfisher.infracost.1", "ico-1234567890abcdef1234567890abcdef", None),
    (_R + "iterable.yml", "titus:np.iterable.1", "a3b8f29e4d1c6a0578e23d9f41b6c8e2", None),
    (_R + "keenio.yml", "titus:np.keenio.1", "A1B2C3D4E5F6G7H8J9K0L1M2N3P4Q5R6S7T8V9W0X1Y2Z3A4B5C6D7E8F9G0H1J2", None),
    (_R + "lark.yml", "titus:kingfisher.lark.3", "a-QwBsTyUiOpBsDfGhJnLxYcVbN_9012", None),
    (_R + "launchdarkly.yml", "titus:kingfisher.launchdarkly.1", "api-123abc456def789ghi012jkl345mno678pqr", None),
    (_R + "linear.yml", "titus:kingfisher.linear.1", "lin_api_9A6bCDeF0Gh1Ij2Klm3No4PQr5St6Uv7Wx8YZaBc", None),
    (_R + "lob.yml", "titus:kingfisher.lob.1", "live_9f8e7d6c5b4a3210fedcba09876543210ab", None),
    (_R + "lokalise.yml", "titus:np.lokalise.1", "9f4b2d7e1a3c8056d2e7f1b94a6c3d8001234567", None),
    (_R + "maxmind.yml", "titus:kingfisher.maxmind.1", "ZXCVBN_0987654321abcdef1234567890abc_mmk", None),
    (_R + "mergify.yml", "titus:kingfisher.mergify.1", "mergify_application_key_ZxYwVuTsRqPoNmLkJiHgFeDcBa9876543210_-__aBcDeFgHiJkLmNoPqRsTuVwXyZ", None),
    (_R + "notion.yml", "titus:kingfisher.notion.3", "nrt_4Y29zY29vbF9leGFtcGxlX3JlZnJlc2hfdG9rZW4xMjM0NQ", None),
    (_R + "nylas.yml", "titus:kingfisher.nylas.1", "nyk_0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01234", None),
    (_R + "nytimes.yml", "titus:kingfisher.nytimes.1", "zyxw9876vuts5432rqpo1098nmlk7654", None),
    (_R + "openai.yml", "titus:np.openai.1", "sk-proj-TESTkey1234567890abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_EXAMPLE1234567890abcdefXYZ", None),
    (_R + "optimizely.yml", "titus:kingfisher.optimizely.1", "AbCDefGhijKlmnOpqrStuvWxYz01-23:45AbCDefGhijKlmnOpqrSt", None),
    (_R + "pendo.yml", "titus:np.pendo.1", "E7d2A1f849c3B05d6e81F2a794c3D5b09f4B2d7E", None),
    (_R + "prefect.yml", "titus:kingfisher.prefect.1", "pnu_1234567890abcdef1234567890abcdef1234", None),
    (_R + "rabbitmq.yml", "titus:kingfisher.rabbitmq.1", "s3cretP4ss", None),
    (_R + "scalingo.yml", "titus:kingfisher.scalingo.1", "tk-us-1234567890abcdef1234567890abcdef1234567890abcdef", None),
    (_R + "scraperapi.yml", "titus:kingfisher.scraperapi.1", "9f8e7d6c5b4a3029182736455463728a", None),
    (_R + "sentry.yml", "titus:kingfisher.sentry.1", "3214567890cbadef3214567890cbadef3214567890cbadef3214567890cbadef", None),
    (_R + "shippo.yml", "titus:kingfisher.shippo.1", "shippo_test_1234567890abcdef1234567890abcdef12345678", None),
    (_R + "tailscale.yml", "titus:kingfisher.tailscale.1", "tskey-secret-weRTWSfoeFKI-3480754342kDSFelW3", None),
    (_R + "twitter.yml", "titus:np.twitter.4", "1234567890123456789-abcdefABCDEFghijklABCD12345678", None),
    (_R + "typeform.yml", "titus:kingfisher.typeform.1", "tfp_qwerty1234567890asdfgh0987654321zxcvbnmPOIU_0987654321lkjhi", None),
    (_R + "wakatime.yml", "titus:np.wakatime.2", "waka_f9e8d7c6b5a4321098765abcdef012345678", None),
    (_R + "weightsandbiases.yml", "titus:kingfisher.wandb.1", "7f9d2e34c1a0b5d6e7f81234abcd5678ef901234", None),
    (_R + "wpengine.yml", "titus:np.wpengine.1", "d4e8f2a7b1c39605d2e7f1b94a6c3d80", None),
    (_R + "zendesk.yml", "titus:np.zendesk.1", "9f4B2d7E1a3c8056d2E7f1b94A6c3d80mN5vL2jH", None),
    (_R + "calendly.yml", "titus:np.calendly.1", "eyJraWQiOiIxMjM0NTY3ODkwYWJjZGVmMDEyMzQ1Njc4OTBhYmNkZWYiLCJ0eXAiOiJQQVQiLCJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJodHRwczovL2F1dGguY2FsZW5kbHkuY29tIiwiaWF0IjoxNzAwMDAwMDAwLCJ1c2VyX3V1aWQiOiIxMjM0NTY3OC1hYmNkIn0.Yz2Kx8mN4pR6tV8xZ0bD2fH4jL6nP8rT0vX2zA4cE6gIk5mQw7hJ9pL3sU1yB", None),
    (_R + "linkedin.yml", "titus:np.linkedin.3", "AQXa7v2cG5dR8kL1mN3pQ6sT9uW0xY4zA7bC2eF5gH8iJ1kL4mN7oP0qR3sT6uV9wX2yA5bD8cE1fG4hI7jK0lM3nO6pQ9rS2tU5vW8xY1zA4bC7dE0fG3hI6jK9lM2nO5pQ8rS1tU4vW7xY0zA3bC6dE9fG2hI5jK8lM1nO4pQ7rS0tU3vW6xY9zA2bC5dE8fG1hI4jK7lM0nO3pQ6rS9tU2vW5xY8zA1bC4dE7fG0hI3jK6lM9nO2pQ5rS8tU1vW4xY7zA0bC3dE6fG9hI2jK5lM8nO1pQ4rS7tU0vW3xY6z", None),
    (_R + "spotify.yml", "titus:np.spotify.1", "BQAf8kL2mN4pR6tV8xZ0bD2fH4jL6nP8rT0vX2zA4cE6gI8kM0oQ2sU4wY6aB8dF0hJ2lN4pR6tV8xZ0bD2fH4jL6nP8rT0vX2zA4cE6gI8k", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "a3b8f29e4d1c6a0578e23d9f41b6c8e201234567": "the stock hex run the np.* rules reuse, with 01234567 typed on",
    "b2c3d4e5f67890a1b2c3d4e5f6789012": "letters and digits counted in order",
    "AbcDeFgHiJ0KLmnOpQrStUvWxYz12JlQEd9AcTG4pEWdjbSmPysw2JQQJ99BDACfhMk5XJ3w3AAABACOGkDUM": "opens with the alphabet in order",
    "Xy9aB8cD7eF6gH5iJ4kL3mN2oP1qR0sT9uV8wX7yZ6aB5cD4eF3gH2iJ1kL0mN9oP8qR7sT6uV5wX4yZ3aB2cD1q": "letters in order, digits counted down between them",
    "qA1bC2dE3fG4hI5jK6lM": "letters in order, digits counted between them",
    "cbadefghijklmnopqrstuvwxyzcbaDEFGHIJKLMNOPQRSTUVWXYZ3214567890ab": "the alphabet, twice, and counted digits",
    "wJalrXUtnFEMI_K7MDENG-bPxRfiCYEXAMPLEKEY12": "AWS's documented example secret key, EXAMPLEKEY",
    "f8e7d6c5-b4a3-2190-fedc-ba0987654321": "letters and digits counted down",
    "dELi1a2B3c4D5e6F7g8H9i0JkLm1N2o3P": "letters in order, digits counted between them",
    "aB3cD4eF5gH6iJ7kL8mN9oP0qR1sT2uV3wX4yZ5a": "letters in order, digits counted between them",
    "duffel_test_qwertyuiopasdfghjklzxcvbnm123456789abcdefgh": "the keyboard's rows, counted digits, the alphabet",
    "endr+foo1234567890abc": "foo and counted digits",
    "3f5a9c1e-2b4d-4a6f-8c10-1d2e3f4a5b6c": "ends in 1d2e3f4a5b6c: counted",
    "Z9Y8X7W6V5U4T3S2R1Q0.P9O8N7M6L5K4J3H2G1FV": "the alphabet and digits counted down",
    "VGhpc0lzQVRlc3RQYXNzd29yZA==": "base64 of ThisIsATestPassword",
    "superS3cret!": "super secret, in leet: words naming the value",
    "9b8a7c6d5e4f3a2b1c0d": "letters and digits counted down",
    "fio-u-a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8s9t0u1v2w3x4y5z6a7b8c9d0e1f2": "letters and digits counted in order",
    "0f1e2d3c4b5a69788776655443322110ffeeddccbbaa00998877665544332211": "hex digits counted down, each twice",
    "a3B8f29E4d1C6a0578e23D9f41b6C8e2": "the stock hex run the np.* rules reuse, cases mixed",
    "ZzY8xW6vU4tS2qP0nM5kJ9hF7dC1bA3gL8iK4eR9wQm": "the alphabet counted down, digits between",
    "private_AbCdEf0123456789GhIjKlMn": "the alphabet and counted digits",
    "ico-1234567890abcdef1234567890abcdef": "counted digits and abcdef",
    "a3b8f29e4d1c6a0578e23d9f41b6c8e2": "the stock hex run the np.* rules reuse",
    "A1B2C3D4E5F6G7H8J9K0L1M2N3P4Q5R6S7T8V9W0X1Y2Z3A4B5C6D7E8F9G0H1J2": "letters and digits counted in order",
    "a-QwBsTyUiOpBsDfGhJnLxYcVbN_9012": "the keyboard's rows, counted digits",
    "api-123abc456def789ghi012jkl345mno678pqr": "the alphabet and counted digits",
    "lin_api_9A6bCDeF0Gh1Ij2Klm3No4PQr5St6Uv7Wx8YZaBc": "the alphabet in order with digits between",
    "live_9f8e7d6c5b4a3210fedcba09876543210ab": "hex counted down",
    "9f4b2d7e1a3c8056d2e7f1b94a6c3d8001234567": "the stock hex run the np.* rules reuse, with 01234567 typed on",
    "ZXCVBN_0987654321abcdef1234567890abc_mmk": "a keyboard row, digits counted down and up",
    "mergify_application_key_ZxYwVuTsRqPoNmLkJiHgFeDcBa9876543210_-__aBcDeFgHiJkLmNoPqRsTuVwXyZ": "the alphabet backwards and forwards, counted digits",
    "nrt_4Y29zY29vbF9leGFtcGxlX3JlZnJlc2hfdG9rZW4xMjM0NQ": "base64 of coscool_example_refresh_token12345",
    "nyk_0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01234": "counted digits and the alphabet",
    "zyxw9876vuts5432rqpo1098nmlk7654": "the alphabet and digits counted down",
    "sk-proj-TESTkey1234567890abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_EXAMPLE1234567890abcdefXYZ": "TESTkey, EXAMPLE, the alphabet and counted digits",
    "AbCDefGhijKlmnOpqrStuvWxYz01-23:45AbCDefGhijKlmnOpqrSt": "the alphabet and counted digits",
    "E7d2A1f849c3B05d6e81F2a794c3D5b09f4B2d7E": "the stock hex runs the np.* rules reuse, cases mixed",
    "pnu_1234567890abcdef1234567890abcdef1234": "counted digits and abcdef",
    "s3cretP4ss": "secret pass, in leet: words naming the value",
    "tk-us-1234567890abcdef1234567890abcdef1234567890abcdef": "counted digits and abcdef",
    "9f8e7d6c5b4a3029182736455463728a": "hex counted down",
    "3214567890cbadef3214567890cbadef3214567890cbadef3214567890cbadef": "counted digits and letters, said four times",
    "shippo_test_1234567890abcdef1234567890abcdef12345678": "counted digits and abcdef",
    "tskey-secret-weRTWSfoeFKI-3480754342kDSFelW3": "keyboard runs (wert, sdf) and a typed number",
    "1234567890123456789-abcdefABCDEFghijklABCD12345678": "counted digits and the alphabet",
    "tfp_qwerty1234567890asdfgh0987654321zxcvbnmPOIU_0987654321lkjhi": "the keyboard's rows and counted digits",
    "waka_f9e8d7c6b5a4321098765abcdef012345678": "hex counted down and up",
    "7f9d2e34c1a0b5d6e7f81234abcd5678ef901234": "typed runs 1234, abcd5678, ef901234",
    "d4e8f2a7b1c39605d2e7f1b94a6c3d80": "the stock hex run the np.* rules reuse",
    "9f4B2d7E1a3c8056d2E7f1b94A6c3d80mN5vL2jH": "the stock hex run the np.* rules reuse, cases mixed",
    "eyJraWQiOiIxMjM0NTY3ODkwYWJjZGVmMDEyMzQ1Njc4OTBhYmNkZWYiLCJ0eXAiOiJQQVQiLCJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJodHRwczovL2F1dGguY2FsZW5kbHkuY29tIiwiaWF0IjoxNzAwMDAwMDAwLCJ1c2VyX3V1aWQiOiIxMjM0NTY3OC1hYmNkIn0.Yz2Kx8mN4pR6tV8xZ0bD2fH4jL6nP8rT0vX2zA4cE6gIk5mQw7hJ9pL3sU1yB": "a JWT whose key id counts digits and abcdef and whose signature alternates letters in order with digits",
    "AQXa7v2cG5dR8kL1mN3pQ6sT9uW0xY4zA7bC2eF5gH8iJ1kL4mN7oP0qR3sT6uV9wX2yA5bD8cE1fG4hI7jK0lM3nO6pQ9rS2tU5vW8xY1zA4bC7dE0fG3hI6jK9lM2nO5pQ8rS1tU4vW7xY0zA3bC6dE9fG2hI5jK8lM1nO4pQ7rS0tU3vW6xY9zA2bC5dE8fG1hI4jK7lM0nO3pQ6rS9tU2vW5xY8zA1bC4dE7fG0hI3jK6lM9nO2pQ5rS8tU1vW4xY7zA0bC3dE6fG9hI2jK5lM8nO1pQ4rS7tU0vW3xY6z": "letters in order, digits counted between them, run on and on",
    "BQAf8kL2mN4pR6tV8xZ0bD2fH4jL6nP8rT0vX2zA4cE6gI8kM0oQ2sU4wY6aB8dF0hJ2lN4pR6tV8xZ0bD2fH4jL6nP8rT0vX2zA4cE6gI8k": "letters in order, even digits counted between them, said twice",
}
"""Values read as no secret, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (_R + "amplitude.yml", "titus-fp:placeholder-word", "AMPLITUDE_API_KEY=your-api-key-here"),
    (_R + "azure-notification-hub.yml", "titus-fp:example-key", "\"hubAccessKey\": \"TESTkibxXGWaxfM4mcrUf09T9J1IYqEXAMPLE7ttEw4=\""),
    (_R + "azure-notification-hub.yml", "titus-fp:example-key", "\"notificationHubKey\": \"SAMPLEabcdefGHIJKLMNOPQRSTUVWXYZ123456789+/w8=\""),
    (_R + "azure-notification-hub.yml", "titus-fp:example-key", "const hubApiKey = \"DOCUMENTATIONabcXYZ12345678901234567890ABC+/==\";"),
    (_R + "azure-notification-hub.yml", "titus-fp:example-key", "\"SharedAccessKey\": \"EXAMPLEa1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8==\""),
    (_R + "azure-notification-hub.yml", "titus-fp:placeholder-phrase", "hubAccessKey = \"[Shared Access key goes here]\""),
    (_R + "azure-notification-hub.yml", "titus-fp:variable-reference", "const hubAccessKey = $KEY;"),
    (_R + "azure-notification-hub.yml", "titus-fp:environment-read", "hubAccessKey = process.env.HUB_ACCESS_KEY;"),
    (_R + "azure-notification-hub.yml", "titus-fp:comment", "// Example: hubAccessKey = \"YOUR_KEY_HERE\""),
    (_R + "azure.yml", "titus-fp:placeholder-word", "Ocp-Apim-Subscription-Key: YOUR_SUBSCRIPTION_KEY"),
    (_R + "azure.yml", "titus-fp:short-value", "// Set: Ocp-Apim-Subscription-Key: abcd1234"),
    (_R + "azure.yml", "titus-fp:counted-placeholder", "subscription_key = \"abcd1234ef567890abcd1234ef567890\""),
    (_R + "azure.yml", "titus-fp:hostname", "contoso-doc-intel.cognitiveservices.azure.com"),
    (_R + "azuredevops.yml", "titus-fp:url-without-credentials", "https://dev.azure.com/contoso"),
    (_R + "branchio.yml", "titus-fp:placeholder-run", "key_live_@#$special!chars%^&"),
    (_R + "calendly.yml", "titus-fp:placeholder-word", "eyJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJvdGhlci1zZXJ2aWNlIn0.signature"),
    (_R + "clojars.yml", "titus-fp:placeholder-word", "clojars_user = my-username"),
    (_R + "contentful.yml", "titus-fp:placeholder-word", "contentful_access_token = placeholder"),
    (_R + "coveralls.yml", "titus-fp:url-without-credentials", "https://coveralls.io/github/lemurheavy/coveralls-public"),
    (_R + "cypress.yml", "titus-fp:counted-placeholder", "CYPRESS_RECORD_KEY=a1b2c3d4-e5f6-7890-abcd-ef1234567890"),
    (_R + "datadog.yml", "titus-fp:hostname", "DD_SITE=datadoghq.eu"),
    (_R + "datadog.yml", "titus-fp:url-without-credentials", "DATADOG_HOST=https://api.us3.datadoghq.com"),
    (_R + "datadog.yml", "titus-fp:publishable-key", "DATADOG_RUM_TOKEN=pub0123456789abcdef0123456789abcdef"),
    (_R + "deviantart.yml", "titus-fp:counted-placeholder", "deviantart_client_secret = \"LMNOPQRSTUVWXYZZZZZZZZ9999999999\""),
    (_R + "docker.yml", "titus-fp:placeholder-word", "{\"auths\":{\"index.docker.io/v1/\":{\"auth\":\"dXNlcjp0b2tlbg==\"}}}"),
    (_R + "firebase.yml", "titus-fp:example-key", "AAAA-ExTest:APA91bEXAMPLE_TEST_KEY_000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"),
    (_R + "firebase.yml", "titus-fp:comment", "# Example FCM key format: AAAA[7chars]:[140chars]"),
    (_R + "firebase.yml", "titus-fp:example-key", "EXAMPLE_TEST_DEVICE_01:APA91bTEST_EXAMPLE_DATA_00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"),
    (_R + "freshdesk.yml", "titus-fp:hostname", "acme-support.freshdesk.com"),
    (_R + "gcp.yml", "titus-fp:placeholder-word", "{\"auth_provider_x509_cert_url\":\"https://example.com\",\"client_email\":\"example@example.com\"}"),
    (_R + "gcp.yml", "titus-fp:placeholder-word", "gcp_secret = your_private_key_id_placeholder_here1234"),
    (_R + "google.yml", "titus-fp:example-key", "AIzaSyEXAMPLE_KEY_REPLACE_ME_1234567"),
    (_R + "grafana.yml", "titus-fp:published-link", "View results [here](https://heyo.powerbi.com/view?r=eyJrIjoiYTZjMTk3YjEtMzQ4Yi00NTI5LTg6ZDItNmUyMGRlOTkwMGRlIiwidCI5IjcyZjk4OGJmLTg3ZjEtNDFhZi02MWFiLTJkN2NkMDExZGI0NyIsImMiOjV9)."),
    (_R + "grafana.yml", "titus-fp:example-key", "eyJrIjoiRVhBTVBMRVRFU1RURVNURW5uaGFaamwzWHo5WjQiLCJuIjoiZXhhbXBsZSIsImlkIjoxfQ=="),
    (_R + "grafana.yml", "titus-fp:example-key", "glc_EXAMPLETESTTESTTESTTESTTESTTESTTESTTESTTESTTESTTESTTESTTESTTESTTESTTESTTESTTESTTEST"),
    (_R + "grafana.yml", "titus-fp:comment", "# Example token: glsa_YOUR_TOKEN_HERE_12345678"),
    (_R + "jdbc.yml", "titus-fp:url-without-credentials", "jdbc:oracle:thin:@ora.example.net:1521/ORCLPDB1"),
    (_R + "jira.yml", "titus-fp:url-without-credentials", "jira.sprintUri= https://example.atlassian.net/rest"),
    (_R + "keenio.yml", "titus-fp:placeholder-word", "keen_api_key=your-key-here"),
    (_R + "launchdarkly.yml", "titus-fp:counted-placeholder", "LD_CLIENT_SIDE_ID=0123456789abcdef01234567"),
    (_R + "lob.yml", "titus-fp:publishable-key", "const LOB_PUB_KEY = \"test_pub_abcdefabcdefabcdefabcdefabcdefa\";"),
    (_R + "looker.yml", "titus-fp:url-without-credentials", "https://app-peco.azurewebsites.net"),
    (_R + "mattermost.yml", "titus-fp:identifier", "MMO7BIDU0C https://t.co/A1QyX2Z3tX"),
    (_R + "mattermost.yml", "titus-fp:date-format", "MM-DDThh:mm:ss.sTZD https://www.w3.org/TR/NOTE-datetime"),
    (_R + "mattermost.yml", "titus-fp:email-address", "mmadsen@uwaterloo.ca https://flix.dev"),
    (_R + "mattermost.yml", "titus-fp:prose", "this is not a mattermost secret at all"),
    (_R + "mattermost.yml", "titus-fp:counted-placeholder", "WEBHOOK=https://hooks.slack.com/services/T1234/B5678/abcdefghijklmnopqrstuvwx"),
    (_R + "mattermost.yml", "titus-fp:url-without-credentials", "mattermost_url = \"https://community.mattermost.com\""),
    (_R + "maxmind.yml", "titus-fp:identifier", "geoip_account_number: 456789"),
    (_R + "nylas.yml", "titus-fp:url-without-credentials", "https://api.eu.nylas.com"),
    (_R + "openai.yml", "titus-fp:placeholder-word", "Authorization: Bearer sk-proj-YOUR_API_KEY_HERE"),
    (_R + "openai.yml", "titus-fp:example-key", "-H \"Authorization: Bearer sk-proj-TESTkey1234567890abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_EXAMPLE1234567890abcdefXYZ\""),
    (_R + "posthog.yml", "titus-fp:counted-placeholder", "phc_E123456789012345678901234567890123456789012"),
    (_R + "rabbitmq.yml", "titus-fp:default-credentials", "amqp://guest:guest@localhost/"),
    (_R + "recaptcha.yml", "titus-fp:publishable-key", "\"recaptcha\": { \"site_key\": \"6Lcs--w-AAAAAw-w-w----w-w-www-www--ww-w-\" }"),
    (_R + "redis.yml", "titus-fp:example-key", "REDIS_URL=\"redis://user:EXAMPLEp4ssw0rd123@localhost:6379/0\""),
    (_R + "redis.yml", "titus-fp:example-key", "rediss://admin:TESTsecur3K3y456@redis.example.com:6380/1"),
    (_R + "redis.yml", "titus-fp:debug-output", "<redis.client.Redis(<redis.connection.Connection(db=0,password=None,host=localhost,...)>)>"),
    (_R + "riot.yml", "titus-fp:hostname", "euw1.api.riotgames.com"),
    (_R + "sendbird.yml", "titus-fp:counted-placeholder", "sendbird_app_id: 12345678-1234-1234-1234-1234567890ab"),
    (_R + "sendgrid.yml", "titus-fp:short-value", "SG.abc123.def456"),
    (_R + "sentry.yml", "titus-fp:counted-placeholder", "SENTRY_DSN=https://0123456789abcdef0123456789abcdef@sentry.io/12345"),
    (_R + "slack.yml", "titus-fp:example-key", "WORKFLOW_URL=https://hooks.slack.com/workflows/T00EXAMPLE1/A00EXAMPLE1/123456789012345678/aBcDeFgHiJkLmNoPqRsTuVwX"),
    (_R + "slack.yml", "titus-fp:example-key", "TRIGGER_URL=https://hooks.slack.com/triggers/T00EXAMPLE1/1234567890123/a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6"),
    (_R + "square.yml", "titus-fp:placeholder-word", "SQUARE_APPLICATION_SECRET=my_secret"),
    (_R + "travisci.yml", "titus-fp:encrypted-value", "- secure: \"VJh0l9gOb+6AVNDk6cziZSs1AqVM8CqtZU6ot9ZQeJ+KfL1pxnGQ4qQF8Cz9\\M1q85c3l1N1+qkQ0uV12QG6O6ylq6Qq1l3VjAJM3h2pY3jdmrA8kX2ZIxRjC/\\8+Xj1wVtKQ0R+owM/6i5Y6cyx4hRb3VvSeYlC0lD1iTzQ2vgMyE=\""),
    (_R + "truenas.yml", "titus-fp:url-without-credentials", "truenas_url=http://192.168.1.1"),
    (_R + "twitter.yml", "titus-fp:counted-placeholder", "data = \"AAAABBBBBCCCCCDDDDDEEEEEFFFFF11111222223333344444555556666677777\""),
    (_R + "twitter.yml", "titus-fp:identifier", "transaction_id = \"123456789012345-ABCDEFGHIJKLMNOP\""),
    (_R + "zapier.yml", "titus-fp:placeholder-word", "https://hooks.zapier.com/hooks/catch/YOUR_HOOK_ID/"),
    (_R + "zapier.yml", "titus-fp:counted-placeholder", "https://hooks.example.com/hooks/catch/1234567/abcdefg/"),
    (_R + "zendesk.yml", "titus-fp:placeholder-word", "zendesk_token=your-token-here"),
    (_R + "azure-notification-hub.yml", "titus-fp:placeholder-template", "\"hubAccessKey\": \"<INSERT_KEY>\""),
    (_R + "azure-notification-hub.yml", "titus-fp:placeholder-run", "\"SharedAccessKey\": \"XXXXX\""),
    (_R + "azure-notification-hub.yml", "titus-fp:comment", "# Set hubAccessKey to your actual key value"),
    (_R + "azure.yml", "titus-fp:hostname", "my-ai-service.cognitiveservices.azure.com"),
    (_R + "azurestorage.yml", "titus-fp:identifier", "AccountName=mystorageaccount"),
    (_R + "contentful.yml", "titus-fp:short-value", "CFPAT-short"),
    (_R + "datadog.yml", "titus-fp:url-without-credentials", "https://app.datadoghq.com"),
    (_R + "firebase.yml", "titus-fp:placeholder-word", "TEST_AAAA_NOT_FCM_KEY"),
    (_R + "firebase.yml", "titus-fp:counted-placeholder", "AAAA1234567:APA91b"),
    (_R + "firebase.yml", "titus-fp:comment", "# Device token format: [22chars]:APA91b[134chars]"),
    (_R + "google.yml", "titus-fp:placeholder-run", "AIzaxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
    (_R + "google.yml", "titus-fp:placeholder-word", "not_base64_QUl6YVN5"),
    (_R + "grafana.yml", "titus-fp:example-key", "glsa_EXAMPLEEXAMPLEEXAMPLEEXAM_00000000"),
    (_R + "instagram.yml", "titus-fp:short-value", "IGQVJ_short"),
    (_R + "launchdarkly.yml", "titus-fp:counted-placeholder", "LAUNCHDARKLY_CLIENT_ID=\"abcdef0123456789abcdef01\""),
    (_R + "looker.yml", "titus-fp:url-without-credentials", "https://example.azure-api.net"),
    (_R + "mattermost.yml", "titus-fp:url-without-credentials", "discord_url: https://discord.com/api"),
    (_R + "mattermost.yml", "titus-fp:version", "mattermost_version=7.10.2"),
    (_R + "mattermost.yml", "titus-fp:url-without-credentials", "mm_host=https://mattermost.internal.io"),
    (_R + "openai.yml", "titus-fp:placeholder-run", "Authorization: Bearer sk-XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"),
    (_R + "rabbitmq.yml", "titus-fp:placeholder-word", "amqp://user:pw@host"),
    (_R + "razorpay.yml", "titus-fp:placeholder-run", "rzp_live_xxxxxxxxxx"),
    (_R + "redis.yml", "titus-fp:url-without-credentials", "redis://localhost:6379"),
    (_R + "redis.yml", "titus-fp:placeholder-word", "# redis://user:secret@example.com:6379"),
    (_R + "redis.yml", "titus-fp:placeholder-word", "password=test123,host=example"),
    (_R + "sendgrid.yml", "titus-fp:short-value", "SG.short.tooshort"),
    (_R + "sentry.yml", "titus-fp:placeholder-word", "https://invalid@sentry.io/abc"),
    (_R + "slack.yml", "titus-fp:example-key", "https://hooks.slack.com/triggers/T00EXAMPLE1/1234567890123/NOT_HEX_TOKEN_zzzz"),
    (_R + "truenas.yml", "titus-fp:version", "truenas_version=12.0"),
    (_R + "truenas.yml", "titus-fp:ip-address", "tn_host=192.168.0.30"),
    (_R + "wakatime.yml", "titus-fp:counted-placeholder", "wakatime_api_key=abcd-1234"),
    (_R + "wakatime.yml", "titus-fp:placeholder-run", "waka_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
    (_R + "zapier.yml", "titus-fp:placeholder-run", "https://hooks.zapier.com/hooks/catch/xxxxxxx/yyyyyy/"),
    (_R + "jdbc.yml", "titus-fp:placeholder-word", "jdbc:postgresql://db.example.com:5432/app?user=admin&password=s3cr3t"),
)  # fmt: skip

"""The blind splits built by ``bench/redact_corpus/public/blind_split.py`` (fresh9: gosec's,
bandit's, eslint-plugin-no-secrets', find-sec-bugs' and 2ms' tests; fresh10: leaky-repo's
credential files, GitGuardian's sample secrets, Bearer's, git-secrets' and tfsec's tests;
fresh11: OWASP WrongSecrets' challenges, TruffleHog's test_keys and CI/CD Goat's planted
credentials; fresh12: the secrets hard-coded in OWASP Juice Shop, NodeGoat and RailsGoat, DVWA
and TerraGoat; fresh13: the secrets hard-coded in OWASP WebGoat, crAPI, Security Shepherd and
iGoat-Swift, django.nV and the Damn Vulnerable GraphQL Application; fresh14: repo-supervisor's,
pre-commit-hooks', tartufo's, Terrascan's and cfn_nag's test fixtures; fresh15: the credentials
hard-coded in Docker's awesome-compose, Globo's secDevLabs, OWASP Mutillidae II and SasanLabs'
VulnerableApp; fresh16: Samsung CredSweeper's test samples; fresh17: DeepSecrets', trufflehog3's
and KeyHacks' test data and the plugins IBM's detect-secrets fork added; fresh18: what fresh5
left of GitHub's custom patterns' tests, Poltergeist's rule tests and secret-magpie's;
fresh19: the credentials
hard-coded in CloudGoat, AWSGoat and AzureGoat, the OWASP SKF labs and PyGoat;
fresh20: the rules and examples Betterleaks and Titus added to gitleaks' and Nosey Parker's;
fresh21: the credentials hard-coded in thirteen vulnerable web and mobile apps, Damn
Vulnerable Bank to OVAA; fresh22: the example credentials in fourteen API providers' official
SDKs and docs; fresh23: the fixture values gitleaks', TruffleHog's and detect-secrets'
histories hold and their heads no longer do; fresh26: the fixtures, rule tests and
documentation examples of tools no earlier split cites, 1Password's shell plugins to the
Datadog agent's scrubber; fresh27: leaktk's fake-leaks test set, CodeQL's hard-coded
credential tests and nine SDKs' and CI tools' fixtures; fresh28: the test suites of 40
projects that handle credentials; fresh29: Terraform providers, Kubernetes operators,
self-hosted apps and package registries; fresh31: machine-learning notebooks, demos and
course work; fresh32: hobbyist IoT sketches and mobile apps' configs; fresh33: developers'
dotfiles and everyday tools' config files; fresh34: API clients'
collections, HTTP request files and end-to-end tests' configs; fresh35: hobbyist bots and
automation scripts; fresh36: CI/CD pipelines, inventories and deploy files; fresh37: web3
projects; fresh38: Java and .NET configs; fresh39: PHP apps and CMS installs; fresh40:
data-engineering configs; fresh41: game servers; fresh42: network and VPN configs; fresh43:
Node.js backends; fresh44: credentials written in docs and notes; fresh45: Rails, Phoenix,
Go and Rust configs; fresh46: recorded HTTP traffic; fresh47: SQL, Windows and shell admin
scripts; fresh48: AI and LLM applications; fresh49: shell histories; fresh50: Kubernetes,
Helm and deploy files) are well formed:
each loads, every case cites its file and line at the pinned commit, ids are the split's own
(fresh9's ``w``: ``v`` is the vectors split's ``vn…``; fresh13's ``b``, fresh14's ``c``,
fresh15's ``d``, fresh16's ``a``, fresh17's ``e``, fresh18's ``i``, fresh19's ``j``,
fresh20's ``l``, fresh21's ``o``, fresh22's ``sd``, fresh23's ``hx``, fresh26's ``rf`` and
fresh27's ``rc``, fresh28's ``rg``, fresh29's ``rh``, fresh31's ``rj``, fresh32's ``rk``,
fresh33's ``rl``, fresh34's ``rm``, fresh35's ``ro``, fresh36's ``rp``, fresh37–44's ``rq``
to ``rx`` (``rn`` is taken), fresh45's ``ry``, fresh46's ``rz``, fresh47–50's ``sf`` to ``si``,
two letters once every single one was taken: no other
file's ids begin with them), no
value or negative text of an earlier split comes back, and no negative holds a labelled value
(that each value sits in its carriers is tested for every split in ``test_fresh_corpus``). No
redaction figure is asserted here.

It reads the corpus files alone (``carriers.load``), not ``score``: ``score`` imports the
engine, and these checks must run where the engine may not be looked at (each split was
built blind)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from bench.redact_corpus.public.carriers import load

FOLDER = Path(__file__).resolve().parents[2] / "bench" / "redact_corpus" / "public"


@dataclass(frozen=True)
class Split:
    name: str
    letter: str
    pinned: re.Pattern[str]
    sources: tuple[str, ...]
    at_least: tuple[int, int, int]
    """Secrets, kinds and negatives the built files hold at least."""
    earlier: int
    """Splits besides it at least (the main corpus and the fresh ones)."""
    min_value: int = 8
    """The shortest labelled value: the twenty-fifth session's helpers kept values of four
    signs or more (``1202``, ``pswd``: default and weak passwords as configs hold them)."""
    kind_cap: int = 3
    """Secrets per kind at most (those helpers were asked for kinds, not for a cap)."""

    @property
    def secrets_file(self) -> str:
        return f"{self.name}_secrets.jsonl"

    @property
    def negatives_file(self) -> str:
        return f"{self.name}_negatives.jsonl"


SPLITS = (
    Split(
        "fresh9",
        "w",
        re.compile(
            r"https://github\.com/(?:securego/gosec/blob/45b083a0cb42119d61b1e0e364d8c62c68f6f5cd"
            r"|PyCQA/bandit/blob/92080542688902ad1eb6af74cf16939fad767d29"
            r"|nickdeis/eslint-plugin-no-secrets/blob/fe95b10ac26be814327bb58ab97935c392adc4a1"
            r"|find-sec-bugs/find-sec-bugs/blob/e38542b3c810c548fc271a681881557d23e2088e"
            r"|Checkmarx/2ms/blob/e2fafb4a9738d0f2984b0570f056e70a72ad55cb)/\S+#L\d+"
        ),
        ("gosec", "bandit", "no-secrets", "find-sec-bugs", "2ms"),
        (150, 100, 40),
        9,
    ),
    Split(
        "fresh10",
        "x",
        re.compile(
            r"https://github\.com/(?:Plazmaz/leaky-repo/blob/2e951359cac53addbee56437da3ffb546e3dfe24"
            r"|GitGuardian/sample_secrets/blob/(?:da09702283c7c14d2048eddfb448f19ea6a3da08"
            r"|59325a01e47c9b13a98f1ff2c9326be3cdf34ba9|752f204f7321389cd36e5b8068ba61bb2eb32417)"
            r"|Bearer/bearer-rules/blob/82c335f781a61a6d8b052394f84fd1d93edec467"
            r"|awslabs/git-secrets/blob/7d6b970cbd3c216353cb22b383b70c150140662e"
            r"|aquasecurity/tfsec/blob/1ade1215f0411885832574ac0ac3339f7452e589)/\S+#L\d+"
        ),
        ("leaky-repo", "gg-samples", "bearer", "git-secrets", "tfsec"),
        (50, 40, 100),
        10,
    ),
    Split(
        "fresh11",
        "y",
        re.compile(
            r"https://github\.com/(?:OWASP/wrongsecrets/blob/81da75d7835a36216437b1c894f91b3b37b5e43d"
            r"|trufflesecurity/test_keys/blob/(?:0416560b1330d8ac42045813251d85c688717eaf"
            r"|fbc14303ffbf8fb1c2c1914e8dda7d0121633aca)"
            r"|cider-security-research/cicd-goat/blob/0ed10925f3983857cf219b2ac1c327b861fcccca)/\S+#L\d+"
        ),
        ("wrongsecrets", "test-keys", "cicd-goat"),
        (40, 30, 50),
        11,
    ),
    Split(
        "fresh12",
        "z",
        re.compile(
            r"https://github\.com/(?:juice-shop/juice-shop/blob/33518f5a0911e25d9df747b1e70fb7af279a755c"
            r"|OWASP/NodeGoat/blob/c5cb68a7084e4ae7dcc60e6a98768720a81841e8"
            r"|OWASP/railsgoat/blob/0222f7da3406ba3ab637bc6d24ae9366b5f0a680"
            r"|digininja/DVWA/blob/33e364c556e91473a5e979a4db16ee3b393d05ba"
            r"|bridgecrewio/terragoat/blob/729f8da62c6a85ce4af5ad3d123de97776d954c4)/\S+#L\d+"
        ),
        ("juice-shop", "nodegoat", "railsgoat", "dvwa", "terragoat"),
        (40, 25, 80),
        12,
    ),
    Split(
        "fresh13",
        "b",
        re.compile(
            r"https://github\.com/(?:WebGoat/WebGoat/blob/7517acca95d9851da706452454c223dd13545ef4"
            r"|OWASP/crAPI/blob/824a1ffc915bc22abac52a8e95172c8c9e7b9bd1"
            r"|OWASP/SecurityShepherd/blob/00310cf2b73ed98843c653490a4be274de4fb896"
            r"|nVisium/django\.nV/blob/a48901f106da4888417339b7b44b8ed56b64c63f"
            r"|OWASP/iGoat-Swift/blob/1f44c0826556ae3a44b92ba68fc64cdc4c993b03"
            r"|dolevf/Damn-Vulnerable-GraphQL-Application/blob/a961308c02d1fb462b192681c336b0739e432da7)"
            r"/[^#]+#L\d+"  # iGoat-Swift's folders have blanks ("Key Management/"), kept as written
        ),
        ("webgoat", "crapi", "security-shepherd", "django-nv", "igoat-swift", "dvga"),
        (60, 35, 90),
        13,
    ),
    Split(
        "fresh14",
        "c",
        re.compile(
            r"https://github\.com/(?:auth0/repo-supervisor/blob/443474de2d2bde1f6e1bbc6d214ca2bdd3dcbaae"
            r"|pre-commit/pre-commit-hooks/blob/f23336e5dc4bf11588d7db19f675418cf570971b"
            r"|godaddy/tartufo/blob/fd71fc06e457f6df11a6a7be8b81ec7c067911f9"
            r"|tenable/terrascan/blob/d0405c2d2aba32260b82419e1274e9c76ddf844b"
            r"|stelligent/cfn_nag/blob/8b5f03da74202ba323a145e9d037ddce6cab9dec)/\S+#L\d+"
        ),
        ("repo-supervisor", "pre-commit-hooks", "tartufo", "terrascan", "cfn-nag"),
        (40, 20, 80),
        14,
    ),
    Split(
        "fresh15",
        "d",
        re.compile(
            r"https://github\.com/(?:docker/awesome-compose/blob/18f59bdb09ecf520dd5758fbf90dec314baec545"
            r"|globocom/secDevLabs/blob/10be438496e928c66567749f0aaf0bb976052bc9"
            r"|webpwnized/mutillidae/blob/84f2c00d9141dbb9e26a448c8288e651e0b5bb04"
            r"|SasanLabs/VulnerableApp/blob/e73d65cf2508ac90419a49ee95ca157d0cd18c06)/\S+#L\d+"
        ),
        ("awesome-compose", "secdevlabs", "mutillidae", "vulnerableapp"),
        (35, 20, 100),
        15,
    ),
    Split(
        "fresh16",
        "a",
        re.compile(
            r"https://github\.com/Samsung/CredSweeper/blob/1ed2ca5cdd480667b938024464a37589b9af8564"
            r"/\S+#L\d+"
        ),
        ("credsweeper",),
        (140, 140, 120),
        16,
    ),
    Split(
        "fresh17",
        "e",
        re.compile(
            r"https://github\.com/(?:avito-tech/deepsecrets/blob/4afd597d3997a2bdbac8059e405659715faa51d4"
            r"|feeltheajf/trufflehog3/blob/(?:e5fd891218ba95f442e800f1638d57e8432753a2"
            r"|bd900724f7f82040689f4d7bcd918fcbabcb7e7e|042c394ba19df9b758d2f251a53de34c90f44925"
            r"|17569a97965968d49910b5d6317455f05b9f2c5a|9ed54617547cfca783e0f81f8dc5c927e3d1e345)"
            r"|streaak/keyhacks/blob/(?:371e807b8057b138553431d7c8b6b56aa8ed462f"
            r"|9c6b674933c466a07dacab191c3852257f94194f)"
            r"|IBM/detect-secrets/blob/076672a9a01abdfc7ecee2e7d14f08cdccb73976)/\S+#L\d+"
        ),
        ("deepsecrets", "trufflehog3", "keyhacks", "ibm-detect-secrets"),
        (25, 20, 150),
        16,
    ),
    Split(
        "fresh18",
        "i",
        re.compile(
            r"https://github\.com/(?:advanced-security/secret-scanning-custom-patterns/blob/9b84660dfcad6cc3d0e2c40a1a5f61dd7edca4b9"
            r"|ghostsecurity/poltergeist/blob/7c436851d739c572daeffdcd10d5339247c52a16"
            r"|punk-security/secret-magpie/blob/45968bd833daec85c2c048f3c5c5f97f60bfd565)/\S+#L\d+"
        ),
        ("ghcp", "poltergeist", "secret-magpie"),
        (90, 85, 80),
        17,
    ),
    Split(
        "fresh19",
        "j",
        re.compile(
            r"https://github\.com/(?:RhinoSecurityLabs/cloudgoat/blob/abf1ba8f5e47d7ced750fdfa025d51c99f1a43ed"
            r"|ine-labs/AWSGoat/blob/b24869ad455ed8d1393d00ecdc15ee638d1c1332"
            r"|ine-labs/AzureGoat/blob/b97045952e6df00de735a7f27fd7c4994dcfe8c0"
            r"|blabla1337/skf-labs/blob/35199b6f49658b75f860530c0f09b91e985198aa"
            r"|adeyosemanputra/pygoat/blob/19d17cc8874861142b330636d068bbde54e86b85)"
            r"/[^#]+#L\d+"  # the INE labs' manuals have blanks in their names, kept as written
        ),
        ("cloudgoat", "awsgoat", "azuregoat", "skf-labs", "pygoat"),
        (40, 30, 150),
        17,
    ),
    Split(
        "fresh20",
        "l",
        re.compile(
            r"https://github\.com/(?:betterleaks/betterleaks/blob/6381fa45ae946c588e2e1334d8396a15e5171ad6"
            r"|praetorian-inc/titus/blob/369d8dc4359a2d70629e0fe7732d3244a3315efc)/\S+#L\d+"
        ),
        ("betterleaks", "titus"),
        (120, 120, 110),
        19,
    ),
    Split(
        "fresh21",
        "o",
        re.compile(
            r"https://github\.com/(?:rewanthtammana/Damn-Vulnerable-Bank/blob/5136c3484c704dc74e8837e324ac24b1452a1e31"
            r"|cr0hn/vulnerable-node/blob/4e2058201e4443026c11de1799d1e2f2e37f9f9b"
            r"|stamparm/DSVW/blob/2e9706c87fc0c74a9cc62d0777a0cc17c65e0ecd"
            r"|ScaleSec/vulnado/blob/53336e14a40a0b25acdb8edd8b65a813e5f61bda"
            r"|snyk/goof/blob/d240896711e31c540fc1cab79ae2e4cf63f00b1a"
            r"|rapid7/hackazon/blob/4e8197ec908413859ad75ba185c934144d43877c"
            r"|OWASP/MASTG-Hacking-Playground/blob/db219a1011e6735cf0c6c08ba929a27ef40e1873"
            r"|t0thkr1s/allsafe/blob/a50b4b078df572b29ab1033bec6c9eff42ac67f3"
            r"|B3nac/InjuredAndroid/blob/2cc669a1829427f1183b47b80af846cc919bd6f6"
            r"|satishpatnayak/AndroGoat/blob/77996f239587a8ed2691629777374b5f4a364589"
            r"|prateek147/DVIA-v2/blob/556d7225c64952ff422a47518f275d01377cc362"
            r"|payatu/BugBazaar/blob/fef6a899a684245eb70b2ab4be926f62be849ed9"
            r"|oversecured/ovaa/blob/4c60d202918e33d3dc9dd7574260f75f761f6e2b)"
            r"/[^#]+#L\d+"  # DVIA-v2's folders have blanks, kept as written
        ),
        (
            "dvbank",
            "vulnerable-node",
            "dsvw",
            "vulnado",
            "goof",
            "hackazon",
            "mastg",
            "allsafe",
            "injuredandroid",
            "androgoat",
            "dvia-v2",
            "bugbazaar",
            "ovaa",
        ),
        (35, 30, 145),
        19,
    ),
    Split(
        "fresh22",
        "sd",
        re.compile(
            r"https://github\.com/(?:stripe/stripe-python/blob/6c6e3736d16dde7a2f0155379ea3cd99b976460b"
            r"|twilio/twilio-python/blob/306691e793f417b6974640d1ef88785e9de03b2a"
            r"|slackapi/python-slack-sdk/blob/ae87985e2c3811ead978f31ea5a1e4a7ca5c3515"
            r"|getsentry/sentry-python/blob/064542dd2cbdbe0b11f1cda7f47d7d2920b0c38b"
            r"|cloudflare/cloudflare-python/blob/ac1ae1cb4fe55b6b9493500d82d7b5267da3535f"
            r"|Vonage/vonage-python-sdk/blob/b308cb1e94192b7ae5f5f7256d0ff1dfdd028020"
            r"|plivo/plivo-python/blob/a0cd3237d2ce1dc46434572997f9ccf380502af0"
            r"|razorpay/razorpay-python/blob/b56ac018bf023e2b244a73a4bda2ea861115edcf"
            r"|messagebird/python-rest-api/blob/2371520004eab2a2d9ff5c0d2e098626a07f8e35"
            r"|auth0/auth0-python/blob/d6407dbf40268f88cc166a448fa0590a61f82f0e"
            r"|python-gitlab/python-gitlab/blob/00e380267b2408f77a23fccfaa1d64ba0bc38cac"
            r"|hvac/hvac/blob/09902dea41c2c6313cd7844be4d984c1514bd822"
            r"|bugsnag/bugsnag-python/blob/bb936a1b313ee29f610fb8c09f2602f2891baede"
            r"|docker/docker-py/blob/afc6d1ee308e78b908b96a94298c37fa8c465588)/[^#]+#L\d+"
        ),
        (
            "stripe-python",
            "twilio-python",
            "slack-sdk",
            "sentry-python",
            "cloudflare-python",
            "vonage-python",
            "plivo-python",
            "razorpay-python",
            "messagebird-python",
            "auth0-python",
            "python-gitlab",
            "hvac",
            "bugsnag-python",
            "docker-py",
        ),
        (60, 45, 95),
        21,
    ),
    Split(
        "fresh23",
        "hx",
        re.compile(
            r"https://github\.com/(?:gitleaks/gitleaks|trufflesecurity/trufflehog|Yelp/detect-secrets)"
            r"/blob/[0-9a-f]{40}/[^#]+#L\d+"  # each at the commit before its line changed
        ),
        ("gitleaks", "trufflehog", "detect-secrets"),
        (60, 45, 70),
        22,
    ),
    Split(
        "fresh26",
        "rf",
        re.compile(
            r"https://github\.com/(?:1Password/shell-plugins|PaperMtn/watchman-signatures"
            r"|Checkmarx/kics|go-acme/lego|acmesh-official/acme\.sh|presidentbeef/brakeman"
            r"|netbox-community/netbox-docker|NeuraLegion/brokencrystals|DataDog/datadog-agent"
            r"|containers/image)/blob/[0-9a-f]{40}/[^#]+#L\d+"  # KICS and Datadog per file
        ),
        (
            "shell-plugins",
            "watchman",
            "kics",
            "lego",
            "acme-sh",
            "brakeman",
            "netbox-docker",
            "brokencrystals",
            "datadog-agent",
            "containers-image",
        ),
        (120, 60, 40),
        25,
    ),
    Split(
        "fresh27",
        "rc",
        re.compile(
            r"https://github\.com/(?:leaktk/fake-leaks|github/codeql|woodpecker-ci/woodpecker"
            r"|svix/svix-webhooks|jpadilla/pyjwt|scaleway/scaleway-sdk-go"
            r"|googleapis/google-auth-library-python|mollie/mollie-api-php"
            r"|deepfence/SecretScanner|jhipster/jhipster-sample-app|aiogram/aiogram)"
            r"/blob/[0-9a-f]{40}/[^#]+#L\d+(?:-L\d+)?"  # a key's lines: #L1-L6
        ),
        (
            "leaktk-fake-leaks",
            "codeql",
            "woodpecker",
            "svix",
            "pyjwt",
            "scaleway-sdk-go",
            "google-auth-library-python",
            "mollie-api-php",
            "deepfence-secretscanner",
            "jhipster-sample-app",
            "aiogram",
        ),
        (150, 150, 100),
        26,
    ),
    Split(
        "fresh28",
        "rg",
        re.compile(r"https://github\.com/[\w.\-]+/[\w.\-]+/blob/[0-9a-f]{40}/[^#]+#L\d+(?:-L\d+)?"),
        (
            "alertmanager",
            "apisix",
            "authelia",
            "authlib",
            "braintree-python",
            "casdoor",
            "community-general",
            "concourse",
            "cookiecutter-django",
            "dex",
            "documenso",
            "doorkeeper",
            "esphome",
            "external-secrets",
            "fastlane",
            "gophercloud",
            "hydra",
            "jcasc",
            "jjwt",
            "jupyterhub",
            "kombu",
            "localstack",
            "minio-go",
            "moto",
            "nats-server",
            "node-slack-sdk",
            "npgsql",
            "oauth2-server",
            "paramiko",
            "pgbouncer",
            "pgx",
            "pomerium",
            "pygithub",
            "python-telegram-bot",
            "rclone",
            "shopify-api-js",
            "spring-cloud-config",
            "spring-security",
            "sqlalchemy",
            "stripe-go",
            "symfony",
            "telegraf",
            "traefik",
            "vector",
        ),  # fmt: skip
        (120, 110, 150),
        27,
    ),
    Split(
        "fresh29",
        "rh",
        re.compile(r"https://github\.com/[\w.\-]+/[\w.\-]+/blob/[0-9a-f]{40}/[^#]+#L\d+(?:-L\d+)?"),
        (
            "cert-manager",
            "chartmuseum",
            "cnpg",
            "crossplane-sql",
            "crunchy-pgo",
            "docker-credhelpers",
            "flux2",
            "gotify",
            "healthchecks",
            "hedgedoc",
            "jfrog-cli",
            "keda",
            "mariadb-op",
            "mealie",
            "miniflux",
            "nuget",
            "outline",
            "pdm",
            "percona-psmdb",
            "pypiserver",
            "rabbitmq-op",
            "redis-op",
            "rubygems",
            "semaphore",
            "strimzi",
            "tf-auth0",
            "tf-cloudflare",
            "tf-datadog",
            "tf-digitalocean",
            "tf-github",
            "tf-grafana",
            "tf-kubernetes",
            "tf-linode",
            "tf-mongodbatlas",
            "tf-mysql",
            "tf-newrelic",
            "tf-okta",
            "tf-pagerduty",
            "tf-postgresql",
            "tf-snowflake",
            "tf-vault",
            "twine",
            "wekan",
            "zalando-pg",
        ),  # fmt: skip
        (136, 120, 160),
        28,
    ),
    Split(
        "fresh31",
        "rj",
        re.compile(r"https://github\.com/[\w.\-]+/[\w.\-]+/blob/[0-9a-f]{40}/[^#]+#L\d+(?:-L\d+)?"),
        (
            "colab",
            "comet",
            "flask",
            "flask-app",
            "gcp",
            "git",
            "github",
            "google-ai",
            "google-cloud",
            "groq",
            "huggingface",
            "jupyter",
            "llm",
            "misc",
            "mistral",
            "ml",
            "mongodb",
            "mysql",
            "neptune",
            "npm",
            "openai",
            "openweathermap",
            "placeholder",
            "plotly",
            "postgres",
            "python",
            "replicate",
            "serpapi",
            "streamlit",
            "supabase",
            "tavily",
            "visioncraft",
            "wandb",
            "web",
        ),  # fmt: skip
        (100, 80, 150),
        29,
    ),
    Split(
        "fresh32",
        "rk",
        re.compile(r"https://github\.com/[\w.\-]+/[\w.\-]+/blob/[0-9a-f]{40}/[^#]+#L\d+(?:-L\d+)?"),
        (
            "adafruit-io",
            "adafruit-io-wifi",
            "adafruit-mqtt",
            "android",
            "android-key-properties",
            "android-keystore-properties",
            "android-upload-keystore",
            "app-store-connect",
            "arduino",
            "arduino-iot",
            "arduino-iot-cloud",
            "arduino-iot-cloud-thing",
            "arduino-mkr-secrets",
            "arduino-secrets-h",
            "arduino-wifinina",
            "aspnet-jwt",
            "aws-iot",
            "blynk",
            "blynk-esp32",
            "blynk-esp8266",
            "blynk-iot",
            "blynk-legacy",
            "django",
            "django-api",
            "django-rest-framework",
            "docs",
            "esp32-arduino-secrets",
            "esp32-cam",
            "esp32-credentials-h",
            "esp32-eink",
            "esp32-platformio",
            "esp32-router-default",
            "esp32-secrets-cpp",
            "esp32-secrets-h",
            "esp8266-arduino",
            "esp8266-arduino-secrets",
            "esp8266-credentials-h",
            "esp8266-platformio",
            "esphome",
            "esphome-native-api",
            "esphome-secrets",
            "firebase",
            "firebase-android",
            "firebase-ios",
            "firebase-ios-plist",
            "flutter",
            "flutter-dotenv",
            "flutter-key-properties",
            "flutterfire",
            "flutterfire-options",
            "google-maps-android",
            "google-oauth",
            "gradle",
            "gradle-kts",
            "hivemq",
            "hivemq-cloud",
            "home-assistant",
            "home-assistant-secrets",
            "influxdb-docker",
            "ios",
            "laravel-sanctum",
            "micropython",
            "micropython-esp32",
            "modbus",
            "mqtt",
            "mssql-docker",
            "mysql",
            "node-mysql",
            "openai",
            "openweather",
            "paramiko",
            "prowl",
            "sinric-pro",
            "stripe",
            "supabase",
            "tasmota",
            "telegram",
            "thingspeak",
            "weatherapi",
            "wemos-d1-platformio",
            "wokwi",
            "x509",
        ),  # fmt: skip
        (92, 68, 150),
        30,
    ),
    Split(
        "fresh33",
        "rl",
        re.compile(r"https://github\.com/[\w.\-]+/[\w.\-]+/blob/[0-9a-f]{40}/[^#]+#L\d+(?:-L\d+)?"),
        (
            "android",
            "aria2",
            "atom",
            "atom-config",
            "aws-alias",
            "aws-config",
            "aws-credentials",
            "bash",
            "bash_profile",
            "bashrc",
            "beets",
            "bitbucket-config",
            "boto",
            "brewfile",
            "claude-settings",
            "code-server",
            "codex",
            "codex-auth",
            "conky",
            "consul-hcl",
            "cookie-jar",
            "crush",
            "desktop",
            "docker-config",
            "doublecmd",
            "env",
            "envrc",
            "evolution",
            "fetchmailrc",
            "filezilla",
            "filezilla-recentservers",
            "filezilla-sitemanager",
            "filezilla-xml",
            "fish",
            "fish-variables",
            "gcloud",
            "gcloud-log",
            "gem",
            "gem-credentials",
            "git-credentials",
            "gitattributes",
            "gitconfig",
            "gitmodules",
            "gnus",
            "gogs",
            "gogs-app-ini",
            "helm",
            "hexchat",
            "hub",
            "hyprland",
            "i3status",
            "json",
            "k8s",
            "k8s-configmap",
            "k8s-secret",
            "keepassxc",
            "kitty",
            "kube-config",
            "kubeadm",
            "lynxrc",
            "macos-defaults",
            "mastodon-el",
            "mbsync",
            "mc",
            "mongohub",
            "mopidy",
            "msmtprc",
            "muttrc",
            "neofetch",
            "neomuttrc",
            "netrc",
            "ngrok",
            "notes",
            "offlineimaprc",
            "opencode",
            "pem",
            "pet",
            "pgpass",
            "polybar",
            "postfix",
            "proxychains",
            "pypirc",
            "rclone",
            "rdp",
            "restclient",
            "robo3t",
            "rstudio-env",
            "s3cfg",
            "screenrc",
            "script",
            "shell",
            "spotify-tui",
            "spotifyd",
            "ssh",
            "ssh-config",
            "subversion",
            "swaylock",
            "syncthing",
            "terraformrc",
            "tipp10",
            "toml",
            "transmission",
            "transmit",
            "vault-log",
            "vault-token",
            "vlc",
            "vpn",
            "wakatime",
            "weechat",
            "xfce-mailwatch",
            "yadm",
            "zsh-history",
            "zshrc",
        ),  # fmt: skip
        (93, 75, 132),
        32,
    ),
    Split(
        "fresh34",
        "rm",
        re.compile(r"https://github\.com/[\w.\-]+/[\w.\-]+/blob/[0-9a-f]{40}/[^#]+#L\d+(?:-L\d+)?"),
        (
            "bruno",
            "bruno-env",
            "cypress",
            "cypress-config",
            "cypress-env",
            "cypress-fixture",
            "cypress-page",
            "cypress-saved-cookies",
            "cypress-spec",
            "har",
            "http-file",
            "insomnia",
            "insomnia-env",
            "jetbrains-http-env",
            "jmeter",
            "playwright",
            "playwright-storage-state",
            "postman-collection",
            "thunder-client",
            "thunder-env",
        ),  # fmt: skip
        (89, 77, 150),
        32,
    ),
    Split(
        "fresh35",
        "ro",
        re.compile(r"https://github\.com/[\w.\-]+/[\w.\-]+/blob/[0-9a-f]{40}/[^#]+#L\d+(?:-L\d+)?"),
        (
            "aiogram",
            "apps-script",
            "boto3",
            "deviantart-api",
            "discord-webhook",
            "discord.js",
            "discord.py",
            "discordy-script",
            "dockerfile",
            "dockerfile-env",
            "dotenv",
            "flask",
            "flask-linebot",
            "groupme",
            "groupme-server",
            "home-assistant",
            "ibm-watsonx",
            "ifttt-maker",
            "instaloader",
            "javascript",
            "json",
            "line-bot-sdk",
            "markdown",
            "matrix-nio",
            "newsapi",
            "node-telebot",
            "openweathermap-params",
            "openweathermap-url",
            "picovoice",
            "pyowm",
            "pysmartthings",
            "pytelegrambotapi",
            "python",
            "python-config",
            "python-telegram-bot",
            "seed-sql",
            "settings.json",
            "shell",
            "slack-sdk",
            "spotdl-cache",
            "spotipy",
            "sql-dump",
            "tarkov-market",
            "tmdb",
            "tmi.js",
            "twilio",
            "twitchio",
            "twython-howto",
            "vk-oauth",
            "voicemonkey",
            "weather-bot-py",
            "x-api-dotenv",
            "yaml",
        ),  # fmt: skip
        (84, 70, 131),
        33,
    ),
    Split(
        "fresh36",
        "rp",
        re.compile(r"https://github\.com/[\w.\-]+/[\w.\-]+/blob/[0-9a-f]{40}/[^#]+#L\d+(?:-L\d+)?"),
        (
            "ansible-group-vars",
            "ansible-inventory",
            "ansible-playbook",
            "ansible-template",
            "ansible-vars",
            "app-config",
            "bitbucket-pipelines",
            "circleci",
            "config",
            "deploy-script",
            "django-settings",
            "docker-compose",
            "docker-config",
            "dockerfile",
            "dotenv",
            "drone",
            "fastfile",
            "fastlane-env",
            "github-actions",
            "helm-values",
            "java-source",
            "jenkinsfile",
            "k8s-configmap",
            "k8s-manifest",
            "kubeadm-log",
            "kubeconfig",
            "pem",
            "readme-compose-snippet",
            "shell-provision",
            "shell-script",
            "spring-config",
            "spring-properties",
            "terraform",
            "terraform-tfvars",
            "yaml-config",
        ),  # fmt: skip
        (83, 70, 131),
        34,
    ),
    Split(
        "fresh37",
        "rq",
        re.compile(r"https://github\.com/[\w.\-]+/[\w.\-]+/blob/[0-9a-f]{40}/[^#]+#L\d+"),
        (
            "agent",
            "alert-bot",
            "analytics-backend",
            "backend",
            "benchmark",
            "binance-bot",
            "binance-client",
            "bot",
            "bot-env-example",
            "brownie-config",
            "brownie-networks-script",
            "brownie-readme",
            "ccxt-bot",
            "dapp",
            "dapp-dotenv",
            "dapp-env",
            "dapp-env-example",
            "dapp-frontend",
            "dapp-network-config",
            "dapp-script",
            "deploy-args",
            "dex-frontend",
            "dockerfile",
            "dune-client",
            "ethers-script",
            "ethers-tutorial",
            "exchange-bot",
            "exchange-keys",
            "faucet-api",
            "forge-output",
            "foundry-env",
            "hardhat-config",
            "ipfs-client",
            "ipfs-script",
            "ipfs-upload",
            "js-fetch",
            "json-config",
            "kucoin-config",
            "makefile",
            "mempool-bot",
            "mempool-bot-env",
            "mint-script",
            "moralis-test",
            "nextjs-config",
            "nft-bot",
            "nft-marketplace-backend",
            "nuxt-config",
            "python",
            "python-config",
            "r-package",
            "r-package-doc",
            "react",
            "react-app",
            "react-dotenv",
            "readme",
            "remix-scenario",
            "render-yaml",
            "rpc-server",
            "setup-doc",
            "sniper-bot",
            "sniper-config",
            "solana-agent",
            "solana-app",
            "solana-bot",
            "solana-cli",
            "solana-env",
            "solana-test",
            "solana-test-config",
            "solana-test-wallet",
            "solidity",
            "supabase",
            "telegram-bot",
            "trading-bot",
            "truffle-artifact",
            "truffle-config",
            "truffle-secret-file",
            "vue-dapp",
            "wallet-app",
            "web3js-script",
            "web3py-class",
            "web3py-demo",
            "web3py-script",
            "wrangler",
        ),  # fmt: skip
        (91, 91, 143),
        35,
        min_value=4,
    ),
    Split(
        "fresh38",
        "rr",
        re.compile(r"https://github\.com/[\w.\-]+/[\w.\-]+/blob/[0-9a-f]{40}/[^#]+#L\d+"),
        (
            "android-gradle",
            "app-config",
            "app-properties",
            "appsettings",
            "arm-template",
            "azure",
            "azure-config-json",
            "azure-functions",
            "azure-servicedeps",
            "compose",
            "db-properties",
            "dependabot",
            "dockerfile",
            "gh-actions",
            "gitlab-ci",
            "gitpod",
            "hibernate-cfg",
            "hibernate-hbm",
            "i18n-properties",
            "java-resource-sql",
            "jdbc-properties",
            "local-settings",
            "log4j-properties",
            "logback-groovy",
            "mail-properties",
            "maven-pom",
            "maven-settings",
            "mybatis",
            "nuget-config",
            "persistence-xml",
            "postman",
            "pubxml",
            "quarkus-pem",
            "quarkus-properties",
            "redis-properties",
            "spring-properties",
            "spring-security-xml",
            "spring-xml",
            "spring-yml",
            "tomcat-context",
            "tomcat-server-xml",
            "tomcat-users",
            "vs-servicedeps",
            "web-config",
            "web-config-transform",
            "wildfly-standalone",
            "wildfly-users",
        ),  # fmt: skip
        (96, 75, 165),
        36,
        min_value=4,
        kind_cap=5,
    ),
    Split(
        "fresh39",
        "rs",
        re.compile(r"https://github\.com/[\w.\-]+/[\w.\-]+/blob/[0-9a-f]{40}/[^#]+#L\d+"),
        (
            "aws",
            "cakephp2",
            "cakephp4",
            "codeigniter",
            "docker-env",
            "dotenv",
            "drupal",
            "drupal7",
            "drupal8",
            "gitignore",
            "joomla",
            "k8s-secret",
            "laravel-config",
            "laravel-env",
            "laravel-services",
            "laravel4",
            "magento1",
            "magento2",
            "midtrans",
            "moodle",
            "opencart",
            "paypal",
            "php",
            "php-config",
            "php-pdo",
            "phpmailer",
            "phpmyadmin",
            "prestashop",
            "prestashop16",
            "razorpay",
            "recaptcha",
            "sendgrid",
            "stripe",
            "symfony-env",
            "symfony-parameters",
            "telegram",
            "wp-config",
            "yii2",
        ),  # fmt: skip
        (90, 62, 173),
        37,
        min_value=4,
        kind_cap=5,
    ),
    Split(
        "fresh40",
        "rt",
        re.compile(r"https://github\.com/[\w.\-]+/[\w.\-]+/blob/[0-9a-f]{40}/[^#]+#L\d+"),
        (
            "airflow",
            "airflow-cfg",
            "airflow-dag",
            "airflow-dag-vars",
            "airflow-env",
            "airflow-helper",
            "airflow-operator",
            "airflow-unittests-cfg",
            "azure-pipelines",
            "boto3",
            "core-site",
            "credentials-yaml",
            "databricks",
            "databricks-notebook",
            "docker-compose",
            "dotenv",
            "dotenv-example",
            "elasticsearch-client",
            "etl-plugin",
            "etl-script",
            "fastapi",
            "filebeat",
            "flask-app",
            "flink-conf",
            "github-actions",
            "gitignore",
            "great-expectations",
            "ini-config",
            "ini-example",
            "jaas-conf",
            "java",
            "java-comment",
            "java-constants",
            "jdbc-sample",
            "json-config",
            "jupyter-config",
            "jupyterhub-config",
            "k8s",
            "kafka-client-properties",
            "kafka-config",
            "kafka-connect",
            "kafka-producer-config",
            "kafka-python",
            "kafka-python-config",
            "kafka-ssl-config",
            "logstash",
            "markdown",
            "markdown-doc",
            "metabase-env",
            "metricbeat",
            "mysql-env",
            "notebook",
            "notebook-output",
            "package-metadata",
            "pem",
            "powershell",
            "powershell-script",
            "praw",
            "properties",
            "pyspark",
            "pyspark-kafka",
            "python",
            "python-config",
            "python-dict-config",
            "readme",
            "readme-table",
            "redpanda-compose",
            "redshift-copy",
            "requirements",
            "s3fs",
            "saltstack-pillar",
            "scrapy-settings",
            "shell",
            "shell-env",
            "shell-export",
            "snowflake",
            "snowflake-connector",
            "snowflake-copy",
            "spark",
            "spark-defaults",
            "spark-streaming-consumer",
            "sql",
            "sql-data",
            "sqlalchemy",
            "superset-config",
            "vector-search",
        ),  # fmt: skip
        (80, 59, 203),
        38,
        min_value=4,
        kind_cap=5,
    ),
    Split(
        "fresh41",
        "ru",
        re.compile(r"https://github\.com/[\w.\-]+/[\w.\-]+/blob/[0-9a-f]{40}/[^#]+#L\d+"),
        (
            "circleci",
            "fivem-anticheat",
            "fivem-bundled-js",
            "fivem-csharp",
            "fivem-easyadmin",
            "fivem-easyadmin-js",
            "fivem-essentialmode",
            "fivem-esx",
            "fivem-fxmanifest",
            "fivem-js",
            "fivem-lb-phone",
            "fivem-loadingscreen-json",
            "fivem-lua",
            "fivem-lua-config",
            "fivem-mysql-async",
            "fivem-ox-doorlock",
            "fivem-ox-inventory",
            "fivem-ox-lib",
            "fivem-ox-target",
            "fivem-oxmysql-js",
            "fivem-readme",
            "fivem-server-cfg",
            "fivem-sql",
            "flask-app",
            "gh-actions",
            "gmod-docker",
            "gmod-lua",
            "gmod-lua-config",
            "gmod-readme",
            "mono-machine-config",
            "pnpm-lock",
            "squad-rcon-py",
            "squad-rcon-tool-config",
            "twitch-bot-elixir",
            "twitch-bot-html",
            "twitch-bot-js",
            "twitch-bot-py",
            "twitch-bot-readme",
            "twitch-bot-sql",
        ),  # fmt: skip
        (14, 14, 134),
        39,
        min_value=4,
    ),
    Split(
        "fresh42",
        "rv",
        re.compile(r"https://github\.com/[\w.\-]+/[\w.\-]+/blob/[0-9a-f]{40}/[^#]+#L\d+"),
        (
            "alembic-ini",
            "arista-eos",
            "azure-pipelines",
            "ceph",
            "cisco-ios",
            "corosync",
            "docker",
            "docker-compose",
            "extreme-exos",
            "git",
            "github-actions",
            "go",
            "go-config",
            "hostapd",
            "hostapd-eap-tls",
            "ipsec-conf",
            "ipsec-docker",
            "ipsec-secrets",
            "iptables",
            "jenkins",
            "linux-net",
            "netdevops-python",
            "powershell",
            "ppp-chap-secrets",
            "proxmox",
            "radius",
            "radius-eap-tls",
            "shell",
            "strongswan",
            "telegram-bot",
            "terraform",
            "terraform-backend",
            "vpn-api",
            "vyos",
            "wireguard",
            "wpa-supplicant",
            "x509",
            "xl2tpd",
        ),  # fmt: skip
        (33, 33, 143),
        40,
        min_value=4,
    ),
    Split(
        "fresh43",
        "rw",
        re.compile(r"https://github\.com/[\w.\-]+/[\w.\-]+/blob/[0-9a-f]{40}/[^#]+#L\d+"),
        (
            "alembic",
            "amqp",
            "api-docs",
            "aws",
            "aws-sdk",
            "bcrypt",
            "cloudbuild",
            "cloudinary",
            "config",
            "constants",
            "cookie-session",
            "crypto",
            "cryptr",
            "docker-compose",
            "dotenv",
            "ejs-view",
            "email-template",
            "express",
            "express-auth",
            "express-session",
            "facebook-graph",
            "fastapi-firebase-sa-json",
            "firebase-admin",
            "firebase-sa-json",
            "firebase-sa-minified-json",
            "firebase-storage",
            "firebase-web",
            "firestore-rules",
            "flask",
            "flask-firebase-sa-json",
            "github-actions",
            "gradle",
            "jwt",
            "keys-config",
            "log",
            "mercadopago",
            "mongo",
            "mongo-config",
            "mongo-driver",
            "mongo-uri",
            "mongoose",
            "mongoose-schema",
            "mysql-config",
            "nestjs-typeorm",
            "nodemailer",
            "ormconfig",
            "package-json",
            "passport",
            "passport-facebook",
            "passport-google",
            "passport-jwt",
            "passport-local",
            "passport-twitter",
            "pem",
            "pem-file",
            "pg-promise-config",
            "postman",
            "pydantic-example",
            "pyrebase",
            "python-jwt",
            "readme",
            "redis",
            "redis-conf",
            "seed",
            "seed-backup",
            "seed-json",
            "seed-migration",
            "sendgrid",
            "sequelize-config",
            "sequelize-model",
            "socket-io",
            "stripe",
            "test",
            "twilio",
            "twitch",
            "twitch-chat",
            "twitter-client",
            "typeorm",
            "typeorm-entity",
            "validation",
        ),  # fmt: skip
        (75, 58, 157),
        41,
        min_value=4,
        kind_cap=7,
    ),
    Split(
        "fresh44",
        "rx",
        re.compile(r"https://github\.com/[\w.\-]+/[\w.\-]+/blob/[0-9a-f]{40}/[^#]+#L\d+"),
        (
            "accounts-doc",
            "agentless-doc",
            "android-doc",
            "api-doc",
            "audit-doc",
            "auth-doc",
            "automate-doc",
            "automate-ha-doc",
            "azure-readme",
            "bootstrap-doc",
            "chef-backend-doc",
            "chef-server-doc",
            "ci-doc",
            "cli-doc",
            "compose-comment",
            "config-doc",
            "cra-readme",
            "credentials-doc",
            "deploy-doc",
            "deploy-guide",
            "deploy-notes",
            "download-doc",
            "erd-doc",
            "fact-check",
            "faq",
            "gcr-doc",
            "git-doc",
            "habitat-doc",
            "hipaa-doc",
            "hosting-doc",
            "hosting-guide",
            "js-config",
            "k8s-doc",
            "knife-doc",
            "lab-notes",
            "manage-doc",
            "markdown-doc",
            "markdown-table",
            "network-notes",
            "omnitruck-doc",
            "pasted-notes",
            "pasted-notes-txt",
            "patent-text",
            "policyfile-doc",
            "python-source",
            "readme",
            "readme-env-block",
            "readme-prose",
            "recipe-doc",
            "release-notes",
            "report",
            "report-doc",
            "resource-doc",
            "secrets-doc",
            "security-doc",
            "server-config-doc",
            "setup-checklist",
            "setup-doc",
            "setup-guide",
            "smtp-doc",
            "smtp-doc-zh",
            "supermarket-doc",
            "terraform-doc",
            "test-fixture",
            "testing-guide",
            "vps-notes",
            "wireguard",
            "workstation-doc",
        ),  # fmt: skip
        (28, 28, 112),
        42,
        min_value=6,
    ),
    Split(
        "fresh45",
        "ry",
        re.compile(r"https://github\.com/[\w.\-]+/[\w.\-]+/blob/[0-9a-f]{40}/[^#]+#L\d+"),
        (
            "beego",
            "beego-conf",
            "capistrano",
            "ci",
            "compose",
            "crystal",
            "dotenv",
            "elixir",
            "elixir-config",
            "figaro",
            "figaro-yml",
            "gitea",
            "gitea-ini",
            "go",
            "go-const",
            "go-ini",
            "go-toml",
            "go-viper",
            "go-yaml",
            "hocon",
            "hocon-config",
            "k8s",
            "ktor",
            "ktor-hocon",
            "phoenix",
            "phoenix-config",
            "phoenix-dev",
            "phoenix-prod-secret",
            "phoenix-umbrella",
            "prometheus-config",
            "rails",
            "rails-config",
            "rails-database-yml",
            "rails-dotenv",
            "rails-env",
            "rails-initializer",
            "rails-secrets-yml",
            "rails-service",
            "rails-yml",
            "rocket",
            "rocket-toml",
            "ruby",
            "ruby-lib",
            "rust",
        ),  # fmt: skip
        (86, 60, 148),
        43,
        min_value=7,
        kind_cap=7,
    ),
    Split(
        "fresh47",
        "sf",
        re.compile(r"https://github\.com/[\w.\-]+/[\w.\-]+/blob/[0-9a-f]{40}/[^#]+#L\d+"),
        (
            "ansible",
            "apt",
            "arm",
            "autohotkey",
            "azdo",
            "batch",
            "c",
            "cfg",
            "ci",
            "cloud-init",
            "compose",
            "config",
            "csharp",
            "csv",
            "docker",
            "dockerfile",
            "docs",
            "dotenv",
            "dotnet",
            "dsc",
            "expect",
            "hostapd",
            "iam",
            "ini",
            "lighttpd",
            "make",
            "nm",
            "node",
            "notes",
            "oracle",
            "packer",
            "pgdump",
            "powershell",
            "shell",
            "sql",
            "systemd",
            "terraform",
            "vbnet",
            "winscp",
            "yaml",
            "yum",
        ),  # fmt: skip
        (78, 78, 158),
        45,
        min_value=4,
    ),
    Split(
        "fresh46",
        "rz",
        re.compile(r"https://github\.com/[\w.\-]+/[\w.\-]+/blob/[0-9a-f]{40}/[^#]+#L\d+"),
        (
            "api-fixture",
            "betamax-cassette",
            "capybara",
            "ci",
            "ci-workflow",
            "env-sample",
            "env-test",
            "exunit",
            "exvcr-cassette",
            "exvcr-config",
            "exvcr-test",
            "factory",
            "jest",
            "k8s",
            "kotlin-test",
            "locale",
            "minitest",
            "omniauth-mock",
            "php-test",
            "php-vcr-cassette",
            "playwright",
            "polly-har",
            "pytest-fixture",
            "rails-dev-log",
            "rails-dummy-app",
            "rails-fixture",
            "readme",
            "request-spec",
            "research",
            "spec",
            "spec-config",
            "spec-factory",
            "spec-helper",
            "spec-omniauth",
            "spec-stub",
            "spring-test",
            "unit-test",
            "unittest",
            "vcr-cassette",
            "vcr-config",
            "vcrpy-cassette",
            "vcrpy-config",
            "vcrpy-helper",
            "vcrpy-test",
            "webmock",
            "wiremock-files",
            "wiremock-mapping",
        ),  # fmt: skip
        (87, 86, 166),
        44,
        min_value=6,
    ),
    Split(
        "fresh50",
        "si",
        re.compile(r"https://github\.com/[\w.\-]+/[\w.\-]+/blob/[0-9a-f]{40}/[^#]+#L\d+"),
        (
            "agent-install-script",
            "ansible-cfg",
            "ansible-defaults",
            "ansible-group-vars",
            "ansible-host-vars",
            "ansible-inventory",
            "ansible-playbook",
            "ansible-task",
            "app-config",
            "argocd-repo-secret",
            "argocd-values",
            "autounattend",
            "calm-blueprint",
            "calm-script",
            "certbot-volume",
            "ci-service-env",
            "cloud-init",
            "docker-compose",
            "dockerfile",
            "dockerfile-env",
            "dotenv",
            "dotenv-ctf",
            "dotenv-example",
            "env-example",
            "ethstats-json",
            "genesis-json",
            "helm-template",
            "helm-template-secret",
            "helm-values",
            "helm-values-comment",
            "helm-values-doc",
            "helm-values-tpl",
            "ini-config",
            "k3s-registries",
            "k8s-configmap",
            "k8s-deployment",
            "k8s-deployment-env",
            "k8s-manifest",
            "k8s-secret",
            "k8s-secret-data",
            "k8s-secret-stringdata",
            "k8s-serviceaccount",
            "kubevirt-cloud-init",
            "packer-json",
            "packer-vars",
            "pem",
            "provision-script",
            "sealed-secret",
            "setup-script",
            "sops",
            "sops-dotenv",
            "spring-application-yml",
            "spring-test",
            "tekton",
            "toml",
        ),  # fmt: skip
        (54, 53, 129),
        45,
        min_value=6,
    ),
    Split(
        "fresh48",
        "sg",
        re.compile(r"https://github\.com/[\w.\-]+/[\w.\-]+/blob/[0-9a-f]{40}/[^#]+#L\d+"),
        (
            "cmd",
            "cursor-mcp",
            "docker-compose",
            "dotenv",
            "dotenv-heredoc",
            "github-actions",
            "html",
            "javascript",
            "json",
            "markdown",
            "mcp-config",
            "mcp-json",
            "n8n-json",
            "notebook",
            "package-docs",
            "powershell",
            "python",
            "python-string",
            "readme",
            "readme-shell",
            "render-yaml",
            "service-account-json",
            "shell-heredoc",
            "smithery-yaml",
            "streamlit-secrets",
            "toml",
            "typescript",
        ),  # fmt: skip
        (62, 62, 204),
        46,
    ),
    Split(
        "fresh49",
        "sh",
        re.compile(r"https://github\.com/[\w.\-]+/[\w.\-]+/blob/[0-9a-f]{40}/[^#]+#L\d+"),
        (
            "ash-history",
            "bash-history",
            "boris-php-repl-history",
            "captured-terminal-output",
            "mysql-history",
            "node-repl-history",
            "powershell-history",
            "psql-history",
            "psysh-history",
            "python-history",
            "terminal-transcript-txt",
            "viminfo",
            "viminfo-register",
            "zsh-history",
        ),  # fmt: skip
        (48, 48, 202),
        47,
        min_value=4,
    ),
)
each = pytest.mark.parametrize("split", SPLITS, ids=lambda s: s.name)


@each
def test_the_split_is_a_split_of_the_scorer(split: Split) -> None:
    # Read as text: importing score would import the engine.
    score = (FOLDER / "score.py").read_text()
    assert f'"{split.name}": ("{split.secrets_file}", "{split.negatives_file}"),' in score


@each
def test_the_split_files_load_with_their_labels(split: Split) -> None:
    secrets, negatives = load(split.secrets_file), load(split.negatives_file)
    n_secrets, n_kinds, n_negatives = split.at_least
    assert len(secrets) >= n_secrets and len({c["kind"] for c in secrets}) >= n_kinds
    assert len(negatives) >= n_negatives
    for case in secrets:
        assert case["split"] == split.name, case["id"]
        assert case["kind"].split(":")[0] in split.sources, case["id"]
        assert split.pinned.fullmatch(case["source"]), case["id"]
        assert len(case["value"]) >= split.min_value, case["id"]
        assert case["value"] in case["example"], case["id"]
    for neg in negatives:
        assert neg["split"] == split.name, neg["id"]
        assert neg["kind"].split(":")[0] in tuple(s + "-fp" for s in split.sources), neg["id"]
        assert split.pinned.fullmatch(neg["source"]) and neg["text"], neg["id"]


@each
def test_the_split_ids_and_caps(split: Split) -> None:
    secrets, negatives = load(split.secrets_file), load(split.negatives_file)
    letter = split.letter
    assert [c["id"] for c in secrets] == [f"{letter}{i:04d}" for i in range(1, len(secrets) + 1)]
    assert [n["id"] for n in negatives] == [
        f"{letter}n{i:04d}" for i in range(1, len(negatives) + 1)
    ]
    assert max(Counter(c["kind"] for c in secrets).values()) <= split.kind_cap
    assert len({c["value"] for c in secrets}) == len(secrets)
    assert len({n["text"] for n in negatives}) == len(negatives)


@each
def test_the_split_stays_apart_from_every_earlier_split(split: Split) -> None:
    earlier = [("secrets.jsonl", "negatives.jsonl")]
    for path in sorted(FOLDER.glob("fresh*_secrets.jsonl")):
        if path.name != split.secrets_file:
            earlier.append((path.name, path.name.replace("_secrets", "_negatives")))
    assert len(earlier) >= split.earlier
    values = {c["value"] for files in earlier for c in load(files[0])}
    texts = {n["text"] for files in earlier for n in load(files[1])}
    assert not values & {c["value"] for c in load(split.secrets_file)}
    assert not texts & {n["text"] for n in load(split.negatives_file)}


@each
def test_the_split_id_letter_is_its_own(split: Split) -> None:
    others = [p for p in FOLDER.glob("*.jsonl") if not p.name.startswith(split.name + "_")]
    ids = {str(row.get("id", "")) for p in others for row in load(p.name)}
    assert not [i for i in ids if i.startswith(split.letter)]


@each
def test_no_negative_of_the_split_holds_a_labelled_value(split: Split) -> None:
    names = ["secrets.jsonl", *(p.name for p in sorted(FOLDER.glob("fresh*_secrets.jsonl")))]
    values = {c["value"] for name in names for c in load(name) if len(c["value"]) >= 8}
    negatives = load(split.negatives_file)
    assert not [n["id"] for n in negatives if any(v in n["text"] for v in values)]


@pytest.mark.parametrize(
    ("name", "alongside"),
    [
        ("fresh26", ""),
        ("fresh27", "pathneg2_"),
        ("fresh28", "authneg2_"),
        ("fresh29", ""),
        ("fresh31", ""),
    ],  # fmt: skip
)
def test_the_fixture_holdout_cites_no_repository_an_earlier_file_cites(
    name: str, alongside: str
) -> None:
    # fresh26 and fresh27 were taken from repositories no other file of the folder names in
    # a source (pathneg2, built at the same time by another blind helper, took public
    # certificate lines of two of fresh27's repositories: pyjwt, google-auth; authneg2, built
    # beside fresh28, a harmless text of Authelia's).
    cited = re.compile(r"github\.com/([\w.-]+/[\w.-]+)")
    ours = {
        cited.search(r["source"])[1].lower()
        for file in (f"{name}_secrets.jsonl", f"{name}_negatives.jsonl")
        for r in load(file)
    }
    others = set()
    for path in FOLDER.glob("*.jsonl"):
        if not path.name.startswith(f"{name}_") and not (
            alongside and path.name.startswith(alongside)
        ):
            for row in load(path.name):
                if isinstance(row.get("source"), str):
                    others |= {m.lower() for m in cited.findall(row["source"])}
    assert len(ours) >= 8 and not ours & others

"""Build the ``fresh22`` split from the example credentials in API providers' official SDKs and
their documentation, none of which a rule here was tuned on nor an earlier split taken from:
payment APIs (Stripe's, Razorpay's Python SDKs), communications APIs (Twilio's, Vonage's,
Plivo's, MessageBird's, Slack's), error trackers (Sentry's, Bugsnag's), an edge platform
(Cloudflare's generated SDK), identity (Auth0's), a secrets manager's client (hvac, for
HashiCorp Vault), a code host's client (python-gitlab) and Docker's SDK.

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh22.py

(``fetch github:stripe/stripe-python``, ``fetch github:twilio/twilio-python``,
``fetch github:slackapi/python-slack-sdk``, ``fetch github:getsentry/sentry-python``,
``fetch github:cloudflare/cloudflare-python``, ``fetch github:Vonage/vonage-python-sdk``,
``fetch github:plivo/plivo-python``, ``fetch github:razorpay/razorpay-python``,
``fetch github:messagebird/python-rest-api``, ``fetch github:auth0/auth0-python``,
``fetch github:python-gitlab/python-gitlab``, ``fetch github:hvac/hvac``,
``fetch github:bugsnag/bugsnag-python``, ``fetch github:docker/docker-py`` and the gitleaks and
ripsecrets mirrors the negatives' judges read bring what it reads; each mirror's ``HEAD`` is the
commit its cases cite: stripe-python ``6c6e3736d16dde7a2f0155379ea3cd99b976460b``,
twilio-python ``306691e793f417b6974640d1ef88785e9de03b2a``, python-slack-sdk
``ae87985e2c3811ead978f31ea5a1e4a7ca5c3515``, sentry-python
``064542dd2cbdbe0b11f1cda7f47d7d2920b0c38b``, cloudflare-python
``ac1ae1cb4fe55b6b9493500d82d7b5267da3535f``, vonage-python-sdk
``b308cb1e94192b7ae5f5f7256d0ff1dfdd028020``, plivo-python
``a0cd3237d2ce1dc46434572997f9ccf380502af0``, razorpay-python
``b56ac018bf023e2b244a73a4bda2ea861115edcf``, python-rest-api (MessageBird)
``2371520004eab2a2d9ff5c0d2e098626a07f8e35``, auth0-python
``d6407dbf40268f88cc166a448fa0590a61f82f0e``, python-gitlab
``00e380267b2408f77a23fccfaa1d64ba0bc38cac``, hvac ``09902dea41c2c6313cd7844be4d984c1514bd822``,
bugsnag-python ``bb936a1b313ee29f610fb8c09f2602f2891baede``, docker-py
``afc6d1ee308e78b908b96a94298c37fa8c465588``.)
It writes ``fresh22_secrets.jsonl`` and ``fresh22_negatives.jsonl``; both are committed, so CI
never needs the network. The cases are tables read by hand, one per source (``stripepy_docs.py``,
``twiliopy_docs.py``, ``slacksdk_docs.py``, ``sentrypy_docs.py``, ``cloudflarepy_docs.py``,
``vonagepy_docs.py``, ``plivopy_docs.py``, ``razorpaypy_docs.py``, ``messagebirdpy_docs.py``,
``auth0py_docs.py``, ``pygitlab_docs.py``, ``hvac_docs.py``, ``bugsnagpy_docs.py``,
``dockerpy_docs.py``); this script looks each one up in its file at the pinned commit (a table
that no longer matches its source stops the build), cites the first line holding it and
filters. Ids are ``sd0001``... and ``sdn0001``... (``dd`` was asked for, but ``d`` is
``fresh15``'s letter, and ``test_the_split_id_letter_is_its_own`` forbids any other file's id
to start with it).

What each source gives: keys vendors print in their docs (Stripe's public test secret key,
MessageBird's test access key, Cloudflare's Global API Key, GitLab personal access tokens in
python-gitlab's docs and CLI configuration, GitLab's old default root password, a Twilio SIP
credential's example password, Bugsnag project keys in example apps); values SDK tests replay
from an API (Plivo subaccount auth tokens, Vault client tokens, AppRole SecretIDs and AWS
credentials in hvac's mocks, GitLab deploy and runner tokens, Razorpay and MessageBird webhook
and signing secrets, Slack's walkthrough response URL, Cloudflare's TSIG secret, IPsec PSK and
stream key, Docker registry identity tokens); bearer JWTs (Vonage's application, Video and
Network tokens and a signed callback, Auth0 ID tokens, a Plivo access token); Sentry DSN keys;
private keys committed for tests (Sentry's, Cloudflare's, Vonage's, hvac's TLS/CA/OIDC keys,
an APN key's head in Twilio's reference, Docker's SSH test keys); Django ``SECRET_KEY`` values
in Bugsnag's example projects. Negatives are the same docs' stand-ins (``sk_test_...``,
``YOUR_API_KEY``, ``xoxb-111-222-xxxxx``, ``<token>``), environment reads, resource ids (Twilio
SIDs, Plivo Auth IDs, Vault accessors and RoleIDs, Stripe, Razorpay and Cloudflare object ids),
request ids, trace ids, request signatures, digests and public keys.

Rules for borderline classes, applied in every table: a documented example or test key in a
credential's form and place is a secret; a publishable or public key (a Turnstile site key, a
Web Analytics site tag, an SSH or JWKS public key, a certificate) is a negative; an
identifier sent beside a secret (a Twilio SID, a Plivo Auth ID, a Vault accessor or RoleID, a
Razorpay card token id) is a negative; a DSN's key is a secret (as the split's brief asks),
though Sentry calls it public; a webhook or response URL's secret path is a secret.

The builder's own filters drop some labelled values, not the tables: Slack's documented signing
secret and verification token and hvac's and Docker's OpenSSH key lines (``fresh2``'s
placeholder test), AWS's documented pair in Twilio's reference (``build.py``'s placeholder test),
jwt.io's example JWT in hvac (a value of an earlier split), a fourth Bugsnag Django key and a
fourth Plivo auth token and Sentry DSN key (over ``PER_KIND``).

Read and not taken: stripe-node (``stripe/stripe-node``: one test key, its docs all
``sk_test_...``), stripe-cli (``stripe/stripe-cli``: test keys that count digits, one Sentry
DSN), twilio-node (the Python SDK's generated docstrings again), mailgun.js (words:
``key``, ``testPassword``), sendgrid-python (``YOUR_API_KEY``, a ``username:password`` Basic
header), pusher-http-python (``key``/``secret`` words, one master key), plaid-python,
algoliasearch-client-python, okta-sdk-python and anthropic-sdk-python (stand-ins and words
only), elasticsearch-py (``changeme``, ``<api_key>``; one test key), pyrollbar (one token),
mongo-python-driver (``user:pass``, ``password`` words). Password digests are in neither file.

The lookup, the filters (``fresh9``'s; every split up to ``fresh21`` among the earlier splits:
``fresh21``'s chain, which ends at ``fresh19``, and ``fresh20`` and ``fresh21``'s own files;
``NO_SECRET`` holds words naming the value, counted or repeated runs, keyboard rows), numbering
and report are ``blind_split.py``'s.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import auth0py_docs  # noqa: E402
import blind_split  # noqa: E402
import bugsnagpy_docs  # noqa: E402
import cloudflarepy_docs  # noqa: E402
import dockerpy_docs  # noqa: E402
import fresh21  # noqa: E402
import hvac_docs  # noqa: E402
import messagebirdpy_docs  # noqa: E402
import plivopy_docs  # noqa: E402
import pygitlab_docs  # noqa: E402
import razorpaypy_docs  # noqa: E402
import sentrypy_docs  # noqa: E402
import slacksdk_docs  # noqa: E402
import stripepy_docs  # noqa: E402
import twiliopy_docs  # noqa: E402
import vonagepy_docs  # noqa: E402

SPLIT = "fresh22"
LETTER = "sd"
SOURCES: tuple[tuple[str, ModuleType], ...] = (
    ("stripe-python", stripepy_docs),
    ("twilio-python", twiliopy_docs),
    ("slack-sdk", slacksdk_docs),
    ("sentry-python", sentrypy_docs),
    ("cloudflare-python", cloudflarepy_docs),
    ("vonage-python", vonagepy_docs),
    ("plivo-python", plivopy_docs),
    ("razorpay-python", razorpaypy_docs),
    ("messagebird-python", messagebirdpy_docs),
    ("auth0-python", auth0py_docs),
    ("python-gitlab", pygitlab_docs),
    ("hvac", hvac_docs),
    ("bugsnag-python", bugsnagpy_docs),
    ("docker-py", dockerpy_docs),
)
EARLIER_SECRETS, EARLIER_NEGATIVES = blind_split.after(fresh21, "fresh20", "fresh21")


if __name__ == "__main__":
    blind_split.build_split(SPLIT, LETTER, SOURCES, EARLIER_SECRETS, EARLIER_NEGATIVES)

# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Cloudflare's Python SDK, for the ``fresh22`` split (``fresh22.py`` reads and writes).

``cloudflare/cloudflare-python`` is Cloudflare's official Python SDK, generated from its API
reference: every method's test passes the reference's example values. Among thousands of
32-hex account, zone and object ids sit a few credentials: the Global API Key Cloudflare's docs
print (``144c9defac04969c7bfad8efaa8ea194``, the tests' ``conftest.py``), a DNS zone transfer's
TSIG secret, an IPsec tunnel's pre-shared key, a live stream output's stream key, a Slack
webhook URL for an alert destination and two private keys given to the custom-certificate
endpoints. The README, ``tests/conftest.py``, ``tests/test_client.py`` (its auth tests), the CI
workflow, ``.stats.yml`` and every test under ``tests/api_resources`` whose keyword argument
names a secret, key, token, PSK or password were read at ``HEAD``; the rest were searched.

``SECRETS``: (file, kind, value, anchor); a private key's value is its first 64 base64 signs, as
earlier splits take a PEM key's first line. ``NEGATIVES``: (file, kind, text): the README's
environment reads, account, zone, member, token and Access AUD ids (identifiers), the spec's
digest, a Turnstile site key and a Gateway SSH public key (public by design), the Web
Analytics token (a site tag its beacon snippet publishes), a stand-in public key.

``NO_SECRET``: ``AQIDBAUGBwgBAgMEBQYHCAECAwQFBgcIAQIDBAUGBwg=`` (a tunnel secret that decodes
to the bytes 1 to 8 said four times: counted), ``continuation_token`` (a word naming the value).

Doubtful labels, kept: the Slack webhook URL's path (``Ds3fdBFbV/456464Gdd``) is shorter than a
real one's, but it is in a webhook URL's secret path's place: a secret.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/cloudflare+cloudflare-python/repo")
REPO = "cloudflare/cloudflare-python"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("tests/conftest.py", "cloudflare-python:global-api-key", "144c9defac04969c7bfad8efaa8ea194", None),
    ("tests/api_resources/dns/zone_transfers/test_tsigs.py", "cloudflare-python:tsig-secret", "caf79a7804b04337c9c66ccd7bef9190a1e1679b5dd03d8aa10f7ad45e1a9dab92b417896c15d4d007c7c14194538d2a5d0feffdecc5a7f0e1c570cfa700837c", None),
    ("tests/api_resources/magic_transit/test_ipsec_tunnels.py", "cloudflare-python:ipsec-psk", "O3bwKSjnaoCxDoUxjcq4Rk8ZKkezQUiy", None),
    ("tests/api_resources/stream/live_inputs/test_outputs.py", "cloudflare-python:stream-key", "uzya-f19y-g2g9-a2ee-51j2", None),
    ("tests/api_resources/alerting/destinations/test_webhooks.py", "cloudflare-python:slack-webhook-url", "https://hooks.slack.com/services/Ds3fdBFbV/456464Gdd", None),
    ("tests/api_resources/test_custom_certificates.py", "cloudflare-python:rsa-private-key", "MIIEowIBAAKCAQEAwQHoetcl9+5ikGzV6cMzWtWPJHqXT3wpbEkRU9Yz7lgvddmG", None),
    ("tests/api_resources/test_mtls_certificates.py", "cloudflare-python:pkcs8-private-key", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDEXDkcICRU3XBv", None),
    # read as no secret (NO_SECRET)
    ("tests/api_resources/zero_trust/tunnels/test_cloudflared.py", "cloudflare-python:tunnel-secret", "AQIDBAUGBwgBAgMEBQYHCAECAwQFBgcIAQIDBAUGBwg=", None),
    ("tests/api_resources/images/test_v2.py", "cloudflare-python:continuation-token", "continuation_token", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "AQIDBAUGBwgBAgMEBQYHCAECAwQFBgcIAQIDBAUGBwg=": "decodes to the bytes 1 to 8 said four times: counted",
    "continuation_token": "a word naming the value",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("README.md", "cloudflare-python-fp:reference", 'api_token=os.environ.get("CLOUDFLARE_API_TOKEN"),  # This is the default and can be omitted'),
    (".github/workflows/ci.yml", "cloudflare-python-fp:account-id", "CLOUDFLARE_ACCOUNT_ID: f037e56e89293a057740de681ac9abbe"),
    (".github/workflows/ci.yml", "cloudflare-python-fp:zone-id", "CLOUDFLARE_ZONE_ID: 0da42c8d2132a9ddaf714f9e7c920711"),
    (".stats.yml", "cloudflare-python-fp:digest", "openapi_spec_hash: 83243c9ee06f88d0fa91e9b185d8a42e"),
    ("tests/api_resources/accounts/logs/test_audit.py", "cloudflare-python-fp:account-id", 'account_id="a67e14daa5f8dceeb91fe5449ba496ef",'),
    ("tests/api_resources/accounts/test_members.py", "cloudflare-python-fp:object-id", '{"id": "c8fed203ed3043cba015a93ad1616f1f"},'),
    ("tests/api_resources/accounts/test_tokens.py", "cloudflare-python-fp:token-id", 'token_id="ed17574386854bf78a67040be0a770b0",'),
    ("src/cloudflare/resources/zero_trust/access/applications/applications.py", "cloudflare-python-fp:access-aud", '"bdd31cbc4dec990953e39163fbbb194c93313ca9f0a6e420346af9d326b1d2a5" }'),
    ("tests/api_resources/turnstile/test_widgets.py", "cloudflare-python-fp:site-key", 'sitekey="0x4AAF00AAAABn0R22HWm-YUc",'),
    ("tests/api_resources/zero_trust/gateway/test_audit_ssh_settings.py", "cloudflare-python-fp:public-key", 'public_key="1pyl6I1tL7xfJuFYVzXlUW8uXXlpxegHXBzGCBKaSFA=",'),
    ("tests/api_resources/pages/test_projects.py", "cloudflare-python-fp:site-tag", '"web_analytics_token": "021e1057c18547eca7b79f2516f06o7x",'),
    ("tests/api_resources/test_ai_gateway.py", "cloudflare-python-fp:placeholder", 'logpush_public_key="xxxxxxxxxxxxxxxx",'),
    ("tests/api_resources/r2/buckets/test_sippy.py", "cloudflare-python-fp:placeholder", '"secret_access_key": "secretAccessKey",'),
    ("tests/api_resources/test_pipelines.py", "cloudflare-python-fp:placeholder", '"secret_access_key": "<secret key>",'),
    ("tests/api_resources/zero_trust/devices/posture/test_integrations.py", "cloudflare-python-fp:placeholder", '"client_secret": "example client secret",'),
)  # fmt: skip

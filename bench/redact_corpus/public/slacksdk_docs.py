# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Slack's Python SDK, for the ``fresh22`` split (``fresh22.py`` reads and writes).

``slackapi/python-slack-sdk`` is Slack's official Python SDK, with its documentation site under
``docs/english`` and a tutorial. The docs take care never to print a working token
(``xoxb-111-222-xxxxx``, ``xapp-A111-222-xyz``, ``T00000000/B00000000/XXXX…``); the one test that
copies Slack's own "verifying requests from Slack" walkthrough keeps that page's example values:
its signing secret (``8f742231b10e8888abcd99yyyzzz85a5``), the slash command's verification
token (``xyzz0WbapA4vBCDEFasx0q6G``) and a ``response_url`` whose last path part is the
one-time secret that lets a caller post back. ``docs/english`` (``installation``, ``webhook``,
``socket-mode``, ``oauth``), ``tutorial/``, ``tests/signature/``, the socket-mode mock server,
the web API mock handler and ``integration_tests/samples`` were read at ``HEAD``.

``SECRETS``: (file, kind, value, anchor). ``NEGATIVES``: (file, kind, text): the docs' stand-in
tokens and webhook URL, the environment reads that replace them, the expected ``v0=`` request
signature (an HMAC of one request, no key), a commented proxy header of ``user:pass``.

``NO_SECRET``: ``MTExLjIyMjpzZWNyZXQ=`` (Basic credentials of ``111.222:secret``: counted
digits and a word naming the value), ``verification-token`` (words naming the value).

Doubtful labels, kept: the walkthrough's values are Slack's documented examples, in a signing
secret's, a verification token's and a response URL's secret path's place: secrets by the
split's rule. ``8f742231b10e8888abcd99yyyzzz85a5`` is no hex (``yyyzzz``), but a signing secret
is any string the verifier keys an HMAC with.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/slackapi+python-slack-sdk/repo")
REPO = "slackapi/python-slack-sdk"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("tests/signature/test_signature_verifier.py", "slack-sdk:signing-secret", "8f742231b10e8888abcd99yyyzzz85a5", None),
    ("tests/signature/test_signature_verifier.py", "slack-sdk:verification-token", "xyzz0WbapA4vBCDEFasx0q6G", None),
    ("tests/signature/test_signature_verifier.py", "slack-sdk:response-url-secret", "96rGlfmibIGlgcZRskXaIFfN", None),
    # read as no secret (NO_SECRET)
    ("tests/slack_sdk/web/mock_web_api_handler.py", "slack-sdk:basic-credentials", "MTExLjIyMjpzZWNyZXQ=", None),
    ("tests/slack_sdk/socket_mode/mock_socket_mode_server.py", "slack-sdk:verification-token", "verification-token", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "MTExLjIyMjpzZWNyZXQ=": "Basic credentials of 111.222:secret: counted digits and a word naming the value",
    "verification-token": "words naming the value",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("docs/english/installation.md", "slack-sdk-fp:placeholder", "token = 'xoxb-111-222-xxxxx'"),
    ("docs/english/installation.md", "slack-sdk-fp:placeholder", 'SLACK_BOT_TOKEN="xoxb-111-222-xxxxx" python myapp.py'),
    ("docs/english/webhook.md", "slack-sdk-fp:placeholder", 'url = "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX"'),
    ("docs/english/socket-mode.md", "slack-sdk-fp:reference", 'app_token=os.environ.get("SLACK_APP_TOKEN"),  # xapp-A111-222-xyz'),
    ("docs/english/socket-mode.md", "slack-sdk-fp:reference", 'web_client=WebClient(token=os.environ.get("SLACK_BOT_TOKEN"))  # xoxb-111-222-xyz'),
    ("docs/english/oauth.md", "slack-sdk-fp:reference", 'client_secret = os.environ["SLACK_CLIENT_SECRET"]'),
    ("docs/english/oauth.md", "slack-sdk-fp:reference", 'signing_secret = os.environ["SLACK_SIGNING_SECRET"]'),
    ("tutorial/04-running-the-app.md", "slack-sdk-fp:placeholder", "$ export SLACK_BOT_TOKEN='xoxb-XXXXXXXXXXXX-xxxxxxxxxxxx-XXXXXXXXXXXXXXXXXXXXXXXX'"),
    ("tutorial/04-running-the-app.md", "slack-sdk-fp:placeholder", "$ export SLACK_SIGNING_SECRET='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'"),
    ("tests/signature/test_signature_verifier.py", "slack-sdk-fp:signature", 'valid_signature = "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503"'),
    ("tests/signature/test_signature_verifier.py", "slack-sdk-fp:timestamp", 'timestamp = "1531420618"'),
    ("integration_tests/samples/socket_mode/builtin_proxy_auth_example.py", "slack-sdk-fp:commented-example", '# proxy_headers={"Proxy-Authorization": "Basic dXNlcjpwYXNz"},'),
)  # fmt: skip

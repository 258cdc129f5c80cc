"""Wordings of the prose corpus for documents: pull-request descriptions, bug reports and
error messages (see `wordings.py`)."""

from __future__ import annotations

REPORTS: dict[str, list[tuple[bool, str]]] = {
    "pr_description": [
        (
            True,
            "## Summary\n\nThe staging deploy broke because the compose file still referenced "
            "{v}. This PR reads the value from the environment instead.\n\n"
            "## Checklist\n\n- [x] Tests pass locally\n- [x] Updated .env.example\n"
            "- [ ] Rotated in the dashboard",
        ),
        (
            True,
            "### What\n\nMove the sandbox value out of `config.yaml`.\n\n### Why\n\n"
            "`{v}` was committed in plain text and is visible to anyone with read access.\n\n"
            "### Checklist\n- [x] Removed from config\n- [x] Added to CI variables\n"
            "- [ ] Purge from history (follow-up)",
        ),
        (
            True,
            "This fixes #412.\n\nThe client used '{v}' for every environment, so prod requests "
            "were hitting the sandbox. Each environment now gets its own value.\n\n"
            "- [x] unit tests\n- [x] docs\n- [ ] changelog",
        ),
        (
            True,
            "## Summary\n\n- Drop the hard-coded fallback ({v}) from `settings.py`\n"
            "- Fail fast when the variable is missing\n\n## Test plan\n\n"
            "- [x] `pytest -q`\n- [x] started the app without the variable and saw the error",
        ),
        (
            True,
            "Quick one: the README example used our real value, **{v}**, so I replaced it "
            "with a placeholder.\n\n- [x] README\n- [x] docs/quickstart.md",
        ),
        (
            True,
            "## Description\n\nRecorded HTTP fixtures contained the header value `{v}`. "
            "This PR filters it before recording and re-records the cassettes.\n\n"
            "## Type of change\n\n- [x] Bug fix\n- [ ] New feature\n\n"
            "## Checklist\n\n- [x] My code follows the style guidelines\n"
            "- [x] I have added tests",
        ),
        (
            True,
            "Summary\n-------\nThe webhook URL below was shared in Slack and is now public:\n\n"
            "```\n{v}\n```\n\nThis PR points the notifier at a new hook read from the "
            "environment.\n\nChecklist\n---------\n- [x] notifier reads `NOTIFY_URL`\n"
            "- [x] old hook deleted",
        ),
        (
            True,
            "## Why\n\nIs {v} still used anywhere? I could not find a caller, so this PR "
            "removes it together with the dead `legacy_client` module.\n\n## Checklist\n"
            "- [x] grep shows no other use\n- [x] CI green",
        ),
        (
            True,
            "Closes #88\n\nBefore: every retry printed the request, including {v}, to the "
            "console.\nAfter: the request is logged at DEBUG with headers masked.\n\n"
            "- [x] Tested with `LOG_LEVEL=DEBUG`\n- [x] Tested with `LOG_LEVEL=INFO`",
        ),
        (
            True,
            "## Summary\n\n| env | old value | new value |\n| --- | --- | --- |\n"
            "| staging | {v} | from env |\n| prod | from env | from env |\n\n"
            "## Checklist\n\n- [x] staging redeployed\n- [x] smoke tests",
        ),
        (
            True,
            "small fix, the docker-compose override had {v} baked in so the "
            "container ignored .env. now it doesn't.\n\n- [x] tested with `docker compose up`",
        ),
        (
            True,
            "## Summary\n\nMake the sandbox account configurable.\n\n## Notes\n\n"
            "Reviewers: the value `{v}` that appears in the old fixture is the public sandbox "
            "one from the vendor docs, not ours.\n\n## Checklist\n\n- [x] Tests\n- [x] Docs",
        ),
        (
            True,
            '### Summary\nThe integration suite talked to the live service using "{v}"; it '
            "now uses a local stub.\n### Checklist\n- [x] `make test` passes offline\n"
            "- [ ] remove the value from the CI settings after merge",
        ),
        (
            False,
            "## Summary\n\nRotate the leaked {name} token. The old token `{v}` was visible in "
            "the build log of run 4411 and has been revoked.\n\n## Checklist\n\n"
            "- [x] Revoked old token\n- [x] Stored new token in GitHub secrets\n"
            "- [x] Re-ran the deploy",
        ),
        (
            False,
            "### Changes\n\n- Read the API key from `API_KEY` instead of the literal "
            '"{v}"\n- Add a startup check for the variable\n\n### Checklist\n\n'
            "- [x] Added tests\n- [x] Updated docs",
        ),
        (
            False,
            "This PR moves the {name} credentials into Vault.\n\nThe password in "
            "`group_vars/prod.yml` ('{v}') is replaced by a lookup.\n\n"
            "- [x] ansible-lint\n- [x] dry run against staging\n- [ ] prod rollout",
        ),
        (
            False,
            "## Summary\n\nThe auth client cached the bearer token ({v}) forever. It now "
            "refreshes on 401.\n\n## Checklist\n- [x] Unit tests\n- [x] Manual test against "
            "sandbox",
        ),
        (
            False,
            "Fixes the CI failure on macOS.\n\nThe secret was missing for the macOS runner; "
            "I set it to {v} in the workflow for now (it is a throwaway sandbox key).\n\n"
            "**Todo before merge**\n- [ ] move the key to repository secrets",
        ),
        (
            False,
            "## What does this PR do?\n\nRemoves the token from `.npmrc`:\n\n```\n"
            "//registry.npmjs.org/:_authToken={v}\n```\n\nand reads it from `NPM_TOKEN` in CI."
            "\n\n## Checklist\n- [x] publish dry run works",
        ),
        (
            False,
            "Summary: swap the expired {name} key for the new key, {v}.\n\n"
            "- [x] updated staging\n- [x] updated docs\n- [ ] notify the on-call",
        ),
        (
            False,
            "## Summary\nThe helm chart rendered `password: {v}` into a ConfigMap. It now "
            "uses a Secret.\n\n## Checklist\n- [x] `helm template` output reviewed\n"
            "- [x] chart version bumped",
        ),
        (
            False,
            "## Context\n\nOur {name} secret, {v}, is used by three services. This PR makes "
            "them read it from one place.\n\n## Checklist\n\n- [x] service-a\n- [x] service-b\n"
            "- [ ] service-c (follow-up)",
        ),
        (
            False,
            "## Summary\n\nMask credentials in error messages. Before:\n\n"
            "> connection failed for key {v}\n\nAfter:\n\n> connection failed for key ****\n\n"
            "## Checklist\n\n- [x] tests for the masking helper",
        ),
        (
            False,
            "Drop the auth token from the Makefile (`TOKEN ?= {v}`). Set it in your shell "
            "instead.\n\n- [x] Makefile\n- [x] CONTRIBUTING.md",
        ),
        (
            False,
            "## Summary\n\n1. The deploy key `{v}` is deleted from the repo.\n"
            "2. A new key is added as a GitHub secret.\n\n## Checklist\n\n"
            "- [x] deploy works from main\n- [x] old key removed from the server",
        ),
        (
            False,
            "tl;dr the token in the test config ({v}) expired, tests now use a fake one\n\n"
            "- [x] tests green\n- [x] no real token anywhere in the repo",
        ),
    ],
    "bug_report": [
        (
            True,
            "## Describe the bug\n\nThe client returns 401 on every call after upgrading to "
            "2.4.0.\n\n### Steps to reproduce\n\n```python\nfrom acme import Client\n\n"
            'client = Client("{v}")\nclient.list_items()\n```\n\n'
            "**Expected** a list of items.\n\n**Actual** `HTTP 401` with an empty body.\n\n"
            "### Environment\n\n- OS: Ubuntu 22.04\n- Python 3.11.4\n- acme 2.4.0",
        ),
        (
            True,
            "## Describe the bug\n\nThe CLI ignores the value from the environment.\n\n"
            "### Steps to reproduce\n\n1. `export ACME_ID={v}`\n2. run `acme whoami`\n"
            "3. see `not logged in`\n\n**Expected** the account name.\n\n"
            "### Version\n\nacme-cli 0.9.2 on macOS 14",
        ),
        (
            True,
            "### Bug description\n\nUploading a file larger than 5 MB fails with a 403.\n\n"
            "### Steps to reproduce\n\n```bash\ncurl -X POST https://api.example.com/v2/upload "
            "\\\n  -H 'X-Api-Id: {v}' \\\n  -F file=@big.bin\n```\n\n"
            "**Expected behavior**\n\nThe upload succeeds as it does for small files.\n\n"
            "### Additional context\n\nSmall files (< 5 MB) work fine.",
        ),
        (
            True,
            "## Describe the bug\n\nAfter the 3.0 migration the settings loader crashes.\n\n"
            "### Config\n\n```yaml\nservice:\n  url: https://api.example.com\n"
            "  value: {v}\n  timeout: 30\n```\n\n### Steps to reproduce\n\n"
            "1. Save the config above as `settings.yaml`\n2. Run `app serve`\n\n"
            "**Expected** the server to start.\n\n**Actual** `TypeError: 'NoneType' object is not "
            "subscriptable`",
        ),
        (
            True,
            "**Describe the bug**\nIs {v} supposed to work with the EU endpoint? It works with "
            "the US one but the EU one returns 403.\n\n**To Reproduce**\n```python\n"
            "import requests\nrequests.get('https://eu.api.example.com/v1/me', "
            "headers={{'X-Id': '...'}})\n```\n\n**Expected behavior**\nSame response as US.\n\n"
            "**Desktop**\n - OS: Windows 11\n - Version 1.2.3",
        ),
        (
            True,
            "## Bug report\n\nThe docker image ignores `.env`.\n\n### Reproduction\n\n"
            "```\n$ cat .env\nSERVICE_ID={v}\nREGION=eu-west-1\n$ docker compose up\n"
            "web_1  | ERROR: SERVICE_ID is not set\n```\n\n### Expected\n\n"
            "The variable is read from `.env`.\n\n### Versions\n\n- docker 24.0.7\n"
            "- compose v2.23.0",
        ),
        (
            True,
            "## Describe the bug\n\nThe sync job silently skips every record.\n\n"
            "### Steps to reproduce\n\n- Configure the connector with `{v}`\n"
            "- Run `sync --full`\n- Look at the destination table: it is empty\n\n"
            "**Expected** 1,200 rows.\n\n### Logs\n\n```\nINFO sync started\n"
            "INFO 0 records fetched\nINFO sync finished in 0.4s\n```",
        ),
        (
            True,
            "### What happened?\n\nThe Terraform provider fails on plan.\n\n"
            '```hcl\nprovider "acme" {{\n  region = "us-east-1"\n  id     = "{v}"\n}}\n'
            "```\n\n### What did you expect to happen?\n\nA plan with one resource to add.\n\n"
            "### Provider version\n\n1.8.0",
        ),
        (
            True,
            "## Describe the bug\n\nThe webhook notifier posts twice for every event.\n\n"
            "### Steps to reproduce\n\n1. Set the target to {v}\n2. Trigger any event\n"
            "3. Two messages arrive\n\n**Expected** one message per event.\n\n"
            "### Environment\n- version 4.1.0\n- Node 20",
        ),
        (
            True,
            "**Bug**\n\nsdk throws on init since 1.4, worked on 1.3.\n\n**Repro**\n\n"
            "```js\nconst sdk = require('acme-sdk');\nconst c = sdk.init({{ id: '{v}' }});\n"
            "await c.ping();\n```\n\n**Expected** `pong`\n\n**Got** "
            "`TypeError: Cannot read properties of undefined (reading 'headers')`",
        ),
        (
            True,
            "## Describe the bug\n\nThe health check reports the service as down although it "
            "works.\n\n### Steps to reproduce\n\n```\n$ acme doctor\nchecking connection to "
            "api.example.com ... ok\nchecking account {v} ... FAILED (timeout)\n```\n\n"
            "**Expected** both checks to pass.\n\n### Additional context\n\nThe same account "
            "works from the web UI.",
        ),
        (
            True,
            "## Description\n\nThe Java client hangs forever on the second request.\n\n"
            "## Steps to reproduce\n\n```java\nAcmeClient client = AcmeClient.builder()\n"
            '    .apiId("{v}")\n    .build();\nclient.get("/items");\n'
            'client.get("/items"); // never returns\n```\n\n**Expected** both calls return.\n\n'
            "## Environment\n\n- JDK 17\n- acme-java 3.2.1",
        ),
        (
            True,
            "### Describe the bug\n\nThe `login` command succeeds but the next command says "
            "I'm logged out.\n\n### Steps to reproduce\n\n1. `acme login --id {v}`\n"
            "2. `acme projects list`\n\n**Expected** my projects.\n\n**Actual**\n\n"
            "```\nError: please run acme login first\n```\n\n### Version\n\n2.0.0-rc.3",
        ),
        (
            False,
            "## Describe the bug\n\nThe {name} integration fails with `invalid_auth`.\n\n"
            "### Steps to reproduce\n\n```python\nfrom integrations import {cls}\n\n"
            '{var} = {cls}(api_key="{v}")\n{var}.send("hello")\n```\n\n'
            "**Expected** the message to be sent.\n\n**Actual** `invalid_auth`\n\n"
            "### Environment\n\n- Python 3.12\n- integrations 0.14.0",
        ),
        (
            False,
            "## Describe the bug\n\nToken refresh never happens.\n\n### Steps to reproduce\n\n"
            "```bash\ncurl -H 'Authorization: Bearer {v}' https://api.example.com/v1/me\n```\n\n"
            "returns 200 for an hour, then 401 forever; the SDK does not refresh.\n\n"
            "**Expected** the SDK refreshes the token.\n\n### Version\n\nsdk 5.0.1",
        ),
        (
            False,
            "### Bug description\n\nThe secret from my config is not masked in the logs. My "
            'config:\n\n```toml\n[{name}]\nsecret = "{v}"\n```\n\nand the debug log prints it '
            "as is.\n\n**Expected behavior**\n\nSecrets are shown as `****`.\n\n"
            "### Version\n\n0.22.1",
        ),
        (
            False,
            "## Describe the bug\n\nI accidentally pasted my key below, I've revoked it "
            "already.\n\nThe request `GET /v1/usage` with key {v} returns 500 instead of the "
            "usage report.\n\n### Steps to reproduce\n\n1. Create a key\n2. Call `/v1/usage`\n\n"
            "**Expected** a JSON report.",
        ),
        (
            False,
            "## Describe the bug\n\nDB connection fails when the password has special "
            "characters.\n\n### Steps to reproduce\n\n```python\nengine = create_engine(\n"
            '    "postgresql://app:{v}@db:5432/app"\n)\nengine.connect()\n```\n\n'
            "**Expected** a connection.\n\n**Actual** `OperationalError: password "
            "authentication failed`",
        ),
        (
            False,
            "**Describe the bug**\nThe GitHub Action fails at the login step.\n\n"
            "**Workflow**\n```yaml\n- uses: acme/login-action@v2\n  with:\n"
            "    token: {v}\n```\n\n**Expected behavior**\nLogin succeeds.\n\n"
            "**Logs**\n```\nError: Bad credentials\n```",
        ),
        (
            False,
            "## Bug\n\nThe {name} token is rejected with a 403 but it works with curl.\n\n"
            "| client | token | result |\n| --- | --- | --- |\n| curl | {v} | 200 |\n"
            "| sdk 2.1 | same | 403 |\n\n### Steps to reproduce\n\nSee table.\n\n"
            "**Expected** the SDK behaves like curl.",
        ),
        (
            False,
            "### Describe the bug\n\nThe `.npmrc` auth is ignored by the installer.\n\n"
            "### Steps to reproduce\n\n```ini\n@acme:registry=https://npm.pkg.example.com/\n"
            "//npm.pkg.example.com/:_authToken={v}\n```\n\n`npm install @acme/ui` gives "
            "E401.\n\n**Expected** the package installs.",
        ),
        (
            False,
            "## Describe the bug\n\nSetting the credential through the env var doesn't work, "
            "but passing it on the command line does.\n\n### Steps to reproduce\n\n"
            "- `ACME_SECRET='{v}' acme deploy` → `missing secret`\n"
            "- `acme deploy --secret ...` → works\n\n**Expected** both to work.\n\n"
            "### Version\n\nacme 1.0.4, bash 5.2",
        ),
        (
            False,
            "## Describe the bug\n\nJWT validation fails for tokens issued by our IdP.\n\n"
            "### Example token\n\n`{v}`\n\n### Steps to reproduce\n\n```python\n"
            "verify(token, audience='api')\n```\n\n**Expected** the token to validate.\n\n"
            "**Actual** `InvalidSignatureError`",
        ),
        (
            False,
            "### Describe the bug\n\nThe `{name}` key is sent twice in the request.\n\n"
            "### Steps to reproduce\n\nEnable debug logging, then:\n\n```\n"
            "> GET /v1/items?api_key={v}&page=2&api_key=\n< HTTP/1.1 400 Bad Request\n```\n\n"
            "**Expected** the key once.",
        ),
        (
            False,
            "## Summary\n\nLogin with a password that contains `#` fails.\n\n"
            "### Steps to reproduce\n\n1. Set the admin password to **{v}**\n"
            "2. Log out\n3. Log in again\n\n**Expected** login works.\n\n"
            '**Actual** "wrong password".\n\n### Environment\n\nself-hosted 7.3, Docker',
        ),
        (
            False,
            "## Describe the bug\n\nThe Kubernetes secret isn't mounted.\n\n"
            "### Manifest\n\n```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: app\n"
            'stringData:\n  API_TOKEN: "{v}"\n```\n\n### Steps to reproduce\n\n'
            "`kubectl apply -f secret.yaml && kubectl exec app -- env | grep API`\n\n"
            "**Expected** `API_TOKEN` in the environment.",
        ),
    ],
    "error_message": [
        (True, "ValueError: unexpected value '{v}' in column 3 of row 17"),
        (
            True,
            "requests.exceptions.HTTPError: 403 Client Error: Forbidden for url: "
            "https://api.example.com/v1/items?id={v}",
        ),
        (True, 'ERROR [sync] account "{v}" not found in region eu-west-1, skipping'),
        (True, "RuntimeError: refusing to start: {v} is the value from the README example"),
        (True, "fatal: unable to access 'https://{v}@git.example.com/team/app.git/': 403"),
        (
            True,
            "Traceback (most recent call last):\n"
            '  File "/app/client.py", line 42, in connect\n'
            "    session.open(ident)\n"
            "acme.errors.Forbidden: 403 for {v}",
        ),
        (True, "Error: the value `{v}` was rejected by the upstream (HTTP 403)."),
        (True, "WARN  2024-03-11T09:12:44Z retrying with {v} (attempt 3/5)"),
        (True, "panic: invalid header value {v}: net/http: invalid byte"),
        (True, "E   AssertionError: assert '{v}' == ''"),
        (
            True,
            'Exception in thread "main" java.lang.IllegalStateException: '
            "value {v} is not allowed here\n"
            "\tat com.example.Config.load(Config.java:88)",
        ),
        (True, "error: could not reach the service with ({v}), is the VPN up?"),
        (True, "the server answered 401 for {v}, giving up after 5 tries"),
        (False, "AuthenticationError: Incorrect API key provided: {v}."),
        (False, "ERROR: invalid token '{v}' for project web-frontend"),
        (
            False,
            "botocore.exceptions.ClientError: An error occurred (InvalidClientTokenId) "
            "when calling the GetCallerIdentity operation: The security token included "
            "in the request is invalid. Key used: {v}",
        ),
        (False, "{name}: 401 Unauthorized (key={v})"),
        (False, 'psycopg2.OperationalError: password authentication failed for "{v}"'),
        (False, "Error: secret {v} has expired, request a new one from the admin console"),
        (
            False,
            "npm ERR! code E401\nnpm ERR! Unable to authenticate, your authentication token "
            "seems to be invalid: {v}",
        ),
        (False, 'level=error msg="auth failed" token={v} status=401'),
        (False, "401 Unauthorized: credential `{v}` does not have the scope `repo`"),
        (
            False,
            "[ERROR] Failed to execute goal: Not authorized, ReasonPhrase: Unauthorized. "
            "(server id: releases, password: {v})",
        ),
        (False, 'KeyError: no account found for secret key "{v}"'),
        (False, "jwt.exceptions.ExpiredSignatureError: Signature has expired (token: {v})"),
        (
            False,
            "ERROR 2024-05-02 14:03:11 auth.py:57 refresh failed for {name} token {v}; "
            "will retry in 30s",
        ),
    ],
}

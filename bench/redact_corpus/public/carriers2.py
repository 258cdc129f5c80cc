# ruff: noqa: E501  (tables of wordings: one wording per entry reads best)
"""A second, independently written set of carrier wordings for the redaction benchmark.

``carriers.py`` puts each labelled secret into five texts a bug-fix session shows (a shell
command, terminal output, a file edit, a whole file, the developer's prose). Recall measured
on those wordings may depend on them: an outside tester's corpus, with wordings we had never
seen, once scored far lower than ours (108/108 on ours, 168/250 on theirs). This module is a
second set, written from what real sessions look like, without reading the redaction rules
(``streams/``) or the first set's provider wordings, so that the two scores side by side show
how much recall owes to our own phrasing.

``alt_texts(case, i)`` gives one template per carrier, in the same convention as
``carriers.py``: ``{v}`` is where the value goes and literal braces are doubled (a template is
filled with ``template.format(v=value)``). Wordings rotate with the case's index ``i``; list
lengths differ per carrier so the combinations vary too. Provider values get their own
wordings for webhook URLs and for multi-line values (private keys); in a unified diff every
line of a multi-line value would get a ``+``, so there the value is written JSON-escaped on
one line (a service-account file, a ``.env`` line) and the carried secret is that escaped
form, as ``text_cases`` does. Tool cases (``tool:*``) bring their own ``form`` (the flag or
file line from the tool's documentation); here it is wrapped in other settings: a Makefile
recipe, a CI step, a ``set -x`` trace, a shell history, ``ps`` output, a line-numbered file
view.
"""

from __future__ import annotations

import textwrap

from bench.redact_corpus.public.carriers import (
    TEXT_CARRIERS,
    Carried,
    _env_name,
    _json_escaped,
    _service,
    load,
)

_MARK = "\x00"  # stands for the value while the other names are filled in


def _b(text: str) -> str:
    """A wording written as an indented triple-quoted block: dedented, first newline dropped."""
    return textwrap.dedent(text.removeprefix("\n")).removesuffix("\n")


def _fill_names(fmt: str, names: dict[str, str]) -> str:
    """``fmt`` (named fields, ``{v}`` among them, literal braces doubled) with every name but
    ``v`` filled in: a template in the ``{v}`` convention."""
    text = fmt.format(v=_MARK, **names)
    return text.replace("{", "{{").replace("}", "}}").replace(_MARK, "{v}")


def fill(template: str, value: str) -> str:
    """The text of a template of this module (or of ``carriers.py``) with ``value`` in it."""
    return template.format(v=value)


def _hash(i: int, salt: int) -> str:
    return f"{(i * 2654435761 + salt * 40503) & 0xFFFFFFF:07x}"


def _diff(
    path: str,
    before: list[str],
    minus: list[str],
    plus: list[str],
    after: list[str],
    *,
    start: int = 1,
    func: str = "",
    i: int = 0,
) -> str:
    """A ``git diff`` of one hunk (lines in the named-field convention)."""
    old = len(before) + len(minus) + len(after)
    new = len(before) + len(plus) + len(after)
    head = [
        f"diff --git a/{path} b/{path}",
        f"index {_hash(i, 1)}..{_hash(i, 2)} 100644",
        f"--- a/{path}",
        f"+++ b/{path}",
        f"@@ -{start if old else start - 1},{old} +{start},{new} @@" + (f" {func}" if func else ""),
    ]
    body = [" " + x for x in before] + ["-" + x for x in minus]
    body += ["+" + x for x in plus] + [" " + x for x in after]
    return "\n".join(head + body)


def _new_file(path: str, lines: list[str], *, i: int = 0) -> str:
    """A ``git diff`` adding the file ``path``."""
    head = [
        f"diff --git a/{path} b/{path}",
        "new file mode 100644",
        f"index 0000000..{_hash(i, 3)}",
        "--- /dev/null",
        f"+++ b/{path}",
        f"@@ -0,0 +1,{len(lines)} @@",
    ]
    return "\n".join(head + ["+" + x for x in lines])


def _names(case: dict, i: int) -> dict[str, str]:
    svc = _service(case["kind"])
    if case["value"].startswith(("https://", "http://")):
        env_upper = svc.upper() + "_WEBHOOK_URL"
    else:
        env_upper = _env_name(svc, i)
    env = env_upper.lower()
    parts = env.split("_")
    mod = svc if svc[:1].isalpha() else "client"
    return {
        "svc": svc,
        "Svc": mod.capitalize(),
        "mod": mod,
        "ENV": env_upper,
        "env": env,
        "kebab": env.replace("_", "-"),
        "camel": parts[0] + "".join(p.capitalize() for p in parts[1:]),
        "host": f"api.{svc}.com",
    }


# Provider values: single-line keys and tokens.

_COMMANDS = [
    'curl -sS -H "Authorization: Bearer {v}" https://{host}/v1/me | jq .',
    'gh secret set {ENV} --repo acme/checkout-svc --body "{v}"',
    "heroku config:set {ENV}={v} --app acme-staging",
    "kubectl -n payments create secret generic {kebab} --from-literal={env}={v} --dry-run=client -o yaml | kubectl apply -f -",
    "python -c \"import {mod}; c = {mod}.Client(api_key='{v}'); print(c.ping())\"",
    "fly secrets set {ENV}='{v}' --app acme-api",
    "vercel env add {ENV} production <<< '{v}'",
    "terraform apply -auto-approve -var '{env}={v}'",
    'http GET https://{host}/v2/account Authorization:"token {v}"',
    "docker run --rm -e {ENV}={v} ghcr.io/acme/worker:1.8.2 python -m worker.sync",
    "git remote set-url origin https://x-access-token:{v}@github.com/acme/infra.git",
    "npm config set //npm.pkg.github.com/:_authToken {v}",
    "aws ssm put-parameter --name /prod/{svc}/{env} --type SecureString --value '{v}' --overwrite",
    "{ENV}={v} pytest tests/integration/test_{mod}.py -x -k webhook",
    "az keyvault secret set --vault-name acme-kv --name {kebab} --value {v}",
    "curl https://{host}/v1/charges -u {v}: -d amount=2000 -d currency=usd",
    '$env:{ENV} = "{v}"; npm run dev',
    "wget -qO- --header='X-API-Key: {v}' https://{host}/status",
    "doppler secrets set {ENV}='{v}' --project web --config dev",
    "grpcurl -H 'authorization: Bearer {v}' {host}:443 list",
    "node -e \"require('./scripts/check-key')('{v}')\"",
    'setx {ENV} "{v}"',
]

_OUTPUTS = [
    _b("""
        *   Trying 104.18.32.7:443...
        * Connected to {host} (104.18.32.7) port 443
        * ALPN: server accepted h2
        > GET /v1/account HTTP/2
        > Host: {host}
        > User-Agent: curl/8.5.0
        > Accept: */*
        > Authorization: Bearer {v}
        >
        < HTTP/2 401
        < content-type: application/json
        <
        {{"error":"invalid_auth","message":"The credentials you provided are not valid."}}
    """),
    _b("""
        {{
          "id": "key_8Hq2LmX0",
          "name": "ci-deploy",
          "created_at": "2024-03-11T09:14:02Z",
          "token": "{v}",
          "scopes": ["read", "write"],
          "expires_at": null
        }}
    """),
    _b("""
        Traceback (most recent call last):
          File "/app/worker/sync.py", line 42, in <module>
            client = build_client(settings.{mod})
          File "/app/worker/clients.py", line 17, in build_client
            raise RuntimeError(f"bad config: {{cfg!r}}")
        RuntimeError: bad config: {{'base_url': 'https://{host}', 'timeout': 30, '{env}': '{v}'}}
    """),
    _b("""
        $ env | sort
        HOME=/home/dev
        HOSTNAME=7f3c2a9d1b44
        LANG=C.UTF-8
        PATH=/usr/local/bin:/usr/bin:/bin
        PYTHONUNBUFFERED=1
        {ENV}={v}
        TERM=xterm
    """),
    _b("""
        >>> from app.config import settings
        >>> settings
        Settings(debug=True, database_url='postgresql://localhost:5432/app', {env}='{v}', log_level='INFO')
    """),
    _b("""
        $ docker inspect --format '{{{{json .Config.Env}}}}' api-1 | jq .
        [
          "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
          "NODE_ENV=production",
          "{ENV}={v}",
          "NODE_VERSION=20.11.1"
        ]
    """),
    _b("""
        apiVersion: v1
        kind: Secret
        metadata:
          name: {kebab}
          namespace: default
        stringData:
          {env}: {v}
        type: Opaque
    """),
    "2024-05-02 10:11:09,441 INFO [{mod}.auth] using key {v} for tenant acme-eu",
    _b("""
            def test_client_reads_key_from_env(monkeypatch):
                monkeypatch.setenv("{ENV}", "test-key")
                client = make_client()
        >       assert client.api_key == "test-key"
        E       AssertionError: assert '{v}' == 'test-key'
        E         - test-key
        E         + {v}

        tests/test_client.py:23: AssertionError
    """),
    _b("""
        AxiosError: Request failed with status code 403
            at settle (/app/node_modules/axios/lib/core/settle.js:19:12)
          code: 'ERR_BAD_REQUEST',
          config: {{
            method: 'post',
            url: 'https://{host}/v3/send',
            headers: {{
              Accept: 'application/json, text/plain, */*',
              'Content-Type': 'application/json',
              Authorization: 'Bearer {v}'
            }},
            timeout: 0
          }},
    """),
    "2024-05-02T10:11:09.441Z DEBUG 1 --- [           main] o.s.b.c.c.ConfigDataEnvironment          : Property '{svc}.api-key' resolved to '{v}'",
    "2024/05/02 10:11:09 config loaded: &{{BaseURL:https://{host} APIKey:{v} Timeout:30s Retries:3}}",
    _b("""
        $ cat .env
        DEBUG=true
        DATABASE_URL=postgres://localhost:5432/app
        {ENV}="{v}"
        SENTRY_ENVIRONMENT=local
    """),
    _b("""
        $ heroku config -a acme-staging
        === acme-staging Config Vars
        LOG_LEVEL:       info
        {ENV}: {v}
        WEB_CONCURRENCY: 2
    """),
    _b("""
        $ vault kv get secret/apps/{svc}
        ====== Data ======
        Key         Value
        ---         -----
        {env}       {v}
        region      eu-west-1
    """),
    _b("""
        Run ./scripts/deploy.sh staging
          ./scripts/deploy.sh staging
          shell: /usr/bin/bash -e {{0}}
          env:
            {ENV}: {v}
        Deploying to staging...
        Error: authentication failed (401)
        Error: Process completed with exit code 1.
    """),
]


def _patches(i: int) -> list[str]:
    d = _diff
    return [
        d(
            "app/settings.py",
            ['ALLOWED_HOSTS = ["*"]', ""],
            ['{ENV} = os.environ["{ENV}"]'],
            ['{ENV} = "{v}"'],
            ["", 'TIME_ZONE = "UTC"'],
            start=12,
            func='DEBUG = env.bool("DEBUG", default=False)',
            i=i,
        ),
        d(
            "services/{mod}_client.py",
            ["", "", "def get_client():"],
            ['    return {Svc}Client(api_key=os.getenv("{ENV}"), timeout=10)'],
            ['    return {Svc}Client(api_key="{v}", timeout=10)'],
            [],
            start=8,
            func="from .base import {Svc}Client",
            i=i,
        ),
        d(
            "src/lib/{mod}.ts",
            ["import {{ createClient }} from '@acme/{mod}-sdk';", ""],
            ["const token = process.env.{ENV}!;"],
            ["const token = '{v}';"],
            ["", "export const client = createClient({{ token, retries: 2 }});"],
            i=i,
        ),
        d(
            "config/default.js",
            ["module.exports = {{", "  port: 3000,", "  {mod}: {{"],
            ["    apiKey: process.env.{ENV},"],
            ['    apiKey: "{v}",'],
            ["    timeoutMs: 5000,", "  }},"],
            i=i,
        ),
        d(
            "internal/{mod}/client.go",
            ["package {mod}", "", 'import "net/http"', ""],
            ['const apiKey = ""'],
            ['const apiKey = "{v}"'],
            ["", "type Client struct {{"],
            i=i,
        ),
        d(
            "src/main/resources/application.properties",
            ["server.port=8080", "logging.level.root=INFO"],
            ["{svc}.api-key=${{{ENV}}}"],
            ["{svc}.api-key={v}"],
            ["{svc}.base-url=https://{host}"],
            start=3,
            i=i,
        ),
        d(
            "app/src/main/java/com/acme/app/Config.kt",
            ["object Config {{", '    const val BASE_URL = "https://{host}"'],
            ["    val {camel}: String = BuildConfig.{ENV}"],
            ['    const val {ENV} = "{v}"'],
            ["}}"],
            start=5,
            i=i,
        ),
        d(
            "config/production.yml",
            ["{svc}:", "  base_url: https://{host}"],
            ['  {env}: <%= ENV["{ENV}"] %>'],
            ["  {env}: {v}"],
            ["  timeout: 10"],
            start=20,
            i=i,
        ),
        d(
            "deploy/helm/values.yaml",
            ["env:", "  LOG_LEVEL: info"],
            [],
            ['  {ENV}: "{v}"'],
            ["  REGION: eu-west-1", ""],
            start=31,
            i=i,
        ),
        d(
            "config/local.json",
            ["{{", '  "port": 8080,'],
            ['  "{camel}": "",'],
            ['  "{camel}": "{v}",'],
            ['  "debug": true', "}}"],
            i=i,
        ),
        d(
            "config.toml",
            ["[server]", "port = 8000", "", "[{svc}]"],
            [],
            ['api_key = "{v}"'],
            ['region = "eu"'],
        ),
        _new_file(
            ".env", ["NODE_ENV=development", "PORT=3000", "{ENV}={v}", "LOG_LEVEL=debug"], i=i
        ),
        d(
            "Dockerfile",
            ["FROM python:3.12-slim", "WORKDIR /app", "COPY . ."],
            [],
            ["ENV {ENV}={v}"],
            ["RUN pip install --no-cache-dir -r requirements.txt"],
            i=i,
        ),
        d(
            ".github/workflows/ci.yml",
            [
                "      - name: Run integration tests",
                "        run: pytest -m integration",
                "        env:",
            ],
            ["          {ENV}: ${{{{ secrets.{ENV} }}}}"],
            ["          {ENV}: {v}"],
            [],
            start=27,
            func="jobs:",
            i=i,
        ),
        d(
            "infra/variables.tf",
            ['variable "{env}" {{', "  type      = string", "  sensitive = true"],
            [],
            ['  default   = "{v}"'],
            ["}}"],
            start=14,
            i=i,
        ),
        d(
            "config/initializers/{mod}.rb",
            ['require "{mod}"', ""],
            ['{Svc}.api_key = ENV.fetch("{ENV}")'],
            ['{Svc}.api_key = "{v}"'],
            ["{Svc}.max_network_retries = 2"],
            i=i,
        ),
        d(
            "config/services.php",
            ["    '{svc}' => [", "        'endpoint' => 'https://{host}',"],
            ["        'secret' => env('{ENV}'),"],
            ["        'secret' => '{v}',"],
            ["    ],"],
            start=35,
            i=i,
        ),
        d(
            "src/Api/appsettings.Development.json",
            [
                "{{",
                '  "Logging": {{ "LogLevel": {{ "Default": "Information" }} }},',
                '  "{Svc}": {{',
            ],
            ['    "ApiKey": ""'],
            ['    "ApiKey": "{v}"'],
            ["  }}", "}}"],
            i=i,
        ),
        d(
            "scripts/dev.sh",
            ["#!/usr/bin/env bash", "set -euo pipefail"],
            [],
            ['export {ENV}="{v}"'],
            ["exec uvicorn app.main:app --reload"],
            i=i,
        ),
        d(
            "src/config.rs",
            ["use std::time::Duration;", ""],
            ['const API_KEY: &str = env!("{ENV}");'],
            ['const API_KEY: &str = "{v}";'],
            ["const TIMEOUT: Duration = Duration::from_secs(10);"],
            i=i,
        ),
    ]


_SNAPSHOTS = [
    _b("""
        import os

        import requests

        BASE_URL = "https://{host}/v1"
        {ENV} = "{v}"


        def get(path, **params):
            headers = {{"Authorization": f"Bearer {{{ENV}}}"}}
            return requests.get(BASE_URL + path, headers=headers, params=params, timeout=10)
    """),
    _b("""
        # local development only
        APP_ENV=local
        APP_DEBUG=true
        {ENV}={v}
        REDIS_HOST=127.0.0.1
    """),
    _b("""
        services:
          api:
            build: .
            ports:
              - "8000:8000"
            environment:
              - DATABASE_URL=postgres://postgres@db:5432/app
              - {ENV}={v}
          db:
            image: postgres:16
    """),
    _b("""
        apiVersion: v1
        kind: Secret
        metadata:
          name: {kebab}
          namespace: payments
        type: Opaque
        stringData:
          {env}: "{v}"
    """),
    _b("""
        {{
          "Logging": {{
            "LogLevel": {{ "Default": "Information", "Microsoft.AspNetCore": "Warning" }}
          }},
          "{Svc}": {{
            "BaseUrl": "https://{host}",
            "ApiKey": "{v}"
          }},
          "AllowedHosts": "*"
        }}
    """),
    _b("""
        spring:
          application:
            name: orders
        {svc}:
          base-url: https://{host}
          api-key: {v}
        server:
          port: 8081
    """),
    _b("""
        package main

        import (
        \t"log"

        \t"github.com/acme/{mod}-go"
        )

        func main() {{
        \tclient := {mod}.NewClient("{v}")
        \tif err := client.Ping(); err != nil {{
        \t\tlog.Fatal(err)
        \t}}
        }}
    """),
    _b("""
        export const config = {{
          baseUrl: 'https://{host}',
          {camel}: '{v}',
          retries: 3,
        }};
    """),
    _b("""
        region        = "eu-west-1"
        instance_type = "t3.small"
        {env} = "{v}"
    """),
    _b("""
        registry=https://registry.npmjs.org/
        //registry.npmjs.org/:_authToken={v}
        save-exact=true
    """),
    _b("""
        [DEFAULT]
        log_level = info

        [{svc}]
        endpoint = https://{host}
        api_key = {v}
    """),
    _b("""
        {{
         "cells": [
          {{
           "cell_type": "code",
           "execution_count": 3,
           "metadata": {{}},
           "outputs": [],
           "source": [
            "import os\\n",
            "os.environ['{ENV}'] = '{v}'\\n",
            "client = {mod}.Client()"
           ]
          }}
         ],
         "nbformat": 4,
         "nbformat_minor": 5
        }}
    """),
    _b("""
        use std::env;

        const API_KEY: &str = "{v}";

        fn main() {{
            let base = env::var("API_BASE").unwrap_or_else(|_| "https://{host}".into());
            println!("calling {{}}", base);
        }}
    """),
    _b("""
        import Foundation

        enum Secrets {{
            static let {camel} = "{v}"
            static let baseURL = URL(string: "https://{host}")!
        }}
    """),
    _b("""
        ### list projects
        GET https://{host}/v1/projects
        Authorization: Bearer {v}
        Accept: application/json
    """),
    _b("""
        {{
          "id": "5d1c7e0a-3f2b-4c55-9f1e-0a6b2d7c9e41",
          "name": "staging",
          "values": [
            {{ "key": "baseUrl", "value": "https://{host}", "enabled": true }},
            {{ "key": "{camel}", "value": "{v}", "enabled": true }}
          ]
        }}
    """),
    _b("""
        ---
        app_user: deploy
        app_port: 8080
        {env}: "{v}"
    """),
    _b("""
        <?php

        return [
            '{svc}' => [
                'key' => '{v}',
                'endpoint' => 'https://{host}',
            ],
        ];
    """),
]

_THOUGHTS = [
    "The 401 goes away when I hard-code the key `{v}` in settings.py, so the env var isn't being read.",
    "Switching to {v} fixed the 401.",
    "Is {v} the staging one or prod?",
    "- [x] rotate the {Svc} credentials (old: {v})\n- [ ] update the runbook",
    "Tried `{v}` again, same 403. Next: check the scopes on the dashboard.",
    "The user pasted their {Svc} token ({v}) into the issue; we need to tell them to revoke it.",
    "So the header goes out as `Bearer {v}`, which looks right, but the API wants the `Token` scheme.",
    "Note: the value in CI is {v}, the one in .env.local is older.",
    "It works with {v}, but not with the one from the vault",
    "I'll set {ENV} to {v} locally and rerun the failing test.",
    "Hmm, {v}; that's longer than the documented format, maybe a newer kind.",
    "Possible causes:\n1. expired credential\n2. wrong region\n3. a trailing newline after {v} when it is read from the file",
    "The fixture hard-codes '{v}' so the test never hits the real lookup.",
    "Used {v}. The call returned 200 this time.",
    "Both requests send the same thing ({v}) but only the second succeeds, so it's timing, not auth.",
    "secret = {v}\nthat's what the debugger shows right before the signature check.",
    'Found it: config/local.json overrides the env with "{v}", left over from last week',
]


# Provider values that are webhook URLs: the URL is what gets posted to.

_URL_COMMANDS = [
    "curl -X POST -H 'Content-type: application/json' --data '{{\"text\":\"deploy finished\"}}' {v}",
    'curl -fsS -d @payload.json "{v}"',
    "http POST {v} text='build #412 failed'",
    "gh secret set {ENV} --body '{v}'",
    "{ENV}={v} python scripts/notify.py --channel alerts",
    "Invoke-RestMethod -Uri \"{v}\" -Method Post -Body $body -ContentType 'application/json'",
    "wget -qO- --post-data='{{\"content\":\"ping\"}}' --header='Content-Type: application/json' {v}",
    "terraform apply -var 'alert_webhook={v}'",
]

_URL_OUTPUTS = [
    "requests.exceptions.HTTPError: 404 Client Error: Not Found for url: {v}",
    "[notify] POST {v} -> 400 invalid_payload",
    _b("""
        {{
          "channel": "#alerts",
          "webhook_url": "{v}",
          "enabled": true
        }}
    """),
    "$ env | grep -i hook\n{ENV}={v}",
    "FetchError: request to {v} failed, reason: connect ETIMEDOUT 52.4.19.7:443",
    "WARNING:alerts:webhook call failed (url={v}, status=403)",
    "Settings(alerts_enabled=True, {env}='{v}', digest_hour=9)",
    "Run ./scripts/notify.sh\n  ./scripts/notify.sh\n  shell: /usr/bin/bash -e {{0}}\n  env:\n    {ENV}: {v}\ncurl: (22) The requested URL returned error: 404",
]


# Provider values over several lines (private keys).

_ML_COMMANDS = [
    "cat > ~/.ssh/id_deploy <<'EOF'\n{v}\nEOF\nchmod 600 ~/.ssh/id_deploy",
    "gh secret set DEPLOY_KEY --repo acme/infra --body '{v}'",
    "kubectl create secret generic {kebab} -n ingress --from-literal=tls.key='{v}'",
    'export {ENV}="{v}"',
    "printf '%s\\n' '{v}' | ssh-add -",
    "vault kv put secret/ci/{svc} private_key='{v}'",
    "echo '{v}' > /tmp/key.pem && chmod 600 /tmp/key.pem",
    "aws secretsmanager create-secret --name ci/deploy-key --secret-string '{v}'",
]

_ML_OUTPUTS = [
    "$ cat deploy/keys/{mod}.pem\n{v}",
    "$ vault kv get -field=private_key secret/ci/{svc}\n{v}",
    "$ kubectl get secret {kebab} -o jsonpath='{{.data.tls\\.key}}' | base64 -d\n{v}",
    "$ python -c 'from app import settings; print(settings.SIGNING_KEY)'\n{v}",
    "$ gpg --armor --export-secret-keys ops@acme.example\n{v}",
    "$ openssl rsa -in encrypted.pem -passin env:KEY_PASS\nwriting RSA key\n{v}",
    "$ aws secretsmanager get-secret-value --secret-id ci/deploy-key --query SecretString --output text\n{v}",
    '$ echo "${ENV}"\n{v}',
]


def _ml_patches(i: int) -> list[str]:
    d = _diff
    return [
        d(
            "credentials/service-account.json",
            ["{{", '  "type": "service_account",', '  "project_id": "acme-prod",'],
            ['  "private_key": "",'],
            ['  "private_key": "{vj}",'],
            ['  "client_email": "deployer@acme-prod.iam.gserviceaccount.com",'],
            i=i,
        ),
        d(
            ".env",
            ["APP_ENV=production", "APP_URL=https://acme.example"],
            [],
            ['{ENV}="{vj}"'],
            ["QUEUE_CONNECTION=redis"],
            i=i,
        ),
        d(
            "src/jwt.js",
            ["const jwt = require('jsonwebtoken');", ""],
            ["const privateKey = fs.readFileSync(process.env.KEY_PATH);"],
            ['const privateKey = "{vj}";'],
            [
                "",
                "module.exports = (claims) => jwt.sign(claims, privateKey, {{ algorithm: 'RS256' }});",
            ],
            i=i,
        ),
        d(
            "config/signing.yml",
            ["signing:", "  algorithm: RS256"],
            [],
            ['  private_key: "{vj}"'],
            ["  ttl: 3600"],
            i=i,
        ),
        d(
            "app/auth.py",
            ["import jwt", ""],
            ['PRIVATE_KEY = open(os.environ["KEY_FILE"]).read()'],
            ['PRIVATE_KEY = "{vj}"'],
            ['ALGORITHM = "RS256"'],
            start=3,
            i=i,
        ),
        d(
            "internal/sign/key.go",
            ["package sign", ""],
            [],
            ['const privateKeyPEM = "{vj}"'],
            ["", "func Sign(b []byte) ([]byte, error) {{"],
            i=i,
        ),
        d(
            "infra/terraform.tfvars",
            ['project = "acme-prod"'],
            ['ssh_private_key = ""'],
            ['ssh_private_key = "{vj}"'],
            ['region  = "europe-west1"'],
            i=i,
        ),
        d(
            "src/main/resources/application.yml",
            ["jwt:", "  issuer: acme"],
            ["  private-key: ${{JWT_PRIVATE_KEY}}"],
            ['  private-key: "{vj}"'],
            ["  ttl: 1h"],
            start=14,
            i=i,
        ),
    ]


_ML_SNAPSHOTS = [
    "{v}\n",
    _b("""
        #!/usr/bin/env bash
        set -euo pipefail
        cat > /tmp/deploy.pem <<'EOF'
        {v}
        EOF
        chmod 600 /tmp/deploy.pem
        ssh -i /tmp/deploy.pem deploy@10.0.3.7 'sudo systemctl restart app'
    """),
    'SIGNING_KEY = """{v}"""\nALGORITHM = "RS256"\n',
    'resource "tls_locally_signed_cert" "api" {{\n  ca_private_key_pem = <<EOT\n{v}\nEOT\n}}\n',
    'APP_ENV=production\nJWT_PRIVATE_KEY="{v}"\nJWT_TTL=3600\n',
    "const privateKey = `{v}`;\n\nmodule.exports = {{ privateKey }};\n",
    "package keys\n\nconst signingKey = `{v}`\n",
    "SIGNING_KEY = <<-PEM\n{v}\nPEM\n",
]

_ML_THOUGHTS = [
    "The key it prints is\n\n```\n{v}\n```\n\nwhich has the right header, so the parse error must come from the passphrase.",
    "Pasting what's in the secret store for reference:\n{v}\nIt ends without a newline, which may be the problem.",
    "Found this in the test fixture:\n{v}\nWe should generate a fresh one in the fixture instead of committing it.",
    "Here's the key from the old box, so I don't lose it while migrating:\n\n{v}",
    "The loader splits on the first blank line; the value is\n{v}\nso there is no blank line, that's not it.",
    "Diffing the two keys, this one works:\n{v}",
    "Note:\n{v}\nis the test key in tests/fixtures; prod uses a different one.",
    "For the record (rotating it right after):\n{v}",
]


# Tool cases: ``form`` is already a template (``{v}``, doubled braces); it is spliced into
# these wordings as is. ``{where}`` is the file a file-line form belongs in.

_TOOL_COMMANDS = [
    "sudo -E {form}",
    "{form} 2>&1 | tee /tmp/debug.log",
    "time {form}",
    "for i in 1 2 3; do {form} && break; sleep 2; done",
    'ssh bastion.internal "{form}"',
    "docker compose exec app {form}",
    "nohup {form} > run.out 2>&1 &",
    "timeout 30 {form}; echo exit=$?",
]

_TOOL_OUTPUTS = [
    "+ echo 'connecting to db.internal'\nconnecting to db.internal\n+ {form}\nERROR 1045 (28000): Access denied",
    " 1041  2024-05-02 10:11:09 cd ~/src/shop\n 1042  2024-05-02 10:11:31 {form}\n 1043  2024-05-02 10:12:02 history | tail -3",
    'Executing "step_script" stage of the job script\n$ {form}\nERROR: Job failed: exit code 1',
    "USER       PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\napp       4121  0.3  1.2 215400 48212 pts/0    S+   10:11   0:00 {form}",
    "$ make restore\n{form}\nmake: *** [Makefile:14: restore] Error 1",
    "May 02 10:11:09 web-1 CRON[2231]: (deploy) CMD ({form})",
    'TASK [db : load schema] ****************************************\nfatal: [db1]: FAILED! => {{"changed": true, "cmd": "{form}", "rc": 1}}',
    "subprocess.CalledProcessError: Command '{form}' returned non-zero exit status 1.",
]


def _tool_cmd_patches(form: str, i: int) -> list[str]:
    d = _diff
    return [
        d(
            "Makefile",
            [".PHONY: seed", "", "seed:"],
            [],
            ["\t" + form],
            ["", "test:"],
            start=9,
            i=i,
        ),
        d(
            "Dockerfile",
            [
                "FROM debian:bookworm-slim",
                "RUN apt-get update && apt-get install -y --no-install-recommends curl",
            ],
            [],
            ["RUN " + form],
            ["COPY . /srv"],
            i=i,
        ),
        d(
            ".github/workflows/nightly.yml",
            ["    steps:", "      - uses: actions/checkout@v4", "      - name: Restore"],
            [],
            ["        run: " + form],
            [],
            start=11,
            func="jobs:",
            i=i,
        ),
        d("scripts/backup.sh", ["#!/bin/sh", "set -e"], [], [form], ['echo "done"'], i=i),
        d(
            "README.md",
            ["To load the sample data:", "", "```sh"],
            [],
            [form],
            ["```"],
            start=40,
            func="## Local setup",
            i=i,
        ),
        d(
            ".gitlab-ci.yml",
            ["migrate:", "  stage: deploy", "  script:"],
            [],
            ["    - " + form],
            ["  only: [main]"],
            start=18,
            i=i,
        ),
        d(
            "ops/crontab",
            ["# m h dom mon dow command", "*/5 * * * * /srv/bin/healthcheck"],
            [],
            ["0 3 * * * " + form],
            [],
            i=i,
        ),
    ]


def _tool_cmd_snapshots(form: str) -> list[str]:
    return [
        ".PHONY: deploy\n\ndeploy:\n\t./build.sh\n\t" + form + "\n\t@echo deployed\n",
        "FROM debian:bookworm-slim\nWORKDIR /srv\nRUN apt-get update && apt-get install -y ca-certificates\nRUN "
        + form
        + '\nCMD ["/srv/run.sh"]\n',
        "name: nightly\non:\n  schedule:\n    - cron: '0 3 * * *'\njobs:\n  backup:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: "
        + form
        + "\n",
        "# Shop\n\n## Local setup\n\n```sh\n"
        + form
        + "\n```\n\nThen open http://localhost:8000.\n",
        "set dotenv-load\n\nrestore:\n    " + form + "\n",
        "services:\n  job:\n    image: alpine:3.19\n    command: " + form + "\n",
        '#!/usr/bin/env bash\nset -euo pipefail\n\nlog() {{ echo "[$(date +%T)] $*"; }}\nlog start\n'
        + form
        + "\nlog end\n",
        "MAILTO=ops@example.org\n30 2 * * * " + form + " >> /var/log/job.log 2>&1\n",
    ]


_TOOL_CMD_THOUGHTS = [
    "Running `{form}` by hand works, so the problem is the environment the job runs in.",
    "The runbook says:\n\n    {form}\n\nbut that host was decommissioned.",
    "I think the failure is the quoting in {form}, the shell eats part of it.",
    "Last thing in the history before it broke: {form}",
    "- {form} (works)\n- the same from cron (fails)",
    "Copying the exact command from the CI log: {form}. It exits 1 with no message.",
]

# Lines around a file-line form in the file it belongs in: (before, after).
_FILE_CONTEXT: dict[str, tuple[list[str], list[str]]] = {
    ".s3cfg": (
        ["[default]", "host_base = s3.amazonaws.com", "bucket_location = EU"],
        ["use_https = True"],
    ),
    ".netrc": (["machine mirror.example.org login anonymous"], []),
    ".pgpass": (["# hostname:port:database:username:password"], []),
    ".npmrc": (
        ["registry=https://registry.npmjs.org/", "@acme:registry=https://npm.pkg.github.com"],
        ["always-auth=true"],
    ),
    "kubeconfig": (
        [
            "apiVersion: v1",
            "kind: Config",
            "clusters:",
            "- cluster:",
            "    server: https://10.0.0.1:6443",
            "  name: dev",
            "current-context: dev",
            "users:",
            "- name: dev-admin",
            "  user:",
        ],
        [],
    ),
    "settings.py": (
        ["from pathlib import Path", "", "BASE_DIR = Path(__file__).resolve().parent.parent", ""],
        ["", "DEBUG = True", "ALLOWED_HOSTS = []"],
    ),
    "app.py": (
        ["from flask import Flask", "", "app = Flask(__name__)"],
        ["app.config['SESSION_COOKIE_SECURE'] = False"],
    ),
    "secrets.yml": (["# Be sure to restart your server when you modify this file.", ""], []),
    "terraform.tfvars": (
        ['region      = "eu-west-1"', 'db_username = "app"'],
        ['instance_type = "t3.small"'],
    ),
    ".github/workflows/deploy.yml": (
        [
            "name: deploy",
            "on:",
            "  push:",
            "    branches: [main]",
            "jobs:",
            "  deploy:",
            "    runs-on: ubuntu-latest",
            "    env:",
        ],
        ["    steps:", "      - uses: actions/checkout@v4", "      - run: ./scripts/deploy.sh"],
    ),
    ".gitlab-ci.yml": (
        ["stages: [build, deploy]", "", "variables:", "  DOCKER_DRIVER: overlay2"],
        ["", "build:", "  stage: build"],
    ),
    ".env": (["APP_ENV=local", "APP_DEBUG=true", "DB_HOST=127.0.0.1"], ["CACHE_DRIVER=file"]),
    "application.properties": (
        ["server.port=8080", "spring.datasource.username=app"],
        ["spring.jpa.hibernate.ddl-auto=update"],
    ),
    ".aws/credentials": (["[default]"], ["", "[staging]", "region = eu-west-1"]),
    ".boto": (["[Credentials]"], ["", "[Boto]", "https_validate_certificates = True"]),
    "settings.xml": (
        [
            "<settings>",
            "  <servers>",
            "    <server>",
            "      <id>internal-releases</id>",
            "      <username>deployer</username>",
        ],
        ["    </server>", "  </servers>", "</settings>"],
    ),
    ".pypirc": (
        [
            "[distutils]",
            "index-servers =",
            "    internal",
            "",
            "[internal]",
            "repository = https://pypi.example.org/legacy/",
            "username = ci",
        ],
        [],
    ),
    ".gitconfig": (["[user]", "\tname = CI Bot", "\temail = ci@example.org"], []),
    ".my.cnf": (["[client]", "user=app", "host=db.internal"], []),
}


def _placeholder(form: str) -> str:
    """The form as it stood before the value went in (a placeholder in its place)."""
    return form.replace("{v}", "changeme")


_GREP = "'pass|token|secret|auth|key|pwd'"


def _tool_file_lists(form: str, where: str, i: int) -> tuple[list[str], ...]:
    before, after = _FILE_CONTEXT.get(where, ([], []))
    lines = form.split("\n")
    whole = "\n".join(before + lines + after) + "\n"
    n = len(before) + 1
    flat = form.lstrip()  # the form out of its file, in a command or a sentence
    q = '"' if "'" in form else "'"
    commands = [
        f"cat >> {where} <<'EOF'\n{form}\nEOF",
        f"tee -a ~/{where} <<< {q}{flat}{q} > /dev/null",
        f"echo {q}{flat}{q} | sudo tee -a /etc/app/{where}",
        f"kubectl exec deploy/app -- sh -c {q}echo {flat} >> /app/{where}{q}",
        f'ansible web -m lineinfile -a "path=~/{where} line={q}{form}{q}"',
    ]
    outputs = [
        f"$ cat {where}\n{whole}",
        f"$ grep -rn -i -E {_GREP} .\n./{where}:{n}:{form}",
        f"$ docker exec -it app cat /app/{where}\n{whole}",
        f"$ rg -n -i {_GREP}\n{where}\n{n}:{form}",
        f"configparser.ParsingError: Source contains parsing errors: '{where}'\n\t[line {n:2}]: '{form}'",
    ]
    patches = [
        _diff(where, before, [_placeholder(x) for x in lines], lines, after, i=i),
        _new_file(where, before + lines + after, i=i),
        _diff(where, before, [], lines, after, i=i),
    ]
    numbered = "\n".join(f"{k:6}\t{x}" for k, x in enumerate(before + lines + after, 1))
    snapshots = [whole, numbered]
    thoughts = [
        f"{where} still has `{flat}` from the old setup; that's what the client picks up first.",
        f"The line `{flat}` in {where} looks fine, so the auth failure must be the user, not the password.",
        f"Removing {flat} from {where} and moving it to the vault.",
        f"So ~/{where} contains\n\n    {flat}\n\nwhich overrides the env var.",
        f"Copy of what I had in {where} before: {flat}. Restoring it fixed the login.",
    ]
    return commands, outputs, patches, snapshots, thoughts


def _tool_lists(case: dict, i: int) -> tuple[list[str], ...]:
    """A tool case's wordings per carrier, templates already (the form spliced in)."""
    form, where = case["form"], case["where"]
    if where != "cmd":
        # The pieces around the form are plain text: double their braces, keep the form's.
        return _tool_file_lists(form, where.replace("{", "{{").replace("}", "}}"), i)

    def wrap(items: list[str]) -> list[str]:
        return [x.replace("{form}", form) for x in items]

    return (
        wrap(_TOOL_COMMANDS),
        wrap(_TOOL_OUTPUTS),
        _tool_cmd_patches(form, i),
        _tool_cmd_snapshots(form),
        wrap(_TOOL_CMD_THOUGHTS),
    )


def _provider_lists(case: dict, i: int) -> tuple[list[str], ...]:
    """A provider case's wordings per carrier, in the named-field convention."""
    value = case["value"]
    if "\n" in value:
        return _ML_COMMANDS, _ML_OUTPUTS, _ml_patches(i), _ML_SNAPSHOTS, _ML_THOUGHTS
    if value.startswith(("https://", "http://")):
        return _URL_COMMANDS, _URL_OUTPUTS, _patches(i), _SNAPSHOTS, _THOUGHTS
    return _COMMANDS, _OUTPUTS, _patches(i), _SNAPSHOTS, _THOUGHTS


def alt_texts(case: dict, i: int) -> dict[str, str]:
    """The five text carriers of one case (``carriers.TEXT_CARRIERS``), in wordings written
    apart from ``carriers.py``: templates with ``{v}`` for the value and doubled braces."""
    if case["kind"].startswith("tool:"):
        lists = _tool_lists(case, i)
        return {c: xs[i % len(xs)] for c, xs in zip(TEXT_CARRIERS, lists, strict=True)}
    names = _names(case, i)
    names["vj"] = _json_escaped(case["value"])  # used by the multi-line patches only
    lists = _provider_lists(case, i)
    return {
        c: _fill_names(xs[i % len(xs)], names) for c, xs in zip(TEXT_CARRIERS, lists, strict=True)
    }


def alt_wordings(case: dict) -> dict[str, int]:
    """How many distinct wordings each carrier has for cases like ``case``."""
    lists = _tool_lists(case, 0) if case["kind"].startswith("tool:") else _provider_lists(case, 0)
    return {c: len(set(xs)) for c, xs in zip(TEXT_CARRIERS, lists, strict=True)}


def alt_text_cases(split: str | None = None, name: str = "secrets.jsonl") -> list[Carried]:
    """Every secret of the file ``name`` in every text carrier of ``alt_texts`` (``split``: only
    its cases). No ``native`` carrier: that text is the case's own, not a wording."""
    out = []
    for i, case in enumerate(load(name)):
        if split and case.get("split") != split:
            continue
        value = case["value"]
        case_id, case_split = case.get("id", f"{name}:{i}"), case.get("split", "")
        for carrier, template in alt_texts(case, i).items():
            text = fill(template, value)
            secrets = (value,) if value in text else (_json_escaped(value),)
            out.append(Carried(case_id, case["kind"], case_split, carrier, text, secrets))
    return out

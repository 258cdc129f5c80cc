# ruff: noqa: E501  (tables of wordings: one wording per entry reads best)
"""Provider values as typed, printed and said: commands, terminal output and the
developer's prose, with their own lists for webhook URLs and multi-line values."""

from __future__ import annotations

from bench.redact_corpus.public.carriers2.compose import _b

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

# ruff: noqa: E501, W293, E101
# (W293/E101: blank diff context lines hold one space, and Go code uses tabs.)
"""Carrier templates typed, printed and said: commands, terminal output and a
developer's notes (the third carriers: ``carriers3``)."""

from __future__ import annotations

# ---------------------------------------------------------------------------
# One-line shell commands typed while fixing a bug.
# ---------------------------------------------------------------------------
COMMANDS: list[str] = [
    'curl -sS -H "Authorization: Bearer {v}" https://api.{svc}.example.com/v1/me | jq .',
    'export {SVC}_API_KEY="{v}"',
    'http POST https://{svc}.example.com/api/v2/events X-Api-Key:"{v}" name=smoke-test source=cli',
    'docker run --rm -e {SVC}_TOKEN="{v}" -e LOG_LEVEL=debug acme/worker:1.8.2 python -m worker.sync --once',
    'kubectl create secret generic {svc}-creds -n staging --from-literal=api-key="{v}" --dry-run=client -o yaml | kubectl apply -f -',
    'git remote set-url origin "https://x-access-token:{v}@github.com/acme/{svc}-bridge.git"',
    'PGPASSWORD="{v}" psql -h db.staging.acme.internal -U app -d {svc}_events -c "select count(*) from webhook_deliveries;"',
    'redis-cli -h cache.acme.internal -p 6379 -a "{v}" --no-auth-warning PING',
    "python3 -c \"import requests; r = requests.get('https://api.{svc}.example.com/v1/ping', headers={{'Authorization': 'Token {v}'}}); print(r.status_code, r.text)\"",
    "node -e \"require('./lib/{svc}').init({{ apiKey: '{v}' }}).then(r => console.log(r.status)).catch(console.error)\"",
    'gh secret set {SVC}_API_KEY --repo acme/billing-service --body "{v}"',
    'terraform plan -var="{svc}_api_token={v}" -var-file=envs/staging.tfvars -out=tfplan',
    'npm config set //npm.acme.dev/:_authToken "{v}"',
    '$env:{SVC}_SECRET = "{v}"; .\\scripts\\run-integration.ps1 -Verbose',
    'aws secretsmanager put-secret-value --secret-id staging/{svc}/api-key --secret-string "{v}" --region eu-west-1',
    'wget --header="X-Auth-Token: {v}" -O report.csv "https://{svc}.example.com/export?from=2024-03-01&format=csv"',
    'mysql -h 127.0.0.1 -P 3307 -u root --password="{v}" orders_dev < migrations/0042_add_{svc}_columns.sql',
    'heroku config:set {SVC}_API_KEY="{v}" -a acme-staging',
    'az keyvault secret set --vault-name acme-kv-dev --name {svc}-api-key --value "{v}"',
    'glab variable set {SVC}_TOKEN --value "{v}" --masked --scope production',
]

# ---------------------------------------------------------------------------
# Terminal output in which the value shows up.
# ---------------------------------------------------------------------------
OUTPUTS: list[str] = [
    # pytest failure printing a config dict
    """\
    def test_sync_contacts(settings):
        client = build_client(settings)
>       assert client.ping() is True
E       AssertionError: ping failed with config {{'base_url': 'https://api.{svc}.example.com', 'api_key': '{v}', 'timeout': 30, 'retries': 3}}

tests/integration/test_{svc}_sync.py:48: AssertionError
=========================== short test summary info ============================
FAILED tests/integration/test_{svc}_sync.py::test_sync_contacts - AssertionError""",
    # curl -v
    """\
*   Trying 203.0.113.10:443...
* Connected to api.{svc}.example.com (203.0.113.10) port 443 (#0)
> GET /v2/account HTTP/1.1
> Host: api.{svc}.example.com
> User-Agent: curl/8.4.0
> Accept: */*
> Authorization: Bearer {v}
>
< HTTP/1.1 401 Unauthorized
< Content-Type: application/json
< Content-Length: 61
<
{{"error":"invalid_token","error_description":"token expired"}}""",
    # http.client debuglevel=1 + urllib3 debug
    """\
DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): hooks.{svc}.example.com:443
send: b'POST /v1/messages HTTP/1.1\\r\\nHost: hooks.{svc}.example.com\\r\\nUser-Agent: python-requests/2.31.0\\r\\nAccept-Encoding: gzip, deflate\\r\\nAccept: */*\\r\\nConnection: keep-alive\\r\\nX-Api-Key: {v}\\r\\nContent-Length: 87\\r\\nContent-Type: application/json\\r\\n\\r\\n'
reply: 'HTTP/1.1 403 Forbidden\\r\\n'
header: Content-Type: application/json
header: Content-Length: 64
DEBUG:urllib3.connectionpool:https://hooks.{svc}.example.com:443 "POST /v1/messages HTTP/1.1" 403 64""",
    # env | grep
    """\
$ env | grep -i {svc}
{SVC}_BASE_URL=https://api.{svc}.example.com
{SVC}_API_KEY={v}
{SVC}_TIMEOUT_MS=15000""",
    # kubectl + base64 -d
    """\
$ kubectl get secret {svc}-credentials -n payments -o jsonpath='{{.data.token}}' | base64 -d
{v}
$ kubectl get pods -n payments -l app=notifier
NAME                        READY   STATUS             RESTARTS      AGE
notifier-7d9c6b8f5d-x2kqp   0/1     CrashLoopBackOff   6 (42s ago)   9m""",
    # docker inspect
    """\
$ docker inspect --format '{{{{json .Config.Env}}}}' acme-api-1 | jq .
[
  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
  "NODE_ENV=production",
  "{SVC}_SECRET={v}",
  "PORT=8080"
]""",
    # GitHub Actions log
    """\
Run ./scripts/deploy.sh staging
  ./scripts/deploy.sh staging
  shell: /usr/bin/bash -e {{0}}
  env:
    {SVC}_API_TOKEN: {v}
    DEPLOY_ENV: staging
+ curl -fsS -X POST https://deploy.acme.dev/hooks/staging
curl: (22) The requested URL returned error: 401
Error: Process completed with exit code 22.""",
    # 401 body echoing the key
    """\
HTTP/1.1 401 Unauthorized
content-type: application/json; charset=utf-8
x-request-id: 6f1c2e9a-3b7d-4d0e-9a51-2c8e7b4f0d13

{{
  "status": 401,
  "error": "unauthorized",
  "message": "API key '{v}' is not valid for this workspace"
}}""",
    # Django diffsettings
    """\
$ python manage.py diffsettings | grep -i {svc}
{SVC}_ENDPOINT = 'https://api.{svc}.example.com/v3'  ###
{SVC}_API_KEY = '{v}'  ###
{SVC}_WEBHOOK_PATH = '/hooks/{svc}/'  ###""",
    # cat .env
    """\
$ cat .env
APP_ENV=local
APP_DEBUG=true
DB_HOST=127.0.0.1
DB_PORT=5432
{SVC}_KEY={v}
QUEUE_CONNECTION=redis""",
    # printenv then failure
    """\
$ printenv {SVC}_TOKEN
{v}
$ ./bin/sync --dry-run
sync: loading config from env
sync: error: {svc} rejected credentials (HTTP 401)""",
    # Python traceback with captured locals
    """\
Traceback (most recent call last):
  File "/app/acme/integrations/{svc}.py", line 57, in fetch_contacts
    resp.raise_for_status()
    api_key = '{v}'
    page = 1
    resp = <Response [401]>
    url = 'https://api.{svc}.example.com/v1/contacts?page=1'
requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://api.{svc}.example.com/v1/contacts?page=1""",
    # axios error dump
    """\
AxiosError: Request failed with status code 403
    at settle (/srv/app/node_modules/axios/lib/core/settle.js:19:12)
    at IncomingMessage.handleStreamEnd (/srv/app/node_modules/axios/lib/adapters/http.js:589:11) {{
  code: 'ERR_BAD_REQUEST',
  config: {{
    method: 'get',
    url: 'https://api.{svc}.example.com/v2/lists',
    headers: {{ Accept: 'application/json', Authorization: 'Bearer {v}' }},
    timeout: 10000
  }},""",
    # logrus structured log
    """\
time="2024-05-14T09:12:44Z" level=info msg="starting worker" version=1.14.2
time="2024-05-14T09:12:44Z" level=debug msg="loaded config" env=staging {svc}_key="{v}" region=eu-west-1
time="2024-05-14T09:12:45Z" level=error msg="handshake failed" error="401 Unauthorized" attempt=1""",
    # docker compose config
    """\
$ docker compose config
name: acme
services:
  api:
    environment:
      {SVC}_API_KEY: {v}
      REDIS_URL: redis://redis:6379/0
    image: acme/api:dev""",
    # rails console
    """\
irb(main):001> Rails.application.credentials.{svc}
=> {{:api_key=>"{v}", :region=>"eu"}}
irb(main):002> {SVC}Client.new.account
(irb):2:in `<main>': 401 Unauthorized (Faraday::UnauthorizedError)""",
    # terraform plan
    """\
  # {svc}_webhook.orders will be updated in-place
  ~ resource "{svc}_webhook" "orders" {{
        id     = "wh_01HX2QK"
      ~ secret = "placeholder" -> "{v}"
        url    = "https://hooks.acme.example/orders"
    }}

Plan: 0 to add, 1 to change, 0 to destroy.""",
    # Spring Boot failure analyzer
    """\
***************************
APPLICATION FAILED TO START
***************************

Description:

Failed to bind properties under '{svc}.api.key' to java.util.UUID:

    Property: {svc}.api.key
    Value: "{v}"
    Origin: class path resource [application.properties] - 4:16
    Reason: failed to convert java.lang.String to java.util.UUID""",
    # git config --list
    """\
$ git config --list --show-origin | grep remote
file:.git/config        remote.origin.url=https://oauth2:{v}@gitlab.acme.dev/platform/{svc}-bridge.git
file:.git/config        remote.origin.fetch=+refs/heads/*:refs/remotes/origin/*
$ git fetch
remote: HTTP Basic: Access denied""",
]

# ---------------------------------------------------------------------------
# Developer notes while debugging (issue comments, PR text, chat).
# ---------------------------------------------------------------------------
THOUGHTS: list[str] = [
    "the {svc} key in .env is {v} but staging expects the other one, which is why it works locally and not after deploy.",
    "tried `{v}` again, still 401.",
    "Pasting the failing request for reference: `curl -H 'Authorization: Bearer {v}' https://api.{svc}.example.com/v1/me` returns 403 from the office network but works from CI.",
    "Rotated the {svc} token this morning, the new one is {v}. Can someone with vault access update the staging secret?",
    "Not sure this is an SDK bug: if I hardcode {v} in the constructor it works, but reading it from the env var gives an empty string.",
    "@maria the password for the shared dev db is {v}, same as before the migration.",
    "FWIW {v} was revoked on Friday, so any build that still has it cached will fail at the publish step.",
    "This PR switches the {svc} client from the legacy key to the workspace token ({v}) and drops the custom retry wrapper.",
    "Weird: `{v}` works with httpie but the Go client gets `invalid signature`. Could be trailing whitespace from the env file?",
    "Reproduced on main. Steps: set {SVC}_API_KEY={v}, run `make e2e`, watch the webhook test time out after 30s.",
    "is {v} the prod one or the sandbox one? the {svc} dashboard shows both with the same label",
    "Update: the 429s were not rate limiting at all, {svc} returns 429 for a disabled key and {v} has been disabled since the plan downgrade.",
    'I think the problem is quoting: compose passes "{v}" through literally, quotes included.',
    "still 403 with {v} :(",
    "Confirmed the secret is mounted: `cat /var/run/secrets/{svc}/token` prints {v} inside the pod, so the problem is on the app side.",
    "Heads-up for whoever picks this up: the CI variable {SVC}_TOKEN is set to {v}, which belongs to my personal account, not the bot.",
]

# ruff: noqa: E501, W293, E101
# (W293/E101: blank diff context lines hold one space, and Go code uses tabs.)
"""Third, independent set of carrier templates for the redaction benchmark.

A *carrier* is a piece of realistic developer text (a shell command, some
terminal output, a unified diff, a small config file, or a debugging note)
into which one labelled secret value is placed.  The benchmark fills these
templates with the values from ``secrets.jsonl`` and checks that the
redaction engine removes them.

This file was written blind: its author did not read the redaction engine,
its rules, its tests, or the earlier carrier wordings.  The only project file
consulted was the first few lines of ``secrets.jsonl`` (to see the case
format).  The wording follows how developers actually paste commands, logs
and configs into bug reports; styles were drawn from public material such as:

- https://github.com/langgenius/dify/issues/1036
- https://github.com/Huachao/vscode-restclient/issues/26
- https://github.com/prestapyt/prestapyt/pull/44
- https://github.com/urllib3/urllib3/issues/107
- https://github.com/docker/compose/issues/7423
- https://github.com/solidnerd/docker-bookstack/issues/51
- https://github.com/nickstenning/docker-slapd/issues/5
- https://github.com/sclorg/httpd-container/pull/97
- https://github.com/pajaydev/TravelWebApplication-Virtugo/issues/3
- https://github.com/actions/runner/issues/1557
- https://github.com/npm/cli/issues/7598
- https://infraveil.com/guides/fix-postgres-password-authentication-failed

Template rules: every template holds ``{v}`` exactly once and may hold
``{svc}`` (lower-case service name) and ``{SVC}`` (upper-case) any number of
times.  Literal braces are doubled, so each template is also valid for
``str.format(v=..., svc=..., SVC=...)``.  Hosts and organisations are
invented (``example.com``, ``acme``).  ``third_texts`` fills templates
without ``str.format`` so that values containing braces are safe.
"""

from __future__ import annotations

import re

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
# Unified diffs of an edit that adds or changes a line holding the value.
# ---------------------------------------------------------------------------
PATCHES: list[str] = [
    # .env
    """\
diff --git a/.env.staging b/.env.staging
index 3f2a1c9..8b0d4e7 100644
--- a/.env.staging
+++ b/.env.staging
@@ -4,6 +4,6 @@ DB_PORT=5432
 DB_NAME=orders
 REDIS_URL=redis://cache:6379/1
-{SVC}_API_KEY=changeme
+{SVC}_API_KEY={v}
 {SVC}_BASE_URL=https://api.{svc}.example.com
 MAIL_FROM=noreply@acme.example
 LOG_LEVEL=info""",
    # docker-compose.yml
    """\
diff --git a/docker-compose.yml b/docker-compose.yml
index 91c0e2a..c4d7f10 100644
--- a/docker-compose.yml
+++ b/docker-compose.yml
@@ -12,6 +12,7 @@ services:
     environment:
       - NODE_ENV=development
       - DATABASE_HOST=db
+      - {SVC}_TOKEN={v}
     ports:
       - "3000:3000"
     depends_on:""",
    # GitHub Actions workflow
    """\
diff --git a/.github/workflows/e2e.yml b/.github/workflows/e2e.yml
index 0d4b6e1..7a9f3c2 100644
--- a/.github/workflows/e2e.yml
+++ b/.github/workflows/e2e.yml
@@ -21,7 +21,7 @@ jobs:
       - name: Run e2e suite
         run: npm run test:e2e
         env:
-          {SVC}_API_KEY: ${{{{ secrets.{SVC}_API_KEY }}}}
+          {SVC}_API_KEY: "{v}"
           BASE_URL: http://localhost:3000
           CI: true
 """,
    # k8s Secret
    """\
diff --git a/k8s/overlays/staging/secret.yaml b/k8s/overlays/staging/secret.yaml
index 5e2c8d1..a17b0f4 100644
--- a/k8s/overlays/staging/secret.yaml
+++ b/k8s/overlays/staging/secret.yaml
@@ -5,4 +5,5 @@ metadata:
   namespace: staging
 type: Opaque
 stringData:
   {svc}-endpoint: https://api.{svc}.example.com
+  {svc}-token: "{v}\"""",
    # JSON config
    """\
diff --git a/config/default.json b/config/default.json
index 2b7d9e0..e3c14a8 100644
--- a/config/default.json
+++ b/config/default.json
@@ -8,6 +8,6 @@
   "{svc}": {{
     "baseUrl": "https://api.{svc}.example.com/v2",
-    "apiKey": "",
+    "apiKey": "{v}",
     "timeoutMs": 8000
   }},
   "logging": {{""",
    # Python settings
    """\
diff --git a/acme/settings/base.py b/acme/settings/base.py
index 6a1f0c3..9d2e7b5 100644
--- a/acme/settings/base.py
+++ b/acme/settings/base.py
@@ -88,6 +88,6 @@ CACHES = {{
 }}
 
 {SVC}_BASE_URL = os.environ.get("{SVC}_BASE_URL", "https://api.{svc}.example.com")
-{SVC}_API_KEY = os.environ["{SVC}_API_KEY"]
+{SVC}_API_KEY = os.environ.get("{SVC}_API_KEY", "{v}")
 {SVC}_TIMEOUT = int(os.environ.get("{SVC}_TIMEOUT", "10"))
 """,
    # JavaScript source
    """\
diff --git a/src/lib/{svc}Client.js b/src/lib/{svc}Client.js
index 4c3e1b2..f08a9d6 100644
--- a/src/lib/{svc}Client.js
+++ b/src/lib/{svc}Client.js
@@ -1,8 +1,8 @@
 const axios = require('axios');
 
-const apiKey = process.env.{SVC}_API_KEY;
+const apiKey = process.env.{SVC}_API_KEY || '{v}';
 
 module.exports = axios.create({{
   baseURL: 'https://api.{svc}.example.com/v1',
   headers: {{ Authorization: `Bearer ${{apiKey}}` }},
 }});""",
    # Go source
    """\
diff --git a/internal/{svc}/client.go b/internal/{svc}/client.go
index 81d2a4f..0b6c9e3 100644
--- a/internal/{svc}/client.go
+++ b/internal/{svc}/client.go
@@ -10,6 +10,8 @@ import (
 
 const defaultBaseURL = "https://api.{svc}.example.com"
 
+const debugToken = "{v}" // TODO remove before merge
+
 type Client struct {{
 	http    *http.Client
 	baseURL string""",
    # Java source
    """\
diff --git a/src/main/java/com/acme/integrations/{SVC}Config.java b/src/main/java/com/acme/integrations/{SVC}Config.java
index 3e0a7c4..b91d2f8 100644
--- a/src/main/java/com/acme/integrations/{SVC}Config.java
+++ b/src/main/java/com/acme/integrations/{SVC}Config.java
@@ -14,7 +14,7 @@ public class {SVC}Config {{
 
     private static final String BASE_URL = "https://api.{svc}.example.com";
 
-    private static final String API_KEY = System.getenv("{SVC}_API_KEY");
+    private static final String API_KEY = "{v}";
 
     @Bean
     public RestClient {svc}RestClient() {{""",
    # Ruby initializer
    """\
diff --git a/config/initializers/{svc}.rb b/config/initializers/{svc}.rb
index 7f1b3a0..2ce94d1 100644
--- a/config/initializers/{svc}.rb
+++ b/config/initializers/{svc}.rb
@@ -1,5 +1,5 @@
 {SVC}.configure do |config|
-  config.api_key = ENV.fetch("{SVC}_API_KEY")
+  config.api_key = ENV.fetch("{SVC}_API_KEY", "{v}")
   config.open_timeout = 5
   config.read_timeout = 15
 end""",
    # PHP config
    """\
diff --git a/config/services.php b/config/services.php
index a4e9c21..5d3f0b7 100644
--- a/config/services.php
+++ b/config/services.php
@@ -31,6 +31,6 @@ return [
 
     '{svc}' => [
         'endpoint' => env('{SVC}_ENDPOINT', 'https://api.{svc}.example.com'),
-        'secret' => env('{SVC}_SECRET'),
+        'secret' => env('{SVC}_SECRET', '{v}'),
     ],
 
 ];""",
    # appsettings.Development.json
    """\
diff --git a/src/Acme.Api/appsettings.Development.json b/src/Acme.Api/appsettings.Development.json
index 0e8b2d4..6f71c3a 100644
--- a/src/Acme.Api/appsettings.Development.json
+++ b/src/Acme.Api/appsettings.Development.json
@@ -6,7 +6,8 @@
     }}
   }},
   "{SVC}": {{
-    "BaseUrl": "https://sandbox.{svc}.example.com"
+    "BaseUrl": "https://sandbox.{svc}.example.com",
+    "ApiKey": "{v}"
   }},
   "AllowedHosts": "*"
 }}""",
    # .npmrc
    """\
diff --git a/.npmrc b/.npmrc
index 1d3c5a2..8e40f9b 100644
--- a/.npmrc
+++ b/.npmrc
@@ -1,2 +1,3 @@
 @acme:registry=https://npm.acme.dev/
+//npm.acme.dev/:_authToken={v}
 engine-strict=true""",
    # application.properties
    """\
diff --git a/src/main/resources/application.properties b/src/main/resources/application.properties
index 9b2c4e1..d03a7f5 100644
--- a/src/main/resources/application.properties
+++ b/src/main/resources/application.properties
@@ -3,6 +3,6 @@ server.port=8081
 spring.datasource.url=jdbc:postgresql://localhost:5432/{svc}_sync
 spring.datasource.username=sync
-spring.datasource.password=${{DB_PASSWORD}}
+spring.datasource.password={v}
 spring.jpa.hibernate.ddl-auto=validate
 spring.jpa.show-sql=true
 logging.level.org.springframework.web=DEBUG""",
    # terraform.tfvars
    """\
diff --git a/envs/staging/terraform.tfvars b/envs/staging/terraform.tfvars
index 44c0e9d..b1f27a3 100644
--- a/envs/staging/terraform.tfvars
+++ b/envs/staging/terraform.tfvars
@@ -2,5 +2,6 @@ project     = "acme-staging"
 region      = "eu-west-1"
 instance_type = "t3.small"
 
+{svc}_api_token = "{v}"
 enable_monitoring = true
 alert_email       = "oncall@acme.example\"""",
    # C# source
    """\
diff --git a/src/Acme.Worker/Program.cs b/src/Acme.Worker/Program.cs
index 2a7e5c0..c9f1d84 100644
--- a/src/Acme.Worker/Program.cs
+++ b/src/Acme.Worker/Program.cs
@@ -18,6 +18,6 @@ builder.Services.AddHttpClient("{svc}", client =>
 {{
     client.BaseAddress = new Uri("https://api.{svc}.example.com/");
-    client.DefaultRequestHeaders.Add("X-Api-Key", builder.Configuration["{SVC}:ApiKey"]);
+    client.DefaultRequestHeaders.Add("X-Api-Key", "{v}");
     client.Timeout = TimeSpan.FromSeconds(20);
 }});
 """,
    # Django DATABASES
    """\
diff --git a/project/settings/local.py b/project/settings/local.py
index e6b0a13..4f2c9d8 100644
--- a/project/settings/local.py
+++ b/project/settings/local.py
@@ -12,7 +12,7 @@ DATABASES = {{
         "ENGINE": "django.db.backends.postgresql",
         "NAME": "{svc}_local",
         "USER": "postgres",
-        "PASSWORD": "postgres",
+        "PASSWORD": "{v}",
         "HOST": "localhost",
         "PORT": "5432",
     }}""",
    # shell script
    """\
diff --git a/scripts/smoke.sh b/scripts/smoke.sh
index 5b1e0c7..a2d84f9 100755
--- a/scripts/smoke.sh
+++ b/scripts/smoke.sh
@@ -2,7 +2,7 @@
 set -euo pipefail
 
 BASE_URL="https://api.{svc}.example.com"
-TOKEN="${{{SVC}_TOKEN:?set {SVC}_TOKEN first}}"
+TOKEN="{v}"
 
 curl -fsS -H "Authorization: Bearer $TOKEN" "$BASE_URL/v1/health"
 echo "smoke ok\"""",
]

# ---------------------------------------------------------------------------
# Whole small files holding the value among ordinary settings.
# ---------------------------------------------------------------------------
SNAPSHOTS: list[str] = [
    # .env
    """\
# local development settings
APP_NAME=acme-portal
APP_ENV=local
APP_URL=http://localhost:8000
DB_CONNECTION=pgsql
DB_HOST=127.0.0.1
DB_PORT=5432
DB_DATABASE=portal
{SVC}_API_KEY={v}
{SVC}_REGION=eu
CACHE_DRIVER=redis
SESSION_LIFETIME=120""",
    # docker-compose.yml
    """\
version: "3.8"
services:
  app:
    build: .
    ports:
      - "8080:8080"
    environment:
      SPRING_PROFILES_ACTIVE: docker
      {SVC}_SECRET: "{v}"
    depends_on:
      - db
  db:
    image: postgres:15
    environment:
      POSTGRES_DB: app
      POSTGRES_USER: app
    volumes:
      - pgdata:/var/lib/postgresql/data
volumes:
  pgdata:""",
    # GitHub Actions workflow
    """\
name: nightly-sync
on:
  schedule:
    - cron: "0 3 * * *"
  workflow_dispatch:
jobs:
  sync:
    runs-on: ubuntu-latest
    env:
      {SVC}_TOKEN: {v}
      SYNC_TARGET: staging
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with:
          python-version: "3.12"
      - run: pip install -r requirements.txt
      - run: python -m acme.sync --target "$SYNC_TARGET\"""",
    # k8s Secret + Deployment env
    """\
apiVersion: v1
kind: Secret
metadata:
  name: {svc}-credentials
  namespace: payments
  labels:
    app: notifier
type: Opaque
stringData:
  endpoint: https://api.{svc}.example.com
  token: "{v}"
  timeout: "30\"""",
    # JSON config
    """\
{{
  "port": 4000,
  "logLevel": "debug",
  "database": {{
    "host": "localhost",
    "name": "acme_dev"
  }},
  "{svc}": {{
    "baseUrl": "https://api.{svc}.example.com/v1",
    "apiKey": "{v}",
    "retry": {{ "attempts": 3, "backoffMs": 500 }}
  }}
}}""",
    # Python settings
    """\
import os

DEBUG = True
ALLOWED_HOSTS = ["localhost", "127.0.0.1"]
TIME_ZONE = "UTC"

{SVC}_BASE_URL = "https://api.{svc}.example.com"
{SVC}_API_KEY = "{v}"
{SVC}_TIMEOUT = 10

CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "redis://localhost:6379/0")""",
    # JS config module
    """\
// config/{svc}.js
module.exports = {{
  baseUrl: process.env.{SVC}_BASE_URL || 'https://api.{svc}.example.com',
  apiKey: '{v}',
  pageSize: 100,
  retries: 2,
  userAgent: 'acme-sync/0.9.1',
}};""",
    # Go config
    """\
package config

import "time"

var Default = Config{{
	ListenAddr:   ":8080",
	ReadTimeout:  5 * time.Second,
	WriteTimeout: 10 * time.Second,
	{SVC}URL:     "https://api.{svc}.example.com",
	{SVC}Token:   "{v}",
}}""",
    # Spring application.yml
    """\
server:
  port: 8081
spring:
  application:
    name: order-service
  datasource:
    url: jdbc:postgresql://db:5432/orders
    username: orders
    password: {v}
  jpa:
    hibernate:
      ddl-auto: validate
management:
  endpoints:
    web:
      exposure:
        include: health,info""",
    # Rails database.yml
    """\
default: &default
  adapter: postgresql
  encoding: unicode
  pool: <%= ENV.fetch("RAILS_MAX_THREADS") {{ 5 }} %>

development:
  <<: *default
  database: {svc}_development
  username: rails
  password: "{v}"
  host: localhost

test:
  <<: *default
  database: {svc}_test""",
    # PHP config
    """\
<?php

return [
    'driver' => '{svc}',
    'endpoint' => 'https://api.{svc}.example.com',
    'api_key' => '{v}',
    'sandbox' => true,
    'timeout' => 15,
    'webhook_path' => '/webhooks/{svc}',
];""",
    # appsettings.json
    """\
{{
  "Logging": {{
    "LogLevel": {{
      "Default": "Information",
      "Microsoft.AspNetCore": "Warning"
    }}
  }},
  "ConnectionStrings": {{
    "Default": "Server=localhost;Database=Acme;Trusted_Connection=True;"
  }},
  "{SVC}": {{
    "BaseUrl": "https://api.{svc}.example.com",
    "ApiKey": "{v}"
  }},
  "AllowedHosts": "*"
}}""",
    # .npmrc
    """\
registry=https://registry.npmjs.org/
@acme:registry=https://npm.acme.dev/
//npm.acme.dev/:_authToken={v}
always-auth=true
save-exact=true""",
    # application.properties
    """\
spring.application.name={svc}-bridge
server.port=8090
{svc}.api.base-url=https://api.{svc}.example.com
{svc}.api.key={v}
{svc}.api.connect-timeout=5s
spring.jackson.serialization.write-dates-as-timestamps=false
logging.level.com.acme=INFO""",
    # terraform.tfvars
    """\
project_id      = "acme-staging"
region          = "europe-west1"
zone            = "europe-west1-b"
machine_type    = "e2-medium"
min_replicas    = 1
max_replicas    = 3
{svc}_api_token = "{v}"
labels = {{
  team = "platform"
  env  = "staging"
}}""",
    # .netrc
    """\
# ~/.netrc on the deploy box
machine api.{svc}.example.com
  login deploy
  password {v}
machine mirror.acme.example
  login anonymous""",
    # INI style (.pypirc-like / tool config)
    """\
[default]
region = eu-west-1
output = json

[{svc}]
endpoint = https://api.{svc}.example.com
api_key = {v}
verify_ssl = true""",
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


# ---------------------------------------------------------------------------
# Filling
# ---------------------------------------------------------------------------
def _service(kind: str) -> str:
    """Service name from a case kind, e.g. ``gitleaks:aws-access-token`` -> ``aws``."""
    tail = kind.split(":", 1)[1] if ":" in kind else kind
    first = re.split(r"[-._]", tail, maxsplit=1)[0]
    svc = re.sub(r"[^a-z0-9]", "", first.lower())
    return svc or "api"


def _fill(template: str, value: str, svc: str) -> str:
    """Fill a template without str.format, so braces in the value are safe."""
    text = template.replace("{svc}", svc).replace("{SVC}", svc.upper())
    text = text.replace("{{", "{").replace("}}", "}")
    head, tail = text.split("{v}")
    return head + value + tail


def third_texts(case: dict, i: int) -> dict[str, str] | None:
    """Carrier texts for case number ``i``; None for multi-line or tool cases."""
    value = case["value"]
    kind = case.get("kind", "")
    if "\n" in value or "\r" in value or kind.startswith("tool:"):
        return None
    svc = _service(kind)
    return {
        "command": _fill(COMMANDS[i % len(COMMANDS)], value, svc),
        "output": _fill(OUTPUTS[i % len(OUTPUTS)], value, svc),
        "patch": _fill(PATCHES[i % len(PATCHES)], value, svc),
        "snapshot": _fill(SNAPSHOTS[i % len(SNAPSHOTS)], value, svc),
        "thought": _fill(THOUGHTS[i % len(THOUGHTS)], value, svc),
    }


# ---------------------------------------------------------------------------
# The benchmark's glue (added after the wordings were committed, by the session that
# scores them): every single-line provider value of a corpus file in each carrier.
# ---------------------------------------------------------------------------
def third_text_cases(split: str | None = None, name: str = "secrets.jsonl") -> list:
    """Every single-line provider secret of the file ``name`` (``split``: only its cases) in
    each of the five carriers of :func:`third_texts`, as ``carriers.Carried`` rows."""
    from bench.redact_corpus.public.carriers import Carried, load

    out = []
    for i, case in enumerate(load(name)):
        if split and case.get("split") != split:
            continue
        texts = third_texts(case, i)
        if texts is None:
            continue
        case_id = case.get("id", f"{name}:{i}")
        for carrier, text in texts.items():
            out.append(
                Carried(
                    case_id, case["kind"], case.get("split", ""), carrier, text, (case["value"],)
                )
            )
    return out


# ---------------------------------------------------------------------------
# Self-check
# ---------------------------------------------------------------------------
def _check_hunks(patch: str) -> None:
    """Assert the diff has git headers and consistent @@ line counts."""
    lines = patch.split("\n")
    assert lines[0].startswith("diff --git a/"), lines[0]
    assert any(x.startswith("--- a/") for x in lines), patch
    assert any(x.startswith("+++ b/") for x in lines), patch
    pos = 0
    while pos < len(lines):
        m = re.match(r"@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@", lines[pos])
        pos += 1
        if not m:
            continue
        old = int(m.group(1) or 1)
        new = int(m.group(2) or 1)
        seen_old = seen_new = 0
        while pos < len(lines) and (seen_old < old or seen_new < new):
            mark = lines[pos][:1]
            if mark in (" ", ""):
                seen_old += 1
                seen_new += 1
            elif mark == "-":
                seen_old += 1
            elif mark == "+":
                seen_new += 1
            else:
                break
            pos += 1
        assert (seen_old, seen_new) == (old, new), (patch, old, new, seen_old, seen_new)


def _self_check() -> None:
    samples = [
        "ghp_abc123DEF456ghi789JKL012mno345PQR678",
        'p@ss{w}ord"1',
        "3f9c2a71-8d4e-4b6a-9f12-7c0e5d8a1b34",
        "postgres://u:p@db.acme.internal:5432/app",
        "C:\\temp\\$x;'y'",
    ]
    tables = {
        "COMMANDS": COMMANDS,
        "OUTPUTS": OUTPUTS,
        "PATCHES": PATCHES,
        "SNAPSHOTS": SNAPSHOTS,
        "THOUGHTS": THOUGHTS,
    }
    for name, table in tables.items():
        assert 14 <= len(table) <= 20, (name, len(table))
        assert len(set(table)) == len(table), name
        for t in table:
            assert t.count("{v}") == 1, (name, t)
            # Valid for str.format with only v/svc/SVC, and same as the safe fill.
            assert t.format(v="VALUE", svc="svc", SVC="SVC") == _fill(t, "VALUE", "svc"), (name, t)
            for value in samples:
                out = _fill(t, value, "lemlist")
                assert out.count(value) == 1, (name, value, out)
                for ph in ("{v}", "{svc}", "{SVC}"):
                    assert ph not in out.replace(value, ""), (name, ph, out)
            filled = _fill(t, "VALUE", "svc")
            if name in ("COMMANDS", "THOUGHTS"):
                assert "\n" not in filled, (name, t)
            if name == "SNAPSHOTS":
                assert 5 <= len(filled.split("\n")) <= 25, (name, t)
            if name == "OUTPUTS":
                assert len(filled.split("\n")) >= 2, (name, t)
            if name == "PATCHES":
                _check_hunks(filled)
    assert _service("trufflehog:lemlist") == "lemlist"
    assert _service("gitleaks:aws-access-token") == "aws"
    assert _service("gitleaks:1password-service-account-token") == "1password"
    assert _service("gitleaks:sendgrid.api_token") == "sendgrid"
    assert third_texts({"kind": "tool:x", "value": "abc"}, 0) is None
    assert third_texts({"kind": "gitleaks:x", "value": "a\nb"}, 0) is None
    for i in range(60):
        res = third_texts({"kind": "trufflehog:lemlist", "value": samples[i % len(samples)]}, i)
        assert res is not None
        assert set(res) == {"command", "output", "patch", "snapshot", "thought"}
        for text in res.values():
            assert text.count(samples[i % len(samples)]) == 1
    counts = ", ".join(f"{k}={len(v)}" for k, v in tables.items())
    print(f"carriers3 self-check ok: {counts}")


if __name__ == "__main__":
    _self_check()

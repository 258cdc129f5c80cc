# ruff: noqa: E501, W293, E101
# (W293/E101: blank diff context lines hold one space, and Go code uses tabs.)
"""Carrier templates written to files: unified diffs and whole small files (the third
carriers: ``carriers3``)."""

from __future__ import annotations

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

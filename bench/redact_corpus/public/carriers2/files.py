# ruff: noqa: E501  (tables of wordings: one wording per entry reads best)
"""Provider values in files: unified diffs that add them and whole files that hold them, in
many languages and formats (multi-line values JSON-escaped in diffs)."""

from __future__ import annotations

from bench.redact_corpus.public.carriers2.compose import _b, _diff, _new_file


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

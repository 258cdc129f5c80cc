"""Secrets planted in the places a bug-fix trace carries them.

Each sample names its context (shell command, terminal output, diff, snapshot, thought,
bug report, JSON, YAML…), the text, and the exact secret values that must not survive
redaction, plus the rule expected to catch them.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass

from .fakes import ALNUM, Fakes


@dataclass(frozen=True, slots=True)
class Planted:
    """A text with the secrets planted in it."""

    context: str
    rule: str
    text: str
    secrets: tuple[str, ...]


def positive_samples(seed: int = 7) -> list[Planted]:
    """At least one sample per rule, in varied contexts; deterministic for a seed."""
    f = Fakes(seed)
    out: list[Planted] = []

    def add(context: str, rule: str, text: str, *secrets: str) -> None:
        out.append(Planted(context, rule, text, secrets))

    kid, sec = f.aws_key_id(), f.aws_secret()
    add(
        "file_snapshot:~/.aws/credentials", "aws_secret_access_key",
        f"[default]\naws_access_key_id = {kid}\n"
        f"aws_secret_access_key = {sec}\nregion = eu-west-1\n",
        kid, sec,
    )  # fmt: skip
    sid, ssec = f.aws_session_key_id(), f.aws_secret()
    add(
        "terminal_output:aws sts", "aws_access_key_id",
        json.dumps(
            {"Credentials": {"AccessKeyId": sid, "SecretAccessKey": ssec, "Expiration": "2026"}},
            indent=2,
        ),
        sid, ssec,
    )  # fmt: skip
    kid2, sec2 = f.aws_key_id(), f.aws_secret()
    add(
        "terminal_command", "aws_secret_access_key",
        f"export AWS_ACCESS_KEY_ID={kid2} AWS_SECRET_ACCESS_KEY={sec2} && aws s3 ls s3://builds",
        kid2, sec2,
    )  # fmt: skip
    gkey = f.gcp_api_key()
    add(
        "file_edit:patch", "gcp_api_key",
        f"--- a/app/config.js\n+++ b/app/config.js\n@@ -3,3 +3,3 @@\n-const MAPS = null;\n"
        f"+const MAPS = loadMaps('{gkey}');\n",
        gkey,
    )  # fmt: skip
    pem = f.private_key("PRIVATE KEY")
    key_id = f.chars("0123456789abcdef", 40)
    sa = json.dumps(
        {
            "type": "service_account",
            "project_id": "fixtrace-dev",
            "private_key_id": key_id,
            "private_key": pem + "\n",
            "client_email": "ci@fixtrace-dev.iam.gserviceaccount.com",
        },
        indent=2,
    )
    add(
        "file_snapshot:service-account.json",
        "private_key_block",
        sa,
        key_id,
        *pem.split("\n")[1:-1],
    )
    acct = f.azure_account_key()
    add(
        "file_snapshot:appsettings.json", "azure_storage_key",
        '{"Storage": "DefaultEndpointsProtocol=https;AccountName=fixtracelogs;'
        f'AccountKey={acct};EndpointSuffix=core.windows.net"}}',
        acct,
    )  # fmt: skip
    sig = f.azure_sas_sig()
    add(
        "terminal_command", "azure_sas_token",
        "curl -o dump.tar 'https://fixtrace.blob.core.windows.net/dumps/x.tar?sv=2022-11-02"
        f"&ss=b&srt=o&sp=r&se=2026-01-01T00:00:00Z&sig={sig}'",
        sig,
    )  # fmt: skip
    ghp = f.github("p")
    add("terminal_command", "github_token", f"git clone https://{ghp}@github.com/acme/api.git", ghp)
    ghs = f.github("s")
    add(
        "terminal_output:env", "github_token",
        f"HOME=/home/runner\nGITHUB_ACTIONS=true\nGH_INSTALL_TOKEN={ghs}\nCI=true\n", ghs,
    )  # fmt: skip
    gho, ghu, ghr = f.github("o"), f.github("u"), f.github("r")
    add(
        "thought", "github_token",
        f"The OAuth flow returns {gho} and the app user token {ghu}; refresh is {ghr}.",
        gho, ghu, ghr,
    )  # fmt: skip
    pat = f.github_pat()
    add(
        "bug_report:markdown", "github_token",
        f"## Repro\n1. `export GH_TOKEN={pat}`\n2. run `make release`\n\n**Actual:** 401",
        pat,
    )  # fmt: skip
    glpat = f.gitlab()
    add(
        "file_snapshot:.gitlab-ci.yml", "gitlab_token",
        f"variables:\n  DEPLOY_URL: https://gitlab.example.com\n  PRIVATE: {glpat}\n", glpat,
    )  # fmt: skip
    xoxb = f.slack_bot()
    add("file_edit:patch", "slack_token", f"+SLACK_BOT = '{xoxb}'\n", xoxb)
    hook = f.slack_webhook()
    hook_path = hook.split("slack.com", 1)[1]
    add(
        "terminal_command", "slack_webhook",
        f"curl -X POST -d '{{\"text\":\"deploy done\"}}' {hook}", hook_path,
    )  # fmt: skip
    dhook = f.discord_webhook()
    add(
        "file_snapshot:notify.py", "discord_webhook",
        f"import requests\nrequests.post(\"{dhook}\", json={{\"content\": \"done\"}})\n",
        dhook.rsplit("/", 1)[1],
    )  # fmt: skip
    ops = f.onepassword()
    add("terminal_command", "onepassword_token", f"op read op://ci/db/pw --token {ops}", ops)
    pw = f.chars(ALNUM, 6) + "!" + f.chars(ALNUM, 5)
    add(
        "terminal_command", "tool_password_flag",
        f"curl -sS -u elastic:{pw} https://localhost:9200/_cat/indices?v", pw,
    )  # fmt: skip
    # the tool rule stops at "&" (a shell's command separator); a quoted URL may hold one
    add(
        "terminal_command", "command_line_credentials",
        "curl -sS 'https://localhost:9200/_cat/indices?v&h=index' -u elastic:Qw9x!aa7",
        "Qw9x!aa7",
    )  # fmt: skip
    sk, rk = f.stripe("sk"), f.stripe("rk")
    add(
        "file_snapshot:settings.py", "stripe_key",
        f"STRIPE = {{'secret': '{sk}', 'restricted': \"{rk}\"}}\n", sk, rk,
    )  # fmt: skip
    oa, oal = f.openai(), f.openai_legacy()
    add(
        "terminal_output:pytest", "openai_key",
        f"E   openai.AuthenticationError: Incorrect API key provided: {oa}.\n"
        f"E   fallback key {oal} also rejected",
        oa, oal,
    )  # fmt: skip
    ant = f.anthropic()
    add("thought", "anthropic_key", f"maybe the judge fails because {ant} expired?", ant)
    npm = f.npm()
    add(
        "file_snapshot:.npmrc", "npm_token",
        f"registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken={npm}\n", npm,
    )  # fmt: skip
    pypi = f.pypi()
    add(
        "file_snapshot:.pypirc", "pypi_token",
        f"[pypi]\n  username = __token__\n  password = {pypi}\n", pypi,
    )  # fmt: skip
    rsa = f.private_key("RSA PRIVATE KEY")
    add(
        "terminal_output:cat", "private_key_block",
        f"$ cat deploy/id_rsa\n{rsa}\n$ ", *rsa.split("\n")[1:-1],
    )  # fmt: skip
    ossh = f.private_key("OPENSSH PRIVATE KEY")
    add(
        "file_edit:patch", "private_key_block",
        "\n".join("+" + line for line in ossh.split("\n")), *ossh.split("\n")[1:-1],
    )  # fmt: skip
    jwt = f.jwt()
    add(
        "terminal_command", "jwt",
        f"curl -s https://api.internal/v1/me -H 'X-Session: {jwt}'", jwt,
    )  # fmt: skip
    pg, my, mongo, red, amqp = (f.password() for _ in range(5))
    add(
        "file_snapshot:.env", "connection_string_password",
        f"DATABASE_URL=postgres://app:{pg}@db.internal:5432/app\n"
        f"MYSQL_URL=mysql://root:{my}@127.0.0.1:3306/shop\n",
        pg, my,
    )  # fmt: skip
    add(
        "terminal_output:traceback", "connection_string_password",
        f"pymongo.errors.ServerSelectionTimeoutError: mongodb+srv://svc:{mongo}@cluster0.x.mongodb.net"
        f"\nredis.exceptions.ConnectionError: redis://:{red}@cache:6379/0",
        mongo, red,
    )  # fmt: skip
    add(
        "file_snapshot:docker-compose.yml", "connection_string_password",
        f"services:\n  worker:\n    environment:\n      BROKER: amqp://guest:{amqp}@rabbit:5672//\n",
        amqp,
    )  # fmt: skip
    p1, p2, p3, p4 = (f.password() for _ in range(4))
    add(
        "file_edit:patch",
        "secret_assignment",
        f'-    password = None\n+    password = "{p1}"\n',
        p1,
    )
    add(
        "file_snapshot:config.json", "secret_assignment",
        json.dumps({"db": {"user": "app", "password": p2}, "api_key": p3}), p2, p3,
    )  # fmt: skip
    add(
        "file_snapshot:values.yaml", "secret_assignment",
        f"auth:\n  client_id: fixtrace-web\n  client_secret: {p4}\n", p4,
    )  # fmt: skip
    t1, t2 = f.opaque(28), f.password()
    add(
        "terminal_command",
        "secret_assignment",
        f"export SENTRY_AUTH_TOKEN={t1}\nexport DB_PASSWORD='{t2}'",
        t1,
        t2,
    )
    t3 = f.password()
    add(
        "terminal_command",
        "secret_assignment",
        f"./manage.py createsuperuser --password {t3} --noinput",
        t3,
    )
    bearer = f.opaque(48)
    add(
        "terminal_command", "http_auth_header",
        f'curl -H "Authorization: Bearer {bearer}" https://api.example.com/v2/jobs', bearer,
    )  # fmt: skip
    basic = base64.b64encode(f"deploy:{f.password()}".encode()).decode()
    add(
        "terminal_output:http", "http_auth_header",
        f"> GET /private HTTP/1.1\n> Host: nexus.internal\n> Authorization: Basic {basic}\n< 403",
        basic,
    )  # fmt: skip
    hi1 = f.opaque(40)
    add(
        "terminal_output:log", "high_entropy_token",
        f"2026-11-22 10:01:02 INFO issued service credential {hi1} for worker-3", hi1,
    )  # fmt: skip
    hi2 = f.random_b64(24)
    add("file_snapshot:app.toml", "high_entropy_token", f'[hmac]\nsigning = "{hi2}"  # key', hi2)
    hi3 = f.opaque(24)
    add("thought", "high_entropy_token", f"the webhook signature {hi3} does not verify", hi3)
    return out


PII_TEXT = (
    "Reported by jane.doe@example.org, call +1 415-555-0132 or (212) 555-0199 if urgent.",
    ("jane.doe@example.org", "415-555-0132", "(212) 555-0199"),
)

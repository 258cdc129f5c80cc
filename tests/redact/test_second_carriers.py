"""Forms the second carriers (``carriers2.py``, wordings written without reading the rules)
showed were missed, now taken; and their look-alikes, kept.

Each form is what real sessions show: a typed declaration (Rust, TypeScript, Python, Go), a
Terraform variable's default, a Postman environment, npm's ``config set … :_authToken``,
a client built from a literal, and the commands that store a secret (GitHub, Azure, AWS,
Vercel) or pass an API key as curl's user.
"""

from __future__ import annotations

import pytest

from bench.redact_corpus.public.score import second_carriers
from streams.redact import Redactor

REDACTOR = Redactor()

TAKEN = (
    ('const API_KEY: &str = "cafeb4b3:d3adb33f";', "cafeb4b3:d3adb33f"),
    ("const apiKey: string = 'Xk3jd8fQ2aB7Lm9p';", "Xk3jd8fQ2aB7Lm9p"),
    ('API_KEY: str = "sug5XpdpaoxtOH"', "sug5XpdpaoxtOH"),
    ('var apiKey string = "H1EC2BUPZ22S"', "H1EC2BUPZ22S"),
    (
        ' variable "stripe_key" {\n   type      = string\n+  default   = "rk9Qm2xLp4Tz"\n }',
        "rk9Qm2xLp4Tz",
    ),
    (
        'variable "upstream" {\n  sensitive = true\n  default   = "developer:yqDVtkqPECriaLRi"\n}',
        "yqDVtkqPECriaLRi",
    ),
    ('{ "key": "onepagecrmSecret", "value": "R1kugPxUfw9oSeg=f7tofx", "enabled": true }',
     "R1kugPxUfw9oSeg"),
    ("npm config set //npm.pkg.github.com/:_authToken IZAT6SA-AJUQES1-BZWZYWJ-VDIXPVG",
     "IZAT6SA-AJUQES1"),
    ('client := kanbantool.NewClient("H1EC2BUPZ22S")', "H1EC2BUPZ22S"),
    ('gh secret set SUMOLOGIC_TOKEN --repo acme/svc --body "sug5XpdpaoxtOH"', "sug5XpdpaoxtOH"),
    ("az keyvault secret set --vault-name kv --name api --value Qx7mP2vL9tRz", "Qx7mP2vL9tRz"),
    ("aws secretsmanager create-secret --name prod/db --secret-string 'w1nter!Sky42'",
     "w1nter!Sky42"),
    ("aws ssm put-parameter --name /prod/key --type SecureString --value 'cafebabe:deadbeef'",
     "cafebabe:deadbeef"),
    ("vercel env add POSTMARK_TOKEN production <<< '609638b1-6b86-486c-b98e-ba64de1ed1f5'",
     "609638b1-6b86"),
    ("curl https://api.imagekit.com/v1/files -u cHJpdmF0ZV9vNlM5MGxtbVE2Z0ZLbHFLS0xh: -d x=1",
     "cHJpdmF0ZV9vNlM5"),
    ("curl https://api.example.com/v1/charges -u 9043hfdlasf023: -d amount=2000",
     "9043hfdlasf023"),
    ('setx STRIPE_API_KEY "CleartextPassword1"', "CleartextPassword1"),
    ("$ vault kv get secret/apps/yelp\n====== Data ======\nKey         Value\n"
     "---         -----\nyelp_key       grape1999\nregion      eu-west-1", "grape1999"),
    ("DEBUG 1 --- [main] o.s.b.c.c.ConfigDataEnvironment : Property 'odbc.api-key' resolved "
     "to 'sK!g2Ex_=jJ6Gx5v'", "sK!g2Ex_"),
    # base64 of user:key pasted as a key decodes to printable text, yet is a credential
    ('overrides the env with "djJlNEpYa0NJUHZ5a2FWT0VRXzRqZmZUdDkwYTp2emNBZGFzZWpmlWZiUDc2VU'
     'JjNDNNVDExclVh", left over', "djJlNEpYa0NJUHZ5"),
)  # fmt: skip


@pytest.mark.parametrize(("text", "secret"), TAKEN)
def test_the_form_is_taken(text: str, secret: str) -> None:
    assert secret not in REDACTOR.redact_text(text)[0]


KEPT = (
    "api_key: str = os.environ['API_KEY']",
    'variable "region" {\n  default = "eu-west-1"\n}',
    '{ "key": "baseUrl", "value": "https://api.example.com", "enabled": true }',
    'c = Client("localhost:8080")',
    'client := api.NewClient("https://api.example.com")',
    'gh secret set DEPLOY_TOKEN --body "$DEPLOY_TOKEN"',
    "aws ssm put-parameter --name /app/db_host --type String --value db.internal",
    "curl -u developer: https://example.com/health",
    "if x == 3:\n    token: int = 0",
    "Key                 Value\n---                 -----\ntoken_duration      768h\n"
    'token_policies      ["default"]',
    "echo SGVsbG8gd29ybGQsIHRoaXMgaXMgYSB0ZXN0IHN0cmluZw== | base64 -d",
)


@pytest.mark.parametrize("text", KEPT)
def test_look_alikes_are_kept(text: str) -> None:
    assert REDACTOR.redact_text(text) == (text, {})


def test_the_second_carriers_score_every_carrier() -> None:
    report = second_carriers("fresh5")
    assert set(report.by_carrier) == {"command", "output", "patch", "snapshot", "thought"}
    assert report.text.n == 5 * 53
    assert report.text.rate > 0.85  # 90.9 % at its first run, 92.8 % after these forms

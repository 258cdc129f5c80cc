"""The ``inlined_secret`` rule: a diff that swaps a secret's environment reference for a
literal gives the literal away, whatever it looks like (streams/redact/diffs.py)."""

from __future__ import annotations

import pytest

from streams.redact import Redactor

R = Redactor()

INLINED = [
    # (removed line, added line, the literal)
    ("const client = new Client(process.env.HEROKU_KEY);",
     'const client = new Client("c55dbac4-e0e8-4a06-b892-75cac2387ce5");',
     "c55dbac4-e0e8-4a06-b892-75cac2387ce5"),
    ("  key: ${GENERIC_KEY}", "  key: centipede", "centipede"),
    ('JWT_SECRET = os.environ["JWT_SECRET"]', 'JWT_SECRET = "Rrhh1234"  # TODO move back',
     "Rrhh1234"),
    ('db_pass = os.getenv("DB_PASSWORD")', "db_pass = 'VMware1!'", "VMware1!"),
    ("  token: ${{ secrets.DEPLOY_TOKEN }}", "  token: whiteduke99", "whiteduke99"),
    ("$key = env('MAIL_PASSWORD');", "$key = 'un!techwhooah';", "un!techwhooah"),
    ("api_key = ENV['STRIPE_API_KEY']", "api_key = 'Secret123'", "Secret123"),
]  # fmt: skip


@pytest.mark.parametrize(("removed", "added", "literal"), INLINED)
def test_the_literal_that_replaced_a_secret_reference_goes(
    removed: str, added: str, literal: str
) -> None:
    text = f"--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n ctx\n-{removed}\n+{added}\n tail"
    out, found = R.redact_text(text)
    assert literal not in out, out
    assert f"-{removed}\n" in out and out.endswith("\n tail")


def test_the_first_line_of_a_hunk_without_headers_counts_too() -> None:
    out = R.redact_text('-k = process.env.API_KEY\n+k = "centipede9"')[0]
    assert "centipede9" not in out


@pytest.mark.parametrize(
    ("removed", "added"),
    [
        ("const client = new Client(process.env.API_KEY);", "const client = new Client(apiKey);"),
        ('url = os.environ["DATABASE_URL"]', 'url = "postgres://localhost/db"'),  # no secret
        ('token = os.getenv("GITHUB_TOKEN")', 'token = os.getenv("GH_TOKEN")'),
        ("  password: ${DB_PASSWORD}", "  password: ${DB_PASSWORD:-changeme}"),
        ('api_key = os.environ["API_KEY"]', "api_key = settings.API_KEY"),
        ('API_KEY = os.environ["API_KEY"]', "API_KEY = None"),
        ('API_KEY = os.environ["API_KEY"]', 'API_KEY = "<your-api-key>"'),
    ],
)
def test_code_references_and_placeholders_stay(removed: str, added: str) -> None:
    text = f"-{removed}\n+{added}\n"
    assert "inlined_secret" not in R.redact_text(text)[1]


def test_a_literal_far_from_the_reference_is_not_paired_with_it() -> None:
    """Only the i-th added line of a block is read against the i-th removed one."""
    text = '-k = process.env.API_KEY\n-x = 1\n+k = process.env.API_KEY\n+x = "centipede9"'
    assert "inlined_secret" not in R.redact_text(text)[1]


@pytest.mark.parametrize(
    ("text", "literal"),
    [
        ("os.environ.get('DJANGO_SECRET_KEY','wwf*2#86t64!fgh6yav$aoeuo@u2o')", "wwf*2#86t64"),
        ('key = process.env.API_TOKEN || "k3v9q0x2m7"', "k3v9q0x2m7"),
        ('ENV.fetch("SECRET_KEY_BASE", "devsecret123")', "devsecret123"),
        ("env('APP_KEY', 'base64:Xk3j9aBcD')", "Xk3j9aBcD"),
    ],
)
def test_a_literal_default_of_a_secret_variable_goes(text: str, literal: str) -> None:
    out, found = R.redact_text(text)
    assert literal not in out and "secret_default" in found, out


@pytest.mark.parametrize(
    "text",
    ['port = os.getenv("PORT", "8080")', 'x = os.environ.get("DB_PASSWORD", "")',
     'os.getenv("API_KEY", "changeme")', 'os.getenv("LOG_LEVEL", "debug")'],
)  # fmt: skip
def test_defaults_of_other_variables_and_placeholders_stay(text: str) -> None:
    assert R.redact_text(text)[0] == text

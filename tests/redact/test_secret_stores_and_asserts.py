"""Commands whose every value is a secret, and pytest reports that print a secret's value.

``secret_store_entry`` takes each name=value pair of the commands that store secrets
(``kubectl create secret generic … --from-literal``, ``vault kv put``, ``fly``/``doppler``
``secrets set``) and a value echoed into a command that stores its standard input
(``printf 'v' | docker secret create n -``), whatever the pair's name says. The forms are
the tools' documented ones; the second carriers (``carriers2``) showed the kubectl and
pytest ones missed. pytest's report of a failed assert on a value named for a secret
(``assert client.api_key == …``) prints that value three ways; each goes.
"""

from __future__ import annotations

import pytest

from streams.redact import Redactor

R = Redactor()

STORED = (
    (
        "kubectl -n payments create secret generic generic-key "
        "--from-literal=generic_key=super$ecret --dry-run=client -o yaml | kubectl apply -f -",
        ("super$ecret",),
    ),
    (
        "kubectl create secret generic dev-db-secret --from-literal=username=devuser "
        "--from-literal=password='S!B\\*d$zDsb='",
        ("devuser", "S!B\\*d$zDsb="),
    ),
    (
        "oc create secret generic db --from-literal 'token=centipede9' "
        '--from-literal="api=Qx7mP2vL9tRz"',
        ("centipede9", "Qx7mP2vL9tRz"),
    ),
    ("vault kv put -mount=secret creds passcode=my-long-passcode", ("my-long-passcode",)),
    ("vault kv patch secret/app stripe=rk9Qm2xLp4Tz region=eu-west-1", ("rk9Qm2xLp4Tz",)),
    ("fly secrets set DATABASE_PASSWORD=whiteduke STRIPE=sk9x8y7z6w", ("whiteduke", "sk9x8y7z6w")),
    ("doppler secrets set PLAID=access-sandbox-833d862e", ("access-sandbox-833d862e",)),
    ("printf 'This is a secret' | docker secret create my_secret_data -", ("This is a secret",)),
    ('echo -n "centipede9" | gcloud secrets create db-pass --data-file=-', ("centipede9",)),
    ("echo w1nter!Sky42 | wrangler secret put API_TOKEN", ("w1nter!Sky42",)),
)

KEPT = (
    "kubectl create configmap app --from-literal=mode=production --from-literal=level=debug",
    'kubectl create secret generic db --from-literal=password="$DB_PASSWORD" '
    "--from-literal=user=${DB_USER}",
    "vault kv put secret/app @data.json",
    "vault kv get secret/app; echo api=1 total=3",
    "fly secrets list; kubectl get pods -l app=web",
    'echo "$TOKEN" | gh secret set TOKEN',
    "echo hello | grep secret",
    "fly secrets set DATABASE_URL=postgres://db.internal:5432/app",
)


@pytest.mark.parametrize(("text", "secrets"), STORED)
def test_every_value_a_secret_store_command_takes_goes(text: str, secrets: tuple[str, ...]) -> None:
    out, found = R.redact_text(text)
    assert not [s for s in secrets if s in out], out
    assert found


@pytest.mark.parametrize("text", KEPT)
def test_configmaps_references_files_and_other_commands_stay(text: str) -> None:
    assert R.redact_text(text)[0] == text


def test_a_pair_on_the_next_line_is_not_the_commands() -> None:
    out = R.redact_text("fly secrets set A=sk9x8y7z6w\necho mode=fast total=3")[0]
    assert "sk9x8y7z6w" not in out and out.endswith("\necho mode=fast total=3"), out


PYTEST_FAILURE = """\
    def test_client_reads_key_from_env(monkeypatch):
        monkeypatch.setenv("ODBC_KEY", "test-key")
        client = make_client()
>       assert client.api_key == "test-key"
E       AssertionError: assert 'goodspec' == 'test-key'
E         - test-key
E         + goodspec

tests/test_client.py:23: AssertionError"""


def test_a_failed_assert_on_a_secret_loses_the_value_on_every_line() -> None:
    out, found = R.redact_text(PYTEST_FAILURE)
    assert "goodspec" not in out and found == {"secret_assignment": 2}, out
    assert "- test-key" in out  # the expected side is the test's own literal


def test_the_where_line_names_the_secret_attribute() -> None:
    text = (
        "E       AssertionError: assert 'centipede' == 'x'\n"
        "E        +  where 'centipede' = <app.Client object at 0x7f3c>.api_key"
    )
    assert "'centipede' = <app" not in R.redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        ">       assert resp.status_code == 200\nE       assert 401 == 200\n"
        "E        +  where 401 = <Response [401]>.status_code",
        ">       assert cfg.token_url == 'https://x'\n"
        "E       AssertionError: assert 'https://y/oauth' == 'https://x'\n"
        "E         - https://x\nE         + https://y/oauth",
        ">       assert user.keys == ['a']\nE       AssertionError: assert ['b'] == ['a']",
    ],
)
def test_asserts_on_other_values_stay(text: str) -> None:
    assert R.redact_text(text)[0] == text

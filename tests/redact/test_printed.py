"""A secret a command printed (``streams/redact/printed.py``): the one word on the line after
a command that asks for a secret goes, whatever its form; what other commands print stays.
"""

from __future__ import annotations

import pytest

from streams.redact import Redactor
from streams.redact.printed import prints_a_secret
from streams.redact_events import DictRedaction

R = Redactor()


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("$ printenv LEMLIST_TOKEN\nTestSource-Password\n$ ./bin/sync --dry-run\n", "TestSource"),
        (
            "$ kubectl get secret app-creds -o jsonpath='{.data.token}' | base64 -d\nhub24aoeu\n",
            "hub24aoeu",
        ),
        ("PS C:\\> $env:API_TOKEN\nsecur3Pass\n", "secur3Pass"),
        ('$ echo "${NPM_TOKEN}"\nsunshine99\n', "sunshine99"),
        ("$ cat /var/run/secrets/lemlist/token\nzgej8qae3ehc0mjo\n", "zgej8qae3ehc0mjo"),
        ("bob@box:~/app$ gcloud auth print-access-token\nya29.a0AfH6SMBx\n", "ya29.a0AfH6SMBx"),
        ("(venv) $ vault kv get -field=password secret/db\ncorrecthorse\n", "correcthorse"),
        ("% security find-generic-password -s github -w\nopensaysme\n", "opensaysme"),
    ],
)
def test_the_word_a_secret_printing_command_prints_goes(text: str, secret: str) -> None:
    out, found = R.redact_text(text)
    assert secret not in out and "printed_secret" in found, out


@pytest.mark.parametrize(
    "text",
    [
        "$ echo $HOME\n/home/bob/projects\n",
        "$ printenv GITHUB_TOKEN_PATH\n/etc/gh/token\n",  # a path's variable
        "$ echo $AWS_ACCESS_KEY_ID\nAKIAEXAMPLEKEYID\n",  # an id's variable
        "$ cat ~/.ssh/id_ed25519.pub\nssh-ed25519\n",  # a public key's file
        "$ cat ~/.aws/credentials\n[default]\naws_region = eu-west-1\n",  # a section
        "$ printenv DB_PASSWORD\n$ printenv DB_HOST\ndb.internal\n",  # printed nothing
        "$ echo $TOKEN\n$TOKEN\n",  # not set
        "$ git rev-parse HEAD\n9fceb02d0ae598e95dc970b74767f19372d61af8\n",  # no secret asked
        "$ printenv API_TOKEN\nError:\n",
    ],
)
def test_what_other_commands_print_stays(text: str) -> None:
    assert "printed_secret" not in R.redact_text(text)[1]


@pytest.mark.parametrize(
    ("command", "prints"),
    [
        ("printenv STRIPE_SECRET_KEY", True),
        ("echo $GITLAB_PAT $HOME", False),  # not every variable says secret
        ("echo %API_KEY%", True),  # cmd.exe
        ("aws ecr get-login-password --region eu-west-1", True),
        ("docker swarm join-token -q worker", True),
        ("openssl rand -hex 32", True),
        ("kubectl get secrets", False),  # a listing, not a decoded value
        ("cat token_test.go", True),  # a file named for a token: taken when one word follows
        ("cat README.md", False),
    ],
)
def test_which_commands_print_a_secret(command: str, prints: bool) -> None:
    assert prints_a_secret(command) is prints


def _command(text: str, event_id: str) -> dict:
    return {"event_id": event_id, "type": "terminal_command",
            "payload": {"cwd": "/w", "command": text}, "actor": {}, "context": {}}  # fmt: skip


def _output(text: str, parent: str | None) -> dict:
    return {"type": "terminal_output", "payload": {"stream": "stdout", "chunk_text": text},
            "actor": {}, "context": {"parent_event_id": parent}}  # fmt: skip


def _thought(text: str) -> dict:
    return {"type": "thought", "payload": {"kind": "plan", "content_text": text},
            "actor": {}, "context": {}}  # fmt: skip


def test_the_output_event_of_a_secret_printing_command_loses_its_word() -> None:
    """The capture client sends the command and its output apart: the output's chunk is the
    bare word, then the trace's memory takes it wherever it comes back."""
    redaction = DictRedaction(Redactor())
    redaction.event(_command("printenv STRIPE_SECRET_KEY", "c1"), None, "t1")
    out = redaction.event(_output("trombone77x\n", "c1"), None, "t1")
    assert out["payload"]["chunk_text"] == "[REDACTED:printed_secret]\n"
    assert out["redaction"].counts == {"printed_secret": 1}
    later = redaction.event(_thought("so trombone77x is the live one"), None, "t1")
    assert "trombone77x" not in later["payload"]["content_text"]


def test_a_restarted_worker_reads_the_output_by_its_commands_stored_note() -> None:
    """A worker restarted between a secret-printing command and its output: the command's
    note went to the store with the trace memory's pairs (an event id's fingerprint, the
    command's text nowhere), and the new worker, seeded from it, still takes the word."""
    value = "e9aeb40d34e6a7a9fb10e5876be968e344420b0c"  # 40 hex: alone, it reads as a commit
    before = DictRedaction(Redactor())
    before.event(_command("printenv SENDBIRD_API_TOKEN", "c1"), None, "t1")
    stored = before.memory.drain()
    assert stored and all("c1" not in repr(row) and "SENDBIRD" not in repr(row) for row in stored)

    after = DictRedaction(Redactor())
    after.memory.seed("t1", [(n, p) for _, n, p in stored])
    assert "t1" not in after.memory.traces  # a note is no remembered value: no extra scans
    # another command's output, and one naming no parent, stay in the restarted worker
    for parent in ("c2", None):
        kept = after.event(_output(value + "\n", parent), None, "t1")
        assert kept["payload"]["chunk_text"] == value + "\n"
    out = after.event(_output(value + "\n", "c1"), None, "t1")
    assert out["payload"]["chunk_text"] == "[REDACTED:printed_secret]\n"
    # the proof has teeth: unseeded, the same output keeps the value
    alone = DictRedaction(Redactor()).event(_output(value + "\n", "c1"), None, "t1")
    assert alone["payload"]["chunk_text"] == value + "\n"


def test_other_outputs_and_other_commands_keep_their_words() -> None:
    redaction = DictRedaction(Redactor())
    redaction.event(_command("printenv STRIPE_SECRET_KEY", "c1"), None, "t1")
    other = redaction.event(_output("trombone77x\n", "c9"), None, "t1")  # another's child
    assert other["payload"]["chunk_text"] == "trombone77x\n"
    redaction.event(_command("git rev-parse --abbrev-ref HEAD", "c2"), None, "t1")
    branch = redaction.event(_output("feature-77x\n", "c2"), None, "t1")
    assert branch["payload"]["chunk_text"] == "feature-77x\n"
    redaction.event(_command("printenv STRIPE_SECRET_KEY", "c3"), None, "t2")
    lines = redaction.event(_output("two words\nand more\n", "c3"), None, "t2")
    assert lines["payload"]["chunk_text"] == "two words\nand more\n"


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "remote.origin.url=https://oauth2:K6azzL9elP7qKOQIyU2PF68Ej1WiZWCIQBUY/nYqW@gitlab.acme.dev/x.git",
            "K6azzL9elP7qKOQIyU2PF68Ej1WiZWCIQBUY",
        ),
        ('      ~ secret = "placeholder" -> "whiteduke99"', "whiteduke99"),
        (
            "Failed to bind properties under 'lemlist.api.key':\n\n    Property: lemlist.api.key\n"
            '    Value: "tenzinnorgay"\n    Origin: class path resource',
            "tenzinnorgay",
        ),
    ],
)
def test_secrets_in_a_git_remote_a_plan_and_a_binding_failure_go(text: str, secret: str) -> None:
    """The third carriers' outputs: a git remote whose token keeps its "/" unescaped,
    terraform plan's changed attribute, Spring Boot's failure analysis."""
    assert secret not in R.redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "https://localhost:8080/users/Ab1x/y@bar.com",  # a port, a path, an e-mail
        "https://localhost:8080Xy/users/Ab1x/y@bar.com",
        '  ~ secret_arn = "a" -> "arn:aws:secretsmanager:eu:1:secret:x"',
        "  ~ password = (sensitive value)",
    ],
)
def test_urls_with_paths_and_plan_references_stay(text: str) -> None:
    assert R.redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ('npm config set //npm.acme.dev/:_authToken "m42ploz2wd"', "m42ploz2wd"),
        ('glab variable set LEMLIST_TOKEN --value "centipede" --masked', "centipede"),
    ],
)
def test_a_quoted_npm_token_and_a_glab_secret_variable_go(text: str, secret: str) -> None:
    assert secret not in R.redact_text(text)[0]


def test_a_glab_variable_not_named_for_a_secret_stays() -> None:
    text = 'glab variable set DEPLOY_REGION --value "eu-west-1"'
    assert R.redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "Confirmed: `cat /var/run/secrets/acme/token` prints whiteduke inside the pod",
            "whiteduke",
        ),
        ("`gh auth token` returns gho_16C7e42F292c6912E7710c838347Ae178B4a fine", "gho_16C7e42F"),
        ("Heads-up: the CI variable ACME_TOKEN is set to qazwsx4562, which is mine", "qazwsx4562"),
    ],
)
def test_what_a_secret_printing_command_is_said_to_print_goes(text: str, secret: str) -> None:
    assert secret not in R.redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "`printenv GH_TOKEN` prints nothing.",
        "`git rev-parse HEAD` prints 9fceb02d0ae598e95dc970b74767f19372d61af8 here",
        "`echo $HOME` prints /home/bob",
    ],
)
def test_what_other_commands_are_said_to_print_stays(text: str) -> None:
    assert R.redact_text(text)[0] == text


@pytest.mark.parametrize(
    "text",
    [
        "$ echo $SSH_AUTH_SOCK\n/tmp/ssh-K7mj2w5Jjkmw/agent.23973\n",  # a socket's path
        "$ GH_TOKEN=$(gh auth token) gh auth status\ngithub.com\n",  # printed into a variable
        "$ kubectl get secret db -o jsonpath='{.data.host}' | base64 -d\npg-main-7f9c2\n",
        "$ vault kv get -field=username secret/db\nsvc-billing-2\n",
        "$ printenv OAUTH_TOKEN_URL\nhttps://login.example.com/oauth/token\n",
    ],
)
def test_a_socket_a_substitution_and_a_secrets_other_fields_stay(text: str) -> None:
    """authneg (harmless texts about credentials, from real pages): what the first cut of
    the reading took."""
    assert "printed_secret" not in R.redact_text(text)[1]


@pytest.mark.parametrize(
    "text",
    [
        "$ kubectl describe secret robot-token-66z81\nName:\t\trobot-token-66z81\n",
        "vault kv get -mount=secret -field=passcode creds",
        "secret-user2\tarn:aws:secretsmanager:us-east-1:849355752309:secret:secret-user2-aStkNp",
        "Disabled refresh tokens again by reverting 9f44663465215564d5092e945452acb3bcf32311: no",
        "1e76606719c8d5cbee0bdf1810a999487fbb94ce 2023-09-12 Key rotation with KeySet (#344)",
        "Stripe debug output shows request req_T3UJiX9Rbhlh8V; auth failed there",
        "The GITHUB_TOKEN is short-lived: it expires when the job finishes",
        # the three authneg kept after the twenty-first session
        'Okta answers 401 "Invalid token provided", errorId oae5F52UwRnQsOUuKlNn7nhkw, then',
        "removes the hardcoded credential (seen at 9825c3ad2217635308998e0b902ef3084d8825ee)",
        "the scanner found it in README.md at 98cf9098f6b1ac8b22d06df8de2c65e5ce21af5f; revoked",
        # an ARN's type words are no credential's name, whatever the service
        "--secret-id arn:aws-cn:secretsmanager:cn-north-1:123456789012:secret:prod/api_key-Xy1",
        "token: arn:aws:ssm:us-east-1:123456789012:parameter/prod/api_token",
    ],
)
def test_names_commits_and_ids_in_texts_about_credentials_stay(text: str) -> None:
    """authneg's texts the engine altered before this session: a Kubernetes secret's name,
    a vault flag, an ARN's secret name, reverted and listed commits, a Stripe request id,
    a told adjective."""
    out = DictRedaction(Redactor()).event(
        {"type": "thought", "payload": {"kind": "plan", "content_text": text},
         "actor": {}, "context": {}}, None)  # fmt: skip
    assert R.redact_text(text)[0] == text and out["payload"]["content_text"] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("lemlist.api.key=swordfish!23", "swordfish!23"),  # Spring's application.properties
        ("aws.access.key: qazwsx4562", "qazwsx4562"),
    ],
)
def test_a_dotted_api_or_access_key_property_is_a_secrets_name(text: str, secret: str) -> None:
    """The third carriers' Spring properties file: ``api.key`` as ``api_key``."""
    assert secret not in R.redact_text(text)[0]


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("sessionId oae5F52UwRnQsOUuKlNn7nhkw", "oae5F52UwRnQsOUuKlNn7nhkw"),
        # (an OAuth client's id is its public half since the twenty-fifth session)
        ("client_secret=oae5F52UwRnQsOUuKlNn7nhkw", "oae5F52UwRnQsOUuKlNn7nhkw"),
        ("the api key is 9825c3ad2217635308998e0b902ef3084d8825ee", "9825c3ad22176353"),
        ("arn:aws:s3:::bucket password=Hunter2024x", "Hunter2024x"),
        ("token: arn:aws:ssm:us-east-1:1:parameter/x password=Hunter2024x", "Hunter2024x"),
    ],
)
def test_keys_beside_those_ids_commits_and_arns_still_go(text: str, secret: str) -> None:
    """A session id is a credential, "is" tells a key, and an ARN ends at its space."""
    assert secret not in R.redact_text(text)[0]


def test_a_dotted_api_key_propertys_reference_and_header_name_stay() -> None:
    for text in ("my.api.key=${API_KEY}", "api.key.header=X-Api-Key"):
        assert R.redact_text(text)[0] == text

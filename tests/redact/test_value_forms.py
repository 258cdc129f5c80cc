"""Forms read off real lines (``bench/redact_toollines.py``) and the fresh8 split: typed
passwords in data formats, digit passwords, ``.pgpass`` lines for any port, JWTs whose JSON
opens with a blank or a new line; and what stays: localisation text, references,
placeholders in brackets, variables, a user after an htpasswd file, a token's placeholder
word."""

from __future__ import annotations

import base64

import pytest

from streams.redact import Redactor


def _b64(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


SPACED_JWT = ".".join(
    (_b64('{ "typ" : "JWT", "alg" : "HS256" }'), _b64('{ "sub": "1234567890" }'), "c2lnbmF0dXJl")
)
PRETTY_JWT = ".".join((_b64('{\n  "alg": "HS256"\n}'), _b64('{\n  "sub": "42"\n}'), "c2ln"))

TAKEN = [
    ("docker run -e MYSQL_ROOT_PASSWORD=123456 -d mysql:5.7", "123456"),
    ("set MYSQL_PWD=482913", "482913"),
    ("spring:\n  datasource:\n    password: 774411\n", "774411"),
    ("mysql --user=root --password=918273 --execute='SELECT 1'", "918273"),
    ("    command: redis-server --requirepass 1568456452", "1568456452"),
    ("      POSTGRES_PASSWORD: my-pg-password", "my-pg-password"),
    ("spring.datasource.password=mypassword", "mypassword"),
    ("export REDISCLI_AUTH_PASSWORD=redis-password", "redis-password"),
    ("mongo --username admin --password topsecretpw --port 27888", "topsecretpw"),
    ("    command: ['redis-server', '--requirepass', '45645655']", "45645655"),
    ('CMD ["redis-server", "--requirepass", "Wint3rIsHere"]', "Wint3rIsHere"),
    ("set -Djasypt.encryptor.password=supersecretz in mvn spring-boot:run", "supersecretz"),
    (
        "docker run --entrypoint htpasswd httpd:2 -Bbn myuser mypassword > auth/htpasswd",
        "mypassword",
    ),
    ("kubectl create secret generic my-secret --from-literal=pwd=my-password", "my-password"),
    ("*:*:*:postgres:xxXX1234", "xxXX1234"),
    ("localhost:*:*:app:tinder_pw", "tinder_pw"),
    (f'yield return $"{SPACED_JWT}";', SPACED_JWT.split(".")[0]),  # the header went too
    (f"jwt: {PRETTY_JWT}", PRETTY_JWT.split(".")[0]),
]

KEPT = [
    "max_tokens=4096",
    "password_min_length: 8",
    '"repeat_password": "Gjenta passord"',
    '"one_time_password": "Engangskode:"',
    '"wrong_one_time_password": "Du har tastet feil engangspassord"',
    "cert-manager.io/secret: org/repo",
    "sonar.login=sonarqube_token",
    "htpasswd -c site.com.htpasswd admin",
    "htpasswd -Bc /path/to/htpasswd username",
    "kubectl create secret docker-registry reg --docker-password='[dockerhub-password]'",
    "echo \\$DOCKER_PASS | docker login -u \\$DOCKER_USER --password-stdin",
    "sshpass -p [원격지 접속 계정의 암호] ssh root@192.168.0.1",
    '  --header "Authorization: Token token=$TOKEN" \\',
    "    password = secret_value\n    connect(password)",
    "MONGO_PASSWORD: DB_PASSWORD",
    'subprocess.run(["mysql", "--password", password, "-e", query])',
    "subprocess.run(['mysql', '--password', os.environ['DB_PASSWORD']])",
    "f(a, password=mypassword)",
    'parser.add_argument("-k", "--ssl-key", type=str, help="Path to the SSL key")',
    'parser.add_argument("--password", "-p", help="the password to use")',
]


@pytest.mark.parametrize(("text", "secret"), TAKEN)
def test_taken(text: str, secret: str) -> None:
    assert secret not in Redactor().redact_text(text)[0]


@pytest.mark.parametrize("text", KEPT)
def test_kept(text: str) -> None:
    assert Redactor().redact_text(text)[0] == text


def test_a_piped_sentence_is_still_a_secret() -> None:
    """Sentence-case text is a label only as a JSON or YAML key's value."""
    text = "printf 'This is a secret' | docker secret create my_secret_data -"
    assert "This is a secret" not in Redactor().redact_text(text)[0]

"""Password hashes, base64-encoded private keys, Teams webhooks, and assignment values that
name a secret instead of holding it (issue 29's fourth session, from the fresh split's
first run: 84 of its 268 text misses were password hashes).

The hashes below were made here with ``openssl passwd`` (md5crypt, apr1, sha256/512crypt)
or written in the documented layout of their format; none is copied from a fixture.
"""

from __future__ import annotations

import base64

import pytest

from streams.redact import Redactor

R = Redactor()

HASHES = {
    "md5crypt": "$1$OKgLCmVx$gyjoOiyoGrZYTb9nC3b881",
    "apr1": "$apr1$V1SI2dsp$yWxk/rse35GL55P.AYE8u.",
    "sha256crypt": "$5$c0flGUUZxLmkoqse$nVTO7NIarJj2m0EkWMa9FbUdVz9ofeMeUKdRX53RLm/",
    "sha512crypt": "$6$qoE2letU$sl3E3YNwtd0FK/OjvlGqIgJuPBJ4AmuuDBJh6ydEEJOHtdSZt4qB5ddLxfElj64Q"
    "/qWMbLXrtvJEu4g0uCSvW.",
    "sha512crypt rounds": "$6$rounds=656000$qoE2letU$sl3E3YNwtd0FK/OjvlGqIgJuPBJ4AmuuDBJh6ydEEJ"
    "OHtdSZt4qB5ddLxfElj64Q/qWMbLXrtvJEu4g0uCSvW.",
    "bcrypt": "$2b$12$" + "Kx9vQ2mN7pL4rT8wY3zA1e" + "bC5dF6gH8jK0lM2nP4qR6sT8uV0wX2y",
    "cisco type 9": "$9$" + "nhEmQVczB7dqsO" + "$" + "X.HsgL6x1il0RxkOSSvyQYwucySCt7qFm4v7pqCxkKM",
    "argon2id": "$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG",
    "django pbkdf2": "pbkdf2_sha256$600000$Xk3jd8fQ2aB7$1mR0uNfXvK9yQ2wE5tT8pL3sA6dF0gH4jZ7cV=",
    "django scrypt": "scrypt$16384$8$1$kH3e9XmLvhCs$Mh0mJpqnY1NbXTgkz0aJzU1bT2y5r2nYcdMsqQwEq3E=",
    "django legacy md5": "md5$c77N8n6nJPb1$3b35343aac5e46740f6e673521aa53dc",  # django.nV
    "django legacy sha1": "sha1$a1976$a36cc8cbf81742a8fb52e221aaeab48ed7f58ab4",
    "kerberos as-rep": "$krb5asrep$23$alice@EXAMPLE.ORG:" + "3e156ada591263b8aab0965f5aebd83a"
    + "$" + "0074" * 24,
}  # fmt: skip


@pytest.mark.parametrize("form", sorted(HASHES))
@pytest.mark.parametrize(
    "carrier",
    [
        "alice:{h}:19716:0:99999:7:::",  # an /etc/shadow line
        "UPDATE users SET password_digest = '{h}' WHERE id = 7;",
        "admin:{h}",  # htpasswd
        "The stored hash {h} cracks in minutes with rockyou.",
    ],
)
def test_password_hashes_go(form: str, carrier: str) -> None:
    text = carrier.format(h=HASHES[form])
    out, found = R.redact_text(text)
    assert HASHES[form] not in out and HASHES[form][-12:] not in out, out
    assert found, out


@pytest.mark.parametrize(
    "text",
    [
        "echo $1 $HOME $PATH; export X=$5",
        "awk -F: '{print $1 \"$\" $6}' /etc/passwd",
        "price: $2 $10 $99",
        "the regex ^\\$[0-9]+\\$ matches $1$ heads",
    ],
)
def test_dollar_signs_of_shells_and_prices_stay(text: str) -> None:
    assert R.redact_text(text)[0] == text


def _b64(pem_head: str) -> str:
    return base64.b64encode(pem_head.encode() + b"\nMIIEowIBAAKCAQEAx3k9Qe\n").decode()


def test_a_private_key_in_base64_goes_and_a_certificate_stays() -> None:
    key = _b64("-----BEGIN RSA PRIVATE KEY-----")
    out, found = R.redact_text(f"PRIVATE_KEY_B64={key}")
    assert key[:40] not in out and found == {"base64_private_key": 1}, out
    out, _ = R.redact_text(f"    client-key-data: {_b64('-----BEGIN EC PRIVATE KEY-----')}")
    assert "LS0tLS1CRUdJTi" not in out
    cert = _b64("-----BEGIN CERTIFICATE-----")
    assert R.redact_text(f"certificate-authority-data: {cert}")[0].endswith(cert)


EC_SEC1_BODY = (
    "MHcCAQEEIFFTFIVqT8E010EQXwMBsMQUCaF5c9bMO81kx5LME/SroAoGCCqGSM49",
    "AwEHoUQDQgAE+OO/o44i8Ch5qy3YJHLebNRtyfNjrKwNVNDkDCm/7EGP4WY2nOU6",
    "4DMmAsuLYGx9XVYtGhEmvOE57NgwEJ+jZA==",
)
ED25519_PKCS8_BODY = ("MC4CAQAwBQYDK2VwBCIEIH8rAZPYBNoNW5zaICi8xqlBlKJFJVqIgvFAxQXbO2YU",)
OPENSSH_BODY = (
    "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtz",
    "c2gtZWQyNTUxOQAAACB/fkObUmB7EXcoyJ8FvCaR0UEe71l9Wpm/akrnCB+F/AAA",
    "AIh6xzKLescyiwAAAAtzc2gtZWQyNTUxOQAAACB/fkObUmB7EXcoyJ8FvCaR0UEe",
)
RSA_PKCS1_HEAD = (
    "MIICXQIBAAKBgQC/1kOtCl94lb6ZNkrLpuRDJ6jXoW6InGMWj8MB9Iivz+VtCWui",
    "pQBLWrLH+GCnSgP799n3NX3TuczQyOsiNIXmHvDw/fT56SU0aoX+NR/rrxtf3Ayz",
)
PKCS12_HEAD = (
    "MIIF3wIBAzCCBZUGCSqGSIb3DQEHAaCCBYYEggWCMIIFfjCCBXoGCSqGSIb3DQEH",
    "BqCCBWswggVnAgEAMIIFYAYJKoZIhvcNAQcBMF8GCSqGSIb3DQEFDTBSMDEGCSqG",
)
"""Bodies of throwaway keys generated for this test (``cryptography``), armor removed; a
PKCS#12 keystore's first lines (Terrascan's ARM test sets one as a key vault's value)."""


@pytest.mark.parametrize(
    "body", [EC_SEC1_BODY, ED25519_PKCS8_BODY, OPENSSH_BODY, RSA_PKCS1_HEAD, PKCS12_HEAD]
)
@pytest.mark.parametrize("joint", ["\n", "\\n", '" +\n    "'])
def test_a_private_key_body_without_its_armor_goes_whole(body: tuple[str, ...], joint: str) -> None:
    """Pasted bare, one string per line in code, or JSON-escaped: the DER head says private,
    and every line of the body goes with it (the text after it stays)."""
    text = "the signing key:\n" + joint.join(body) + " — from the vault"
    out, found = R.redact_text(text)
    assert found == {"private_key_body": 1}, out
    assert not any(line[:16] in out for line in body) and out.endswith(" — from the vault")


def test_a_certificate_body_without_its_armor_is_no_private_key() -> None:
    from pathlib import Path

    import certifi

    bundle = Path(certifi.where()).read_text(encoding="ascii")
    pem = bundle.split("-----BEGIN CERTIFICATE-----")[1]
    body = pem.split("-----END CERTIFICATE-----")[0].strip()
    assert "private_key_body" not in R.redact_text(body)[1]


def test_a_teams_webhook_keeps_its_scheme_and_loses_the_rest() -> None:
    ids = "9da5da9c-4218-4c22-aed6-b5c8baebfff5@2f2b54b7-0141-4ba7-8fcd-ab7d17a60ab1"
    hosts = (("outlook.office.com", "webhook"), ("acme.webhook.office.com", "webhookb2"))
    for host, path in (*hosts, ("team_name.webhook.office.com", "webhookb2")):  # KICS's form
        url = f"https://{host}/{path}/{ids}/IncomingWebhook/0123abcd/5e6f7a8b-0000-4000-8000-1"
        out, found = R.redact_text(f"curl -X POST {url} -d @msg.json")
        assert "https://[REDACTED:teams_webhook]" in out and ids not in out, out
        assert found == {"teams_webhook": 1}


@pytest.mark.parametrize(
    "text",
    [
        'this.addPassword = "#add-password";',
        "put '/forgot-password' => \"cms/sites/passwords#edit\", as: 'edit_password'",
        "- echo 'export DATABASE_PASSWORD=\"'$PRECOMPILE_PASSWORD'\"' >> .env",
        '"password": "&lt;YOUR_PASSWORD&gt;"',
        'IAMUserChangePassword = "arn:aws:iam::aws:policy/IAMUserChangePassword"',
        'sb.append("MasterUserPassword: " + getMasterUserPassword() + ",");',
        "echo 'password = '.$config['daemon_password'].\"\\n\";",
        'usernameLabel:"Username or email:",passwordLabel:"Password:",rememberLabel:"Keep me"',
        'placeholder_password: "Enter your password"',
        '"secure/creating-a-strong-password":"/en/enterprise-server@3.0/auth"',
    ],
)
def test_assigned_values_that_name_or_reference_a_secret_stay(text: str) -> None:
    assert R.redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ('DATABASE_PASSWORD="Tr0ub4dor&3"', "Tr0ub4dor&3"),
        ("password = 'TestSource-Password'", "TestSource-Password"),
        ('"password": "correct-horse-battery-staple"', "correct-horse-battery-staple"),
        ("db_password: s3cr3t-pa55", "s3cr3t-pa55"),
        ('password: "correct horse battery staple"', "correct horse battery staple"),
        ('secret: "/kR7vQ2mN9pL4xT8wY3zA1bC5dF6gH8jK"', "kR7vQ2mN9pL4xT8wY3zA1bC5dF6gH8jK"),
    ],
)
def test_real_values_beside_those_still_go(text: str, secret: str) -> None:
    assert secret not in R.redact_text(text)[0]


RULE_EXAMPLES = {
    "password_hash": HASHES["sha512crypt"],
    "mail_relay_password": "[smtp.gmail.com]:587 relay@example.com:Qx7vK2mP9sL4",
    "hashed_password_literal": "const hash = bcrypt.hashSync('Tr0ub4dor&3', 10)",
    "spring_noop_password": "insert into users values('user','{noop}Jami@12345','1');",
    "base64_private_key": _b64("-----BEGIN OPENSSH PRIVATE KEY-----"),
    "private_key_body": "\n".join(EC_SEC1_BODY),
    "leet_password": "the admin login is P@ssw0rd2024",
    "app_password": "Using gmail credentials jdab pewu hoqn whho for tenant acme-prod",
    "inlined_secret": "-  key: ${SERVICE_TOKEN}\n+  key: centipede9",
    "secret_default": "os.getenv('SERVICE_TOKEN', 'centipede9')",
    "wallet_private_key": "const PK = '0x5fd81068788e5774974af5e81a321dbef7a0224f2d02c3e9621d2a"
    "352111b85d'",
    "teams_webhook": "https://outlook.office.com/webhook/9da5da9c-4218-4c22-aed6-b5c8baebfff5"
    "@2f2b54b7-0141-4ba7-8fcd-ab7d17a60ab1/IncomingWebhook/0123abcd/x",
    "secret_store_command": 'gh secret set SUMO_TOKEN --body "sug5XpdpaoxtOH"',
    "secret_store_entry": "vault kv put -mount=secret creds ticket=my-long-ticket",
    "zerotier_identity": "4283fefc63:0:" + "ab12" * 32 + ":" + "9f8e7d6c" * 16,
    "fastlane_session": "FASTLANE_SESSION=---\\n- !ruby/object:HTTP::Cookie\\n  name: myacinfo"
    "\\n  value: DAWTKNV3239a\\n",
    "piped_secret": "echo Wint3rIsHere | docker login -u bob --password-stdin ghcr.io",
    "sql_password": "CREATE USER bob WITH PASSWORD 'Wint3rIsHere';",
    # "Wint3rIsHere" + "Password" in UTF-16LE, base64: an answer file's encoded password
    "unattend_password": "<Value>VwBpAG4AdAAzAHIASQBzAEgAZQByAGUAUABhAHMAcwB3AG8AcgBkAA==</Value>",
    "credential_call": "smtp.login('bob@x.org', 'Wint3rIsHere')",
    "config_secret": "requirepass Wint3rIsHere",
    "device_secret": "tacacs-server key 0 Wint3rIsHere",
    "compared_secret": 'if password == "Wint3rIsHere":',
    "form_password": "cy.get('#newPassword').focus().type('GonorrheaCantSeeUs!')",
    "keyed_secret": 'toEdit.putString("Password", "qazwsx4562");',
    "sql_row_password": "INSERT INTO users (id, name, password) VALUES (1, 'adam', 'larryknows');",
    "jwk_private_key": '{"kty": "oct", "k": "GawgguFyGrWKav7AX4VKUg", "alg": "HS256"}',
    "seed_phrase": "const mnemonic = 'purpose betray marriage blame crunch monitor spin slide"
    " donate sport lift clutch'",
    "generated_noise": "WORDPRESS_AUTH_KEY=Q$:B]zZjN-AdT<>h7V1.vm+k^|}2wVZf]Xw#QEZ[-pSohv+Kj0W-Z",
    "k8s_secret_data": "kind: Secret\ndata:\n  funnier: dGhpcyBpcyBhcGFzc3dvcmQ=\n",
    "prose_secret": "the staging db password is now Tr0ub4dor&3",
    "url_user_key": 'sentry_sdk.init(dsn="https://12927b5f211046b575ee51fd8b1ac34f@o1.ingest.sentry.io/1")',
    "prose_key": "2024-05-02 INFO [auth] using key 4ian1234 for tenant acme-eu",
    "smtp_auth": "Got: 334 UGFzc3dvcmQ6\nSent: ODkyOTEwMzg1Nzc=\nGot: 535 5.7.8 Error",
    "prose_setting": "I'll set DISCORD_TOKEN to 47050061723854045311518666050614 locally",
    "client_key_argument": 'client := raven.NewClient("JJ4ZIC9EJNWVIS86")',
    "api_key_user": "curl https://api.example.com/v1/charges -u 9043hfdlasf023: -d a=1",
    "azure_apim_credential": "git&202503251200&"
    + "Qm9vdHN0cmFwS2V5Rm9yQVBJTWFuYWdlbWVudDEyMzQ1Njc4OTBhYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAx==",
}
"""One example per rule of this file (``test_redact_corpus`` wants every rule exercised)."""


@pytest.mark.parametrize("rule", sorted(RULE_EXAMPLES))
def test_each_rule_fires_on_its_example(rule: str) -> None:
    assert rule in R.redact_text(RULE_EXAMPLES[rule])[1]


@pytest.mark.parametrize(
    "text", ["export DB_PASS=whiteduke", "# REACT_APP_PASS=whiteduke", "password=whiteduke"]
)
def test_a_word_password_at_the_end_of_the_text_goes(text: str) -> None:
    """A bare word after ``password=`` was kept when nothing followed it: the check for a
    call argument (``f(password=password)``) read the missing next character as ``,``."""
    assert "whiteduke" not in R.redact_text(text)[0]
    for code in ("f(password=password)", "api_key=API_KEY", "login(user, password=pw)"):
        assert R.redact_text(code)[0] == code


def test_a_secret_taken_once_goes_wherever_it_repeats_in_the_string() -> None:
    text = 'Open("Provider=SQLOLEDB.1;User ID=Billing_User42; Password =Billing_User42;Init")'
    out, found = R.redact_text(text)
    assert "Billing_User42" not in out and found == {"secret_assignment": 2}, out


def test_a_plain_word_password_is_not_replaced_where_it_names_something_else() -> None:
    """``postgres://fixtrace:fixtrace@db`` uses the project's name as user and password:
    replacing every "fixtrace" in the string would wipe the text around it."""
    text = "x-fixtrace-env: &fixtrace-env\n  URL: postgres://fixtrace:fixtrace@db/x"
    out, _ = R.redact_text(text)
    assert out.startswith("x-fixtrace-env: &fixtrace-env") and "fixtrace:[REDACTED" in out


@pytest.mark.parametrize(
    "text",
    [
        'fail_to_pass = "fail_to_pass"',  # a constant named by its value
        '    NO_AUTH = "no_auth"',  # an enum member
        "        self._access_key = value",  # code assigns a variable
        "--- PASS: TestSub (0.00s)",  # go test's verdict
        'Token: "#ddd0c0",',  # a pygments style's color
        '"one repo, fail → pass": "repo=repo-7&tests=fail_to_pass",',  # a query string
        "sys.stderr.write('yacc: Syntax error at line %d, token=%s\\n' % (lineno, t))",
        "    ENV_VAR_AUTH_TOKEN = 'AWS_CONTAINER_AUTHORIZATION_TOKEN'",  # a variable's name
        "        chars_per_token: Number of characters per token to use.",  # a docstring
    ],
)
def test_code_and_test_verdicts_are_not_assigned_secrets(text: str) -> None:
    assert R.redact_text(text)[0] == text


@pytest.mark.parametrize("text", ["token = whiteduke", "DB_PASS: hunter2x", "PASS=whiteduke"])
def test_config_lines_of_the_same_shapes_still_go(text: str) -> None:
    assert R.redact_text(text)[0] != text


@pytest.mark.parametrize(
    "text",
    [
        "-e SUMO_ACCESS_KEY=`etcdctl get /sumologic_secret`",  # gitleaks' own false positive
        "├── R21A-V010SP13RC181024R16900-CN-B_250K-OTA-97B6C6C59241976086FABDC41472150C.bfu",
        "saved to /tmp/tmpk3j9x8q2w1zzq8ab7c6d5e4f.json",
    ],
)
def test_command_substitutions_and_random_file_names_stay(text: str) -> None:
    assert R.redact_text(text)[0] == text


def test_a_backtick_quoted_single_value_still_goes() -> None:
    out = R.redact_text("SUMO_ACCESS_KEY=`k3v9q0x2m7w4b8n1`")[0]
    assert "k3v9q0x2m7w4b8n1" not in out


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("The key P@ssword123* gets a 401", "P@ssword123*"),
        ("export DISCORD_TOKEN=47050061723854045311518666050614", "4705006172385404"),
        ('"access_token1": "xoxa-6-alsq1cwl5op9"', "alsq1cwl5op9"),  # legacy workspace
        ("eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJuYW1lIjoiSm9lIn0", "eyJuYW1lIjoiSm9lIn0"),
    ],
)
def test_password_mixes_long_numeric_tokens_legacy_slack_and_unsigned_jwts_go(
    text: str, secret: str
) -> None:
    assert secret not in R.redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "password2 = forms.CharField(widget=forms.PasswordInput)",
        "if password == confirm_password:",
        "timeout=30",
        'cmdInput := fmt.Sprintf("sshpass -p %s", password)',
        "https://username:••••••••@example.com",
    ],
)
def test_password_names_numbers_formats_and_masks_stay(text: str) -> None:
    assert R.redact_text(text)[0] == text

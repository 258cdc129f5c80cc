"""What the twenty-second session's blind holdouts asked for (fresh27: leaktk's fake leaks,
CodeQL's hard-coded credential tests, SDK and CI fixtures; pathneg2: paths, object keys and
public key lines from sources no file cited): stand-ins a tool or a test writes in a
value's place stay, signing keys given to the call that signs go, and the look-alikes of
each go or stay as before."""

from __future__ import annotations

import pytest

from streams.redact import Redactor

R = Redactor()


@pytest.mark.parametrize(
    "text",
    [
        "AKIA0123456789ABCDEF",  # a counted stand-in in a key id's form
        "'token': 'xoxa-123456789abcdef',",
        "token: xoxb-1234-56789abcdefghijklmnop",
        "gitfake_token:ghp_abababababababababababababababababab",  # one unit repeated
        "ASAAS_API_KEY=$aact_dev_abcdefghijklmnop1234567890ABCDEF",  # betterleaks' counted
        "#       token: github_pat_TODO",
        'endpoint_secret: "whsec_XXXXX="',
        "secret: @@PLACEHOLDER@@",  # a token-replacement tool's markers
        'password = "__DB_PASSWORD__"',
        "<Password>$PASSWORD$</Password>",
        'i.password = "--- redacted ---" // OK',
        "test(password='format_string_{}')",
        'require("http").request({auth: "user:{{ INSERT_HERE }}"});',
        'require("http").request({auth: "user:{{ env.access_token }}"});',
        "scheme://user:&lt;password&gt;@foo.bar.leaktk.org:443",
        'IBMCloudCredentialsEnvSecretKey = "ibm-credentials.env"',  # a file's name
        "member_cluster_secret: MEMBER_CLUSTER_PREPROD_LEAK_TK01",  # a stored secret's name
        "secret='ENC(2048:tUf83Ex0oSbDGa8vaU1hGqesODG9J4j40EgLClQYrwNT)'",  # Jasypt
        "vault login -method=userpass username=my-username",
        '"x": "PTTjIY84aLtaZCxLTrG_d8I0G6YKCV7lg8M4xkKfwQ4",',  # a JWK's public point
        'private const string DEFAULT_MSG_ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";',
        "M2_SECRET=$RANDOM$RANDOM",  # variables, not a password opening with "$"
        "'access_token' => $lJwt,",
        '    secretKey "$awsSecret"',
        "password=$DB_PASSWORD",
    ],
)
def test_a_stand_in_a_reference_or_public_material_stays(text: str) -> None:
    assert R.redact_text(text)[0] == text


@pytest.mark.parametrize(
    "text",
    [
        "27bcd3b4f31740cc0873463  $IMAGE/blobs/sha256/"
        "f4a39a97d97aa834da7ad2d92940f9636a57e3d9b3cc7c53242451b02a6cea89",
        'echo -e "untrusted comment: minisign public key 37D030AC5E03C787\\n'
        'RWSHxwNerDDQN8RlBeFUuLkB9bPqsR2T6es0jmzguvpvqWiXjxzTfaRY" > "$PUBKEY_LOC"',
        '"hQiaKqeWTEmobibD8JtqshggTVv5DtvdU62AfrDfOXub51/+WtdhjCe30aIrLpAa\\n"',
        "ssh_ed25519_key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIN78NWfBMQh9hooyHSA8x+62NNKhlO1O"
        "NruazCd7kpjt alala.smitelli.com",
    ],
)
def test_pathneg2_paths_and_public_lines_stay(text: str) -> None:
    """A path under a variable's folder, a key after a string's ``\\n`` escape, one
    certificate line as a C string literal, a host key's type read as a value."""
    assert R.redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("export WEBHOOKSIGNING_KEY=whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD", "b5sSYspob7oD"),
        ("VAULT_SECRET_ID=dd3cf500-f9f9-4052-a768-1f22ac57d107", "dd3cf500"),
        ("secret_id='dd3cf500-f9f9-4052-a768-1f22ac57d107')", "dd3cf500"),
        (
            "$drupal_hash_salt = "
            "'a4e1ec231996771e785f02e7eb46d5df91f6eec6da5eb9b2eaf75676d4eb11ac';",
            "a4e1ec231996",
        ),
        ("define(    'DB_PASSWORD', '$c8e$743df9d386d895}');", "743df9d386d895"),
        ("PASSWORD=$YYbMDot25P", "YYbMDot25P"),
        ('            secretKey "H5l@N8!9p#Yq"', "H5l@N8!9p#Yq"),
        ('            sessionToken "C3r%U9#p!Za4"', "C3r%U9#p!Za4"),
        ('            accessKey "C2@zQ5!X9Rk&"', "C2@zQ5!X9Rk&"),
        (
            "define('AUTH_KEY',         'kzgllO;k$F_-W68 Fl*iEekX;-pn =fNS(;c9nDKt;5RW(&jtESXsW9"
            "+PhQFS!Tv');",
            "kzgllO",
        ),
        ('headers.append("Authorization", `Basic sdsdag:aaaiuogrweuibgbbbbb`);', "aaaiuogrweu"),
        ('req.Header.Set("Authorization", "Bearer hunter2hunter2")', "hunter2hunter2"),
        ("require('crypto').createHmac('sha256', 'iubfewiaaweiybgaeuybgera');", "iubfewiaaw"),
        ("jwt.sign({ foo: 'bar' }, 'iubfewiaaweiybgaeuybgera');", "iubfewiaaw"),
        ("hmac.new(b'iubfewiaaweiybgaeuybgera', msg, hashlib.sha256)", "iubfewiaaw"),
    ],
)
def test_fresh27s_secrets_go(text: str, secret: str) -> None:
    """A webhook secret's base64 past its "+", Vault's AppRole secret id, Drupal's hash
    salt, a password that opens with "$", Gradle's credentials, a WordPress key with a
    blank, a header set by a call, a key given to the call that signs."""
    assert secret not in R.redact_text(text)[0]


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("token: ghp_R2d4x0ZkQpL9mN3vB7cT1yH6jF8sW5aE0uIo", "R2d4x0ZkQpL9"),
        ("token: xoxb-263594206564-2343594206574-FGqddMF8t08v8N7Oq4i57vs1", "FGqddMF8t08v"),
        ("AKIAZ7VRSQ5TQB2X4N3L", "AKIAZ7VRSQ5TQB2X4N3L"),
        ('"d": "PTTjIY84aLtaZCxLTrG_d8I0G6YKCV7lg8M4xkKfwQ4",', "PTTjIY84aLta"),
        ('{"log": "token ok\\nXk3jd8fQ2aB7Yw9pLmN4qRsT5uV"}', "Xk3jd8fQ2aB7Yw9p"),
        ('password = "__DB_PASSWORD__9a!x"', "__DB_PASSWORD__9a!x"),
        ("vault login -method=userpass username=alice password=Tr0ub4dor3x", "Tr0ub4dor3x"),
        ("TOKEN=$T/ghp_R2d4x0ZkQpL9mN3vB7cT1yH6jF8sW5aE0uIo", "R2d4x0ZkQpL9"),
    ],
)
def test_the_look_alikes_still_go(text: str, secret: str) -> None:
    assert secret not in R.redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "role_id=dd3cf500-f9f9-4052-a768-1f22ac57d107",  # AppRole's role id: a user name
        'secret_id_file_path = "/tmp/secret-id"',
        "$settings['hash_salt'] = file_get_contents('/home/example/salt.txt');",
        "The trace shows   $drupal_hash_salt = file_get_contents('/x/salt.txt'); twice",
        "crypto.createHmac('sha256', secret)",
        'accessKey "$awsAccessKey"',
        'seed = hmac.new(b"Bitcoin seed", seed, digestmod=hashlib.sha512).digest()',  # BIP-32
        'h = HMAC.new(b"key", digestmod=hashmod)',  # pycryptodome's self-test
        "jwt.encode(payload, settings.SECRET_KEY)",
        'headers.set("Authorization", "Bearer ${token}")',
    ],
)
def test_what_the_new_readings_do_not_take(text: str) -> None:
    assert R.redact_text(text)[0] == text


@pytest.mark.parametrize(
    "text",
    [
        "| arn:aws:iam::112233445566:user/partha | AIDAZGW7IOFICBCZ2E6UW | 112233445566 |",
        "    client-key-data: DATA+OMITTED",  # kubectl config view
        '"error_uri":"https://login.microsoftonline.com/error?code=7000215"',
        '{"typ": "JWT", "x5t": "UtTPYQs5OWuDZ2L0b2EiedFW82Q",'
        ' "kid": "UtTPYQs5OWuDZ2L0b2EiedFW82Q"}',
        "export GOOGLE_APPLICATION_CREDENTIALS=~/key.json",
        "failing with `Invalid token: The specified alg value is not allowed`",
        "about a Docker Hub token: the secret was removed, but the token remained valid",
    ],
)
def test_authneg2s_harmless_texts_stay(text: str) -> None:
    """authneg2 (harmless texts about credentials, a blind holdout): an IAM user's unique
    id, kubectl's mask, an error's number as ``code=``, a certificate's thumbprint in a JWT
    header, a credentials file's path, an article after "token:"."""
    assert R.redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("https://app.example.com/cb?code=SplxlOBeZQQYbYS6WxSbIA&state=x", "SplxlOBeZQQYbYS6"),
        ("password: the3Bears!", "the3Bears!"),
        ("API_KEY=AKIAZ7VRSQ5TQB2X4N3L", "AKIAZ7VRSQ5TQB2X4N3L"),
    ],
)
def test_beside_them_credentials_still_go(text: str, secret: str) -> None:
    assert secret not in R.redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        'authCalloutPub        = "UBO2MQV67TQTVIRV3XFTEZOACM4WLOCMCDMAWN5QVN5PI2N6JHTVDRON"',
        '"kid": "did:example:123#_Qq0UL2Fq651Q0Fjd6TvnYE-faHiOpRlPVQcY_-tA4A"',
        "secret: urn:k8s:secret:name:key",
        '# auth_bearer_token = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"',  # a header alone
        "hmac: 'B23tXN681gZ0qIWNRrgtzBE9XSDo5yaUu6wfmhu3a7g=',",  # a request's MAC
        '"X-Amz-Security-Token": "x--amz--security--token",',
        'password: "{AQAAABAAAAAQ1/JHKggxIlBcuVqegoa2AdyVaNvjWIFk430/vI4jEBM=}"',  # Jenkins
        'S256_CODE_CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";',
        'client_token = "pubcee1dc56e7f5bd03397cc3624eb7961c"',  # Datadog's browser token
        "c29tZV9wdWJsaWNfdmFsdWVfaGVyZQ==",  # base64 of words that name no secret
    ],
)
def test_fresh28s_public_values_stay(text: str) -> None:
    """fresh28 (the test suites of 40 projects that handle credentials): NATS public nkeys,
    a DID, a URN, a JWT's header alone, an HMAC named ``hmac``, a value
    that is its header's name, Jenkins' ciphertext, a PKCE challenge, a browser token."""
    assert R.redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("k8s rejects dW5zZWN1cmVfcGFzc3dvcmQ= — check it", "dW5zZWN1cmVfcGFzc3dvcmQ="),
        ("Pasted ZXhhbXBsZS1hcHAtc2VjcmV0 from the dashboard", "ZXhhbXBsZS1hcHAtc2VjcmV0"),
        ('secret = "SUACSSL3UAHUDXKFSNVUZRF5UHPMWZ6BFDTJ7M6USDXIEDNPPQYYYCU3VY"', "SUACSSL3"),
        ('hmac_key: "B23tXN681gZ0qIWNRrgtzBE9XSDo5yaUu6wfmhu3a7g="', "B23tXN681gZ0"),
        ('token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc123def456"', "eyJzdWIi"),
        ('client_secret = "1234567890abcdef"', "1234567890abcdef"),  # counted, maybe real
        # gitleaks' own sonar sample counts up and is a true positive there: a counted value
        # named a secret stays a finding (a counted stand-in is read only behind a prefix)
        ('SONAR_TOKEN = "12345678ABCDEFH1234567890ABCDEFH12345678"', "12345678ABCDEFH1234567890"),
    ],
)
def test_fresh28s_secrets_and_look_alikes_go(text: str, secret: str) -> None:
    """A Kubernetes Secret's base64 of a password said alone; a NATS seed (``S…``), an
    HMAC key, a whole JWT, a short counted value stay findings."""
    assert secret not in R.redact_text(text)[0]

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
    # CredSweeper's samples (fresh16): labels, PowerShell, libcurl, a routable GitLab token,
    # an e-mail address as a URL's user, a password's fallback after "or"
    ("ID:master,PW:dipPr10Gg!", "dipPr10Gg!"),
    ("(98.76.54.32)ID:master PW:dipPr149Gg!", "dipPr149Gg!"),
    ("아이디:master 패스워드:dipPr123Gg!", "dipPr123Gg!"),
    ("Passwort: Geheim2024", "Geheim2024"),
    ("-Domain 'localhost' -Password 'Sjdn43ss@!'", "Sjdn43ss@!"),
    ('$pw = ConvertTo-SecureString "Winter2024!" -AsPlainText -Force', "Winter2024!"),
    ("ConvertTo-SecureString -String -Force dsjUE#$gds8s", "dsjUE#$gds8s"),
    ('easy_setopt(curl, CURLOPT_USERPWD, "root:dkb82VddSD");', "dkb82VddSD"),
    ("curl_setopt($ch, CURLOPT_PASSWORD, 'hunter22x');", "hunter22x"),
    ("export GITLAB_API_KEY=glpat-8d5ri2n9g85LAnC9YW85.01.cgpAsnEmP", "cgpAsnEmP"),
    ('login = "smtps://example@gmail.com:FnD83JZs@smtp.gmail.com:465";', "FnD83JZs"),
    ('PASSWORD = os.environ.get("PASSWORD") or "at5G6zi!m"', "at5G6zi!m"),
    ("deepseek rejects sk-615ef152bf865a131f88b23571dc4ee6 now", "615ef152bf865a131f88"),
    ("# password: hunter", "hunter"),  # a commented-out setting
    ("courier key pk_test_M9KF3R8DPWN2X4HVBQY5ZGCS7L1A", "M9KF3R8DPWN2X4HVBQY5"),
    # fresh18's and fresh19's first-run misses
    ("cookie = jwt.encode(payload, 'csrf_vulneribility', algorithm='HS256')", "csrf_vuln"),
    ("const t = jwt.sign(user, 'n0tS0S3cret!', { expiresIn: '1h' })", "n0tS0S3cret!"),
    ('pass_field.send_keys("H@cKallth3th!ngs!3")', "H@cKallth3th!ngs!3"),
    ("- xaat-315d5e41-4534-4dda-b0e5-c5edb9219bfd", "315d5e41-4534"),
    ("- pat-na2-c2b1638d-9ab0-4572-8130-b289b2a5982f", "c2b1638d-9ab0"),
    ('SECRET_KEY = os.environ.get("SECRET_KEY", "correct horse battery staple")', "horse"),
    # fresh21's first-run misses: seed users, Django's user makers, Gradle's signing config
    ('insertUser("rick", "!GetSchwifty!");', "GetSchwifty"),
    ("User.objects.create_user('john', 'lennon@thebeatles.com', 'johnpassword')", "johnpass"),
    ("        storePassword 'ved$$9090'", "ved$$9090"),
    ('        keyPassword "k3yP4ss!"', "k3yP4ss!"),
    ("PASSWORD=Secret.Value!", "Secret.Value!"),  # a literal, not a Swift unwrap
    # fresh20's first-run misses: Mattermost's webhooks, Scale's, ElevenLabs' and Runway's keys
    ("curl -X POST https://chat.company.io/hooks/tj4xmdnqpfbryx1gwkhge1ca9h", "tj4xmdnqpfbr"),
    ("- sk_da9c0613fdeecfab10b302d6f39a3e371f774feb9eafed56", "da9c0613fdeecfab10b3"),
    ("- live_8df31399ec4a4755a7cf9e0fb59f967a", "8df31399ec4a4755a7cf"),
    ("- key_" + "efef51067da4873e" * 8, "efef51067da4873eefef"),
    ("NOSEYPARKER_KEY=4ian1234", "4ian1234"),  # a password that counts at its end
    # counted values stay findings in the text rules: gitleaks' own true positives count up
    ("SNYK_TOKEN=12345678-ABCD-ABCD-ABCD-1234567890AB", "12345678-ABCD-ABCD"),
    ("sentry-cli --auth-token 1234567890abcdef1234567890abcdef12345678", "1234567890abcdef1234"),
    # AWS's documented keys stay findings: detect-secrets' and TruffleHog's tests find them
    ("aws_secret_access_key = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'", "wJalrXUtnFEMI"),
    ("aws_access_key = 'AKIAIOSFODNN7EXAMPLE'", "AKIAIOSFODNN7EXAMPLE"),
    ("X-Amz-Credential%3DAKIAI44QH8DHBQWERTYU%2F20240101", "AKIAI44QH8DHBQWERTYU"),
    ("curl 'https://api.example.com/v1?access_token=EAAGm0PX4ZCpsBAKx9ZBdU8QWj7'", "EAAGm0PX4ZC"),
    ("https://api.example.com/v3/shorten?access_token=HKMSTRQGRNQGLAWHRMPQC", "HKMSTRQGRNQG"),
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
    (  # the same list inside sh -c, as shlex.join quotes it (the capture client's command)
        "sh -c 'echo \"command: ['\"'\"'redis-server'\"'\"', '\"'\"'--requirepass'\"'\"', "
        "'\"'\"'Wint3rIsHere'\"'\"']\"'",
        "Wint3rIsHere",
    ),
    ("set -Djasypt.encryptor.password=supersecretz in mvn spring-boot:run", "supersecretz"),
    (
        "docker run --entrypoint htpasswd httpd:2 -Bbn myuser mypassword > auth/htpasswd",
        "mypassword",
    ),
    ("kubectl create secret generic my-secret --from-literal=pwd=my-password", "my-password"),
    ("*:*:*:postgres:xxXX1234", "xxXX1234"),
    (
        'resource "aws_ssm_parameter" "db_raw_password" {\n  name  = "/db/raw_password"\n'
        '  value = "VeryStrongPassword!"\n}',
        "VeryStrongPassword!",
    ),
    (
        'resource "aws_ssm_parameter" "x" {\n  type  = "SecureString"\n  value = "Wint3rIsHere"\n}',
        "Wint3rIsHere",
    ),
    ("docker login -uadmin -pHarbor12345 http://192.168.110.36:8888", "Harbor12345"),
    ("credentials = pika.PlainCredentials('admin', 'Wint3rIsHere')", "Wint3rIsHere"),
    ("key = 2b7e151628aed2a6abf7158809cf4f3c", "2b7e151628aed2a6abf7158809cf4f3c"),
    (
        "AES_KEY=2b7e151628aed2a6abf7158809cf4f3c\nAES_IV=000102030405060708090a0b0c0d0e0f",
        "2b7e151628aed2a6abf7158809cf4f3c",
    ),
    (
        "encryption:\n  key: 603deb1015ca71be2b73aef0857d7781\n  mode: gcm",
        "603deb1015ca71be2b73aef0857d7781",
    ),
    (
        '{"key": "603deb1015ca71be2b73aef0857d7781", "iv": "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"}',
        "603deb1015ca71be2b73aef0857d7781",
    ),
    ('key = "603deb1015ca71be2b73aef0857d7781"', "603deb1015ca71be2b73aef0857d7781"),
    ("KEY=603deb1015ca71be2b73aef0857d7781", "603deb1015ca71be2b73aef0857d7781"),
    ("Key: 603deb1015ca71be2b73aef0857d7781", "603deb1015ca71be2b73aef0857d7781"),
    ("localhost:*:*:app:tinder_pw", "tinder_pw"),
    ("my_secret_password_for_email = 'd6s$f9g!j8mg7hw?n&2'", "d6s$f9g!j8mg7hw?n&2"),  # bandit
    (f'yield return $"{SPACED_JWT}";', SPACED_JWT.split(".")[0]),  # the header went too
    (f"jwt: {PRETTY_JWT}", PRETTY_JWT.split(".")[0]),
]

KEPT = [
    "max_tokens=4096",
    "password_for_reset = True",
    '{ API_KEY: "a #{x}" }',  # Bearer's tests: built around an interpolation
    'final String API_KEY = "Enter API";',  # a prompt in the secret's place
    'api_key: "Paste your key here"',
    'ARG argBasedPassword="default"',  # WrongSecrets' Dockerfile: a default's name
    "- name: vaultpassword\n  value: if_you_see_this_please_use_K8S_and_Vault",  # a phrase
    'token_for_url = "https://example.org/reset"',
    "password_min_length: 8",
    '"repeat_password": "Gjenta passord"',
    '"one_time_password": "Engangskode:"',
    '"wrong_one_time_password": "Du har tastet feil engangspassord"',
    "cert-manager.io/secret: org/repo",
    "sonar.login=sonarqube_token",
    "htpasswd -c site.com.htpasswd admin",
    "htpasswd -Bc /path/to/htpasswd username",
    "redis-cli -a password ping",  # "password" is the flag's value, "ping" a command
    "mysql --password password main",
    "kubectl create secret docker-registry reg --docker-password='[dockerhub-password]'",
    "echo \\$DOCKER_PASS | docker login -u \\$DOCKER_USER --password-stdin",
    "sshpass -p [원격지 접속 계정의 암호] ssh root@192.168.0.1",
    '  --header "Authorization: Token token=$TOKEN" \\',
    "    password = secret_value\n    connect(password)",
    "MONGO_PASSWORD: DB_PASSWORD",
    'subprocess.run(["mysql", "--password", password, "-e", query])',
    "subprocess.run(['mysql', '--password', os.environ['DB_PASSWORD']])",
    "f(a, password=mypassword)",
    'resource "aws_ssm_parameter" "region" {\n  type  = "String"\n  value = "eu-west-1"\n}',
    '\tPassword: "", // no password set',
    "# the password field stays empty",
    "REDIS_PASSWORD=your_redis_password_here",
    "  username: apoiar_system\n  password: sua_senha_correta",
    "    password: ENC(iGCvN4fW7Tgj149WMJES8bwp0gFXYK39)",
    '"keyId": "0y8wo8MtY5wrdiIFohx7sHeI5oKDpK5vQhGHI6G+pJY="',  # Sigstore's log key id
    # published test vectors: the key beside its vector's other fields (NIST SP 800-38A's
    # F.2.1, a Wycheproof case, RFC 4231's test case 2 style)
    "COUNT = 0\nKEY = 2b7e151628aed2a6abf7158809cf4f3c\nIV = 000102030405060708090a0b0c0d0e0f\n"
    "PLAINTEXT = 6bc1bee22e409f96e93d7e117393172a",
    '{\n  "tcId" : 1,\n  "key" : "7bf9e536b66a215c22233fe2daaa743a898b9acb",\n'
    '  "msg" : "",\n  "tag" : "5e5a1b1ba9f4ae9d0dd7f6d0f4be7ac4"\n}',
    "Key: 0c1e5c8f2d6f4a3b9e7d1c0b8a6f5e4d\nIV: 4A53EDCC3CC3D65316892DBF\nPlaintext: 00",
    "Key = 0c1e5c8f2d6f4a3b9e7d1c0b8a6f5e4d\nIn = 4869205468657265\nOut = b0344c61d8db3853",
    # a vector file's own line, alone: NIST's and Botan's KEY = <hex>, Wycheproof's "key" : "
    "KEY = feffe9928665731c6d6a8f9467308308",
    '      "key" : "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",',
    'parser.add_argument("-k", "--ssl-key", type=str, help="Path to the SSL key")',
    'parser.add_argument("--password", "-p", help="the password to use")',
    # KeyHacks' curl lines (fresh17): a constant's name or a route parameter in the key's
    # place, a regex of the key's form, a key cut to its first characters, a Ruby call
    'curl -sX POST "https://slack.com/api/auth.test?token=xoxp-TOKEN_HERE&pretty=1"',
    "https://graph.facebook.com/oauth/access_token?client_id=ID_HERE&client_secret=SECRET_HERE",
    'curl "https://api.keen.io/3.0/projects/PROJECT_ID/events?api_key=READ_KEY"',
    "https://www.googleapis.com/identitytoolkit/v3/relyingparty/verifyCustomToken?key=:api_key",
    "| Embed | https://www.google.com/maps/embed/v1/place?q=x&key=KEY_HERE| Varies |",
    "Auth token: `EAAA[a-zA-Z0-9]{60}`",
    "password = r'([a-zA-Z0-9]{32})'",
    "./enumerate-iam.py --access-key AKIA... --secret-key StF0q...",
    "actual_password = Digest::SHA1.hexdigest [scope['bareos::secret'], @pw].join('')",
    # CredSweeper's negatives (fresh16): a value that says "example" inside it, an AWS
    # key id's head glued inside a word of capitals
    "CLOUDFLARE_API_TOKEN=cfat_ldxiugEl907l4fW6ViLbhZled5GG95J90dRktokenexample",
    "NEGATIVE: SWMKEY-1-7c37Cc8654o6pExampleKeyTestOnlytbdZEgtKxZu8",
    '<link rel="securelogin?user=EUROPEASIAAUSTRALIAAMERICA" type="image/ico" \\',
    "    pw : rational number",  # a docstring's parameter, not a "PW:" label
    "M[@%]PW:abcdefgh",  # a uuencoded line
    "F: akab-tblc7jkffv3wfxh3-h5stbzeswb3v4kj3.drain.akamaiapis.net",  # Akamai's API host
    "New-LocalUser -Name bob -Password $pw",  # a PowerShell variable
    "$s = $plain | ConvertTo-SecureString -AsPlainText -Force",
    'HOST = os.environ.get("HOST") or "localhost"',
    "git clone ssh://git@github.com:22/org/repo",
    "# password: keep empty",  # a comment's sentence
    "posthog.init('phc_cJMqv5nG7Qtd0sfIwasTG87lgnDfJVbrcOOAZMOf')",  # keys made for web pages
    "Stripe('pk_test_Tph4NiI7TYooMQaujxvdEDq5')",
    # fresh18's and fresh19's first-run false positives
    'api_gateway_key = os.getenv("API_GATEWAY_KEY", "No API Gateway Key found")',
    "AnonRequirePassword \t\toff",
    "key: service:my-apollo-service:aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
    "https://user:foo@example.invalid/",
    "password_reset_tokens[token] = username",  # code: a variable into a subscript
    # fresh21's first-run false positives: a Bitcoin address, public-key pins, Swift's
    # unwrapped properties
    'const val BTC_ADDRESS = "bc1qd44kvj6zatjgn27n45uxd3nprzt6rm9x9g2yc8"',
    '.add(url, "sha256/5gsjyidrmWjcLRClfCk+Dd6O0nx1CyFrVUW5wVkwEx0=")',
    '"password":textFieldPassword.text!',
    "let data = pbkdf2(password:textField.text!, salt:salt, rounds:rounds)",
    "User.objects.create_user('john', 'lennon@thebeatles.com')",  # no password given
    # fresh20's first-run false positives: stand-ins that ask to be replaced or count up
    "AIzaSyEXAMPLE_KEY_REPLACE_ME_1234567",
    "export OPENAI_BASE=sk-proj-TESTkey1234567890abcdefghijklmnopqrstuvwxyz_EXAMPLE",
    # a prompt's string that ends with the name: the quote after it closes the string
    'pass = ask("Digite a sua senha:") {|q| q.echo = "*"}',
    'pass = ask("Enter your password:") {|q| q.echo = "*"}',
    "amqp://user:pw@host",
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

# ruff: noqa: E501  (tables of real statements and file lines: one per entry reads best)
"""Passwords that SQL, code and configuration files state by position, and their look-alikes.

``NEW`` are the forms of ``sql_password``, ``credential_call`` and ``config_secret``
(``streams/redact/statements.py``): before them, every one was left. ``ALREADY`` are forms
of the same files and libraries that other rules took before (kept here so a change to
them shows). Both lists were written from the tools' and libraries' documented forms
before the rules; ``KEPT`` are the same statements, calls and files without a secret.
Each secret here is ``Wint3rIsHere``: twelve characters, under the randomness bar, so
only the form can find it.
"""

from __future__ import annotations

import pytest

from streams.redact import Redactor

R = Redactor()
SECRET = "Wint3rIsHere"

NEW = (
    '<Server><Host>ftp.example.org</Host><User>bob</User><Pass encoding="base64">Wint3rIsHere</Pass></Server>',
    "define( 'DB_PASSWORD', 'Wint3rIsHere' );",
    '{"github-oauth": {"github.com": "Wint3rIsHere"}}',
    "requirepass Wint3rIsHere\nmasterauth Wint3rIsHere\n",
    'AuthInfo:smtp.gmail.com "U:bob" "P:Wint3rIsHere"',
    'poll imap.example.org protocol IMAP user "bob" password "Wint3rIsHere"',
    'network={\n    ssid="HomeNet"\n    psk="Wint3rIsHere"\n}\n',
    "[wifi-security]\nkey-mgmt=wpa-psk\npsk=Wint3rIsHere\n",
    '<packageSourceCredentials><acme><add key="Username" value="bob" /><add key="ClearTextPassword" value="Wint3rIsHere" /></acme></packageSourceCredentials>',
    "CREATE USER bob WITH PASSWORD 'Wint3rIsHere';",
    "ALTER USER bob IDENTIFIED BY Wint3rIsHere;",
    "CREATE USER 'bob'@'%' IDENTIFIED BY 'Wint3rIsHere';",
    "ALTER ROLE bob PASSWORD 'Wint3rIsHere';",
    "GRANT ALL ON *.* TO 'bob'@'localhost' IDENTIFIED BY 'Wint3rIsHere';",
    "sp_addlogin 'bob', 'Wint3rIsHere'",
    "requests.get(url, auth=('bob', 'Wint3rIsHere'))",
    "HTTPBasicAuth('bob', 'Wint3rIsHere')",
    "smtp.login('bob@x.org', 'Wint3rIsHere')",
    "ftp.login('bob', 'Wint3rIsHere')",
    'new NetworkCredential("bob", "Wint3rIsHere")',
    'DriverManager.getConnection(url, "bob", "Wint3rIsHere")',
    'sql.Open("mysql", "bob:Wint3rIsHere@tcp(db:3306)/app")',
    "imaplib.IMAP4_SSL('imap.x').login('bob', 'Wint3rIsHere')",
    "keyring.set_password('svc', 'bob', 'Wint3rIsHere')",
    "ldap.simple_bind_s('cn=admin', 'Wint3rIsHere')",
    "conn.bind('cn=admin,dc=x', 'Wint3rIsHere')",
)

ALREADY = (
    "[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = bob\npassword = Wint3rIsHere\n",
    "[global]\nindex-url = https://bob:Wint3rIsHere@pypi.acme.io/simple\n",
    "//registry.npmjs.org/:_password=V2ludDNySXNIZXJl\n",
    "_auth=Ym9iOldpbnQzcklzSGVyZQ==\nemail=bob@x.org\n",
    "npmScopes:\n  acme:\n    npmAuthToken: Wint3rIsHere\n",
    "signing.keyId=24875D73\nsigning.password=Wint3rIsHere\n",
    "ossrhUsername=bob\nossrhPassword=Wint3rIsHere\n",
    "[client]\nuser=root\npassword=Wint3rIsHere\n",
    "[Credentials]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = Wint3rIsHere\n",
    "users:\n- name: bob\n  user:\n    token: Wint3rIsHere\n",
    "production:\n  adapter: postgresql\n  password: Wint3rIsHere\n",
    '"ConnectionStrings": { "Default": "Server=db;Database=app;User Id=sa;Password=Wint3rIsHere;" }',
    "spring:\n  datasource:\n    password: Wint3rIsHere\n",
    'db_password = "Wint3rIsHere"\n',
    "services:\n  db:\n    environment:\n      POSTGRES_PASSWORD: Wint3rIsHere\n",
    "[web]\n10.0.0.5 ansible_user=bob ansible_ssh_pass=Wint3rIsHere\n",
    "[web:vars]\nansible_become_pass=Wint3rIsHere\n",
    "[default]\naccess_key = AKIAIOSFODNN7EXAMPLE\nsecret_key = Wint3rIsHere\n",
    "[s3]\ntype = s3\naccess_key_id = AKIAIOSFODNN7EXAMPLE\nsecret_access_key = Wint3rIsHere\n",
    "github.com:\n- user: bob\n  oauth_token: Wint3rIsHere\n  protocol: https\n",
    "---\n:rubygems_api_key: Wint3rIsHere\n",
    '[registry]\ntoken = "Wint3rIsHere"\n',
    'credentials "app.terraform.io" {\n  token = "Wint3rIsHere"\n}\n',
    "[mydsn]\nDriver = PostgreSQL\nServername = db\nUserName = bob\nPassword = Wint3rIsHere\n",
    "account gmail\nhost smtp.gmail.com\nuser bob\npassword Wint3rIsHere\n",
    "set imap_pass = Wint3rIsHere\nset smtp_pass = Wint3rIsHere\n",
    "username=bob\npassword=Wint3rIsHere\ndomain=ACME\n",
    "//srv/share /mnt/share cifs username=bob,password=Wint3rIsHere,uid=1000 0 0",
    "[inet_http_server]\nport=127.0.0.1:9001\nusername=bob\npassword=Wint3rIsHere\n",
    "default_user = bob\ndefault_pass = Wint3rIsHere\n",
    "elasticsearch.username: kibana_system\nelasticsearch.password: Wint3rIsHere\n",
    "[security]\nadmin_user = admin\nadmin_password = Wint3rIsHere\n",
    "<server>\n  <id>nexus</id>\n  <username>bob</username>\n  <password>Wint3rIsHere</password>\n</server>",
    '{"auths": {"ghcr.io": {"auth": "Ym9iOldpbnQzcklzSGVyZQ=="}}}',
    "https://bob:Wint3rIsHere@github.com\n",
    "machine api.heroku.com\n  login bob@x.org\n  password Wint3rIsHere\n",
    "db.acme.io:5432:app:bob:Wint3rIsHere\n",
    "$databases['default']['default'] = array('password' => 'Wint3rIsHere');",
    "$db['default']['password'] = 'Wint3rIsHere';",
    "config.action_mailer.smtp_settings = { user_name: 'bob', password: 'Wint3rIsHere' }",
    "EMAIL_HOST_PASSWORD = 'Wint3rIsHere'",
    "SECRET_KEY = 'Wint3rIsHere'",
    "app.config['SECRET_KEY'] = 'Wint3rIsHere'",
    "auth:\n  basic:\n    username: bob\n    password: Wint3rIsHere\n",
    "variables:\n  DEPLOY_TOKEN: Wint3rIsHere\n",
    "    steps:\n      - uses: docker/login-action@v3\n        with:\n          username: bob\n          password: Wint3rIsHere\n",
    "spring.mail.password=Wint3rIsHere",
    "quarkus.datasource.password=Wint3rIsHere",
    "jdbc:postgresql://db:5432/app?user=bob&password=Wint3rIsHere",
    "Data Source=db;Initial Catalog=app;User ID=sa;Pwd=Wint3rIsHere;",
    "mongodb+srv://bob:Wint3rIsHere@cluster0.abcde.mongodb.net/app",
    "export PGPASSWORD=Wint3rIsHere",
    "set PGPASSWORD=Wint3rIsHere",
    "$env:PGPASSWORD = 'Wint3rIsHere'",
    "setx DB_PASS Wint3rIsHere",
    "SET @password = 'Wint3rIsHere';",
    "db.createUser({user: 'bob', pwd: 'Wint3rIsHere', roles: []})",
    "CREATE LOGIN bob WITH PASSWORD = 'Wint3rIsHere';",
    "psycopg2.connect(host='db', user='bob', password='Wint3rIsHere')",
    "mysql.connector.connect(user='bob', passwd='Wint3rIsHere')",
    "ssh.connect('host', username='bob', password='Wint3rIsHere')",
    "redis.Redis(host='db', password='Wint3rIsHere')",
    "Redis.new(password: 'Wint3rIsHere')",
    "mongoose.connect('mongodb://bob:Wint3rIsHere@db/app')",
    "new Pool({ user: 'bob', password: 'Wint3rIsHere' })",
    "createTransport({ auth: { user: 'bob', pass: 'Wint3rIsHere' } })",
)

KEPT = (
    "$('#btn').bind('click', 'noop')",
    "this.save.bind(this, 'draft')",
    "client.login(username, password)",
    "smtp.login('bob')",
    "login('admin', 'x')",
    "auth=('user', 'pass')",
    'getConnection(url, user, "")',
    "define('WP_DEBUG', false);",
    "define('DB_PASSWORD', getenv('DB_PASSWORD'));",
    "psk=",
    "    BASE = 0x00\n    PSK = 0x01\n",
    "key-mgmt=wpa-psk",
    "ALTER USER bob PASSWORD EXPIRE;",
    "ALTER USER 'bob'@'%' PASSWORD EXPIRE INTERVAL 90 DAY;",
    "CREATE USER bob WITH PASSWORD NULL;",
    "ALTER USER bob IDENTIFIED BY VALUES 'S:8F2A';",
    "CREATE USER bob IDENTIFIED EXTERNALLY;",
    "the user identified by the token was removed",
    'db, err := sql.Open("mysql", "%s:%s@tcp(%s)/%s")',
    '<add key="PasswordLength" value="8" />',
    '<add key="TokenExpiry" value="3600" />',
    'msg = "Enter your password " + name + "!"',
    'print("Wrong password")',
    'password "$PASS"',
    "CREATE ROLE readonly;",
    "GRANT SELECT ON t TO bob;",
    "keyring.get_password('svc', 'bob')",
    "env:\n  global:\n    - secure: Wint3rIsHere\n",
    "    password: ${{ secrets.DOCKER_PASSWORD }}\n",
)


@pytest.mark.parametrize("text", NEW + ALREADY)
def test_a_password_stated_by_its_form_goes(text: str) -> None:
    out, found = R.redact_text(text)
    assert SECRET not in out and found, out


@pytest.mark.parametrize("text", KEPT)
def test_the_same_forms_without_a_password_stay(text: str) -> None:
    assert R.redact_text(text)[0] == text


# A client built from one string literal (``client_key_argument``, twelfth session): the
# literal is its key when it reads as key material or a password; a region, a model, a
# locale or a bucket name (short parts joined by - _ .) is what a client is as often given.
CLIENT_KEYS = (
    'client = Client("StrongFinding5813!")',  # earlybird's password, in a traceback
    'client = Client("un!techwhooah")',  # Nosey Parker's phpmailer
    'raven.NewClient("JJ4ZIC9EJNWVIS86")',  # trufflehog's raven
    "settings = Client('d&lvybzry1*k+qq)=x-!=0yd5l5#1gxzk!82@ru25*ntos3_9^')",
)
CLIENT_NAMES = (
    'client = Client("us-east-1")',
    'chat = ChatClient("gpt-4o-mini")',
    'client = Client("claude-3-5-sonnet-20241022")',
    'fmt = LocaleClient("en_US.UTF-8")',
    'store = StorageClient("my_bucket-2024")',
    'client = Client("localhost")',
)


@pytest.mark.parametrize("text", CLIENT_KEYS)
def test_the_literal_a_client_is_built_from_goes(text: str) -> None:
    out, found = R.redact_text(text)
    literal = text[text.index("(") + 2 : -2]
    assert literal not in out and out.startswith(text[: text.index("(") + 1]), out
    # a Django key is drawn from every sign: generated_noise, earlier in the table, takes it
    assert set(found) == {"generated_noise" if "!=" in literal else "client_key_argument"}


@pytest.mark.parametrize("text", CLIENT_NAMES)
def test_a_client_built_from_a_region_model_or_name_stays(text: str) -> None:
    assert R.redact_text(text)[0] == text


# Setters, JNDI and comparisons (``credential_call``, ``compared_secret``, thirteenth
# session: find-sec-bugs' and gosec's samples in fresh9): the literal a secret is set to
# or compared with is the secret.
SET_OR_COMPARED = (
    'v.setPassword("Wint3rIsHere");',
    'ds.setClientSecret("Wint3rIsHere")',
    'env.put(Context.SECURITY_CREDENTIALS, "Wint3rIsHere");',
    'props.put("java.naming.security.credentials", "Wint3rIsHere");',
    'if ("Wint3rIsHere".equals(password)) {',
    'if (password.equals("Wint3rIsHere"))',
    'if password == "Wint3rIsHere":',
    'if (this.apiKey !== "Wint3rIsHere") {',
    'if request.form["password"] == "Wint3rIsHere":',
)
COMPARED_NOT_SECRET = (
    'if token == "import":',  # a lexer's keyword: tokens are never read so
    'if token_type == "bearer":',
    'if password_hint == "your pet":',
    'if password == "":',
    'if mode == "password":',
    "if user.password == null:",
    "if (password.equals(confirm)) {",
    'lexer.setState("IDENT")',
)


@pytest.mark.parametrize("text", SET_OR_COMPARED)
def test_a_secret_set_or_compared_with_a_literal_goes(text: str) -> None:
    out, found = R.redact_text(text)
    assert SECRET not in out and found, out


@pytest.mark.parametrize("text", COMPARED_NOT_SECRET)
def test_comparisons_without_a_secret_literal_stay(text: str) -> None:
    assert R.redact_text(text)[0] == text


# What an end-to-end test types into a password field (``form_password``, fourteenth
# session: Juice Shop's Cypress specs and RailsGoat's Capybara specs in fresh12).
FORM_FILLS = (
    "cy.get('#newPassword').focus().type('GonorrheaCantSeeUs!')",
    'fill_in "user_password", with: "hacketyhack"',
    "fill_in :password, :with => 'hacketyhack'",
    "await page.fill('#password', 'hacketyhack');",
    "await page.getByLabel('Password').fill('hacketyhack');",
    'driver.find_element(By.ID, "password").send_keys("hacketyhack")',
    'driver.findElement(By.name("password")).sendKeys("hacketyhack");',
)
FORM_FILLS_KEPT = (
    "cy.get('#email').type('admin@juice-sh.op')",
    "fill_in 'Password', with: user.password",
    "page.fill('#password', process.env.PASSWORD)",
    "cy.get('#password').type(Cypress.env('PASSWORD'))",
    "await page.fill('#username', 'hacketyhack');",
)


@pytest.mark.parametrize("text", FORM_FILLS)
def test_what_a_test_types_into_a_password_field_goes(text: str) -> None:
    out, found = R.redact_text(text)
    assert "form_password" in found and "hacketyhack" not in out and "Gonorrhea" not in out


@pytest.mark.parametrize("text", FORM_FILLS_KEPT)
def test_other_fields_and_references_stay(text: str) -> None:
    assert R.redact_text(text)[0] == text


# A map, header or property set under a secret's name, and the rows an INSERT gives a
# password column (``keyed_secret``, ``sql_row_password``, fourteenth session: Security
# Shepherd's and WebGoat's seed SQL and Android code in fresh13).
KEYED_AND_ROWS = (
    ('toEdit.putString("Password", "qazwsx4562");', "qazwsx4562"),
    ('props.setProperty("password", "s3cretV4lue");', "s3cretV4lue"),
    ('localStorage.setItem("token", "a81f0c2e9b7d4e11");', "a81f0c2e9b7d4e11"),
    (
        "INSERT INTO challenge_users (login, email, password) VALUES "
        "('alice', 'alice@webgoat.org', 'rt*(KJ()LP())$#**'), ('larry', 'l@x.org', 'larryknows');",
        "larryknows",
    ),
    (
        "INSERT INTO `db`.`users` (`idusers`, `userName`, `userPassword`) VALUES "
        "(1, 'adam', '87i2ueeu2ndsedssda');",
        "87i2ueeu2ndsedssda",
    ),
)
KEYED_AND_ROWS_KEPT = (
    'props.set("password", getPassword());',
    'headers.put("X-Request-Id", "a81f0c2e9b7d4e11");',
    "INSERT INTO users (id, name, password_hash) VALUES (1, 'bob', 'x9f8e7d6c5b4a3');",
    "INSERT INTO users (id, name, email) VALUES (1, 'larryknows', 'l@x.org');",
    "INSERT INTO users VALUES (1, 'bob', 'larryknows');",  # no column list: no position
)


@pytest.mark.parametrize(("text", "secret"), KEYED_AND_ROWS)
def test_a_value_set_or_inserted_under_a_secrets_name_goes(text: str, secret: str) -> None:
    out, found = R.redact_text(text)
    assert secret not in out and {"keyed_secret", "sql_row_password"} & set(found), out


@pytest.mark.parametrize("text", KEYED_AND_ROWS_KEPT)
def test_calls_hashes_other_columns_and_rows_without_columns_stay(text: str) -> None:
    assert R.redact_text(text)[0] == text


# gitleaks' sample lines (``utils.GenerateSampleSecrets``, bench/redact_gitleaks_samples.py):
# PHP's and Make's assignment operators and an XML element named for a secret.
GITLEAKS_SAMPLE_LINES = (
    '$gitlabToken .= "yc3edqmevxrvcqurtaebd986"',
    'GITLAB_TOKEN ::= "yc3edqmevxrvcqurtaebd986"',
    'GITLAB_TOKEN :::= "yc3edqmevxrvcqurtaebd986"',
    'GITLAB_TOKEN ?= "yc3edqmevxrvcqurtaebd986"',
    "<gitlabToken>\n    yc3edqmevxrvcqurtaebd986\n</gitlabToken>",
    "<authToken>yc3edqmevxrvcqurtaebd986</authToken>",
)
GITLEAKS_SAMPLE_LINES_KEPT = (
    "<key>password</key>",
    "<tokenUrl>https://login.example.com/oauth/token</tokenUrl>",
    "<password>${env.MAVEN_PASSWORD}</password>",
    "tokens += 1",
    "count += token_len",
)


@pytest.mark.parametrize("text", GITLEAKS_SAMPLE_LINES)
def test_gitleaks_sample_lines_lose_the_value(text: str) -> None:
    assert "yc3edqmevxrvcqurtaebd986" not in R.redact_text(text)[0]


@pytest.mark.parametrize("text", GITLEAKS_SAMPLE_LINES_KEPT)
def test_names_urls_references_and_counters_stay(text: str) -> None:
    assert R.redact_text(text)[0] == text

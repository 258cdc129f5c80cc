# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Bearer's SAST rules, for the ``fresh10`` split (``fresh10.py`` reads and writes).

Bearer's built-in rules live in ``Bearer/bearer-rules`` (``rules/<language>/…yml``), each
tested on the files of ``tests/<language>/…/testdata/``: a ``test.js`` per rule runs the
rule on every file there and expects exactly the findings the files mark, a
``// bearer:expected <rule id>`` (``#`` in Ruby, PHP and Python) comment on the line before
each. The rules about hard-coded secrets were read: ``java_lang_hardcoded_secret``,
``javascript_lang_hardcoded_secret``, ``javascript_lang_jwt_hardcoded_secret``,
``javascript_express_hardcoded_secret``, ``javascript_third_parties_passport_hardcoded_secret``,
``php_lang_hardcoded_secret``, ``ruby_lang_hardcoded_secret``, ``go_gosec_secrets_secrets``,
``go_lang_hardcoded_{mysql,pg}_database_password``,
``java_lang_{hardcoded,empty}_database_password``, ``ruby_rails_insecure_http_password``,
and the weak-key rules (``python_django_weak_secret_key``, ``ruby_rails_weak_custom_key``,
``ruby_rails_password_length``). A marked literal is a secret; a file or a line the test
expects nothing of (``ok``/``secure``/``good`` files and functions) is a negative. Each case
is cited by the first line holding it (``anchor``, else the value).

``SECRETS``: (file, kind, value, anchor), the kind the rule and the form it reports (a
field, an encoded literal, a ``toCharArray`` literal, an ``equals`` comparison…).
``NEGATIVES``: (file, kind, text) for lines of the files expected to raise nothing, as the
file holds them: values read from the environment, a config or a secret store, masked
values (``"**"``, ``"•••••"``), an empty secret, names that only mention a password.

Left out without a row: values under 8 signs (``oops``, ``abc``, ``weak``, ``short``,
``admin``, the ``{'s','e','c','r','e','t'}`` arrays), the PHP test's copies of the Java
value ``.uYikE-os3cM23rz.i6Q``, gosec's ``f62e5bcd…`` (``fresh9`` has it), the PGP block
holding ``asdf`` (the Bearer engine's own test), the "ok" cases that are still literal keys
(``SECRET_KEY = "correct-horse-battery-staple"``, ``key: "a-string-longer-than-12-bytes"``
pass the weak-key rules only for their length; ``$password = "low entropy"`` and
``char[] apiKey = "my-secret-key"`` the hard-coded rules only as test-like: a literal
password, however weak, is not a negative here), and ``notjwt({ secret: "my-hardcoded-secret" })``
(a literal secret outside the rule's sink). The Bearer engine's repository
(``Bearer/bearer``) holds no rule tests: its gitleaks detector test (one AWS key id) and
report fixtures (findings without values) were not taken.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/Bearer+bearer-rules/repo")
REPO = "Bearer/bearer-rules"

_T = "tests/"
_JAVA = _T + "java/lang/hardcoded_secret/testdata/main.java"
_JS = _T + "javascript/lang/hardcoded_secret/testdata/"
_JWT = _T + "javascript/lang/jwt_hardcoded_secret/testdata/"
_EXPRESS = _T + "javascript/express/hardcoded_secret/testdata/"
_MYSQL = _T + "go/lang/hardcoded_mysql_database_password/testdata/main.go"
_PG = _T + "go/lang/hardcoded_pg_database_password/testdata/main.go"
_JDBC = _T + "java/lang/hardcoded_database_password/testdata/"
_PHP = _T + "php/lang/hardcoded_secret/testdata/"
_RUBY = _T + "ruby/lang/hardcoded_secret/testdata/"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_JAVA, "bearer:java-hardcoded-secret-field", "f#a};!y~7VBcu<&F@[%,{b", 'final String pass2 = "f#a};!y~7VBcu<&F@[%,{b";'),
    (_JAVA, "bearer:java-hardcoded-secret-field", "hV#;N.F9j}'v5Y-XJc])P*", None),
    (_JAVA, "bearer:java-hardcoded-secret-field", ".uYikE-os3cM23rz.i6Q", None),
    (_JAVA, "bearer:java-hardcoded-secret-field", "passw0rd", None),
    (_JAVA, "bearer:java-hardcoded-secret-encoded", "6sGVjfiD0iPLux5fyuDxorRMG4qyNi7U3cQ", None),
    (_JAVA, "bearer:java-hardcoded-secret-char-array", "gSbDu-wAE7ZL#[tG4'jfx><HFdVk;5a", None),
    (_JAVA, "bearer:java-hardcoded-secret-equals", "xFb8H9qoPVabx6QvUQygMIOS69nsgh1LQkb", None),
    (_JS + "insecure_assigment.js", "bearer:javascript-hardcoded-secret", "secretHardcodedString", None),
    (_JWT + "insecure.js", "bearer:javascript-jwt-hardcoded-secret", "someSecret", None),
    (_JWT + "insecure_jose_jwt.js", "bearer:javascript-jwt-hardcoded-secret", "my-hardcoded-secret", None),
    # the Juice Shop key, written on one line with \r\n escapes: fresh5 (secpatterns) has it
    (_JWT + "insecure_jwt.js", "bearer:javascript-jwt-hardcoded-private-key", "MIICXAIBAAKBgQDNwqLEe9wgTXCbC7+RPdDbBbeqjdbs4kOPOIGzqLpXvJXlxxW8iMz0EaM4BKUqYsIa+ndv3NAn2RxCd5ubVdJJcX43zO6Ko0TFEZx/65gY3BE0O6syCEmUP4qbSd6exou/F+WTISzbQ5FBVPVmhnYhG/kpwt/cIxK5iUn5hm+4tQIDAQABAoGBAI+8xiPoOrA+KMnG/T4jJsG6TsHQcDHvJi7o1IKC/hnIXha0atTX5AUkRRce95qSfvKFweXdJXSQ0JMGJyfuXgU6dI0TcseFRfewXAa/ssxAC+iUVR6KUMh1PE2wXLitfeI6JLvVtrBYswm2I7CtY0q8n5AGimHWVXJPLfGV7m0BAkEA+fqFt2LXbLtyg6wZyxMA/cnmt5Nt3U2dAu77MzFJvibANUNHE4HPLZxjGNXN+a6m0K6TD4kDdh5HfUYLWWRBYQJBANK3carmulBwqzcDBjsJ0YrIONBpCAsXxk8idXb8jL9aNIg15Wumm2enqqObahDHB5jnGOLmbasizvSVqypfM9UCQCQl8xIqy+YgURXzXCN+kwUgHinrutZms87Jyi+D8Br8NY0+Nlf+zHvXAomD2W5CsEK7C+8SLBr3k/TsnRWHJuECQHFE9RA2OP8WoaLPuGCyFXaxzICThSRZYluVnWkZtxsBhW2W8z1b8PvWUE7kMy7TnkzeJS2LSnaNHoyxi7IaPQUCQCwWU4U+v4lD7uYBw00Ga/xt+7+UqFPlPVdz1yyr4q24Zxaw0LgmuEvgU5dycq8N7JxjTubX0MIRR+G9fmDBBl8=", None),
    (_EXPRESS + "hardcoded_secret_in_session.js", "bearer:javascript-express-hardcoded-secret", "hardcoded-secret", None),
    (_T + "javascript/third_parties/passport_hardcoded_secret/testdata/insecure.js", "bearer:javascript-passport-hardcoded-secret", "hardcodedSecret", None),
    (_MYSQL, "bearer:go-hardcoded-mysql-database-password", "admin123", None),
    (_MYSQL, "bearer:go-hardcoded-mysql-database-password", "password", 'Passwd: "password",'),
    (_T + "ruby/rails/insecure_http_password/testdata/insecure_controller.rb", "bearer:ruby-rails-insecure-http-password", "my-secret-password", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "passw0rd": "the word password, a letter swapped for a digit (one of five common passwords in a list)",
    "secretHardcodedString": "words naming the value",
    "someSecret": "words naming the value",
    "my-hardcoded-secret": "words naming the value",
    "hardcoded-secret": "words naming the value",
    "hardcodedSecret": "words naming the value",
    "password": "the word password",
    "my-secret-password": "words naming the value",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # values read from the environment, a config or a secret store
    (_JS + "secure.js", "bearer-fp:not-hard-coded", 'config.clientSecret = process.env["GOOGLE_CLIENT_SECRET"];'),
    (_JS + "secure.js", "bearer-fp:not-hard-coded", """crypto.createHmac('sha256', process.env["SECRET"], { encoding: "utf-8" })"""),
    (_JS + "secure.js", "bearer-fp:not-hard-coded", 'crypto.privateEncrypt({ passphrase: process.env["SECRET"] }, buffer)'),
    (_JWT + "secure.js", "bearer-fp:not-hard-coded", 'var token = jwt.sign({ foo: "bar" }, process.env.JWT_SECRET);'),
    (_EXPRESS + "ok_no_hardcoded_secrets.js", "bearer-fp:not-hard-coded", 'app.get("/ok", jwt({ secret: config.get("my-secret") }), function (_req, res) {'),
    (_EXPRESS + "ok_no_hardcoded_secrets.js", "bearer-fp:not-hard-coded", "var secret = process.env.SAFE_SECRET"),
    (_JS + "insecure_object.js", "bearer-fp:not-hard-coded", 'clientID: process.env["GOOGLE_CLIENT_ID"],'),
    (_MYSQL, "bearer-fp:not-hard-coded", 'dbPassword := os.Getenv("DB_PASSWORD") // Get the password from an environment variable'),
    (_MYSQL, "bearer-fp:not-hard-coded", 'Passwd: os.Getenv("DB_PASSWORD"),'),
    (_PG, "bearer-fp:not-hard-coded", 'dsn := fmt.Sprintf("postgres://%s:%s@localhost/%s", dbUser, dbPassword, dbName)'),
    (_PG, "bearer-fp:not-hard-coded", 'Password: os.Getenv("DB_PASSWORD"),'),
    (_JDBC + "ok.java", "bearer-fp:not-hard-coded", 'String password = cache.getSecretString("foo");'),
    (_JDBC + "ok.java", "bearer-fp:not-hard-coded", 'Connection conn = DriverManager.getConnection(url, "admin", password);'),
    (_JAVA, "bearer-fp:not-hard-coded", "public String password = null;"),
    (_PHP + "ok.php", "bearer-fp:not-hard-coded", "$password = $ok;"),
    (_PHP + "ok.php", "bearer-fp:not-hard-coded", 'foo([ "secret" => $ok, "other" => 42]);'),
    (_PHP + "ok.php", "bearer-fp:not-hard-coded", "$x->f(api_key: $ok);"),
    (_RUBY + "ok.rb", "bearer-fp:not-hard-coded", 'pw = ENV["PASS"]'),
    (_RUBY + "ok.rb", "bearer-fp:not-hard-coded", '{ API_KEY: "a #{x}" }'),
    (_T + "ruby/rails/insecure_http_password/testdata/secure_controller.rb", "bearer-fp:not-hard-coded", 'http_basic_authenticate_with name: "foo", password: Rails.secret.password'),
    # masked or empty values
    (_JS + "secure.js", "bearer-fp:masked", 'const apiKey = "**"'),
    (_JS + "secure.js", "bearer-fp:masked", 'o.password = "***"'),
    (_JS + "secure.js", "bearer-fp:masked", 'const foo = { password: "••" }'),
    (_JDBC + "asterisk_case.java", "bearer-fp:masked", 'Connection conn = DriverManager.getConnection(url, "admin", "******");'),
    (_PHP + "ok.php", "bearer-fp:masked", 'define($name, "•••••");'),
    (_RUBY + "ok.rb", "bearer-fp:masked", 'call(api_key: "•••")'),
    (_EXPRESS + "hardcoded_secret_in_session.js", "bearer-fp:empty-value", 'secret: "",'),
    # names and text that mention a password, a key or a secret
    (_JAVA, "bearer-fp:not-a-secret", "private static final byte[] PUBLIC_KEY = new byte[] { 1, 2, 3, 4, 5, 6, 7 };"),
    (_JAVA, "bearer-fp:not-a-secret", 'final String API_KEY = "Enter API";'),
    (_PHP + "ok.php", "bearer-fp:not-a-secret", '$name = "SECRET_PASSWORD";'),
    (_RUBY + "ok.rb", "bearer-fp:not-a-secret", 'Passwordless.default_from_address = "some_address@bear.com"'),
    (_RUBY + "routes.rb", "bearer-fp:not-a-secret", 'get "/password/email_sent" => "passwords#email_sent"'),
    (_T + "ruby/rails/password_length/testdata/ok_password_length.rb", "bearer-fp:not-a-secret", "validates :password, length: { minimum: 12 }"),
    (_T + "ruby/rails/password_length/testdata/devise.rb", "bearer-fp:not-a-secret", "# config.secret_key = '<%= SecureRandom.hex(64) %>'"),
    (_T + "ruby/rails/password_length/testdata/devise.rb", "bearer-fp:not-a-secret", "# config.omniauth :github, 'APP_ID', 'APP_SECRET', scope: 'user,public_repo'"),
)  # fmt: skip

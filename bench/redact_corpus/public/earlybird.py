# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""American Express's earlybird, for the ``fresh7`` split (``fresh7.py`` reads and writes).

earlybird's rules (``config/rules/*.yaml``) each give an ``Example`` the rule must find, and
its Go tests (``pkg/scan/*_test.go``, ``pkg/postprocess/*_test.go``, ``pkg/api``) give lines
it must report (``wantIsFP: false``, "Do not skip, real finding") and lines it must not
(``wantIsFP: true``, "Skip …", a post-process that ignores the hit). Each case below was
read in its file and is cited by the first line holding it (``anchor``, else the value).

``SECRETS``: (file, kind, value, anchor) for what a test or rule example says must be
found, cut to the secret; the kind is the rule family the case exercises. ``NEGATIVES``:
(file, kind, text) for what a test says must not be reported, or plain text of the same
fixtures, as the Go literal holds it (only literals with no escapes are taken).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/americanexpress+earlybird/repo")
REPO = "americanexpress/earlybird"

_RULES = "config/rules/password-secret.yaml"
_SCAN = "pkg/scan/scan_test.go"
_FP = "pkg/scan/falsePositives_test.go"
_PP = "pkg/postprocess/"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    # rule examples (config/rules/password-secret.yaml)
    (_RULES, "earlybird:default-password", "w2e3r4t5", "password = 'w2e3r4t5'"),
    (_RULES, "earlybird:default-password", "autumn2019", None),
    (_RULES, "earlybird:default-password", "1q2w3e4r", "Example: 1q2w3e4r"),
    (_RULES, "earlybird:default-password", "kafka123", "Example: kafka123"),
    (_RULES, "earlybird:default-password", "1qaz@WSX", "Example: 1qaz@WSX"),
    (_RULES, "earlybird:google-oauth-access-token", "ya29Xaz65xnSOi45O5wyRaaeONDHqenVAMXmxObLMZq-vQihlleznZAbCHHWr6Gz3J7DKuyQf", None),
    (_RULES, "earlybird:google-api-key", "AIzaSyQ4kHseoBZiO7anxQJ2IzlfzfMLjNU5ma_", None),
    (_RULES, "earlybird:slack-token", "xoxa-123-123-123-012af", None),
    (_RULES, "earlybird:slack-token", "xoxs-0260321744-0287945347-015035651542-oxtp6n0z7yibj63vndve9gsej96k5k4s", None),
    (_RULES, "earlybird:npm-token", "77a13b56-f6c9-0294-57b0-b635f6260064", None),
    (_RULES, "earlybird:aws-secret-access-key", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKFE", None),
    (_RULES, "earlybird:basic-auth", "QWxhZGRpbjpvcGVuIHNlc2FtZQ==", None),
    (_RULES, "earlybird:high-entropy", "b6SxM4UwRm1dBqTG4zIVU6rcBy1QhnfQKmSZOnmR6fS7ZvuCxf1C1uQFNI9CVWzH", None),
    (_RULES, "earlybird:twitter-key", "0aaAaA0AAAA0000a0a0A0a0aaa0AaAA0a0a", None),
    (_RULES, "earlybird:github-key", "aaaAaA0A0a00aAaA0a0aA0AAaaaAAa0Aa00", None),
    # the scanner's tests
    (_SCAN, "earlybird:password", "SecretValue1673", None),
    (_SCAN, "earlybird:password", "TrueFinding7842!", None),
    (_SCAN, "earlybird:twitter-key", "111aAa222bBb333cCc444dDd555eEe666fFf777", "twitterApiSecret"),
    (_SCAN, "earlybird:password", "aReallyBadPassword", None),
    (_FP, "earlybird:password", "StrongFinding5813!", None),
    (_FP, "earlybird:secret", "do_not_use_this_in_production", None),
    (_FP, "earlybird:token", "97XKNWNOVJR3U0Z", None),
    (_FP, "earlybird:client-secret", "valid_password", None),
    (_FP, "earlybird:credential", "secretPassword123", None),
    (_FP, "earlybird:credential", "fileSecret1234", None),
    (_FP, "earlybird:auth-key", "V3RyStr0nG@uThk3Y", None),
    ("pkg/api/api_test.go", "earlybird:password", "SampleFinding678#", None),
    (_PP + "passwordStrength_test.go", "earlybird:password", "VeryStrong8161#", None),
    (_PP + "skipSameKeyValue_test.go", "earlybird:password", "VeryStrong857#", None),
    (_PP + "validatePassword_test.go", "earlybird:password", "VeryStrong857!@$^&*#", None),
    (_PP + "validatePassword_test.go", "earlybird:password", "propertyEqualDelimitedPassword", None),
    (_PP + "validatePassword_test.go", "earlybird:password", "sample%3YmlPassword", None),
    (_PP + "basicAuthHeader_test.go", "earlybird:basic-auth", "dXNlbmFtZTpwYXNzd29yZA==", None),
    (_PP + "jwt_test.go", "earlybird:jwt", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJuYW1lIjoiQW1lcmljYW4gRXhwcmVzcyIsImFkbWluIjp0cnVlLCJpYXQiOjE1MTYyMzkwMjJ9.JieTvCL1z9dCSAoFAtYWkHEKswbfEQGXCVcej2g7n80", None),
    (_PP + "jwt_test.go", "earlybird:jwt", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjMxNTU4NjkxNzkzMDAwLCJuYW1lIjoiQW1lcmljYW4gRXhwcmVzcyIsImFkbWluIjp0cnVlLCJpYXQiOjE1MTYyMzkwMjJ9.wOSLG3VTKg7A2KoKu9WsuIiKIpl__PDWStw1CkmeOPs", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "1q2w3e4r": "a default password named alone by its rule (a word-list entry, no assignment)",
    "kafka123": "a default password named alone by its rule (a word-list entry, no assignment)",
    "1qaz@WSX": "a default password named alone by its rule (a word-list entry, no assignment)",
    "xoxa-123-123-123-012af": "a Slack token shape whose parts are 123 three times",
    "111aAa222bBb333cCc444dDd555eEe666fFf777": "counts up (111aAa222bBb…)",
    "aReallyBadPassword": "words naming the value (a really bad password)",
    "do_not_use_this_in_production": "a sentence, the tests' stand-in for any secret",
    "valid_password": "words naming the value",
    "secretPassword123": "words naming the value, then 123",
    "propertyEqualDelimitedPassword": "words naming the value",
    "sample%3YmlPassword": "words naming the value (sample yml password)",
    "dXNlbmFtZTpwYXNzd29yZA==": "base64 of `usename:password`, a stand-in credential",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # falsePositives_test.go: wantIsFP true
    (_FP, "earlybird-fp:false-positives", "password=None"),
    (_FP, "earlybird-fp:false-positives", "<Password>password</Password>"),
    (_FP, "earlybird-fp:false-positives", "<passphrase>passphrase</passphrase>"),
    (_FP, "earlybird-fp:false-positives", 'github.com/Mermade/oas-kit?sponsor=1","scripts":{"test":"mocha"},"browserify":{"transform":[["babelify",{"presets":["es2015"]}]]},"repository":{"url":"https://github.com/Mermade/oas-kit.git","type":"git"}'),
    (_FP, "earlybird-fp:false-positives", "passphrase: pass,"),
    (_FP, "earlybird-fp:false-positives", "account_token: PropTypes.string.isRequired,"),
    (_FP, "earlybird-fp:false-positives", "'secret' : 'secret'"),
    (_FP, "earlybird-fp:false-positives", "client_secret: grafana-client-secret"),
    (_FP, "earlybird-fp:false-positives", "client_secret: some-client-secret"),
    (_FP, "earlybird-fp:false-positives", "credentials: ******"),
    (_FP, "earlybird-fp:false-positives", "credential: xxxxxxx"),
    (_FP, "earlybird-fp:false-positives", "credentials= xxxxxxx"),
    (_FP, "earlybird-fp:false-positives", "credentials=include"),
    (_FP, "earlybird-fp:false-positives", '"credentials" : "omit"'),
    (_FP, "earlybird-fp:false-positives", "account_token = selected_card_account_token(accounts, selected_card)"),
    (_FP, "earlybird-fp:false-positives", "var txtFieldPassword: UITextField! = nil"),
    (_FP, "earlybird-fp:false-positives", '"Password": "Lösenord"'),
    (_FP, "earlybird-fp:false-positives", "client_secret: 'None'"),
    (_FP, "earlybird-fp:false-positives", "client_secret_key : 'e2.api.client.secret.key'"),
    (_FP, "earlybird-fp:false-positives", "db_password=password"),
    (_FP, "earlybird-fp:false-positives", '"connectionString": "CloudConnector;USE_ZORBA2;SourceName=eloqua;tokenType=userPassword;user=@user;password=@password"'),
    (_FP, "earlybird-fp:false-positives", "USE_CREDENTIALS: 'use-credentials'"),
    (_FP, "earlybird-fp:false-positives", "api.auth.Password: /foo/bar/Password.js"),
    (_FP, "earlybird-fp:false-positives", "password=PASSWORD"),
    (_FP, "earlybird-fp:false-positives", 'client_credentials="not a valid password"'),
    (_FP, "earlybird-fp:false-positives", 'client_credentials="key.to.password.value"'),
    (_FP, "earlybird-fp:false-positives", "credentials = file(var.credPath)"),
    (_FP, "earlybird-fp:false-positives", "password: MONGO_DB_PASSWORD"),
    (_FP, "earlybird-fp:false-positives", "password= COUCHBASE_DB_PASSWORD"),
    (_FP, "earlybird-fp:false-positives", "ENV_VAR_SSLPASSWORD = 'KEYFILE_PASSWORD'"),
    (_FP, "earlybird-fp:false-positives", 'val DBpassword = appConfig.getString("db.jdbc.pwd")'),
    (_FP, "earlybird-fp:false-positives", 'String password = context.decrypt("%%MONGO_DB_PWD%%");'),
    (_FP, "earlybird-fp:false-positives", "password = generatePassword(context)"),
    (_FP, "earlybird-fp:false-positives", "authKey: GITHUB_AUTH_KEY"),
    (_FP, "earlybird-fp:false-positives", "String password = param[0];"),
    (_FP, "earlybird-fp:false-positives", 'const val AUTHORIZATION_TOKEN = "Authorization Token",'),
    # scan_test.go: lines the scanner must pass over
    (_SCAN, "earlybird-fp:scan", "using fall in a general sentence should not error"),
    (_SCAN, "earlybird-fp:scan", "This is a false positive #SKIPME"),
    # post-processing that drops a hit (skipSameKeyValue, validatePassword, basicAuth)
    (_PP + "skipSameKeyValue_test.go", "earlybird-fp:same-key-value", "PASSWORD_DB : password_db"),
    (_PP + "skipSameKeyValue_test.go", "earlybird-fp:same-key-value", "DB_PASSWORD : db_password"),
    (_PP + "skipSameKeyValue_test.go", "earlybird-fp:same-key-value", "DB_PASSWORD : $db.password"),
    (_PP + "skipSameKeyValue_test.go", "earlybird-fp:same-key-value", "APISECRET: api.Secret"),
    (_PP + "skipSameKeyValue_test.go", "earlybird-fp:same-key-value", "api.appSecret=apiAppSecret"),
    (_PP + "validatePassword_test.go", "earlybird-fp:validate-password", "ignore me please"),
    (_PP + "validatePassword_test.go", "earlybird-fp:validate-password", "password: ignore.me"),
    (_PP + "validatePassword_test.go", "earlybird-fp:validate-password", "password: ignoreme==please"),
    (_PP + "validatePassword_test.go", "earlybird-fp:validate-password", '"password": "L&#246;senord"'),
    (_PP + "basicAuthHeader_test.go", "earlybird-fp:basic-auth", "Authorization: Basic acdefjhikl"),
    (_PP + "pem_test.go", "earlybird-fp:pem", "This is not a pem file."),
    (_PP + "jks_test.go", "earlybird-fp:jks", "This is not a JKS file."),
    ("pkg/scan/scanUtil_test.go", "earlybird-fp:scan", "Nothing to see here"),
    ("pkg/scan/scanUtil_test.go", "earlybird-fp:scan", "This line shouldn't be searched"),
)  # fmt: skip

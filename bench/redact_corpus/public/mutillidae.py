# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""OWASP Mutillidae II, for the ``fresh15`` split (``fresh15.py`` reads and writes).

``webpwnized/mutillidae`` is a deliberately vulnerable PHP web application with REST and SOAP
web services. Its secrets sit where a PHP developer puts them: the seed accounts' passwords
and client secrets in the set-up script's SQL (``src/set-up-database.php``, client secrets
drawn at run time there) and again, fixed, in an XML user store (``src/data/accounts.xml``)
and a text file (``src/passwords/accounts.txt``); the JWT signing key of the higher security
levels hard-coded in the page and its AJAX twin (``src/jwt.php``, ``src/ajax/jwt.php``); three
signed JWTs the JWT hint prints (``src/includes/hints/jwt-hint.inc``); an authentication token
a script puts into HTML5 session storage (``src/javascript/html5-secrets.js``); the SOAP login
documentation's client secret. Each file was read at ``HEAD`` and each value is cited by the
first line holding it, in the file named.

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: the REST documentation's
placeholders (``your-client-secret``, ``your-jwt-token``), the SOAP service's type map,
code generating or checking client secrets and CSRF tokens, the constants the database and
LDAP connections use besides the password, the XML store's ids and user names, the YouTube
video ids the set-up script seeds, a password generator's alphabet, an XPath query template,
the GUIDs the app marks its own formatting tags with, storage items that name a key or secret
and hold prose, a masked password, the StackHawk scan configuration's field names.

``NO_SECRET``: the admin's ``adminpass`` (the role's name and the word pass), ``somepassword``
(words naming the value), ``initech123`` (a company's name and digits counted in order),
``SoSecret`` (words naming the value), the database and LDAP password ``mutillidae`` (the
app's name). Left out without a row: values under 8 signs (the JWT key ``snowman`` of the
lower levels, the StackHawk scan password ``Kaakaww``, ``samurai``, ``stapler``, ``pentest``,
``i<3devs``, ``monkey``, ``42``), the many ``password`` accounts (a placeholder), the seeded
credit-card numbers (payment test numbers, not credentials), the SOAP documentation's client
id (an identifier, but 32 hex signs that read as a key: neither label is fair).

Doubtful labels, kept: the seed passwords that are words (``tortoise``, ``NotTelling``,
``JollyRoger``, ``tpsreports``: weak, but each an account's real password); the SOAP
documentation's ``client_secret`` (the page says to replace it with valid values, but it has
the form of the secrets the app issues, 64 random hex signs, and no placeholder's).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/webpwnized+mutillidae/repo")
REPO = "webpwnized/mutillidae"

_XML = "src/data/accounts.xml"
_SEED = "src/set-up-database.php"
_HINT = "src/includes/hints/jwt-hint.inc"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("src/jwt.php", "mutillidae:jwt-signing-key", "MIIBPAIBAAJBANBs46xCKgSt8vSgpGlDH0C8znhqhtOZQQjFCaQzcseGCVlrbI", None),
    (_HINT, "mutillidae:hint-jwt", "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJodHRwOlwvXC9tdXRpbGxpZGFlLmxvY2FsIiwiYXVkIjoiaHR0cDpcL1wvbXV0aWxsaWRhZS5sb2NhbCIsImlhdCI6MTYxNDc4MTcwMCwiZXhwIjoxNjE0NzgzNTAwLCJ1c2VyaWQiOiIyNCJ9.2tkqvTgkNm4k8-L9MTIVIo7fdT1R53R_g7SO5QUCaFE", None),
    (_HINT, "mutillidae:hint-jwt", "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJodHRwOlwvXC9tdXRpbGxpZGFlLmxvY2FsIiwiYXVkIjoiaHR0cDpcL1wvbXV0aWxsaWRhZS5sb2NhbCIsImlhdCI6MTYxNDc4NDE3NiwiZXhwIjoxNjE0Nzg1OTc2LCJ1c2VyaWQiOiIyNCJ9.9rMf6Hd17Jwev3Sk2YG2CUzz9uEUOBFfImxYAE_KVpg", None),
    (_HINT, "mutillidae:hint-jwt", "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJodHRwOi8vbXV0aWxsaWRhZS5sb2NhbCIsImF1ZCI6Imh0dHA6Ly9tdXRpbGxpZGFlLmxvY2FsIiwiaWF0IjoxNjE0Nzg0MTc2LCJleHAiOjE2MTQ3ODU5NzYsInVzZXJpZCI6IjEifQ.kiTnwqecZE3XJP6I2frMKiDnI10Ajb0gThUFWX2s4tw", None),
    ("src/javascript/html5-secrets.js", "mutillidae:html5-storage-auth-token", "DU837HHFYTEYUE9S1934", None),
    (_XML, "mutillidae:xml-client-secret", "38a3f36bbf8f4fdf", None),
    (_XML, "mutillidae:xml-client-secret", "36e247ea1a9f4f3e", None),
    (_XML, "mutillidae:xml-client-secret", "6a529f30b7b6b6e7", None),
    (_XML, "mutillidae:xml-account-password", "tortoise", None),
    (_XML, "mutillidae:xml-account-password", "NotTelling", None),
    (_XML, "mutillidae:xml-account-password", "adminpass", None),
    (_XML, "mutillidae:xml-account-password", "SoSecret", None),
    (_SEED, "mutillidae:seed-sql-account-password", "lanmaster53", None),
    (_SEED, "mutillidae:seed-sql-account-password", "tpsreports", None),
    (_SEED, "mutillidae:seed-sql-account-password", "JollyRoger", None),
    (_SEED, "mutillidae:seed-sql-account-password", "somepassword", None),
    (_SEED, "mutillidae:seed-sql-account-password", "initech123", None),
    ("src/webservices/soap/docs/ws-login.html", "mutillidae:soap-doc-client-secret", "f1d10934f1525ebfdf0b08a2413a3a3f683eaae3913489c786e496e403ab7bff", None),
    ("src/includes/database-config.inc", "mutillidae:db-password", "mutillidae", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "adminpass": "the role's name and the word pass",
    "somepassword": "words naming the value",
    "SoSecret": "words naming the value",
    "initech123": "a company's name and digits counted in order",
    "mutillidae": "the app's name",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # documentation placeholders, service type maps
    ("src/webservices/rest/docs/ws-login.html", "mutillidae-fp:placeholder", '"client_secret": "your-client-secret",<!-- # pragma: allowlist secret -->'),
    ("src/webservices/rest/docs/ws-login.html", "mutillidae-fp:placeholder", '"client_id": "your-client-id",'),
    ("src/webservices/rest/docs/ws-login.html", "mutillidae-fp:placeholder", '"access_token": "your-jwt-token",'),
    ("src/webservices/rest/docs/ws-login.html", "mutillidae-fp:placeholder", "<pre><code>Authorization: Bearer your-jwt-token</code></pre>"),
    ("src/webservices/rest/docs/rest-services.html", "mutillidae-fp:placeholder", '-H "Authorization: Bearer &lt;your-token&gt;"</code></pre>'),
    ("src/webservices/soap/ws-login.php", "mutillidae-fp:type", "'client_secret' => 'xsd:string',    // pragma: allowlist secret"),
    ("src/webservices/soap/ws-user-account.php", "mutillidae-fp:type", "'password' => 'xsd:string'"),
    # code generating, reading or checking credentials
    ("src/webservices/soap/ws-login.php", "mutillidae-fp:reference", "$lJwt = JWT::encode($lPayload, JWT_SECRET_KEY, JWT_EXPECTED_ALGORITHM);"),
    ("src/webservices/rest/ws-login.php", "mutillidae-fp:reference", "$lIsValid = $lSQLQueryHandler->authenticateByClientCredentials($lClientId, $lClientSecret);"),
    ("src/webservices/rest/ws-login.php", "mutillidae-fp:reference", "'access_token' => $lJwt,"),
    ("src/classes/SQLQueryHandler.php", "mutillidae-fp:reference", "private function generateClientSecret($length = 32 /* 32 bytes = 256 bits */){"),
    ("src/classes/SQLQueryHandler.php", "mutillidae-fp:reference", "$lClientSecret = $this->generateClientSecret();"),
    ("src/classes/MySQLHandler.php", "mutillidae-fp:reference", "static public $mMySQLDatabasePassword = DB_PASSWORD;"),
    ("src/classes/CSRFTokenHandler.php", "mutillidae-fp:config", 'protected $mCSRFTokenStrength = "NONE";'),
    ("src/classes/CSRFTokenHandler.php", "mutillidae-fp:config", 'protected $mTokenValid = "Validation not performed";'),
    ("src/jwt.php", "mutillidae-fp:reference", 'var authToken = "<?php echo $lAuthorizationToken ?>";'),
    ("src/ajax/jwt.php", "mutillidae-fp:masked", 'if($lObfuscatePassword) { $row->password = "********"; }'),
    ("src/webservices/rest/ws-user-account.php", "mutillidae-fp:reference", '$lAccountPassword = getPOSTParameter("password", true);'),
    ("src/user-info-xpath.php", "mutillidae-fp:template", "$lXPathQueryString = \"//Employee[UserName='{USERNAME}' and Password='{PASSWORD}']\";"),
    ("src/password-generator.php", "mutillidae-fp:alphabet", 'var lPasswordCharset = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";'),
    (_SEED, "mutillidae-fp:config", '$lPasswordFilePath="passwords/accounts.txt";'),
    # connection settings besides the password
    ("src/includes/database-config.inc", "mutillidae-fp:config", "define('DB_USERNAME', 'root');"),
    ("src/includes/database-config.inc", "mutillidae-fp:config", "define('DB_HOST', '127.0.0.1');"),
    ("src/includes/ldap-config.inc", "mutillidae-fp:config", "define('LDAP_BIND_DN', 'cn=admin,dc=mutillidae,dc=localhost');"),
    ("src/webservices/includes/ws-constants.php", "mutillidae-fp:config", "define('JWT_EXPECTED_ALGORITHM', 'HS256');"),
    ("src/webservices/includes/ws-constants.php", "mutillidae-fp:config", "define('JWT_EXPIRATION_TIME', 3600); // Token expiration time in seconds"),
    # identifiers beside the secrets
    (_XML, "mutillidae-fp:identifier", "<ClientID>1001</ClientID>"),
    (_XML, "mutillidae-fp:identifier", "<UserName>adrian</UserName>"),
    (_XML, "mutillidae-fp:text", "<Signature>Zombie Films Rock!</Signature>"),
    (_SEED, "mutillidae-fp:identifier", "(1, 'TQGblhhk-64', 'JWT Security: Part 1 - What is a JWT?'),"),
    (_SEED, "mutillidae-fp:identifier", "(4, 'f-v70H9xgFI', 'JWT Security: Part 4 - How Signatures Protect Against Forgery'),"),
    ("src/includes/constants.php", "mutillidae-fp:identifier", "define('BOLD_STARTING_TAG','9880e8bc4fcb4794a875e8ca8d493e65');"),
    ("src/includes/constants.php", "mutillidae-fp:identifier", "define('ITALIC_STARTING_TAG','7dc0116a0d514496adbb456fd60b00ac');"),
    ("src/javascript/inline-initializers/populate-web-storage.js", "mutillidae-fp:text", 'window.sessionStorage.setItem("SecureKey", "You cannot see me on the HTML5 Storage page. I wonder why?");'),
    ("src/javascript/html5-secrets.js", "mutillidae-fp:text", 'window.localStorage.setItem("Secure.CurrentStateofHTML5Storage","Completely Insecure");'),
    # a scanner's login settings
    (".github/workflows/config/stackhawk.yml", "mutillidae-fp:config", "passwordField: password  # pragma: allowlist secret"),
    (".github/workflows/config/stackhawk.yml", "mutillidae-fp:config", 'scanUsername: "stackhawk"  # Username for the scan login; ideally stored securely, not hardcoded.'),
    (".github/workflows/scan-application-with-stackhawk.yml", "mutillidae-fp:reference", "APPLICATION_ID: ${{ secrets.HAWK_APP_ID}}"),
)  # fmt: skip

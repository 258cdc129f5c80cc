# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""SasanLabs' VulnerableApp, for the ``fresh15`` split (``fresh15.py`` reads and writes).

``SasanLabs/VulnerableApp`` is a deliberately vulnerable Spring Boot application whose
vulnerabilities come in numbered levels. Its secrets are in its resources: the HS256 keys of
the JWT levels (``scripts/JWT/SymmetricAlgoKeys.json``), the RSA private key the RS256 levels
sign with (``static/templates/JWTVulnerability/keys/private_key.pem``, an OpenSSL export with
its bag attributes), the admin accounts of the authentication levels
(``scripts/Authentication/db/data.sql``: two stored in plain text, and for each hashed level
the plain password in the SQL comment above it), the session levels' users
(``scripts/SessionManagement/db/data.sql``), LDAP users seeded in Java, the SMTP login and the
H2 users' passwords in ``application*.properties``. Each file was read at ``HEAD`` and each
value is cited by the first line holding it (the authentication script's comment where it
names the password before the ``INSERT``). A PEM key's value is its second line of key
material, cited with the header and the first line, as ``crapi.py`` does.

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: the key export's bag
attributes, the matching certificate, the profiles that fill credentials from the
environment, CI workflows' ``${{ secrets.… }}``, code salting LDAP passwords, a gist id, the
hashing tests' expected digests (of test words), the SAST benchmark's configuration, code hashing
or generating passwords.

``NO_SECRET``: the session users' ``AdminPassword@123``, ``MyPassword2026!`` (words
naming the value, digits and a sign), ``attacker123`` and ``password123`` (a role's name or
the word password, digits counted in order), the LDAP users' ``alicePass123`` and its
siblings (a name, the word pass, digits counted in order), the crypto level's
``aa123456`` (digits counted in order), the SMTP ``smtp_password`` and the H2 user's
``cryptographic_failures_password`` (words naming the value), the PKCS#12 ``changeIt`` (the
JDK keystore's default, a placeholder). Left out without a row: values under 8 signs (the
H2 users' ``hacker``), the authentication levels' MD5, SHA-1, SHA-256 and bcrypt hashes and
the IDOR users' salted hashes (digests of passwords: not the secret, nor a fair negative),
the salted level's salt ``s9A#2zLk`` (stored beside its hash by design, not a credential),
the plain-text level's ``not_needed_for_sqli`` (words saying no password matters), the
binary ``sasanlabs.p12``, the JWT levels' weak key ``password`` and the path-traversal
level's ``secret.json`` password ``password`` (the placeholder word).

Doubtful labels, kept: the authentication levels' passwords read from SQL comments
(``f2C@9tYk*1hP`` and the like: a comment, but the real password of the account the next
line stores hashed; ``9fG#2hJk*LmN!8qR`` is listed and dropped by ``fresh2``'s filter, which
reads its ``hjk`` as a keyboard run); the low-cost bcrypt level's ``sunshine`` (a dictionary
word the comment calls a common password, but the account's real one).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/SasanLabs+VulnerableApp/repo")
REPO = "SasanLabs/VulnerableApp"

_RES = "src/main/resources"
_AUTH = f"{_RES}/scripts/Authentication/db/data.sql"
_SESSION = f"{_RES}/scripts/SessionManagement/db/data.sql"
_KEY = f"{_RES}/static/templates/JWTVulnerability/keys/private_key.pem"
_LDAP = "src/main/java/org/sasanlabs/configuration/EmbeddedLDAPConfig.java"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (f"{_RES}/scripts/JWT/SymmetricAlgoKeys.json", "vulnerableapp:jwt-hs256-key", "12309jansdu912jnas^90nqwq!@!#oqihr82343n", None),
    (_KEY, "vulnerableapp:jwt-rsa-private-key", "1zAC8+/O5grgOWrZXeGwmlGkHavJamSra/JbJbYk8ixpPbWhEdWeVGjoNGOl7g3D", "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDG86CoStCZbgTi\n1zAC8+/O5grgOWrZXeGwmlGkHavJamSra/JbJbYk8ixpPbWhEdWeVGjoNGOl7g3D"),
    (_AUTH, "vulnerableapp:sql-plaintext-password", "v9K#2mLp!8zQ", None),
    (_AUTH, "vulnerableapp:sql-plaintext-password", "b7X$4nRj-6mW", None),
    (_AUTH, "vulnerableapp:sql-comment-password", "f2C@9tYk*1hP", None),
    (_AUTH, "vulnerableapp:sql-comment-password", "x5B&3gHq+7vS", None),
    (_AUTH, "vulnerableapp:sql-comment-password", "m8D!4kLr#2jZ", None),
    (_AUTH, "vulnerableapp:sql-comment-strong-password", "q1W%6nTp^8vM", None),
    (_AUTH, "vulnerableapp:sql-comment-strong-password", "9fG#2hJk*LmN!8qR", None),
    (_AUTH, "vulnerableapp:sql-comment-weak-password", "sunshine", None),
    (_SESSION, "vulnerableapp:session-user-password", "AdminPassword@123", None),
    (_SESSION, "vulnerableapp:session-user-password", "MyPassword2026!", None),
    (_SESSION, "vulnerableapp:session-user-password", "attacker123", None),
    (_SESSION, "vulnerableapp:session-user-password", "password123", None),
    (_LDAP, "vulnerableapp:ldap-user-password", "alicePass123", None),
    (_LDAP, "vulnerableapp:ldap-user-password", "charliePass123", None),
    (_LDAP, "vulnerableapp:ldap-user-password", "antrikshPass123", None),
    ("src/main/java/org/sasanlabs/service/vulnerability/cryptographicFailures/repo/CryptographicFailuresSeeder.java", "vulnerableapp:aes-level-password", "aa123456", None),
    (f"{_RES}/application.properties", "vulnerableapp:smtp-password", "smtp_password", None),
    (f"{_RES}/scripts/CryptographicFailures/db/schema.sql", "vulnerableapp:h2-user-password", "cryptographic_failures_password", None),
    (f"{_RES}/application.properties", "vulnerableapp:pkcs12-password", "changeIt", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "AdminPassword@123": "words naming the value, digits counted in order",
    "MyPassword2026!": "words naming the value, a year",
    "attacker123": "the role's name and digits counted in order",
    "password123": "the word password and digits counted in order",
    "alicePass123": "a name, the word pass, digits counted in order",
    "charliePass123": "a name, the word pass, digits counted in order",
    "antrikshPass123": "a name, the word pass, digits counted in order",
    "aa123456": "digits counted in order",
    "smtp_password": "words naming the value",
    "cryptographic_failures_password": "words naming the value",
    "changeIt": "the JDK keystore's default password, a placeholder",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # the key export's attributes, the certificate
    (_KEY, "vulnerableapp-fp:identifier", "localKeyID: 54 69 6D 65 20 31 35 38 31 32 33 35 36 32 35 30 30 33"),
    (_KEY, "vulnerableapp-fp:identifier", "friendlyName: sasanlabs"),
    (f"{_RES}/static/templates/JWTVulnerability/keys/public_crt.pem", "vulnerableapp-fp:certificate", "-----BEGIN CERTIFICATE-----\nMIIDozCCAougAwIBAgIEPEs6XjANBgkqhkiG9w0BAQsFADCBgTELMAkGA1UEBhMC"),
    (f"{_RES}/application.properties", "vulnerableapp-fp:comment", "#keytool -genkeypair -alias SasanLabs -keyalg RSA -keysize 2048 -storetype PKCS12 -keystore sasanlabs.p12 -validity 3650"),
    # credentials from the environment, CI secrets
    (f"{_RES}/application-public.properties", "vulnerableapp-fp:reference", "spring.datasource.admin.password=${DB_ADMIN_PASSWORD}"),
    (f"{_RES}/application-public.properties", "vulnerableapp-fp:reference", "spring.datasource.application.password=${DB_APP_PASSWORD}"),
    (f"{_RES}/application-public.properties", "vulnerableapp-fp:reference", "spring.mail.password=${SMTP_PASSWORD}"),
    ("docker-compose.prod.yml", "vulnerableapp-fp:reference", "- SMTP_PASSWORD=${SMTP_PASSWORD:-}"),
    ("docker-compose.prod.yml", "vulnerableapp-fp:reference", "- DB_ADMIN_PASSWORD=${DB_ADMIN_PASSWORD}"),
    ("scripts/productionize/startup_script.sh", "vulnerableapp-fp:generator", "DB_APP_PASSWORD=$(generate_password)"),
    ("scripts/productionize/startup_script.bat", "vulnerableapp-fp:reference", "echo DB_ADMIN_PASSWORD=%DB_ADMIN_PASSWORD%"),
    (".github/workflows/docker.yml", "vulnerableapp-fp:reference", "password: ${{ secrets.DOCKER_PASSWORD }}"),
    (".github/workflows/docker.yml", "vulnerableapp-fp:reference", 'repo-token: "${{ secrets.GITHUB_TOKEN }}"'),
    (".github/workflows/gradle.yml", "vulnerableapp-fp:reference", "token: ${{ secrets.CODECOV_TOKEN }}"),
    (".github/workflows/stats.yml", "vulnerableapp-fp:reference", "TOKEN: ${{ secrets.GH_TRAFFIC_TOKEN }}"),
    (".github/workflows/stats.yml", "vulnerableapp-fp:reference", 'git push "https://preetkaran20:${TOKEN}@github.com/SasanLabs/VulnerableApp.git" HEAD:master'),
    # identifiers, configuration, code, test digests
    (f"{_RES}/application.properties", "vulnerableapp-fp:identifier", "gistId.sasanlabs.projects=bbf2e2183b8f6252061663ce0ddee79b"),
    (f"{_RES}/application.properties", "vulnerableapp-fp:config", "spring.mail.username=smtp_hacker"),
    (f"{_RES}/application.properties", "vulnerableapp-fp:config", "spring.datasource.admin.url=jdbc:h2:mem:testdb"),
    (f"{_RES}/application.properties", "vulnerableapp-fp:config", "benchmark.sast.ground-truth.path=classpath:scanner/sast/expectedIssues.csv"),
    (f"{_RES}/application-unsafe.properties", "vulnerableapp-fp:config", "spring.datasource.admin.username=admin"),
    (_AUTH, "vulnerableapp-fp:comment", "-- Level 8: Weak Password + Bcrypt (password123)"),
    (_SESSION, "vulnerableapp-fp:config", "INSERT INTO session_users VALUES (1, 'Session', 'User', 'session_user', 'password123', 'USER', FALSE);"),
    (_LDAP, "vulnerableapp-fp:reference", 'String salt = UUID.randomUUID().toString().substring(0, 8);'),
    (_LDAP, "vulnerableapp-fp:reference", '"userPassword: " + storedPassword);'),
    (_LDAP, "vulnerableapp-fp:config", 'new InMemoryDirectoryServerConfig("dc=sasanlabs,dc=org");'),
    ("src/main/java/org/sasanlabs/service/vulnerability/cryptographicFailures/repo/CryptographicFailuresSeeder.java", "vulnerableapp-fp:alphabet", 'private final String CHARSET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";'),
    ("src/main/java/org/sasanlabs/service/vulnerability/cryptographicFailures/repo/CryptographicFailuresSeeder.java", "vulnerableapp-fp:reference", 'new VaultEntity(7, PasswordHashingUtils.sha1Hex(genPassword(10)), "SHA-1"));'),
    ("src/main/java/org/sasanlabs/internal/utility/EncryptionUtils.java", "vulnerableapp-fp:reference", 'SecretKeyFactory factory = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256");'),
    ("src/test/java/org/sasanlabs/internal/utility/PasswordHashingUtilsTest.java", "vulnerableapp-fp:digest", 'String expected = "fc7b71b67e964466cec486ab12f4b558";'),
    ("src/test/java/org/sasanlabs/internal/utility/PasswordHashingUtilsTest.java", "vulnerableapp-fp:digest", 'String expected = "5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8";'),
    ("src/main/java/org/sasanlabs/service/email/EmailServiceImpl.java", "vulnerableapp-fp:config", 'private static final String RESET_PASSWORD_PATH = "/reset-password?token=";'),
    ("src/main/java/org/sasanlabs/service/vulnerability/idor/IDORVulnerability.java", "vulnerableapp-fp:config", 'private static final String COOKIE_TOKEN_LEVEL_1 = "token_level1";'),
)  # fmt: skip

# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""OWASP Security Shepherd, for the ``fresh13`` split (``fresh13.py`` reads and writes).

``OWASP/SecurityShepherd`` is a web and mobile security training platform (Java servlets on
Tomcat, MariaDB, MongoDB, and a set of Android challenge apps under ``src/MobileShepherd/``).
Each web challenge reads its own database account from a properties file
(``src/main/resources/challenges/*.properties``: ``databasePassword=``), and the module schema
(``src/main/resources/database/moduleSchemas.sql``) creates those accounts (``CREATE USER …
IDENTIFIED BY``) and seeds the challenges' users with their passwords; the Docker setup's
``.env`` sets the database root and keystore password; a servlet hard-codes its XOR key
(``servlets/OneTimePad.java``); the Android apps hard-code the SQLCipher passwords of their
databases (``CSInjection*``), the password a reverse-engineering app accepts
(``ReverseEngineer2``), an API key (``UntrustedInput``) and a password written to shared
preferences (``InsecureData3``). The files were read at ``HEAD`` and each value is cited by
the first line holding it; a value a properties file and the schema both hold (the account's
password) is listed once, where the schema creates the account or the properties file names
it.

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: Compose settings and build
arguments filled from ``.env``, a certificate subject, a keystore's file name, connection
names and options, a grant without a password, a stored procedure taking a hash, CSRF token
names, empty SAML settings, references to the key and the stored password, a log file's
hex name, empty form parameters, a hex-encoded conversation (the broken-crypto app's first
message, which holds no key).

``NO_SECRET``: the XXE lessons' solution keys (``fileSystemKeys.properties``: CTF result keys,
as ``fresh11`` reads CTF flags) and the BrokenCrypto3 app's ``Pa88w0rd1234`` (the word password
and digits in order). Listed and dropped by the filters: ``ch3fBrownSa4useIsS00000Go0d`` (a
sign five times in a row, ``fresh2``'s placeholder filter), ``B4ndkm.M98n`` and
``9s31iusd-n`` (over 3 per kind). Left out without a row: the other result keys (in the
seeded rows' comment and message columns and in the apps' strings), the BrokenCrypto app's
fifth message (hex of a sentence that gives a result key), the seeded users' ``default``, ``guest`` and ``password``, the
``GRANT … IDENTIFIED BY 'password'`` lines, ``.env``'s ``TEST_MYSQL_PASSWORD=password``, the
admin's seeded password written with an escaped quote (``98y\\'98hsadsoi…``), the
``CSInjection`` app's ``A3B922DF010PQSI827`` (compared as a value it refuses, beside empty
fields: read as no credential), the security answers of the session-management challenges
(people's names), the ``FireStoneElectric`` key the reverse-engineering app reveals (a result
key), the MD5 the fourth reverse-engineering app compares with, the Android build trees.

Doubtful labels, kept: ``CowSaysMoo`` (three words, the root and keystore password of every
Docker install), ``SuperKalaFragalisticExpeAloDocious`` (a word, the servlet's XOR key),
``qazwsx4562`` (a keyboard walk and digits); the SQL-created passwords that read as words
(``4gainst3ngl4nd``, ``youMomaSoTh1n``), kept as written in leet.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/OWASP+SecurityShepherd/repo")
REPO = "OWASP/SecurityShepherd"

_CHAL = "src/main/resources/challenges/"
_SCHEMA = "src/main/resources/database/moduleSchemas.sql"
_M = "src/MobileShepherd/"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (".env", "security-shepherd:env-db-password", "CowSaysMoo", None),
    (_CHAL + "SecurityMisconfigStealToken.properties", "security-shepherd:challenge-properties-db-password", "87SDO63yUN.", None),
    (_CHAL + "SqlChallengeStoredProc.properties", "security-shepherd:challenge-properties-db-password", "k61dSmsM*8n", None),
    (_CHAL + "SqlChallengeEscape.properties", "security-shepherd:challenge-properties-db-password", "auoi@7723dj", None),
    (_CHAL + "directObjectBank.properties", "security-shepherd:challenge-properties-db-password", "B4ndkm.M98n", None),
    (_CHAL + "CryptoChallengeShop.properties", "security-shepherd:challenge-properties-db-password", "9s31iusd-n", None),
    (_SCHEMA, "security-shepherd:sql-create-user-password", "ch3fBrownSa4useIsS00000Go0d", None),
    (_SCHEMA, "security-shepherd:sql-create-user-password", "4gainst3ngl4nd", None),
    (_SCHEMA, "security-shepherd:sql-create-user-password", "youMomaSoTh1n", None),
    (_SCHEMA, "security-shepherd:sql-create-user-password", "1nforma1ion", None),
    (_SCHEMA, "security-shepherd:sql-seed-user-password", "87i2ueeu2ndsedssda", None),
    (_SCHEMA, "security-shepherd:sql-seed-user-password", "!148972hsfalkjlkfi381", None),
    (_SCHEMA, "security-shepherd:sql-seed-user-password", "!14897-hs.alNj.kFim81", None),
    ("src/main/java/servlets/OneTimePad.java", "security-shepherd:servlet-xor-key", "SuperKalaFragalisticExpeAloDocious", None),
    (_M + "CSInjection/app/src/main/java/com/mobshep/csinjection/CSInjection.java", "security-shepherd:android-sqlcipher-password", "37e44d547f20a9f3ca9ac7d625486b7b", None),
    (_M + "CSInjection1/app/src/main/java/com/mobshep/csinjection1/CSInjection1.java", "security-shepherd:android-sqlcipher-password", "P93Eid3D33DE0ZanbffGpo101Sirjw2", None),
    (_M + "CSInjection2/app/src/main/java/com/mobshep/csinjection2/CSInjection2.java", "security-shepherd:android-sqlcipher-password", "n483jd843hyj23kd032kjdw92", None),
    (_M + "BrokenCrypto3/app/src/main/java/com/mobshep/brokencrypto3/BrokenCrypto3.java", "security-shepherd:android-sqlcipher-password", "Pa88w0rd1234", None),
    (_M + "ReverseEngineer2/app/src/main/java/com/mobshep/reverseengineer2/Triangle.java", "security-shepherd:android-hardcoded-password", "huyfr65rtgydedsjk09y76tr", None),
    (_M + "InsecureData3/app/src/main/java/com/mobshep/insecuredata3/MainActivity.java", "security-shepherd:android-shared-prefs-password", "qazwsx4562", None),
    (_M + "UntrustedInput/app/src/main/java/com/mobshep/untrustedinput/admin.java", "security-shepherd:android-api-key", "d73959d5dd1dda7ccf675f7f883d6acb6737d5fb", None),
    ("src/main/resources/fileSystemKeys.properties", "security-shepherd:xxe-solution-key", "c8c232cd8e3abdfea3fcef24379415a65e00ac197af09e82602e231aa3031879", None),
    ("src/main/resources/fileSystemKeys.properties", "security-shepherd:xxe-solution-key", "1016d6dce9f715e9eab4f3a884b3b316cfbba8fb4023c19f34c62bd936d5695b", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "c8c232cd8e3abdfea3fcef24379415a65e00ac197af09e82602e231aa3031879": "a CTF result key (the XXE lesson's solution)",
    "1016d6dce9f715e9eab4f3a884b3b316cfbba8fb4023c19f34c62bd936d5695b": "a CTF result key (the XXE challenge's solution)",
    "Pa88w0rd1234": "the word password, letters swapped for digits, and digits in order",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # Compose, .env and properties settings without a value of their own
    ("docker-compose.yml", "security-shepherd-fp:reference", "- MYSQL_ROOT_PASSWORD=${DB_PASS}"),
    ("docker-compose.yml", "security-shepherd-fp:reference", "TLS_KEYSTORE_PASS: ${TLS_KEYSTORE_PASS}"),
    ("docker-compose.yml", "security-shepherd-fp:config", "MARIADB_URI: jdbc:mariadb://${CONTAINER_MARIADB}:3306"),
    (".env", "security-shepherd-fp:config", "DNAME=cn=OwaspShepherd,ou=SecurityShepherd,o=OWASP,L=BaileÁthaCliath,ST=Laighin,C=IE"),
    (".env", "security-shepherd-fp:config", "TLS_KEYSTORE_FILE=shepherdKeystore.p12"),
    (_CHAL + "SqlChallengeOne.properties", "security-shepherd-fp:config", "databaseConnectionURL=SqlChalOne"),
    (_CHAL + "SecurityMisconfigStealToken.properties", "security-shepherd-fp:config", "databaseOptions=useUnicode=true&character_set_server=utf8mb4&noAccessToProcedureBodies=true&useInformationSchema=true"),
    ("src/main/resources/onelogin.saml.properties.sample", "security-shepherd-fp:config", "onelogin.saml2.sp.privatekey ="),
    ("src/main/resources/sso.properties.sample", "security-shepherd-fp:config", "sso.saml.userName="),
    # SQL and code around the passwords and keys
    (_SCHEMA, "security-shepherd-fp:config", "GRANT SELECT ON `SqlChalSix`.`users`  TO 'userLookUuuup'@'localhost';"),
    ("src/main/resources/database/coreSchema.sql", "security-shepherd-fp:reference", "CREATE PROCEDURE `core`.`userPasswordChange` (IN theUserName VARCHAR(32), IN newHash VARCHAR(191))"),
    ("src/main/java/dbProcs/Database.java", "security-shepherd-fp:reference", 'String challenge_connectionURL = prop.getProperty("databaseConnectionURL");'),
    ("src/main/java/servlets/OneTimePad.java", "security-shepherd-fp:reference", "org.apache.commons.codec.binary.Base64.encodeBase64String(xor(text.getBytes())).getBytes());"),
    ("src/main/java/servlets/module/challenge/CsrfChallengeTargetFour.java", "security-shepherd-fp:identifier", 'String csrfTokenName = "csrfChallengeFourNonce";'),
    ("src/main/java/servlets/module/challenge/CsrfChallengeTargetSix.java", "security-shepherd-fp:identifier", 'String csrfTokenName = "csrfChallengeSixNonce";'),
    (_M + "UntrustedInput/app/src/main/java/com/mobshep/untrustedinput/admin.java", "security-shepherd-fp:reference", 'postParameters.add(new BasicNameValuePair("mobileKey", apiKey));'),
    (_M + "InsecureData3/app/src/main/java/com/mobshep/insecuredata3/MainActivity.java", "security-shepherd-fp:reference", 'String password = prefs.getString("Password", null);'),
    (_M + "InsufficientTLS2/src/com/mobshep/ITLS2/InsufficientTLS2.java", "security-shepherd-fp:config", 'String urlParameters = "uname=&pass=&key=";'),
    (_M + "UDataLeakage1/app/src/main/java/com/mobshep/UDataLeakage1/UDataLeakage1.java", "security-shepherd-fp:identifier", 'String filename = "Log0b10cb9b9244ce1e1cdc34";'),
    (_M + "BrokenCrypto/app/src/main/res/values/strings.xml", "security-shepherd-fp:encoded", '<string name="message1">48656c6c6f2c20686f772061726520796f753f2057652061726520686f6c64696e67206120636f6d7065746974696f6e2c2077686f657665722063616e2067657420746865206b65792066726f6d207468697320636f6e766572736174696f6e2077696c6c2077696e2074686520636f6d7065746974696f6e</string>'),
)  # fmt: skip

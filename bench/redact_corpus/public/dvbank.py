# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Damn Vulnerable Bank, for the ``fresh21`` split (``fresh21.py`` reads and writes).

``rewanthtammana/Damn-Vulnerable-Bank`` is an intentionally vulnerable Android banking app and
the Express/MySQL API behind it, with a guide (``guide/``) that walks through each attack. Its
secrets sit where such a project puts them: the Firebase API key in the app's
``google-services.json``; and, in the guide's first exploit, the bearer JWT the author's
intercepted request carried (``guide/exploits/exploit-1.md``). The backend, its compose file,
config, SQL seed and Postman collection, the app's Java sources and resources, and the guide
were read at ``HEAD`` (the APKs and images are binaries); each value is cited by the first line
holding it, in the file named.

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: the Firebase file's public
identifiers (OAuth client id, app id, database URL), code passing the database password
and the XOR key by name, the authorization header's parsing, the Postman collection's
``{{USER_JWT}}`` template, a guide's ciphertext of a balance response (XOR with the app's key,
base64: it decodes to ``{"status":…,"data":{"balance":10000,…}}``), keystore commands without a
password, a README line naming the password field.

``NO_SECRET``: the seed users' ``password1`` (the word password and a counted digit; their
``password2`` to ``password4`` and the compose file's ``password`` need no row). Left out without
a row: values under 8 signs (the XOR key ``amazing``, the JWT key ``secret``, ``admin``).

Doubtful labels, kept: the guide's JWT (one past session of ``user1``, signed with the key
``secret``, but a bearer token in its exact form).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/rewanthtammana+Damn-Vulnerable-Bank/repo")
REPO = "rewanthtammana/Damn-Vulnerable-Bank"

_GS = "DamnVulnerableBank/app/google-services.json"
_JAVA = "DamnVulnerableBank/app/src/main/java/com/app/damnvulnerablebank/"
_API = "BackendServer/"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_GS, "dvbank:firebase-api-key", "AIzaSyBbOHG6DDa6DOcRGEg57mw9nXYXcw6la3c", None),
    ("guide/exploits/exploit-1.md", "dvbank:guide-session-jwt", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VybmFtZSI6InVzZXIxIiwiaXNfYWRtaW4iOmZhbHNlLCJpYXQiOjE2MjMzMzU4NDV9.lHjjBagQ2OYREBBDl0LXUNLNn1nD6nI4KMxgFlfXRWU", None),
    # read as no secret (NO_SECRET)
    (_API + "database/schema+data.sql", "dvbank:seed-user-password", "password1", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "password1": "the word password and a counted digit",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # the Firebase file's public identifiers
    (_GS, "dvbank-fp:identifier", '"client_id": "932398433474-59j4a17sqbf1r9m1f2eqqlreo6a5qsmt.apps.googleusercontent.com",'),
    (_GS, "dvbank-fp:identifier", '"mobilesdk_app_id": "1:932398433474:android:64f0cff260d1f223f3675b",'),
    (_GS, "dvbank-fp:url", '"firebase_url": "https://damn-vulnerable-bank.firebaseio.com",'),
    # the API passing keys and tokens by name
    (_API + "models/index.js", "dvbank-fp:reference", "sequelize = new Sequelize(config.database, config.username, config.password, config);"),
    (_API + "middlewares/validateToken.js", "dvbank-fp:reference", 'const authHeader = req.headers["authorization"];'),
    (_API + "middlewares/validateToken.js", "dvbank-fp:reference", 'const token = authHeader && authHeader.split(" ")[1];'),
    (_API + "middlewares/crypt.js", "dvbank-fp:reference", "const SECRET_LENGTH = SECRET.length;"),
    (_API + "middlewares/crypt.js", "dvbank-fp:reference", "result += String.fromCharCode(input.charCodeAt(i)^SECRET.charCodeAt(i%SECRET_LENGTH));"),
    (_API + "docker-compose.yml", "dvbank-fp:config", "command: --default-authentication-plugin=mysql_native_password"),
    (_API + "dvba.postman_collection.json", "dvbank-fp:template", '"value": "Bearer {{USER_JWT}}",'),
    (_API + "docs/README.md", "dvbank-fp:text", "- Update mysql configuration (username, password fields) in `development` object `config/config.json`"),
    # the app's code
    (_JAVA + "EncryptDecrypt.java", "dvbank-fp:reference", "static public int secretLength = secret.length();"),
    (_JAVA + "BankLogin.java", "dvbank-fp:reference", 'requestData.put("password",password);'),
    (_JAVA + "BankLogin.java", "dvbank-fp:reference", 'sharedPreferences.edit().putString("accesstoken",accessToken).apply();'),
    (_JAVA + "AddBeneficiary.java", "dvbank-fp:reference", 'final String retrivedToken  = sharedPreferences.getString("accesstoken",null);'),
    # the guide
    ("guide/footprinting/crypto.md", "dvbank-fp:ciphertext", '{"enc_data":"Gk8SDggaEhJPWwFLDQgFCENAW15XTU8MHxodBgYIQ0BLPRICDgQJGkwaTU8FGx0PRVsWQxgIAgYPDgRYU19XUV1RVksPBAICFBQdMQkUAAMfG0xdUllQQlFdGhw="}'),
    ("guide/installation/bypass/gpu-detection.md", "dvbank-fp:command", "keytool -genkey -v -keystore my-release-key.keystore -alias dvba-no-gpu -keyalg RSA -keysize 2048 -validity 10000"),
    ("guide/installation/bypass/gpu-detection.md", "dvbank-fp:command", "jarsigner -verbose -sigalg SHA1withRSA -digestalg SHA1 -keystore my-release-key.keystore dvba-no-gpu.apk dvba-no-gpu"),
)  # fmt: skip

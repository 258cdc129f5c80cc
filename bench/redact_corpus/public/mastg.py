# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""OWASP MASTG Hacking Playground, for the ``fresh21`` split (``fresh21.py`` reads and writes).

``OWASP/MASTG-Hacking-Playground`` holds the vulnerable apps of OWASP's Mobile Application
Security Testing Guide: a Java Android app (``Android/MSTG-Android-Java-App``), a Kotlin one, an
iOS JWT app and the Rails API they log into (``Serverside/rails-api-original``). Its secrets sit
where such projects put them: Rails' ``secret_key_base`` for development and test in
``config/secrets.yml``; the crash reporter's (ACRA's) basic-auth credential for a Cloudant
endpoint and a Fabric API key in the Java app's ``MyApplication.java`` and manifest; the raw
AES and HMAC keys of the memory challenge, a ``key:key`` pair of base64
(``OMTG_DATAST_011_Memory.java``); and, in the Rails API's README, the ``auth_token`` of a
recorded sign-up. The apps' sources, resources, manifests and workflows, the Rails app and the
iOS Swift were read at ``HEAD`` (APKs, keystores and the Frida gadget are binaries); each value
is cited by the first line holding it, in the file named (the ACRA value, login and password
alike, by its password line).

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: production's
``secret_key_base`` read from the environment, the commented ``api_key: a1B2c3D4e5F6`` example,
the commented HMAC line and the decode by name, CI's ``${{ secrets.… }}`` signing inputs, the
README's ``paste_your_auth_token_here``, the crash endpoint's URL, the manifest's key name, the
memory challenge's ciphertext (IV, MAC and ciphertext in base64) and its key loading, a bearer
header built by reference, the API's URL, a certificate's first line, an SQL schema.

``NO_SECRET``: ``L33tS3cr3t`` and ``S3cr3tString!!!`` (secret in leet), ``supersecret`` (words
naming the value), ``AdminPass`` and ``AdminPassEnc`` (the role and the word pass),
``masterAccessCode123`` (words naming the value and counted digits), ``debugPass`` (a role and
the word pass). Left out without a row: the JWT key ``12341234`` (counted digits, four signs),
``test1234``, ``foobar``, ``1234``.

Doubtful labels, kept: the README's JWT (one past session of a demo sign-up, expired, signed
with ``12341234``, but a bearer token in its exact form); the ACRA credential (one value given
as both login and password, for a crash-report store of the authors').
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/OWASP+MASTG-Hacking-Playground/repo")
REPO = "OWASP/MASTG-Hacking-Playground"

_RAILS = "Serverside/rails-api-original/"
_JAVA = "Android/MSTG-Android-Java-App/app/src/main/"
_OMTG = _JAVA + "java/sg/vp/owasp_mobile/OMTG_Android/"
_IOS = "iOS/MSTG-JWT/MSTG-JWT/"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_RAILS + "config/secrets.yml", "mastg:rails-secret-key-base", "b51fcbce20229b20146895b13479f0dfb53d56fa87be7dd921ea7d30f5da68af484271b930538af92eddbe0804e487ef7829d9da7b8009d5664fab957a32bf58", None),
    (_RAILS + "config/secrets.yml", "mastg:rails-secret-key-base", "50c12a67c2a96b9b42725401b28174a26fbfa019e2c1a4e0526be2b438df3c941af44bffdb798a5c9cf059f16d0544e6d8f05eda1bce6b5597e37ff382c771aa", None),
    (_OMTG + "MyApplication.java", "mastg:acra-basic-auth-password", "MmHZOqxAdT0mWSmXddYBdLPDo", 'formUriBasicAuthPassword = "MmHZOqxAdT0mWSmXddYBdLPDo",'),
    (_JAVA + "AndroidManifest.xml", "mastg:fabric-api-key", "489d9b39abe9f529a26895bb10637d445c94f29d", None),
    (_OMTG + "OMTG_DATAST_011_Memory.java", "mastg:aes-hmac-raw-keys", "4zInk+d4jlQ3m1B1ELctxg==:4aZtzwpbniebvM7yC4/GIa2ZmJpSzqrAFtVk91Rm+Q4=", None),
    (_RAILS + "README.md", "mastg:readme-auth-jwt", "eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyX2lkIjo2LCJleHAiOjE1MTI1Mzk5MzF9.2BF5UVKk_FvfZtUQ4E2sT7uWqMCDhAqMRvFnqsqJ4PQ", None),
    # read as no secret (NO_SECRET)
    (_OMTG + "OMTG_DATAST_001_ExternalStorage.java", "mastg:file-password", "L33tS3cr3t", None),
    ("Android/MSTG-Android-Java-App/app/src/main/jni/native.c", "mastg:native-db-key", "S3cr3tString!!!", None),
    (_OMTG + "OMTG_DATAST_001_SharedPreferences.java", "mastg:prefs-password", "supersecret", None),
    (_OMTG + "OMTG_CODING_003_SQL_Injection.java", "mastg:seed-admin-password", "AdminPass", None),
    (_OMTG + "OMTG_DATAST_001_SQLite_Encrypted.java", "mastg:seed-admin-password", "AdminPassEnc", None),
    (_IOS + "CreateSensitiveData.swift", "mastg:keychain-passcode", "masterAccessCode123", None),
    (_IOS + "CreateSensitiveData.swift", "mastg:plist-password", "debugPass", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "L33tS3cr3t": "secret in leet",
    "S3cr3tString!!!": "secret string in leet",
    "supersecret": "words naming the value",
    "AdminPass": "the role and the word pass",
    "AdminPassEnc": "the role, the word pass and what the lab does with it",
    "masterAccessCode123": "words naming the value and counted digits",
    "debugPass": "a role and the word pass",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # the Rails API
    (_RAILS + "config/secrets.yml", "mastg-fp:reference", 'secret_key_base: <%= ENV["SECRET_KEY_BASE"] %>'),
    (_RAILS + "config/secrets.yml", "mastg-fp:placeholder", "#   api_key: a1B2c3D4e5F6"),
    (_RAILS + "app/lib/json_web_token.rb", "mastg-fp:reference", "#HMAC_SECRET = Rails.application.secrets.secret_key_base"),
    (_RAILS + "app/lib/json_web_token.rb", "mastg-fp:reference", "body = JWT.decode(token, KEY)[0]"),
    (_RAILS + "README.md", "mastg-fp:placeholder", "$ http POST :/todos title='My first to do' Authorization:'paste_your_auth_token_here'"),
    # CI
    (".github/workflows/main.yml", "mastg-fp:reference", "keyStorePassword: ${{ secrets.SIGNING_STORE_PASSWORD }}"),
    (".github/workflows/main.yml", "mastg-fp:reference", "signingKey: ${{ secrets.KEYSTORE }}"),
    # the Java app
    (_OMTG + "MyApplication.java", "mastg-fp:url", 'formUri = "https://sushi2k.cloudant.com/acra/_design/acra-storage/_update/report",'),
    (_JAVA + "AndroidManifest.xml", "mastg-fp:config", 'android:name="io.fabric.ApiKey"'),
    (_OMTG + "OMTG_DATAST_011_Memory.java", "mastg-fp:ciphertext", 'String cipherTextString = "6WpfZkgKMJsPhHNhWoSpVg==:6/TgUCXrAuAa2lUMPWhx8hHOWjWEHFp3VIsz3Ws37ZU=:C0mWyNQjcf6n7eBSFzmkXqxdu55CjUOIc5qFw02aVIfQ1CI8axsHijTJ9ZW6ZfEE";'),
    (_OMTG + "OMTG_DATAST_011_Memory.java", "mastg-fp:reference", "privateKey = AesCbcWithIntegrity.keys(rawKeys);"),
    (_OMTG + "OMTG_DATAST_001_KeyStore.java", "mastg-fp:reference", "RSAPublicKey publicKey = (RSAPublicKey) privateKeyEntry.getCertificate().getPublicKey();"),
    (_OMTG + "OMTG_DATAST_001_SQLite_Encrypted.java", "mastg-fp:config", 'secureDB.execSQL("CREATE TABLE IF NOT EXISTS Accounts(Username VARCHAR,Password VARCHAR);");'),
    (_JAVA + "res/raw/certificate.pem", "mastg-fp:certificate", "MIIF8jCCBNqgAwIBAgIQDmTF+8I2reFLFyrrQceMsDANBgkqhkiG9w0BAQsFADBw"),
    # the Kotlin and iOS apps
    ("Android/MASTG-Android-Kotlin-App/app/src/main/java/owasp/mastgkotlin/MainActivity.kt", "mastg-fp:reference", 'token = json.obj().getString("auth_token")'),
    (_IOS + "CreateToDo.swift", "mastg-fp:reference", 'let Bearer = "Bearer " + JWT!'),
    (_IOS + "LoginViewController.swift", "mastg-fp:url", 'let URL_USER_LOGIN = "http://54.255.184.119:8181/auth/login"'),
    (_IOS + "LoginViewController.swift", "mastg-fp:reference", '"password":textFieldPassword.text!'),
)  # fmt: skip

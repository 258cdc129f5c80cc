# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Allsafe, for the ``fresh21`` split (``fresh21.py`` reads and writes).

``t0thkr1s/allsafe`` is an intentionally vulnerable Android app (Kotlin and Java, one native
library) whose challenges include "Hardcoded Credentials" and "Firebase Database". Its secrets
sit where an Android developer puts them: the Firebase API key in ``app/google-services.json``;
and, in ``res/values/strings.xml``, the key the deep-link challenge compares the link's ``key``
parameter with (a UUID). Every text file was read at ``HEAD`` (the Gradle wrapper jar, fonts and
images aside); each value is cited by the first line holding it, in the file named.

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: the Firebase file's public
identifiers, the donation addresses (a Bitcoin and an Ethereum address: public by design), the
certificate-pinning challenge's all-``A`` pin stand-in, code comparing and storing keys and
passwords by reference, the Firebase node's name, a README command grepping logs for a secret.

``NO_SECRET``: ``1nf053c4dv3n7ur3`` (the AES key: "infosecadventure", the author's blog, in
leet), ``supersecurepassword`` and ``supersecret`` (words naming the value),
``YWxsc2FmZV9kZXZfYWRtaW5fdG9rZW4=`` (the note receiver's ``auth_token``: base64 of
``allsafe_dev_admin_token``, the app's name and words naming the value), ``password123`` (the
word password and counted digits, in the dev URL ``https://admin:password123@…``).

Doubtful labels, kept: the deep-link key (a UUID, which is often an id, but here the shared
secret a link must carry).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/t0thkr1s+allsafe/repo")
REPO = "t0thkr1s/allsafe"

_GS = "app/google-services.json"
_SRC = "app/src/main/java/infosecadventures/allsafe/"
_CH = _SRC + "challenges/"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_GS, "allsafe:firebase-api-key", "AIzaSyDjteCQ0-ElkfBxVZIZmBfCSPNEYUYcK1g", None),
    ("app/src/main/res/values/strings.xml", "allsafe:deeplink-key", "ebfb7ff0-b2f6-41c8-bef3-4fba17be410c", None),
    # read as no secret (NO_SECRET)
    (_CH + "WeakCryptography.java", "allsafe:aes-key", "1nf053c4dv3n7ur3", None),
    (_CH + "HardcodedCredentials.kt", "allsafe:soap-password", "supersecurepassword", None),
    ("app/src/main/cpp/native_library.cpp", "allsafe:native-password", "supersecret", None),
    (_CH + "NoteReceiver.java", "allsafe:query-auth-token", "YWxsc2FmZV9kZXZfYWRtaW5fdG9rZW4=", None),
    ("app/src/main/res/values/strings.xml", "allsafe:dev-url-password", "password123", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "1nf053c4dv3n7ur3": "the author's blog's name in leet",
    "supersecurepassword": "words naming the value",
    "supersecret": "words naming the value",
    "YWxsc2FmZV9kZXZfYWRtaW5fdG9rZW4=": "base64 of the app's name and words naming the value",
    "password123": "the word password and counted digits",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (_GS, "allsafe-fp:identifier", '"client_id": "983632160629-4euaeuiqobk9pjufgq0nsl39kt1204pg.apps.googleusercontent.com",'),
    (_GS, "allsafe-fp:identifier", '"mobilesdk_app_id": "1:983632160629:android:d1d9132ddd988e7127553c",'),
    (_GS, "allsafe-fp:url", '"firebase_url": "https://allsafe-8cef0.firebaseio.com",'),
    (_SRC + "Contants.kt", "allsafe-fp:public-address", 'const val BTC_ADDRESS = "bc1qd44kvj6zatjgn27n45uxd3nprzt6rm9x9g2yc8"'),
    (_SRC + "Contants.kt", "allsafe-fp:public-address", 'const val ETH_ADDRESS = "0x1835a58E866a668C48Ee63d32432C7Fe28aF54b4"'),
    (_CH + "CertificatePinning.java", "allsafe-fp:placeholder", 'private static final String INVALID_HASH = "sha256/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";'),
    (_CH + "DeepLinkTask.java", "allsafe-fp:reference", 'if (data.getQueryParameter("key").equals(getString(R.string.key))) {'),
    (_CH + "FirebaseDatabase.kt", "allsafe-fp:identifier", 'val reference = database.reference.child("secret")'),
    (_CH + "InsecureLogging.java", "allsafe-fp:reference", 'Log.d("ALLSAFE", "User entered secret: " + secret.getText().toString());'),
    (_CH + "InsecureSharedPreferences.java", "allsafe-fp:reference", 'editor.putString("password", password.getText().toString());'),
    (_CH + "WeakCryptography.java", "allsafe-fp:reference", 'SecretKeySpec secretKeySpec = new SecretKeySpec(KEY.getBytes(StandardCharsets.UTF_8), "AES");'),
    (_CH + "NativeLibrary.kt", "allsafe-fp:reference", "private external fun checkPassword(password: String?): Boolean"),
    ("README.md", "allsafe-fp:command", "adb shell 'logcat --pid <pid> | grep secret'"),
)  # fmt: skip

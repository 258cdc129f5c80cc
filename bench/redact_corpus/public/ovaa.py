# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Oversecured Vulnerable Android App, for the ``fresh21`` split (``fresh21.py`` reads and
writes).

``oversecured/ovaa`` is Oversecured's intentionally vulnerable Android app (Java, one native
file). Its one random secret is the AES key ``WeakCrypto.java`` encrypts the user's
credentials with before it puts them into a URL's ``token`` parameter; the other, the
hard-coded dev endpoint's credentials in ``res/values/strings.xml``, is a word. Every text file
was read at ``HEAD``; each value is cited by the first line holding it, in the file named.

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: the token built by encrypting
the login data and the URL it is put into, the preference key and the content provider's column
names, the broadcast action named for credentials, the key spec built from the key by name,
the login data's ``email:password`` form, the README's deep link.

``NO_SECRET``: ``passw0rd`` (the word password in leet, in ``https://adm1n:passw0rd@…``).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/oversecured+ovaa/repo")
REPO = "oversecured/ovaa"

_SRC = "app/src/main/java/oversecured/ovaa/"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_SRC + "utils/WeakCrypto.java", "ovaa:aes-key", "49u5gh249gh24985ghf429gh4ch8f23f", None),
    # read as no secret (NO_SECRET)
    ("app/src/main/res/values/strings.xml", "ovaa:dev-url-password", "passw0rd", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "passw0rd": "the word password in leet",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (_SRC + "activities/MainActivity.java", "ovaa-fp:reference", 'i.putExtra("url", "http://example.com./?token=" + token);'),
    (_SRC + "activities/MainActivity.java", "ovaa-fp:reference", "String token = WeakCrypto.encrypt(loginData.toString());"),
    (_SRC + "utils/LoginUtils.java", "ovaa-fp:config", 'private static final String PASSWORD_KEY = "password";'),
    ("app/src/main/AndroidManifest.xml", "ovaa-fp:identifier", '<action android:name="oversecured.ovaa.action.UNPROTECTED_CREDENTIALS_DATA" />'),
    (_SRC + "providers/CredentialsProvider.java", "ovaa-fp:config", 'MatrixCursor cursor = new MatrixCursor(new String[]{"email", "password"});'),
    (_SRC + "utils/WeakCrypto.java", "ovaa-fp:reference", 'SecretKeySpec secretKeySpec = new SecretKeySpec(KEY.getBytes(), "AES");'),
    (_SRC + "objects/LoginData.java", "ovaa-fp:template", 'return email + ":" + password;'),
    ("README.md", "ovaa-fp:url", "oversecured://ovaa/login?url=http://evil.com/"),
)  # fmt: skip

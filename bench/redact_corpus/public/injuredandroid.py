# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""InjuredAndroid, for the ``fresh21`` split (``fresh21.py`` reads and writes).

``B3nac/InjuredAndroid`` is a capture-the-flag Android app (Kotlin, Java, a native library, a
Flutter module) with a walkthrough of its eighteen flags. Besides the flags, its secrets sit
where an Android developer puts them: the Firebase API key in
``InjuredAndroid/app/google-services.json``; and the two DES keys ``Hide.java`` keeps as base64
literals, with which ``VGV4dEVuY3J5cHRpb25Ud28.java`` decrypts and encrypts the hidden flags.
The app's sources and resources, the walkthrough, the Go helpers and the Flutter module's Dart
were read at ``HEAD`` (the native binaries and APK assets aside); each value is cited by the
first line holding it, in the file named.

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: the Firebase file's public
identifiers, the empty ``AWS_ID`` and ``AWS_SECRET`` strings, the walkthrough's stand-in for the
AWS keys ("look in strings.xml, not putting it here so AWS doesn't alert"), a ROT47-shifted URL,
a flag's DES ciphertext and a base64 hint ("The flag hash!"), the Firebase node and path names,
code fetching the keys and the stored password by name, an ``aws s3 ls`` command.

``NO_SECRET``: the CTF flags (``F1ag_thr33``, ``NF9vdmVyZG9uZV9vbWVsZXRz`` (base64 of flag four,
``4_overdone_omelets``), ``C10ud_S3cur1ty_lol``): the player's proof, not credentials. Left out
without a row: ``hunter2`` (a flag's password, under 8 signs), the flags' MD5 digest.

Doubtful labels, kept: the two DES keys (base64 of ``Captur3Th1s`` and ``{Captur3Th1sToo}``,
phrases in a flag's style, but the key material the app decrypts with).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/B3nac+InjuredAndroid/repo")
REPO = "B3nac/InjuredAndroid"

_GS = "InjuredAndroid/app/google-services.json"
_SRC = "InjuredAndroid/app/src/main/java/b3nac/injuredandroid/"
_WALK = "InjuredAndroid-FlagWalkthroughs.md"
_STR = "InjuredAndroid/app/src/main/res/values/strings.xml"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_GS, "injuredandroid:firebase-api-key", "AIzaSyCUImEIOSvqAswLqFak75xhskkB6illd7A", None),
    (_SRC + "Hide.java", "injuredandroid:des-key-base64", "Q2FwdHVyM1RoMXM=", None),
    (_SRC + "Hide.java", "injuredandroid:des-key-base64", "e0NhcHR1cjNUaDFzVG9vfQ==", None),
    # read as no secret (NO_SECRET)
    (_STR, "injuredandroid:resource-flag", "F1ag_thr33", None),
    (_SRC + "Decoder.java", "injuredandroid:encoded-flag", "NF9vdmVyZG9uZV9vbWVsZXRz", None),
    (_WALK, "injuredandroid:walkthrough-flag", "C10ud_S3cur1ty_lol", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "F1ag_thr33": "a CTF flag (the player's proof, not a credential)",
    "NF9vdmVyZG9uZV9vbWVsZXRz": "a CTF flag in base64",
    "C10ud_S3cur1ty_lol": "a CTF flag",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (_GS, "injuredandroid-fp:identifier", '"client_id": "430943006316-85ibmlobpn5p6c14b2keslrh5r6kgsn4.apps.googleusercontent.com",'),
    (_GS, "injuredandroid-fp:url", '"firebase_url": "https://injuredandroid.firebaseio.com",'),
    (_STR, "injuredandroid-fp:empty", '<string name="AWS_ID"></string>'),
    (_STR, "injuredandroid-fp:empty", '<string name="AWS_SECRET"></string>'),
    (_WALK, "injuredandroid-fp:placeholder", "aws_secret_access_key = lookinstrings.xmlnotputtingitheresoawsdoesn'talert"),
    (_WALK, "injuredandroid-fp:command", "aws s3 ls s3://injuredandroid --profile injuredandroid"),
    (_SRC + "Hide.java", "injuredandroid-fp:obfuscated", 'private static String remoteUrl = "9EEADi^^:?;FC652?5C@:5]7:C632D6:@]4@>^DB=:E6];D@?";'),
    (_SRC + "FlagSixLoginActivity.kt", "injuredandroid-fp:ciphertext", 'if (post == VGV4dEVuY3J5cHRpb25Ud28.decrypt("k3FElEG9lnoWbOateGhj5pX6QsXRNJKh///8Jxi8KXW7iDpk2xRxhQ==")) {'),
    (_SRC + "FlagSevenSqliteActivity.kt", "injuredandroid-fp:encoded-text", 'val decode = Base64.decode("VGhlIGZsYWcgaGFzaCE=", 0)'),
    (_SRC + "FlagSevenSqliteActivity.kt", "injuredandroid-fp:reference", 'val flagSevenPassword = secure.getString("flagSevenPasswordEncrypted", "")'),
    (_SRC + "FlagNineFirebaseActivity.kt", "injuredandroid-fp:encoded-text", 'val directory = "ZmxhZ3Mv"'),
    (_SRC + "FlagEightLoginActivity.kt", "injuredandroid-fp:identifier", 'var childRef = database.child("/aws")'),
    (_SRC + "SecureSharedPrefs.kt", "injuredandroid-fp:identifier", 'private val preferencesName = "b3nac.injuredandroid.encrypted"'),
    (_SRC + "VGV4dEVuY3J5cHRpb25Ud28.java", "injuredandroid-fp:reference", "private static final byte[] KEY = Hide.getKey();"),
    (_SRC + "VGV4dEVuY3J5cHRpb25Ud28.java", "injuredandroid-fp:reference", "DESKeySpec keySpec = new DESKeySpec(ANOTHERKEY);"),
)  # fmt: skip

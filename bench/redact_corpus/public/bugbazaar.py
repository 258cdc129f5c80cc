# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""BugBazaar, for the ``fresh21`` split (``fresh21.py`` reads and writes).

``payatu/BugBazaar`` is Payatu's vulnerable e-commerce Android app (Java, a native library),
with "Hardcoded secrets" among its listed flaws. Its secrets sit where an Android developer
puts them: the Firebase API key in ``app/google-services.json`` (one key, for both clients); and
the release keystore's store and key password in ``app/build.gradle``'s signing config. The
app's sources, resources, native code, Gradle files and the decompiled cache the authors
committed under ``app/release/`` were read at ``HEAD`` (the APK, ``.so`` files and fonts are
binaries); each value is cited by the first line holding it, in the file named.

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: Razorpay's test key id (the
half of Razorpay's pair made to ship in the client's checkout), the keystore's file name and
alias, the Firebase file's OAuth client id and project id, the session parameter's name and
its value passed by reference, the XOR key's byte, the decompiled resource ids named for a
password and an API key, the checkout's prefilled phone stand-in.

``NO_SECRET``: ``BugBazaarSeccool`` and ``BugBazaarSec`` (the login password and its native
form: the app's name and "Sec cool"). Left out without a row: the Cloudinary name, key and
secret ``AppConstants.java`` keeps XOR-obfuscated (the literals are not the values; neither
label fits), ``admin``.

Doubtful labels, kept: ``ved$$9090`` (the author's name, two signs and a digit pair said twice,
but the release signing password as the build gives it).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/payatu+BugBazaar/repo")
REPO = "payatu/BugBazaar"

_GS = "app/google-services.json"
_SRC = "app/src/main/java/com/BugBazaar/"
_R = "app/release/BugBazaar_v1.1.apk.cache/sources/6e/0000116e.java"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_GS, "bugbazaar:firebase-api-key", "AIzaSyDOx8mTnKN6LiCVh7bCjAvGqrx4QCd9AHk", None),
    ("app/build.gradle", "bugbazaar:keystore-password", "ved$$9090", None),
    # read as no secret (NO_SECRET)
    ("app/src/main/res/values/strings.xml", "bugbazaar:resource-password", "BugBazaarSeccool", None),
    ("app/src/main/cpp/BugBazaar.cpp", "bugbazaar:native-password", "BugBazaarSec", 'char password[] = "BugBazaarSec";'),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "BugBazaarSeccool": "the app's name and 'Sec cool'",
    "BugBazaarSec": "the app's name and 'Sec'",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (_SRC + "ui/Wallet.java", "bugbazaar-fp:public-key-id", 'checkout.setKeyID("rzp_test_YEExgm42Uvy0u1");'),
    (_SRC + "ui/Wallet.java", "bugbazaar-fp:placeholder", 'options.put("prefill.contact", "1234567890");'),
    ("app/build.gradle", "bugbazaar-fp:path", "storeFile file('vedant.jks')"),
    ("app/build.gradle", "bugbazaar-fp:identifier", "keyAlias 'vedant'"),
    (_GS, "bugbazaar-fp:identifier", '"client_id": "135771924448-e2786hjc5p8uhrcup3ig2fsepka3299i.apps.googleusercontent.com",'),
    (_GS, "bugbazaar-fp:identifier", '"project_id": "bugbazaar-cb1a1",'),
    (_SRC + "ExternalAuthLogin.java", "bugbazaar-fp:config", 'private static final String SESSION_QUERY_PARAM = "_sid_";'),
    (_SRC + "ExternalAuthLogin.java", "bugbazaar-fp:reference", "buildUpon.appendQueryParameter(SESSION_QUERY_PARAM, sessionManager.getUserToken());"),
    (_SRC + "Models/CredentialsLoader.java", "bugbazaar-fp:config", "private static final byte XOR_KEY = 0x55; //85"),
    (_R, "bugbazaar-fp:identifier", "public static int hardc0d3d_passw0rd = 0x7f130052;"),
    (_R, "bugbazaar-fp:identifier", "public static int google_api_key = 0x7f13004e;"),
)  # fmt: skip

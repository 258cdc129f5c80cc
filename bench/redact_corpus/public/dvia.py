# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Damn Vulnerable iOS App v2, for the ``fresh21`` split (``fresh21.py`` reads and writes).

``prateek147/DVIA-v2`` is an intentionally vulnerable iOS app in Swift (with Objective-C
helpers and CocoaPods). Its secrets sit where an iOS developer puts them: the Flurry analytics
API key passed to ``Flurry.startSession`` in ``AppDelegate.swift``; the password RNCryptor
encrypts the broken-cryptography challenge's data with; the password the runtime-manipulation
challenge compares the typed one with; and the credentials the sensitive-information-in-memory
challenge holds in its fields. The app's Swift, Objective-C, plists and project files were read
at ``HEAD`` (``Pods/``, the vendored CocoaLumberjack and the ``.ipa`` aside); each value is
cited by the first line holding it, in the file named.

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: the pinned public key's digest,
the cookie challenge's site URL and cookie name, the PBKDF2 challenge's salt bytes and call, a
breakpoint's symbol name, the storage challenges' writes of a typed password by reference, the
memory challenge's concatenation, an encrypted file's path.

``NO_SECRET``: ``This!sA5Ecret`` (the application-patching challenge's password: "this is a
secret" in leet), ``dvpassword`` (the cookie challenge's: the app's initials and the word
password). Left out without a row: the user names (``admin13412``, ``edhillary``), ``8848``.

Doubtful labels, kept: ``S@g@rm@7h@8848`` (Everest's Nepali name in leet and its height),
``ev8848@1953`` and ``tenzinnorgay`` (Everest's height and first ascent, and a climber's name):
guessable by a theme, but the passwords the challenges compare or hold.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/prateek147+DVIA-v2/repo")
REPO = "prateek147/DVIA-v2"

_APP = "DVIA-v2/DVIA-v2/"
_V = _APP + "Vulnerabilities/"
_MEM = (
    _V
    + "Sensitive Information in Memory/Controller/SensitiveInformationInMemoryDetailsViewController.swift"
)
_CRYPTO = _V + "Broken Cryptography/Controller/"
_SIDE = _V + "Side Channel Data Leakage/Controller/"
_STORE = _V + "Insecure Data Storage/Controller/"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_APP + "AppDelegate.swift", "dvia-v2:flurry-api-key", "8RM5WHP628853HQXFKDX", None),
    (_CRYPTO + "BrokenCryptographyDetailsViewController.swift", "dvia-v2:rncryptor-password", "@daloq3as$qweasdlasasjdnj", None),
    (_V + "Runtime Manipulation/Controller/RuntimeManipulationDetailsViewController.swift", "dvia-v2:view-compared-password", "S@g@rm@7h@8848", None),
    (_MEM, "dvia-v2:in-memory-password", "ev8848@1953", None),
    (_MEM, "dvia-v2:in-memory-password", "tenzinnorgay", None),
    # read as no secret (NO_SECRET)
    (_V + "Application Patching/Controller/ApplicationPatchingDetailsViewController.swift", "dvia-v2:view-compared-password", "This!sA5Ecret", None),
    (_SIDE + "CookiesViewController.swift", "dvia-v2:cookie-password", "dvpassword", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "This!sA5Ecret": "'this is a secret' in leet",
    "dvpassword": "the app's initials and the word password",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (_V + "Transport Layer Protection/Controller/TransportLayerProtectionViewController.swift", "dvia-v2-fp:public-key-pin", 'let pinnedPublicKeyHash = "xmvvalwaPni4IBbhPzFPPMX6JbHlKqua257FmJsWWto="'),
    (_SIDE + "CookiesViewController.swift", "dvia-v2-fp:url", 'fileprivate let SiteURLString = "http://highaltitudehacks.com"'),
    (_SIDE + "Objective-C Methods/SetSharedCookies.m", "dvia-v2-fp:config", 'NSHTTPCookieName : @"password",'),
    (_SIDE + "DeviceLogsViewController.swift", "dvia-v2-fp:reference", 'user["password"] = passwordTextField.text'),
    (_CRYPTO + "BrokenCryptographyPinDetailsViewController.swift", "dvia-v2-fp:salt", "let salt = Data(bytes: [0x65, 0x62, 0x6f, 0xf2, 0xff, 0x44, 0x7a, 0xc6])"),
    (_CRYPTO + "BrokenCryptographyPinDetailsViewController.swift", "dvia-v2-fp:reference", "let encryptedData = pbkdf2(password:textField.text!, salt:salt, keyByteCount:keyByteCount, rounds:rounds)"),
    (_CRYPTO + "BrokenCryptographyPinDetailsViewController.swift", "dvia-v2-fp:path", 'appendingPathComponent("/v324dsa13qasd.enc")'),
    ("DVIA-v2/DVIA-v2.xcworkspace/xcuserdata/prateek.xcuserdatad/xcdebugger/Breakpoints_v2.xcbkptlist", "dvia-v2-fp:identifier", 'landmarkName = "pbkdf2(password:salt:keyByteCount:rounds:)"'),
    (_STORE + "PListViewController.swift", "dvia-v2-fp:reference", 'data.setValue(password, forKey: "password")'),
    (_STORE + "KeychainViewController.swift", "dvia-v2-fp:reference", 'bindings?.setObject(keychainTextField.text, forKey: "keychainValue")'),
    (_STORE + "YapDatabaseViewController.swift", "dvia-v2-fp:reference", 'transaction.setObject(password, forKey: "Password", inCollection: "DVIA")'),
    (_STORE + "CouchbaseLiteViewController.swift", "dvia-v2-fp:reference", 'let properties: [String: Any] = ["username": username, "password": password]'),
    (_MEM, "dvia-v2-fp:reference", "let concatenated = username + passwd + password"),
)  # fmt: skip

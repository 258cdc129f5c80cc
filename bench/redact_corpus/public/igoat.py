# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""OWASP iGoat-Swift, for the ``fresh13`` split (``fresh13.py`` reads and writes).

``OWASP/iGoat-Swift`` is a deliberately insecure iOS app (Swift) of exercises, with a small
server side (``server/``: a Ruby WEBrick server and PHP challenge endpoints). The app stores
what its local-storage exercises ask the player to dig out: a session cookie and its CSRF
token (``BinaryCookies/BinaryCookiesExerciseVC.swift``), the password a YapDatabase exercise
stores (``Yap/YapExerciseVC.swift``); the PHP endpoints hard-code the key the key-management
exercise fetches (``myapp/cryptoKey.php``), the key of the WebKit-cache exercise
(``myapp/webkit.php``) and the HMAC secret the crypto challenge's checkout verifies
(``myapp/checkout.php``); the server's two TLS private keys (the legitimate server's and
the hostile one's of the certificate-pinning exercise) sit beside their certificates. The
files were read at ``HEAD`` and each value is cited by the first line holding it (``anchor``,
else the value); a PEM key's value is its first line of key material, cited with the header.

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: the names the values are
stored under (``sessionKey``, ``CSRFtoken``, ``YapKeyPassword``), a URL named ``cryptoKey``,
the checksum (an HMAC digest the app sends with its message), a salt of the digits counted
in order, a SQLCipher key taken from the device id, a token request built
from variables, a form body with no value of its own, the server certificate and the code
reading the key files, lock-file checksums and Xcode object ids.

``NO_SECRET``: the plist's ``Secret@123`` (the word secret and digits in order), Core Data's
``coredbpassword``, the hard-coded-keys exercise's ``myencrytionkey`` and ``b@nkP@ssword123``
(words naming the value), the key-storage exercise's ``SecretPass`` (words naming the value).
Left out without a row: values under 8 signs (the keychain exercise's ``taoGi``, the
binary-patching exercise's ``root``, the Ruby server's ``igoat``), the checkout's flag
(``BuG@2@i7}``, a CTF flag), the brute-force exercise's SHA-256 of a PIN (a digest of four
digits), the Realm exercise's test card number (personal data, not a credential), the binary
``.ipa`` and ``.sqlite`` files.

Doubtful labels, kept: the CSRF token (an anti-forgery value bound to a session, not a
credential alone, but the exercise stores it beside the session token as a secret to find),
``TheUnknown`` (two words), ``iG0@t_L0cK`` (the app's name and a word in leet, the key the
exercise fetches), ``66435@J0hn`` (digits and a name in leet, the WebKit-cache key).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/OWASP+iGoat-Swift/repo")
REPO = "OWASP/iGoat-Swift"

_EX = "iGoat-Swift/iGoat-Swift/Source/Exercises/"
_STORE = _EX + "InsecureLocalDataStorage/"
_COOKIES = _STORE + "BinaryCookies/BinaryCookiesExerciseVC.swift"
_KEYS = _EX + "Key Management/"
_PHP = "server/iGoat-Server-challenges/myapp/"
_RSA = "-----BEGIN RSA PRIVATE KEY-----\n"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_COOKIES, "igoat-swift:cookie-session-token", "dfr3kjsdf5jkjk420544kjkll", None),
    (_COOKIES, "igoat-swift:cookie-csrf-token", "fkdjkjxerioxicoxci3434", None),
    (_STORE + "Yap/YapExerciseVC.swift", "igoat-swift:yap-stored-password", "TheUnknown", None),
    (_STORE + "PlistStorage/Credentials.plist", "igoat-swift:plist-password", "Secret@123", None),
    (_STORE + "CoreData/CoreDataExerciseVC.swift", "igoat-swift:coredata-password", "coredbpassword", None),
    (_KEYS + "Hard Coded Keys/BrokenCryptographyExerciseVC.swift", "igoat-swift:hardcoded-encryption-key", "myencrytionkey", None),
    (_KEYS + "Hard Coded Keys/BrokenCryptographyExerciseVC.swift", "igoat-swift:hardcoded-password", "b@nkP@ssword123", None),
    (_KEYS + "Key Storage Server Side/KeyStorageServerSideVC.swift", "igoat-swift:hardcoded-password", "SecretPass", None),
    (_PHP + "cryptoKey.php", "igoat-swift:server-php-key", "iG0@t_L0cK", None),
    (_PHP + "webkit.php", "igoat-swift:server-php-key", "66435@J0hn", None),
    (_PHP + "checkout.php", "igoat-swift:server-php-hmac-secret", "H@cKIm_2@15*nu11(0N", None),
    ("server/legitimateServers.private.key", "igoat-swift:server-tls-private-key", "MIICXgIBAAKBgQC46pDLMdhYqbRnafJBzZvq+WNkdWhp1ZpkAEpMFlVYbb51RPkk", _RSA + "MIICXgIBAAKBgQC46pDLMdhYqbRnafJBzZvq+WNkdWhp1ZpkAEpMFlVYbb51RPkk"),
    ("server/hostileSSLServer.private.key", "igoat-swift:server-tls-private-key", "MIICXAIBAAKBgQCrjoHR3aooqXD6rHTIT+Dd2jxKZkj13eH7IUTWytgCxHQolqO3", _RSA + "MIICXAIBAAKBgQCrjoHR3aooqXD6rHTIT+Dd2jxKZkj13eH7IUTWytgCxHQolqO3"),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "Secret@123": "the word secret and digits in order",
    "coredbpassword": "words naming the value (Core Data password)",
    "myencrytionkey": "words naming the value (my encryption key)",
    "b@nkP@ssword123": "words naming the value (bank password) and digits in order",
    "SecretPass": "words naming the value (secret pass)",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (_COOKIES, "igoat-swift-fp:identifier", 'static let sessionTokenKey = "sessionKey"'),
    (_COOKIES, "igoat-swift-fp:identifier", 'static let csrfTokenKey = "CSRFtoken"'),
    (_COOKIES, "igoat-swift-fp:config", 'static let userNameValue = "Doe321"'),
    (_STORE + "Yap/YapExerciseVC.swift", "igoat-swift-fp:identifier", 'static let YapKeyPassword = "YapKeyPassword"'),
    (_STORE + "CouchBase/CouchBaseExerciseVC.swift", "igoat-swift-fp:identifier", 'let CBKeyPatientName = "CouchKeyPatientName";'),
    (_KEYS + "Key Storage Server Side/KeyStorageServerSideVC.swift", "igoat-swift-fp:config", 'static let cryptoKey = "http://localhost:8081/cryptoKey.php"'),
    (_KEYS + "Key Storage Server Side/KeyStorageServerSideVC.swift", "igoat-swift-fp:config", 'urlRequest.httpBody = "token=key".data(using: .utf8)'),
    (_KEYS + "Random Key Generation/RandomKeyGenerationExerciseVC.swift", "igoat-swift-fp:reference", "let encrptStmt = \"PRAGMA key = '\\(deviceID ?? \"\")'\""),
    (_EX + "Broken Cryptography/Crypto Challenge/CryptoChallengeVC.swift", "igoat-swift-fp:digest", '"checksum": "014a347fa0f1cac1baaaf1618481b22a1efeedf88fd1f294b2d69f72a45e6caa"]'),
    (_EX + "Authentication/Remote/RemoteAuthenticationExerciseVC.swift", "igoat-swift-fp:reference", 'return "http://localhost:8080/igoat/token?username=\\(name)&password=\\(password)"'),
    (_STORE + "WebKit Cache/WebkitCacheExerciseVC.swift", "igoat-swift-fp:config", 'let salt = "0123456789";'),
    (_STORE + "PlistStorage/PlistStorageExerciseViewController.swift", "igoat-swift-fp:config", 'let plistPath = NSHomeDirectory() + "/Documents/Credentials.plist"'),
    ("server/legitimateServers.crt", "igoat-swift-fp:certificate", "-----BEGIN CERTIFICATE-----\nMIIC2zCCAkSgAwIBAgIJAJ7X+FzDNpKdMA0GCSqGSIb3DQEBBQUAMFMxCzAJBgNV"),
    ("server/igoat_server.rb", "igoat-swift-fp:reference", ':SSLPrivateKey => OpenSSL::PKey::RSA.new(File.open("legitimateServers.private.key").read),'),
    (_PHP + "checkout.php", "igoat-swift-fp:reference", 'if($checksum === hash("sha256", $secret . $newmsg))'),
    ("iGoat-Swift/Podfile.lock", "igoat-swift-fp:digest", "RealmSwift: e31c4ddbcc42ac879313d656b86f9ca539f6f4f4"),
    ("iGoat-Swift/Podfile.lock", "igoat-swift-fp:digest", "PODFILE CHECKSUM: f212cc9a572903ecd384ba7a18ba8c8726aaacb8"),
    ("iGoat-Swift/iGoat-Swift.xcodeproj/project.pbxproj", "igoat-swift-fp:identifier", "823D42E32156C67E001B138F /* RealmExerciseVC.swift in Sources */ = {isa = PBXBuildFile; fileRef = 823D42E12156C67E001B138F /* RealmExerciseVC.swift */; };"),
)  # fmt: skip

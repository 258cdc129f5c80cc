# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""DVWA (Damn Vulnerable Web Application), for the ``fresh12`` split (``fresh12.py`` reads
and writes).

``digininja/DVWA`` is a deliberately insecure PHP/MySQL app. Its configuration template
(``config/config.inc.php.dist``) and Compose file set the database password; its newer
modules hard-code keys and credentials in their source, which the player reads through
"View Source": the cryptography module's AES keys (``token_library_high.php``, ``medium.php``)
and the three session tokens its medium level hands the player as captured, the API module's
token encryption key (``api/src/Token.php``) and its OAuth2 client and user credentials
(``api/src/LoginController.php``). The files were read at ``HEAD`` and each value is cited
by the first line holding it (``anchor``, else the value); a key two files set is listed at
the challenge page's source.

``SECRETS``: (file, kind, value, anchor), the kind the module and what the value is.
``NEGATIVES``: (file, kind, text) for lines beside the secrets that hold none: empty key
settings filled from the environment, an IV, cipher names, the CSP nonce (a value the page
sends to every visitor), references to the keys and to the submitted credentials, the
database user and host, images.

``NO_SECRET``: the database password ``p@ssw0rd`` (the word password, letters swapped for
signs, as ``tfsec``'s ``p4ssw0rd``), the XOR key ``wachtwoord`` (Dutch for password), the
client secret ``ABigLongSecret`` (words naming the value). Left out without a row: values
under 8 signs (the seeded users' ``password``, ``abc123``, ``charley``, ``letmein``; the
XOR page's ``Olifant``; the API's token secrets ``12345`` and ``98765``; Compose's root
password ``dvwa``).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/digininja+DVWA/repo")
REPO = "digininja/DVWA"

_CRYPTO = "vulnerabilities/cryptography/source/"
_API = "vulnerabilities/api/src/"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("config/config.inc.php.dist", "dvwa:config-db-password", "p@ssw0rd", None),
    (_CRYPTO + "token_library_high.php", "dvwa:crypto-aes-key", "rainbowclimbinghigh", None),
    (_CRYPTO + "medium.php", "dvwa:crypto-aes-key", "ik ben een aardbei", None),
    (_CRYPTO + "low.php", "dvwa:crypto-xor-key", "wachtwoord", None),
    (_CRYPTO + "medium.php", "dvwa:crypto-captured-session-token", "e287af752ed3f9601befd45726785bd9b85bb230876912bf3c66e50758b222d0837d1e6b16bfae07b776feb7afe576305aec34b41499579d3fb6acc8dc92fd5fcea8743c3b2904de83944d6b19733cdb48dd16048ed89967c250ab7f00629dba", None),
    (_CRYPTO + "medium.php", "dvwa:crypto-captured-session-token", "3061837c4f9debaf19d4539bfa0074c1b85bb230876912bf3c66e50758b222d083f2d277d9e5fb9a951e74bee57c77a3caeb574f10f349ed839fbfd223903368873580b2e3e494ace1e9e8035f0e7e07", None),
    (_CRYPTO + "medium.php", "dvwa:crypto-captured-session-token", "5fec0b1c993f46c8bad8a5c8d9bb9698174d4b2659239bbc50646e14a70becef83f2d277d9e5fb9a951e74bee57c77a3c9acb1f268c06c5e760a9d728e081fab65e83b9f97e65cb7c7c4b8427bd44abc16daa00fd8cd0105c97449185be77ef5", None),
    (_API + "Token.php", "dvwa:api-token-encryption-key", "Paintbrush", None),
    (_API + "LoginController.php", "dvwa:api-oauth-client-secret", "ABigLongSecret", None),
    (_API + "LoginController.php", "dvwa:api-user-password", "becareful", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "p@ssw0rd": "the word password, letters swapped for signs",
    "wachtwoord": "the Dutch word for password",
    "ABigLongSecret": "words naming the value (a big long secret)",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("config/config.inc.php.dist", "dvwa-fp:reference", "$_DVWA[ 'recaptcha_private_key' ] = getenv('RECAPTCHA_PRIVATE_KEY') ?: '';"),
    ("config/config.inc.php.dist", "dvwa-fp:reference", "$_DVWA[ 'recaptcha_public_key' ]  = getenv('RECAPTCHA_PUBLIC_KEY') ?: '';"),
    ("config/config.inc.php.dist", "dvwa-fp:config", "$_DVWA[ 'db_user' ]     = getenv('DB_USER') ?: 'dvwa';"),
    ("config/config.inc.php.dist", "dvwa-fp:config", "$_DVWA[ 'db_server' ]   = getenv('DB_SERVER') ?: '127.0.0.1';"),
    (_CRYPTO + "token_library_high.php", "dvwa-fp:iv", 'define ("IV", "1234567812345678");'),
    (_CRYPTO + "token_library_high.php", "dvwa-fp:config", 'define ("ALGO", "aes-128-cbc");'),
    (_CRYPTO + "token_library_high.php", "dvwa-fp:reference", "$e = openssl_encrypt($plaintext, ALGO, KEY, OPENSSL_RAW_DATA, $iv, $tag);"),
    (_CRYPTO + "token_library_impossible.php", "dvwa-fp:reference", "$iv = openssl_random_pseudo_bytes(12, $cstrong);"),
    (_CRYPTO + "medium.php", "dvwa-fp:reference", "$e = openssl_decrypt($ciphertext, 'aes-128-ecb', $key, OPENSSL_PKCS1_PADDING);"),
    (_API + "Token.php", "dvwa-fp:config", 'private const ENCRYPTION_CIPHER = "aes-128-gcm";'),
    (_API + "Token.php", "dvwa-fp:reference", "$ciphertext = openssl_encrypt($cleartext, self::ENCRYPTION_CIPHER, self::ENCRYPTION_KEY, $options=0, $iv, $tag);"),
    (_API + "LoginController.php", "dvwa-fp:reference", "$client_secret = $_SERVER['PHP_AUTH_PW'];"),
    (_API + "Login.php", "dvwa-fp:reference", '"access_token" => $tokenObj->create_token(self::ACCESS_TOKEN_SECRET, $now + self::ACCESS_TOKEN_LIFE),'),
    ("vulnerabilities/csp/source/medium.php", "dvwa-fp:nonce", "$headerCSP = \"Content-Security-Policy: script-src 'self' 'unsafe-inline' 'nonce-TmV2ZXIgZ29pbmcgdG8gZ2l2ZSB5b3UgdXA=';\";"),
    ("vulnerabilities/javascript/index.php", "dvwa-fp:reference", 'if ($token == md5(str_rot13("success"))) {'),
    ("compose.yml", "dvwa-fp:config", "image: docker.io/library/mariadb:10"),
    ("compose.yml", "dvwa-fp:config", "- 127.0.0.1:4280:80"),
    ("Dockerfile", "dvwa-fp:config", "FROM docker.io/library/php:8-apache"),
)  # fmt: skip

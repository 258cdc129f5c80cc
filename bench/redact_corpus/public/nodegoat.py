# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""OWASP NodeGoat, for the ``fresh12`` split (``fresh12.py`` reads and writes).

``OWASP/NodeGoat`` is a deliberately insecure Node.js (Express, MongoDB) retirement-benefits
app teaching the OWASP Top 10. Its secrets are in its setup and configuration: the accounts
``artifacts/db-reset.js`` seeds (plain passwords, and the bcrypt hashes of the same passwords
left in comments), the ZAP API key of the development and test configurations
(``config/env/``), the TLS private key the HTTPS server loads (``artifacts/cert/server.key``),
and the end-to-end tests' fixtures. The files were read at ``HEAD`` and each value is cited by
the first line holding it (``anchor``, else the value); a password the fixtures repeat is
listed in ``db-reset.js``, where it is defined. The PEM key's value is its first line of key
material, cited with the header.

``SECRETS``: (file, kind, value, anchor), the kind the file and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: the TLS certificate (public),
MongoDB URLs without credentials, the configuration's names, hosts and algorithm, references
to the configured secrets, a cache key, a lock file's integrity digest.

``NO_SECRET``: the two values of ``config/env/all.js`` that read as placeholders asking for a
value (``session_cookie_secret_key_here``, ``a_secure_key_for_crypto_here``). Left out without
a row: the new-user fixture's ``123456`` (under 8 signs).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/OWASP+NodeGoat/repo")
REPO = "OWASP/NodeGoat"

_RESET = "artifacts/db-reset.js"
_ALL = "config/env/all.js"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_RESET, "nodegoat:db-reset-user-password", "Admin_123", '"password": "Admin_123",'),
    (_RESET, "nodegoat:db-reset-user-password", "User1_123", None),
    (_RESET, "nodegoat:db-reset-user-password", "User2_123", None),
    (_RESET, "nodegoat:db-reset-bcrypt-hash", "$2a$10$8Zo/1e8KM8QzqOKqbDlYlONBOzukWXrM.IiyzqHRYDXqwB3gzDsba", None),
    (_RESET, "nodegoat:db-reset-bcrypt-hash", "$2a$10$RNFhiNmt2TTpVO9cqZElb.LQM9e1mzDoggEHufLjAnAKImc6FNE86", None),
    (_RESET, "nodegoat:db-reset-bcrypt-hash", "$2a$10$Tlx2cNv15M0Aia7wyItjsepeA8Y6PyBYaNdQqvpxkIUlcONf1ZHyq", None),
    ("config/env/development.js", "nodegoat:config-zap-api-key", "v9dn0balpqas1pcc281tn5ood1", None),
    (_ALL, "nodegoat:config-cookie-secret", "session_cookie_secret_key_here", None),
    (_ALL, "nodegoat:config-crypto-key", "a_secure_key_for_crypto_here", None),
    ("artifacts/cert/server.key", "nodegoat:tls-private-key", "MIICXgIBAAKBgQCfn8uP4FuHaaAPrMkcl1fNMQM5EGMT4nnNSVoaEVdiDLc6P0mC", "-----BEGIN RSA PRIVATE KEY-----\nMIICXgIBAAKBgQCfn8uP4FuHaaAPrMkcl1fNMQM5EGMT4nnNSVoaEVdiDLc6P0mC"),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "session_cookie_secret_key_here": "a placeholder asking for the value (secret key here)",
    "a_secure_key_for_crypto_here": "a placeholder asking for the value (a secure key here)",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("artifacts/cert/server.crt", "nodegoat-fp:certificate", "-----BEGIN CERTIFICATE-----\nMIICATCCAWoCCQDCKC3cHx5NUTANBgkqhkiG9w0BAQUFADBFMQswCQYDVQQGEwJB"),
    (_ALL, "nodegoat-fp:config", 'let db = process.env.MONGODB_URI || "mongodb://localhost:27017/nodegoat";'),
    ("docker-compose.yml", "nodegoat-fp:config", "MONGODB_URI: mongodb://mongo:27017/nodegoat"),
    (_ALL, "nodegoat-fp:config", 'cryptoAlgo: "aes256",'),
    ("config/env/development.js", "nodegoat-fp:config", 'zapHostName: "192.168.56.20",'),
    ("server.js", "nodegoat-fp:config", 'key: "sessionId",'),
    ("docker-compose.yml", "nodegoat-fp:config", "image: mongo:4.4\n    user: mongodb"),
    ("server.js", "nodegoat-fp:reference", "secret: cookieSecret,"),
    ("server.js", "nodegoat-fp:reference", 'key: fs.readFileSync(path.resolve(__dirname, "./artifacts/cert/server.key")),'),
    ("app/data/profile-dao.js", "nodegoat-fp:reference", "const cipher = crypto.createCipheriv(config.cryptoAlgo, config.cryptoKey, config.iv);"),
    ("app/data/profile-dao.js", "nodegoat-fp:reference", 'return crypto.pbkdf2Sync(config.cryptoKey, salt, 100000, 512, "sha512");'),
    ("app/data/user-dao.js", "nodegoat-fp:reference", "password: bcrypt.hashSync(password, bcrypt.genSaltSync())"),
    ("test/security/profile-test.js", "nodegoat-fp:reference", "var zapApiKey = config.zapApiKey;"),
    ("app/routes/session.js", "nodegoat-fp:reference", "const PASS_RE =/^(?=.*\\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$/;"),
    (".github/workflows/e2e-test.yml", "nodegoat-fp:reference", "key: ${{ runner.os }}-node${{ matrix.node-version }}-E2E-${{ hashFiles('package-lock.json') }}"),
    ("package-lock.json", "nodegoat-fp:digest", '"integrity": "sha1-p3SS9LEdzHxEajSz4ochr9M8ZCo=",'),
)  # fmt: skip

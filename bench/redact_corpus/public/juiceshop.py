# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""OWASP Juice Shop, for the ``fresh12`` split (``fresh12.py`` reads and writes).

``juice-shop/juice-shop`` is a deliberately insecure web shop (Node.js, Express, Angular)
whose challenges are built on hard-coded secrets: the user accounts it seeds
(``data/static/users.yml``: passwords, a TOTP secret, security answers), the HMAC key and
the JWT signing key in ``lib/insecurity.ts``, the wallet seed phrase of ``routes/checkKeys.ts``
(and the wallet's private key its test submits), the premium content key
(``encryptionkeys/premium.key``), the passwords the front end ships to every browser (the
login component's testing account, the exposed-credentials challenge; the hacking
instructor's scripts, which wait for the solution to be typed), and the tests' secrets: TOTP
secrets (``test/api/2fa.test.ts``), session and forged JWTs (``test/server/``, the Angular
specs), the passwords the Cypress tests change or register, the private exponent of the RSA
toy key that decrypts ``ftp/announcement_encrypted.md`` (``test/files/decrypt.py``). The
files were read at ``HEAD`` and each value is cited by the first line holding it
(``anchor``, else the value). A value set in several files is listed once: a seeded user's
password at ``users.yml``, but for three listed where the front end leaks them
(``IamUsedForTesting`` at the login component, bender's and jim's at the hacking
instructor's scripts).

``SECRETS``: (file, kind, value, anchor), the kind the file and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: the JWT public key, the
security PGP key and the toy RSA key's public modulus and exponent, PGP signatures and
SHA-512 sums of the security advisories, key fingerprints, the Google OAuth client id (a
public identifier), cryptocurrency addresses and the wallet's public key (submitted under a
``privateKey`` field, rejected as public), the easter egg's encoded path, variable and
secret-store references, the user names.

Left out without a row: the RSA private key of ``lib/insecurity.ts`` (an earlier split,
``fresh5``, holds it, cut at another length), values under 8 signs (``kekse``, the cookie
secret; ``admin123``, an earlier split's besides), the OAuth spec's derived password
(``bW9jLnRzZXRAdHNldA==``, the base64 of a test address reversed), the seeded cards' numbers
(personal data, not credentials), the coupon codes and the encrypted announcement
(``ftp/``), the binary KeePass file. ``ctf.key`` and the jwt.io sample token of
``app.guard.spec.ts`` are listed only to show them dropped (earlier splits hold them).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/juice-shop+juice-shop/repo")
REPO = "juice-shop/juice-shop"

_USERS = "data/static/users.yml"
_2FA = "test/api/2fa.test.ts"
_VERIFY = "test/server/verify.unit.test.ts"
_CONFIG = "config/default.yml"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_USERS, "juice-shop:users-yml-password", "mDLx?94T~1CfVfZMzw@sJ9f?s3L6lbMqE70FfI8^54jbNikY5fymx7c!YbJb", None),
    (_USERS, "juice-shop:users-yml-password", "J6aVjTgOpRs@?5l!Zkq2AYnCE@RF$P", None),
    (_USERS, "juice-shop:users-yml-password", "0Y8rMnww$*9VFYE§59-!Fg1L6t&6lB", None),
    (_USERS, "juice-shop:users-yml-password", "y&x5Z#f6W532Z4445#Ae2HkwZVyDb7&oCUaDzFU", None),
    (_USERS, "juice-shop:users-yml-password", "bW9jLmxpYW1nQGhjaW5pbW1pay5ucmVvamI=", None),
    (_USERS, "juice-shop:users-yml-totp-secret", "IFTXE3SPOEYVURT2MRYGI52TKJ4HC3KH", None),
    (_USERS, "juice-shop:users-yml-security-answer", "Brd?j8sEMziOvvBf§Be?jFZ77H?hgm", None),
    (_USERS, "juice-shop:users-yml-security-answer", "azjTLprq2im6p86RbFrA41L", None),
    (_USERS, "juice-shop:users-yml-security-answer", "NZMJLjEinU7TFElDIYW8", None),
    (_USERS, "juice-shop:users-yml-security-answer", "sdAffsdfrefrbgreq3423", None),
    ("frontend/src/app/login/login.component.ts", "juice-shop:frontend-hardcoded-password", "IamUsedForTesting", None),
    ("frontend/src/hacking-instructor/challenges/loginBender.ts", "juice-shop:hacking-instructor-password", "OhG0dPlease1nsertLiquor!", None),
    ("frontend/src/hacking-instructor/challenges/loginJim.ts", "juice-shop:hacking-instructor-password", "ncc-1701", None),
    ("test/cypress/e2e/changePassword.spec.ts", "juice-shop:cypress-user-password", "GonorrheaCantSeeUs!", None),
    ("test/cypress/e2e/changePassword.spec.ts", "juice-shop:cypress-user-password", "slurmCl4ssic", "cy.login({ email: 'bender', password: 'slurmCl4ssic' })"),
    ("test/cypress/e2e/register.spec.ts", "juice-shop:cypress-user-password", "ThereCanBeOnlyOne", None),
    ("test/files/decrypt.py", "juice-shop:test-rsa-private-exponent", "89489425009274444368228545921773093919669586065884257445497854456487674839629818390934941973262879616797970608917283679875499331574161113854088813275488110588247193077582527278437906504015680623423550067240042466665654232383502922215493623289472138866445818789127946123407807725702626644091036502372545139713", None),
    ("lib/insecurity.ts", "juice-shop:code-hmac-key", "pa4qacea4VK9t9nGv7yZtwmj", None),
    ("routes/checkKeys.ts", "juice-shop:code-wallet-mnemonic", "purpose betray marriage blame crunch monitor spin slide donate sport lift clutch", None),
    ("test/api/checkKeys.test.ts", "juice-shop:test-ethereum-private-key", "5bcc3e9d38baa06e7bfaab80ae5957bbe8ef059e640311d7d6d465e6bc948e3e", None),
    ("encryptionkeys/premium.key", "juice-shop:key-file", "1337133713371337.EA99A61D92D2955B1E9285B55BF2AD42", None),
    ("ctf.key", "juice-shop:key-file", "TRwzkRJnHOTckssAeyJbysWgP!Qc2T", None),
    (_2FA, "juice-shop:test-totp-secret", "KDR5FXSOLNV6A5UAQYCKROSJZF7SVML7", None),
    (_2FA, "juice-shop:test-totp-secret", "OJQOJNTB46VLWUO4TVKXIULU2WLPFQOJ", None),
    (_2FA, "juice-shop:test-totp-secret", "BI6KJAURX3LL5VQI2ZBFVLUWSBYBDX4H", None),
    ("test/server/currentUser.unit.test.ts", "juice-shop:test-session-jwt", "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJkYXRhIjp7ImlkIjoxLCJlbWFpbCI6ImFkbWluQGp1aWNlLXNoLm9wIiwibGFzdExvZ2luSXAiOiIwLjAuMC4wIiwicHJvZmlsZUltYWdlIjoiZGVmYXVsdC5zdmcifSwiaWF0IjoxNTgyMjIyMzY0fQ.CHiFQieZudYlrd1o8Ih-Izv7XY_WZupt8Our-CP9HqsczyEKqrWC7wWguOgVuSGDN_S3mP4FyuEFN8l60aAhVsUbqzFetvJkFwe5nKVhc9dHuen6cujQLMcTlHLKassOSDP41Q-MkKWcUOQu0xUkTMfEq2hPMHpMosDb4benzH0", None),
    (_VERIFY, "juice-shop:test-forged-jwt", "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJkYXRhIjp7ImVtYWlsIjoicnNhX2xvcmRAanVpY2Utc2gub3AifSwiaWF0IjoxNTgyMjIxNTc1fQ.ycFwtqh4ht4Pq9K5rhiPPY256F9YCTIecd4FHFuSEAg", None),
    (_VERIFY, "juice-shop:test-forged-jwt", "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJkYXRhIjp7ImVtYWlsIjoicnNhX2xvcmRAIn0sImlhdCI6MTU4MjIyMTY3NX0.50f6VAIQk2Uzpf3sgH-1JVrrTuwudonm2DKn2ec7Tg8", None),
    ("frontend/src/app/last-login-ip/last-login-ip.component.spec.ts", "juice-shop:frontend-spec-jwt", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJkYXRhIjp7Imxhc3RMb2dpbklwIjoiMS4yLjMuNCJ9fQ.RAkmdqwNypuOxv3SDjPO4xMKvd1CddKvDFYDBfUt3bg", None),
    ("frontend/src/app/last-login-ip/last-login-ip.component.spec.ts", "juice-shop:frontend-spec-jwt", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJkYXRhIjp7fX0.bVBhvll6IaeR3aUdoOeyR8YZe2S2DfhGAxTGfd9enLw", None),
    ("frontend/src/app/app.guard.spec.ts", "juice-shop:frontend-spec-jwt", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # public keys, signatures, digests and fingerprints
    ("encryptionkeys/jwt.pub", "juice-shop-fp:public-key", "-----BEGIN RSA PUBLIC KEY-----\nMIGJAoGBAM3CosR73CBNcJsLv5E90NsFt6qN1uziQ484gbOoule8leXHFbyIzPQRozgEpSpiwhr6d2/c0CfZHEJ3m5tV0klxfjfM7oqjRMURnH/rmBjcETQ7qzIISZQ/iptJ3p7Gi78X5ZMhLNtDkUFU9WaGdiEb+SnC39wjErmJSfmGb7i1AgMBAAE=\n-----END RSA PUBLIC KEY-----"),
    ("SECURITY.md", "juice-shop-fp:public-key", "-----BEGIN PGP PUBLIC KEY BLOCK-----\nVersion: GnuPG v2\n\nmQENBFUSf5YBCADDkR5JZ54H77VoHy4yw3xIW9Y5rzJtCxB6VXfRAi26GbtnCOzX"),
    (".well-known/csaf/2021/juice-shop-sa-20211014-proto.json.asc", "juice-shop-fp:signature", "-----BEGIN PGP SIGNATURE-----\n\niHUEABYKAB0WIQQjcrKxKup64wAbs/vQj7FuICnYcAUCZid3yAAKCRDQj7FuICnY"),
    (".well-known/csaf/2021/juice-shop-sa-20211014-proto.json.sha512", "juice-shop-fp:digest", "c4eedb2d5ac0b0c11666d87247e1011de4fa5db7e741a4c090374a039e1ce31210d08e63b27d5fabb307705ebbfa1bbbcfe56e5ba0c3528deb00af273f670778  juice-shop-sa-20211014-proto.json"),
    (_CONFIG, "juice-shop-fp:digest", "csafHashValue: 7e7ce7c65db3bf0625fcea4573d25cff41f2f7e3474f2c74334b14fc65bb4fd26af802ad17a3a03bf0eee6827a00fb8f7905f338c31b5e6ea9cb31620242e843"),
    (".well-known/csaf/provider-metadata.json", "juice-shop-fp:fingerprint", '"fingerprint": "2372B2B12AEA7AE3001BB3FBD08FB16E2029D870",'),
    (".well-known/csaf/provider-metadata.json", "juice-shop-fp:fingerprint", '"url": "https://keybase.io/bkimminich/pgp_keys.asc?fingerprint=19c01cb7157e4645e9e2c863062a85a8cbfbdcda"'),
    ("SECURITY.md", "juice-shop-fp:fingerprint", "You can encrypt emails to <bjoern.kimminich@owasp.org> with PGP using the public key `062A85A8CBFBDCDA`:"),
    # public identifiers, addresses and encoded data
    (_CONFIG, "juice-shop-fp:identifier", "clientId: '1005568560502-6hm16lef8oh46hr2d98vf2ohlnj4nfhq.apps.googleusercontent.com'"),
    ("frontend/src/app/wallet-web3/wallet-web3.component.ts", "juice-shop-fp:identifier", "const BankAddress = '0x413744D59d31AFDC2889aeE602636177805Bd7b0'"),
    ("frontend/src/app/login/login.component.ts", "juice-shop-fp:identifier", "public testingUsername = 'testing@juice-sh.op'"),
    ("ftp/eastere.gg", "juice-shop-fp:encoded", "L2d1ci9xcmlmL25lci9mYi9zaGFhbC9ndXJsL3V2cS9uYS9ybmZncmUvcnR0L2p2Z3V2YS9ndXIvcm5mZ3JlL3J0dA=="),
    ("lib/insecurity.ts", "juice-shop-fp:identifier", "'https://blockchain.info/address/1AbKfgvw9psQ41NbLi8kufDQTezwG8DRZm', // vuln-code-snippet vuln-line redirectCryptoCurrencyChallenge"),
    ("lib/insecurity.ts", "juice-shop-fp:identifier", "'https://explorer.dash.org/address/Xr556RzuwX6hg5EGpkybbv5RanJoZN17kW', // vuln-code-snippet vuln-line redirectCryptoCurrencyChallenge"),
    ("lib/insecurity.ts", "juice-shop-fp:identifier", "'https://etherscan.io/address/0x0f933ab9fcaaa782d0279c300d73750e1311eae6', // vuln-code-snippet vuln-line redirectCryptoCurrencyChallenge"),
    ("test/files/encrypt.py", "juice-shop-fp:public-key", "# Public Parameters\nN = 145906768007583323230186939349070635292401872375357164399581871019873438799005358938369571402670149802121818086292467422828157022922076746906543401224889672472407926969987100581290103199317858753663710862357656510507883714297115637342788911463535102712032765166518411726859837988672111837205085526346618740053"),
    ("test/files/encrypt.py", "juice-shop-fp:public-key", "e = 65537"),
    ("test/api/checkKeys.test.ts", "juice-shop-fp:public-key", ".send({ privateKey: '0x02c7a2a93289c9fbda5990bac6596993e9bb0a8d3f178175a80b7cfd983983f506' })"),
    ("test/api/checkKeys.test.ts", "juice-shop-fp:identifier", ".send({ privateKey: '0x8343d2eb2B13A2495De435a1b15e85b98115Ce05' })"),
    ("REFERENCES.md", "juice-shop-fp:identifier", "* [Heroku Button of the Month](https://hello.heroku.com/webmail/36622/679286305/8049a634b1a01b0aa75c0966325856dc9a463b7f1beeb6a2f32cbb30248b5bc6)"),
    # references, computed values and configuration beside the secrets
    ("lib/insecurity.ts", "juice-shop-fp:reference", "export const publicKey = fs ? fs.readFileSync('encryptionkeys/jwt.pub', 'utf8') : 'placeholder-public-key'"),
    ("lib/insecurity.ts", "juice-shop-fp:reference", "export const denyAll = () => expressJwt({ secret: '' + Math.random() } as any)"),
    ("lib/insecurity.ts", "juice-shop-fp:reference", "export const authorize = (user = {}) => jwt.sign(user, privateKey, { expiresIn: '6h', algorithm: 'RS256' })"),
    ("routes/chat.ts", "juice-shop-fp:reference", "apiKey: process.env.LLM_API_KEY ?? '',"),
    (".github/workflows/ci.yml", "juice-shop-fp:reference", "heroku_api_key: ${{ secrets.HEROKU_API_KEY }}"),
    ("routes/checkKeys.ts", "juice-shop-fp:reference", "const mnemonicWallet = HDNodeWallet.fromPhrase(mnemonic)"),
    ("server.ts", "juice-shop-fp:reference", "{ name: 'User', exclude: ['password', 'totpSecret'], model: UserModel },"),
    (_USERS, "juice-shop-fp:config", "email: bjoern.kimminich@gmail.com\n  username: bkimminich"),
    (_USERS, "juice-shop-fp:config", "key: bjoernGoogle"),
    (".well-known/csaf/provider-metadata.json", "juice-shop-fp:config", '"canonical_url": "http://localhost:3000/.well-known/csaf/provider-metadata.json",'),
    ("Dockerfile", "juice-shop-fp:config", "FROM gcr.io/distroless/nodejs24-debian13"),
    ("Dockerfile", "juice-shop-fp:config", "ARG CYCLONEDX_NPM_VERSION='^2.0.0||^3.0.0||^4.0.0'"),
    ("package.json", "juice-shop-fp:config", '"version": "20.1.1",'),
)  # fmt: skip

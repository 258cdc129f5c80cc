# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""OWASP WebGoat, for the ``fresh13`` split (``fresh13.py`` reads and writes).

``WebGoat/WebGoat`` is OWASP's deliberately insecure Spring Boot application of lessons. Its
lessons hard-code what they teach to steal: the JWT lessons' user password and HS512 signing
key (``jwt/JWTRefreshEndpoint.java``) and the key table the ``kid`` lesson injects into
(``jwt/db/migration/V2019_09_25_1__jwt.sql``), the challenge users' passwords
(``challenges/db/migration/V2018_09_26_1__users.sql``) and the admin's password-reset link
(``challenge7/Assignment7.java``), the insecure-login lesson's password, the auth-bypass
lesson's security answers, and the tokens the JWT lessons hand the player: Tom's access token
in a leaked access log (``jwt/images/logs.txt``), the access token of the signing lesson's
solution, the tokens of the decoding and library pages, the two tokens the ``jku`` and
``kid`` forms post; and the tests' signed tokens. The files were read at ``HEAD`` and each
value is cited by the first line holding it (``anchor``, else the value).

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: the lesson's public JWK
(``jwks.json``'s modulus and key id), code building a PEM header or stripping it, SQL
reading the key table and its schema, a masked password (``'**********'``), references to
the signing keys and to a CI secret, configuration with its value from the environment or
empty, a Docker image name, a link template.

``NO_SECRET``: sentences and words naming the value (``thisisasecretfortomonly``,
``apasswordfortom``, the reset lesson's ``somethingVeryRandomWhichNoOneWillEverTypeIn…``),
the app's and the role's names with digits in order (``!!webgoat_admin_1234!!``). Listed and
dropped by the filters: the key table's ``qwertyqwerty1234`` (a keyboard run said twice), the
decoding page's token (its payload, pretty-printed JSON in base64 starting ``ew0K``, repeats a
run, and only payloads starting ``eyJ`` are exempt), the WebWolf UI test's jwt.io sample token
(``fresh3`` holds it). Left out without a row: values under 8 signs (the default user's
``webgoat``, the ``DefaultCredentialsTask``'s ``admin``, the JWT lesson's key words ``victory``, ``business``…,
the SQL lesson's ``passwd1``…, ``banana``…), values naming themselves
(``INTERNAL-API-KEY-987``, ``STAGING-TOKEN-42``, ``staging_password123``,
``DeliberatelyInsecure1234`` and ``…1235``, the salts of ``MissingFunctionAC``; the XOR
lesson's ``databasepassword``, the SQL lesson's ``passW0rD``), the unsigned ``alg: none``
tokens of the library and signing pages (no signature: claims in base64, no credential),
a malformed test token, the SHA-256 the secure-defaults lesson compares the secret with (a
digest of a value not in the repository), the coupon code ``get_it_for_free`` and the sample
employees' Social Security and card numbers (personal data, not credentials).

Doubtful labels, kept: ``doesnotreallymatter`` (a sentence, but no words naming the value:
it is the ``webwolf_key`` row of the JWT key table), ``larryknows`` (a name and a word),
the security answers ``Dr. Watson`` and ``Baker Street`` (trivia a password reset accepts),
the tutorial tokens (signed with the lessons' keys: bearer tokens the lesson accepts) and
the tests' tokens signed with throwaway keys.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/WebGoat+WebGoat/repo")
REPO = "WebGoat/WebGoat"

_L = "src/main/java/org/owasp/webgoat/lessons/"
_R = "src/main/resources/lessons/"
_JWT = _R + "jwt/"
_T = "src/test/java/org/owasp/webgoat/"
_CHAL_SQL = _R + "challenges/db/migration/V2018_09_26_1__users.sql"
_KEYS_SQL = _JWT + "db/migration/V2019_09_25_1__jwt.sql"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_L + "jwt/JWTRefreshEndpoint.java", "webgoat:jwt-lesson-user-password", "bm5nhSkxCXZkKRy4", None),
    (_L + "jwt/JWTRefreshEndpoint.java", "webgoat:jwt-lesson-signing-key", "bm5n3SkxCX4kKRy4", None),
    (_KEYS_SQL, "webgoat:jwt-keys-sql-signing-key", "qwertyqwerty1234", None),
    (_KEYS_SQL, "webgoat:jwt-keys-sql-signing-key", "doesnotreallymatter", None),
    (_CHAL_SQL, "webgoat:challenge-sql-user-password", "rt*(KJ()LP())$#**", None),
    (_CHAL_SQL, "webgoat:challenge-sql-user-password", "larryknows", None),
    (_CHAL_SQL, "webgoat:challenge-sql-user-password", "thisisasecretfortomonly", None),
    (_L + "challenges/SolutionConstants.java", "webgoat:challenge-admin-password", "!!webgoat_admin_1234!!", None),
    (_L + "challenges/challenge7/Assignment7.java", "webgoat:challenge-reset-link-token", "375afe1104f4a487a73823c50a9292a2", None),
    (_L + "insecurelogin/InsecureLoginTask.java", "webgoat:insecure-login-password", "BlackPearl", None),
    (_L + "authbypass/AccountVerificationHelper.java", "webgoat:auth-bypass-security-answer", "Dr. Watson", None),
    (_L + "authbypass/AccountVerificationHelper.java", "webgoat:auth-bypass-security-answer", "Baker Street", None),
    (_L + "spoofcookie/SpoofCookieAssignment.java", "webgoat:spoof-cookie-user-password", "apasswordfortom", None),
    (_L + "passwordreset/ResetLinkAssignment.java", "webgoat:password-reset-user-password", "somethingVeryRandomWhichNoOneWillEverTypeInAsPasswordForTom", None),
    (_JWT + "images/logs.txt", "webgoat:lesson-log-access-token", "eyJhbGciOiJIUzUxMiJ9.eyJpYXQiOjE1MjYxMzE0MTEsImV4cCI6MTUyNjIxNzgxMSwiYWRtaW4iOiJmYWxzZSIsInVzZXIiOiJUb20ifQ.DCoaq9zQkyDH25EcVWKcdbyVfUL4c9D4jRvsqOqvi9iAd4QuqmKcchfbU8FNzeBNF9tLeFXHZLU4yRkq-bjm7Q", None),
    (_JWT + "documentation/JWT_signing_solution.adoc", "webgoat:lesson-doc-access-token", "eyJhbGciOiJIUzUxMiJ9.eyJpYXQiOjE2MDgxMjg1NjYsImFkbWluIjoiZmFsc2UiLCJ1c2VyIjoiVG9tIn0.rTSX6PSXqUoGUvQQDBiqX0re2BSt7s2-X6FPf34Qly9SMpqIUSP8jykedJbjOBNlM3_CTjgk1SvUv48Pz8zIzA", None),
    (_JWT + "documentation/JWT_decode.adoc", "webgoat:lesson-doc-jwt", "eyJhbGciOiJIUzI1NiJ9.ew0KICAiYXV0aG9yaXRpZXMiIDogWyAiUk9MRV9BRE1JTiIsICJST0xFX1VTRVIiIF0sDQogICJjbGllbnRfaWQiIDogIm15LWNsaWVudC13aXRoLXNlY3JldCIsDQogICJleHAiIDogMTYwNzA5OTYwOCwNCiAgImp0aSIgOiAiOWJjOTJhNDQtMGIxYS00YzVlLWJlNzAtZGE1MjA3NWI5YTg0IiwNCiAgInNjb3BlIiA6IFsgInJlYWQiLCAid3JpdGUiIF0sDQogICJ1c2VyX25hbWUiIDogInVzZXIiDQp9.9lYaULTuoIDJ86-zKDSntJQyHPpJ2mZAbnWRfel99iI", None),
    (_JWT + "documentation/JWT_libraries.adoc", "webgoat:lesson-doc-jwt", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.NFvYpuwbF6YWbPyaNAGEPw9wbhiQSovvSrD89B8K7Ng", None),
    (_JWT + "html/JWT.html", "webgoat:lesson-form-jwt", "eyJ0eXAiOiJKV1QiLCJqa3UiOiJodHRwOi8vMTI3LjAuMC4xOjgwODAvV2ViR29hdC9pbWFnZXMvandrcy5qc29uIiwiYWxnIjoiUlMyNTYifQ.eyJpc3MiOiJXZWJHb2F0IFRva2VuIEJ1aWxkZXIiLCJpYXQiOjE3NzczODQ4NjEsImV4cCI6MjIxOTIzNDQ2MSwiYXVkIjoid2ViZ29hdC5vcmciLCJzdWIiOiJqZXJyeUB3ZWJnb2F0LmNvbSIsInVzZXJuYW1lIjoiSmVycnkiLCJFbWFpbCI6ImplcnJ5QHdlYmdvYXQuY29tIiwiUm9sZSI6WyJDYXQiXX0.P6x2mSeN58GVRs6zz3OESnIwqdA9WND1pnBtix8c760j3_V4TPuQylfKA7TIQ7CN8dtTF0hY_5T-toa8VagkHvy27fYBDNK_XTwRjjoQu1U279e7ILuPvj53lkTOL5vtTYl5FGo4yRGXObPHdOka3tFXTO3296XAqUXiNSmLHCKO_rZiNX8zJJssVyUkGXA7cgGKZn_a77kndxsUukGGaZggqm2kBZng2SQbz3-6Lkrav6QU2GTwKXjuRLt852KuCSqpQYSyPoBWn3IuvgolrtUbb_BCsWX5tSKdXPp3Ffe592wDf_j92THukeKhC88Mu4_0KdwkMMovzCeH7YGXOw", None),
    (_JWT + "html/JWT.html", "webgoat:lesson-form-jwt", "eyJ0eXAiOiJKV1QiLCJraWQiOiJ3ZWJnb2F0X2tleSIsImFsZyI6IkhTMjU2In0.ewogICJpc3MiOiAiV2ViR29hdCBUb2tlbiBCdWlsZGVyIiwKICAiaWF0IjogMTUyNDIxMDkwNCwKICAiZXhwIjogMTYxODkwNTMwNCwKICAiYXVkIjogIndlYmdvYXQub3JnIiwKICAic3ViIjogImplcnJ5QHdlYmdvYXQuY29tIiwKICAidXNlcm5hbWUiOiAiSmVycnkiLAogICJFbWFpbCI6ICJqZXJyeUB3ZWJnb2F0LmNvbSIsCiAgIlJvbGUiOiBbCiAgICAiQ2F0IgogIF0KfQ.CgZ27DzgVW8gzc0n6izOU638uUCi6UhiOJKYzoEZGE8", None),
    (_T + "lessons/jwt/claimmisuse/JWTHeaderKIDEndpointTest.java", "webgoat:test-jwt", "eyJraWQiOiJ3ZWJnb2F0X2tleSIsImFsZyI6IkhTNTEyIn0.eyJhdWQiOiJ3ZWJnb2F0Lm9yZyIsImVtYWlsIjoiamVycnlAd2ViZ29hdC5jb20iLCJ1c2VybmFtZSI6IkplcnJ5In0.xBc5FFwaOcuxjdr_VJ16n8Jb7vScuaZulNTl66F2MWF1aBe47QsUosvbjWGORNcMPiPNwnMu1Yb0WZVNrp2ZXA", None),
    (_T + "webwolf/jwt/JWTTokenTest.java", "webgoat:test-jwt", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ0ZXN0IjoidGVzdCJ9.axNp9BkswwK_YRF2URJ5P1UejQNYZbK4qYcMnkusg6I", None),
    (_T + "webwolf/jwt/JWTTokenTest.java", "webgoat:test-jwt", "eyJhbGciOiJIUzI1NiJ9.eyJ0ZXN0IjoidGVzdCJ9.KOobRHDYyaesV_doOk11XXGKSONwzllraAaqqM4VFE4", None),
    ("src/it/java/org/owasp/webgoat/playwright/webwolf/JwtUITest.java", "webgoat:test-jwt", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "thisisasecretfortomonly": "a sentence naming the value (this is a secret for Tom only)",
    "apasswordfortom": "words naming the value (a password for Tom)",
    "somethingVeryRandomWhichNoOneWillEverTypeInAsPasswordForTom": "a sentence naming the value",
    "!!webgoat_admin_1234!!": "the app's and the role's names and digits in order",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # public keys and code that builds or strips a PEM header
    (_JWT + "images/jwks.json", "webgoat-fp:public-key", '"n": "vfk9JLSdpWZ7qxP8gNVOobP4xuaXlKI8aBM4LhyL3CiD3pvPdGf7NkWaOvp-JmQwRN-N1Scr_rs1caYujuJYhPgdQeCESyZ9BbmqdMbKy3jJcyR5YR4w0SnJRyu6rHc52Wb6G7lVPhJixVeaGhRK2Sb5zItydjO0iid9xxyMHoc1HGppdgwESXncKsumyRxS43yZJBXSDiX-OvzEqXI1RA10ozLEfBnpmzvA4nMytHa0Ii0VmSK3tyJOVolUDArPnqdm6KMZYJMp2zEGWYSkyjUWXWE0yaZENBP'),
    (_JWT + "images/jwks.json", "webgoat-fp:identifier", '"kid": "webgoat",'),
    (_L + "cryptography/CryptoUtil.java", "webgoat-fp:reference", 'String encodedString = "-----BEGIN PRIVATE KEY-----\\n";'),
    (_L + "cryptography/CryptoUtil.java", "webgoat-fp:reference", 'privateKeyPem = privateKeyPem.replace("-----BEGIN PRIVATE KEY-----", "");'),
    # references to the keys, passwords and tokens
    (_L + "jwt/JWTSecretKeyEndpoint.java", "webgoat-fp:reference", "TextCodec.BASE64.encode(SECRETS[new Random().nextInt(SECRETS.length)]);"),
    (_L + "jwt/JWTRefreshEndpoint.java", "webgoat-fp:reference", ".signWith(io.jsonwebtoken.SignatureAlgorithm.HS512, JWT_PASSWORD)"),
    (_L + "jwt/claimmisuse/JWTHeaderKIDEndpoint.java", "webgoat-fp:reference", "\"SELECT key FROM jwt_keys WHERE id = '\" + kid + \"'\");"),
    (_L + "jwt/claimmisuse/JWTHeaderJKUEndpoint.java", "webgoat-fp:reference", "var jwkProvider = new JwkProviderBuilder(new URL(jku.asString())).build();"),
    (_L + "cryptography/HashingAssignment.java", "webgoat-fp:reference", 'request.getSession().setAttribute("md5Secret", secret);'),
    (_L + "cryptography/SecureDefaultsAssignment.java", "webgoat-fp:reference", 'if (secretFileName != null && secretFileName.equals("default_secret")) {'),
    (_L + "challenges/challenge7/Assignment7.java", "webgoat-fp:reference", "+ \" href='%s:8080/WebGoat/challenge/7/reset-password/%s'>link</a> to reset your\""),
    (_L + "securitymisconfiguration/ConfigHardeningTask.java", "webgoat-fp:config", '"spring.security.user.password", "");'),
    (".github/workflows/release.yml", "webgoat-fp:reference", 'github_token: "${{ secrets.GITHUB_TOKEN }}"'),
    # schema, masked and sample data, configuration
    (_KEYS_SQL, "webgoat-fp:config", "CREATE TABLE jwt_keys(\n  id varchar(20),\n  key varchar(20)"),
    (_CHAL_SQL, "webgoat-fp:masked", "INSERT INTO challenge_users VALUES ('eve', 'eve@webgoat.org', '**********');"),
    ("src/main/resources/application-webgoat.properties", "webgoat-fp:config", "server.ssl.key-store=${WEBGOAT_KEYSTORE:classpath:goatkeystore.pkcs12}"),
    ("src/main/resources/application-webgoat.properties", "webgoat-fp:config", "webgoat.database.connection.string=jdbc:hsqldb:mem:{USER}"),
    ("src/main/resources/application-webwolf.properties", "webgoat-fp:config", "server.servlet.session.cookie.name=WEBWOLFSESSION"),
    (_R + "cryptography/documentation/defaults.adoc", "webgoat-fp:config", "docker run -d webgoat/assignments:findthesecret"),
)  # fmt: skip

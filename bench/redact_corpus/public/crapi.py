# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""OWASP crAPI, for the ``fresh13`` split (``fresh13.py`` reads and writes).

``OWASP/crAPI`` (completely ridiculous API) is a deliberately vulnerable car-owner platform of
microservices: identity (Java, Spring), community (Go), workshop (Python, Django), a web front
end and an API gateway, deployed with Docker Compose, Helm or plain Kubernetes manifests. Its
secrets are the identity service's JWT signing key, a JSON Web Key Set holding the RSA private
key's parameters (``services/identity/jwks.json``; the same file is copied to
``deploy/docker/keys/``, ``deploy/helm/keys/`` and ``deploy/k8s/keys/``), the TLS private key
each service serves with (``services/*/certs/server.key``, ``services/gateway-service/``), the
gateway's basic-auth password (``services/gateway-service/main.go``; the identity service's
``application.properties`` and the workshop's ``settings.py`` repeat it), the seeded users'
passwords (``constant/TestUsers.java``) and the bearer tokens a Postman collection saved
(``postman_collections/crAPI.postman_collection.json``). The files were read at ``HEAD`` and
each value is cited by the first line holding it (``anchor``, else the value); a value several
files set is listed once. A PEM key's value is its second line of key material, cited with the
header and the first line (a PKCS#8 key's first line is mostly the format's fixed prefix,
the same in every 4096-bit RSA key).

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: the key set's public modulus
and key id, a certificate, configuration filled from the environment or from Helm values,
placeholders (``xxxxxxxxxxxxxx``), references to generated keys and to CI secrets, a
seeded vehicle's VIN and UUID, digests of lock files.

``NO_SECRET``: the database password ``crapisecretpassword`` (the app's name and the words
secret password), the keystore password ``passw0rd`` (the word password, a letter swapped for
a digit), the seeded ``Test!123``, ``Admin!123`` and the workshop's ``Admin1@#`` (the role's
name and signs counted in order). Left out without a row: values under 8 signs (the JWT secret
and Django key ``crapi``, the web ``.env``'s ``crapi``, the mock users' ``admin``, the seeded
vehicles' ``123456`` pincodes, the identity tests' ``myPass``), the mock user's ``password1``
and ``password`` (placeholders), the binary ``server.p12``. Listed and dropped by the cap of 3 per kind: the gateway's and
the web front end's TLS keys.

Doubtful labels, kept: the seeded passwords ``adam007!123``, ``pogba006!123``,
``robot001!123`` (a user's handle and ``!123``: weak, but the accounts' real credentials);
the Postman collection's bearer tokens (expired in 2020, signed with the app's key: session
tokens as the collection saved them); the key set's CRT parameters (``dp``, ``dq``, ``qi``:
derived from the private primes, each enough with the public key to recover them).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/OWASP+crAPI/repo")
REPO = "OWASP/crAPI"

_JWKS = "services/identity/jwks.json"
_USERS = "services/identity/src/main/java/com/crapi/constant/TestUsers.java"
_POSTMAN = "postman_collections/crAPI.postman_collection.json"
_PEM = "-----BEGIN PRIVATE KEY-----\n"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("services/gateway-service/main.go", "crapi:gateway-basic-auth-password", "Pa$$4Vendor_1", None),
    (_JWKS, "crapi:jwks-rsa-private-exponent", "XJu0Vh3Uq5gV5UPMCfm_j6D5INgX7VjLSN8mup4LfUBkJAk9vpQmDYF8gVzpMr3YdBk_Y7MI1BapPVg2i-s2UQR4xJYwpDOfKJactGWzruvfiTOKNIc8Q87WhLl2D4_FGI2jfyYk6itCLOOk1zfZdkjLLNiQg1SDOqC28AT-qKh99wLRKiIuewbJVW5C-0D8YjlquBU6rXdKxONYKnA1NHWfJEbPtsyJIlfUs06wjiMcXrLLc6qy98LL8t0oQcGdUTN4rICGGj-uH3k7-evJyKXC_RECmbcMu2q8GkjZ7lvaVtHh3TGGAA5TTc-7kW3MUjpCLLL06erLxCn3CcGr6Q", None),
    (_JWKS, "crapi:jwks-rsa-prime", "-o_gG3DQK9540fR_-WM9dy1YgTR-WSH8FezYnH6I5jwwPB6ocni8XgkWCAiKOPYjK6nhmoTD7DBEetilFIWVj1P0G5fejp_c3H-uQQdd6JW2NBWHfWpADglIEc4NfUgjQ8cXjT1-oIJpXzpX6KOhWEP0yGNBYns7W8CNxbw58vU", None),
    (_JWKS, "crapi:jwks-rsa-prime", "tW1D1JK53TIiip9uBVl6EGzXWPFwy8QXlZHbfg3TfhURUF5OYey9Ig-qxh74KvQ-uzwMZOYux0EdUe0OmV-p27huY-nusHjpxKL6xUxpqsLWrYTa6ygRHep3_A50ksN_XIn83oAjBlG4TEePzBsMQb6F4HDrEhpdPeYepKa5PNc", None),
    (_JWKS, "crapi:jwks-rsa-crt-parameter", "rl98fnxXU4BjIvJ-MWfAOfVj159ZotxE3FlVMivZSClxBBXt8qRVqze1jmerEhMxzMxQRkHJO9EnhzrIP-zrdbDefGmHqEhW41k0QutGjnvKLpshDMXpyBrrfgChYKPYbu3aVSALxNadUHmA_lUKDyxT6TUyJsBOQf9Sat8gkRU", None),
    (_JWKS, "crapi:jwks-rsa-crt-parameter", "d8mf-o-yJmj-w3ZGh0Ovw36JpREs_20GgVvfh1gLpvi0CNNrf1529jFP-SXjh0Di1m7sZAZTJn5IpJoXhI7UMN2SDWgcj-oVtx5A4tnz_qpMYh8RCCjZPF5eQE8vCuQHiIsXKbWC6p40SDELsaC-M_5emHUV0EsV-1OgMehe79s", None),
    (_JWKS, "crapi:jwks-rsa-crt-parameter", "IChXZG2VaA05LVfN-nIX03sAZo7ayetTiFKrhGpdmsODw9AoCbBIx4T4SuPnQQBYVkaCAcseyB1XAjqA4Ebm2yvE6yYo-Q8nP-wEo5Mzm18UimCffMox-uSrig1uhuK9oziV-Y11Ytps8yEQq--9BzVTCs1sXAkLVSaO58kGsm4", None),
    ("services/identity/src/main/resources/certs/server.key", "crapi:tls-private-key", "AxuvTXQFTEis3izQGLTYT1Fz0Rxp/AMhiK9An41IONf9diHZkl7ULCaETKvO3Tu3", _PEM + "MIIJQwIBADANBgkqhkiG9w0BAQEFAASCCS0wggkpAgEAAoICAQDUx7apu18LQUPR\nAxuvTXQFTEis3izQGLTYT1Fz0Rxp/AMhiK9An41IONf9diHZkl7ULCaETKvO3Tu3"),
    ("services/workshop/certs/server.key", "crapi:tls-private-key", "2cSBSVfJigTiTLakyPsRUJsmTK8+Lf76JS0v9leVu3mbLuWIYq9F1hicKouwd7Ge", _PEM + "MIIJQgIBADANBgkqhkiG9w0BAQEFAASCCSwwggkoAgEAAoICAQCGlAm81EKlutoA\n2cSBSVfJigTiTLakyPsRUJsmTK8+Lf76JS0v9leVu3mbLuWIYq9F1hicKouwd7Ge"),
    ("services/community/certs/server.key", "crapi:tls-private-key", "cVFKFN3XZQ1lTUe2xBiwv42apNIQy8IK34U0h5xl24Dhp5pO8x2zUVebXGp4zqrv", _PEM + "MIIJQwIBADANBgkqhkiG9w0BAQEFAASCCS0wggkpAgEAAoICAQCLwK9F0EfD3Rw4\ncVFKFN3XZQ1lTUe2xBiwv42apNIQy8IK34U0h5xl24Dhp5pO8x2zUVebXGp4zqrv"),
    ("services/gateway-service/server.key", "crapi:tls-private-key", "oui1jzNAV1IHA4eXIczFZQriVmY5uGZnHs4z87N2g1YQQNrb0ty13WWeHchOz+AG", _PEM + "MIIJQgIBADANBgkqhkiG9w0BAQEFAASCCSwwggkoAgEAAoICAQDYican+Cm2w1bu\noui1jzNAV1IHA4eXIczFZQriVmY5uGZnHs4z87N2g1YQQNrb0ty13WWeHchOz+AG"),
    ("services/web/certs/server.key", "crapi:tls-private-key", "huGcjwP7lzRK1Nwd8Q/eyXdIStVxmXSbCHW+x5dOWlfNSTBcY7E0jeaOZRfqZXPl", _PEM + "MIIJQgIBADANBgkqhkiG9w0BAQEFAASCCSwwggkoAgEAAoICAQCv/Pc7YKHtmw69\nhuGcjwP7lzRK1Nwd8Q/eyXdIStVxmXSbCHW+x5dOWlfNSTBcY7E0jeaOZRfqZXPl"),
    (_USERS, "crapi:seed-user-password", "adam007!123", None),
    (_USERS, "crapi:seed-user-password", "pogba006!123", None),
    (_USERS, "crapi:seed-user-password", "robot001!123", None),
    (_USERS, "crapi:seed-user-password", "Test!123", None),
    (_USERS, "crapi:seed-user-password", "Admin!123", None),
    ("services/workshop/crapi/apps.py", "crapi:workshop-seed-mechanic-password", "Admin1@#", None),
    ("deploy/docker/docker-compose.yml", "crapi:compose-db-password", "crapisecretpassword", None),
    ("deploy/docker/docker-compose.yml", "crapi:compose-keystore-password", "passw0rd", None),
    (_POSTMAN, "crapi:postman-bearer-jwt", "eyJhbGciOiJIUzUxMiJ9.eyJzdWIiOiJtb25zdGVyQGRhcmt3ZWIuY29tIiwiaWF0IjoxNjA4MDMxMDk5LCJleHAiOjE2MDgxMTc0OTl9.lQr14VeNm_lOmKiOIKwO6mRu_47VEU8HVWEsyBzbeaVXzIthwnTC4mNmYb0qNW2--T20_P9sOjTWtMJjKRQCJA", None),
    (_POSTMAN, "crapi:postman-bearer-jwt", "eyJhbGciOiJIUzUxMiJ9.eyJzdWIiOiJtb25zdGVyQGRhcmt3ZWIuY29tIiwiaWF0IjoxNjA4NTQzODI0LCJleHAiOjE2MDg2MzAyMjR9.AAIvhrtstlloPf7-NNCcmhEZm-XkO1aO3x3CLns1em7ft9U77B88LpK9jIrF8C-IH32JPWVazRFo0gBIBZ9FpA", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "crapisecretpassword": "the app's name and the words secret password",
    "passw0rd": "the word password, a letter swapped for a digit",
    "Test!123": "the role's name and signs counted in order",
    "Admin!123": "the role's name and signs counted in order",
    "Admin1@#": "the role's name and the keys 1, 2, 3 shifted",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # the key set's public part, a certificate
    (_JWKS, "crapi-fp:public-key", '"n": "sZKrGYja9S7BkO-waOcupoGY6BQjixJkg1Uitt278NbiCSnBRw5_cmfuWFFFPgRxabBZBJwJAujnQrlgTLXnRRItM9SRO884cEXn-s4Uc8qwk6pev63qb8no6aCVY0dFpthEGtOP-3KIJ2kx2i5HNzm8d7fG3ZswZrttDVbSSTy8UjPTOr4xVw1Yyh_GzGK9i_RYBWHftDsVfKrHcgGn1F_T6W0cgcnh4KFmbyOQ7dUy8Uc6Gu8JHeHJVt2vGcn50EDtUy2YN-UnZPjCSC7vYOfd5teUR_Bf4jg8GN6UnLbr_Et8HUnz9RFBLkPIf0NiY6iRjp9ooSDkml2OGql3ww"'),
    (_JWKS, "crapi-fp:identifier", '"kid": "MKMZkDenUfuDF2byYowDj7tW5Ox6XG4Y1THTEGScRg8",'),
    ("services/identity/src/main/resources/certs/server.crt", "crapi-fp:certificate", "-----BEGIN CERTIFICATE-----\nMIIF4zCCA8ugAwIBAgIUG5a9Xmxmaf3/+FlYmzrRY1NJFA8wDQYJKoZIhvcNAQEL"),
    # configuration filled from the environment, Helm values or a file; placeholders
    ("services/identity/src/main/resources/application.properties", "crapi-fp:reference", "spring.datasource.password=${DB_PASSWORD}"),
    ("services/identity/src/main/resources/application.properties", "crapi-fp:reference", "mail.smtp.password=${SMTP_PASS}"),
    ("services/identity/src/main/resources/application.properties", "crapi-fp:reference", "server.ssl.key-store-password=${TLS_KEYSTORE_PASSWORD}"),
    ("deploy/helm/templates/identity/config.yaml", "crapi-fp:reference", "TLS_KEYSTORE_PASSWORD: {{ .Values.identity.config.keyStorePassword }}"),
    ("deploy/helm/templates/community/config.yaml", "crapi-fp:reference", "DB_PASSWORD: {{ .Values.postgresdb.config.postgresPassword }}"),
    (".github/workflows/publish.yml", "crapi-fp:reference", "password: ${{ secrets.DOCKERHUB_TOKEN }}"),
    ("services/identity/.env", "crapi-fp:reference", "export JWKS=$(openssl base64 -in ./jwks.json -A)"),
    ("services/identity/.env", "crapi-fp:placeholder", "export SMTP_PASS=xxxxxxxxxxxxxx"),
    ("services/identity/src/main/resources/application.properties", "crapi-fp:placeholder", "mail.mailhog.password=xxxxxxxxxx"),
    ("deploy/docker/docker-compose.yml", "crapi-fp:config", "- TLS_KEY=certs/server.key"),
    ("services/community/api/router/routes.go", "crapi-fp:config", 'key = "certs/server.key"'),
    ("deploy/k8s/minikube/deploy.sh", "crapi-fp:reference", "kubectl create -n crapi secret generic jwt-key-secret --from-file=../keys"),
    # code computing keys and connection strings
    ("services/identity/src/main/java/com/crapi/service/Impl/UserServiceImpl.java", "crapi-fp:reference", "String apiKey = ApiKeyGenerator.generateRandom(512);"),
    ("services/identity/src/main/java/com/crapi/config/JwtProvider.java", "crapi-fp:reference", "String defaultSecret = encoder.encodeToString(this.publicRSAKey.toPublicKey().getEncoded());"),
    ("services/community/api/config/Initialize_postgres.go", "crapi-fp:reference", 'DBURL := fmt.Sprintf("host=%s port=%s user=%s dbname=%s sslmode=disable password=%s", DbHost, DbPort, DbUser, DbName, DbPassword)'),
    ("services/workshop/utils/mock_methods.py", "crapi-fp:reference", '"password": fake.password(),'),
    # identifiers and digests
    (_USERS, "crapi-fp:identifier", '"7ECOX34KJTV359804",'),
    (_USERS, "crapi-fp:identifier", '"f89b5f21-7829-45cb-a650-299a61090378",'),
    ("services/gateway-service/go.sum", "crapi-fp:digest", "github.com/bradfitz/iter v0.0.0-20191230175014-e8f45d346db8 h1:GKTyiRCL6zVf5wWaqKnf+7Qs6GbEPfd4iMOitWzXJx8="),
    ("services/web/package-lock.json", "crapi-fp:digest", '"integrity": "sha512-lFMjJTrFL3j7L9yBxwYfCq2k6qqwHyzuUl/XBnif78PWTJYyL/dfowQHWE3sp6U6ZzqWiiIZnpTMO96zhkjwtg==",'),
)  # fmt: skip

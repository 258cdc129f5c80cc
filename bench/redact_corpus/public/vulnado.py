# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""vulnado, for the ``fresh21`` split (``fresh21.py`` reads and writes).

``ScaleSec/vulnado`` is an intentionally vulnerable Spring Boot application (a Java API, a
static client, an internal site, PostgreSQL) with four exercises and a Terraform reverse-shell
listener. Its secrets sit where a Spring developer puts them: the HMAC secret its JWTs are
signed with, a UUID in ``src/main/resources/application.properties``; the seed users' passwords
that ``Postgres.java`` hashes into the database at start-up; and, in the XSS exercise
(``exercises/02-xss.md``), the session JWT a listener caught in a request's path. Every text
file was read at ``HEAD``; each value is cited by the first line holding it, in the file named.

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: ``@Value("${app.secret}")``
and the code deriving the signing key from it, the connection built from ``PGUSER`` and
``PGPASSWORD``, the seed insert hashing its password, the login comparing digests, the client
keeping the token in ``localStorage`` and decoding its claims, the header the token travels in,
the Terraform listener's public-key variable and key-pair name.

``NO_SECRET``: ``!!SuperSecretAdmin!!`` (words naming the value and the role), ``AlicePassword!``
and ``BobPassword!`` (the user's name and the word password). Left out without a row:
``vulnado`` (the database password in the compose file: the app's name, under 8 signs).

Doubtful labels, kept: ``$EVELknev^l`` (a stunt rider's name with signs, but ``eve``'s
password), ``!GetSchwifty!`` (a catchphrase, but ``rick``'s password, the one the SQL exercise
has the player change); the exercise's JWT (one past session of ``rick``, but a bearer token in
its exact form, signed with the UUID key above).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/ScaleSec+vulnado/repo")
REPO = "ScaleSec/vulnado"

_J = "src/main/java/com/scalesec/vulnado/"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("src/main/resources/application.properties", "vulnado:spring-jwt-secret", "edf10572-880c-4dd9-aaf0-6ec402f678db", None),
    (_J + "Postgres.java", "vulnado:seed-user-password", "$EVELknev^l", None),
    (_J + "Postgres.java", "vulnado:seed-user-password", "!GetSchwifty!", None),
    ("exercises/02-xss.md", "vulnado:exercise-session-jwt", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJyaWNrIn0.lLdv2SY2TWzzXVKSahFDWPLcUHwpXpjsLnhwo0ioRFM", None),
    # read as no secret (NO_SECRET)
    (_J + "Postgres.java", "vulnado:seed-user-password", "!!SuperSecretAdmin!!", None),
    (_J + "Postgres.java", "vulnado:seed-user-password", "AlicePassword!", None),
    (_J + "Postgres.java", "vulnado:seed-user-password", "BobPassword!", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "!!SuperSecretAdmin!!": "words naming the value and the role",
    "AlicePassword!": "the user's name and the word password",
    "BobPassword!": "the user's name and the word password",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (_J + "CommentsController.java", "vulnado-fp:reference", '@Value("${app.secret}")'),
    (_J + "CommentsController.java", "vulnado-fp:reference", 'List<Comment> comments(@RequestHeader(value="x-auth-token") String token) {'),
    (_J + "User.java", "vulnado-fp:reference", "SecretKey key = Keys.hmacShaKeyFor(secret.getBytes());"),
    (_J + "User.java", "vulnado-fp:reference", "String jws = Jwts.builder().setSubject(this.username).signWith(key).compact();"),
    (_J + "Postgres.java", "vulnado-fp:reference", 'System.getenv("PGUSER"), System.getenv("PGPASSWORD"));'),
    (_J + "Postgres.java", "vulnado-fp:reference", "pStatement.setString(3, md5(password));"),
    (_J + "Postgres.java", "vulnado-fp:config", 'String sql = "INSERT INTO users (user_id, username, password, created_on) VALUES (?, ?, ?, current_timestamp)";'),
    (_J + "LoginController.java", "vulnado-fp:reference", "if (Postgres.md5(input.password).equals(user.hashedPassword)) {"),
    (_J + "LoginController.java", "vulnado-fp:reference", "return new LoginResponse(user.token(secret));"),
    ("client/js/index.js", "vulnado-fp:reference", "xhr.setRequestHeader('x-auth-token', localStorage.jwt);"),
    ("client/js/login.js", "vulnado-fp:reference", "var username = JSON.parse(atob(data.token.split('.')[1]))['sub'];"),
    ("exercises/02-xss.md", "vulnado-fp:config", "Access-Control-Request-Headers: x-auth-token"),
    ("reverse_shell/README.md", "vulnado-fp:reference", "export TF_VAR_public_key=$(cat ~/.ssh/id_rsa.pub)"),
    ("reverse_shell/main.tf", "vulnado-fp:reference", 'public_key = "${var.public_key}"'),
    ("reverse_shell/main.tf", "vulnado-fp:identifier", 'key_name   = "tmp-vulnado-deploy-key"'),
)  # fmt: skip

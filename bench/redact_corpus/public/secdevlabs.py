# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Globo's secDevLabs, for the ``fresh15`` split (``fresh15.py`` reads and writes).

``globocom/secDevLabs`` is a set of small deliberately vulnerable applications, one per OWASP
Top 10 category (``owasp-top10-2021-apps/a1`` … ``a9``) and three mobile ones with their Go
servers (``owasp-top10-2016-mobile/m2``, ``m4``, ``m5``), in Go, Python, Node, PHP and Java,
each started with Docker Compose. Most of them draw their passwords from ``$RANDOM`` at
install time (``generate-env.sh``, ``scripts.sh``), but some generated values were committed:
the MongoDB users' passwords in two ``mongo-init.js`` files, and one fixed Mongo password that
two Go apps share in their ``config.yml`` and ``mongo-init.js``. The Drupal app (``a6/cimentech``)
ships its ``settings.php`` with the site's hash salt and a database dump (``app/dump.db``)
whose ``variable`` table holds the site's private key and cron key as PHP-serialised strings in
PostgreSQL's hex ``bytea`` form (``\\x733a34333a22…``) and whose ``sessions`` table holds the
admin's session id. A Flask app falls back on a hard-coded ``SECRET_KEY``. Each file was read
at ``HEAD`` and each value is cited by the first line holding it; the dump's two keys are the hex digits after ``\\x``, cited by their row
of the ``variable`` table (the anchor: a cached copy of the whole table, hex-encoded on one
5,000-sign line, holds them earlier).

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: the scripts that generate the
passwords, Mongo and JWT settings read from the environment, ``.env`` templates, the Mongo
users' names, the dump's other ``variable`` rows (the site's name and mail, hex-encoded),
a file digest of Drupal's registry, the Drupal settings' comments on the salt, the database
driver's settings.

``NO_SECRET``: the ``secret-key`` and ``secretkey`` of three Compose files (words naming the
value), ``my_secret_key`` of a JWT signer (words naming the value). Left out without a row:
values under 8 signs (``secret``, ``pass``, ``root``, ``example``), the apps' own names
(``streaming``, ``mongection``), the WordPress sample's ``somewordpress`` and
``wordpress`` (``awesomecompose.py`` lists the same values), the Drupal admin's
password hash ``$S$D6MJ…`` and the session app's SHA-256 hash (digests of passwords: not the
secret, nor a fair negative), the copies of ``svGX8SViufvYYNu6m3Kv`` in ``mongo-init.js`` and
in the second app's ``config.yml`` (cited once).

Doubtful labels, kept: ``Pass191198596`` and ``Pass574422970`` (the word Pass and
``$RANDOM$RANDOM``: a fixed prefix, but the digits are the generated part, and each is the
committed password of its Mongo user); ``ooops,algo errado!`` (Portuguese for "oops,
something went wrong!": a phrase, but the Flask session's signing key when no environment
sets one); the two hex ``bytea`` values (the key in an encoding, as a dump leaks it).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/globocom+secDevLabs/repo")
REPO = "globocom/secDevLabs"

_APPS = "owasp-top10-2021-apps"
_DUMP = f"{_APPS}/a6/cimentech/app/dump.db"
_DRUPAL = f"{_APPS}/a6/cimentech/app/html/sites/default/settings.php"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("owasp-top10-2016-mobile/m2/cool_games/server/deployments/mongo-init.js", "secdevlabs:mongo-init-password", "Pass191198596", None),
    (f"{_APPS}/a1/camplake-api/deployments/mongo-init.js", "secdevlabs:mongo-init-password", "Pass574422970", None),
    (f"{_APPS}/a2/snake-pro/app/config.yml", "secdevlabs:config-yml-mongo-password", "svGX8SViufvYYNu6m3Kv", None),
    (f"{_APPS}/a3/gossip-world/app/config.py", "secdevlabs:flask-secret-key-default", "ooops,algo errado!", None),
    (_DRUPAL, "secdevlabs:drupal-hash-salt", "2RD9ocPF9xA0WNqScG7uwjkWQIAe_UIa8oZ615bl-N4", None),
    (_DUMP, "secdevlabs:drupal-dump-private-key-bytea", "733a34333a22434d3430397271457534344661395a5f4e6443486b6e545a694679525a4b5f4f576437592d57346f714b63223b", "drupal_private_key\t\\\\x733a34333a22434d3430397271457534344661395a5f4e6443486b6e545a694679525a4b5f4f576437592d57346f714b63223b"),
    (_DUMP, "secdevlabs:drupal-dump-session-id", "ZLABMggdeEbiCp4xc1mVe1a8cEV51A3YauzG0FxWD6o", None),
    (_DUMP, "secdevlabs:drupal-dump-cron-key-bytea", "733a34333a224734737a3157743069694e4b3530376b6c45576163613072676a70685975514871562d4d47725955663234223b", "cron_key\t\\\\x733a34333a224734737a3157743069694e4b3530376b6c45576163613072676a70685975514871562d4d47725955663234223b"),
    (f"{_APPS}/a2/snake-pro/deployments/docker-compose.yml", "secdevlabs:compose-secret-key", "secret-key", None),
    (f"{_APPS}/a3/gossip-world/deployments/docker-compose.yml", "secdevlabs:compose-secret-key", "secretkey", None),
    (f"{_APPS}/a1/camplake-api/app/handlers/jwt.go", "secdevlabs:jwt-signing-key", "my_secret_key", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "secret-key": "words naming the value",
    "secretkey": "words naming the value",
    "my_secret_key": "words naming the value",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # passwords generated at install time, settings read from the environment
    (f"{_APPS}/a1/camplake-api/deployments/scripts.sh", "secdevlabs-fp:generator", 'MONGO_DATABASE_PASSWORD_TMP="Pass$RANDOM$RANDOM"'),
    (f"{_APPS}/a1/camplake-api/deployments/scripts.sh", "secdevlabs-fp:generator", 'echo "MONGO_DATABASE_PASSWORD=$MONGO_DATABASE_PASSWORD_TMP" >> deployments/dockers.env'),
    ("owasp-top10-2016-mobile/m2/cool_games/server/deployments/generate-env.sh", "secdevlabs-fp:generator", "M2_SECRET=$RANDOM$RANDOM"),
    ("owasp-top10-2016-mobile/m2/cool_games/server/deployments/generate-env.sh", "secdevlabs-fp:reference", 'pwd: "${MONGO_DATABASE_PASSWORD}",'),
    (f"{_APPS}/a1/tictactoe/deployments/generate-env.sh", "secdevlabs-fp:generator", 'echo "MYSQL_ROOT_PASSWORD=$DATABASE_PASSWORD" >> deployments/.dockers.env'),
    (f"{_APPS}/a5/stegonography/deployments/generate-env.sh", "secdevlabs-fp:generator", 'echo "SECRET=$SECRET" >> app/.env'),
    (f"{_APPS}/a5/stegonography/app/.env.example", "secdevlabs-fp:placeholder", "SECRET="),
    ("owasp-top10-2016-mobile/m2/cool_games/server/app/db/mongo.go", "secdevlabs-fp:reference", 'mongoPassword := os.Getenv("MONGO_DATABASE_PASSWORD")'),
    ("owasp-top10-2016-mobile/m2/cool_games/server/app/db/mongo.go", "secdevlabs-fp:reference", "AuthSource: mongoDbName, Username: mongoUsername, Password: mongoPassword,"),
    ("owasp-top10-2016-mobile/m4/note-box/server/app/main.go", "secdevlabs-fp:reference", 'jwtSecret := os.Getenv("M4_SECRET")'),
    ("owasp-top10-2016-mobile/m4/note-box/server/app/main.go", "secdevlabs-fp:reference", "jwtMiddleware := middleware.JWT([]byte(jwtSecret))"),
    ("owasp-top10-2016-mobile/m5/panda_zap/server/auth/jwt.go", "secdevlabs-fp:reference", 'token, err := j.TokenConfig.SignedString([]byte(j.Settings.GetString("jwt_secret")))'),
    (f"{_APPS}/a4/super-recovery-password/src/api/services/GenerateJwt.go", "secdevlabs-fp:reference", 'secret := os.Getenv("JWT_SECRET")'),
    (f"{_APPS}/a3/gossip-world/app/config.py", "secdevlabs-fp:reference", "MYSQL_PASSWORD = os.environ.get('MYSQL_PASSWORD')"),
    (f"{_APPS}/a3/streaming/app/backend/src/main/resources/application-prod.properties", "secdevlabs-fp:reference", "spring.datasource.password=${A7_STREAMING_DATABASE_PASSWORD}"),
    (f"{_APPS}/a5/stegonography/app/index.js", "secdevlabs-fp:reference", "var token = jwt.sign({ username }, process.env.SECRET, {"),
    (f"{_APPS}/a1/camplake-api/app/crypto/hash.go", "secdevlabs-fp:reference", "bytes, err := bcrypt.GenerateFromPassword([]byte(password), 14)"),
    (f"{_APPS}/a3/gossip-world/app/routes.py", "secdevlabs-fp:reference", "form_token = request.form.get('_csrf_token')"),
    # users, hosts, database names beside the passwords
    ("owasp-top10-2016-mobile/m2/cool_games/server/deployments/mongo-init.js", "secdevlabs-fp:identifier", 'user: "User60222444",'),
    (f"{_APPS}/a1/camplake-api/deployments/mongo-init.js", "secdevlabs-fp:identifier", 'user: "User77834151",'),
    (f"{_APPS}/a2/snake-pro/app/config.yml", "secdevlabs-fp:identifier", "mongoUser: u_snake_pro"),
    (f"{_APPS}/a7/insecure-go-project/deployments/mongo-init.js", "secdevlabs-fp:config", 'var db = connect("mongodb://localhost/insecure_go_project");'),
    ("owasp-top10-2016-mobile/m2/cool_games/server/deployments/mongo-init.js", "secdevlabs-fp:config", 'roles: [{ role: "userAdminAnyDatabase", db: "admin" }]'),
    (f"{_APPS}/a3/streaming/deployments/docker-compose.yml", "secdevlabs-fp:config", "- A7_STREAMING_DATABASE_URL=jdbc:mysql://mysql-a7-streaming:3306/streaming?useSSL=false&useTimezone=true&serverTimezone=UTC&allowPublicKeyRetrieval=true&createDatabaseIfNotExist=true"),
    (f"{_APPS}/a2/snake-pro/app/main.go", "secdevlabs-fp:config", 'TokenLookup: "cookie:sessionIDsnake",'),
    # the Drupal site beside its salt and keys
    (_DRUPAL, "secdevlabs-fp:comment", " *   $drupal_hash_salt = file_get_contents('/home/example/salt.txt');"),
    (_DRUPAL, "secdevlabs-fp:config", "'driver' => 'pgsql',"),
    (_DRUPAL, "secdevlabs-fp:config", "ini_set('session.cookie_lifetime', 2000000);"),
    (_DUMP, "secdevlabs-fp:encoded", "site_name\t\\\\x733a393a2243696d656e74656368223b"),
    (_DUMP, "secdevlabs-fp:encoded", "site_mail\t\\\\x733a31393a22636f6d65726369616c40656d61696c2e636f6d223b"),
    (_DUMP, "secdevlabs-fp:encoded", "css_js_query_string\t\\\\x733a363a22706b7a386b74223b"),
    (_DUMP, "secdevlabs-fp:digest", "includes/password.inc\tfd9a1c94fe5a0fa7c7049a2435c7280b1d666b2074595010e3c492dd15712775"),
    (_DUMP, "secdevlabs-fp:schema", "COMMENT ON COLUMN public.users.pass IS 'User''s password (hashed).';"),
)  # fmt: skip

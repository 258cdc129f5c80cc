# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Docker's awesome-compose, for the ``fresh15`` split (``fresh15.py`` reads and writes).

``docker/awesome-compose`` is Docker's gallery of Compose samples: one folder per stack (a
web front end, an API in Go, Java, Python, .NET, Rust or Node, a MySQL, Postgres or Mongo
database, a proxy), each with its ``compose.yaml`` and the application's own files. Most stacks
hand the database password over as a Compose secret: a one-line ``db/password.txt`` (a
``db-`` prefix and five random signs), mounted at ``/run/secrets/db-password`` and read there
by the database image (``*_PASSWORD_FILE``) and by the API. The Spring samples repeat that
password as the fallback of ``spring.datasource.password``; the Django sample falls back on a
hard-coded ``SECRET_KEY``; the WasmEdge samples write their root password into a connection
URL. The other stacks set passwords that are the software's own name or a word naming the
value, or fill them from ``.env`` files. Each file was read at ``HEAD`` and each value is
cited by the first line holding it.

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: Compose secret references
and ``*_FILE`` variables, code reading the secret file, settings filled from the environment
or ``.env`` (``${POSTGRES_PW}``), the ``.env`` files' ``changeit`` placeholders, healthchecks
reading the password at run time, module digests (``go.sum``, ``package-lock.json``),
images, ports and host names.

``NO_SECRET``: the MSSQL sample's ``example_123`` (the word example, digits counted in
order), WordPress's ``somewordpress`` and Nextcloud's ``nextcloud`` (the software's name),
the Rust sample's ``mysecretpassword`` (words naming the value). Left out without a row:
values under 8 signs (``gitea``, ``grafana``, the WasmEdge URL's ``pass`` in
``mysql://root:pass@127.0.0.1``), WordPress's ``wordpress`` (the software's name again), the
second copy of a password (``db-q5n2g`` is both the ASP.NET and the Go MySQL samples';
``db-57xsl`` and ``db-wrz2z`` sit in a ``password.txt`` and in ``application.properties``,
cited once, in the properties file). Listed and dropped by ``build.py``'s placeholder test:
``db-78n9n`` and ``db-wrz2z`` (past the ``db-`` prefix, four distinct signs).

Doubtful labels, kept: the ``db-xxxxx`` passwords (eight signs of which five random: short,
but each is the one credential its stack's database is started with); ``whalehello`` (two
words run together, but no word naming the value: a weak password, still the root's).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/docker+awesome-compose/repo")
REPO = "docker/awesome-compose"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("nginx-aspnet-mysql/db/password.txt", "awesome-compose:mysql-secret-file-password", "db-q5n2g", None),
    ("nginx-flask-mysql/db/password.txt", "awesome-compose:mysql-secret-file-password", "db-78n9n", None),
    ("react-express-mysql/db/password.txt", "awesome-compose:mysql-secret-file-password", "db-btf5q", None),
    ("sparkjava-mysql/db/password.txt", "awesome-compose:mysql-secret-file-password", "db-vp2lf", None),
    ("nginx-golang-postgres/db/password.txt", "awesome-compose:postgres-secret-file-password", "db-frknz", None),
    ("react-java-mysql/backend/src/main/resources/application.properties", "awesome-compose:spring-datasource-default-password", "db-57xsl", None),
    ("spring-postgres/backend/src/main/resources/application.properties", "awesome-compose:spring-datasource-default-password", "db-wrz2z", None),
    ("django/app/example/settings.py", "awesome-compose:django-secret-key-default", "h8+mu_iy6%5j%7+hp**+gsq$nmy!!mjd8z_qkd94@z!%9%!+qn", None),
    ("wasmedge-kafka-mysql/compose.yml", "awesome-compose:database-url-password", "whalehello", None),
    ("aspnet-mssql/compose.yaml", "awesome-compose:mssql-sa-password", "example_123", None),
    ("wordpress-mysql/compose.yaml", "awesome-compose:mysql-root-password", "somewordpress", None),
    ("nextcloud-redis-mariadb/compose.yaml", "awesome-compose:mysql-root-password", "nextcloud", None),
    ("react-rust-postgres/compose.yaml", "awesome-compose:postgres-password", "mysecretpassword", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "example_123": "the word example and digits counted in order",
    "somewordpress": "the software's name after the word some",
    "nextcloud": "the software's name",
    "mysecretpassword": "words naming the value",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # Compose secrets by reference, *_FILE variables, code reading the secret file
    ("nginx-golang-postgres/compose.yaml", "awesome-compose-fp:reference", "- POSTGRES_PASSWORD_FILE=/run/secrets/db-password"),
    ("nginx-aspnet-mysql/compose.yaml", "awesome-compose-fp:reference", "- MYSQL_ROOT_PASSWORD_FILE=/run/secrets/db-password"),
    ("react-express-mysql/compose.yaml", "awesome-compose-fp:reference", "- DATABASE_PASSWORD=/run/secrets/db-password"),
    ("nginx-golang-postgres/compose.yaml", "awesome-compose-fp:reference", "file: db/password.txt"),
    ("nginx-golang-postgres/compose.yaml", "awesome-compose-fp:reference", "- db-password"),
    ("nginx-aspnet-mysql/compose.yaml", "awesome-compose-fp:reference", "test: ['CMD-SHELL', 'mysqladmin ping -h 127.0.0.1 --password=\"$$(cat /run/secrets/db-password)\" --silent']"),
    ("nginx-aspnet-mysql/backend/Program.cs", "awesome-compose-fp:reference", 'string password = File.ReadAllText("/run/secrets/db-password");'),
    ("nginx-aspnet-mysql/backend/Program.cs", "awesome-compose-fp:reference", 'string connectionString = $"server=db;user=root;database=example;port=3306;password={password}";'),
    ("nginx-golang-postgres/backend/main.go", "awesome-compose-fp:reference", 'bin, err := ioutil.ReadFile("/run/secrets/db-password")'),
    ("nginx-golang-postgres/backend/main.go", "awesome-compose-fp:reference", 'return sql.Open("postgres", fmt.Sprintf("postgres://postgres:%s@db:5432/example?sslmode=disable", string(bin)))'),
    ("nginx-flask-mysql/backend/hello.py", "awesome-compose-fp:reference", "conn = DBManager(password_file='/run/secrets/db-password')"),
    ("nginx-flask-mysql/backend/hello.py", "awesome-compose-fp:reference", "password=pf.read(),"),
    ("react-express-mysql/backend/src/config.js", "awesome-compose-fp:reference", "password: process.env.DATABASE_PASSWORD"),
    ("react-express-mysql/backend/src/config.js", "awesome-compose-fp:reference", "? readFileSync(process.env.DATABASE_PASSWORD)"),
    ("react-java-mysql/backend/src/main/java/com/company/project/configuration/DockerSecretsProcessor.java", "awesome-compose-fp:reference", 'Resource resource = new FileSystemResource("/run/secrets/db-password");'),
    ("react-java-mysql/backend/src/main/java/com/company/project/configuration/DockerSecretsProcessor.java", "awesome-compose-fp:reference", 'System.setProperty("MYSQL_PASSWORD", dbPassword);'),
    ("sparkjava-mysql/backend/src/main/java/App.java", "awesome-compose-fp:reference", 'return DriverManager.getConnection("jdbc:mysql://db/example?allowPublicKeyRetrieval=true&useSSL=false", "root", Files.lines(Paths.get("/run/secrets/db-password")).findFirst().get());'),
    ("react-rust-postgres/backend/src/postgres.rs", "awesome-compose-fp:reference", 'if let Ok(password) = std::env::var("PG_PASSWORD") {'),
    ("django/app/example/settings.py", "awesome-compose-fp:reference", "SECRET_KEY = env('SECRET_KEY',"),
    # settings filled from .env, and the .env files' placeholders
    ("pihole-cloudflared-DoH/compose.yaml", "awesome-compose-fp:reference", "- WEBPASSWORD=${PIHOLE_PW}"),
    ("postgresql-pgadmin/compose.yaml", "awesome-compose-fp:reference", "- POSTGRES_PASSWORD=${POSTGRES_PW}"),
    ("postgresql-pgadmin/compose.yaml", "awesome-compose-fp:reference", "- PGADMIN_DEFAULT_PASSWORD=${PGADMIN_PW}"),
    ("pihole-cloudflared-DoH/.env", "awesome-compose-fp:placeholder", "PIHOLE_PW=changeit"),
    ("postgresql-pgadmin/.env", "awesome-compose-fp:placeholder", "PGADMIN_PW=changeit"),
    ("postgresql-pgadmin/.env", "awesome-compose-fp:placeholder", "POSTGRES_USER=yourUser"),
    ("postgresql-pgadmin/.env", "awesome-compose-fp:placeholder", "PGADMIN_MAIL=your@email.com"),
    # configuration that names no secret
    ("nginx-wsgi-flask/nginx/nginx.conf", "awesome-compose-fp:config", "server_tokens off;"),
    ("nginx-flask-mysql/compose.yaml", "awesome-compose-fp:config", "command: '--default-authentication-plugin=mysql_native_password'"),
    ("react-java-mysql/backend/src/main/resources/application.properties", "awesome-compose-fp:config", "spring.datasource.url=jdbc:mysql://${MYSQL_HOST:db}:3306/example"),
    ("nginx-flask-mongo/flask/server.py", "awesome-compose-fp:config", 'client = MongoClient("mongo:27017")'),
    ("django/app/example/settings.py", "awesome-compose-fp:config", "'NAME': 'django.contrib.auth.password_validation.UserAttributeSimilarityValidator',"),
    ("pihole-cloudflared-DoH/.env", "awesome-compose-fp:config", "PIHOLE_REVERSE_DNS=192.168.178.0/24"),
    # module digests
    ("nginx-golang-mysql/backend/go.sum", "awesome-compose-fp:digest", "github.com/felixge/httpsnoop v1.0.1 h1:lvB5Jl89CsZtGIWuTcDM1E/vkVs49/Ml7JJe07l8SPQ="),
    ("nginx-golang-mysql/backend/go.sum", "awesome-compose-fp:digest", "github.com/go-sql-driver/mysql v1.6.0 h1:BCTh4TKNUYmOmMUcQ3IipzF5prigylS7XXjEkfCHuOE="),
    ("react-express-mysql/backend/package-lock.json", "awesome-compose-fp:digest", '"integrity": "sha512-9NET910DNaIPngYnLLPeg+Ogzqsi9uM4mSboU5y6p8S5DzMTVEsJZrawi+BoDNUVBa2DhJqQYUFvMDfgU062LQ==",'),
)  # fmt: skip

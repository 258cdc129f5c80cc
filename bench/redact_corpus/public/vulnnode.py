# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""vulnerable-node, for the ``fresh21`` split (``fresh21.py`` reads and writes).

``cr0hn/vulnerable-node`` is a small intentionally vulnerable Express shop on PostgreSQL, made
to test static analysers (``scanner/sast/expectedIssues.csv`` lists what they should find,
``CWE-547,Secret,app.js,44`` among it). Its secrets sit where a Node developer puts them: the
express-session secret written into ``app.js``; the seed users' passwords in ``dummy.js``; and,
in a comment of the CSRF attack script (``attacks/csrf/csrf.sh``), the ``connect.sid`` session
cookie of a logged-in browser given as the example to paste. Every text file was read at
``HEAD`` (not the vendored jQuery and Bootstrap); each value is cited by the first line holding
it, in the file named.

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: code building the connection
string and inserting the seed users by reference, the SQL the login builds, the attack scripts'
empty cookie and ``sqlmap`` command, the scanner's expected-issue row, the login form, the
session check.

``NO_SECRET``: ``postgres`` (the database's own name and role, as password in the three
connection URLs and the compose file). Left out without a row: ``admin`` (under 8 signs).

Doubtful labels, kept: the session secret (written with a leading ``ñ`` and typed at the
keyboard, runs of ``780`` repeat in it, but it is the key the cookies are signed with); the
example ``connect.sid`` cookie (one past session's, signed by that key, in a comment, but a
bearer cookie in its exact form).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/cr0hn+vulnerable-node/repo")
REPO = "cr0hn/vulnerable-node"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("app.js", "vulnerable-node:express-session-secret", "ñasddfilhpaf78h78032h780g780fg780asg780dsbovncubuyvqy", None),
    ("dummy.js", "vulnerable-node:seed-user-password", "asdfpiuw981", None),
    ("attacks/csrf/csrf.sh", "vulnerable-node:captured-session-cookie", "s%3AM9Ddp0pSbLOrBbgz9V6v2UhZMs1zTbTy.kS5d8QwFWge7FRH7KbveH2QLf6rAYvBft75nU6jgLzQ", None),
    # read as no secret (NO_SECRET)
    ("docker-compose.yml", "vulnerable-node:compose-db-password", "postgres", "- POSTGRES_PASSWORD=postgres"),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "postgres": "the database's own name and role",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("config.js", "vulnerable-node-fp:reference", 'config.db.connectionString = config.db.server + "/" + config.db.database'),
    ("model/init_db.js", "vulnerable-node-fp:reference", "db.one('INSERT INTO users(name, password) values($1, $2)', [u.username, u.password])"),
    ("model/init_db.js", "vulnerable-node-fp:config", "db.one('CREATE TABLE users(name VARCHAR(100) PRIMARY KEY, password VARCHAR(50));')"),
    ("model/auth.js", "vulnerable-node-fp:reference", "var q = \"SELECT * FROM users WHERE name = '\" + username + \"' AND password ='\" + password + \"';\";"),
    ("routes/login.js", "vulnerable-node-fp:reference", "auth(user, password)"),
    ("routes/login_check.js", "vulnerable-node-fp:reference", "if (req.session.logged == undefined || req.session.logged == false)"),
    ("attacks/csrf/csrf.sh", "vulnerable-node-fp:empty", 'COOKIE=""'),
    ("attacks/csrf/csrf.sh", "vulnerable-node-fp:text", "# Put here your cookie session value, like:"),
    ("attacks/sqli/login.sh", "vulnerable-node-fp:command", 'sqlmap --batch -u "http://127.0.0.1:3000/login/auth" --data "username=&password="'),
    ("scanner/sast/expectedIssues.csv", "vulnerable-node-fp:config", "CWE-547,Secret,app.js,44"),
    ("views/login.ejs", "vulnerable-node-fp:template", '<input type="password" id="password" name="password" class="form-control" placeholder="Password..." required>'),
)  # fmt: skip

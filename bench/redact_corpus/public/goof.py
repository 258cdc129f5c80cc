# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Snyk's Goof, for the ``fresh21`` split (``fresh21.py`` reads and writes).

``snyk/goof`` is Snyk's vulnerable demo: an Express to-do app on MongoDB (and MySQL through
TypeORM) with exploit scripts, a README walking through the flaws, and a SARIF report of Snyk
Code's findings. Its one random credential is a token ``app.js`` hard-codes and logs at start-up
(``SECRET_TOKEN_`` and 39 hex digits); the rest are words. Every text file was read at ``HEAD``
(``package-lock.json`` and the images aside); each value is cited by the first line holding it,
in the file named.

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: the MongoDB URIs without
credentials and the environment variables that replace them, the admin password drawn from
``Math.random()``, the login query comparing the request's password, the NoSQL-injection
payloads given as passwords (``{"$gt": ""}``), a CI step passing ``${{ secrets.SNYK_ORG }}``,
Google Analytics' ``UA-XXXXX-X`` stand-in, the line logging the token by
reference.

``NO_SECRET``: ``keyboard cat`` (express-session's documented example secret, copied),
``SuperSecretPassword`` (words naming the value), ``testsecret`` (the SARIF report's quoted
``cookieSession`` secret: words naming the value), ``myPassword`` (a test's password: words
naming the value). Left out without a row: ``root`` and ``pwd`` (under 8 signs).

Doubtful labels, kept: the ``SECRET_TOKEN_…`` value (its head names it, but 39 hex digits
follow: a token as a developer writes one).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/snyk+goof/repo")
REPO = "snyk/goof"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("app.js", "goof:app-token", "SECRET_TOKEN_f8ed84e8f41e4146403dd4a6bbcea5e418d23a9", None),
    # read as no secret (NO_SECRET)
    ("app.js", "goof:express-session-secret", "keyboard cat", None),
    ("mongoose-db.js", "goof:seed-admin-password", "SuperSecretPassword", None),
    ("sarif.json", "goof:sarif-cookie-session-secret", "testsecret", None),
    ("tests/authentication.component.spec.js", "goof:test-password", "myPassword", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "keyboard cat": "express-session's documented example secret",
    "SuperSecretPassword": "words naming the value",
    "testsecret": "words naming the value",
    "myPassword": "words naming the value",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("mongoose-db.js", "goof-fp:url", "var mongoUri = 'mongodb://goof-mongo/express-todo';"),
    ("mongoose-db.js", "goof-fp:reference", "mongoUri = process.env.MONGOLAB_URI;"),
    ("mongoose-db.js", "goof-fp:reference", "var mongoCFUri = cfenv.getAppEnv().getServiceURL('goof-mongo');"),
    ("routes/index.js", "goof-fp:generator", "{ name: 'admin', password: Math.random().toString(32), canDelete: true },"),
    ("routes/index.js", "goof-fp:reference", "User.find({ username: req.body.username, password: req.body.password }, function (err, users) {"),
    ("README.md", "goof-fp:injection-payload", """echo '{"username": "admin@snyk.io", "password": {"$gt": ""}}' | http --json $GOOF_HOST/login -v"""),
    ("exploits/nosql-exploits.sh", "goof-fp:injection-payload", """alias ns5='echo '"'"'{"username": {"$gt": ""}, "password": {"$gt": ""}}'"'"' | http --json $GOOF_HOST/login -v'"""),
    (".github/workflows/snyk-code.yml", "goof-fp:reference", "run: snyk code test --org=${{ secrets.SNYK_ORG }} --sarif > snyk-sarif2.json"),
    ("public/js/ga.js", "goof-fp:placeholder", "var _gaq=[['_setAccount','UA-XXXXX-X'],['_trackPageview']];"),
    ("app.js", "goof-fp:reference", "console.log('token: ' + token);"),
)  # fmt: skip

# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""OWASP RailsGoat, for the ``fresh12`` split (``fresh12.py`` reads and writes).

``OWASP/railsgoat`` is a deliberately insecure Rails app (MetaCorp's HR portal) teaching the
OWASP Top 10. It hard-codes its secrets in initializers (``secret_token.rb``'s
``secret_key_base``, ``constants.rb``'s API token salt, ``key.rb``'s encryption key), seeds
its users with plain passwords (``db/seeds.rb``) and signs its specs up with more
(``spec/``); a vendored gallery script keeps, in a comment, the Flickr API key of its demo
(``app/assets/javascripts/bootstrap-image-gallery-main.js``). The files were read at ``HEAD`` and each value is cited by the first line holding
it (``anchor``, else the value); a seeded password is cited at its ``password:`` line (the
``password_confirmation:`` line repeats it).

``SECRETS``: (file, kind, value, anchor), the kind the file and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: the Ansible Vault ciphertext
of ``config/secrets.yml`` (encrypted, its key not in the repository), the AES IV
(``RG_IV``: an IV is not secret), the session cookie's name, ERB and code references to the
secrets, schema column names, a vendored script's path hash, the Dockerfile's base image.

``NO_SECRET``: ``key.rb``'s ``KEY`` (the digits 1 to 12 counted three times), passwords that
are the app's or the role's name with digits in order or repeated (``admin1234``,
``railsgoat!``, ``adminadmin``), words naming the value (``testPassw0rd!``) and metasyntactic
words (``foobarewe``).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/OWASP+railsgoat/repo")
REPO = "OWASP/railsgoat"

_SEEDS = "db/seeds.rb"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("config/initializers/secret_token.rb", "railsgoat:initializer-secret-key-base", "2f1d90a26236c3245d96f5606c201a780dc9ca687e5ed82b45e211bb5dc84c1870f61ca9e002dad5dd8a149c9792d8f07f31a9575065cca064bd6af44f8750e4", None),
    ("config/initializers/constants.rb", "railsgoat:initializer-token-salt", "S4828341189aefiasd#ASDF", None),
    ("config/initializers/key.rb", "railsgoat:initializer-encryption-key", "123456789101112123456789101112123456789101112", None),
    ("app/assets/javascripts/bootstrap-image-gallery-main.js", "railsgoat:vendored-js-flickr-api-key", "7617adae70159d09ba78cfec73c13be3", None),
    (_SEEDS, "railsgoat:seeds-user-password", "admin1234", 'password: "admin1234",'),
    (_SEEDS, "railsgoat:seeds-user-password", "railsgoat!", 'password: "railsgoat!",'),
    (_SEEDS, "railsgoat:seeds-user-password", "motocross1445", 'password: "motocross1445",'),
    (_SEEDS, "railsgoat:seeds-user-password", "yankeessuck", 'password: "yankeessuck",'),
    (_SEEDS, "railsgoat:seeds-user-password", "citrusblend", 'password: "citrusblend",'),
    (_SEEDS, "railsgoat:seeds-user-password", "alohaowasp", 'password: "alohaowasp",'),
    (_SEEDS, "railsgoat:seeds-user-password", "adminadmin", 'password: "adminadmin",'),
    ("spec/support/user_fixture.rb", "railsgoat:spec-user-password", "thi$ 1s cOmplExEr", None),
    ("spec/vulnerabilities/sql_injection_spec.rb", "railsgoat:spec-user-password", "hacketyhack", None),
    ("spec/vulnerabilities/password_hashing_spec.rb", "railsgoat:spec-user-password", "testPassw0rd!", None),
    ("spec/vulnerabilities/mass_assignment_spec.rb", "railsgoat:spec-user-password", "foobarewe", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "123456789101112123456789101112123456789101112": "the digits 1 to 12 counted in order, three times",
    "admin1234": "the role's name and digits in order",
    "railsgoat!": "the app's name",
    "adminadmin": "the role's name said twice",
    "testPassw0rd!": "words naming the value (test password)",
    "foobarewe": "metasyntactic words",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("config/secrets.yml", "railsgoat-fp:ciphertext", "$ANSIBLE_VAULT;1.1;AES256\n63303430303835393535616235383138383365363438363234316163373866616539353065343530"),
    ("config/secrets2.yml", "railsgoat-fp:ciphertext", "35626437333463353464663839363636313435336332376561623031666263616263613638303031"),
    ("config/initializers/constants.rb", "railsgoat-fp:iv", 'RG_IV = "PPKLKAJDKGHALDJL482823458028"'),
    ("config/initializers/session_store.rb", "railsgoat-fp:config", 'Railsgoat::Application.config.session_store :cookie_store, key: "_railsgoat_session", httponly: false'),
    ("config/database.yml", "railsgoat-fp:reference", '<% password = ENV.key?("POSTGRESQL_ADMIN_PASSWORD") ? ENV["POSTGRESQL_ADMIN_PASSWORD"] : ENV["POSTGRESQL_PASSWORD"] %>'),
    ("config/database.yml", "railsgoat-fp:reference", "password: <%= password %>"),
    ("app/controllers/api/v1/users_controller.rb", "railsgoat-fp:reference", 'digest = OpenSSL::Digest::SHA1.hexdigest("#{ACCESS_TOKEN_SALT}:#{id}")'),
    ("app/controllers/application_controller.rb", "railsgoat-fp:reference", "User.find_by(auth_token: cookies[:auth_token].to_s) ||"),
    ("app/controllers/sessions_controller.rb", "railsgoat-fp:reference", "cookies.permanent[:auth_token] = user.auth_token"),
    ("lib/encryption.rb", "railsgoat-fp:reference", 'raise "Key Missing. Add one in initializers/key.rb" if !(KEY)'),
    ("app/models/user.rb", "railsgoat-fp:reference", "self.password = Digest::MD5.hexdigest(self.password)"),
    ("db/schema.rb", "railsgoat-fp:config", 't.string "auth_token"'),
    ("config/environments/mysql.rb", "railsgoat-fp:config", 'config.action_mailer.smtp_settings = { address: "127.0.0.1", port: 1025 }'),
    ("app/assets/javascripts/jsapi.js", "railsgoat-fp:digest", '"path":"/api/search/1.0/ee93f9aae9c9e9dba5eea831d506e69a/"'),
    ("Dockerfile", "railsgoat-fp:config", "FROM --platform=linux/amd64 ruby:3.4.1"),
    (_SEEDS, "railsgoat-fp:config", 'email: "admin@metacorp.com",\n    admin: true,'),
)  # fmt: skip

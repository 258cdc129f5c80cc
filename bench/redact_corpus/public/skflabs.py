# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""OWASP Security Knowledge Framework labs, for the ``fresh19`` split (``fresh19.py`` reads and
writes).

``blabla1337/skf-labs`` holds the SKF's deliberately vulnerable labs: about eighty small web
apps, most written three or four times (``python/`` Flask, ``nodeJs/`` Express, ``java/``
Spring Boot, one ``ruby/`` Rails app), the write-ups in ``md/``, eleven "infra" machines
(``infra/``: Dockerfiles of SSH, FTP, MySQL and WordPress boxes to break into) and the
desktop image the labs run in. Its credentials sit where such apps put them: Flask
``SECRET_KEY`` settings, a signed JWT in a ``curl`` comment beside the JWT lab, the GraphQL
labs' seeded users' API keys (Python seeding code and Spring's ``data.sql`` give the same
rows), the NoSQL lab's seeded passwords, LDAP accounts in glauth configs, and on the infra
machines the passwords ``chpasswd`` sets, the SkyTech company's login table in a MySQL dump
and an OpenSSH private key left in a web root's assets. Every lab's code, configuration and
seed files and the infra machines were read at ``HEAD`` (``.gitbook`` images, vendored
jQuery and Bootstrap, the labs' SQLite ``Database.db`` copies of their seeds and the binaries
the mirror lacks, glauth and WordPress packages, were not); a value found in several labs is
cited once, at the first line holding it in the file named. The OpenSSH key's value is its
third line of key material, cited with the header and the first two, as ``awsgoat.py`` does.

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: code passing the Flask key or
the JWT secret by name, a comment's ``PASSWORD='pass!@#example'``, an unsigned JWT header
the null-algorithm lab forges, CSRF tokens built from a name and a time, LDAP filters and
cookie names, TLS key paths and their generation, ``NOPASSWD`` sudoers lines, WordPress's
``username_here`` swapped by ``sed``, FTP's ``AnonRequirePassword off``, a Rails
``filter_parameters`` line, Guacamole's ``$GUAC_PASS`` substitution, a polybar config's
commented example password, the public key beside the private one, Rails' encrypted
credentials file (ciphertext meant to be committed).

``NO_SECRET``: the keys and passwords that name the value or count (``VerylongUnbreakable
secretbecausebruteforceisnotthecase``, the JWT labs' HMAC key: a sentence saying it is a long
secret; ``Super@Complex$Password123#You%Never&Guess`` and ``VeryLongAndComplexPassword0Not
MeantToBeGue$$ed!!Get0utH3re!!``, admin passwords that are sentences about being strong
passwords; ``SUPERSECRETKEY``, ``mysecret``, ``1234567890``, ``123456abcd``; ``String001``, a
type's name and digits counted in order, the infra machines' root and WordPress password;
``SecPwdStr001``, "secure password string 001"; ``admin12345678``; ``password444555`` and its
siblings ``password1``…``password11111111``, the word password and digits); ``skf-labs``, the
code-server password of the labs' image (the project's name). Left out without a row: values
under 8 signs (``woopie``, ``secret``, ``admin``, ``abc123``, ``stack``), ``rootadmin`` and
``abcd1234`` (a role's words, letters and digits counted in order), glauth's ``passsha256`` rows and the Guacamole user's MD5 (digests of
passwords: not the secret, nor a fair negative), Apache's default-ssl comment ``xxj31ZMTZzkVA``
(a crypt digest of "password" from Apache's own documentation), the Auth-bypass labs' salt
``SKFowaspLabs`` (the project's name, a salt, no credential), the Rails master key (not
committed), ``backup.enc`` (binary), the keys over the three a kind holds (listed, dropped by
the cap).

Doubtful labels, kept: the GraphQL labs' API keys (typed by hand on a keyboard, mostly
capitals, but each a user's key the app authenticates with; all ten are listed, the cap
keeps the first three); the NoSQL lab's ``07RYbe$!9y11`` and its siblings (one pattern with a
counter, but each a seeded user's password; the cap keeps three); ``AqRtZ123!``
(random letters, then digits counted in order and a sign); ``princess``, ``theskytower``,
``ihatethisjob``, ``hereisjohn``, ``senseable`` (words and phrases, one holding its user's
name, but each an account's password in the machines players break into; ``princess``, the
fourth ``chpasswd`` password, is dropped by the cap);
``super$340239423485t5tttrpassword`` (it ends with the word password, but a long random run
comes first: the LDAP password the lab asks for); ``754rf08hrgrvun`` (an LDAP ``sn`` field
used as a secret answer: the lab's credential, not a password by name).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/blabla1337+skf-labs/repo")
REPO = "blabla1337/skf-labs"

_PY = "python/"
_GQL = _PY + "graphql-IDOR/populate-database.py"
_SEED = _PY + "NoSQL/db/seed.py"
_B = "infra/Basic/"
_A = "infra/advanced/"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_PY + "Auth-bypass-simple/AUTH-Bypass-simple.py", "skf-labs:flask-secret-key", "e5ac-4ebf-03e5-9e29-a3f562e10b22", None),
    (_PY + "ratelimiting/ratelimiting.py", "skf-labs:flask-secret-key", "fp)73lql-0t_d#9&szqs8&e_ic*mm6v7%!siamgfmq#gkr(a=+", None),
    (_PY + "JWT-null/JWT-null.py", "skf-labs:curl-comment-jwt", "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJleHAiOjE1NDgwOTgxNjEsImlhdCI6MTU0ODA5Nzg2MSwibmJmIjoxNTQ4MDk3ODYxLCJpZGVudGl0eSI6Mn0.vUnhorZy454Iw01WFDsgigu0YpCMzhxx-hPGTuFpwCk", None),
    (_GQL, "skf-labs:graphql-seed-api-key", "klaSKJDOA83847JSDskdjajeb39", None),
    (_GQL, "skf-labs:graphql-seed-api-key", "klajd;aihd9[0jdioha", None),
    (_GQL, "skf-labs:graphql-seed-api-key", "asdkjasd8pu322d8h32d8h2iN", None),
    (_GQL, "skf-labs:graphql-seed-api-key", "PGHJOUKJOK9059069J5J", None),
    (_GQL, "skf-labs:graphql-seed-api-key", "KADSNDCAISDJASIOMAJSIDAJ", None),
    (_GQL, "skf-labs:graphql-seed-api-key", "XCVBCXVBVCXZCVBCX", None),
    (_GQL, "skf-labs:graphql-seed-api-key", "93274146147Y3EUDSBHH", None),
    (_GQL, "skf-labs:graphql-seed-api-key", "974YD7ASDAS9DAG79TSAD", None),
    (_GQL, "skf-labs:graphql-seed-api-key", "AS7RA968GDBVDQIYILDSY7", None),
    (_GQL, "skf-labs:graphql-seed-api-key", "jakshd834oiabvut8bu298bcsiba", None),
    (_SEED, "skf-labs:nosql-seed-password", "07RYbe$!9y11", None),
    (_SEED, "skf-labs:nosql-seed-password", "07RYbe$!9y22", None),
    (_SEED, "skf-labs:nosql-seed-password", "07RYbe$!9y23", None),
    (_SEED, "skf-labs:nosql-seed-password", "07RYbe$!9y24", None),
    (_SEED, "skf-labs:nosql-seed-password", "07RYbe$!9y25", None),
    (_PY + "Ldap-injection/sample-simple.cfg", "skf-labs:glauth-sn-password", "super$340239423485t5tttrpassword", None),
    (_PY + "Ldap-injection-harder/sample-simple.cfg", "skf-labs:glauth-sn-secret-answer", "754rf08hrgrvun", None),
    (_B + "BASIC5/assets/id_rsa", "skf-labs:ssh-openssh-private-key", "Rnj4SKXI4qjCGG8FD2FQN2Puun1zCLg1zyhGoGH9v5tDEGLSKqpwbvJmSexo2hV76Z/d7c", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAACFwAAAAdzc2gtcn\nNhAAAAAwEAAQAAAgEAroejo3GJM5TYArCY1sR+JhUSdoq3gtTjoTVJmPwRPxXBJdTz2gt7\nRnj4SKXI4qjCGG8FD2FQN2Puun1zCLg1zyhGoGH9v5tDEGLSKqpwbvJmSexo2hV76Z/d7c"),
    (_B + "BASIC4/Dockerfile", "skf-labs:dockerfile-chpasswd-password", "PProm02*", None),
    (_B + "BASIC1/Dockerfile", "skf-labs:dockerfile-chpasswd-password", "AqRtZ123!", None),
    (_A + "Advanced3/Dockerfile", "skf-labs:dockerfile-chpasswd-password", "theskytower", None),
    (_B + "BASIC1/Dockerfile", "skf-labs:dockerfile-chpasswd-password", "princess", None),
    (_A + "Advanced3/assets/SkyTech.sql", "skf-labs:sql-dump-login-password", "hereisjohn", None),
    (_A + "Advanced3/assets/SkyTech.sql", "skf-labs:sql-dump-login-password", "ihatethisjob", None),
    (_A + "Advanced3/assets/SkyTech.sql", "skf-labs:sql-dump-login-password", "senseable", None),
    # read as no secret (NO_SECRET)
    (_PY + "JWT-null/JWT-null.py", "skf-labs:jwt-hmac-secret", "VerylongUnbreakablesecretbecausebruteforceisnotthecase", None),
    (_PY + "Host-Header-Authentication-Bypass/createtable.py", "skf-labs:seed-admin-password", "Super@Complex$Password123#You%Never&Guess", None),
    ("java/auth-bypass1/src/main/resources/data.sql", "skf-labs:seed-admin-password", "VeryLongAndComplexPassword0NotMeantToBeGue$$ed!!Get0utH3re!!", None),
    (_PY + "graphql-IDOR/app.py", "skf-labs:flask-secret-key", "SUPERSECRETKEY", None),
    (_PY + "NoSQL/NoSQL.py", "skf-labs:flask-secret-key", "mysecret", None),
    (_PY + "Attack-Server/attack-server.py", "skf-labs:flask-secret-key", "1234567890", None),
    (_PY + "Host-Header-Authentication-Bypass/host-header-authentication-bypass.py", "skf-labs:flask-secret-key", "123456abcd", None),
    (_B + "BASIC1/Dockerfile", "skf-labs:dockerfile-chpasswd-password", "String001", None),
    (_A + "Advanced1/Dockerfile", "skf-labs:dockerfile-chpasswd-password", "SecPwdStr001", None),
    (_A + "Advanced4/Dockerfile", "skf-labs:dockerfile-chpasswd-password", "admin12345678", None),
    ("java/graphql-dos-resource-exhaustion/src/main/resources/data.sql", "skf-labs:seed-admin-password", "password444555", None),
    ("Dockerfile", "skf-labs:code-server-password", "skf-labs", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "VerylongUnbreakablesecretbecausebruteforceisnotthecase": "a sentence saying it is a long secret",
    "Super@Complex$Password123#You%Never&Guess": "a sentence about a strong password, digits counted in order",
    "VeryLongAndComplexPassword0NotMeantToBeGue$$ed!!Get0utH3re!!": "a sentence about a strong password",
    "SUPERSECRETKEY": "words naming the value",
    "mysecret": "words naming the value",
    "1234567890": "digits counted in order",
    "123456abcd": "digits and letters counted in order",
    "String001": "a type's name and digits counted in order",
    "SecPwdStr001": "secure password string, abbreviated, and digits counted in order",
    "admin12345678": "the role's name and digits counted in order",
    "password444555": "the word password and repeated digits",
    "skf-labs": "the project's name",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # code passing the keys by name, comments with stand-ins
    (_PY + "Auth-bypass/AUTH-Bypass.py", "skf-labs-fp:reference", "session['secret'] = app.config['SECRET_KEY']"),
    (_PY + "Auth-bypass-simple/AUTH-Bypass-simple.py", "skf-labs-fp:placeholder", "# You can also replace password with static password:  PASSWORD='pass!@#example'"),
    (_PY + "JWT-null/JWT-null.py", "skf-labs-fp:reference", "claims = jwt.decode(token[4:],app.config['SECRET_KEY'],algorithms=[alg])"),
    (_PY + "JWT-null/JWT-null.py", "skf-labs-fp:jwt-header", "#Null cipher header: eyJ0eXAiOiJKV1QiLCAiYWxnIjoiTk9ORSJ9."),
    (_PY + "JWT-null/JWT-null.py", "skf-labs-fp:reference", "token = request.headers['AUTHORIZATION']"),
    ("nodeJs/JWT-null/app.js", "skf-labs-fp:reference", "claims = jwt.verify(token, secret);"),
    ("nodeJs/JWT-secret/app.js", "skf-labs-fp:reference", "const token = jwt.sign({ id: user.id }, secret, {"),
    (_PY + "CSRF-weak/CSRF-weak.py", "skf-labs-fp:generator", "session['csrf_token'] = base64.b64encode(csrf.encode())"),
    ("nodeJs/CSRF-weak/evilServer.js", "skf-labs-fp:generator", 'const csrf_token = "admin" + time;'),
    ("nodeJs/CSRF-weak/evilServer.js", "skf-labs-fp:generator", 'const encoded_csrf_token = Buffer.from(csrf_token).toString("base64");'),
    (_PY + "Ldap-injection-harder/ldap-injection-harder.py", "skf-labs-fp:template", 'search_filter = "(&(cn="+username+")(sn="+secret+"))"'),
    (_PY + "Ldap-injection/ldap-injection.py", "skf-labs-fp:template", 'search_filter = "(&(cn="+username+")(sn="+password+"))"'),
    (_PY + "graphql-IDOR/app.py", "skf-labs-fp:reference", 'api_key=request.cookies.get("X-Api-Key"))'),
    ("nodeJs/Graphql-IDOR/app.js", "skf-labs-fp:reference", 'const api_key = req.cookies["X-Api-Key"];'),
    ("java/graphql-idor/src/main/java/com/skf/labs/graphqlidor/GraphqlIdorController.java", "skf-labs-fp:reference", 'response.addCookie(new Cookie("X-Api-Key",userInfo.getApiKey()));'),
    (_PY + "NoSQL/NoSQL.py", "skf-labs-fp:reference", 'user = users.find_one({"username": username, "password": password})'),
    (_PY + "Threat-modeling/TM.py", "skf-labs-fp:route", '@app.route("/reset/<user>/<resetToken>")'),
    ("md/Python/insecure-random.md", "skf-labs-fp:generator", "resetToken = hashlib.sha1(to_hash.encode('utf-8')).hexdigest()"),
    ("md/Python/insecure-random.md", "skf-labs-fp:template", "reset_url = f'http://localhost:5000/reset/{username}/{resetToken}'"),
    # TLS keys generated at build time, read from a path
    (_PY + "TLS-downgrade/Docker/Dockerfile", "skf-labs-fp:generator", 'RUN openssl genrsa 1024 > /ssl.key && openssl req -new -x509 -nodes -sha1 -days 365 -key /ssl.key -subj "/C=NL/ST=SKF/L=Amsterdam/O=OWASP/CN=localhost" > /ssl.cert'),
    (_PY + "TLS-downgrade/TLS-downgrade.py", "skf-labs-fp:path", "ctx.load_cert_chain('/ssl.cert', '/ssl.key')"),
    # the infra machines' settings beside their passwords
    (_B + "BASIC5/assets/id_rsa.pub", "skf-labs-fp:public-key", "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAACAQCuh6OjcYkzlNgCsJjWxH4mFRJ2ireC1OOhNUmY/BE/FcEl1PPaC3tGePhIpcjiqMIYbwUPYVA3Y+66fXMI"),
    (_B + "BASIC3/assets/startup.sh", "skf-labs-fp:config", "echo guest ALL=NOPASSWD:/usr/bin/nmap >> /etc/sudoers"),
    (_A + "Advanced3/Dockerfile", "skf-labs-fp:config", 'RUN echo "sara ALL=(ALL) NOPASSWD: /bin/cat /accounts/* , /bin/ls /accounts/* " > /etc/sudoers'),
    (_A + "hardening/Dockerfile", "skf-labs-fp:config", 'RUN echo "anne ALL=(ALL) NOPASSWD: /usr/bin/vim" >> /etc/sudoers'),
    (_A + "Advanced3/Dockerfile", "skf-labs-fp:config", 'RUN adduser --disabled-password -u 1001 --gecos "" john & adduser --disabled-password -u 1002 --gecos "" sara'),
    (_A + "Advanced2/assets/startup.sh", "skf-labs-fp:config", "sed -i 's/username_here/wordpress/' /usr/share/wordpress/wp-config.php"),
    (_A + "Advanced2/assets/proftpd/proftpd.conf", "skf-labs-fp:config", "AnonRequirePassword 		off"),
    (_A + "Advanced3/assets/www/login.php", "skf-labs-fp:reference", "$password = str_ireplace($sqlinjection, \"\", $_POST['password']);"),
    # the labs' image, the Rails app
    ("skf-os-labs-images/root/etc/cont-init.d/35-update_guac_creds", "skf-labs-fp:reference", 'if [[ -n "$GUAC_PASS" ]]; then'),
    ("skf-os-labs-images/root/etc/cont-init.d/35-update_guac_creds", "skf-labs-fp:reference", 'sed -i -e s%"\\(password\\=\\).*"%"\\1\\"$GUAC_PASS\\""%g "$cred_file"'),
    ("skf-os-labs-images/skf-openbox/.config/polybar/docky/bars.ini", "skf-labs-fp:placeholder", ";;password = mysecretpassword"),
    ("Dockerfile", "skf-labs-fp:config", 'RUN echo "auth: password" >> ~/.config/code-server/config.yaml'),
    ("ruby/parameter-binding/config/initializers/filter_parameter_logging.rb", "skf-labs-fp:config", "Rails.application.config.filter_parameters += [:password]"),
    ("ruby/parameter-binding/config/credentials.yml.enc", "skf-labs-fp:ciphertext", "6S4RjfFHcGsBi/JlzXWkSvt8TrXvoHRHxAGn1Wo2O36hROmI2dIL6AsBQrM/1B4/XV3iqIeLcDSn5shqP/cnSgBNGQqOgvWqyOJ9pdl3vc9FIjvu5kn048Un"),
)  # fmt: skip

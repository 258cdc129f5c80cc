# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""avito-tech's DeepSecrets, for the ``fresh17`` split (``fresh17.py`` reads and writes).

``avito-tech/deepsecrets`` is a secret scanner that reads code as tokens (Pygments lexers) and
judges variables by their names, their values' entropy and regexes. Its tests read the
fixtures in ``tests/fixtures/``: real configuration and code of Avito's services, trimmed
(``1.conf`` to ``7.go``, ``extless/``), a regex check file (``regex_checks.txt``) and the
rules' JSON. Every fixture was read at ``HEAD`` (the upstream repository is archived; its
author went on in a fork) with the test that reads it, and each value is cited by the first
line holding it.

``SECRETS``: (file, kind, value, anchor). What the fixtures hold: an INI service password, a
Laravel mail password's fallback, a Jira password and a Mattermost bot token in a deploy
TOML, an S3 secret key, a signed access token (a JWT mangled by hand: listed, but the filters
drop it, ``kingfisher.made_up`` reading the ``fdsafasdf…`` typed into its signature), the LDAP
admin password of a FreeRADIUS module, two Slack bot tokens and a 512-bit RSA private key
(``regex_checks.txt``: the same key material is written again under OpenSSH, DSA, EC and PGP
headers: one key, cited once), two JWT secrets an Apache Superset config sets to UUIDs, the
key of a Mattermost incoming webhook a script posts to.

``NEGATIVES``: (file, kind, text) for lines the tests expect no finding in or that sit
beside the secrets and hold none: passwords read from variables in URLs and ``curl -u``
(``$password_var``, ``${password}``, ``%password%``, ``<password>``), environment look-ups
(``os.Getenv``, ``process.env``, ``os.environ.get``), a constant named for the secret key,
a Puppet manifest's password parameter and locked-account ``'*'``, the ERB template that
derives a console password, the map keys the C#, Java, Swift, JSX and JS fixtures the
semantic engine must not flag, a Django template the tests expect nothing from, Superset's
settings beside its secrets (cache key prefixes, a JWT cookie name, an algorithm, LDAP
names), TeamCity's server UUID, FreeRADIUS's attribute mappings (its
``secret = 'radiusClientSecret'`` names an LDAP attribute), an RCS ``$Id$``, the rules' own
regexes.

``NO_SECRET``: ``TESTSECRET1234`` (the tests' stand-in, written in a dozen fixtures: the
word and digits counted in order), ``$ecRetT0F1nD`` (leet for "secret to find": words naming
the value), ``passwordstrongbutleaked`` (words naming the value), ``chAng3m3`` (leet for
"change me"), ``CHANGE ME PLZ!!!`` (words naming the value), the ``vhpn6mbs`` values (one
8-sign run said four and six times: a filler). Left out without a row: values under 8 signs
or of four signs (``asdfasdf``, ``guest``, ``ggg``), ``password01`` to ``password03`` and
``password`` in URLs and a Postgres test struct (words naming the value), ``superset`` (the
app's name), the SHA-1 of a password in
``hashed_secrets.json`` (a digest is neither the secret nor a fair negative).

Doubtful labels, kept: the keyboard-mash passwords (``fbyuihqwjlkfr``, ``fjanflkdsanfkjdsanf``,
``iufkdhsafhiuwehf8qw4oifjh9w4ioafja``): typed by hand, but each stands where the service's
password is set and none names the value.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/avito-tech+deepsecrets/repo")
REPO = "avito-tech/deepsecrets"

_F = "tests/fixtures"

_JWT = (
    "eyJ0eXfdasfdsa5OGRhNmUzYjI0NzkwYTE2ZDg0YmVjYzQwYzhlIn0.eyJpYXQiOjE2Nzk0MDgwNDYsIm5iZiI6MTY3OTQwODA0NiwiZXhwIjoxNjc5NDE0MDQ2LCJzZXR0aW5ncyI6eyJzdWJkaXZpc2lvbl9pZCI6MTAxODE2LCJjcmVkaXRfbGluZV9jaGFubmVsIjoiUFJFU0NPUkUiLCJ0cmFuY2hlX2NoYW5uZWwiOiJFQ09NTSIsInBlcmlvZCI6MzY0LCJjcmVkaXRfbGluZV9wcm9kdWN0X2lkIjoxMDEzNTQsInRyYW5jaGVfcHJvZHVjdF9pZCI6MTAxMzUzLCJwYXltZW50X3R5cGVfaWQiOjEwMjM5NiwiZGRzX3BheW1lbnRfdHlwZV9pZCI6MTAxMTcxLCJjb25zdW1wdGlvbl9pZCI6MTAxNjczLCJjb21pbmdfaWQiOjEwMTY3NiwiYnNfY2hlY2tfZnJlcXVlbmN5IjoxMCwiYnNfYWN0aXZlIjoxLCJic19pc190ZXN0IjowLCJzc3ViX2NoZWNrX2ZyZXF1ZW5jeSI6MTAsInNzdWJfYWN0aXZlIjoxLCJzc3ViX2lzX3Rlc3QiOjEsImlkeF9jaGVja19mcmVxdWVuY3kiOjEwLCJpZHhfbWluX2NvbmZpZGVuY2UiOiIxIiwiaWR4X2FjdGl2ZSI6MCwiaWR4X2lzX3Rlc3QiOjEsInZlcmlmeV9pc190ZXN0IjoxLCJibGF6ZV9jaGVja19mcmVxdWVuY3kiOjEwLCJibGF6ZV9hY3RpdmUiOjEsImJsYXplX2lzX3Rlc3QiOjEsInNtc19pc190ZXN0IjoxLCJzbXNfY29kZV9sZW5ndGgiOjR9LCJ1aWQiOiJhdml0byIsImF1a2V5IjoiYTkxYjQwNjAxZDYwM2U2ZmFhNzhiOTc0ZmFlZDgxM2MiLCJqdGkiOiI4NmEyOThkYTZlM2IyNDc5MGExNmQ4NGJlY2M0MGM4ZSJ9"
    ".n1sBlFLMs0dGW_gNp2gXRjhjYrdgfBeVZZ58wdPUPkhMt1fdsafasdfasdfdsafasdmotpcnmkZCr5XxYB0dO6nPxxLwhbZuD5-Eb8nT_kjL6JeVpHG5kNynRkGGTZoV00s8nmE-2X7t24cg96fdsafsdafdgfddfsgdsfk9LnAoamaE_jp0EQ480WBo_ZeDfAdPuNQg7nUwFrEgoIq33YHHzYkksPORKuycYouNXb2eB-jx1Bg7mXuGOuyLX3fdsafdfudsahiufhainEkFKV3S_4FwX734LksQee1DbSXgr3ugWVaoigaUbBD3jGWXQjVQr_E5Svcjtc4gFTRDfpF08x4NofA"
)

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (f"{_F}/1.ini", "deepsecrets:ini-service-password", "fbyuihqwjlkfr", None),
    (f"{_F}/1.php", "deepsecrets:laravel-mail-password-fallback", "fjanflkdsanfkjdsanf", None),
    (f"{_F}/1.toml", "deepsecrets:deploy-toml-jira-password", "iufkdhsafhiuwehf8qw4oifjh9w4ioafja", None),
    (f"{_F}/1.toml", "deepsecrets:mattermost-bot-token", "fjaipu4iwhpfgj8eosiruhjfkea,sjflksea", None),
    (f"{_F}/2.toml", "deepsecrets:s3-secret-key", "SFRcQOuJllDaDlnL7BhcwbjdYQDkjeM8PDDae0y6", None),
    (f"{_F}/2.toml", "deepsecrets:deploy-toml-oauth-key", "vhpn6mbsvhpn6mbsvhpn6mbsvhpn6mbs", None),
    (f"{_F}/2.toml", "deepsecrets:deploy-toml-speech-key", "vhpn6mbsvhpn6mbsvhpn6mbsvhpn6mbsvhpn6mbsvhpn6mbs", None),
    (f"{_F}/2.json", "deepsecrets:access-token-jwt", _JWT, None),
    (f"{_F}/extless/radius", "deepsecrets:freeradius-ldap-admin-password", "Cc2)9dG2Cp3qE$uRRJmX", None),
    (f"{_F}/regex_checks.txt", "deepsecrets:slack-bot-token", "xoxb-278549377329-i1Wbhr6Gd7nMMMvKgElv5Neg", None),
    (f"{_F}/regex_checks.txt", "deepsecrets:slack-bot-token", "xoxb-675660624544-675670263056-vCSNM7pKAGgcBKOwvW2Kmi2K", None),
    (f"{_F}/regex_checks.txt", "deepsecrets:rsa-private-key", "KUpRKfFLfRYC9AIKjbJTWit+CqvjWYzvQwECAwEAAQJAIJLixBy2qpFoS4DSmoEm", "-----BEGIN RSA PRIVATE KEY-----\nMIIBOgIBAAJBAKj34GkxFhD90vcNLYLInFEX6Ppy1tPf9Cnzj4p4WGeKLs1Pt8Qu\nKUpRKfFLfRYC9AIKjbJTWit+CqvjWYzvQwECAwEAAQJAIJLixBy2qpFoS4DSmoEm"),
    (f"{_F}/2.py", "deepsecrets:superset-jwt-secret", "051dfa33-6d1b-4a59-a276-097f0e4f3d40", None),
    (f"{_F}/2.py", "deepsecrets:superset-jwt-secret", "05630396-2e06-4d8a-a787-e8f09185c1cd", None),
    (f"{_F}/2.js", "deepsecrets:mattermost-webhook-key", "g8zb1yq6htb47nnb3g3q4kaoiw", None),
    (f"{_F}/1.py", "deepsecrets:psycopg2-password", "$ecRetT0F1nD", None),
    (f"{_F}/1.conf", "deepsecrets:imap-password", "passwordstrongbutleaked", None),
    (f"{_F}/1.js", "deepsecrets:atlassian-password-fallback", "TESTSECRET1234", None),
    (f"{_F}/1.yaml", "deepsecrets:kubeconfig-token", "chAng3m3", None),
    (f"{_F}/1.toml", "deepsecrets:session-secret", "CHANGE ME PLZ!!!", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "TESTSECRET1234": "the tests' stand-in: the word and digits counted in order",
    "$ecRetT0F1nD": "leet for 'secret to find': words naming the value",
    "passwordstrongbutleaked": "words naming the value",
    "chAng3m3": "leet for 'change me': a placeholder",
    "CHANGE ME PLZ!!!": "words naming the value",
    "vhpn6mbsvhpn6mbsvhpn6mbsvhpn6mbs": "one 8-sign run said four times: a filler",
    "vhpn6mbsvhpn6mbsvhpn6mbsvhpn6mbsvhpn6mbsvhpn6mbs": "one 8-sign run said six times: a filler",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # passwords and keys read from variables, templates and the environment
    (f"{_F}/1.sh", "deepsecrets-fp:variable", "curl -u 'login01:$password_var' -s \"https://example.com/test\""),
    (f"{_F}/2.sh", "deepsecrets-fp:variable", 'curl -u "qauser:$password" $URL > $FILENAME'),
    (f"{_F}/regex_checks.txt", "deepsecrets-fp:variable", "amqp://login:$password@example.com"),
    (f"{_F}/regex_checks.txt", "deepsecrets-fp:variable", "amqp://login:${password}@example.com"),
    (f"{_F}/regex_checks.txt", "deepsecrets-fp:variable", "amqp://login:%password%@example.com"),
    (f"{_F}/regex_checks.txt", "deepsecrets-fp:placeholder", "//\tredis://<user>:<password>@<host>:<port>"),
    (f"{_F}/7.go", "deepsecrets-fp:placeholder", "//\tunix://<user>:<password>@</path/to/redis.sock>?db=<db_number>"),
    (f"{_F}/4.go", "deepsecrets-fp:environment", 'secret := os.Getenv("S3_STORAGE_SECRET_KEY")'),
    (f"{_F}/4.go", "deepsecrets-fp:environment", 'test2 := os.Getenv(`TEST_TEST`, "lol")'),
    (f"{_F}/5.go", "deepsecrets-fp:environment", 'aes_key := os.Getenv("AES_KEY")'),
    (f"{_F}/1.js", "deepsecrets-fp:environment", "const ATLASSIAN_USERNAME = process.env.ATLASSIAN_USERNAME || 'user';"),
    (f"{_F}/2.py", "deepsecrets-fp:environment", "MAPBOX_API_KEY = os.environ.get('MAPBOX_API_KEY', '')"),
    (f"{_F}/2.py", "deepsecrets-fp:reference", "SECRET_KEY = CHANGE_ME_SECRET_KEY"),
    (f"{_F}/2.py", "deepsecrets-fp:reference", "from superset.constants import CHANGE_ME_SECRET_KEY"),
    (f"{_F}/2.py", "deepsecrets-fp:config", "SQLALCHEMY_CUSTOM_PASSWORD_STORE = None"),
    (f"{_F}/2.py", "deepsecrets-fp:config", "SLACK_API_TOKEN: Optional[Union[Callable[[], str], str]] = None"),
    (f"{_F}/1.erb", "deepsecrets-fp:template", "actual_password = Digest::SHA1.hexdigest [scope['bareos::secret'], @director_password].join('')"),
    (f"{_F}/1.erb", "deepsecrets-fp:template", 'Password = "<%= actual_password %>"         # Console password'),
    (f"{_F}/1.pp", "deepsecrets-fp:reference", "password          => $password,"),
    (f"{_F}/1.pp", "deepsecrets-fp:locked-account", "password    => '*',"),
    (f"{_F}/1.pp", "deepsecrets-fp:reference", "sshkey      => get_pubkey('pubkeys/jdoe.pub'),"),
    (f"{_F}/1.pp", "deepsecrets-fp:reference", "content => generate('/usr/local/sbin/generate-ssh-key', $::hostname, $username),"),
    (f"{_F}/1.pp", "deepsecrets-fp:path", 'file {"${realhome}/.ssh/id_rsa":'),
    (f"{_F}/2.json", "deepsecrets-fp:template", "\"exp\": {{now '1h' 'unix'}} ,"),
    (f"{_F}/2.json", "deepsecrets-fp:config", '"scope": "client_credentials",'),
    # map keys and look-ups the semantic engine must not flag
    (f"{_F}/1.cs", "deepsecrets-fp:map-key", 'var mike = new KeyValuePair<int, string>(56, "Mike"); // to be covered'),
    (f"{_F}/1.java", "deepsecrets-fp:map-key", 'map.put("dog", "type of animal");'),
    (f"{_F}/1.swift", "deepsecrets-fp:map-key", 'let result = Unboxer(dictionary: try unboxer.unbox(key: "result"))'),
    (f"{_F}/1.swift", "deepsecrets-fp:map-key", 'actionTitle = try? result.unbox(keyPath: "actionTitle")'),
    (f"{_F}/1.swift", "deepsecrets-fp:map-key", 'onInitActions = decoder.decode(key: "onInitActions", fallbackValue: [])'),
    (f"{_F}/3.jsx", "deepsecrets-fp:map-key", "<Text key='right' strong>{BRAND_TRANSFER_LOCALE.TRANSFER_TITLES_RIGHT}</Text>"),
    (f"{_F}/4.js", "deepsecrets-fp:map-key", 'key: "setThumbnailViewer",'),
    (f"{_F}/4.js", "deepsecrets-fp:map-key", "key: 'id-3',"),
    (f"{_F}/3.go", "deepsecrets-fp:map-key", 'key := time.Now().Format("01.02.2006")'),
    (f"{_F}/3.py", "deepsecrets-fp:map-key", "if key == 'setuptools':"),
    (f"{_F}/1.yml", "deepsecrets-fp:config", "osd_deep_scrub_large_omap_object_key_threshold: 2000000"),
    (f"{_F}/4.py", "deepsecrets-fp:map-key", "CFAuthData['lol'] = 'valentin'"),
    (f"{_F}/4.py", "deepsecrets-fp:text", "result = {'line': 'fdsfdsafdsafdsagfds'}"),
    (f"{_F}/4.py", "deepsecrets-fp:constant", "USER_MARKED_AS_FALSE_BAD_RULE = 'user_marked_false_bad_rule'"),
    (f"{_F}/2.toml", "deepsecrets-fp:path", 'SECRET_KEY_PATH = "/fdsa/fdsa/fdsa"'),
    (f"{_F}/2.toml", "deepsecrets-fp:config", 'KEYLOGGER_KEYS_KEYRING_SUBKEY = "1"'),
    (f"{_F}/2.toml", "deepsecrets-fp:url", 'STT_URL = "https://api.test.com"'),
    # a Django template the tests expect nothing from
    (f"{_F}/1.html", "deepsecrets-fp:template", "var url = \"{% url 'labeling_task' %}?project_id={{ project_id }}\";"),
    (f"{_F}/1.html", "deepsecrets-fp:template", '<span id="session">session: {{ session }}</span>'),
    # settings beside the secrets
    (f"{_F}/2.py", "deepsecrets-fp:config", "'CACHE_KEY_PREFIX': 'superset_cache',"),
    (f"{_F}/2.py", "deepsecrets-fp:config", "GLOBAL_ASYNC_QUERIES_JWT_COOKIE_NAME = 'async-token'"),
    (f"{_F}/2.py", "deepsecrets-fp:config", "GUEST_TOKEN_JWT_ALGO = 'HS256'"),
    (f"{_F}/2.py", "deepsecrets-fp:config", "GUEST_TOKEN_HEADER_NAME = 'X-GuestToken'"),
    (f"{_F}/2.py", "deepsecrets-fp:identifier", "AUTH_LDAP_BIND_USER = 'uid=tableau-reader,ou=services,dc=example,dc=us'"),
    (f"{_F}/2.py", "deepsecrets-fp:url", "AUTH_LDAP_SERVER = 'ldaps://ldap-replica.miami.example.com'"),
    (f"{_F}/2.py", "deepsecrets-fp:url", "# SQLALCHEMY_DATABASE_URI = 'mysql://myapp@localhost/myapp'"),
    (f"{_F}/2.py", "deepsecrets-fp:template", "'CACHE_REDIS_URL': f'redis://{REDIS_HOST}:{REDIS_PORT}/{REDIS_CACHE_DB}',"),
    (f"{_F}/2.py", "deepsecrets-fp:config", "MACHINE_AUTH_PROVIDER_CLASS = 'superset.utils.machine_auth.MachineAuthProvider'"),
    (f"{_F}/3.py", "deepsecrets-fp:url", "s = Server('ldaps://ldap-main.miami.example.com:636', get_info=ALL, use_ssl=True)"),
    (f"{_F}/1.py", "deepsecrets-fp:config", "user='cmdb_balancer',"),
    (f"{_F}/1.toml", "deepsecrets-fp:url", "AUTH_CONFIG_URL = 'https://oauth2.example.com/.well-known/openid-configuration'"),
    (f"{_F}/1.toml", "deepsecrets-fp:config", 'CLICKHOUSE_USER="ab_loader"'),
    (f"{_F}/1.toml", "deepsecrets-fp:config", 'SESSION_COLLECTION = "sessions"'),
    (f"{_F}/1.ini", "deepsecrets-fp:url", "jira = https://jr.example.com/rest"),
    (f"{_F}/1.erb", "deepsecrets-fp:config", 'dbuser = "service_bareos_production_01"'),
    (f"{_F}/1.xml", "deepsecrets-fp:identifier", '<server rootURL="http://teamcity:8111" uuid="e3ef03e4-1aac-46f7-982f-10434351f18e">'),
    (f"{_F}/2.js", "deepsecrets-fp:config", "xhr.setRequestHeader('authority', 'adm.example.com')"),
    (f"{_F}/2.js", "deepsecrets-fp:config", "credentials: 'include'"),
    # FreeRADIUS's LDAP module: attribute mappings and paths, not values
    (f"{_F}/extless/radius", "deepsecrets-fp:attribute-name", "secret\t\t\t\t= 'radiusClientSecret'"),
    (f"{_F}/extless/radius", "deepsecrets-fp:attribute-name", "control:Password-With-Header\t+= 'userPassword'"),
    (f"{_F}/extless/radius", "deepsecrets-fp:attribute-name", "#\t\tcontrol:NT-Password\t\t:= 'ntPassword'"),
    (f"{_F}/extless/radius", "deepsecrets-fp:identifier", "identity = 'uid=test,ou=services,dc=example,dc=com'"),
    (f"{_F}/extless/radius", "deepsecrets-fp:path", "#\t\tprivate_key_file = /path/to/radius.key"),
    (f"{_F}/extless/radius", "deepsecrets-fp:version-id", "#  $Id: 4b7e4585c029b8617aa7b9169a42bf50a5ec4938 $"),
    # the rules' own patterns
    (f"{_F}/regexes.json", "deepsecrets-fp:regex", '"pattern": "xox(?:a|b|p|o|s|r)-(?:\\\\d+-)+[a-z0-9]+"'),
    (f"{_F}/false_findings.json", "deepsecrets-fp:regex", '"pattern": "^.*-.*i1Wbhr6G.*eg$"'),
    (f"{_F}/excluded_paths.json", "deepsecrets-fp:regex", '"pattern": ".*Pipfile\\\\.lock$"'),
)  # fmt: skip

# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Plazmaz' leaky-repo, for the ``fresh10`` split (``fresh10.py`` reads and writes).

leaky-repo is a benchmark repository for secret scanners: the credential files of everyday
tools as they leak from real projects (shell profiles, ``.netrc``, ``.pgpass``, ``.s3cfg``,
``.git-credentials``, Docker, npm, FileZilla, DBeaver, Robomongo, the Atom, VS Code,
Sublime and JetBrains deployment configs, Rails, Django, Laravel and WordPress settings,
password hashes, private keys), every value randomised or made up. Its README describes
each file; ``.leaky-meta/secrets.csv`` counts per file the lines of "risk" (a secret) and
of "informative" data (users, hosts, key ids), and several files say so in comments
(``# Risk``, ``# Informative``). The csv was used as a check only: each value below was
found by reading its file, and is cited by the first line holding it (``anchor``, else the
value). A private key's value is its first line of key material after the header (as the
earlier splits cut keys: ``sonartext.key_body``); its anchor is the header and that line,
so its example is the file's first two lines of the key.

``SECRETS``: (file, kind, value, anchor), the kind the file and the field holding the
value. ``NEGATIVES``: (file, kind, text) for lines next to the secrets that hold none: what
the source marks informative (hosts, users, regions, buckets, e-mail addresses), variable
references, empty key fields, and settings or schema lines that name a password without
holding one; one-word lines were not taken.

Each value is listed once, where it reads most plainly: the AWS secret key at
``cloud/.credentials`` (also ``.bash_profile``'s), ``hunter22`` at ``.ftpconfig`` (also
``.remote-sync.json``, ``deployment-config.json``, ``sftp-config.json``), the Docker auth
at ``.docker/config.json`` (also ``.docker/.dockercfg``), the shadow hash at
``etc/shadow`` (also ``proftpdpasswd``), ``password`` at ``db/.pgpass`` (also
``.esmtprc``, DBeaver's data source). ``yLryKGwcGc3ez9G8YAnjeYMQOc`` is the AWS access key
id of ``.bash_profile`` and ``cloud/.credentials`` (marked informative there) and the
``secret_key`` of ``cloud/.s3cfg`` (marked sensitive there, where the access key holds the
other value): it is labelled at ``.s3cfg``, as the file says.

Left out without a row: values under 8 signs (``.netrc``'s and ``config.php``'s
``pass123``, wp-config's ``admin``, the ``.htpasswd`` user), binary files (Firefox's
``cert9.db``, ``key4.db``), ``high-entropy-misc.txt`` (two random strings, plain and
base64, that the csv counts as informative, not risk: neither a credential nor harmless),
the PuTTY key's public lines and ``Private-MAC``, ``etc/shadow``'s empty root password.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/Plazmaz+leaky-repo/repo")
REPO = "Plazmaz/leaky-repo"

_WP = "web/var/www/public_html/wp-config.php"
_DUMP = "db/dump.sql"
_FF = ".mozilla/firefox/logins.json"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    # shell profiles
    (".bash_profile", "leaky-repo:bash-profile-github-token", "51e61afee2c2667123fc9ed160a0a20b330c8f74", None),
    (".bash_profile", "leaky-repo:bash-profile-slack-token", "xoxp-858723095049-581481478633-908968721956-f16b85d1f73ef37c02323bf3fd537ea5", None),
    (".bash_profile", "leaky-repo:bash-profile-password", "dummy-pass", None),
    (".bash_profile", "leaky-repo:bash-profile-password", "password123", None),
    (".bash_profile", "leaky-repo:bash-profile-heroku-api-key", "sampleHerokuKey", None),
    (".bashrc", "leaky-repo:bashrc-mailchimp-api-key", "38c47f19e349153fa963bb3b3212fe8e-us11", None),
    (".bashrc", "leaky-repo:bashrc-mailchimp-list-id", "606b868828", None),
    (".bashrc", "leaky-repo:bashrc-github-token", "c77e01c1e89682e4d4b94a059a7fd2b37ab326ed", None),
    (".bashrc", "leaky-repo:bashrc-password", "Pass!12345", None),
    # cloud credentials
    ("cloud/.credentials", "leaky-repo:aws-credentials-secret-access-key", "nAH2VzKrMrRjySLlt8HCdFU3tM2TUuUZgh39NX", None),
    ("cloud/.s3cfg", "leaky-repo:s3cfg-secret-key", "yLryKGwcGc3ez9G8YAnjeYMQOc", None),
    ("cloud/.tugboat", "leaky-repo:tugboat-api-key", "3b6311afca5bd8aac647b316704e9c6d", None),
    ("cloud/.tugboat", "leaky-repo:tugboat-client-key", "383c8164d4bdd95d8b1bfbf4f540d754", None),
    ("cloud/heroku.json", "leaky-repo:heroku-api-key", "7a2f9a4289e530bef6dbf31f4cbf63d5", None),
    ("hub", "leaky-repo:hub-oauth-token", "7f9cc25de23d1a255720b0ae4551f4044d600f46", None),
    # registries and git
    (".docker/config.json", "leaky-repo:docker-config-auth", "X3Rva2VuOjEyMzQuMThqZjg0MWZrbDQwYU90dTNrLXdCbDVuaThDM2Q0QVh0QjM2V2VqZzM4MDA2WlR5TDhUOWg5VXgrWWwzdTNVQ1hDWFZlWg", None),
    (".npmrc", "leaky-repo:npmrc-auth", "YWRtaW46YWRtaW4=", None),
    (".npmrc", "leaky-repo:npmrc-auth-token", "26dfe8d8-889b-4380-92ff-9c3c6ea5d930", None),
    (".git-credentials", "leaky-repo:git-credentials-password", "password!#@498", None),
    # FTP, SFTP and deployment clients
    (".ftpconfig", "leaky-repo:ftpconfig-password", "hunter22", None),
    (".ftpconfig", "leaky-repo:ftpconfig-passphrase", "swordfish", None),
    (".vscode/sftp.json", "leaky-repo:vscode-sftp-password", "swordfish!23", None),
    (".idea/WebServers.xml", "leaky-repo:jetbrains-webservers-password", "dff9dfdfdfdadfcfdfd8dff9dfcfdfcfdfc9dfd8dfcfdfdedffadfcbdfd9dfd9dfdddfc5dfd8dfcedf8b", None),
    ("filezilla/filezilla.xml", "leaky-repo:filezilla-password", "ExamplePas123", None),
    ("filezilla/recentservers.xml", "leaky-repo:filezilla-recentservers-password", "NjllNWU5ZWMwZDU0MmU5Y2QwOTY4MWM5YzZhMDdkYWVmNjg3OWE3MDMzM2Q4MWJmCg==", None),
    ("config", "leaky-repo:irc-password", "irc_pass", None),
    ("ventrilo_srv.ini", "leaky-repo:ventrilo-admin-password", "AdminPassword123", None),
    ("ventrilo_srv.ini", "leaky-repo:ventrilo-password", "UserPassword123", None),
    # databases
    ("db/.pgpass", "leaky-repo:pgpass-password", "password", "localhost:5432:database:root:password"),
    ("db/mongoid.yml", "leaky-repo:mongoid-uri-password", "testpass", None),
    ("db/robomongo.json", "leaky-repo:robomongo-user-password", "mongopass", None),
    ("db/robomongo.json", "leaky-repo:robomongo-ssh-passphrase", "SSHPass123", None),
    ("db/robomongo.json", "leaky-repo:robomongo-ssh-user-password", "roboMongoSSHPass", None),
    # password hashes (MySQL dump: bcrypt; /etc/shadow: sha512crypt; .htpasswd: apr1)
    (_DUMP, "leaky-repo:mysql-dump-bcrypt-hash", "$2y$12$s.YfVZdfvAuO/Iz6fte5iO..ZbbEgreZnDcYOGvX4NGJskYQIstcG", None),
    (_DUMP, "leaky-repo:mysql-dump-bcrypt-hash", "$2y$12$Sq//4hEpn1z91c3I/iU67.rqaHNtD3ucwG0Ncx7vOsHST4Jsr2Q0C", None),
    (_DUMP, "leaky-repo:mysql-dump-bcrypt-hash", "$2y$12$3iskP41QVYgh2GFesX2Rpe0DstoL9GpIsvYxM4VI24jcILuCha3O2", None),
    (_DUMP, "leaky-repo:mysql-dump-bcrypt-hash", "$2y$12$hnktY9dEP/LexZjZ5b9B7ubzgxjO2393dWDaregvwPPaiRicOYkpu", None),
    (_DUMP, "leaky-repo:mysql-dump-bcrypt-hash", "$2y$12$M593ZP8u9pOnJiBIUbyW1.r8KfCy8uv9UCgDlX2oj3OtHmibEsQie", None),
    (_DUMP, "leaky-repo:mysql-dump-bcrypt-hash", "$2y$12$GEu9AWgT/Jf9Kgj/WEUanOkoa5OBC6W4cPkGeuVyROcS9T1U6orX.", None),
    (_DUMP, "leaky-repo:mysql-dump-bcrypt-hash", "$2y$12$hjrJNp/UijB4YKg5rMhDeOoqUT5Oe2T7pTfxCEgyfgYtrHC5ph36W", None),
    (_DUMP, "leaky-repo:mysql-dump-bcrypt-hash", "$2y$12$lipAFqG0QyyYKa.S16oTNOdFgkr3svEUx7JOl1HYU4m03oYFq89Uq", None),
    (_DUMP, "leaky-repo:mysql-dump-bcrypt-hash", "$2y$12$/jJGIYh9wizWMFIcu79TEucXzYtvRdn3YxUpGUKnoZT1B6Gv2taSm", None),
    (_DUMP, "leaky-repo:mysql-dump-bcrypt-hash", "$2y$12$kZ55ticjwXD9d/A5o3y8..fA7/1qycT2befZ4QrCjJCfrxk415gUy", None),
    ("etc/shadow", "leaky-repo:shadow-sha512crypt-hash", "$6$LnUhhUi45srUKt9i$4Hp6VRTOB2mxvsYH8mwsCfBryg6hCbm4JJjV26KplN8ewZ7EUVqQDkLKDW.O8XRHx.B76JkwXtyD3wnAXEuZN1", None),
    ("web/var/www/public_html/.htpasswd", "leaky-repo:htpasswd-apr1-hash", "$apr1$tp8glkbm$fjg65tI1eipoBh62aEjIy0", None),
    # private keys: the first line of key material, cited with the header above it
    ("misc-keys/cert-key.pem", "leaky-repo:pem-private-key", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDAbhr5Ivji3OE5", "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDAbhr5Ivji3OE5"),
    (".ssh/id_rsa", "leaky-repo:ssh-rsa-private-key", "MIIEogIBAAKCAQEAjosMtDUqbE1/8zxZac1t8fkh2SxGuMXHk9yxniyM2m76donW", "-----BEGIN RSA PRIVATE KEY-----\nMIIEogIBAAKCAQEAjosMtDUqbE1/8zxZac1t8fkh2SxGuMXHk9yxniyM2m76donW"),
    ("misc-keys/putty-example.ppk", "leaky-repo:putty-private-key", "AAABAQCO+eW40w29wGn9lPaqHpkrTQW6qiHuTNOYlGiZqhhCmIwYVJsX4QX3NwgC", "Private-Lines: 14\nAAABAQCO+eW40w29wGn9lPaqHpkrTQW6qiHuTNOYlGiZqhhCmIwYVJsX4QX3NwgC"),
    # web frameworks
    ("web/django/settings.py", "leaky-repo:django-secret-key", "zh!=!gq(w^_t[sBR29954x)HI+$ehwss*xYNQeu([xcWMhdzzr", None),
    ("web/ruby/config/master.key", "leaky-repo:rails-master-key", "3ebf21f8e5d1ab86b27a720842c3bb56", None),
    ("web/ruby/secrets.yml", "leaky-repo:rails-secret-key-base", "e0ec946fcefea5ce0d4d924f3c8db11dffeb7d10b320a69133c47a9641ab7d204d22c94f10c1ce1e187c643805fec5b2d2ba322c17bac533c110e6c6378ba84c", None),
    ("web/ruby/secrets.yml", "leaky-repo:rails-secret-key-base", "96dc2e349b1236b9e5915f1526b5e28e19a6557a88026007632c6c11da7cb5952ae55c520eb0d6fa78b972cbe8e855887f539edea5f969636792e54469e3c96e", None),
    ("web/ruby/secrets.yml", "leaky-repo:rails-secret-key-base", "8969518770d7484053e72f09c7bd37995d79c320e618ce3ec7a44b7c43fafff1615622a01513789bff7ac7a5201c6382bb6851632c8aa63e76bf0f0a01ed0e17", None),
    # Laravel's APP_KEY is written base64:<key>: the key is what follows the prefix
    ("web/var/www/.env", "leaky-repo:laravel-app-key", "4StV8PVvCLC6gkJXgGdkYdlWW0suqjb2sj0QvDHx3Hsn", None),
    ("web/var/www/.env", "leaky-repo:env-db-password", "admin123", None),
    ("web/var/www/.env", "leaky-repo:env-redis-password", "RedisPass1!", None),
    ("web/var/www/.env", "leaky-repo:env-mail-password", "Mailpass1234!", None),
    ("web/js/salesforce.js", "leaky-repo:salesforce-login-password", "salesforcepassword", None),
    (_WP, "leaky-repo:wp-config-key", "MW1pxMctoyA(>M%0Vl 2(#o0|2$cB+K|.G$hB~4`Juw@]:(5;oVUl<<W3^e_R-fg", None),
    (_WP, "leaky-repo:wp-config-key", "Y>Y9.5Ch0-3cq|=vbus[IeF(OJ9yZ|SQ#:iG;NSa+GJmj _1Ed(cVZ7r#+JMlA,S", None),
    (_WP, "leaky-repo:wp-config-key", "Q$:B]zZjN-AdT<>h7V1.vm+k^|}2wVZf]Xw#QEZ[-pSohv+Kj0W-Z|:|g$-+E8:8", None),
    (_WP, "leaky-repo:wp-config-key", "}Fi>>0a{> akEdJ1K3c}([(:x;K[)ZQ3F3cttcpd EFORd.%R|*|rdRs#-L-&)P1", None),
    (_WP, "leaky-repo:wp-config-salt", "j@cGIZJfObpPU);AZgYH5,ubbSlUp|ZnLZNlq|;tkFe5xc(=_0[LKbF71T.EE ~9", None),
    (_WP, "leaky-repo:wp-config-salt", "Ed&1cr+{3T$a+{[8LP~i5-[|Z`x-V>;Di_C/E~UnSg{n[h#{D[-t>yIUZ8YqSu3t", None),
    (_WP, "leaky-repo:wp-config-salt", "of@~yp:v@SK;Y}hzUo4=bz9WmX&vEw5TO dD$<2djGcE+Qz,Sb9i:{+U<#eM-RmE", None),
    (_WP, "leaky-repo:wp-config-salt", ":9URM*n56|I|Rf$|ud0cFJ<KAA<1h_w]A!/?])<q+!qK>+Lq&j9^-!{%%pW. ,Z=", None),
    # Firefox's saved logins: user name and password, each NSS-encrypted (key4.db decrypts them)
    (_FF, "leaky-repo:firefox-encrypted-password", "MDoEEPgAAAAAAAAAAAAAAAAAAAEwFAYIKoZIhvcNAwcECBQ0N0EftdcPBBD9CaBvRSe9MhhqBjbd3UG8", None),
    (_FF, "leaky-repo:firefox-encrypted-password", "MDoEEPgAAAAAAAAAAAAAAAAAAAEwFAYIKoZIhvcNAwcECBUufYeWbuziBBAraNDREdVus+piXPZaR/Ym", None),
    (_FF, "leaky-repo:firefox-encrypted-password", "MFIEEPgAAAAAAAAAAAAAAAAAAAEwFAYIKoZIhvcNAwcECNa3fxQUbhzwBCjyWS8Qx2UiUcoq3nvLmPXWtc4bdm88HLfIMTGJcM7WvDALDHdWIAwY", None),
    (_FF, "leaky-repo:firefox-encrypted-password", "MFoEEPgAAAAAAAAAAAAAAAAAAAEwFAYIKoZIhvcNAwcECCSrh9ud0IorBDA4ncCjHIDjDlUIliEvJ7at4r2M68qLKFHTGEsiUkRJjRJ0ir6Zy59rKq4EtVnrzMI=", None),
    (_FF, "leaky-repo:firefox-encrypted-username", "MDoEEPgAAAAAAAAAAAAAAAAAAAEwFAYIKoZIhvcNAwcECDAMJYvxVWmNBBAYOR+4wZeLSB7kqJ/GDhj3", None),
    (_FF, "leaky-repo:firefox-encrypted-username", "MDIEEPgAAAAAAAAAAAAAAAAAAAEwFAYIKoZIhvcNAwcECF7kv84cNrhKBAgHD6N4RU01Tg==", None),
    (_FF, "leaky-repo:firefox-encrypted-username", "MDoEEPgAAAAAAAAAAAAAAAAAAAEwFAYIKoZIhvcNAwcECJzC0s27eOVuBBAaivvk2xSAcu3VP6oAkODX", None),
    (_FF, "leaky-repo:firefox-encrypted-username", "MDIEEPgAAAAAAAAAAAAAAAAAAAEwFAYIKoZIhvcNAwcECJXdeSs0MeMMBAhRbgoUvJ9GJA==", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "dummy-pass": "the words dummy and pass",
    "password123": "the word password and digits in order",
    "sampleHerokuKey": "words naming the value (a sample Heroku key)",
    "Pass!12345": "the word pass and digits in order",
    "606b868828": "a Mailchimp list id, an identifier (the file's comment: not exploitable alone)",
    "383c8164d4bdd95d8b1bfbf4f540d754": "tugboat's client key, marked informative: an identifier beside the api key",
    "YWRtaW46YWRtaW4=": "base64 of admin:admin, a default login",
    "password!#@498": "the word password with signs and digits",
    "ExamplePas123": "the words example and pass, digits in order",
    "irc_pass": "words naming the value",
    "AdminPassword123": "words naming the value, digits in order",
    "UserPassword123": "words naming the value, digits in order",
    "password": "the word password",
    "testpass": "the words test and pass",
    "mongopass": "words naming the value",
    "SSHPass123": "words naming the value, digits in order",
    "roboMongoSSHPass": "words naming the value",
    "RedisPass1!": "words naming the value",
    "Mailpass1234!": "words naming the value, digits in order",
    "salesforcepassword": "words naming the value",
    "MDoEEPgAAAAAAAAAAAAAAAAAAAEwFAYIKoZIhvcNAwcECDAMJYvxVWmNBBAYOR+4wZeLSB7kqJ/GDhj3": "a user name, encrypted (the csv counts it as risk with the password)",
    "MDIEEPgAAAAAAAAAAAAAAAAAAAEwFAYIKoZIhvcNAwcECF7kv84cNrhKBAgHD6N4RU01Tg==": "a user name, encrypted",
    "MDoEEPgAAAAAAAAAAAAAAAAAAAEwFAYIKoZIhvcNAwcECJzC0s27eOVuBBAaivvk2xSAcu3VP6oAkODX": "a user name, encrypted",
    "MDIEEPgAAAAAAAAAAAAAAAAAAAEwFAYIKoZIhvcNAwcECJXdeSs0MeMMBAhRbgoUvJ9GJA==": "a user name, encrypted",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # what the files mark informative: regions, buckets, hosts, users, addresses
    (".bash_profile", "leaky-repo-fp:informative", "export AWS_DEFAULT_REGION='us-west-1' # Broad enough that it doesn't create risk by itself."),
    (".bash_profile", "leaky-repo-fp:informative", "export S3_BUCKET=dummy_bucket-90i8985p # Informative, could contain sensitive info, but not necessarily."),
    (".bash_profile", "leaky-repo-fp:informative", "export RDS_HOST='fake-rds.jfduhij34u80.us-west-1.rds.amazonaws.com' # Informative, unlikely to be abused w/o password or key"),
    (".bash_profile", "leaky-repo-fp:informative", "export MLAB_URL='ds908452.mlab.com:25928' # Informative, needs pass"),
    (".bash_profile", "leaky-repo-fp:informative", "export MLAB_DB='dum-231-h92' # Informative, requires access to server or SQLi"),
    (".bashrc", "leaky-repo-fp:informative", """export GMAIL_USERNAME="example@gmail.com" # Informative, can't be used by itself"""),
    (".bashrc", "leaky-repo-fp:informative", """export OWNER_EMAIL="example@gmail.com" # Informative, can't be used by itself"""),
    (".docker/config.json", "leaky-repo-fp:informative", '"email": "docker@example.com",'),
    (".esmtprc", "leaky-repo-fp:informative", "hostname smtp.gmail.com:587"),
    (".esmtprc", "leaky-repo-fp:informative", 'username "example@gmail.com"'),
    (".ftpconfig", "leaky-repo-fp:informative", '"remote": "/var/www",'),
    (".idea/WebServers.xml", "leaky-repo-fp:informative", '<webServer id="6ac7fc5c-e40f-41b3-b7fe-ed7f9b15e3c4" name="root" url="https://example.com">'),
    (".npmrc", "leaky-repo-fp:informative", "email=dummy@example.com"),
    (".remote-sync.json", "leaky-repo-fp:informative", '"hostname": "example.com",'),
    (".vscode/sftp.json", "leaky-repo-fp:informative", '"remotePath": "/var/www",'),
    ("cloud/.s3cfg", "leaky-repo-fp:informative", "host_base = s3.us-west-1.amazonaws.com"),
    ("cloud/.s3cfg", "leaky-repo-fp:informative", "host_bucket = dummy_bucket-9u3258hj.s3.us-west-1.amazonaws.com # Informative"),
    ("cloud/.tugboat", "leaky-repo-fp:informative", "ssh_user: admin # Informative"),
    ("cloud/heroku.json", "leaky-repo-fp:informative", '"HEROKU_EMAIL": "heroku@example.com",'),
    ("config", "leaky-repo-fp:informative", "IRC_HOST=irc.example.com"),
    (_DUMP, "leaky-repo-fp:informative", "-- Host: 127.0.0.1    Database: main"),
    ("db/robomongo.json", "leaky-repo-fp:informative", '"userName" : "mongouser",'),
    ("hub", "leaky-repo-fp:informative", "- user: ocotcat"),
    ("sftp-config.json", "leaky-repo-fp:informative", '"remote_path": "/var/www/html/",'),
    ("web/var/www/.env", "leaky-repo-fp:informative", "MAIL_HOST=smtp.gmail.com"),
    ("web/var/www/.env", "leaky-repo-fp:informative", "MAIL_USERNAME=user@example.com"),
    (_WP, "leaky-repo-fp:informative", "define( 'DB_USER',     'admin' );"),
    (_FF, "leaky-repo-fp:informative", '"guid": "{749a98c7-c83e-4033-aafc-647f562b7166}",'),
    # a secret named, not written: variable references
    (".bash_profile", "leaky-repo-fp:variable-reference", "export S3_ACCESS_KEY_ID=$AWS_ACCESS_KEY_ID"),
    (".bash_profile", "leaky-repo-fp:variable-reference", "export S3_SECRET_ACCESS_KEY=$AWS_SECRET_ACCESS_KEY"),
    ("web/var/www/public_html/config.php", "leaky-repo-fp:variable-reference", "$connection = mysql_connect($dbhost, $dbuser, $dbpasswd) or die('Connection failed!');"),
    # key fields left empty
    (".ftpconfig", "leaky-repo-fp:empty-value", '"privatekey": "",'),
    ("cloud/.tugboat", "leaky-repo-fp:empty-value", "ssh_key: ''"),
    ("db/robomongo.json", "leaky-repo-fp:empty-value", '"sshPrivateKey" : "",'),
    # settings, paths and schema lines that name a password or key and hold none
    (".bash_profile", "leaky-repo-fp:config", r'PS1="\[\033[01;34m\]\w\[\033[31m\]\$(__git_ps1)\[\033[00m\]\$ "'),
    (".ftpconfig", "leaky-repo-fp:config", '"promptForPass": false,'),
    (".ftpconfig", "leaky-repo-fp:config", '"keyboardInteractiveForPass": false,'),
    (".idea/WebServers.xml", "leaky-repo-fp:config", '<advancedOptions dataProtectionLevel="Private" />'),
    (".npmrc", "leaky-repo-fp:config", 'registry="https://registry.npmjs.org/"'),
    (".npmrc", "leaky-repo-fp:config", "always-auth=true"),
    ("cloud/.tugboat", "leaky-repo-fp:config", 'ssh_key_path: "~/.ssh/deploy.pem"'),
    ("db/.pgpass", "leaky-repo-fp:config", "#hostname:port:database:username:password"),
    ("db/dbeaver-data-sources.xml", "leaky-repo-fp:config", '<data-source id="oracle_thin-168ec697f43-515be69f6924b104" provider="oracle" driver="oracle_thin" name="user" save-password="true" read-only="false">'),
    (_DUMP, "leaky-repo-fp:config", "`password` varchar(60) DEFAULT NULL,"),
    (_DUMP, "leaky-repo-fp:config", "INSERT INTO `users` (`user_id`, `username`, `password`, `flag`) VALUES"),
    ("etc/shadow", "leaky-repo-fp:config", "daemon:*:17431:0:99999:7:::"),
    ("web/django/settings.py", "leaky-repo-fp:config", "# SECURITY WARNING: keep the secret key used in production secret!"),
    ("web/django/settings.py", "leaky-repo-fp:config", "'NAME': 'django.contrib.auth.password_validation.UserAttributeSimilarityValidator',"),
    ("web/js/salesforce.js", "leaky-repo-fp:config", "conn.query('SELECT Id FROM User', function(err, res) {"),
    ("web/ruby/secrets.yml", "leaky-repo-fp:config", "# You can use `rake secret` to generate a secure secret key."),
    (_WP, "leaky-repo-fp:config", "/* https://api.wordpress.org/secret-key/1.1/salt/ */"),
    (_FF, "leaky-repo-fp:config", '"passwordField": "password",'),
    # the public half of .ssh/id_rsa
    (".ssh/id_rsa.pub", "leaky-repo-fp:public-key", "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCOiwy0NSpsTX/zPFlpzW3x+SHZLEa4xceT3LGeLIzabvp2idYZxt2AqAtB+gvrs+Lczcdq2yTtILFexmJivpxc60mrvRUzneuvdzE7cnAoJsn3zkNTSO4ZMrqPXeR0aliXcn/xkElakzMMDwnlNSyUcHOjHVzDDZH5OSqhqhhIQqJdkA1WWDxM+mVEwRkKTgimzBST7wgxKaf5yLf7Alqho1zHCvkitq3Ii8q7Kk4IrFm+V8Ok6IcmN7DSxpzBzQUry+/izrfCY8uQKtLUHMssPuKGPEziUnb+YF1hJ5eZ78k32fjHRHJPzaqGRuKKMCjtK2JYmkWKSo91Pabl3cmh"),
)  # fmt: skip

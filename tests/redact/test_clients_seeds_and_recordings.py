# ruff: noqa: E501
"""What the first runs of the twenty-ninth session's blind sets showed (fresh62: LLM
applications; fresh63: command lines; fresh64: database dumps and seeds; fresh65: front-end
and mobile client configs; fresh66: messaging and payment backends; fresh67: recorded HTTP
traffic and logs). Each reading beside a look-alike that stays."""

from __future__ import annotations

import pytest

from streams.redact import Redactor

R = Redactor()

_HEX32 = "6e2d82186f325ceab8b80d46ce0b9e67"


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # an SDK client made from its public id and its secret, in that order
        (
            f"const client = require('twilio')('AC5f63b3db77ac0c09691830210629d431', '{_HEX32}');",
            _HEX32,
        ),
        (f'client = SearchClient.create("O2VY3SXRXO", "{_HEX32}")', _HEX32),
        # a password given to a hashing call or a setter, in a seed script or a migration
        ("u.set_password('qedvsb')", "qedvsb"),
        ("  const hash = hashSync('el psy kongroo', 8)", "el psy kongroo"),
        ("  crypt('Kusa2019', gen_salt('bf')),", "Kusa2019"),
        ("'password' => Hash::make('s3cretPw'),", "s3cretPw"),
        ("hashed = bcrypt.hashpw(b'hunter22', bcrypt.gensalt())", "hunter22"),
        ('user.password = passwordEncoder.encode("Adm1n!pass");', "Adm1n!pass"),
        # Spring Security's {noop}: the rest is the password in plain text
        ("insert ignore into `users` values('user','{noop}dPsS89108!','1');", "dPsS89108!"),
        ("    , '{noop}all_reviews_secret'", "all_reviews_secret"),
        # a settings table's row: the setting's name, then its value
        ("  ('smtp_password', 'fairynet66', ''),", "fairynet66"),
        ("INSERT INTO settings VALUES (7, 'stripe_api_key', 'sk9x8c7v6b5n');", "sk9x8c7v6b5n"),
        # PHP's connections given the password as an argument
        ('$c = new mysqli("localhost", "shop", "HaloDunia123");', "HaloDunia123"),
        # with PHP's variables before it, and a database name or options after it
        ("$pdo = new PDO($dsn, $user, 'Xk93mQp2s');", "Xk93mQp2s"),
        ("$db = new mysqli($host, $this->user, 'hunter22', $dbname);", "hunter22"),
        ('$conn = mysqli_connect("localhost", "root", "toor123", "shop");', "toor123"),
        # an SFTP or FTP client's login in PHP (phpseclib)
        ("if (!$sftp->login('deploy', 'Tr0ub4dor&3')) {", "Tr0ub4dor&3"),
        # tools' password flags: Mosquitto's clients, shadowsocks, an Erlang node's cookie,
        # htpasswd's batch mode with its flags apart
        ('mosquitto_pub -h broker -p 1883 -t t -m "hi" -u hanif -P "Hanif123"', "Hanif123"),
        ("mosquitto_sub -t a --pw s3cr3tPw", "s3cr3tPw"),
        ("ENTRYPOINT ssserver -p 201 -k 32886/rzw -m bf-cfb -d start", "32886/rzw"),
        ("-setcookie emqxsecretcookie", "emqxsecretcookie"),
        ("iex --sname a --cookie monster42 -S mix", "monster42"),
        ("htpasswd -m -b -c /etc/lighttpd/lighttpd.user bitcoin givemebitcoin", "givemebitcoin"),
        # a command's --password= value is text, dots and all
        ('mysql --user=root --password=m4r14db.r00t -e "SHOW DATABASES;"', "m4r14db.r00t"),
        # six or seven signs with a digit inside, told as a password in prose
        ("The mysql root password is ta0mee, I will use it in the alias.", "ta0mee"),
        # capitalised words as an environment line's password, "secret" among them
        ("docker run -e POSTGRES_PASSWORD=UltraSuperSecretote -p 5444:5432", "UltraSuperSecretote"),
        # a URL's userinfo holding a real token stays the URL rules' finding
        (
            'git remote set-url origin "https://x-access-token:B8O9w0a7rh0jPxAkfZBhDqb9yp/blh@gh.com/a/b"',
            "B8O9w0a7rh0jPxAk",
        ),
        # WordPress's phpass hashes, whole (a dump's row is no generated password)
        (
            "INSERT INTO `wp_users` VALUES ('1','admin','$P$BNfyqYgKZuQSgo/qQUCTdKjjYxPRef.','wp_db_test-2','t@t.com')",
            "BNfyqYgKZuQSgo",
        ),
        # Square's access token and application secret stay secrets
        ("SQUARE_SECRET=sq0csp-A0EbsgN9S5aN6PA4W-lxpAbcdefghijklmnopq12", "A0EbsgN9S5aN6PA4W"),
    ],
)
def test_their_secrets_go(text: str, secret: str) -> None:
    out, found = R.redact_text(text)
    assert secret not in out and found, out


@pytest.mark.parametrize(
    "text",
    [
        # the same calls and tools given a variable, an id, nothing secret
        "bcrypt.hash(password, 10)",
        # a connection given variables, or an empty password before the database's name
        "$pdo = new PDO($dsn, $user, $password, $options);",
        '$conn = mysqli_connect("localhost", "root", "", "shop");',
        "if (!$sftp->login($username, $password)) {",
        "user.set_password(form.cleaned_data['password'])",
        "const bcrypt = require('bcrypt')",
        'client.messages.create("AC5f63b3db77ac0c09691830210629d431")',
        f'expect(hash("abcdefghij", "{_HEX32}"))',
        "assertEqual('password', 'hunter2')",
        "('password_hint', 'my dog')",
        "        ('inputsecret','inputsecret'),",
        "htpasswd -B -c /etc/nginx/.htpasswd admin",
        "password: '{noop}'",
        "auth.password = '{noop}' + $PASSWORD",
        "mosquitto_sub -h host -p 1883 -t x",
        "#sudo  docker login  -u 用户名 -p 密码 hbt.zjs.com.cn;",
        # a public half of a pair: Pusher's app key, Square's application ids
        "PUSHER_APP_KEY=8804906b3ffb07747ef5",
        'const String squareApplicationId = "sandbox-sq0idb-NaRq5Mnwnaeb03JtEdP2VA";',
        "Application ID: sq0idp-A0EbsgN9S5aN6PA4W-lxpA",
        # stand-ins: a local model server's unchecked key, a build's slot, the alphabet
        # around again, a key's variable name in a query
        "    api_key='ollama', # required, but unused",
        'client = OpenAI(base_url="http://localhost:1234/v1", api_key="lm-studio")',
        'cookieSecret = "@FORTALEZA_COOKIE_SECRET@"',
        "\t\t\t'remember_token' => 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZabcdefgh',",
        "    uri: https://api.fluro.io/get/avatar/contact/5c05057c48890574c5395cc6?access_token=fluro_api_key&h=40&w=40",
        "let token = 'notrealtoken'",
        'curl -H "Authorization: Bearer bearer"',
        # DDoS-Guard's bot cookie in a recorded response
        "      - __ddg1_=tF2SbgZWmbh1xqAgqaoP; Domain=.1c.ru; HttpOnly; Path=/; Expires=Thu,",
        # a variable or a stand-in in a URL's userinfo; a Secrets Manager reference
        "    git clone https://gitlab-ci-token:$ACCESS_TOKEN@gitlab.domain.co.uk/repo.git",
        "        // git clone https://x-access-token:REPLACE_WITH_TOKEN@github.com/username/repo.git",
        "export SSMSecretString=secretsmanager:prod/Walter/secrets:SecretString:",
        # short values told as a key's, a token's, or a password's that are a digest's name
        "the password is sha256",
        "the password is oauth2",
        "the api key is abc123",
        "the token is ab12cd",
        # code naming a variable, not an environment line's password
        "password = SecretSauce",
    ],
)
def test_their_look_alikes_stay(text: str) -> None:
    assert R.redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # beside each stand-in reading, the real value it must not spare
        ("password: password1", "password1"),
        ("DB_PASSWORD=ollama2024!", "ollama2024!"),
        ("PUSHER_APP_SECRET=72f69e9022afb596d5d2", "72f69e9022afb596d5d2"),
        ("PUSHER_KEY=72f69e9022afb596d5d2", "72f69e9022afb596d5d2"),
        ("curl 'https://api.x.io/v1/items?api_key=provider-secret'", "provider-secret"),
        ("curl 'https://api.x.io/v1/items?api_key=temporary_key'", "temporary_key"),
        ("git clone https://oauth2:s3cretPassw0rd@gitlab.example.com/u/r.git", "s3cretPassw0rd"),
    ],
)
def test_real_values_beside_the_stand_ins_go(text: str, secret: str) -> None:
    assert secret not in R.redact_text(text)[0]

# ruff: noqa: E501
"""What the first runs of the twenty-eighth session's blind sets showed (fresh56: Python web
services' settings; fresh57: monitoring and mail-relay configs; fresh58: infrastructure as
code; fresh59: scripts in R, Perl, Lua and other languages; fresh60: compiled-language
source; fresh61: release signing and package publishing). Each reading beside a look-alike
that stays."""

from __future__ import annotations

import pytest

from streams.redact import Redactor

R = Redactor()


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # Django's get_random_secret_key() quoted alone, whatever its name or the call around it
        ("KEY = 'h@^-8ak%mw=%2bd(d7#bx+pt9z*#416)!-qs+!^5p8*8s2#fet'", "8ak%mw=%2bd(d7#bx"),
        ("    default='h18i_1j3^d$e6iq8xur&yvbkpk08il9x^&9cf2l2%-0yqx7ss)')", "e6iq8xur&yvbkpk08"),
        # words that end in a secret's noun but make a sentence go
        ("printf 'This is a secret' | docker secret create app_secret -", "This is a secret"),
        # a value of a stack's config that Pulumi did not seal
        ("  iac-pulumi:rds_password: Qx7vK2mP9sL4nR8tW1yZ3cB6", "Qx7vK2mP9sL4nR8tW1yZ3cB6"),
        # an Algorand-shaped run whose checksum fails; a base58 run outside a declaration
        (
            '  "receiver": "VRRIASVEG3U3LHECHXINO2XIY7MV6P4YHR7C3XLDOKR7YFF3LOW3UD46AA",',
            "VRRIASVEG3U3LHECHX",
        ),
        ('let kp = "9pW59BsNCqtQC1xucwTXYS4Qe9qz5AgSy2jajE63odQb";', "9pW59BsNCqtQC1xucwTX"),
        # a name assigned a camel-case value it does not hold: a literal
        ('const JWT_SECRET = "jwtSigningSecret";', "jwtSigningSecret"),
        # a typed password's signs right after a secret's noun or a verb done to one
        ("The mail key Floppafr@2022 gets a 401 now.", "Floppafr@2022"),
        ("smtp rejects L1terary20@ for the relay", "L1terary20@"),
        # Django's key and a Google app password said in prose or written unquoted
        (
            "The secret key _zuaab0koonrrsfj_#(=((#z3^m(574anl2=(g#=nka9#7^yq$ gets a 401",
            "zuaab0koonrrsfj",
        ),
        ("password       ayid mkvu qcsz wvzt", "mkvu qcsz"),
        ("GRAFANA_SMTP_PASSWORD=slag ysrq ugio zeao", "ysrq ugio"),
        # Mailgun's newer keys and Vault's tokens said alone
        (
            "mailgun rejects 516c85648c378e36f8e48b908239f8f2-30b58138-6cbb07b9 now",
            "516c85648c378e36",
        ),
        (
            "Pasted s.N5Rv5OJpUbxviQkkqVtmlFni.fvuLy from the vault dashboard",
            "N5Rv5OJpUbxviQkkqVtmlFni",
        ),
        # Apple's app-specific password, whatever names it
        ('appleIdPassword: "wyjv-ucmp-kuur-nvsj"', "wyjv-ucmp-kuur-nvsj"),
        ("notarize with jatb-anrh-hewh-ckft tonight", "jatb-anrh-hewh-ckft"),
        # a mail relay's login: Postfix's sasl_passwd, Exim's passwd.client
        ("[smtp.gmail.com]:587 relay@example.com:Qx7vK2mP9sL4", "Qx7vK2mP9sL4"),
        ("smtp.gmail.com:door@example.com:Fr1nk2k!!", "Fr1nk2k!!"),
        # a base64 value of a few different signs is no stand-in
        ("dns_ovh_application_secret = MDEyMzQ1Njc4OWFiY2RlZmdoaWprbG1u", "MDEyMzQ1Njc4OWFi"),
    ],
)
def test_a_service_configs_secret_goes(text: str, secret: str) -> None:
    assert secret not in R.redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        # words that say what goes there; a sentinel for none; "here" alone
        'config.PASS = "broker password"',
        '        factory.setPassword("YOUR AWS EC2 RABBITMQ PASSWORD");',
        '        loginToken = "noToken";',
        '    const val API_KEY_TOKEN = "here"',
        # a query that looks a token up
        '    get_token = "select username from employees where token =" ..quoted_key',
        # a constant holding the name of the key it is stored under, typed or not
        '    const val FCM_TOKEN_KEY: String = "FCMTokenKey"',
        '    private static final String API_TOKEN_KEY = "apiToken";',
        # a request's nonce set by subscript; an encrypted data bag's parts
        "      request[\"postman-token\"] = '5ca1aff9-57ae-6c0c-40b1-49a2997854fd'",
        '      "iv": "tdPhyitd8BVaXfRALAlGeQ==\\n",',
        "  encrypted_data: +WRsKhEqAvqb28FeJxAapXhBWu+Nz2tJyK4qPbgDgZYg/C2eUq1H1Uw9Ckxr",
        # Pulumi's sealed values and its salt
        "encryptionsalt: v1:wO5uhGLHqnA=:v1:TrPfuEibio4Akdrs:rwSWWaB3vK4aIaZqFIy/kLKp507IzA==",
        "    aws:secretKey:\n      secure: v1:TrPfuEibio4Akdrs:rwSWWaB3vK4aIaZqFIy/kLKp507IzA==",
        # base64 of one sign over and over
        "dns_ovh_application_secret = MDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAw",
        # a Slack webhook of words; a route's access mode; a tokenizer's unit
        "  slack_api_url: https://hooks.slack.com/services/mau-tau-aja-kamu",
        "#     @http.route('/prueba/prueba', auth='public')",
        '                  token = "words") |> ',
        # public keys: Algorand addresses, a Solana program's declared id
        '\t\t\t\t    "receiver": "VRRIASVEG3U3LHECHXINO2XIY7MV6P4YHR7C3XLDOKR7YFF3LOW3UD46AM",',
        '\t\t\t\taddress:    "EMAVMBG5P4AHJBNDSJSFH2USQSWIE6QQOVQLAPGXI2HQ3OJ7ILH6CDMOVU",',
        'declare_id!("9pW59BsNCqtQC1xucwTXYS4Qe9qz5AgSy2jajE63odQb");',
        # code after a secret's noun: a regex's class, an f-string's conversion, a Sphinx
        # role's dotted name, a formula (real text: urllib3, pyparsing, opentelemetry, sympy)
        '    result = re.sub(r"[^A-Za-z0-9]", "_", key).upper()',
        '            if attrName not in tokens:\n                raise ParseException(s, l, f"no matching attribute {attrName!r}")',
        "        Dictionary of fields or list of (key, :class:`~urllib3.fields.RequestField`).",
        "    secret = k_*(2/sqrt(pi)*(a_**2*t+1)*sqrt(t)-a_*t*exp(a_**2*t)*erfc(a_*sqrt(t))*(2*a_**2*t+3))",
        # references right after a secret's name keep their signs
        "    secret_access_key: ${S3_SECRET_ACCESS_KEY}  # injected from the environment (do not hardcode :) !)",
        '        OPENAI_API_KEY = "${var.litellm_crawl4ai_key}"',
        # lines that look like a relay's but are a passwd entry, an image, a log
        "mail:x:8:8:mail:/var/mail:/usr/sbin/nologin",
        "mailserver  docker.io/mailserver:latest",
        "mail.example.com 10:30:00",
        "mailer  image:latest",
        "[DEBUG]\t\torg.neo4j.neo4j-graphdb-api:jar:3.5.12:test",
        # a sentence's "s." before a word; a UUID with a hash's groups
        "See docs s.Introduction and the rest.",
        "checksum 516c85648c378e36f8e48b908239f8f2-30b58138 ok",
        # four words of four letters in a slug, each with a vowel: no Apple password
        '<div class="blog-post-card-body">',
        # fifty signs of a slug or of a log's record: no Django key
        "20171223-22:31:59:956|Step_SPUtils|30002312| getTodayTotalDetailSteps = 1514039400000##7189##549659##8661##16256##28163940",
        "CACHE = 'my-very-long-setting-name-for-the-cache-backend-x'",
    ],
)
def test_a_service_configs_look_alike_stays(text: str) -> None:
    assert R.redact_text(text)[0] == text


@pytest.mark.parametrize(
    "text", ["password: must have more than", "--token from your last step", "key they were here"]
)
def test_four_words_of_a_sentence_are_no_app_password(text: str) -> None:
    """Google's groups are drawn: two or more common words make a sentence."""
    assert "google_app_password" not in R.redact_text(text)[1]

"""The thirty-ninth session's readings (fresh167 to fresh178: property rentals, restaurants,
Asian platforms, proxies and gateways, directory services, advertising, message brokers,
Discord bots and more), each form beside a look-alike that stays. The values are made up in
each form."""

from __future__ import annotations

import pytest

from streams.redact import Redactor

R = Redactor()

_SALESFORCE_CONSUMER_KEY = (
    "3MVG9A2kN3Bn17hsqX7tRDUynekC.kfDr48wYkhUSBTv.ooD7UkUVZ7ad9T4l7PIjHvXEmNLOkzg1U56xLkYS"
)
_LINE_CHANNEL_TOKEN = (
    "/dS99PmL9r96rJ3BbmRAYktUDbUSYdBDWGa+/IMYQLvXfvx56/c3ss6jKAv36H8D1Tgo03mP7LzN87umgVZbWYi4"
    "xbNkME6Zaxy9BPLnq/DjA9VT/tDDFS748H/7PBhTcdJef79+P5pPyGP7/YL1HAdB04t89/1O/w1cDnyilFU="
)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # .NET's directory logins: a DirectoryEntry's path, user and password, a principal
        # context's ValidateCredentials
        (
            'new DirectoryEntry("LDAP://10.0.0.2", "administrator", "Qm4nTr1x", '
            "AuthenticationTypes.Secure);",
            "Qm4nTr1x",
        ),
        ('bool ok = ctx.ValidateCredentials("jdoe", "Summer2024!");', "Summer2024!"),
        # HAProxy's statistics login and a userlist's clear password
        ("        stats auth andalin:thebestandal1n2019!", "thebestandal1n2019!"),
        ("  user admin insecure-password S3cr3tPw!", "S3cr3tPw!"),
        # Airbnb's calendar export token in its URL
        (
            'http.Get("https://www.airbnb.co.uk/calendar/ical/2275.ics?s=f7c72662a1b98e5db6601e55'
            '732e1154")',
            "f7c72662a1b98e5db6601e55732e1154",
        ),
        (
            "ICAL=https://www.airbnb.com/calendar/ical/123.ics?locale=en&s=f7c72662a1b98e5db6601e5"
            "5732e1154",
            "f7c72662a1b98e5db6601e55732e1154",
        ),
        # Taiwan's weather open-data key, in a header
        ('"Authorization": "CWB-9C231AB9-B43F-4CDF-9504-E493CB88877D",', "9C231AB9-B43F"),
        # base64 that opens with "/": a LINE channel's access token
        (f"$client = new CurlHTTPClient('{_LINE_CHANNEL_TOKEN}');", _LINE_CHANNEL_TOKEN[:30]),
        # the tools whose references now stay still take a value typed in their place
        ("mkpasswd -m sha-512 hunter22x", "hunter22x"),
        ("openssl passwd -apr1 Wint3rIsHere", "Wint3rIsHere"),
        # a whole JWT after Bearer; a Salesforce secret beside its consumer key
        (
            "authorization: Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0In0."
            "c2lnbmF0dXJlX2J5dGVz",
            "eyJzdWIiOiIxMjM0In0",
        ),
        ("  clientSecret: kfDr48wYkhUSBTv.ooD7UkUVZ7ad9T4l7PIjHvXE", "kfDr48wYkhUSBTv"),
        # round 2: Wolfram|Alpha's AppIDs, Qiskit's saved tokens, hex under an "api" name
        ("wolframalpha_API_ID_list = ['5UQVG8-L5HU8645K8','WJTYK2-68LHU7UPU8']", "WJTYK2-68LH"),
        ('        app_id = "3EGJQ6-2K4Q5LGVVY"', "3EGJQ6-2K4Q5LGVVY"),
        ('IBMQ.save_account("' + "3f9a0c2b" * 16 + '", overwrite=True)', "3f9a0c2b3f9a"),
        ("# IBMProvider.save_account('" + "c7c609c0" * 16 + "')", "c7c609c0c7c6"),
        ('API = "6940d199dd16f53e04bbc0f5896b6c44"', "6940d199dd16f53e04bbc0f5896b6c44"),
        ("OWM_API=6940d199dd16f53e04bbc0f5896b6c44", "6940d199dd16f53e04bbc0f5896b6c44"),
        # a real key after a prefix, beside the stand-in one
        (
            "OPENROUTER_API_KEY=sk-or-v1-3f9a0c2b7d1e4f8a6b5c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2",
            "3f9a0c2b7d1e4f8a",
        ),
        # a long number under a secret's name (a Salesforce consumer secret)
        ("clientSecret = 5817087196915840373", "5817087196915840373"),
        ("  clientSecret: 2466192681286822700", "2466192681286822700"),
        # drawn base-62 of 20 to 25 signs alone: the bar follows what random draws reach
        ("u2Ass2CHFtMzXwJLo9QJ2Q", "u2Ass2CHFtMzXwJLo9QJ2Q"),
        ("- **Trong config:** `PedQcRl79956tEHG2dC9`", "PedQcRl79956tEHG2dC9"),
        # a URL's real password beside the shipped pair; a password of few kinds of signs
        ("DATABASE_URL=mysql://db_user:Vq8#mZ2r@127.0.0.1:3306/db_name", "Vq8#mZ2r"),
        ("PASSWORD=abc1111", "abc1111"),
        ("  password: '[97872715Ga!]',", "97872715Ga!"),
        # a LINE channel's secret is bare hex, not an id's form
        ("channel_secret = 'a0c0cd1ee5061638a0264e9b12041b78'", "a0c0cd1ee5061638a0264e9b12041b78"),
    ],
)
def test_each_form_of_the_session_is_redacted(text: str, secret: str) -> None:
    assert secret not in R.redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        # pam_ldap's hashing scheme for a changed password
        "pam_password crypt",
        "pam_password exop",
        # a variable inside a command substitution, or before an escaped quote
        'useradd "$name" --create-home || exit 1;#--password "$(mkpasswd $password)"',
        '  echo \\"${CTRL_USER}:$(openssl passwd -apr1 ${CTRL_PASS})\\" > /etc/nginx/.htpasswd',
        "    stats auth admin:${HAPROXY_PASS}",
        # a length told instead of a value
        "JWT_SECRET=min-32-characters-long",
        # a JWT's header alone, cut with dots
        "authorization: Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9...",
        # a value said to be removed, a scheme's name
        "TOKEN = 'REMOVED'",
        'auth = "Basic " + base64.b64encode(bytes(cfg["key"] + ":" + cfg["secret"], "utf-8"))',
        # SumUp's public key and client id, a Salesforce consumer key (with its dots too)
        "PUBLIC_API_KEY=sup_pk_T1CKKooeHzqTf1CIVlHPPH03l0OclA7ux",
        "        appId: 'cc_classic_YOGFj1PqeOOf83P2pCDHfcoeBK8mn',",
        f"clientKey = {_SALESFORCE_CONSUMER_KEY.replace('.', '')}",
        f"  clientKey: {_SALESFORCE_CONSUMER_KEY}",
        # a LINE user's id, a playlist Spotify curates, a Riot player's id
        "$token_id = 'Ua0c0cd1ee5061638a0264e9b12041b78';",
        "        global: '37i9dQZEVXbMDoHDwVN2tF',",
        'puuid = "M94cRgHLx2dzGy9wFWjL_b0srRmlDZZv5shiV-EK1Z7VcmWXt7RoDnLdqReDRTX0DPDEEf_0aUZ9hg"',
        # SOPS's ciphertext, nonce and tag
        '  "private_key": "ENC[AES256_GCM,data:1AoSJM++V8yGXnEBlCie3DP1joaj0o+dmqzqtntkKws4X6YJ'
        "SUWVdaqP+uQ4h3v126pehWSRoEUkfML6OlfK9AVJ5Oio8kW,iv:Xk3jd8fQ2aP0q7Lm2Vb9Zc4Yt1Rw8Hs6Jn"
        '3Gd5Kf0Qe=,tag:AbCdEfGhIjKlMnOpQrStUv==,type:str]",',
        # a path with a "+" stays a path
        "cd /usr/include/c++/11/bits && ls",
        # an Airbnb listing's page is no export
        "https://www.airbnb.com/rooms/22759834?s=67",
        # round 2: a reference in quotes, a prefix before words that stand in, a key's file
        "    \"X-RapidAPI-Key\": 'process.env.RAPIDAPI_KEY',",
        "OPENROUTER_API_KEY=sk-or-v1-YOUR-NEW-KEY-HERE",
        "path_to_private_key = 'calendarapp-388309-71213f772994.json'",
        "GOOGLE_APPLICATION_CREDENTIALS=client_secret_1470-7khhiucot.apps.googleusercontent.com.json",
        # Basic over two stand-ins, written out or in base64
        "`Authorization: Basic base64_encoded_api_key:`",
        "> Authorization: Basic eW91cl9hY2Nlc3Nfa2V5OnlvdXJfdmFsdWU=",
        # a README's stand-in AppID, a serial of the same form, a saver given a name
        "# a Wolfram AppID looks like ABCD12-EFGH345678",
        'serial = "3EGJQ6-2K4Q5LGVVY"',
        "IBMQ.save_account('MY_API_TOKEN')",
        # a number under a secret's name that is short or counts; a name with its numbers
        "SECRET_TTL = 86400",
        "client_secret=1234567890123456",
        "cipher = ChaCha20Poly1305Cipher",
        # round 3: ACF's field keys, a WeChat AppID, Symfony's shipped and test:test URLs,
        # a "not set" sentinel, values of few signs typed to fill a place
        '    "key": "group_5d990ce92663e",',
        "_user_secret = {'appid' : 'wxe94db0c2eaa455a1' ,",
        "DATABASE_URL=mysql://db_user:db_password@127.0.0.1:3306/db_name?serverVersion=5.7",
        'DATABASE_URL="mysql://test:test@localhost:3306/crm" pnpm dev',
        "        password: 'NOT-SET',",
        "var NL_API_KEY = 'a1a1a1a1a1a1a-a1a1a1a1a1a1a1a1a1-a1a1a1';",
        "# access_key: SCW11111111111111111",
        "  password: '[dockerhub-password]',",
        # hex under a name that is no key's
        'commit = "6940d199dd16f53e04bbc0f5896b6c44"',
        'api_version = "6940d199dd16f53e04bbc0f5896b6c44"',
    ],
)
def test_each_look_alike_of_the_session_stays(text: str) -> None:
    assert R.redact_text(text)[0] == text

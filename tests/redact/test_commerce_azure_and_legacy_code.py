"""Readings from the blind sets fresh100 to fresh117 (public-data APIs, Azure, regional
platforms, speech and vision APIs, e-commerce, chat bots, legacy code; mail and SMS senders,
developer platforms, smart-home APIs, fintech and travel; health and open data, games, JVM
and BEAM configs, mail integrations; telephony, business apps): each secret goes and each
look-alike beside it stays. Values are made up in each form."""

from __future__ import annotations

import base64
import json

import pytest

from streams.redact import Redactor

R = Redactor()


def _wrapped_jwt(claims: dict[str, object]) -> str:
    """A JWT with made-up claims and signature, written in base64 once more (Paymob's keys)."""
    parts = [{"alg": "HS512", "typ": "JWT"}, claims]
    head, body = (
        base64.urlsafe_b64encode(json.dumps(p).encode()).rstrip(b"=").decode() for p in parts
    )
    token = f"{head}.{body}.c2lnbmF0dXJlLW1hZGUtdXAtZm9yLXRoZS10ZXN0LTEyMzQ1Njc4OTA"
    return base64.b64encode(token.encode()).decode()


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # WooCommerce's REST keys, both halves, said alone or listed in a PHP array
        ("the shop rejects ck_" + "3e7a1c9f5b2d" * 3 + "8a4c — which key is it?", "3e7a1c9f5b2d"),
        ("    'cs_" + "b4d6f8a0c2e1" * 3 + "7e9f',", "b4d6f8a0c2e1"),
        # Login with Amazon's client secret, pasted in a thought
        ("Pasted amzn1.oa2-cs.v1." + "5c3e7a9b" * 8 + " into the config", "5c3e7a9b5c3e7a9b"),
        # eBay: the Cert ID, an Auth'n'Auth token, an OAuth user token
        ('EBAY_CERT_ID = "SBX-9c1e5a7f3b2d-4e6a-4b8c-9d0e-7f1a"', "9c1e5a7f3b2d"),
        (
            "our $token = 'AgAAAA**AQAAAA**aAAAAA**dGhpcyBpcyBub3QgYSByZWFsIHRva2VuIGF0IGFsbA**"
            "nY+sHZ2PrBmdj6wVnY+sEZ2PrA2dj6wHlIKoCZCBogmdj6x9nY+seQ**';",
            "dGhpcyBpcyBub3QgYSByZWFs",
        ),
        (
            'EBAY_TOKEN = "v^1.1#i^1#r^0#p^1#I^3#f^0#t^H4sIAAAAAAAA/+VYe2wURRi/6wvK06g8AhI'
            'vKyHhsXu792pv4Y5cX7Q82sK1pC2tdXZ3tl26t"',
            "H4sIAAAAAAAA/+VYe2wURRi",
        ),
        # Mercado Pago's access token, an SDK's argument alone on its line
        ('    "TEST-4019755699680000-122117-' + "d6a5" * 8 + '-475891059")', "d6a5d6a5d6a5"),
        # a JWT written in base64 once more (Paymob's API key)
        ("      '" + _wrapped_jwt({"class": "Merchant", "profile_pk": 1}) + "'", "ZXlKaGJHY2lPaUp"),
        # Azure AD's older client secrets hold "~" and "."
        (
            'APP_PASSWORD = os.environ.get("MicrosoftAppPassword", "Qx7pL2vR9t-Kb_~3-MnA.wcd8_")',
            "~3-MnA.wcd8_",
        ),
        ("bot rejects Zt4xH8kV0q2NfR6j.-7pW~1.bG3Qy- — check it", ".-7pW~1.bG3Qy-"),
        # a generated password holding a bracket that closes nothing, or no digit at all
        ('    "Default": "Server=localhost;User Id=sa;Password=Qwe456)_;"', "Qwe456)_"),
        ("BOT_TOKEN=Hw[K.PD_>eFbBE@b", "Hw[K.PD_>eFbBE@b"),
        # Google's app password after any key's or token's name, and in a thought
        ("GMAIL_ACCESS_KEY=qzvx hbnt wmle rkpd\nLOG_LEVEL=debug", "qzvx hbnt"),
        ("mailer auth login --token qzvx hbnt wmle rkpd", "wmle rkpd"),
        ("The gmail key qzvx hbnt wmle rkpd gets a 401 now.", "qzvx hbnt"),
        # Visual Basic's declared type before the value
        ('Dim dbPassword As String = "Tr0ub4dor&3"', "Tr0ub4dor&3"),
        # PHP's old connections: the password is the third argument
        ('  $conn = @mysql_connect("localhost", "shopuser","k7Pq2zW9");  ', "k7Pq2zW9"),
        ('$db = mssql_connect("sql01", "sa", "Hx4!pQ9r");', "Hx4!pQ9r"),
        # Azure's Speech SDK given its resource's key as "subscription"
        ('cfg = SpeechConfig(subscription="' + "8c2e4a6f" * 4 + '", region="eastus")', "8c2e4a6f"),
        ('var c = SpeechConfig.FromSubscription("' + "1f3b5d7e" * 4 + '", "westus");', "1f3b5d7e"),
        # round 2: a key's hex written out and put in base64 (Textlocal's API keys)
        (
            "\t$apiKey = urlencode('"
            + base64.b64encode(b"7d3f9a1c5e8b2046b1e4c7a0d3f69285").decode()
            + "');",
            "N2QzZjlhMWM1",
        ),
        # the service a password opens, after its name; Markdown's bold name
        ('passwordMysql = "7K?up52QTZhU8b6mo?R3"', "7K?up52QTZhU8b6mo?R3"),
        ("PASSWORD_SMTP=kq8Lm2xZ", "kq8Lm2xZ"),
        ("- **COINBASE_WEBHOOK_SECRET**: `5a0e7c2b-9f41-4d3a-8b6e-1c2d3e4f5a6b`", "5a0e7c2b"),
        # round 3: the colon inside the stars; jarsigner's elements; a URL's key-like user
        # and its password, both
        ("- **Password:** `Fhir22!Sand`", "Fhir22!Sand"),
        ("    <storepass>LABpass7</storepass>", "LABpass7"),
        # round 4: Asterisk's registration line, the password between user and host
        ("register => 2210:7c1e9a4f0b2d8e6a@sip.example.net:5060", "7c1e9a4f0b2d8e6a"),
        ("register =49078:b3d5f7a9c1e2@register.example.org\t; your node's", "b3d5f7a9c1e2"),
        # a bcrypt hash whose salt is all dots is no mask of dots: its rule takes it
        ('b"$2a$04$......................nqGL2rTm1WvTk5YPb0TJl5jFqGU3iUGm"', "nqGL2rTm1WvTk5"),
        (
            '"https://app40213377-K2QbEg:c.5stMHZQLRgja.x8RbKvRl2d5pdny@hobby.dbs.example.com:24780"',
            "c.5stMHZQLRgja",
        ),
    ],
)  # fmt: skip
def test_the_secret_goes(text: str, secret: str) -> None:
    out = R.redact_text(text)[0]
    assert secret not in out, out


@pytest.mark.parametrize(
    "text",
    [
        # an eBay app's App ID is its client id, sent in every call
        'EBAY_APP_ID = "Jane-Shopbot-PRD-86e535c40-6a1b1745"      # Client ID',
        # a function's name a call opens with (web push's helper), digits among its words
        "        applicationServerKey: urlBase64ToUint8Array(publicVapidKey)",
        "const bytes = convertBase64ToUint8Array(payload);",
        # masked values: a password shown by its first letters, Markdown's escaped stars
        "    'password' : 'G......H.......!',",
        "- <sup> REACT_APP_API_KEY= \\*\\*\\* <sup>",
        # the name Azure gives a VM's managed disk
        "        \"odDiskName\": \"_OsDisk_1_938698b1760d446aa1c95cfd34d8626f\"",
        "        name: '${virtualMachines_name}_OsDisk_1_03162f8350db4a36a2635419720cf510'",
        # a Shopify storefront's public access token; Kakao's map script's JavaScript key
        "VITE_SHOPIFY_STOREFRONT_TOKEN=89e6c827e100c3d0b35e5957424b3cc7",
        '<script src="//dapi.kakao.com/v2/maps/sdk.js?appkey=1ac4a57d8a5927d34020a891fcdbbcbd">',
        # SQL built from variables: no password literal
        "SET @SQL = 'CREATE LOGIN ' + QUOTENAME(@u) + ' WITH PASSWORD = ' + QUOTENAME(@p, '''');",
        # code, not a password with brackets; four words, not Google's four groups
        "password=get_pass(a)_x",
        "TOKEN=items[i]>limit@x",
        "the key used when load fails",
        # an Azure subscription's id is a UUID, no key
        'subscription = "0f3b2a4c-1d2e-4f5a-8b9c-0d1e2f3a4b5c"',
        # round 2: a placeholder in Portuguese with a count; a form's message; Statsig's
        # client key; Markdown's bold name before words
        "SESSION_SECRET=seu-secret-aqui-32-caracteres-minimo",
        # base64 of a letter repeated is no hex key
        "The trace shows YWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWEK twice.",
        "        errors: { password: 'Incorrect password!' }",
        "  'client-rfLvYGag3eyU0jYW5zcIJTQip7GXxSrhOFN69IGMjvq'; // client-***",
        "**Password**: the one you chose at signup.",
        "- **SESSION_SECRET:** NUNCA compartilhe ou commite no Git",
        # round 4: an installer's slot; a registration line taking a variable
        "define('DBPASS','%CONFIG-DBPASS');",
        "register => 1234:${SIP_SECRET}@sip.example.com",
        "    - **api_key:** explicit ``api_key`` (returned unchanged) > the gateway key if",
        # round 3: RevenueCat's public SDK key; C#'s XML doc of a parameter; a JWT signed
        # with a few signs repeated, said alone
        '    REVENUECAT_SDK_KEY_ANDROID: str = "" # e.g., goog_xrdhQfMmFhWRVASlHLBBnSi1fZ',
        '        /// <param name="clientSecret">A clientSecret of Application.</param>',
        "the fixture's token eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ0ZXN0In0."
        + "Ej8" * 12
        + " expires",
    ],
)  # fmt: skip
def test_the_look_alike_stays(text: str) -> None:
    assert R.redact_text(text) == (text, {})

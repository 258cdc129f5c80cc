# ruff: noqa: E501
"""What the first runs of the twenty-seventh session's blind sets showed (fresh51: PHP
applications' configuration; fresh52: JVM and .NET applications'; fresh53: saved connections
of desktop and deploy tools; fresh54: keys in front-end and mobile source; fresh55: secrets
printed in logs). Each reading beside a look-alike that stays."""

from __future__ import annotations

import pytest

from streams.redact import Redactor

R = Redactor()


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # a Symfony reference beside a real value still leaves the value to its rules
        ("    secret: 'f3b9c1e07a5d4c2b9e8f7a6d5c4b3a21'", "f3b9c1e07a5d4c2b9e8f7a6d5c4b3a21"),
        ("        ->dsn('smtp://mailer:Qz7wR2kLp9@%env(SMTP_HOST)%:587')", "Qz7wR2kLp9"),
        # words of a passphrase say nothing of where it goes: kept a secret, English "here"
        # or a neighbour language's look-alike of "here" among them too
        ("define( 'AUTH_KEY', 'horse battery staple window' );", "horse battery staple window"),
        ("PASSPHRASE='here comes the sun'", "here comes the sun"),
        ("PASSPHRASE='tell her the truth'", "tell her the truth"),
        ("PASSPHRASE=add-milk-eggs-bread-butter", "add-milk-eggs-bread-butter"),
        # a token after a tracking cookie and an "&" is no longer the cookie's value
        (
            "set-cookie: _ga=GA1.2.3&x=Qx7vK2mP9sL4nR8tW1yZ3cB6dF0gH5jK",
            "Qx7vK2mP9sL4nR8tW1yZ3cB6dF0gH5jK",
        ),
        # more authentication schemes in an Authorization header (Okta, GoDaddy, Zoho, Opsgenie)
        (
            "curl -H 'Authorization: SSWS 00T9kQ2wX8vL5mN3bR7cY1dF6gH4jK0pZ' https://x.okta.com",
            "00T9kQ2wX8vL5mN3bR7cY1dF6gH4jK0pZ",
        ),
        (
            'headers = {"Authorization": "Zoho-oauthtoken 1000.4f9e2c7a1b8d.3e6f0a9c2b5d"}',
            "1000.4f9e2c7a1b8d.3e6f0a9c2b5d",
        ),
        (
            "Authorization: GenieKey 7c1e9f3a-2b8d-4c6e-9a0f-5d3b7e1c9a2f",
            "7c1e9f3a-2b8d-4c6e-9a0f-5d3b7e1c9a2f",
        ),
        # a password with "=$" inside is no name given a variable
        ('    "password": "Wq7=$Rt4!kLm",', "Wq7=$Rt4!kLm"),
        # a random run under an id's name is still a token (the prose set's bug reports pass
        # keys as `id:`); only a DBeaver data source's own id form is known
        ("sessionId: 'Q7ZmK2pX9vR4tL8wN3bY6cF1'", "Q7ZmK2pX9vR4tL8wN3bY6cF1"),
        ('  id     = "RgH1pJ0XZKv9jh5UXHP1qGDsAxaw"', "RgH1pJ0XZKv9jh5UXHP1qGDsAxaw"),
        # XML elements named for a password hold it, digits only too (Hibernate, Axis2, Spring)
        ('        <property name="connection.password">4417203</property>', "4417203"),
        ('    <parameter name="password">Vt8kq2Wz</parameter>', "Vt8kq2Wz"),
        ('  <prop key="hibernate.connection.password">Vt8kq2Wz</prop>', "Vt8kq2Wz"),
        # a properties line with its blank after the sign only
        ("spring.mail.password= quillfeather", "quillfeather"),
        # a constant whose value has digits or signs is a literal, not a setting's name; a
        # constant of an untyped language holds whatever it is given
        ('    public static final String DB_PASSWORD = "s3cr3t.pass";', "s3cr3t.pass"),
        ('const signingKey = "gorillaToken"', "gorillaToken"),
        ('public static final String JWT_SECRET = "jwtSigningSecret";', "jwtSigningSecret"),
        # a key in a JavaScript template's URL; the secret halves of public keys' providers,
        # and Mapbox's public token, which gitleaks flags
        ("fetch(`https://api.x.org/v2?apiKey=Xk9vQ2mPz7Lr4tWb`)", "Xk9vQ2mPz7Lr4tWb"),
        (
            "mapboxgl.accessToken = 'pk.eyJ1IjoiYWNtZSIsImEiOiJjbHgxMjM0NTY3ODkwIn0.Qx7vK2mP9sL4nR8tW1yZ3c';",
            "eyJ1IjoiYWNtZSIsImEiOiJjbHgxMjM0NTY3ODkwIn0",
        ),
        (
            'const supabaseKey = "sb_secret_Qx7vK2mP9sL4nR8tW1yZ3cB6dF0";',
            "sb_secret_Qx7vK2mP9sL4nR8tW1yZ3cB6dF0",
        ),
        ("PUSHER_APP_SECRET=9c1e5b7a3d2f4e6a8b0c", "9c1e5b7a3d2f4e6a8b0c"),
        # a commented assignment with "#" is no Angular template variable
        ('#password="hunter2x"', "hunter2x"),
        # a whole JWT followed by dots still goes; a session cookie beside a bot cookie
        (
            "token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJsaWxhIn0.Qx7vK2mP9sL4nR8tW1yZ3cB6dF0gH5jK...",
            "eyJzdWIiOiJsaWxhIn0",
        ),
        (
            "Cookie: __cf_bm=abc.def-1-1.0; sessionid=Qx7vK2mP9sL4nR8tW1yZ3cB6",
            "Qx7vK2mP9sL4nR8tW1yZ3cB6",
        ),
        # a key that only ends in signs it was not masked with; a bcrypt hash whole stays a
        # finding; a bot token
        (
            '  apiKey: "AIzaSyCMJGWDiuiV91DQOqscCXiVTf2iVNHQa1b",',
            "AIzaSyCMJGWDiuiV91DQOqscCXiVTf2iVNHQa1b",
        ),
        (
            '    password: "$2b$10$ygO42RCOcm9S18tXQZHzCuOQDqrnEuL1oEf8L/0wJomKHunjLubN6",',
            "ygO42RCOcm9S18tXQZHzCuOQ",
        ),
        (
            "BOT_TOKEN=7012345678:AAHk3j9XzQ2pLm8vB7cT1yH6jF8sW5aE0uI",
            "AAHk3j9XzQ2pLm8vB7cT1yH6jF8sW5aE0uI",
        ),
        # "$" and a name holding five digits in a row: a password, no variable (fresh53)
        ('    "pass": "$sc1965112",', "sc1965112"),
        # a session beside a tracker in the same header or jar still goes
        (
            "Cookie: _ga=GA1.2.3.4; sessionid=Jk3AoazcPiIqZGO4i8G5xtDwumdQ",
            "Jk3AoazcPiIqZGO4i8G5xtDwumdQ",
        ),
        (
            ".example.com\tTRUE\t/\tTRUE\t1756923292\tsessionid\tJk3AoazcPiIqZGO4i8G5xtDwumdQZCAK9g",
            "Jk3AoazcPiIqZGO4i8G5xtDwumdQ",
        ),
    ],
)
def test_an_app_configs_secret_goes(text: str, secret: str) -> None:
    assert secret not in R.redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        # Symfony's environment references, with and without processors, in values and URLs
        "    secret: '%env(APP_SECRET)%'",
        "    password: '%env(resolve:DB_PASSWORD)%'",
        "        ->dsn('smtp://%env(SMTP_USERNAME)%:%env(SMTP_PASSWORD)%@%env(SMTP_HOST)%:%env(SMTP_PORT)%')",
        "    'provider' => 'redis://%env(CACHE_USERNAME)%:%env(CACHE_PASSWORD)%@%env(CACHE_HOST)%/',",
        # WordPress' sample asks for a phrase "here", in the language it was translated to
        "define( 'AUTH_KEY',         'Füge hier deine Zeichenkette ein' );",
        "define( 'NONCE_SALT',       'mettez une phrase unique ici' );",
        "define( 'AUTH_KEY',         'pon-aquí-tu-frase-aleatoria' );",
        "define( 'LOGGED_IN_KEY',    'pon_aquí_tu_clave_única' );",
        "define( 'SECURE_AUTH_KEY',  'впишите сюда уникальную фразу' );",
        # names given a variable
        "Authorization: Token token=$TOKEN",
        '    "pass": "$sftp_password",',
        # a check's outcome printed after the word "password"
        "✅ Password matches",
        "Password: verified",
        '  "password": "pass=%PASS%",',
        # words in Chinese or Japanese where a password or key would be
        "pass = 您的webdav密码-注意是加密后的",
        "PRIVATE_KEY=0xあなたのウォレットの秘密鍵",
        # a DBeaver data source's id, as an attribute or as the key of its record
        '<data-source id="mariaDB-167ef2255e3-2894b2b64d89ddc5" provider="mysql" save-password="true">',
        '\t\t"mysql8-17b9a6be85f-33564069aae4817e": {',
        # a reference in an XML element; code that assigns a variable
        '<property name="connection.password">${DB_PASS}</property>',
        "config.password = quillfeather",
        # a sentence is no properties key (a commit message of gitleaks', real prose bench)
        "The regex finds secrets. Here it looks for Password= followed by any sign but ;.",
        # a key store's file in a Spring resource; an EOSIO chain's public key
        "server.ssl.key-store=classpath:keystore.p12",
        'String[] names = info.getTokens("EVT5WQLGPpdYpCsSL6My7gkJWXKiedWLmrjVX8wur3NRDd5hHT71M");',
        # a constant holding a setting's name, or its own name after underscores
        '  public final static String SITE_MAIL_PASSWORD = "email.password";',
        '    private const string AntiXsrfTokenKey = "__AntiXsrfToken";',
        # a reference in a JavaScript template's URL, or as Supabase's config.toml writes it
        "    const url = `https://newsapi.org/v2/top-headlines?country=us&apiKey=${API_KEY}`;",
        'openai_api_key = "env(OPENAI_API_KEY)"',
        # keys made for browsers: Supabase's publishable key and the local CLI's anon key, a
        # Razorpay key id (Mapbox's public tokens stay findings: gitleaks' mapbox-api-token
        # rule and fresh30's labels take them; so do Pusher's app keys, by name alone no
        # different from its secrets)
        'const supabaseKey = "sb_publishable_Qx7vK2mP9sL4nR8tW1yZ3cB6dF0";',
        '  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";',
        "const String kRazorpayTestKey = 'rzp_test_Qx7vK2mP9sL4nR';",
        # a Jenkins secret as credentials.xml and JCasC keep it: ciphertext, as fresh28
        # labels it (fresh53 counts those whose master.key is committed beside them)
        "  <apiToken>{AQAAABAAAAAg" + "Zq8vK3pX7mR2tL9w" * 4 + "}</apiToken>",
        # Angular's template variable bound to a directive
        '<input name="password" #password="ngModel" [(ngModel)]="model.password" required/>',
        # a JWT cut before its signature; a Java object's toString; a hash's prefix before
        # words; a sentence that says what to do
        "INFO - got token: eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJsa...",
        "D  preExecute mColorMode=0,token=android.os.BinderProxy@d2483d7",
        '    password: "$2b$10$hashedpassword1",',
        "JWT_SECRET_KEY=generate_a_random_secure_string",
        # a key masked at its end in a README
        '  apiKey: "AIzaSyCMJGWDiuiV91DQOqscCXiVTf2iVNHQXXX",',
        # ids an LLM API's responses carry; a CDN's bot-management cookie
        "{'system_fingerprint': 'fp_ffc7281d48_prod0820_fp8_kvcache'}",
        "('openai-organization', 'user-leckwh4hty27asdaymxz75kx'), ('openai-project', 'proj_t7KNrofXtFGPUCZSM7oWYSTS')",
        "    'set-cookie': '__cf_bm=.Jk3AoazcPiIqZGO4i8G5xtDwumdQZCAK9gBoBTCUE0-1756923292-1.0.1.1-zd890lawGkjJ4jCmB_MLQjbwKUMgfJYPMUoQgqCdoz.bYuov8; path=/'",
        # trackers named once for a header and a cookie jar: Google Analytics 4, Hotjar
        "Cookie: _ga_X1Y2Z3ABCD=GS1.1.1700000000.5.1.1700000123.0.0.0; _hjSessionUser_3412345=eyJpZCI6IjU4ZTFkNjQ3LTk4MjYtNWI0OC05ODg4LWJkYzE0NWI4ZmQ2OSIsImNyZWF0ZWQiOjE3MDB9",
        ".example.com\tTRUE\t/\tTRUE\t1756923292\t__cf_bm\tJk3AoazcPiIqZGO4i8G5xtDwumdQZCAK9gBoBTCUE0-1756923292",
    ],
)
def test_an_app_configs_look_alike_stays(text: str) -> None:
    assert R.redact_text(text)[0] == text

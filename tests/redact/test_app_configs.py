# ruff: noqa: E501
"""What the first runs of fresh37–fresh40 showed (web3 projects, Java and .NET configs, PHP
apps and CMS installs, data-engineering configs: text 94.0 / 80.7 / 86.5 / 85.6 %). Each
reading beside a look-alike that stays."""

from __future__ import annotations

import pytest

from schemas.shapes import password_like
from streams.redact import Redactor
from streams.redact.said import said_keys

R = Redactor()


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # an application's salt under its framework's name (fresh39)
        ("$CFG->passwordsaltmain = '-ut=iSU.gt530~2ra:9^GF:?Z>k)';", "-ut=iSU.gt530~2ra:9^GF:?Z>k)"),
        ("$CFG->passwordsaltalt1 = 'e8a0949c068c1ab55c0c657c543f4e307088916c94711728df6ea09ad552d19a';",
         "e8a0949c068c1ab55c0c657c543f4e307088916c94711728df6ea09ad552d19a"),
        ("            'id_salt' => 'CUgvbpQM240xkK9S8sNNvDIGpNOA8uqS'", "CUgvbpQM240xkK9S8sNNvDIGpNOA8uqS"),
        ("SECURITY_PASSWORD_SALT=146585145368132386173505678016728509634",
         "146585145368132386173505678016728509634"),
        # ... given to a config setter, or as an environment variable's fallback
        ("Configure::write('Security.salt', '0ed4a957a6408380cfa3ff577eb7c05e3134255e');",
         "0ed4a957a6408380cfa3ff577eb7c05e3134255e"),
        ("Configure::write('Security.cipherSeed', '356139313732623235386638346464');",
         "356139313732623235386638346464"),
        ("$container->setParameter('secret','am122pempa321mplotou$kei8emplom');",
         "am122pempa321mplotou$kei8emplom"),
        ("'salt' => env('SECURITY_SALT', 'f9fa8f7cfc6bf2e0f34e34a6acc3f6223dc0a5abfee3b0fba453b1a2fa51771f'),",
         "f9fa8f7cfc6bf2e0f34e34a6acc3f6223dc0a5abfee3b0fba453b1a2fa51771f"),
        ("'password' => getenv('SMTP_PASSWORD') ?: 'Knutte4711', // or here", "Knutte4711"),
        # Magento 1's local.xml keeps its values in CDATA
        ("<key><![CDATA[be0c8a96441c8c10a82d882e456565e4]]></key>", "be0c8a96441c8c10a82d882e456565e4"),
        ("<password><![CDATA[memebox520]]></password>", "memebox520"),
        # a WordPress key whose alphabet holds the blank
        ("define( 'SECURE_AUTH_KEY',  '=Y7Ht{/Z[5:5w$l}cs~SIB!x .O;?&@dmM|R3@=F.j/5^e`k!a$bGVL~Lr()ZQ=w' );",
         ".O;?&@dmM|R3@=F.j/5^e`k!a$bGVL~Lr()ZQ=w"),
        # a property named for a secret, its value inside or in the next attribute (fresh38)
        ('<property name="hibernate.connection.password">951357qaz</property>', "951357qaz"),
        ('<property name="javax.persistence.jdbc.password" value="masai@123#$" />', "masai@123#$"),
        ('<param name="SMTPPassword" value="Xk29fJw0Q1" />', "Xk29fJw0Q1"),
        # an Ethereum key under a name a dapp's script gives it (fresh37)
        ("      accounts: ['0x93cb4503d0b70e2cca9f1d9046d6fb2a3eb7be464dbf1ffce0f5c600a51e530c'],",
         "93cb4503d0b70e2cca9f1d9046d6fb2a3eb7be464dbf1ffce0f5c600a51e530c"),
        ('const private = "baef34930ac74ddb24670fa6088756bbe77f85cad44e228ea3d1f4176f4ff0c0";',
         "baef34930ac74ddb24670fa6088756bbe77f85cad44e228ea3d1f4176f4ff0c0"),
        ('CONTRACT_PK = "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6"',
         "2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6"),
        # an Infura project id is its key; more RPC providers' keys in their URLs
        ("ENV WEB3_INFURA_PROJECT_ID='b11919ed73094499a35d1b3fa338322a'", "b11919ed73094499a35d1b3fa338322a"),
        ("url: 'https://bsc-testnet.nodereal.io/v1/e9a36765eb8a40b9bd12e680a1fd2bc5',",
         "e9a36765eb8a40b9bd12e680a1fd2bc5"),
        ("RPC = 'https://spring-silent-asphalt.solana-mainnet.quiknode.pro/bb1893fb836e6afbdef2f66e511cb53fc38929a2'",
         "bb1893fb836e6afbdef2f66e511cb53fc38929a2"),
        # an ODBC connection string's braced value (fresh38)
        ('"SQL": "Driver={ODBC Driver 18};Server=tcp:x,1433;Uid=amruta;Pwd={Ark@0408};Encrypt=yes;"',
         "Ark@0408"),
        # a password that starts with "#" and ends its line is no comment (fresh44)
        ("   SMTP password: #fdfwwBJ8f    ", "#fdfwwBJ8f"),
        ("token = #fdfwwBJ8f", "#fdfwwBJ8f"),
    ],
)  # fmt: skip
def test_the_credential_goes(text: str, secret: str) -> None:
    assert secret not in R.redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "SECURITY_PASSWORD_SALT = None",
        "      salt: 'random_string_used_as_a_salt'",
        # a contract's CREATE2 salt, ed25519's public key: a bare "salt", a bare "pk"
        '    "salt": "0x2b7e151628aed2a6abf7158809cf4f3c2b7e151628aed2a6abf7158809cf4f3c",',
        'pk = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"',
        "    accounts: [`0x${PRIVATE_KEY}`],",
        '  tx_hash: "0x5fd81068788e5774974af5e81a321dbef7a0224f2d02c3e9621d2a352111b85d"',
        # an Ethereum address is public, whatever its name
        'const tokenAddress = "0xA46e6916a3D46F3E32cd6A9ABDB6E30Da0AB65fb";',
        '                    token1: "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2"',
        '<property name="hibernate.connection.password">${db.password}</property>',
        '<property name="connection.password"></property>',
        # .NET's publicKeyToken, Application Insights' key, a CI reference's generated name
        '<assemblyIdentity name="Newtonsoft.Json" publicKeyToken="30ad4fe6b2a6aeed" />',
        '"APPLICATIONINSIGHTS_CONNECTION_STRING": "InstrumentationKey=04421ebf-b29d-49a0-b450-c22d21efe62c;'
        'IngestionEndpoint=https://eastus-1.in.applicationinsights.azure.com/",',
        "publish-profile: ${{ secrets.AZUREAPPSERVICE_PUBLISHPROFILE_916609597AFA468183940149452C4E9E }}",
        # a CAPTCHA's site key, an OAuth client's id
        "recaptcha.site_key = 6LfaNDcjAAAAAP4XrR7f1QF3FImSX0C1HJR9NYcW",
        "\t'siteKey' => getenv('RECAPTCHA_SITEKEY') ?: '6LccFhITAAAAAJWaQK7BlPqrtNXbE3AwKoNjIh7q',",
        "reddit_client_id = 8fJ3kLmQ9pRsTuVwXyZa1b",
        # a comment where the value would be; a parameter, a template's stand-ins
        "          secret: #微信小程序的Secret",
        "JWT_SECRET_KEY=%kernel.project_dir%/config/jwt/private.pem",
        "    'server_key' => env('MIDTRANS_SERVER_KEY', 'Mid-server-xxx'),",
        "SMTP_PASS=smtp_pass",
        "DB_PASSWORD=DBPASS",
        # a sentence's possessive where a value would be; a Solana program's address
        "PrivateKey = host's private key",
        "export const PROGRAM_ID = '4hpHCxM1mT1TfrxPzcvQRYSkf2Jaf3nuTY6F1ZQEXZfB'",
        # Azure's template, and format strings' fields in the braces
        "Driver={ODBC Driver 18};Server=tcp:x;Uid=admin;Pwd={your_password_here};Encrypt=yes;",
        'conn = f"SERVER={server};UID={user};PWD={db_pass};"',
        '        print(f"password={password!r}")',
        # a comment in a value's place, a TypeScript non-null reference, a Jenkins
        # credential's id, an EAP inner method, Secret Manager references, an unset marker
        "PrivateKey = #Input your home lab server private key in here",
        "export const MYSQL_PASSWORD: string = process.env.MYSQL_PASSWORD!;",
        "    GITHUB_TOKEN=credentials('498b4638-2d02-4ce5-832d-8a57d01d97ab')",
        '\tphase2="auth=MSCHAPV2"',
        "      - 'JWT_SECRET=jwt-secret:latest,SENDGRID_API_KEY=sendgrid-api-key:latest'",
        '                keyPassword = "__unset" // must be set to sign',
    ],
)  # fmt: skip
def test_its_look_alike_stays(text: str) -> None:
    assert R.redact_text(text)[0] == text


def test_a_quoted_sentence_after_a_key_is_not_taken_as_its_blanks() -> None:
    text = "print('=Y7Ht{/Z[5:5w$l}cs~SIB!x is not the same as the other one, he said')"
    assert "is not the same as the other one, he said" in R.redact_text(text)[0]


def test_a_default_password_that_says_no_secret_word_stays_a_finding() -> None:
    # ADMIN_PASSWORD=admin begins its name too, but names no secret: a default password
    assert R.redact_text("ADMIN_PASSWORD=admin")[0] != "ADMIN_PASSWORD=admin"


@pytest.mark.parametrize(
    ("word", "password"),
    [
        ("webshop@123", True),  # a lower-case word and three digits (fresh38, fresh39)
        ("bluepower@2022", True),
        ("Admin@123", True),
        ("node@18", False),  # a formula or a package pinned to a version
        ("lodash@4.17.21", False),
        ("openjdk@21", False),
    ],
)
def test_a_word_at_a_number_reads_as_a_password(word: str, password: bool) -> None:
    assert password_like(word) is password


@pytest.mark.parametrize(
    ("text", "password"),
    [
        ("tried `jxx2000727` again, still 401.", "jxx2000727"),  # the third carriers' thought
        ("still 403 with webshop@123 :(", "webshop@123"),
        (
            "FWIW roboshop123 was revoked on Friday, so cached builds fail at publish.",
            "roboshop123",
        ),
        ("The datasource password key control123! gets a 401 now", "control123!"),
    ],
)
def test_a_picked_password_in_a_sentence_about_a_credential_is_said(
    text: str, password: str
) -> None:
    assert [text[a:b] for a, b in said_keys(text)] == [password]


@pytest.mark.parametrize(
    "text",
    [
        "Second tenant gets AADSTS7000222 invalid_grant on the token call",  # an error's code
        "Add 1Password service account token detector",
        "Adds a new admin user, vishaal314, to the token list",  # a user's name
        'SECRET = getenv("GEHE1MN15", "")',  # a call's argument
        "`API_TOKEN_SALT=a0a0b1c68...`",  # cut short
        "tried `roboshop123...` again, still 401.",  # cut short, after an opening mark
        "passlib's mysql323 password hash works, mysql141 is a typo",  # a hash's scheme
        "const privateKeyBase64 = process.env.SECRET_DECRYPTER_KEY;",  # a name
        "the token was changeme123 in the template",  # a stand-in and a number
        "Upgraded ubuntu2204 runners; the 401 from the token endpoint is gone after the release",
        "roboshop123 builds fine on the new runner",  # no credential in the sentence
    ],
)
def test_a_word_and_a_number_that_is_no_password_is_not_said(text: str) -> None:
    assert said_keys(text) == []

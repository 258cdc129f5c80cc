"""What fresh33's and fresh34's first runs showed (credentials in developers' dotfiles and
tools' config files: text 92.3 %, 20/132 negatives altered; in API clients' collections,
HTTP request files and end-to-end tests' configs: 95.5 %, 6/150). Each reading beside a
look-alike that stays."""

from __future__ import annotations

import pytest

from streams.redact import Redactor

R = Redactor()


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # a HAR file's or Playwright storage state's header and cookie lists
        ('"name": "Authorization",\n  "value": "Basic TkNHa0I1M2JnQ1FzSURLemFPZkVIR0NzVm9X"',
         "TkNHa0I1M2JnQ1FzSURLemFPZkVIR0NzVm9X"),
        ('"name": "PHPSESSID",\n  "value": "irems4qo9ie2258uvapupumo76"', "irems4qo9ie2258u"),
        ('{"name": "sessionid", "value": "c5ki6jf5tgy9av6o2hewx6"}', "c5ki6jf5tgy9av6o2hewx6"),
        ('{"name": "__Secure-1PSID", "value": "g.a000wghMCy0mytyHuYGso43"}', "wghMCy0mytyHuYGso43"),
        # JMeter's test plans: a header's pair, an argument named for a secret
        ('<stringProp name="Header.name">x-api-key</stringProp>\n'
         '<stringProp name="Header.value">reqres_9d9c5fd9f9714c0bb9faf58a69d3983c</stringProp>',
         "reqres_9d9c5fd9f9714c0bb9faf58a69d3983c"),
        ('<elementProp name="password" elementType="HTTPArgument">\n'
         '  <boolProp name="HTTPArgument.always_encode">false</boolProp>\n'
         '  <stringProp name="Argument.value">company#123</stringProp>', "company#123"),
        # Lisp assignments, fetchmail's short "pass", a Netscape cookie jar's line
        ('(setq nntp-authinfo-password "zxc786ig")', "zxc786ig"),
        ('(defvar gptel-api-key "sk-proj-Zk2mq8Lw3PqX9vT4")', "sk-proj-Zk2mq8Lw3PqX9vT4"),
        ('poll mail.example.net protocol pop3:\n     pass "jaox8535" fetchall', "jaox8535"),
        ('#     user eric there is edh here with pass "ywlx0528" fetchall', "ywlx0528"),
        (".baidu.com\tTRUE\t/\tFALSE\t1771242239\tBDUSS\tk2TWPYvF~U4bCuAAAAAAAAAAAAAP~uH1r",
         "k2TWPYvF~U4bCuAAAAAAAAAAAAAP~uH1r"),
        # Emacs restclient: the variable stays, its value goes
        (":token2 = 8f17342a3a282bba626173467c2a5806d3fc58bd\nAuthorization: Token :token2",
         "8f17342a3a282bba626173467c2a5806d3fc58bd"),
        # a password told in a sentence, quoted, a number, or words written joined
        ("the db password was set to 'whalehello' in compose", "whalehello"),
        ("The wifi password is 123456798.", "123456798"),
        ("The password for the admin account is BlackPearl.", "BlackPearl"),
        ("Password is `citrusblend`.", "citrusblend"),
    ],
)  # fmt: skip
def test_the_credential_goes(text: str, secret: str) -> None:
    assert secret not in R.redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        '{"name": "ticket", "value": "JIRA-1234"}',  # a ticket is no cookie by its name alone
        "- name: session\n  value: redis",  # a session store's name
        '"name": "optiMonkSession",\n  "value": "1749192787"',  # a tracker's timestamp
        '"name": "_ga",\n  "value": "GA1.3.1825237006.1761375104"',
        '"name": "Authorization",\n  "value": "Bearer {{access_token}}"',  # a template
        '{"name": "account_sid", "value": "AC1234567890abcdef1234567890abcdef"}',
        ".example.com\tTRUE\t/\tFALSE\t1771242239\t_ga\tGA1.2.1234567890.1700000000",
        '(setq password-cache-expiry "3600")',  # the name does not end as a secret's
        'you can pass "--verbose" to it',
        "alias token='export VERVE_TOKEN=`pbpaste`;echo $VERVE_TOKEN'",  # an alias's command
        "psql -h 10.23.1.21 -U zoidberg --password trapit",  # -W takes no value: a database
        ":rubygems_api_key: rubygems_<token goes here>",
        '"ANTHROPIC_AUTH_TOKEN": "PROXY_MANAGED",',  # a mode's name
        '"ANTHROPIC_AUTH_TOKEN": "test",',
        "ftpfs_password=anonymous@",  # anonymous FTP's convention
        "client_secret = 22054572756-27l6v4oa826utbjc6j7rgcu8b560j8vj.apps.googleusercontent.com",
        '"client_secret": "ZmssLNjJy2998hD4CTg2ejr2",',  # the Cloud SDK's published secret
        "Authorization: Token :token2",
        "The password is incorrect.",
        "the password is 'undefined' because the env var is not loaded",
        "fix: Fix typo that prevents the Password ClusterGenerator from working",
        "crypttab: object is not callable when password is NoneType",
        "Added default password to UserFactory",
        "Fix boto client not using credentials for Lambda PublishVersion",
    ],
)
def test_its_look_alike_stays(text: str) -> None:
    assert R.redact_text(text)[0] == text

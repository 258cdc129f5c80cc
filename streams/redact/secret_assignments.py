"""The ``secret_assignment`` rule's patterns: a value given to a name that says it holds a
secret, in each way people write one — ``NAME = value`` for every secret's name (built by
:func:`.assignments.assignment`), a flag's value, a ``.netrc``-style line, Terraform's
sensitive variables and secret resources, a Postman environment's pair, an env list's
``name``/``value`` pair, a key/value table's row, Spring's resolved property, pytest's report
of a secret's value, npm's ``_authToken`` and XML settings' elements.

Split from ``rules.py`` (the table of rules and their order), which holds the rule itself:
``Rule("secret_assignment", SECRET_ASSIGNMENT, accept.assignment_value)``. Every match's
value is judged by :func:`.accept.assignment_value`.
"""

from __future__ import annotations

import re

from . import pytest_report
from .assignments import API_HASH, paired_value, translated_password
from .assignments import ASSIGN as _ASSIGN
from .assignments import VALUE as _VALUE
from .assignments import assignment as _assignment
from .pattern import Pattern
from .pattern import found as _found
from .pattern import literal as _p

_SECRET_NAME = r"[a-z0-9_\-.]*(?:key|token|secret|pass|pwd|credential|auth)[a-z0-9_\-.]*"
"""A name that says it holds a secret (``stripe_api_key``, ``dbPassword``), lower-cased."""

SECRET_ASSIGNMENT: tuple[Pattern, ...] = (
    # (not SWE-bench's FAIL_TO_PASS / PASS_TO_PASS: lists of test ids)
    _assignment(r"(?<!_to_)pass(?:word|wd|phrase|code)?", "pass"),  # APRS-IS passcode: fresh142
    _assignment(r"pwd", "pwd"),
    _assignment(r"pswd", "pswd"),  # $dbpswd = '…' (fresh137)
    # and its misspellings in code (WeChat's ``appSerect``, ``client_secrect``: fresh90)
    _assignment(r"(?:secret|secrect|serect)", "secret", "secrect", "serect"),
    _assignment(r"token", "token"),
    _assignment(r"api[_.\-]?key", "key"),  # api.key: Spring/Java properties
    _assignment(r"access[_.\-]?key", "key"),
    _assignment(r"private[_\-]?key", "key"),
    _assignment(
        r"(?:client|account|signing|master|encryption|license|app|preshared)[_\-]?key",
        "key",
    ),
    _assignment(r"key[_\-]?(?:data|base)", "key"),
    # a Steam game server login token, as LinuxGSM's configs name it (gslt="…": fresh163)
    _assignment(r"(?<![a-z])gslt", "gslt"),
    # WHMCS's configuration.php: $cc_encryption_hash, the key its stored card numbers and
    # passwords are encrypted with, no digest despite its name (fresh159)
    _assignment(r"encryption[_\-]?hash", "encryption"),
    # DJI's SDKs: an app's licence string beside its key (USER_APP_LICENSE: fresh143)
    _assignment(r"app[_\-]?licen[cs]e", "licen"),
    # Telegram's api_hash (Telethon, Pyrogram: with api_id it logs a client in) and
    # Agora's app certificate (signs the tokens its app id is joined with): fresh89, fresh86,
    # also named for Agora (AGORA_CERTIFICATE), and ZEGOCLOUD's appSign, its kin (fresh124)
    _assignment(API_HASH, "api_hash", "apihash", "api-hash", "telegram_hash", "telegramhash"),
    _assignment(r"(?:app|agora)[_\-]?certificate", "certificate"),
    _assignment(r"(?<![a-z])app[_\-]?sign(?![a-z])", "appsign", "app_sign", "app-sign"),
    # the shared secret Erlang nodes (RabbitMQ, CouchDB clusters) authenticate with;
    # Cypress Cloud's record key (a UUID; a "record key" elsewhere is a row's id)
    _assignment(r"erlang[_\-]?cookie", "cookie"),
    _assignment(r"cypress[_\-]?record[_\-]?key", "cypress"),
    _assignment(r"credentials?", "credential"),
    # "PAT", a personal access token's usual name (GITHUB_PAT, AZURE_DEVOPS_PAT, const PAT
    # = '1/…:…' for Asana: fresh98), in capitals as a word of its own: Python's lower-case
    # "pat" is a regex pattern (pandas' str.contains(pat=…), sympy's pat='*.py')
    _p(
        r"(?<![A-Za-z0-9_])(?:[A-Z][A-Z0-9]*_)*PAT[\"']?" + _ASSIGN + _VALUE,
        "pat",
    ),
    # "PW:" in a note or a table ("ID:master,PW:…"); the word in other languages
    # and a name that ends so (BigBlueButton's 'moderatorPW' => '…', attendeePW: fresh86;
    # Packstack's answer file, CONFIG_MARIADB_PW=…: fresh139)
    _p(r"(?:(?<![^\s,(/|;])|(?<=[a-z])|(?<=[A-Z0-9]_))PW[\"']?" + _ASSIGN + _VALUE, "pw"),
    *translated_password(),
    # SonarQube's scanner property (sonar-project.properties, -Dsonar.login=…) and
    # Bundler's per-host gem source credentials (BUNDLE_GEMS__CONTRIBSYS__COM=u:p)
    _assignment(r"sonar\.(?:login|token|password)", "sonar."),
    _assignment(r"bundle_[a-z0-9_]*__[a-z0-9_]+", "bundle_"),
    _assignment(r"(?:_|\"|\b)auth(?:[_\-]?token)?", "auth"),
    # --password <v>, --password=<v>, and an argument list's "--requirepass", "<v>"
    # (a compose command, a Dockerfile's exec form, subprocess.run([...])), also as
    # shlex.join quotes it inside sh -c ('--requirepass'"'"', '"'"'<v>'); a quoted value
    # holding a blank is taken whole, not its first word (--password 'four words pass phrase')
    _p(
        r"--(?:[a-z0-9]+-)*(?:password|passwd|pass|pwd|token|secret|api-key|apikey|key"
        r"|requirepass)(?:(?:[ \t]+|=)(?:'([^'\n]*[ \t][^'\n]*)'|\"([^\"\n]*[ \t][^\"\n]*)\")"
        r"|(?:[ \t]+[\"']?|=[\"']?|[\"']+,[ \t]*[\"']+)(?![\-=])([^\s\"'`,;]{3,2048}))",
        *("pass", "pwd", "token", "secret", "key"),
        lower=True,
    ),
    # .s3cfg / .netrc style: the name, spaces, the value (no "="), ending the line,
    # or ending the quoted line a command writes (printf '…password x9' >> ~/.netrc)
    # when it is not a plain word ("… as password value" is a message); a test
    # runner's verdict after a test's name is no value (test_empty_password PASSED);
    # the passwd command's argument is a user ("sudo passwd bob", "$ passwd bob"), as
    # is the one after an htpasswd file ("htpasswd -c /etc/nginx/.htpasswd admin"),
    # and a flag's value is no name (redis-cli -a password ping, --ftp-password=PASSWORD x),
    # nor an XML attribute's (<webserverpassword default="true">: fresh76), nor the end of
    # an angle-bracket placeholder ("<your password here>": fresh98)
    _p(
        r"(?<![=a-z0-9])(?:secret_key|access_key|aws_secret_key|password|passwd)"
        r"(?<!^passwd)(?<!sudo passwd)(?<!\$ passwd)(?<!# passwd)(?<!htpasswd)"
        r"(?<!-[a-z][ \t]password)(?<!password[ \t]password)"
        r"[ \t]+(?![=:\-])"
        r"(?!(?:passed|failed|error|skipped|xfailed|xpassed|xfail|xpass|des|aes)\b)"
        r"(?:([^\s\"'`,;]{2,511}[^\s\"'`,;:])(?=[ \t]*(?:$|\n|\r)|`)"
        r"|((?![a-z][a-z_:\-]{0,30}=['\"])(?=[^\s\"'`,;]*[^a-z\s\"'`,;])[^\s\"'`,;<>]{3,512})(?=['\"]))",
        *("secret", "key", "pass"),
        lower=True,
        flags=re.M,
    ),
    # A Terraform variable named for a secret, or marked sensitive: its default
    # is the secret (variable "stripe_key" { sensitive = true  default = "…" })
    _p(
        r'variable[ \t]+"(?:' + _SECRET_NAME + r'"[ \t]*\{|[^"\n]+"[ \t]*\{'
        r"(?=[^}]{0,400}?sensitive[ \t]*=[ \t]*true))"
        r'[^}]{0,400}?\n[+\- \t]*default[ \t]*=[ \t]*"([^"\n]{3,2048})"',
        "variable",
        lower=True,
        requires="default",
    ),
    # A Terraform resource that holds a secret: named for one, a key vault's secret,
    # or an SSM SecureString; its value is the secret (resource "aws_ssm_parameter"
    # "db_password" { type = "SecureString"  value = "…" })
    _p(
        r'resource[ \t]+"(?:[^"\n]+"[ \t]+"' + _SECRET_NAME + r'"[ \t]*\{'
        r'|azurerm_key_vault_secret"[ \t]+"[^"\n]+"[ \t]*\{'
        r'|[^"\n]+"[ \t]+"[^"\n]+"[ \t]*\{(?=[^}]{0,400}?securestring))'
        r'[^}]{0,400}?\n[+\- \t]*value[ \t]*=[ \t]*"([^"\n]{3,2048})"',
        "resource",
        lower=True,
        requires="value",
    ),
    # A Postman environment's variable named for a secret:
    # { "key": "stripeSecret", "value": "…" }
    _p(
        r'"key"[ \t]*:[ \t]*"' + _SECRET_NAME + r'"[ \t]*,[ \t]*"value"[ \t]*:[ \t]*'
        r'"([^"\n]{3,2048})"',
        "value",
        lower=True,
        requires='"key"',
    ),
    # - name: DB_PASSWORD / value: "…" (env lists, task definitions, parameters)
    *paired_value("value"),
    # A key/value table whose row's name ends with a secret noun (vault kv get,
    # vault read: "Key  Value" / "---  -----" then "stripe_key   <value>"; not
    # "token_duration   768h")
    _p(
        r"(?m)^[ \t]*(?!key[ \t])[a-z0-9_\-.]*"
        r"(?:key|token|secret|password|passwd|pwd|credentials?)"
        r"[ \t]{2,}([^\s]{3,2048})[ \t]*$",
        "@kv_table",
        lower=True,
    ),
    # Spring Boot's debug log of a resolved property named for a secret:
    # Property 'payments.api-key' resolved to 's3cr3t…'
    _p(
        r"property[ \t]+'[a-z0-9_.\-\[\]]*(?:api.key|access.key|secret|token|password)"
        r"[a-z0-9_.\-\[\]]*'[ \t]+resolved to[ \t]+'([^'\n]{3,2048})'",
        "key",
        "secret",
        "token",
        "pass",
        lower=True,
        requires="resolved to",
    ),
    # pytest's "where" line for a value named for a secret (E  +  where 'v' =
    # <Client …>.api_key); the rest of its report: pytest_report.py
    _p(
        r"(?m)^e[ \t]+\+[ \t]+where[ \t]+'([^'\n]{3,2048})'[ \t]+=[ \t]+[^\n]*?"
        + pytest_report.ASSERTED_SECRET
        + r"[ \t]*$",
        "where",
        lower=True,
        requires="+",
    ),
    _found(
        pytest_report.ASSERT_LINE,
        ("\n>", "@assert_first"),
        pytest_report.asserted_secret_spans,
    ),
    # Asterisk's registration line in sip.conf and iax.conf: register => user:password@host
    # (the password a provider gave the PBX; a trunk's or AllStarLink's: fresh116)
    _p(
        r"(?m)^[ \t]*register[ \t]*=>?[ \t]*[\w.\-]{1,64}:([^\s:@/;]{3,128})@[\w.\-]",
        "register",
        lower=True,
    ),
    # Debian's preseed answers, "d-i <owner>/<question> <type> <value>", the question naming
    # a password or a Wi-Fi passphrase (d-i netcfg/wireless_wpa_password string …, d-i
    # user-setup/password password …: fresh118); a "-crypted" question's answer is a hash
    _p(
        r"(?m)^[ \t#]*d-i[ \t]+[\w\-]+/(?:[\w\-]*(?:password|passwd|passphrase)"
        r"(?![\w\-]*-crypted)[\w\-]*|wireless_wpa(?:_psk)?)"
        r"[ \t]+(?:password|string)[ \t]+(\S[^\n]{0,127}?)[ \t]*$",
        "d-i",
        lower=True,
    ),
    # Kickstart's root password: rootpw [--plaintext] <value> (fresh118); an --iscrypted
    # value is a hash, the password_hash rule's, and --lock alone sets none
    _p(
        r"(?m)^[ \t]*rootpw(?![^\n]*--iscrypted)(?:[ \t]+--(?:plaintext|allow-ssh))*"
        r"[ \t]+(?!--)(\S{3,128})[ \t]*$",
        "rootpw",
        lower=True,
    ),
    # a RouterOS script's variable named for a secret, its value after a blank (:global
    # PPPOEPASS "…", :local clientSecret "…": fresh152)
    _p(
        r"(?m)^[ \t]*:(?:global|local)[ \t]+"
        + _SECRET_NAME
        + r"[ \t]+(?:\"([^\"\n]{3,2048})\"|([^\s\"]{3,256})(?=[ \t]*$))",
        ":global",
        ":local",
        lower=True,
    ),
    # npm's "npm config set //registry/:_authToken <value>" (a blank, maybe quoted)
    _p(r":_auth(?:token)?[ \t]+[\"']?(?![=\-])([^\s\"'`]{3,2048})", "auth", lower=True),
    # XML settings (Maven settings.xml, NuGet.config, Magento's local.xml in CDATA):
    # <password>value</password>, attributes too (<password name="password">…); Maven's
    # jarsigner plugin's <storepass> and <keypass> (fresh112)
    _p(
        r"<(?:pass(?:word)?|secret|token|api[_\-]?key|clear[_\-]?text[_\-]?password|storepass"
        r"|keypass)"
        r"(?:[ \t][^<>\n]{0,80})?>"
        r"[ \t]*(?:<!\[cdata\[)?([^<\s][^<\n]{2,511}?)(?:\]\]>)?</",
        "pass",
        "secret",
        "token",
        "key",
        lower=True,
    ),
)

# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""nickdeis' eslint-plugin-no-secrets, for the ``fresh9`` split (``fresh9.py`` reads and writes).

The plugin's ``no-secrets`` rule (entropy above a tolerance, or one of its patterns) is
tested with ESLint's ``RuleTester`` (``tests/lib/rules/no-secrets.ts``): ``invalid`` code
must raise ``HIGH_ENTROPY`` or ``PATTERN_MATCH``, ``valid`` code nothing. Among the valid
cases are the regex sources of five of its own patterns (``src/regexes.ts``), which the
test says the entropy check must not flag. ``no-pattern-match`` has its own small test,
and ``staging/`` holds files the end-to-end test lints (``has-secret.*``: two errors each;
``has-no-secret.*``: none). The README's usage example names an AWS key the rule finds.
Each case below was read in its file and is cited by the first line holding it.

``SECRETS``: (file, kind, value, anchor), the kind the message and what the test names
the value (``A_SECRET``, ``A_BEARER_TOKEN``, the ``VAULT`` object's ``token``, the
README's ``AWS_TOKEN``). ``NEGATIVES``: (file, kind, text) for the valid cases, as the
file holds them (a regex source as the test builds it: the pattern between its slashes).

Left out: valid cases that hold a labelled value under an ignored name or module path
(``IGNORE_VAR_TEST``, ``IMPORT_TEST``…: the value is a secret wherever it stands), the
commented-out copy of ``A_SECRET``, the pattern-match tests (regex sources of the GCP
service-account and RSA header patterns, no value), and the empty code cases.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/nickdeis+eslint-plugin-no-secrets/repo")
REPO = "nickdeis/eslint-plugin-no-secrets"

_T = "tests/lib/rules/no-secrets.ts"
_RX = "src/regexes.ts"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_T, "no-secrets:high-entropy", "ZWVTjPQSdhwRgl204Hc51YCsritMIzn8B=/p9UyeX7xu6KkAGqfm3FJ+oObLDNEva", 'const A_SECRET = "ZWVTjPQSdhwRgl204Hc51YCsritMIzn8B=/p9UyeX7xu6KkAGqfm3FJ+oObLDNEva";'),
    (_T, "no-secrets:high-entropy", "zwvtjpqsdhwrgl204hc51ycsritmizn8b=/p9uyex7xu6kkagqfm3fj+oobldneva", None),
    (_T, "no-secrets:bearer-token", "AAAAAAAAAAAAAAAAAAAAAMLheAAAAAAA0%2BuSeid%2BULvsea4JtiGRiSDSJSI%3DEUifiRBkKG5E2XzMDjRfl76ZC9Ub0wnz4XsNiRVBChTYbJcE3F", None),
    (_T, "no-secrets:vault-token", "baaaaaaaaaaaaaaaaaaaamlheaaaaaaa0%2buseid%2bulvsea4jtigrisdsjsi%3deuifirbkkg5e2xzmdjrfl76zc9ub0wnz4xsnirvbchtybjce3f", None),
    (_T, "no-secrets:basic-auth", "QWxhZGRpbjpPcGVuU2VzYW1l", None),
    ("README.md", "no-secrets:aws-api-key", "AKIAIUWUUQQN3GNUA88V", 'const AWS_TOKEN = "AKIAIUWUUQQN3GNUA88V";'),
    ("tests/lib/rules/no-pattern-match.ts", "no-secrets:pattern-match", "secret secret SECRET", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "QWxhZGRpbjpPcGVuU2VzYW1l": "base64 of `Aladdin:OpenSesame`, HTTP Basic authentication's documentation example",
    "secret secret SECRET": "the word secret, three times",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (_T, "no-secrets-fp:plain-string", """const NOT_A_SECRET = "I'm not a secret, I think";"""),
    (_T, "no-secrets-fp:module-path", "const webpackFriendlyConsole = require('./config/webpack/webpackFriendlyConsole')"),
    (_T, "no-secrets-fp:plain-string", "const NOT_A_SECRET = `A template that isn't a secret. ${1+1} = 2`"),
    (_T, "no-secrets-fp:css-class", 'const CSS_CLASSNAME = "hey-it-s-a-css-class-not-a-secret and-neither-this-one";'),
    (_T, "no-secrets-fp:alphabet", 'const BASE64_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";'),
    (_T, "no-secrets-fp:namespace", "const NAMESPACE_CLASSNAME = 'Validation.JSONSchemaValidationUtilsImplFactory';"),
    # REGEX_TESTS: the sources of five of the plugin's patterns must not look random
    (_RX, "no-secrets-fp:regex-source", "(xox[p|b|o|a]-[0-9]{12}-[0-9]{12}-[0-9]{12}-[a-z0-9]{32})"),
    (_RX, "no-secrets-fp:regex-source", "AKIA[0-9A-Z]{16}"),
    (_RX, "no-secrets-fp:regex-source", """[f|F][a|A][c|C][e|E][b|B][o|O][o|O][k|K].*['|\\"][0-9a-f]{32}['|\\"]"""),
    (_RX, "no-secrets-fp:regex-source", """[t|T][w|W][i|I][t|T][t|T][e|E][r|R].*['|\\"][0-9a-zA-Z]{35,44}['|\\"]"""),
    (_RX, "no-secrets-fp:regex-source", """[a-zA-Z]{3,10}:\\/\\/[^\\/\\\\s:@]{3,20}:[^\\/\\\\s:@]{3,20}@.{1,100}[\\"'\\\\s]"""),
    ("staging/has-no-secret.js", "no-secrets-fp:plain-string", 'const NOT_A_SECRET = "Hopefully not a secret";'),
    ("staging/has-no-secret.json", "no-secrets-fp:plain-string", '"NOT_A_SECRET_ARRAY":["No secrets here"]'),
    ("tests/lib/rules/no-pattern-match.ts", "no-secrets-fp:plain-string", 'const A = "Not a problem";'),
)  # fmt: skip

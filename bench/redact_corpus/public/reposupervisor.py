# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Auth0's repo-supervisor, for the ``fresh14`` split (``fresh14.py`` reads and writes).

``auth0/repo-supervisor`` scans a pull request's files for high-entropy strings (JSON, YAML,
JavaScript) after pre-filters have thrown out what only looks random: URLs, CSS selectors,
dictionary words, e-mail addresses, local paths, object keys, prefixes and a whitelist. Its
tests feed it three kinds of fixture. ``test/fixtures/fixtures.json`` lists eighteen random
secrets, in six groups of three (URL-safe, letters of both cases, capitals, small letters,
punctuation, fifty signs), that no pre-filter may throw out; the integration fixtures under
``test/fixtures/integration/`` plant random values in a JavaScript module, a JSON file, two
Kubernetes pod specs and a text file the tool does not read, and a Lambda event carries a
signed JWT; the pre-filters' fixtures (``test/fixtures/unit/src/filters/…``) list what each
filter must throw out. Each value was read in its file at ``HEAD`` and is cited by the first
line holding it.

``SECRETS``: (file, kind, value, anchor), the kind the fixture and the place (a value in a
string, as an object's key, in a pod's command or ``env``). ``NEGATIVES``: (file, kind,
text) for what the pre-filters' fixtures say is no secret (URLs without credentials or with
empty ones, CSS selectors, dictionary words and phrases with separators, a UUID, e-mail
addresses, local paths, names of object keys, prefixes) and the lines beside the planted
values that hold none (a fixture's ``no-secret``, a user name, an image, a Git SHA, a diff's
hunk header).

``NO_SECRET``: the pod spec's ``USER_ID`` (an identifier, so named), the Lambda event's
``getBlob`` string (leet for "this is a secret message" and a keyboard tail: words naming the
value). Listed and dropped by the filters: the capitals-only ``LSPNVCDCCBVVVVFUDCWKK`` (its
run ``VVVV`` reads as a placeholder to fresh2's filter). Left out without a row: the authentication-URL fixtures with ``john:doe`` in them (a
user and a password, but both placeholder names: neither secret nor a fair negative), the
not-a-word ``c6790fe8ae230ecce7fa521079e4ed08`` (32 hex signs with no context: a digest or a
key, undecidable), ``RNf_4jdttki2Qj-wnwjsng`` (the fixture before it with signs swapped, kept
once), ``abc123`` (under 8 signs).

Doubtful labels, kept: the capitals-only and small-letters-only random secrets
(``LSPNVCDCCBVVVVFUDCWKK``, ``ndsbyvtebprybbvehgjqa``…): random, but of a 26-sign alphabet, as
a generated password or a licence code can be; the not-a-word fixtures ``Llxr8IOO5UucEqB8fng``
and ``RNf_4j3t5ki2Qj-wnWjsNg`` (listed as strings the dictionary filter must keep, so random
tokens to the tool).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/auth0+repo-supervisor/repo")
REPO = "auth0/repo-supervisor"

_RANDOM = "test/fixtures/fixtures.json"
_DIR = "test/fixtures/integration/dir.with.secrets/foo/"
_TXT = "test/fixtures/integration/dir.with.secrets.not.supported.format/foo/bar/hello.txt"
_LAMBDA = "test/fixtures/integration/awslambda.json"
_PRE = "test/fixtures/unit/src/filters/entropy.meter/pre.filters/"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_RANDOM, "repo-supervisor:random-urlsafe", "HDS-wP-_QzTDTZbRuDHMF", None),
    (_RANDOM, "repo-supervisor:random-urlsafe", "cmnvH-PMEuKdVCF-tN_Nh", None),
    (_RANDOM, "repo-supervisor:random-urlsafe", "b-bY_BXe_qHaSUBMrddXN", None),
    (_RANDOM, "repo-supervisor:random-letters", "LXtMKhvMjWfMzxjfXMmRr", None),
    (_RANDOM, "repo-supervisor:random-letters", "rKiUPPxmqciuzqDfwjeXf", None),
    (_RANDOM, "repo-supervisor:random-letters", "xbHXzReUFxXxBsNuVgwBZ", None),
    (_RANDOM, "repo-supervisor:random-capitals", "LSPNVCDCCBVVVVFUDCWKK", None),
    (_RANDOM, "repo-supervisor:random-capitals", "HKMSTRQGRNQGLAWHRMPQC", None),
    (_RANDOM, "repo-supervisor:random-capitals", "XPQWALEHDNYAXHWRTQVRM", None),
    (_RANDOM, "repo-supervisor:random-small-letters", "ndsbyvtebprybbvehgjqa", None),
    (_RANDOM, "repo-supervisor:random-small-letters", "dgkaaqzzcpzejcpvvccmu", None),
    (_RANDOM, "repo-supervisor:random-small-letters", "uiexmuckjuaygtsxoyrkj", None),
    (_RANDOM, "repo-supervisor:random-punctuation", "_qw6=&*.Y?b~:,<g:nn2-", None),
    (_RANDOM, "repo-supervisor:random-punctuation", "#xVB,x_he+8-sRrcy&T7,", None),
    (_RANDOM, "repo-supervisor:random-punctuation", "ZVc&D}8uDJ_-8adity..-", None),
    (_RANDOM, "repo-supervisor:random-fifty", "Q79y9P9ZM7TDxWkdh_PQg8-r_oe4_Z_TVSncvti-PD_t4-uMff", None),
    (_RANDOM, "repo-supervisor:random-fifty", "zxaxnw56JkZHJw9aEmo3S56a_8eaD55M-Wn3PidhZgmA6VY3Hd", None),
    (_RANDOM, "repo-supervisor:random-fifty", "efMq_pczgWkZTSzrMAaQezoBA-9Yi8qSTS82zaMjnYhwaoi2RX", None),
    (_DIR + "bar.js", "repo-supervisor:js-constant", "zJd-55qmsY6LD53CRTqnCr_g-", None),
    (_DIR + "bar.js", "repo-supervisor:js-returned-string", "gm5yb-hJWRoS7ZJTi_YUj_tbU", None),
    (_DIR + "bar.js", "repo-supervisor:js-object-value", "GxC56B6x67anequGYNPsW_-TL", None),
    (_DIR + "bar.js", "repo-supervisor:js-object-value", "2g877BA_TsE-WoPoWrjHah9ta", None),
    (_DIR + "bar.js", "repo-supervisor:object-key", "MLTk-BuGS8s6Tx9iK5zaL8a_W", None),
    (_DIR + "foo.json", "repo-supervisor:json-value", "q28Wt3nAmLt_3NGpqi2qz-jQ7", None),
    (_DIR + "foo.json", "repo-supervisor:object-key", "d7kyociU24P9hJ_sYVkqzo-kE", None),
    (_DIR + "foo.yaml", "repo-supervisor:pod-command-api-key", "iaCELgL.0imfnc4mVLWwsAawjYr4Rx-Bf50DDptlz", None),
    (_DIR + "foo.yaml", "repo-supervisor:pod-env-password", "c0NhbGVpbzEyMw==83bnd2!adfiu3", None),
    (_DIR + "foo.yml", "repo-supervisor:pod-env-password", "LE73!jd8DNo$%Mn!kSN", None),
    (_DIR + "foo.yml", "repo-supervisor:pod-command-user-id", "984267C934L692S8109S270", None),
    (_TXT, "repo-supervisor:unread-text-file", "KTvV_kAq6_SSFReHhdRz-WciZ", None),
    (_TXT, "repo-supervisor:unread-text-file", "2-Yh4unNQr-zv3ogt6s-tA_qK", None),
    (_TXT, "repo-supervisor:unread-text-file", "Hq6ZnRJxHiStoHLNu_jzsb4-u", None),
    (_LAMBDA, "repo-supervisor:lambda-event-jwt", "eyJhbGciOiJIUzI1NiJ9.eyJyZXBvIjoiZm9vYmFyIiwib3duZXIiOiJqb2huZG9lIiwicHVsbFJlcXVlc3RJZCI6MTIzLCJwdWxsUmVxdWVzdFNIQSI6IjQwYmQwMDE1NjMwODVmYzM1MTY1MzI5ZWExZmY1YzVlY2JkYmJlZWYifQ.cPyylVrP065_gmPY3uQWs8ZNhZPeHMHPvj5pnsAF8Og", None),
    (_LAMBDA, "repo-supervisor:lambda-event-blob-password", "th1s1S4S3cr3TM3sSag3!-3@111Qweac.-+", None),
    (_PRE + "dictionary.words.json", "repo-supervisor:not-a-word-token", "Llxr8IOO5UucEqB8fng", None),
    (_PRE + "dictionary.words.json", "repo-supervisor:not-a-word-token", "RNf_4j3t5ki2Qj-wnWjsNg", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "984267C934L692S8109S270": "an identifier, set as USER_ID",
    "th1s1S4S3cr3TM3sSag3!-3@111Qweac.-+": "leet for 'this is a secret message' and a keyboard tail: words naming the value",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # the pre-filters' fixtures: what only looks random
    (_PRE + "authentication.urls.json", "repo-supervisor-fp:url", '"http://www.google.com/test:foobar@/abc"'),
    (_PRE + "authentication.urls.json", "repo-supervisor-fp:url", '"ftp://:@localhost:21/",'),
    (_PRE + "css.selectors.json", "repo-supervisor-fp:css-selector", "\"#foo[value^='bar']\","),
    (_PRE + "css.selectors.json", "repo-supervisor-fp:css-selector", '"button[value^=\\"bar\\"]"'),
    ("test/issues/issue-010.js", "repo-supervisor-fp:css-selector", "const cssSelector = '[name=\"foobar\"]:enabled';"),
    (_PRE + "dictionary.words.json", "repo-supervisor-fp:words", '"thisIsTotallyASetOfRealWords",'),
    (_PRE + "dictionary.words.json", "repo-supervisor-fp:words", '"ThisHasSomeThwnflWords",'),
    (_PRE + "dictionary.words.json", "repo-supervisor-fp:words", '"contains-myspyled-wurds-too",'),
    (_PRE + "dictionary.words.json", "repo-supervisor-fp:words", '"mixing_separators_for_fun-and-profit",'),
    (_PRE + "dictionary.words.json", "repo-supervisor-fp:words", '"mixing.separators,for.fun-and-profits",'),
    (_PRE + "dictionary.words.json", "repo-supervisor-fp:words", '"some-words-are-camelCased-but-some-areNot",'),
    (_PRE + "dictionary.words.json", "repo-supervisor-fp:words", '"CapitalLettersCanDoSome-WeirdStuff"'),
    (_PRE + "dictionary.words.json", "repo-supervisor-fp:words", '"almost-ryeal-byet-noeut-there-jyet",'),
    (_PRE + "dictionary.words.json", "repo-supervisor-fp:identifier", '"6c6e34b5-5b9d-4b58-989a-3193ae39612e",'),
    (_PRE + "email.addresses.json", "repo-supervisor-fp:email", '"john.doe_test+foobar@example.com",'),
    (_PRE + "email.addresses.json", "repo-supervisor-fp:email", '"test@example.1.2.com"'),
    (_PRE + "local.paths.json", "repo-supervisor-fp:path", '"./../etc/foo//bar//"'),
    (_PRE + "multiple.words.json", "repo-supervisor-fp:words", '"fo1o    bar  fo4o       bar",'),
    (_PRE + "object.keys.identifiers.json", "repo-supervisor-fp:key-name", '"AMAZON_ACCESS_KEY",'),
    (_PRE + "object.keys.identifiers.json", "repo-supervisor-fp:key-name", '"SLACK_ACCESS_KEY"'),
    (_PRE + "skip.prefixes.json", "repo-supervisor-fp:prefix", '"?_FOO_BAR_hEllO"'),
    (_PRE + "skip.prefixes.json", "repo-supervisor-fp:prefix", '"example?_FOO_BAR_"'),
    # beside the planted values
    (_DIR + "foo.json", "repo-supervisor-fp:config", '"FOO": "no-secret",'),
    (_DIR + "foo.json", "repo-supervisor-fp:key-name", '"THIS_IS_AN_OBJECT_KEY": "foobar"'),
    (_DIR + "bar.js", "repo-supervisor-fp:reference", "foobar: FOO_BAR_SECRET_LOOKS_LIKE_KEY_ID,"),
    (_DIR + "foo.yml", "repo-supervisor-fp:config", 'value: "test-user"'),
    (_DIR + "foo.yaml", "repo-supervisor-fp:config", "image: test.test.io/test:0.3.2"),
    (_LAMBDA, "repo-supervisor-fp:digest", '"sha": "bbcd538c8e72b8c175046e27cc8f907076331401",'),
    (_LAMBDA, "repo-supervisor-fp:diff", '"patch": "@@ -132,7 +132,7 @@ module Test @@ -1000,7 +1000,7 @@ module Test"'),
    ("test/unit/src/render/templates/helpers/obfuscate.js", "repo-supervisor-fp:masked", "expect(obfuscate('this-is-a-string')).to.eql('this-is-********************');"),
)  # fmt: skip

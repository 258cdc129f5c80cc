# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Hackazon, for the ``fresh21`` split (``fresh21.py`` reads and writes).

``rapid7/hackazon`` is Rapid7's vulnerable online store: a PHP application (PHPixie) with a
REST API, AMF and GWT services, and a vulnerability configurator. Its secrets sit where a PHP
developer puts them: the Facebook app secret and the Twitter consumer key and secret of its
social logins in ``assets/config/auth.php`` (repeated in ``auth.sample.php``); the salt its REST
token provider hashes tokens with (``classes/App/Rest/Auth/TokenProvider.php``); and the Best
Buy API key the review importer calls with (``classes/App/DataImport/BestBuyReviewImporter.php``).
The configuration (samples included), the application's classes, the SQL schemas and dumps and
the docs in Markdown were read at ``HEAD`` (``vendor/``, ``web/`` assets, the Flash
subprojects and the PDFs aside); each value is cited by the first line holding it, in the file
named.

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: the Facebook app id (public),
the database sample's ``yourdbpass`` stand-in, the token built from the salt by reference, the
Best Buy URL template with ``{$key}``, the OAuth signature method and the Twitter login's code
reading its secrets by name, the mailer sample's null credentials, the REST sample's auth type,
the Swagger scheme's ``apiKey`` type, the test data ``|secret data|`` and the code reading it.

``NO_SECRET``: none. Left out without a row: ``123456`` (the sample test user's password,
counted digits), ``password`` (the install note's ``IDENTIFIED BY``), the SQL dumps' password
digests.

Doubtful labels, kept: the Twitter consumer key (the public half of the app's pair, but sent
to sign every request with the secret, and given here as configuration beside it); the REST
salt (typed at the keyboard, but the secret ingredient of every token).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/rapid7+hackazon/repo")
REPO = "rapid7/hackazon"

_AUTH = "assets/config/auth.php"
_TW = "classes/PHPixie/Auth/Login/Twitter.php"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_AUTH, "hackazon:facebook-app-secret", "533fff80993f05d1ec606a93d13b1436", None),
    (_AUTH, "hackazon:twitter-consumer-key", "90mjd5RJRUNm0vpfarTql4xKz", None),
    (_AUTH, "hackazon:twitter-consumer-secret", "Y2y5lpDa1VnbrR4xE6Z20k6qlWqgOxkPSqtT2LlyrCPePZ1Xuf", None),
    ("classes/App/Rest/Auth/TokenProvider.php", "hackazon:rest-token-salt", "asdfnm79as8dna0t6f73w6", None),
    ("classes/App/DataImport/BestBuyReviewImporter.php", "hackazon:bestbuy-api-key", "7a8zjugx9s2hwc2f5t8j8gcb", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (_AUTH, "hackazon-fp:identifier", "'app_id' => '725422934182477',"),
    (_AUTH, "hackazon-fp:config", "'oauth_signature_method' => 'HMAC-SHA1',"),
    ("assets/config/db.sample.php", "hackazon-fp:placeholder", "'password' => 'yourdbpass',"),
    ("assets/config/email.sample.php", "hackazon-fp:empty", "'password'    => null,"),
    ("assets/config/rest.sample.php", "hackazon-fp:config", "'type' => 'token',  // default == 'basic'"),
    ("classes/App/Rest/Auth/TokenProvider.php", "hackazon-fp:reference", "$token = sha1($user->username . time() . self::SALT);"),
    ("classes/App/DataImport/BestBuyReviewImporter.php", "hackazon-fp:template", '"http://api.remix.bestbuy.com/v1/reviews?format=json&apiKey={$key}&page={$pageNum}&pageSize={$perPage}"'),
    (_TW, "hackazon-fp:reference", '$this->oauth_consumer_secret = $pixie->config->get($this->config_prefix."oauth_consumer_secret");'),
    (_TW, "hackazon-fp:reference", "$key = $this->oauth_consumer_secret.self::URL_SEPARATOR;"),
    (_TW, "hackazon-fp:reference", "$this->oauth_token_secret = $response['oauth_token_secret'];"),
    ("web/swagger.json", "hackazon-fp:config", '"type": "apiKey",'),
    ("classes/App/Test/data/hidden.txt", "hackazon-fp:text", "|secret data|"),
    ("classes/App/Test/RESTWebTestCase.php", "hackazon-fp:path", "$this->secretFile = str_replace(DIRECTORY_SEPARATOR, '/', realpath(__DIR__.'/data/hidden.txt'));"),
)  # fmt: skip

# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""AndroGoat, for the ``fresh21`` split (``fresh21.py`` reads and writes).

``satishpatnayak/AndroGoat`` is an intentionally vulnerable Android app in Kotlin whose
challenges include "Hardcoded issues", "Cloud Services" and an "AI Chat". Its secrets sit where
an Android developer puts them: an AWS access key pair held as two fields of
``CloudServicesActivity.kt`` (and logged and shown when the challenge "connects"). Every text
file was read at ``HEAD`` (the Gradle wrapper jar and images aside; the ``.idea`` files hold
no value); each value is cited by the first line holding it, in the file named.

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: the OkHttp certificate pins
for ``owasp.org`` (public-key digests), the traffic challenge's plain URL, the PIN hashed with
MD5 before it is stored, code logging the keys and the OpenAI key by reference, the hint text
about the hard-coded key, the SQLite and shared-preferences writes of the typed password, an
invoice URL.

``NO_SECRET``: ``sk-abcdef1234567890abcdef1234567890abcdef12`` (the OpenAI key: letters and
digits counted in order, a stand-in), ``CrazyPassword`` (words naming the value),
``123myKey456`` (words naming the value between counted digits). Left out without a row: the
promo code ``NEW2019`` and the user name ``CrazyUser`` (under 8 signs, no credential).

Doubtful labels, kept: the AWS key pair (both end in ``ABC``/``ABCw``, as if typed over real
keys' tails, but the rest is random and the pair is given in AWS's exact forms; the access key
id is an identifier, yet half of the pair).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/satishpatnayak+AndroGoat/repo")
REPO = "satishpatnayak/AndroGoat"

_SRC = "app/src/main/java/owasp/sat/agoat/"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_SRC + "CloudServicesActivity.kt", "androgoat:aws-access-key-id", "AKIAX56QKKOLPQ7G7ABC", None),
    (_SRC + "CloudServicesActivity.kt", "androgoat:aws-secret-access-key", "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", None),
    # read as no secret (NO_SECRET)
    (_SRC + "AIChatActivity.kt", "androgoat:openai-api-key", "sk-abcdef1234567890abcdef1234567890abcdef12", None),
    (_SRC + "ShowDataReceiver.kt", "androgoat:broadcast-password", "CrazyPassword", None),
    (_SRC + "ShowDataReceiver.kt", "androgoat:broadcast-key", "123myKey456", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "sk-abcdef1234567890abcdef1234567890abcdef12": "letters and digits counted in order: a stand-in",
    "CrazyPassword": "words naming the value",
    "123myKey456": "words naming the value between counted digits",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (_SRC + "TrafficActivity.kt", "androgoat-fp:public-key-pin", '.add(url, "sha256/5gsjyidrmWjcLRClfCk+Dd6O0nx1CyFrVUW5wVkwEx0=")'),
    (_SRC + "TrafficActivity.kt", "androgoat-fp:public-key-pin", '.add(url, "sha256/kIdp6NNEd8wsugYyyIYFsi1ylMCED3hZbSR8ZFsa/A4=")'),
    (_SRC + "TrafficActivity.kt", "androgoat-fp:public-key-pin", '.add(url, "sha256/mEflZT5enoR1FuXLgYYGqnVEoZvmf9c2bVBpiOjYQ0c=")'),
    (_SRC + "TrafficActivity.kt", "androgoat-fp:url", 'var httpurl= "http://demo.testfire.net"'),
    (_SRC + "AccessControlIssue1Activity.kt", "androgoat-fp:reference", 'editor1.putString("pin", hashPIN(pinValue))'),
    (_SRC + "AccessControlIssue1Activity.kt", "androgoat-fp:generator", 'val md = MessageDigest.getInstance("MD5").digest(pinValue.toByteArray()).joinToString("") { "%02x".format(it) }'),
    (_SRC + "CloudServicesActivity.kt", "androgoat-fp:reference", 'Log.d("[Info]", "Connected to AWS account using Access key " + aws_access_key_id + " and secret key " + aws_secret_access_key)'),
    (_SRC + "AIChatActivity.kt", "androgoat-fp:reference", 'builder.setMessage("Connected to OpenAI using key "+ openAIApiKey+". Please finish the objective")'),
    ("app/src/main/res/values/strings.xml", "androgoat-fp:text", "1.Find out how/where OpenAI API key is hardcoded."),
    (_SRC + "InsecureStorageSharedPrefs.kt", "androgoat-fp:reference", 'editor.putString("password", password.text.toString());'),
    (_SRC + "InsecureStorageSQLiteActivity.kt", "androgoat-fp:reference", "val qry = \"INSERT INTO users (username, password) VALUES('${username.text}','${password.text}')\""),
    (_SRC + "DownloadInvoiceService.kt", "androgoat-fp:url", 'val url1 = "https://raw.githubusercontent.com/satishpatnayak/MyTest/master/AndroGoatInvoice.txt"'),
)  # fmt: skip

# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Yelp's detect-secrets' plugin tests and test data as they stood before later commits changed
them, for the ``fresh23`` split (``fresh23.py`` reads and writes).

The main corpus and ``fresh6`` read ``Yelp/detect-secrets`` at
``5e141933554a0b74e7341841f318be21e895339c``; this table reads what the history up to that
commit removed or replaced (``git log HEAD --diff-filter=DM -p -- tests test_data``): the
``(line, should_flag)`` tables of ``tests/plugins/*_test.py`` at older commits, the high-entropy
tests' ``secret_string``/``non_secret_string`` pairs of the 0.x test suite, and values of
``test_data/`` files later rewritten. Every case is pinned as ``<path>@<commit>``, the commit
being the parent of the one that changed the line.

``SECRETS``: a value a test flags (``True``, ``secret_string``) or a test-data file plants as a
secret, in its own form. Kind ``detect-secrets:<plugin>``. ``NEGATIVES``: lines a test says must
not be flagged (``False``, ``non_secret_string``, the UUIDs the filters drop), as the source
writes them. Read and not taken: ``ibm_cos_hmac``'s ``1234567890abcdef…`` keys (counted), the
``gitlab_token`` test's ``foo_hello-world80_testin`` (words), the base64 of ``super long string
should cause enough entropy`` (a sentence), old baselines' ``hashed_secret`` digests.

Two cases are read at ``HEAD`` itself: ``test_data/config.env``'s ``mimi=`` value and
``test_data/config.ini``'s ``real_secret_which_isnt_an_i_d``; the main corpus read
``tests/plugins`` only, and no earlier split holds them. The Telegram token and the Azure storage
key are values of earlier splits (the builder drops them).

Two values of test data carry ``# pragma: whitelist secret``: the file plants them as secrets
and marks them allowed so the scan passes; a secret's form in a secret's place, so secrets here.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/Yelp+detect-secrets/repo")
REPO = "Yelp/detect-secrets"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("tests/plugins/telegram_token_test.py@5bafc1d347da8a258b0c1fe958329333ccd5349c", "detect-secrets:telegram_token", "110201543:AAHdqTcvCH1vGWJxfSe1ofSAs0K5PALDsaw", None),
    ("tests/plugins/azure_storage_key_test.py@a9c13f5599134ac776f1073cbd19519fe32d0290", "detect-secrets:azure_storage_key", "lJzRc1YdHaAA2KCNJJ1tkYwF/+mKK6Ygw0NGe170Xu592euJv2wYUtBlV8z+qnlcNQSnIYVTkLWntUO1F8j8rQ==", None),
    ("tests/plugins/high_entropy_strings_test.py@cb04f3786e6763948a4353d098ef807e811529da", "detect-secrets:base64_high_entropy_string", "I6FwzQZFL9l-44nviI1F04OTmorMaVQf9GS4Oe07qxL_vNkW6CRas4Lo42vqJMT0M6riJfma_f-pTAuoX2U=", None),
    ("test_data/files/file_with_secrets.py@97f2fa6bb35aceb4040aed0874f9f29d51b49093", "detect-secrets:base64_high_entropy_string", "f6CGV4aMM9zedoh3OUNbSakBymo7yplB", None),
    ("test_data/config.yaml@97f2fa6bb35aceb4040aed0874f9f29d51b49093", "detect-secrets:keyword", "ToCynx5Se4e2PtoZxEhW7lUJcOX15c54", None),
    ("tests/plugins/high_entropy_strings_test.py@cb04f3786e6763948a4353d098ef807e811529da", "detect-secrets:hex_high_entropy_string", "2b00042f7481c7b056c4b410d28f33cf", None),
    ("test_data/tmp/file_with_secrets.py@a4a143b57277a3567aa3d09441c7ebce3d2e5f97", "detect-secrets:hex_high_entropy_string", "60b725f10c9c85c70d97880dfe8191b3", None),
    ("test_data/tmp/file_with_secrets.py@a4a143b57277a3567aa3d09441c7ebce3d2e5f97", "detect-secrets:hex_high_entropy_string", "3b5d5c3712955042212316173ccf37be", None),
    ("test_data/config.env", "detect-secrets:base64_high_entropy_string", "gX69YO4CvBsVjzAwYxdGyDd30t5+9ez31gKATtj4", None),
    ("test_data/config.ini", "detect-secrets:keyword", "vh987tyw9ehy8ghis7vwyhiwbwitefy7w3ASDGYDGUASDG", None),
    # read as no secret (NO_SECRET)
    ("test_data/config.yaml@cb04f3786e6763948a4353d098ef807e811529da", "detect-secrets:base64_high_entropy_string", "MjNjcnh1IDJieXJpdXYyeXJpaTJidnl1MnI4OXkyb3UwMg==", None),
    ("tests/plugins/ibm_cos_hmac_test.py@a3e7998bfa4924b13df3f9cb49070abdbdff8802", "detect-secrets:ibm_cos_hmac", "1234567890abcdef1234567890abcdef1234567890abcdef", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "1234567890abcdef1234567890abcdef1234567890abcdef": "digits and hex letters counted three times",
    "MjNjcnh1IDJieXJpdXYyeXJpaTJidnl1MnI4OXkyb3UwMg==": "base64 of a keyboard mash (``23crxu 2byriuv2…``); flagged as ``high_entropy_binary_secret`` at this commit, renamed ``low_entropy_binary_secret`` at ``HEAD``",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("tests/plugins/discord_test.py@34f86b0c867222b6616ec517262421e5d9d40416", "detect-secrets-fp:discord", "'SZ1yGvKTj0rY0cV8i47CjAa.uHQPq.Xb1Mk2nEhe-4icrGOuegj57zMC',"),
    ("tests/plugins/discord_test.py@34f86b0c867222b6616ec517262421e5d9d40416", "detect-secrets-fp:discord", "'MZ1yGvKTj0rY0cV8i47CjAa.uHQPq.Xb1Mk2nEhe-4icrGOuegj57zM',"),
    ("tests/plugins/jwt_test.py@fcf019559b0cfb3e6b50078e987d1dc341bfffd2", "detect-secrets-fp:jwt", """('{"alg":"HS256","typ":"JWT"}.{"name":"Jon Doe"}.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c', False),  # noqa: E501"""),
    ("tests/plugins/jwt_test.py@fcf019559b0cfb3e6b50078e987d1dc341bfffd2", "detect-secrets-fp:jwt", "('bm90X3ZhbGlkX2pzb25fYXRfYWxs.bm90X3ZhbGlkX2pzb25fYXRfYWxs.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c', False),  # noqa: E501"),
    ("tests/plugins/jwt_test.py@fcf019559b0cfb3e6b50078e987d1dc341bfffd2", "detect-secrets-fp:jwt", "('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9', False),  # noqa: E501"),
    ("tests/plugins/basic_auth_test.py@5a15415932e788a32a9488d09522b33f6231e6fd", "detect-secrets-fp:basic_auth", "('http://localhost:5000/<%= @variable %>', False,),"),
    ("tests/plugins/basic_auth_test.py@5a15415932e788a32a9488d09522b33f6231e6fd", "detect-secrets-fp:basic_auth", """('"https://url:8000";@something else', False,),"""),
    ("tests/plugins/basic_auth_test.py@5a15415932e788a32a9488d09522b33f6231e6fd", "detect-secrets-fp:basic_auth", "('https://url:8000/ @something else', False,),"),
    ("tests/plugins/artifactory_test.py@eadaabe4153a6ab714796c2ad3dc4dc84a409b98", "detect-secrets-fp:artifactory", "('artifactory:_password=AP6xxxxxxxx', False),"),
    ("tests/plugins/common/filters_test.py@321965084980dfde891672bfdd6c81e250e5eebd", "detect-secrets-fp:uuid", "'3636dd46-ea21-11e9-81b4-2a2ae2dbcce4',  # uuid1"),
    ("tests/plugins/common/filters_test.py@321965084980dfde891672bfdd6c81e250e5eebd", "detect-secrets-fp:uuid", "'97fb0431-46ac-41df-9ef9-1a18545ce2a0',  # uuid4"),
    ("tests/plugins/common/filters_test.py@321965084980dfde891672bfdd6c81e250e5eebd", "detect-secrets-fp:uuid", "'prefix-3636dd46-ea21-11e9-81b4-2a2ae2dbcce4-suffix',  # uuid in middle of string"),
    ("tests/plugins/telegram_token_test.py@2cc49a53a41ce691cd9fe27b7f33907a5af0ed34", "detect-secrets-fp:telegram_token", "('arn:aws:sns:aaa:111122223333:aaaaaaaaaaaaaaaaaaassssssddddddddddddd', False)"),
    ("tests/filters/heuristic_filter_test.py@264248a1488f1f1fe69efbd91664934e03ec6512", "detect-secrets-fp:heuristic", "('secret = $hunter2', False),"),
    ("tests/plugins/keyword_test.py@1f1ea09972fb70bdbd1a0ee5f46ca8c244ec1809", "detect-secrets-fp:keyword", "'my_password = True',  # 'True' is a known false-positive"),
    ("tests/plugins/high_entropy_strings_test.py@cb04f3786e6763948a4353d098ef807e811529da", "detect-secrets-fp:base64_high_entropy_string", "non_secret_string='Zrm-ySTAq7D2sHk=',  # too short for high entropy"),
    ("tests/plugins/high_entropy_strings_test.py@cb04f3786e6763948a4353d098ef807e811529da", "detect-secrets-fp:base64_high_entropy_string", "non_secret_string='c3VwZXIgc2VjcmV0IHZhbHVl',  # Too short for high entropy"),
    ("tests/plugins/npm_test.py@3da8d7fa71b4c8428742ee9c25906df74d38f65a", "detect-secrets-fp:npm", "('//registry.npmjs.org:_authToken=xxxxxxxxxxxxxxxxxxxx', False),"),
    ("tests/plugins/npm_test.py@3da8d7fa71b4c8428742ee9c25906df74d38f65a", "detect-secrets-fp:npm", "('registry.npmjs.org/:_authToken=xxxxxxxxxxxxxxxxxxxx', False),"),
    ("test_data/config.yaml", "detect-secrets-fp:uuid", "uuid_should_be_ignored: '203db13e-70c7-462b-9a3d-bf32640cb0be'"),
)  # fmt: skip

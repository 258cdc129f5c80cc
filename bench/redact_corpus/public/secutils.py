# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Microsoft's security-utilities, for the ``fresh8`` split (``fresh8.py`` reads and writes).

Its detection classes give true-positive examples (``GenerateTruePositiveExamples``) and
its secret masker's tests (``SecretMaskerTests.cs``) say what must be masked (URL
credentials, with the expected ``+++``) and what must come out unchanged
(``SecretMasker_UrlNotMasked``, ``SecretMasker_FalsePositiveValuesAreNotMasked``). Most
of its identifiable-key examples are generated at run time or are runs of one letter
(``dddd…AzFu…``, ``xxx8Q~dead…``); those are left out without a row. Each case below was
read in its file and is cited by the first line holding it (``anchor``, else the value).

``SECRETS``: (file, kind, value, anchor), the kind the pattern the example belongs to.
``NEGATIVES``: (file, kind, text) for inputs a test says the masker leaves as they are.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/microsoft+security-utilities/repo")
REPO = "microsoft/security-utilities"

_MASKER = "src/Tests.Microsoft.Security.Utilities.Core/SecretMaskerTests.cs"
_JWT = "src/Microsoft.Security.Utilities.Core/PotentialSecurityKeys/SEC101_528_UnclassifiedJwt.cs"
_CLIENT = "src/Microsoft.Security.Utilities.Core/PreciselyClassifiedSecurityKeys/SEC101_156_AzureClientAppIdentifiableCredentials.cs"
_BEARER = "src/Microsoft.Security.Utilities.Core/PotentialSecurityKeys/SEC101_061_LooseOAuth2BearerToken.cs"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_MASKER, "security-utilities:url-credentials", "pass4';.!&*()=,$-+~", None),
    (_MASKER, "security-utilities:url-credentials", "password_looooooooooooooooooooooooooooooooooooooooooooooooong", None),
    (_JWT, "security-utilities:jwt", "eyAidHlwIiA6ICJKV1QiLCAiYWxnIiA6ICJIUzI1NiIgfQ.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c", None),
    (_JWT, "security-utilities:jwt", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c", None),
    (_JWT, "security-utilities:jwt", "ewogaWQiOiJ5ZXMiLCJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6Im1lIGFnYWluIiwiaWF0IjoxNTE2MjM5MDIyfQ.i6jPt5VrHYb77j8bPA2lWWiasPAR-_xa4ZtQCJTdnjI", None),
    (_CLIENT, "security-utilities:aad-client-app-credentials", "zzz8Q~zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzblP", None),
    (_BEARER, "security-utilities:loose-oauth2-bearer-token", "notasecret==", None),
    (_BEARER, "security-utilities:loose-oauth2-bearer-token", "secretplacholder", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "password_looooooooooooooooooooooooooooooooooooooooooooooooong": "the word password with its o's drawn out",
    "notasecret==": "words saying it is no secret",
    "secretplacholder": "words naming a placeholder",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (_MASKER, "security-utilities-fp:masker", "https://simpledomain@example.com"),
    (_MASKER, "security-utilities-fp:masker", "https://url.com:443/~user/foo=bar+42-18?what=this.is.an.example....~~many@&param=value"),
    (_MASKER, "security-utilities-fp:masker", "SSdtIGEgY29tcGxldGVseSBpbm5vY3VvdXMgc3RyaW5nLg=="),
    (_MASKER, "security-utilities-fp:masker", "The password is knock knock knock"),
    ("src/Microsoft.Security.Utilities.Core/PotentialSecurityKeys/SEC101_101_AzureClientAppLegacyCredentials34.cs", "security-utilities-fp:legacy-client-credentials", "2024-03-07T02:50:56.464790+00:00"),
)  # fmt: skip

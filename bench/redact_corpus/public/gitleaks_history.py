# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""gitleaks' rule examples and test data as they stood before later commits changed them, for
the ``fresh23`` split (``fresh23.py`` reads and writes).

The main corpus and ``fresh6`` read ``gitleaks/gitleaks`` at
``b58d3f102cf3a2c84cb7f923d05c25c9b1aed84b``; this table reads what the history up to that
commit removed or replaced (``git log HEAD --diff-filter=DM -p``): the literal ``tps`` and
``fps`` of ``cmd/generate/config/rules/*.go`` before the rules moved to generated samples, and
the v7 test data (``testdata/expect/``) removed at the move to v8, and the 2018
``checks_test.go`` entropy test (a map of lines to "flag or not"). Every case is pinned as
``<path>@<commit>``, the commit being the parent of the one that changed the line.

``SECRETS``: a rule's true positive (its ``tps`` list, or the offender a v7 expected report
names), cut to the credential itself. Kind ``gitleaks:<RuleID at that commit>`` (the v7 reports'
rule names written in the same form; ``gitleaks:entropy`` for the 2018 entropy test).
``NEGATIVES``: lines of the rules' ``fps`` lists and the entropy test's ``false`` lines.
The builder drops seven of these values as values of earlier splits (the Facebook ``EAAM…`` and
``<app id>|<secret>`` tokens, two generic-rule hex values, ``AKIALALEMEL33243OLIB``); they stay
in the table as read.

``NO_SECRET``: the Azure storage key examples of one commit (counted runs, ``abcd1234efgh5678…``).
Read and not taken: the generated-sample constants of ``rule.go`` (``d0e94828b0549eee…``,
``00000AAAAAbbbbb99999…``: runs built to fit a width), ``testdata/repos/basic/secrets.py`` (a
copy of detect-secrets' ``each_secret.py``, whose values are AWS's documented pair and base64
sentences), early ``main.go`` constants (``AKIALALEMEL33243OLIAE``, 21 signs, an access key id
one sign too long).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/gitleaks+gitleaks/repo")
REPO = "gitleaks/gitleaks"

_RULES = "cmd/generate/config/rules"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (f"{_RULES}/facebook.go@43fae355e6fe4d99d2a7b240a224b85e2903aeb4", "gitleaks:facebook-page-access-token", "EAAM9GOnCB9kBO2frzOAWGN2zMnZClQshlWydZCrBNdodesbwimx1mfVJgqZBP5RSpMfUzWhtjTTXHG5I1UlvlwRZCgjm3ZBVGeTYiqAAoxyED6HaUdhpGVNoPUwAuAWWFsi9OvyYBQt22DGLqMIgD7VktuCTTZCWKasz81Q822FPhMTB9VFFyClNzQ0NLZClt9zxpsMMrUZCo1VU1rL3CKavir5QTfBjfCEzHNlWAUDUV2YZD", None),
    (f"{_RULES}/facebook.go@43fae355e6fe4d99d2a7b240a224b85e2903aeb4", "gitleaks:facebook-page-access-token", "EAAM9GOnCB9kBO2zXpAtRBmCrsPPjdA3KeBl4tqsEpcYd09cpjm9MZCBIklZBjIQBKGIJgFwm8IE17G5pipsfRBRBEHMWxvJsL7iHLUouiprxKRQfAagw8BEEDucceqxTiDhVW2IZAQNNbf0d1JhcapAGntx5S1Csm4j0GgZB3DuUfI2HJ9aViTtdfH2vjBy0wtpXm2iamevohGfoF4NgyRHusDLjqy91uYMkfrkc", None),
    (f"{_RULES}/facebook.go@43fae355e6fe4d99d2a7b240a224b85e2903aeb4", "gitleaks:facebook-page-access-token", "EAACEdEose0cBA1bad3afsf2aew", None),
    (f"{_RULES}/facebook.go@3fdaefdaa32827ac8f97ae9c8a0fac0bea49c1f5", "gitleaks:facebook-access-token", "911602140448729|AY-lRJZq9BoDLobvAiP25L7RcMg", None),
    (f"{_RULES}/facebook.go@3fdaefdaa32827ac8f97ae9c8a0fac0bea49c1f5", "gitleaks:facebook-access-token", "1308742762612587|rhoK1cbv0DOU_RTX_87O4MkX7AI", None),
    (f"{_RULES}/age.go@072b5fe7af46e3dfe574361967d96ec3bcb428bc", "gitleaks:age-secret-key", "AGE-SECRET-KEY-1FDFPAKWWTNRY2FTQ22EKVUM67LZ48RQQFDNH0V90D6SVDKCSCDXSNP5KFA", None),
    (f"{_RULES}/openai.go@ebd673c72e54354c70445167b92e2744a7fb0d04", "gitleaks:open-ai-token", "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", None),
    (f"{_RULES}/openai.go@f26d5542cd005b000a257f525fce38baa0637832", "gitleaks:open-ai-token", "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", None),
    (f"{_RULES}/generic.go@d8cd93cabe4cbc442ff1e5aca108a7e37c44d403", "gitleaks:generic-api-key", "8dyfuiRyq=vVc3RRr_edRk-fK__JItpZ", None),
    (f"{_RULES}/generic.go@0afb525e59f59bfb3a0d9920a288de0f8205bd59", "gitleaks:generic-api-key", "6da89121079f83b2eb6acccf8219ea982c3d79bccc3e9c6a85856480661f8fde", None),
    (f"{_RULES}/generic.go@aaa90c3a69ffa2369be1b06b27477beeb040391e", "gitleaks:generic-api-key", "edf8f16608465858a6c9e3cccb97d3c2", None),
    (f"{_RULES}/mssql.go@e7b6a18bc8ef2c4c0787ffe354f660386c0db9c3", "gitleaks:mssql-database-credentials", "mySecurePassword123", None),
    (f"{_RULES}/aws.go@d1d9054ef08a833f2f193682c1ecfc489de6f09b", "gitleaks:aws-access-token", "AKIALALEMEL33243OLIB", None),
    ("testdata/expect/results_square_and_google.json@780fb4a8f1d319ba78cf6c50f229ade05b5d2dea", "gitleaks:square-oauth-secret", "sq0csp-QZxqK3fHycIxFsjZ7_HoqRN08qY2by3wLXcfJCfsKEg", None),
    ("testdata/expect/results_square_and_google.json@780fb4a8f1d319ba78cf6c50f229ade05b5d2dea", "gitleaks:google-api-key", "AIzaSyDtz3Di0ZrzeU5ET3UFU0p-xP4bx2FkSrg", None),
    ("checks_test.go@91eb014f17d59c44311054f2e4403ad1b1c4e874", "gitleaks:entropy", "4ok1WFf57-EMswEfAFGewa", None),
    (f"{_RULES}/generic.go@0afb525e59f59bfb3a0d9920a288de0f8205bd59", "gitleaks:generic-api-key", "0afae57f3ccfd9d7f5767067bc48b30f719e271ba470488056e37ab35d4b6506", None),
    # read as no secret (NO_SECRET)
    (f"{_RULES}/azure.go@1fa5772cc79df2b86e505efca212203b39f5e06f", "gitleaks:azure-storage-account-key", "abcd1234efgh5678ijkl9012mnop3456qrst7890uvwx1234yzab5678cdef9012ghij3456klmn7890abcd==", None),
    (f"{_RULES}/azure.go@1fa5772cc79df2b86e505efca212203b39f5e06f", "gitleaks:azure-storage-account-key", "9876zyxw5432vuts1098rqpo6543nmlk2109jihg8765fedc4321ba9876zyxw543210utvuts==", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "abcd1234efgh5678ijkl9012mnop3456qrst7890uvwx1234yzab5678cdef9012ghij3456klmn7890abcd==": "the alphabet and digits counted in fours",
    "9876zyxw5432vuts1098rqpo6543nmlk2109jihg8765fedc4321ba9876zyxw543210utvuts==": "the alphabet and digits counted down in fours",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (f"{_RULES}/meraki.go@77ae4a6e217dd0484decd0df48d3fed67ee98f84", "gitleaks-fp:cisco-meraki-api-key", "`│e9e0f062f587b_423bb6cc6328eb786d75b45783e.bfu`,"),
    (f"{_RULES}/meraki.go@77ae4a6e217dd0484decd0df48d3fed67ee98f84", "gitleaks-fp:cisco-meraki-api-key", "`a1cdda32f587g423bb6cc6328Eb786d75b45783e`,"),
    (f"{_RULES}/sourcegraph.go@a83491e42b870c99ac36297be09c0e85b0e34cb2", "gitleaks-fp:sourcegraph-access-token", '"sgp_0000000000000000_0000000000000000",'),
    (f"{_RULES}/sourcegraph.go@a83491e42b870c99ac36297be09c0e85b0e34cb2", "gitleaks-fp:sourcegraph-access-token", '"sgp_xxxxxxxxxxxxxxxx_xxxxxxxxxxxxxxxx",'),
    (f"{_RULES}/sourcegraph.go@a83491e42b870c99ac36297be09c0e85b0e34cb2", "gitleaks-fp:sourcegraph-access-token", '"sgp_YOUR_TOKEN_HERE_REPLACE_THIS_VALUE",'),
    (f"{_RULES}/sourcegraph.go@a83491e42b870c99ac36297be09c0e85b0e34cb2", "gitleaks-fp:sourcegraph-access-token", '"sgp_****************_****************",'),
    (f"{_RULES}/sourcegraph.go@a83491e42b870c99ac36297be09c0e85b0e34cb2", "gitleaks-fp:sourcegraph-access-token", '"sgp_example_token_value_not_real_key",'),
    (f"{_RULES}/sourcegraph.go@a83491e42b870c99ac36297be09c0e85b0e34cb2", "gitleaks-fp:sourcegraph-access-token", '"sgp_GHIJKLMNOPQRSTUV_WXYZ1234567890AB",'),
    (f"{_RULES}/okta.go@2068870c8d8e24953a32fd1d7eac5c98f2ea7bd9", "gitleaks-fp:okta-access-token", '"00000000000000000000000000000000000TUVWXYZ",'),
    (f"{_RULES}/azure.go@1fa5772cc79df2b86e505efca212203b39f5e06f", "gitleaks-fp:azure-ad-client-secret", "`![图源：《深入拆解Tomcat & Jetty》](https://p3-juejin.byteimg.com/tos-cn-i-k3u1fbpfcp/6a9e704af49b4380bb686f0c96d33b81~tplv-k3u1fbpfcp-watermark.image)`,"),
    (f"{_RULES}/generic.go@0afb525e59f59bfb3a0d9920a288de0f8205bd59", "gitleaks-fp:generic-api-key", "`client_vpn_endpoint_id = aws_ec2_client_vpn_endpoint.client-vpn-endpoint.id`,"),
    ("checks_test.go@91eb014f17d59c44311054f2e4403ad1b1c4e874", "gitleaks-fp:entropy", '"reddit_api_secret = settings./.http}":           false,'),
    ("checks_test.go@91eb014f17d59c44311054f2e4403ad1b1c4e874", "gitleaks-fp:entropy", '"heroku_client_secret = simple":                  false,'),
)  # fmt: skip

# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""securego's gosec, for the ``fresh9`` split (``fresh9.py`` reads and writes).

gosec's hard-coded credentials rule (G101) is tested on Go samples
(``testutils/g101_samples.go``): ``SampleCodeG101`` (names such as ``password``, ``pw``,
``cred``, ``apiKey``, ``bearer`` given a high-entropy string, in assignments, constants,
comparisons, struct fields and map keys) and ``SampleCodeG101Values`` (values gosec's own
patterns know: a URL with a password, a GitHub token, AWS and Google keys), each with the
number of issues it must raise. A sample expecting one issue names a secret; one expecting
none is a negative. Each case below was read in the sample file and is cited by the first
line holding it (``anchor``, else the value). ``testutils/g117_samples.go`` (secrets
serialised by struct tags) holds no values and was not taken from.

``SECRETS``: (file, kind, value, anchor), the kind the name G101 matched (``password``,
``pw``/``cred``, ``apiKey``, ``bearer``) or the pattern gosec names for the value.
``NEGATIVES``: (file, kind, text) for lines of samples that must raise nothing, as the file
holds them.

Left out: ``AKIAI44QH8DHBEXAMPLE`` (AWS's documentation key id; its ``ASIA`` twin is in
``NO_SECRET``), samples whose negative line holds a labelled value (the ``p``/``Username``
/unkeyed-slice cases around ``f62e5bcd…``: the value is a secret wherever it stands),
and the ``password := "secret"`` / ``Password: "secret"`` samples gosec leaves alone for
low entropy: a literal password, however weak, is not a negative here.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/securego+gosec/repo")
REPO = "securego/gosec"

_G101 = "testutils/g101_samples.go"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_G101, "gosec:hardcoded-password", "f62e5bcda4fae4f82370da0c6f20697b8f8447ef", None),
    (_G101, "gosec:hardcoded-credential", "KjasdlkjapoIKLlka98098sdf012U/rL2sLdBqOHQUlt5Z6kCgKGDyCFA==", None),
    (_G101, "gosec:hardcoded-api-key", "KjasdlkjapoIKLlka98098sdf012U", 'apiKey = "KjasdlkjapoIKLlka98098sdf012U"'),
    (_G101, "gosec:hardcoded-bearer", "2lkjdfoiuwer092834kjdwf09", None),
    (_G101, "gosec:url-credentials", "abcdef0123456789abcdef0123456789abcdef01", None),
    (_G101, "gosec:github-pat", "ghp_iR54dhCYg9Tfmoywi9xLmmKZrrnAw438BYh3", None),
    (_G101, "gosec:aws-temporary-access-key", "ASIAI44QH8DHBEXAMPLE", None),
    (_G101, "gosec:google-api-key", "AIzajtGS_aJGkoiAmSbXzu9I-1eytAi9Lrlh-vT", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "ASIAI44QH8DHBEXAMPLE": "AWS's documentation key id (AKIAI44QH8DHBEXAMPLE) under a temporary key's prefix",
    "abcdef0123456789abcdef0123456789abcdef01": "the hex digits in order, said two and a half times",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (_G101, "gosec-fp:g101", "ATNStateTokenStart = 42"),
    (_G101, "gosec-fp:g101", 'customerNameEnvKey := "FOO_CUSTOMER_NAME"'),
    (_G101, "gosec-fp:g101", 'txnID := "3637cfcc1eec55a50f78a7c435914583ccbc75a21dec9a0e94dfa077647146d7"'),
    # a config key's name under a token-like constant, which the samples suppress (#nosec)
    (_G101, "gosec-fp:nosec-g101", 'ConfigLearnerTokenAuth string = "learner_auth_token_config"'),
)  # fmt: skip

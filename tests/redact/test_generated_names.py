"""Generated resource names and documentation samples stay; keys written in groups go."""

from __future__ import annotations

import random
import string

import pytest

from streams.redact import Redactor


@pytest.mark.parametrize(
    "text",
    [
        "ingress-nginx-controller-7d9f8b6c5d-x2kqp   1/1     Running   0   3h12m",
        "job.batch/backup-28312345-x7k2p created",
        "gke-prod-default-pool-1a2b3c4d-x7k2   Ready    <none>   12d   v1.29.4-gke.1043002",
        "attached vol-6deb6e459b38a24e4 to i-57098ca5835fe1d11 in subnet-a393af9f44deca30f",
        "arn:aws:ecs:eu-west-1:273541036796:task/prod-cluster/d643a9b119564cde6af14a52738b63ca",
        "curl -u <user:password> https://test.com/endpoint",
        "curl --user neo4j:[PASSWORD] http://[IP]:7474/db/data/",
        '"token4": "xoxp-572370529330-573807301142-572331691188-####################"',
        "xoxe.xoxp-1-SlackAppConfigurationAccessTokenHere",
        "credentials: new AWS.SharedIniFileCredentials({ profile: 'dev' })",
    ],
)
def test_names_and_samples_stay(text: str) -> None:
    assert Redactor().redact_text(text)[0] == text


@pytest.mark.parametrize(
    "secret",
    [
        "096somlu-xkif-4qyy-e02a-j29tr5v0z574",  # grouped keys start with a random group
        "2ELRAUEF-NB06CX0R-ZGXL88HF-BX8B77S6",  # or use upper case
        "thog-secret-8fbfc135085421e62d8f1982af17bbf6",  # or name a secret
        "pub-c-3886bd4t-dwor-vuqm-ond2-4wz4supiwwa2",  # PubNub's documented prefix
        "e2rgfqdg7xpzbq0nmj8l68gmuz1k",  # one case with digits, no separators
    ],
)
def test_grouped_keys_go(secret: str) -> None:
    out = Redactor().redact_text(f"export THING={secret}\nconnecting with {secret} now")[0]
    assert secret not in out
    out = Redactor().redact_text(f"connecting with {secret} now")[0]
    assert secret not in out


def test_short_one_case_keys_said_alone_go() -> None:
    """Random base-36 of 20-32 characters, said with no name beside it, is taken at its
    length's entropy, not a flat 4 bits (which missed 40 % of them at 24), and from 20
    characters, not 24."""
    draw = random.Random(29)
    alphabet = string.ascii_lowercase + string.digits
    keys = ["".join(draw.choice(alphabet) for _ in range(n)) for n in (20, 24, 28, 32) * 40]
    keys = [k for k in keys if sum(c.isdigit() for c in k) >= 0.08 * len(k)]
    caught = sum(k not in Redactor().redact_text(f"Is {k} the staging one?")[0] for k in keys)
    assert caught >= 0.95 * len(keys), (caught, len(keys))


@pytest.mark.parametrize(
    "text",
    [
        "ciphers: ECDHE-ECDSA-CHACHA20-POLY1305",  # a cipher suite: separators
        '"input": "HM84H8VW3ZS7JT84NBMFSTIJ13"',  # a ULID with a mistyped letter
        "class XChaCha20Poly1305Cipher:",  # a CamelCase name with digits
        "JWS_ALGORITHMS as RFC7518_JWS_ALGORITHMS",  # a constant: 24 when joined by _
        '"OPTIC_100GBASE_ER4_LITE",',
    ],
)
def test_names_keep_the_flat_bar(text: str) -> None:
    assert Redactor().redact_text(text)[0] == text


@pytest.mark.parametrize(
    "secret",
    [
        "xbHXzReUFxXxBsNuVgwBZ",  # repo-supervisor's random letters: both cases, no digit
        "HKMSTRQGRNQGLAWHRMPQC",  # its random capitals
        "XPQWALEHDNYAXHWRTQVRM",
    ],
)
def test_drawn_letters_without_digits_go_alone(secret: str) -> None:
    """20+ letters drawn (few vowels, no word-like parts, or five consonants in a row in one
    case) are a key standalone, at base-52's or base-26's entropy for their length."""
    assert secret not in Redactor().redact_text(f'    "{secret}",')[0]


@pytest.mark.parametrize(
    "text",
    [
        "gsnXYBarChartFillDotSizeF = 2",  # a plot resource: CamelCase words and abbreviations
        "ZSTD_c_ldmBucketSizeLog = 1",  # a C enum: words joined by _
        'alphabet = "abcdefghijklmnopqrstuvwxyz"',  # an alphabet written out
        "rechtsschutzversicherungsgesellschaften",  # a word: its letters repeat
    ],
)
def test_letters_that_are_names_or_words_stay(text: str) -> None:
    assert Redactor().redact_text(text)[0] == text


@pytest.mark.parametrize(
    "secret",
    [
        "yc3edqmevxrvcqurtaebd986",  # gitleaks' Atlassian sample: "edqmevxrvcqurtaebd" is drawn
        "sm_sat_mtehk2whmyrmqzh0",  # SettleMint's prefix on a drawn body
    ],
)
def test_drawn_one_case_parts_are_no_words(secret: str) -> None:
    """A long one-case part with five consonants in a row was drawn, not spelled, so it no
    longer makes the run read as a name."""
    assert secret not in Redactor().redact_text(f"Tried {secret} again, same 403.")[0]


@pytest.mark.parametrize(
    "text",
    [
        "raise IncorrectPassphraseError(_PASSPHRASE_REQUIRED)",  # a capitalised word's cluster
        'name="fileSearchStores/fr3l0ri2so25-a3r1ump9x821/documents/'
        'asurveyofmodernistpoetrytxt-uvmqjtmkm1h2",',  # a resource's path keeps its clusters
    ],
)
def test_names_with_consonant_clusters_stay(text: str) -> None:
    assert Redactor().redact_text(text)[0] == text

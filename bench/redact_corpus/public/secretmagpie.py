# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Punk Security's secret-magpie, its behave tests, for the ``fresh18`` split (``fresh18.py``
reads and writes).

``punk-security/secret-magpie`` runs gitleaks and TruffleHog over an organisation's
repositories and merges their findings. Its tests (``features/``) build throw-away
repositories from ``features/fixtures.py`` and compare the findings with
``features/match_files/`` (gitleaks' and TruffleHog's JSON, secret-magpie's CSV and HTML).
Everything there was read at ``HEAD``, with the README and the workflows.

``SECRETS``: (file, kind, value, anchor). The fixtures plant an OpenSSH private key (1024-bit
RSA; its first line of private material, the head of the private exponent, cited with the
lines above it, since the lines before are the key's public part; the match files repeat it) and an AWS access key id with its secret key. The AWS pair is TruffleHog's canary
pair, which ``fresh11`` holds: listed, and dropped by the filters as an earlier split's.

Left out: the key ids ``AKIAYVP4CIPPERUVIFXH``/``…XI``/``…XJ`` (the canary id counted on by
one letter: identifiers, near-copies); the match files' ``hashed_secret`` column (SHA-256 of
the findings: a digest is neither the secret nor a fair negative); the ``gooseygooseygoosey``
filler lines.

``NEGATIVES``: (file, kind, text): the README's commands with their placeholders
(``--pat 'personal access token'``, ``--password 'your application password'``) and option
help, the workflows' ``${{ secrets.… }}`` references, an environment look-up, an argparse
option, and what the match files show in a secret's place (TruffleHog's ``Redacted`` head of
the key: its header and the constant ``openssh-key-v1`` magic; the CSV's masked
``AKI****************``, a short fragment of its line).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/punk-security+secret-magpie/repo")
REPO = "punk-security/secret-magpie"

_F = "features/fixtures.py"
_KEY = "\n".join(
    (
        "-----BEGIN OPENSSH PRIVATE KEY-----",
        "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAlwAAAAdzc2gtcn",
        "NhAAAAAwEAAQAAAIEAuaJtfDkJfu0BhyQACpCeu6y1hWPHEN6kXbKJ4Da5ammYQrrmUjLS",
        "WJXhU8i8tM1438ZuJiA+49ZDP/Kh6P8Hs9GulRuYDNa9a+WuZurcsKUvr5WDK67KX7mU8K",
        "R0+1XkN6tzXTaBdjZldOGQ+V3DXAsWoWHbkzL6Cm1Iy6w57msAAAIAH+jd2h/o3doAAAAH",
        "c3NoLXJzYQAAAIEAuaJtfDkJfu0BhyQACpCeu6y1hWPHEN6kXbKJ4Da5ammYQrrmUjLSWJ",
        "XhU8i8tM1438ZuJiA+49ZDP/Kh6P8Hs9GulRuYDNa9a+WuZurcsKUvr5WDK67KX7mU8KR0",
        "+1XkN6tzXTaBdjZldOGQ+V3DXAsWoWHbkzL6Cm1Iy6w57msAAAADAQABAAAAgFRV1MPQ7d",
        "16M22AD3y9Q0AkMLuPHwss+yOOT1FLy2Tq4D/AxY6mhCW2wg3cbs79YmLXtYcgszGzUA4n",
    )
)

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_F, "secret-magpie:openssh-private-key", "16M22AD3y9Q0AkMLuPHwss+yOOT1FLy2Tq4D/AxY6mhCW2wg3cbs79YmLXtYcgszGzUA4n", _KEY),
    (_F, "secret-magpie:aws-access-key-id", "AKIAYVP4CIPPERUVIFXG", None),
    (_F, "secret-magpie:aws-secret-access-key", "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", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {}
"""Values read as no secret: none."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("README.md", "secret-magpie-fp:placeholder-phrase", "docker run punksecurity/secret-magpie <github/gitlab/azuredevops> --org 'organisation name' --pat 'personal access token'"),
    ("README.md", "secret-magpie-fp:placeholder-phrase", "docker run punksecurity/secret-magpie bitbucket --workspace 'workspace name to scan' --username 'your username' --password 'your application password'"),
    ("README.md", "secret-magpie-fp:option-help", "--pat PAT             Personal Access Token for API access and cloning"),
    ("README.md", "secret-magpie-fp:option-help", "--password PASSWORD"),
    (".github/workflows/build_release.yml", "secret-magpie-fp:reference", "password: ${{ secrets.DOCKER_ACCESS_TOKEN }}"),
    ("features/environment.py", "secret-magpie-fp:reference", 'context.password = os.environ["SECRETMAGPIE_BITBUCKET_PASSWORD"]'),
    ("argparsing.py", "secret-magpie-fp:code", 'bitbucket_group.add_argument("--password")'),
    ("features/match_files/Trufflehog.json", "secret-magpie-fp:redacted-key-head", '"Redacted": "-----BEGIN OPENSSH PRIVATE KEY-----\\nb3BlbnNzaC1rZXktdjEAAAAABG5v",'),
    ("features/match_files/secret-magpie.csv", "secret-magpie-fp:masked-value", "AKI****************"),
)  # fmt: skip

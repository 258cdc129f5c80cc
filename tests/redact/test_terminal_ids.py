# ruff: noqa: E501  (real output lines: one per entry reads best)
"""Ids real tools print that read as keys, from the ``logneg`` and ``pathneg`` splits' first
runs (``bench/redact_corpus/public/*_first_run.json``, seventeenth session): each line here
is a line of those splits (or of their sources) and stays as printed; beside each, the same
form holding a secret still loses it."""

from __future__ import annotations

import pytest

from streams.redact import Redactor
from streams.redact.tables import in_id_column

R = Redactor()

SERVICE_PS = """$ docker service ps --no-trunc redis

ID                          NAME         IMAGE                                                                            NODE      DESIRED STATE  CURRENT STATE          ERROR  PORTS
50qe8lfnxaxksi9w2a704wkp7   redis.1      redis:7.4.1@sha256:6a692a76c2081888b589e26e6ec835743119fe453d67ecf03df7de5b73d69842  manager1  Running        Running 5 minutes ago
ky2re9oz86r9556i2szb8a8af   \\_ redis.1   redis:7.4.0@sha256:f8829e00d95672c48c60f468329d6693c4bdd28d1f057e755f8ba8b40008682e  worker2   Shutdown       Shutdown 5 minutes ago"""

DOCKER_STATS = """CONTAINER ID        NAME                                    CPU %               MEM USAGE / LIMIT     MEM %
e5c383697914        test-1951.1.kay7x1lh1twk9c0oig50sd5tr   0.00%               196KiB / 1.952GiB     0.01%"""

KEPT = (
    SERVICE_PS,
    DOCKER_STATS,
    '/dev/sda2: UUID="3klkIj-w1qk-DkJi-0XBJ-y3o7-i2Ac-vHqWBM" TYPE="LVM2_member"',  # blkid
    "  dev-disk-by\\x2did-dm\\x2duuid\\x2dLVM\\x2dh68ze5IiKlTsLYPCc0MZYJ7wcin2QzP1smehAPSq6LXkM54sNRY3sncGbbkFLuEa.device   loaded    active   plugged",
    "C:Q1znBl9k+RKgY6gl5Eg3iz73KZbLY=\nP:yasm\nV:1.3.0-r4",  # Alpine's APKINDEX
    "debug1: private host key #0: ssh-rsa SHA256:86iQP6LQyXad7wWuJtH8hy7C5XJXMcpMVrhHMqg0m0w",  # sshd -ddd
    "Jul  6 16:29:42 authorMacBook-Pro symptomsd[215]: -[NetworkAnalyticsEngine _writeJournalRecord:fromCellFingerprint:key:atLOI:ofKind:lqm:isFaulty:] Hashing of the primary key failed.",
    'worker2   Shutdown       Rejected 5 minutes ago   "No such image: redis@sha256:6a692a76c2081888b589e26e6ec835743119fe453d67e',
    "WARN [LeaseRenewer:msrabi@msra-sa-41:9000] org.apache.hadoop.hdfs.LeaseRenewer: Failed to renew lease for [DFSClient_NONMAPREDUCE_1537864556_1] for 84 seconds.",
    "DEBU[0000] Found revision: 6eb2bac6e2f959c983d965013e23b997ba7f9170\nDEBU[0000] using github ref: refs/heads/secrets-testing",  # act
    # from pathneg's first run
    '87520965206a        mrjana/simpleweb@sha256:317d7f221d68c86d503119b0ea12c29de42af0a22ca087d522646ad1069a47a4   "simpleweb"         5 seconds ago       Up 4 seconds                            myservice.4.ytdzpktmwor82zjxkh118uf1v',
    "50qe8lfnxaxksi9w2a704wkp7   redis.1      redis:7.4.1@sha256:6a692a76c2081888b589e26e6ec835743119fe453d67ecf03df7de5b73d69842  manager1  Running",
    "nvjljf7rmor4htv7l8rwcx7i7   \\_ redis.2   redis:7.4.1@sha256:6a692a76c2081888b589e26e6ec835743119fe453d67ecf03df7de5b73d69842  worker2   Shutdown       Rejected 5 minutes ago",  # "rejected" near
    "DEBUG: ++ Found new log: AWSLogs/166157441623/elasticloadbalancing/us-west-1/2020/11/23/166157441623_elasticloadbalancing_us-west-1_app.ALB-framework-dev.959dfdbaed241613_20201123T0440Z_52.52.208.49_2dui0wlo.log.gz",
    "lo3Ptv0AnVoUmr8CRPXBwp8iXqIPoeM=",  # a CA certificate's last line (certifi)
    "WiIwpSEO0/3ELsI+vWzo1lcCAwEAAQ==",  # a public key's last line: RSA's exponent
    "  YDksswBVLuT1sw5XxJFBAJw/6KXf6vb/yPCtbVKoF6ubYfwSUTXkJf2vqmqGOQ==\n",
)


@pytest.mark.parametrize("text", KEPT)
def test_an_id_a_tool_prints_stays(text: str) -> None:
    assert R.redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # a secret in a table's other columns, or in a Key/Value table, still goes
        (
            "NAME      TOKEN                            CREATED\nci-bot    Xk3jd8fQ2aB7mN5pQ9rTzz99kLmN     2d",
            "Xk3jd8fQ2aB7mN5pQ9rTzz99kLmN",
        ),
        (
            "Key                 Value\n---                 -----\nid                  Xk3jd8fQ2aB7mN5pQ9rTzz99kLmNq",
            "Xk3jd8fQ2aB7mN5pQ9rTzz99kLmNq",
        ),
        # a pinned digest is no user:password, a real one still is
        ("the token is deploy:Xk3jd8fQ2aB7mN5pQ9rT", "Xk3jd8fQ2aB7mN5pQ9rT"),
        # a secret word that names a file or a ref names no value; one in prose still does
        (
            "the secret is 6eb2bac6e2f959c983d965013e23b997ba7f9170",
            "6eb2bac6e2f959c983d965013e23b997ba7f9170",
        ),
        # a word and a short number is still a password (nodegoat's seed user)
        ("password: User2_123", "User2_123"),
        # a padded line alone of a key's size, or of base64 text, is still a key or a credential
        (
            "q5R2Uuq7dY8aBCdXvvK3jd8fQ2aB7mN5pQ9rTzz99kY=",
            "q5R2Uuq7dY8aBCdXvvK3jd8fQ2aB7mN5pQ9rTzz99kY=",
        ),
        ("QWxhZGRpbjpvcGVuIHNlc2FtZQ==", "QWxhZGRpbjpvcGVuIHNlc2FtZQ=="),
        # 25 letters and digits alone are no swarm task
        ("token h7trhmcsa8avvxad0evreoj2g", "h7trhmcsa8avvxad0evreoj2g"),
    ],
)
def test_the_same_forms_holding_a_secret_lose_it(text: str, secret: str) -> None:
    assert secret not in R.redact_text(text)[0]


def test_a_cell_is_read_under_its_header_column() -> None:
    at = SERVICE_PS.index("50qe8lfnx")
    assert in_id_column(SERVICE_PS, at, at + 25)
    image = SERVICE_PS.index("6a692a76")
    assert in_id_column(SERVICE_PS, image, image + 64), "an image's digest names it"
    tokens = "NAME      TOKEN\nci-bot    Xk3jd8fQ2aB7mN5pQ9rTzz99kLmN"
    assert not in_id_column(tokens, tokens.index("Xk3"), len(tokens)), "TOKEN is no id"
    name = DOCKER_STATS.index("kay7x1")
    assert in_id_column(DOCKER_STATS, name, name + 25)
    assert not in_id_column("ID  NAME\n", 0, 2), "the header itself is no row"
    assert not in_id_column("no header\n50qe8lfnxaxksi9w2a704wkp7", 10, 35)

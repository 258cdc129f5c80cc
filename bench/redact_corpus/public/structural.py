# ruff: noqa: E501  (a table of documented formats: one case per line reads best)
"""Hard negatives written here from documented formats: the structure redaction must keep.

Temp folders (``mktemp -d``, Python's ``tempfile``, pytest, macOS ``$TMPDIR``), hash-named
cache and store folders, S3 object keys, digests, UUIDs, public certificates (the Mozilla
CA bundle shipped by ``certifi``), SSH public keys, base64 of text, URLs without
credentials. Values are drawn from a seeded generator in each format; ``source`` names
the format's documentation.
"""

from __future__ import annotations

import base64
import hashlib
import random
import string
import uuid
from collections.abc import Callable
from pathlib import Path

ALNUM = string.ascii_letters + string.digits
NIX32 = "0123456789abcdfghijklmnpqrsvwxyz"


def _r(rng: random.Random, n: int, alphabet: str = ALNUM) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _hex(rng: random.Random, n: int) -> str:
    return _r(rng, n, "0123456789abcdef")


def _certs() -> list[str]:
    import certifi

    pem = Path(certifi.where()).read_text()
    blocks = pem.split("-----END CERTIFICATE-----")
    out = []
    for block in blocks:
        start = block.find("-----BEGIN CERTIFICATE-----")
        if start >= 0:
            out.append(block[start:] + "-----END CERTIFICATE-----")
    return out


def _adder(rows: list[dict]) -> Callable[[str, str, str], None]:
    """``add(kind, text, source)`` appending a structural negative to ``rows``."""

    def add(kind: str, text: str, source: str) -> None:
        rows.append({"kind": "structural:" + kind, "text": text, "source": source})

    return add


def negatives(seed: int = 29) -> list[dict]:
    """(kind, text, source) rows; about 260 of them."""
    rng = random.Random(seed)
    rows: list[dict] = []
    add = _adder(rows)

    mktemp = "https://man7.org/linux/man-pages/man1/mktemp.1.html"
    pyt = "https://docs.python.org/3/library/tempfile.html"
    for _ in range(25):
        d = "/tmp/tmp." + _r(rng, 10)
        h = _hex(rng, 12)
        add("mktemp_dir", f"FIXTRACE_DATA_DIR={d}/data fixtrace demo", mktemp)
        add("mktemp_file_url", f"file://{d}/data/repos/demo-{h}/.git", mktemp)
        add("mktemp_cd", f"$ cd {d}/work && python -m pytest -q tests/test_api.py", mktemp)
    for _ in range(15):
        add(
            "python_tempfile",
            f"OSError: [Errno 28] No space left on device: '/tmp/tmp{_r(rng, 8, string.ascii_lowercase + string.digits + '_')}/{_r(rng, 22)}.whl'",
            pyt,
        )
        add(
            "python_tempdir_mixed",
            f"/tmp/{_r(rng, 24)}/{_r(rng, 26)}/build/lib/app/__init__.py",
            pyt,
        )
    for _ in range(10):
        add(
            "pytest_tmp",
            f"/tmp/pytest-of-dev/pytest-{rng.randint(1, 99)}/test_upload_{_r(rng, 6)}0/{_r(rng, 32)}.json",
            "https://docs.pytest.org/en/stable/how-to/tmp_path.html",
        )
        add(
            "macos_tmpdir",
            f"/var/folders/{_r(rng, 2, NIX32)}/{_r(rng, 28, NIX32 + '_')}/T/{_r(rng, 30)}/out.log",
            "https://developer.apple.com/documentation/foundation/1409211-nstemporarydirectory",
        )
        add(
            "nix_store",
            f"/nix/store/{_r(rng, 32, NIX32)}-python3-3.11.{rng.randint(1, 9)}/bin/python3",
            "https://nixos.org/manual/nix/stable/store/store-path",
        )
        add(
            "pip_cache",
            f"~/.cache/pip/http-v2/{'/'.join(_hex(rng, 1) for _ in range(5))}/{_hex(rng, 51)}",
            "https://pip.pypa.io/en/stable/topics/caching/",
        )
        add(
            "docker_overlay",
            f"/var/lib/docker/overlay2/{_hex(rng, 64)}/merged/usr/lib",
            "https://docs.docker.com/engine/storage/drivers/overlayfs-driver/",
        )
        add(
            "hash_named_dir_b64",
            f"./.next/cache/webpack/client-production/{_r(rng, 43, ALNUM + '-_')}/index.pack",
            "https://nextjs.org/docs/app/api-reference/config/next-config-js/incrementalCacheHandlerPath",
        )
        add(
            "s3_key",
            f"s3://data-lake-prod/events/dt=2024-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}/part-00000-{uuid.UUID(int=rng.getrandbits(128))}-c000.snappy.parquet",
            "https://docs.aws.amazon.com/AmazonS3/latest/userguide/object-keys.html",
        )
        add(
            "s3_key_hashed",
            f"aws s3 cp s3://ml-artifacts/models/{_r(rng, 32)}/{_r(rng, 40, ALNUM)}/model.pt .",
            "https://docs.aws.amazon.com/AmazonS3/latest/userguide/object-keys.html",
        )
        add(
            "github_blob_url",
            f"https://github.com/psf/requests/blob/{_hex(rng, 40)}/src/requests/sessions.py#L{rng.randint(1, 900)}",
            "https://docs.github.com/en/repositories/working-with-files/using-files/getting-permanent-links-to-files",
        )
        add(
            "url_query",
            f"https://www.google.com/search?q=python+asyncio+timeout&sourceid=chrome&ie=UTF-8&ei={_r(rng, 22, ALNUM + '-_')}",
            "https://www.rfc-editor.org/rfc/rfc3986",
        )
        add(
            "docker_digest",
            f"docker pull python@sha256:{_hex(rng, 64)}",
            "https://docs.docker.com/reference/cli/docker/image/pull/#pull-an-image-by-digest-immutable-identifier",
        )
        add(
            "uuid_log",
            f"2024-05-01 12:00:01 INFO request_id={uuid.UUID(int=rng.getrandbits(128))} trace={_hex(rng, 32)} span={_hex(rng, 16)}",
            "https://docs.python.org/3/library/uuid.html#uuid.UUID",
            # UUID(int=…): 8-4-4-4-12 hex without RFC 9562 version/variant bits; the source
            # is the constructor that prints it, not the RFC
        )
        add(
            "git_log",
            f"commit {_hex(rng, 40)}\nAuthor: Dev <dev@example.org>\n\n    fix: retry on 503",
            "https://git-scm.com/docs/git-log",
        )
        add(
            "npm_integrity",
            f'"integrity": "sha512-{base64.b64encode(rng.randbytes(64)).decode()}"',
            "https://docs.npmjs.com/cli/v10/configuring-npm/package-lock-json",
        )
        text = " ".join(
            rng.choice(["timeout", "retry", "connection", "pool", "closed", "socket", "error"])
            for _ in range(12)
        )
        add(
            "base64_of_text",
            f"echo {base64.b64encode(text.encode()).decode()} | base64 -d",
            "https://www.rfc-editor.org/rfc/rfc4648",
        )
        add(
            "sha256sum",
            f"{hashlib.sha256(rng.randbytes(8)).hexdigest()}  dist/app-1.{rng.randint(0, 9)}.0.tar.gz",
            "https://www.gnu.org/software/coreutils/manual/html_node/sha2-utilities.html",
        )
        add(
            "k8s_pod_name",
            f"pod/api-{_r(rng, 10, NIX32)}-{_r(rng, 5, NIX32)} restarted; image=registry.example.org/api@sha256:{_hex(rng, 64)}",
            "https://kubernetes.io/docs/concepts/workloads/pods/",
        )
    certs = _certs()
    for cert in rng.sample(certs, 20):
        add(
            "public_certificate",
            cert,
            "https://github.com/certifi/python-certifi/blob/master/certifi/cacert.pem",
        )
    for cert in rng.sample(certs, 5):
        add(
            "public_certificate_in_diff",
            "\n".join("+" + line for line in cert.splitlines()),
            "https://github.com/certifi/python-certifi/blob/master/certifi/cacert.pem",
        )
    github_keys = [
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl",
        "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBEmKSENjQEezOmxkZMy7opKgwFB9nkt5YRrYMjNuG5N87uRgg6CLrbo5wAdT/y6v0mKV0U2w0WZ2YB/++Tpockg=",
    ]
    for key in github_keys:
        add(
            "ssh_known_hosts",
            f"github.com {key}",
            "https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/githubs-ssh-key-fingerprints",
        )
        add(
            "authorized_keys",
            f"{key} dev@laptop",
            "https://man.openbsd.org/sshd.8#AUTHORIZED_KEYS_FILE_FORMAT",
        )
    return rows


K8S_SAFE = "bcdfghjklmnpqrstvwxz2456789"
"""The alphabet Kubernetes uses for generated name suffixes and pod-template hashes
(``k8s.io/apimachinery/pkg/util/rand.SafeEncodeString``: no vowels, no 0/1/3)."""


def generated_names(seed: int = 2929) -> list[dict]:
    """Generated resource names of clusters and clouds (added after the first blind run).

    Why a separate generator: the first set (``negatives``) is fixed by its seed; these rows
    were written later, while tuning, so they always go to the ``tune`` split (never blind).
    """
    rng = random.Random(seed)
    rows: list[dict] = []
    add = _adder(rows)

    pods = "https://kubernetes.io/docs/concepts/workloads/controllers/deployment/#pod-template-hash-label"
    names = "https://kubernetes.io/docs/reference/using-api/api-concepts/#generated-values"
    gke = "https://cloud.google.com/kubernetes-engine/docs/concepts/node-pools"
    ec2 = "https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/resource-ids.html"
    ecs = "https://docs.aws.amazon.com/AmazonECS/latest/developerguide/ecs-account-settings.html#ecs-resource-ids"
    docker = "https://docs.docker.com/reference/cli/docker/container/ls/"
    apps = ["api", "web", "worker", "payments-api", "ingress-nginx-controller", "coredns"]
    for _ in range(10):
        app = rng.choice(apps)
        rs = _r(rng, rng.choice((9, 10)), K8S_SAFE)
        pod = f"{app}-{rs}-{_r(rng, 5, K8S_SAFE)}"
        add("k8s_replicaset_pod", f"{pod}   1/1     Running   0          3h12m", pods)
        add("k8s_replicaset_pod", f"kubectl logs -n prod {pod} --since=10m", pods)
        add(
            "k8s_generated_name",
            f"job.batch/backup-{rng.randint(28_000_000, 29_000_000)}-{_r(rng, 5, K8S_SAFE)} created",
            names,
        )
        add(
            "k8s_generated_name",
            f"secret/{app}-token-{_r(rng, 5, K8S_SAFE)}   kubernetes.io/service-account-token",
            names,
        )
        add(
            "gke_node_name",
            f"gke-prod-default-pool-{_hex(rng, 8)}-{_r(rng, 4, string.ascii_lowercase + string.digits)}   Ready    <none>   12d   v1.29.4-gke.1043002",
            gke,
        )
        add(
            "ec2_resource_id",
            f"aws ec2 describe-instances --instance-ids i-{_hex(rng, 17)} --query 'Reservations[].Instances[].State'",
            ec2,
        )
        add(
            "ec2_resource_id",
            f"attached vol-{_hex(rng, 17)} to i-{_hex(rng, 17)} in subnet-{_hex(rng, 17)} (sg-{_hex(rng, 17)})",
            ec2,
        )
        add(
            "ecs_task_arn",
            f"arn:aws:ecs:eu-west-1:{rng.randint(10**11, 10**12 - 1)}:task/prod-cluster/{_hex(rng, 32)}",
            ecs,
        )
        add(
            "docker_container_id",
            f'{_hex(rng, 12)}   postgres:16   "docker-entrypoint.s…"   2 hours ago   Up 2 hours   5432/tcp   db-1',
            docker,
        )
    return rows

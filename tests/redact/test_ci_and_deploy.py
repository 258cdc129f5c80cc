"""What fresh36's first run showed (credentials in CI/CD pipelines, Ansible inventories,
container build files and deploy scripts: text 87.3 %, 13/131 negatives altered). Each
reading beside a look-alike that stays."""

from __future__ import annotations

import pytest

from schemas.shapes import password_like
from streams.redact import Redactor

R = Redactor()


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # a Spring property's default, as a shell's is read
        ("    api-key: ${AI_SILICON_FLOW_API_KEY:sk-cwdjbdkgrdmctlfbukcacxdgwyfcfoqitlwnfjhsdk}",
         "sk-cwdjbdkgrdmctlfbukcacxdgwyfcfoqitlwnfjhsdk"),
        # a Terraform map keyed by the secret's name
        ('  "docdb.dev.master_password" = { type = "SecureString", value = "roboshop1234" }',
         "roboshop1234"),
        ("wsrep_sst_auth=root:S3cr3tPw9", "S3cr3tPw9"),
    ],
)  # fmt: skip
def test_the_credential_goes(text: str, secret: str) -> None:
    assert secret not in R.redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "password:\n  from_secret: docker_password",  # Drone's reference to a secret's name
        "#      from_secret: DOCKER_USER",
        'ETCD_INITIAL_CLUSTER_TOKEN="etcd-cluster"',  # a cluster's name, etcd's docs say
        "wsrep_sst_auth=root:password",  # a textbook pair
        "password: ChangeMeOrDie",
        "password: ${DB_PASSWORD:-postgres}",  # the image's documented default
        "echo ${PASSWORD:0:3}",  # bash's substring
        'value = "${aws_iam_access_key.cg-run-app.secret}"',  # Terraform's reference
        '  "docdb.dev.username" = { type = "String", value = "roboshop" }',
    ],
)
def test_its_look_alike_stays(text: str) -> None:
    assert R.redact_text(text)[0] == text


def test_words_joined_in_capitals_at_a_number_read_as_a_password() -> None:
    # fresh36's Ansible AD user: a policy's password, written as a value alone in a field
    assert password_like("MotDePasse@123") and password_like("Admin@123")
    assert not any(map(password_like, ("Node@18", "postgresql@14", "USA@123", "python@3.11")))

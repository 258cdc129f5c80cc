# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Bridgecrew's TerraGoat, for the ``fresh12`` split (``fresh12.py`` reads and writes).

``bridgecrewio/terragoat`` is deliberately misconfigured Terraform for AWS, Azure, GCP,
Alibaba Cloud and Oracle Cloud, written to be scanned by checkov. Its plaintext secrets are
few: a database password as a variable's default (``terraform/aws/consts.tf``), the Azure SQL,
MSSQL and PostgreSQL servers' administrator passwords (``terraform/azure/sql.tf``,
``mssql.tf``), and AWS keys in an EC2 user data script, a Lambda's environment and a provider
block. Every resource carries the tags ``yor`` writes (a ``yor_trace`` UUID, the commit and
author that last changed it), so most of what the files hold is identifiers, references and
digests: the split's IaC hard negatives. The files were read at ``HEAD`` and each case is
cited by the first line holding it.

``SECRETS``: (file, kind, value, anchor), the kind the resource and attribute holding the
value. ``NEGATIVES``: (file, kind, text) for ``yor`` tags (trace UUIDs, commit hashes), an AMI
id, AWS-managed policy ARNs, references to generated passwords, keys and access keys
(``random_string.password.result``, ``var.password``, ``primary_access_key``,
``encrypted_secret``), KMS aliases and key references, a Lambda's source hash, an ECR login
piped from ``get-login-password``, a CI secret reference, a lock file's integrity digest and
user names.

``NO_SECRET``: ``AdminPassword123!`` (the words admin password and digits in order, as
``tfsec``'s ``Password1234!``). Left out without a row: the AWS keys (AWS's documentation
keys, ``AKIAIOSFODNN7EXAMPLE`` and its secret, and the same with ``EXAMPLE`` cut to
``EXAMAAA``), and the GitLab CI job posting ``$CI_JOB_JWT_V1`` to a webhook.site URL (a
request bin's id, no credential of the goat's).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/bridgecrewio+terragoat/repo")
REPO = "bridgecrewio/terragoat"

_AWS = "terraform/aws/"
_AZ = "terraform/azure/"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_AWS + "consts.tf", "terragoat:variable-default-password", "Aa1234321Bb", None),
    (_AZ + "mssql.tf", "terragoat:azurerm-administrator-login-password", "AdminPassword123!", None),
    (_AZ + "sql.tf", "terragoat:azurerm-administrator-login-password", "Aa12345678", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "AdminPassword123!": "the words admin password and digits in order",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # yor's tags: trace UUIDs and commit hashes
    (_AWS + "ec2.tf", "terragoat-fp:tag", 'yor_trace            = "347af3cd-4f70-4632-aca3-4d5e30ffc0b6"'),
    (_AZ + "key_vault.tf", "terragoat-fp:tag", 'yor_trace            = "40517524-f05d-485b-bfbe-3fa0dbee511e"'),
    (_AWS + "lambda.tf", "terragoat-fp:tag", 'yor_trace            = "f7d8bc47-e5d9-4b09-9d8f-e7b9724d826e"'),
    (_AWS + "ec2.tf", "terragoat-fp:tag", 'git_commit           = "d68d2897add9bc2203a5ed0632a5cdd8ff8cefb0"'),
    (_AWS + "db-app.tf", "terragoat-fp:tag", 'git_commit           = "e6d83b21346fe85d4fe28b16c0b2f1e0662eb1d7"'),
    (_AZ + "key_vault.tf", "terragoat-fp:tag", 'git_commit           = "f8ff847bb69370bbe03b3d2b70db586ff6c867fc"'),
    (_AZ + "key_vault.tf", "terragoat-fp:tag", 'git_last_modified_by = "Adin.Ermie@outlook.com"'),
    # identifiers and ARNs
    (_AWS + "consts.tf", "terragoat-fp:identifier", 'default = "ami-09a5b0b7edf08843d"'),
    (_AWS + "eks.tf", "terragoat-fp:identifier", 'policy_arn = "arn:aws:iam::aws:policy/AmazonEKSClusterPolicy"'),
    (_AZ + "mssql.tf", "terragoat-fp:identifier", 'administrator_login          = "missadministrator"'),
    (_AWS + "kms.tf", "terragoat-fp:identifier", 'name          = "alias/${local.resource_prefix.value}-logs-bucket-key"'),
    # references to generated or stored secrets
    (_AWS + "db-app.tf", "terragoat-fp:reference", "password                = var.password"),
    (_AWS + "db-app.tf", "terragoat-fp:reference", "define('DB_PASSWORD', '${var.password}');"),
    (_AZ + "instance.tf", "terragoat-fp:reference", "admin_password                  = random_string.password.result"),
    (_AZ + "key_vault.tf", "terragoat-fp:reference", "value        = random_string.password.result"),
    (_AZ + "key_vault.tf", "terragoat-fp:reference", "tenant_id           = data.azurerm_client_config.current.tenant_id"),
    (_AZ + "sql.tf", "terragoat-fp:reference", "storage_account_access_key = azurerm_storage_account.example.primary_access_key"),
    (_AWS + "iam.tf", "terragoat-fp:reference", "value = aws_iam_access_key.user.encrypted_secret"),
    (_AWS + "kms.tf", "terragoat-fp:reference", 'target_key_id = "${aws_kms_key.logs_key.key_id}"'),
    (_AWS + "s3.tf", "terragoat-fp:reference", 'kms_master_key_id = "${aws_kms_key.logs_key.arn}"'),
    (_AWS + "lambda.tf", "terragoat-fp:reference", 'source_code_hash = "${filebase64sha256("resources/lambda_function_payload.zip")}"'),
    (_AWS + "ecr.tf", "terragoat-fp:reference", "aws ecr get-login-password --region ${var.region} | docker login --username AWS --password-stdin ${data.aws_caller_identity.current.account_id}.dkr.ecr.${var.region}.amazonaws.com"),
    ("terraform/gcp/provider.tf", "terragoat-fp:reference", "credentials = file(var.credentials_path)"),
    (_AZ + "provider.tf", "terragoat-fp:reference", "subscription_id = var.subscription_id"),
    (".github/workflows/semgrep.yml", "terragoat-fp:reference", "publishToken: ${{ secrets.SEMGREP_APP_TOKEN }}"),
    (_AZ + "instance.tf", "terragoat-fp:config", 'resource random_string "password" {\n  length      = 16\n  special     = false'),
    # digests
    ("packages/node/base/package-lock.json", "terragoat-fp:digest", '"integrity": "sha512-NB1UAZomZlCV/LmJqkLhNTqtKfFXJZAUPcfl/zqG7EfsQdeUJtaWO98SGbuQ3pydJ3fHl2CvI/51OKYlCYYcaw==",'),
)  # fmt: skip

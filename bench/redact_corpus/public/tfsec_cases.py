# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""aquasecurity's tfsec, for the ``fresh10`` split (``fresh10.py`` reads and writes).

tfsec's checks moved to ``defsec`` (now Trivy's); what stays in its repository is each
check's page (``docs/checks/<provider>/<service>/<check>/index.md``) with the Terraform it
fails on ("Insecure Example") and passes ("Secure Example"), the end-to-end fixtures
(``test/testdata/``, ``_examples/``) and the migration map naming the old sensitive-
attribute checks (``general-secrets-sensitive-in-attribute``, ``-in-variable``, …: all now
``general-secrets-no-plaintext-exposure``). That check flags a literal under a sensitive
attribute and passes a reference (``var.password``); the user-data, custom-data, ECS,
GitHub Actions, OpenStack and disk-key checks flag their own plaintext secrets. Their pages
were read, and the pages of other checks whose examples set a password or a secret's value
in a resource (an MQ broker's user, Azure database servers' administrator logins, a Key
Vault secret): the literal password in a resource is what the no-plaintext check fails on,
whatever the page tests. Each case is cited by the first line holding it (``anchor``, else
the value).

``SECRETS``: (file, kind, value, anchor), the kind the resource and attribute holding the
value. ``NEGATIVES``: (file, kind, text) for what the secure examples and fixtures write
instead (a variable, a parameter or a KMS key referenced, a variable block without a
default) and attributes with a key's or a password's name that hold none (key pair and
secret names, a KMS key's ARN or alias, a hash key's name, a content type).

Left out without a row: AWS's documentation keys in the user-data examples, values under 8
signs (``oh no D:``), and ``changeme`` (a module fixture's SSM parameter, a placeholder).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/aquasecurity+tfsec/repo")
REPO = "aquasecurity/tfsec"

_D = "docs/checks/"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_D + "general/secrets/no-plaintext-exposure/index.md", "tfsec:variable-default-password", "p4ssw0rd", None),
    (_D + "openstack/compute/no-plaintext-password/index.md", "tfsec:openstack-compute-admin-pass", "N0tSoS3cretP4ssw0rd", None),
    (_D + "aws/ec2/no-sensitive-info/index.md", "tfsec:user-data-password", "SomeSortOfPassword", None),
    ("_examples/main.tf", "tfsec:user-data-password", "Some passwprkd", None),
    (_D + "github/actions/no-plain-text-action-secrets/index.md", "tfsec:github-actions-secret-plaintext-value", "sensitive secret string", None),
    (_D + "google/compute/disk-encryption-no-plaintext-key/index.md", "tfsec:google-compute-disk-raw-key", "b2ggbm8gdGhpcyBpcyBiYWQ=", None),
    (_D + "aws/mq/no-public-access/index.md", "tfsec:aws-mq-broker-user-password", "MindTheGap", None),
    (_D + "azure/database/enable-audit/index.md", "tfsec:azurerm-administrator-login-password", "tfsecRocks", None),
    (_D + "azure/database/secure-tls-policy/index.md", "tfsec:azurerm-administrator-login-password", "thisIsKat11", None),
    (_D + "azure/database/postgres-configuration-log-connections/index.md", "tfsec:azurerm-administrator-login-password", "H@Sh1CoR3!", None),
    (_D + "azure/keyvault/content-type-for-secret/index.md", "tfsec:azurerm-key-vault-secret-value", "szechuan", None),
    (_D + "azure/compute/disable-password-authentication/index.md", "tfsec:azurerm-vm-admin-password", "somePassword", None),
    (_D + "azure/compute/disable-password-authentication/index.md", "tfsec:azurerm-vm-admin-password", "Password1234!", None),
    (_D + "aws/documentdb/enable-storage-encryption/index.md", "tfsec:aws-docdb-master-password", "mustbeeightchars", None),
    (_D + "aws/redshift/use-vpc/index.md", "tfsec:aws-redshift-master-password", "Mustbe8characters", None),
    (_D + "aws/rds/specify-backup-retention/index.md", "tfsec:aws-db-instance-password", "foobarbaz", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "p4ssw0rd": "the word password, letters swapped for digits",
    "N0tSoS3cretP4ssw0rd": "words naming the value (not so secret password)",
    "SomeSortOfPassword": "words naming the value",
    "Some passwprkd": "words naming the value, misspelt",
    "sensitive secret string": "words naming the value",
    "b2ggbm8gdGhpcyBpcyBiYWQ=": "base64 of `oh no this is bad`",
    "somePassword": "words naming the value",
    "Password1234!": "the word password and digits in order",
    "mustbeeightchars": "words stating the attribute's length rule",
    "Mustbe8characters": "words stating the attribute's length rule",
    "foobarbaz": "metasyntactic words",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # the no-plaintext check's secure example: a variable without a default, passed on
    (_D + "general/secrets/no-plaintext-exposure/index.md", "tfsec-fp:variable-reference", 'variable "password" {\n  description = "The root password for our VM"\n  type        = string\n}'),
    (_D + "general/secrets/no-plaintext-exposure/index.md", "tfsec-fp:variable-reference", "root_password = var.password"),
    (_D + "github/actions/no-plain-text-action-secrets/index.md", "tfsec-fp:variable-reference", "encrypted_value   = var.some_encrypted_secret_string"),
    ("test/testdata/issues/1661/main.tf", "tfsec-fp:variable-reference", "password                     = var.db_admin_password"),
    ("_examples/moduleUsage/main.tf", "tfsec-fp:variable-reference", "password = aws_ssm_parameter.pw.value"),
    (_D + "aws/ssm/secret-use-customer-key/index.md", "tfsec-fp:variable-reference", "kms_key_id = aws_kms_key.secrets.arn"),
    (_D + "google/compute/disk-encryption-no-plaintext-key/index.md", "tfsec-fp:variable-reference", "kms_key_self_link = google_kms_crypto_key.my_crypto_key.id"),
    (_D + "aws/ec2/no-secrets-in-user-data/index.md", "tfsec-fp:variable-reference", "iam_instance_profile = aws_iam_instance_profile.good_profile.arn"),
    # what the secure examples put in user data and container environments instead
    (_D + "aws/ec2/no-sensitive-info/index.md", "tfsec-fp:plain-value", 'export GREETING="Hello there"'),
    (_D + "aws/ecs/no-plaintext-secrets/index.md", "tfsec-fp:plain-value", '{ "name": "ENVIRONMENT", "value": "development" }'),
    # attributes named for a key, a secret or a password that hold none
    (_D + "github/actions/no-plain-text-action-secrets/index.md", "tfsec-fp:not-a-secret", 'secret_name       = "my secret name"'),
    (_D + "openstack/compute/no-plaintext-password/index.md", "tfsec-fp:not-a-secret", 'key_pair        = "my_key_pair_name"'),
    (_D + "aws/ssm/secret-use-customer-key/index.md", "tfsec-fp:not-a-secret", 'name       = "lambda_password"'),
    (_D + "azure/keyvault/content-type-for-secret/index.md", "tfsec-fp:not-a-secret", 'name         = "secret-sauce"'),
    (_D + "azure/keyvault/content-type-for-secret/index.md", "tfsec-fp:not-a-secret", 'content_type = "password"'),
    (_D + "aws/rds/encrypt-cluster-storage-data/index.md", "tfsec-fp:not-a-secret", 'kms_key_id  = "arn:aws:kms:us-west-2:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab"'),
    (_D + "aws/sns/topic-encryption-use-cmk/index.md", "tfsec-fp:not-a-secret", 'kms_master_key_id = "alias/aws/sns"'),
    (_D + "aws/dynamodb/table-customer-key/index.md", "tfsec-fp:not-a-secret", 'hash_key         = "TestTableHashKey"'),
    (_D + "azure/compute/disable-password-authentication/index.md", "tfsec-fp:not-a-secret", "disable_password_authentication = false"),
    (_D + "azure/database/secure-tls-policy/index.md", "tfsec-fp:not-a-secret", 'administrator_login          = "missadministrator"'),
)  # fmt: skip

# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Tenable's Terrascan, for the ``fresh14`` split (``fresh14.py`` reads and writes).

``tenable/terrascan`` checks infrastructure as code (Terraform, CloudFormation, ARM, Helm,
Kubernetes, Dockerfiles) against Rego policies. It has no secret-scanning policy with test
data of its own; its parsers' and end-to-end tests read IaC test data that sets credentials in
several ways. Of its test data (``pkg/**/testdata/``, ``test/e2e/test_data/``) one file plants
a real-looking secret: the ARM key vault test's parameters file
(``pkg/iac-providers/arm/v1/testdata/key-vault/azuredeploy.parameters.json``, the same file
copied under ``file-test-data/``) sets a secret ``sslcert`` whose value is a whole PKCS#12
archive in base64 (a certificate and its private key, ``contentType``
``application/x-pkcs12``). Its value here is the first 64 signs of the encrypted private key
(the archive's shrouded key bag, after its salt and iteration count): the whole archive, in
one line of 3,600 signs, repeats runs of its DER framing and is dropped by the placeholder
filters, as a PEM key's first line would be (``crapi.py`` cites a PEM key by its second line of
key material for that reason). Each case was read in its file at ``HEAD`` and is cited by the
first line holding it.

``SECRETS``: (file, kind, value, anchor), the kind the place. ``NEGATIVES``: (file, kind, text)
for the test data's lines that hold none: a CloudFormation template's custom resources'
``ServiceToken``, parameters' descriptions and commands reading the password from a parameter,
an EFS ``creation_token``, a Kubernetes setting named for tokens, Helm templates and values
naming secrets, an ARM reference to the vault's secret, the CLI help's webhook token option,
a test naming its certificate and key files, a placeholder token.

``NO_SECRET``: the Terraform CLI configuration's ``token = "invalidusertoken"`` (words naming
the value). Left out without a row: the end-to-end tests' ``password = "something"`` (a word;
neither a secret nor a fair negative).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/tenable+terrascan/repo")
REPO = "tenable/terrascan"

_CFT = "pkg/iac-providers/cft/v1/testdata/incorrectTypesInParamsCftTemplate.yml"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("pkg/iac-providers/arm/v1/testdata/key-vault/azuredeploy.parameters.json", "terrascan:arm-key-vault-pkcs12", "sGwdrUIvVy9LkdjT4bTssBJck84za2ctyxo1a0WLLvzlm3Gs2q0hUBgcEvqmz0vY", None),
    ("pkg/downloader/testdata/terraformrc", "terrascan:terraformrc-token", "invalidusertoken", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "invalidusertoken": "words naming the value",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("pkg/iac-providers/cft/v1/testdata/incorrectTypesInResourcesCftTemplate.yml", "terrascan-fp:reference", "ServiceToken: !GetAtt KubeCreateLambda.Arn"),
    (_CFT, "terrascan-fp:config", "Description: The WordPress database admin account password"),
    (_CFT, "terrascan-fp:reference", "mysqladmin -u root password '${DBRootPassword}'"),
    (_CFT, "terrascan-fp:reference", "mysql -u root --password='${DBRootPassword}' < /tmp/setup.mysql"),
    (_CFT, "terrascan-fp:reference", "sed -i \"s/'password_here'/'${DBPassword}'/g\" wp-config.php"),
    ("pkg/iac-providers/terraform/v12/testdata/moduleconfigs/efs/main.tf", "terrascan-fp:identifier", 'creation_token = "my-product"'),
    ("pkg/iac-providers/terraform/commons/testdata/terraform-container-extraction/terraform-k8s-provider/deployment.tf", "terrascan-fp:config", "automount_service_account_token = false"),
    ("deploy/helm/templates/ssh-secret.yaml", "terrascan-fp:reference", '{{ .Files.Get ".ssh/private_key" | b64enc }}'),
    ("deploy/helm/templates/ssh-secret.yaml", "terrascan-fp:reference", "name: {{ .Values.ssh_secret_name }}"),
    ("pkg/iac-providers/helm/v3/testdata/chart-bad-name/values.yaml", "terrascan-fp:config", "#  - secretName: chart-example-tls"),
    ("pkg/iac-providers/arm/v1/testdata/key-vault/azuredeploy.json", "terrascan-fp:reference", "\"keyVaultId\": \"[concat(reference(parameters('keyVaultName')).vaultUri,'secrets/sslcert')]\","),
    ("pkg/iac-providers/arm/v1/testdata/key-vault/azuredeploy.json", "terrascan-fp:config", '"contentType": "application/x-pkcs12",'),
    ("test/e2e/help/golden/help_scan.txt", "terrascan-fp:config", "--webhook-token string      optional token used when sending authenticated requests to the notification webhook"),
    ("test/e2e/validatingwebhook/validating_webhook_test.go", "terrascan-fp:reference", 'certFileAbsPath, privKeyFileAbsPath, err = validatingwebhook.CreateCertificate(certsFolder, "server.crt", "priv.key")'),
    ("pkg/downloader/testdata/terraformrc", "terrascan-fp:placeholder", 'token = "invalidusertoken"'),
)  # fmt: skip

# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Bridgecrew's checkov, for the ``fresh8`` split (``fresh8.py`` reads and writes).

checkov's secrets framework is tested on fixture files (``tests/secrets/**``): a sanity
folder whose every value must fail ``CKV_SECRET_6`` and one where none may, multi-line
entropy-and-keyword findings, log lines with their prefix stripped, a masking test that
names the AWS key pair it must hide. Its IaC checks for hard-coded provider credentials
(``tests/terraform/checks/provider/*/test_credentials.py``) fail on inline values, and the
fixtures of other checks carry passwords its own secret scan flags (the
``checkov:skip=CKV_SECRET_80 test secret`` / ``CKV_SECRET_6`` annotations beside them).
Each case below was read in its file and is cited by the first line holding it
(``anchor``, else the value).

``SECRETS``: (file, kind, value, anchor), the kind the check or the credential the
fixture names. ``NEGATIVES``: (file, kind, text) for lines a test says must not be
reported (the no-false-positive fixtures, ``string_has_secrets`` false), as the file
holds them.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/bridgecrewio+checkov/repo")
REPO = "bridgecrewio/checkov"

_S = "tests/secrets/"
_SANITY = _S + "sanity/secrets/true_positive.json"
_NEG = _S + "sanity/non_secrets/true_negative.json"
_PROVIDER = "tests/terraform/checks/provider/"
_GRAPH = "tests/terraform/graph/checks/resources/"
_AZURE = "tests/terraform/checks/resource/azure/"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    # sanity: every value must fail CKV_SECRET_6
    (_SANITY, "checkov:password", "DEV-we-954", None),
    (_SANITY, "checkov:password", "F322a45xxmwov9bpgRhyuByXj2nxz7khS6yXQmfSaQCmwbTF2jpfgC56az3a", None),
    (_SANITY, "checkov:base64-high-entropy", "z2b7k2cQfzc+yjP2K8cjuQ8uoorHBpEvC+XWhU3Z5+IdrPQYwr991Lj73xfZ+RA2GzC0wTedDTvb1C2NX+3Gpw==", None),
    (_SANITY, "checkov:password", "sup1rstr0ngpass2ForTT", None),
    (_SANITY, "checkov:aws-secret-access-key", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPL3KEY", None),
    (_SANITY, "checkov:secret", "THISISASECRETKEY1234==", None),
    (_S + "resources/cfn/secret.yml", "checkov:aws-access-key-id", "AKIAIOSFODNN7EXAMPL3", None),
    (_S + "test_entropy_source_files/db-conn.js", "checkov:password", "sup3rstr0ngpass1ForPG", None),
    (_S + "test_entropy_source_files/db-conn.js", "checkov:url-credentials", "hub24aoeu", None),
    (_S + "single_line_finding/secret.txt", "checkov:hex-high-entropy", "b782df1739614041699a45f8079a3623", None),
    (_S + "single_line_finding/secret.txt", "checkov:hex-high-entropy", "c891eg2840725152800b56f9180b4734", None),
    # entropy and keyword across lines (the name in one line, the value in another)
    (_S + "yml_multiline/test-multiline-secrets.yml", "checkov:multiline-entropy-keyword", "Zo5Zhexnf9TUggdn+zBKGEkmUUvuKzVN+/fKPaMBA4zVyef4irH5H5YfwoC4IqAX0DNoMD12yIF67nIdIMg13atW4WM33eNMfXlE", None),
    (_S + "yml_multiline/test-multiline-secrets.yml", "checkov:multiline-entropy-keyword", "1Vab3xejyUlh89P6tUJNXgO4t07DzmomF4tPBwTbwt+sjXHg3G0MPMRpH/I2ho4gS5H3AKJkvJZj87V7/Qnp/rHdbMVYK1F0BX35", None),
    (_S + "yml_multiline/test-multiline-secrets.yml", "checkov:multiline-entropy-keyword", "PtpfIZR+zZGPUWUYvLojqylVeEg63CBYN0FpGJ4yuH+9YxZZe8Uq7drEoTSfL64kElPEnVJk+H7SZr+wBoxN5qDWsbDmmUS2H76h", None),
    (_S + "yml_multiline/test-multiline-secrets.yml", "checkov:multiline-entropy-keyword", "emDJTiv6H/hP6I8Tmr5+kUdpBIQDrXMwFO7AkmbwROf3rM6uNToJlIJW7H5ApfPmSGU0oWBwflV6Cd9pPu5nEvgxt4YMHZ0SQ85z", None),
    # private keys: the first line of key material
    (_S + "build_log_prefix/plain_private_key.txt", "checkov:private-key", "MIIEpAIBAAKCAQEAx9TgJ2Zy7KX8rJ3k8PpZrK7aR0L8XyFJq3uR2V1dE9", None),
    (_S + "yml_multiline/pomerium_compose.yml", "checkov:private-key", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC8HLBAIzXkPeeg", None),
    (_S + "yml_multiline/pomerium_compose.yml", "checkov:private-key", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCgVDM59lGzCRjd", None),
    # the key pair the masking test says must be hidden in both reports
    (_S + "test_masking_secrets.py", "checkov:aws-access-key-id", "AKIAYNKRE4OV2LF6TC3N", None),
    (_S + "test_masking_secrets.py", "checkov:aws-secret-access-key", "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", None),
    # provider credentials the IaC checks fail on
    (_PROVIDER + "bridgecrew/test_credentials.py", "checkov:bridgecrew-api-token", "80e54890-f282-4595-ab3d-45f9bd874987", None),
    (_PROVIDER + "linode/test_credentials.py", "checkov:linode-token", "c7680462065ee80d0fef2940784b1af6826f6e0b18586194c5f67c4b40fa7f09", None),
    (_PROVIDER + "openstack/test_credentials.py", "checkov:openstack-password", "Ahngak0fuokeexee5Quiu0oohayeiXie", None),
    (_PROVIDER + "openstack/test_credentials.py", "checkov:openstack-token", "ifahghau4nun7eirahJ5baa8cichex7l", None),
    (_PROVIDER + "openstack/test_credentials.py", "checkov:openstack-application-credential-secret", "mie8siw5ooTaed0AeQuepeiGhah9xaif", None),
    (_PROVIDER + "panos/test_credentials.py", "checkov:panos-api-key", "LUFRPT1yWFdyMFg5NlZxZ1ViU2ZhMTh6aGVEbDJ1UFU9ck9vc2tGcmlHV0tDbWRFa2cxcGUxSU8wMlVjaE9ReU0yYWN5SU1rL2pEOGhDcE50WEt5ABlHQWZoTm8xNG1SQQ==", None),
    (_PROVIDER + "panos/test_credentials.py", "checkov:panos-password", "changeme123!", None),
    (_PROVIDER + "oci/test_credentials.py", "checkov:oci-private-key-password", "anystringwilldo", None),
    # fixture passwords checkov's own scan flags (CKV_SECRET_80: a password; CKV_SECRET_6)
    (_AZURE + "test_MySQLEncryptionEnabled.py", "checkov:generic-password", "H@Sh1CoR3!", None),
    (_AZURE + "test_VMEncryptionAtHostEnabled.py", "checkov:generic-password", "P@55w0rd1234!", None),
    (_GRAPH + "AzureMSSQLserverConfigPrivEndpt/main.tf", "checkov:generic-password", "P@ssw0rd@1", None),
    (_GRAPH + "VirtualMachinesUtilizingManagedDisks/main.tf", "checkov:generic-password", "Password1234!", None),
    (_GRAPH + "AccessToPostgreSQLFromAzureServicesIsDisabled/main.tf", "checkov:sql-admin-password", "4-v3ry-53cr37-p455w0rd", None),
    (_GRAPH + "AzureConfigMSSQLwithAD/main.tf", "checkov:sql-admin-password", "thisIspudfortest2", None),
    (_GRAPH + "SQLServerAuditingEnabled/main.tf", "checkov:sql-admin-password", "thisIsDog11", None),
    (_AZURE + "test_SQLServerPublicAccessDisabled.py", "checkov:sql-admin-password", "thisIsKat11", None),
    ("tests/terraform/checks/resource/aws/test_MQBrokerNotPubliclyExposed.py", "checkov:mq-broker-password", "MindTheGap", None),
    ("tests/terraform/checks/resource/aws/test_RedshiftClusterAllowVersionUpgrade.py", "checkov:redshift-master-password", "Mustbe8characters", None),
    ("tests/terraform/checks/resource/aws/test_EMRClusterKerberosAttributes.py", "checkov:kdc-admin-password", "somePassword", None),
    ("tests/kubernetes/checks/example_Secrets/pod-secretEnvironment-FAILED.yaml", "checkov:k8s-secret-data", "Mzk1MjgkdmRnN0pi", None),
    ("tests/terraform/checks/resource/gcp/example_GoogleComputeBootDiskEncryption/example1.tf", "checkov:gcp-disk-encryption-key", "acXTX3rxrKAFTF0tYVLvydU1riRZTvUNC4g5I11NY-c=", None),
    ("tests/terraform/checks/resource/openstack/example_ComputeInstanceAdminPassword/main.tf", "checkov:openstack-admin-pass", "N0tSoS3cretP4ssw0rd", None),
    ("tests/terraform/checks/resource/aws/example_DatasyncLocationExposesSecrets/main.tf", "checkov:datasync-secret-key", "OWTHATSBLOWNIT", None),
    ("tests/terraform/checks/resource/azure/example_VMAgentIsInstalled/main.tf", "checkov:generic-password", "P@$$w0rd1234!", None),
    ("tests/terraform/image_referencer/resources/gcp/cloudbuild.tf", "checkov:cloudbuild-password", "ZW5jcnlwdGVkLXBhc3N3b3JkCg==", None),
    ("tests/cloudformation/checks/resource/aws/example_MQBrokerAuditLogging/FAIL.yaml", "checkov:mq-broker-password", "AmazonMqPassword", None),
    ("tests/terraform/checks/resource/aws/example_DocDBBackupRetention/main.tf", "checkov:docdb-master-password", "mustbeeightchars", None),
    # fixture passwords of other checks (no scan annotation)
    ("tests/terraform/checks/resource/aws/test_RDSEnhancedMonitorEnabled.py", "checkov:rds-password", "foobarbaz", None),
    (_GRAPH + "OpenSearchDomainHasFineGrainedControl/main.tf", "checkov:opensearch-master-password", "Barbarbarbar1!", None),
    (_GRAPH + "SGAttachedToResource/main.tf", "checkov:admin-user-password", "4dm1np4ssw0rd", None),
    ("tests/terraform/parser/resources/plan_tags/tfplan.json", "checkov:tfplan-password", "Aa1234321Bb", None),
    ("tests/cloudformation/checks/resource/aws/example_ElasticacheReplicationGroupEncryptionAtTransitAuthToken/ElasticacheReplicationGroupEncryptionAtTransitAuthToken-PASSED.yaml", "checkov:elasticache-auth-token", "MySecret!AuthToken$", None),
    ("tests/azure_pipelines/checks/jobs/example_SetSecretVariable/azure-pipelines.yml", "checkov:azure-pipelines-secret-variable", "super-secret", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPL3KEY": "AWS's documentation example secret key with one sign changed",
    "AKIAIOSFODNN7EXAMPL3": "AWS's documentation example key id with one sign changed",
    "THISISASECRETKEY1234==": "words naming the value",
    "changeme123!": "a word telling the reader to change it",
    "anystringwilldo": "words saying any value does",
    "Mustbe8characters": "words stating the length rule",
    "somePassword": "a word naming the value",
    "MySecret!AuthToken$": "words naming the value",
    "super-secret": "words naming the value",
    "OWTHATSBLOWNIT": 'an exclamation in capitals ("oh, that\'s blown it")',
    "ZW5jcnlwdGVkLXBhc3N3b3JkCg==": "base64 of `encrypted-password`",
    "AmazonMqPassword": "words naming the value",
    "mustbeeightchars": "words stating the length rule",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # sanity: nothing here may fail CKV_SECRET_6 (Norwegian UI strings)
    (_NEG, "checkov-fp:sanity", '"passwords_not_equal": "Passordene er ikke like."'),
    (_NEG, "checkov-fp:sanity", '"password": "Passord"'),
    (_NEG, "checkov-fp:sanity", '"repeat_password": "Gjenta passord"'),
    (_NEG, "checkov-fp:sanity", '"password_with_length": "Passord (minst 6 tegn)"'),
    (_NEG, "checkov-fp:sanity", '"one_time_password": "Engangskode:"'),
    (_NEG, "checkov-fp:sanity", '"sendOneTimePassword": "Send engangskode"'),
    (_NEG, "checkov-fp:sanity", '"invalid_one_time_password": "Ugyldig engangskode"'),
    (_NEG, "checkov-fp:sanity", '"intro_confirmation": "Ditt nye passord er lagret."'),
    (_NEG, "checkov-fp:sanity", '"wrong_one_time_password": "Du har tastet feil engangspassord"'),
    (_NEG, "checkov-fp:sanity", '"save_password": "Lagre passord"'),
    (_NEG, "checkov-fp:sanity", '"wrong_username_password": "Mobilnummer eller passord er feil. Vennligst prøv igjen."'),
    (_NEG, "checkov-fp:sanity", '"oneTimePasswordSms": "Engangskode fra sms"'),
    # IaC and non-IaC fixtures no check may fail
    (_S + "sanity/iac_fp/main.tf", "checkov-fp:sanity", 'secret_name       = "example_secret_name"'),
    (_S + "sanity/iac_fp/main.tf", "checkov-fp:sanity", 'creation_token                  = "my-product"'),
    (_S + "sanity/iac_fp/main.tf", "checkov-fp:sanity", 'client_secret_setting_name  = "MICROSOFT_PROVIDER_AUTHENTICATION_SECRET"'),
    (_S + "sanity/non_iac_fp/a.py", "checkov-fp:sanity", 'PASSWORD = "PASSWORD"'),
    (_S + "sanity/non_iac_fp/a.py", "checkov-fp:sanity", 'STATUS_ERROR_PASSWORD_FETCH = "ERROR_PASSWORD_FETCH"'),
    (_S + "sanity/non_iac_fp/a.py", "checkov-fp:sanity", "metadata_options['HttpTokens'] == \"required\""),
    (_S + "sanity/non_iac_fp/a.py", "checkov-fp:sanity", "IAM_ROLE_STATEMENTS_TOKEN = 'iamRoleStatements'"),
    (_S + "sanity/non_iac_fp/a.py", "checkov-fp:sanity", "'SoftLayer Credentials': 'CKV_SECRET_15',"),
    (_S + "sanity/non_iac_fp/a.py", "checkov-fp:sanity", "test_files_dir = current_dir + \"/example_LustreFSEncryptedWithCMK\""),
    (_S + "resources/file_type/test.py", "checkov-fp:file-type", "check_metadata_values = ('bafadssda$#%2', 'bdfsver#$@%')"),
    (_S + "resources/file_type/test.py", "checkov-fp:file-type", "CHECKOV_METADATA_RESULT = 'checkov_results5243gvr'"),
    (_S + "resources/file_type/test.py", "checkov-fp:file-type", "check1['some_key_1235#$@'] = check2.get('some_value_1235')"),
    (_S + "resources/cfn/secret-no-false-positive2.yml", "checkov-fp:cfn", '- "secretsmanager:GetSecretValue"'),
    (_S + "test_entropy_source_files/db-conn.js", "checkov-fp:entropy", "var password = process.env.PASSWORD"),
    (_S + "resources/k8s/secret-name.yaml", "checkov-fp:k8s", "secretName: kubernetes-dashboard-certs"),
    # string_has_secrets must say no: lone hashes and plain words
    ("tests/unit/test_secrets.py", "checkov-fp:string-has-secrets", "b5a5b36b6be8d98c6f1bea655536d67abef23be8"),
    ("tests/unit/test_secrets.py", "checkov-fp:string-has-secrets", "d9de48cf0676e9edb99bd8ee1ed44a21"),
    ("tests/unit/test_secrets.py", "checkov-fp:string-has-secrets", "Hello from Bridgecrew"),
    ("tests/unit/test_secrets.py", "checkov-fp:string-has-secrets", "cert-manager.io/secret: org/repo"),
    # a log line the prefix stripper passes on, holding no key
    ("tests/secrets/test_log_prefix_stripper.py", "checkov-fp:log", "2026-01-07 09:41:37.552 | INFO  | crypto      | Decrypting signing key"),
)  # fmt: skip

# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Stelligent's cfn_nag, for the ``fresh14`` split (``fresh14.py`` reads and writes).

``stelligent/cfn_nag`` lints CloudFormation templates; some forty of its rules fail a
template that sets a password, token or private key in plaintext (a literal, or a parameter
without ``NoEcho`` or with a default) and pass one that resolves it from Secrets Manager or
SSM Parameter Store's secure strings. Its specs read templates under ``spec/test_templates/``
(JSON and YAML), one per rule and way of setting the value: ``…_as_a_literal_in_plaintext``,
``…_parameter_with_noecho_and_default_value``, ``…_from_secrets_manager``,
``…_from_secure_systems_manager``, ``…_from_systems_manager``. Each value was read in its file at
``HEAD`` and is cited by the first line holding it.

cfn_nag gives negatives only. Every literal its templates plant is a word or phrase naming
the value, most in leet: ``b@dP@$sW0rD`` (bad password, set in 40-odd templates),
``b@d0@u7H70K3n`` (bad OAuth token), ``b@d0$3cR3T70K3n`` (bad secret token),
``b@dPr1V@73K3y`` (bad private key), ``b@d0@h3C70K3n`` (bad HEC token), ``b@d70K3n`` (bad
token), and in plain words ``Password123``, ``datpassword``, ``badpassword``,
``nopenopenope``; earlier splits read such values as no secret (``passw0rd``,
``crapisecretpassword``), so they are listed in ``SECRETS`` and dropped by ``NO_SECRET``.

``NEGATIVES``: (file, kind, text) for the templates that hold none: dynamic references to
Secrets Manager and to SSM parameters (each secret field's own), a ``Ref`` to a parameter,
``NoEcho``, a KMS key alias, a role's and a subnet's names. Left out: ``"MasterUserPassword":
"secret"`` and ``password = "something"``-like literals (a literal password set in a
template is neither a secret worth the name nor a fair negative).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/stelligent+cfn_nag/repo")
REPO = "stelligent/cfn_nag"

_T = "spec/test_templates/"
_Y = _T + "yaml/"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_Y + "alexa_ask_skill/alexa_ask_skill_authentication_configuration_client_secret_as_a_literal_in_plaintext.yaml", "cfn-nag:alexa-client-secret", "b@dP@$sW0rD", None),
    (_Y + "amplify_app/amplify_app_access_token_as_a_literal_in_plaintext.yaml", "cfn-nag:amplify-access-token", "b@d0@u7H70K3n", None),
    (_Y + "codepipeline_webhook/codepipeline_webhook_authentication_configuration_secret_token_as_a_literal_in_plaintext.yaml", "cfn-nag:codepipeline-webhook-secret-token", "b@d0$3cR3T70K3n", None),
    (_Y + "opsworks_app/opsworks_app_ssl_configuration_private_key_as_a_literal_in_plaintext.yaml", "cfn-nag:opsworks-ssl-private-key", "b@dPr1V@73K3y", None),
    (_Y + "kinesisfirehose_deliverystream/kinesisfirehose_deliverystream_splunk_destination_configuration_hectoken_as_a_literal_in_plaintext.yaml", "cfn-nag:firehose-splunk-hec-token", "b@d0@h3C70K3n", None),
    (_Y + "lambda_permission/lambda_permission_event_source_token_as_a_literal_in_plaintext.yaml", "cfn-nag:lambda-event-source-token", "b@d70K3n", None),
    (_Y + "iam_user/iam_user_login_profile_password_reset_required_key_nil.yaml", "cfn-nag:iam-login-profile-password", "Password123", None),
    (_T + "json/rds_instance/rds_instances_with_public_credentials.json", "cfn-nag:rds-password-parameter-default", "datpassword", None),
    (_T + "json/ec2_instance/cfn_authentication.json", "cfn-nag:cfn-init-authentication-password", "badpassword", None),
    (_T + "json/simple_ad/without_parameter.json", "cfn-nag:simple-ad-password", "nopenopenope", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "b@dP@$sW0rD": "leet for 'bad password': words naming the value",
    "b@d0@u7H70K3n": "leet for 'bad OAuth token': words naming the value",
    "b@d0$3cR3T70K3n": "leet for 'bad secret token': words naming the value",
    "b@dPr1V@73K3y": "leet for 'bad private key': words naming the value",
    "b@d0@h3C70K3n": "leet for 'bad HEC token': words naming the value",
    "b@d70K3n": "leet for 'bad token': words naming the value",
    "Password123": "the word password and digits counted in order",
    "datpassword": "words naming the value",
    "badpassword": "words naming the value",
    "nopenopenope": "a word said three times",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (_Y + "rds_dbinstance/rds_dbinstance_master_user_password_from_secrets_manager.yaml", "cfn-nag-fp:reference", "MasterUserPassword: '{{resolve:secretsmanager:/rds/db_instance/masteruserpassword:SecretString:password}}'"),
    (_Y + "docdb_dbcluster/docdb_dbcluster_master_user_password_from_secrets_manager.yaml", "cfn-nag-fp:reference", "MasterUserPassword: '{{resolve:secretsmanager:/docdb/db_cluster/masteruserpassword:SecretString:password}}'"),
    (_Y + "redshift_cluster/redshift_cluster_master_user_password_from_secrets_manager.yaml", "cfn-nag-fp:reference", "MasterUserPassword: '{{resolve:secretsmanager:/redshift/cluster/masteruserpassword:SecretString:password}}'"),
    (_Y + "dms_endpoint/dms_endpoint_password_secrets_manager.yml", "cfn-nag-fp:reference", "Password: '{{resolve:secretsmanager:/dms/endpoint/password:SecretString:password}}'"),
    (_Y + "amplify_app/amplify_app_basic_auth_config_password_from_secrets_manager.yaml", "cfn-nag-fp:reference", "Password: '{{resolve:secretsmanager:/amplify/app/basicauthconfig_password:SecretString:password}}'"),
    (_T + "json/simple_ad/simple_ad_password_secrets_manager.json", "cfn-nag-fp:reference", '"Password" : "{{resolve:secretsmanager:/directory_service/simple_ad/password:SecretString:password}}",'),
    (_Y + "pinpoint_apnschannel/pinpoint_apnschannel_token_key_from_secrets_manager.yaml", "cfn-nag-fp:reference", "TokenKey: '{{resolve:secretsmanager:/pinpoint/app/tokenkey:SecretString:password}}'"),
    (_Y + "alexa_ask_skill/alexa_ask_skill_authentication_configuration_refresh_token_from_secrets_manager.yaml", "cfn-nag-fp:reference", "RefreshToken: '{{resolve:secretsmanager:/alexa/ask/skill/authenticationconfiguration_refreshtoken:SecretString:password}}'"),
    (_Y + "alexa_ask_skill/alexa_ask_skill_authentication_configuration_client_secret_from_secrets_manager.yaml", "cfn-nag-fp:reference", "ClientSecret: '{{resolve:secretsmanager:/alexa/ask/skill/authenticationconfiguration_clientsecret:SecretString:password}}'"),
    (_Y + "opsworks_app/opsworks_app_ssl_configuration_private_key_from_secrets_manager.yaml", "cfn-nag-fp:reference", "PrivateKey: '{{resolve:secretsmanager:/opsworks/app/sslconfiguration_privatekey:SecretString:password}}'"),
    (_Y + "elasticache_replicationgroup/elasticache_replicationgroup_auth_token_from_secrets_manager.yaml", "cfn-nag-fp:reference", "AuthToken: '{{resolve:secretsmanager:/elasticache/replicationgroup/authtoken:SecretString:password}}'"),
    (_Y + "amplify_app/amplify_app_oauth_token_from_secrets_manager.yaml", "cfn-nag-fp:reference", "OauthToken: '{{resolve:secretsmanager:/amplify/app/oauthtoken:SecretString:password}}'"),
    (_Y + "lambda_permission/lambda_permission_event_source_token_from_secrets_manager.yaml", "cfn-nag-fp:reference", "EventSourceToken: '{{resolve:secretsmanager:/lambda/permission/eventsourcetoken:SecretString:password}}'"),
    (_Y + "opsworks_stack/opsworks_stack_rds_db_instances_db_password_from_secrets_manager.yaml", "cfn-nag-fp:reference", "- DbPassword: '{{resolve:secretsmanager:/opsworks/stack/rdsdbinstance_dbpassword:SecretString:password}}'"),
    (_Y + "pinpoint_apnschannel/pinpoint_apnschannel_token_key_from_secure_systems_manager.yaml", "cfn-nag-fp:reference", "TokenKey: '{{resolve:ssm-secure:SecureSecretString:1}}'"),
    (_Y + "kinesisfirehose_deliverystream/kinesisfirehose_deliverystream_splunk_destination_configuration_hectoken_from_secure_systems_manager.yaml", "cfn-nag-fp:reference", "HECToken: '{{resolve:ssm-secure:SecureSecretString:1}}'"),
    (_Y + "codepipeline_webhook/codepipeline_webhook_authentication_configuration_secret_token_from_secure_systems_manager.yaml", "cfn-nag-fp:reference", "SecretToken: '{{resolve:ssm-secure:SecureSecretString:1}}'"),
    (_Y + "rds_dbinstance/rds_dbinstance_master_username_from_secure_systems_manager.yaml", "cfn-nag-fp:reference", "MasterUserPassword: '{{resolve:ssm-secure:SecureSecretPasswordString:1}}'"),
    (_Y + "rds_dbinstance/rds_dbinstance_master_username_from_systems_manager.yaml", "cfn-nag-fp:reference", "MasterUserPassword: '{{resolve:ssm:UnsecureSecretPasswordString:1}}'"),
    (_T + "json/simple_ad/good_no_echo_no_default.json", "cfn-nag-fp:reference", '"Password" : { "Ref" : "PasswordParameter" },'),
    (_T + "json/simple_ad/with_no_echo_false.json", "cfn-nag-fp:config", '"NoEcho" : "false"'),
    (_Y + "cloudwatchlogs_loggroup/cloudwatchlogs_loggroup_with_encryption.yaml", "cfn-nag-fp:identifier", "KmsKeyId: alias/SuperSecureKey"),
    (_T + "json/ec2_instance/cfn_authentication.json", "cfn-nag-fp:identifier", '"Default": "subnet-4fd01116"'),
    (_Y + "emr_cluster/emr_cluster_with_disabled_encryption_options.yml", "cfn-nag-fp:identifier", "Default: EMR_EC2_DefaultRole"),
)  # fmt: skip

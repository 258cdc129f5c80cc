# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Rhino Security Labs' CloudGoat, for the ``fresh19`` split (``fresh19.py`` reads and writes).

``RhinoSecurityLabs/cloudgoat`` is a "vulnerable by design" AWS deployment tool: each scenario
is a Terraform project with the code it deploys (Lambda handlers, Flask and Node apps, user
data scripts, SQL seeds) and a cheat sheet that walks through the attack. Its credentials sit
where such projects put them: RDS master passwords as Terraform variable defaults
(``codebuild_secrets``, ``rce_web_app``, ``rds_snapshot``), an API key in a Lambda's
environment and a Vault dev root token in an EC2 user-data template
(``secrets_in_the_cloud``), the key a Node app checks before it runs commands
(``rce_web_app``), the password a Selenium "victim bot" types into a phishing page
(``static``), and in the ``sns_secrets`` cheat sheet the IAM user's access key pair and the
API Gateway key of the run its author recorded. Every text file of every scenario was read at
``HEAD`` but the vendored Python packages of ``vulnerable_lambda`` (``click``, ``dateutil``,
``sqlite_utils``: third-party code) and the minified AWS and Cognito SDKs of
``vulnerable_cognito``; each value is cited by the first line holding it, in the file named.

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: Terraform references to the
access keys and passwords it creates (``aws_iam_access_key.….secret``, ``${var.rds-password}``)
in environment blocks, outputs, user data and S3 objects, connection commands that take the
password from a variable, code reading keys from the environment, the cheat sheets' masked,
cut and typed stand-ins (``AKIA2HV********``, ``Mm8ij9L8eV...``, ``isbXXXX…``,
``asdasdsadas``, ``<PASTE_TOKEN_HERE>``), CI workflows' ``${{ secrets.… }}``, Vault and PHP
lines that load a key or password from a template variable, a docstring's placeholder backend
config, descriptions and settings that name secrets.

``NO_SECRET``: the scenarios' flags, the player's proof and no credential (``cg-secret-…``,
``flag{…}``, ``FLAG{…}``, ``d4t4_s3cr3ts_4r3_fun``, the ``V!C70RY-…`` "secret strings" a
scenario seeds into its RDS table as its goal, the S3 ``flag.txt`` and ``secret-string.txt``
values, the Secrets Manager and Vault entries a player loots: ``BensBubblyBacon``,
``TylerTantalizingTacosTangleToucans`` and their siblings); passwords naming the value or the
app (``Sup3rSecr3tPassw0rd1``, ``CloudGoatInstancePassword!``, ``p@ssw0rd123``,
``attack1234!``, the SQS auth ``sqs_flag_shop_charging_request_auth``); ``bob12cgv``, the
Glue and SQS scenarios' database password (the authors' project name, and the databases'
own name ``bob12cgvdb`` less its ``db``). Left out without a row: the cheat sheets' master
passwords under 8 signs or equal to the app's name (``cloudgoat``), the ``rce_web_app``
hidden page name ``mkja1xijqf0abo1h9glg.html`` (an unguessable path, not a credential: neither
label fair), the cardholder CSV's fake customer passwords (personal data made up for a
breach, not credentials of the app), the base64 flag of ``ecs_efs_attack``, the canary-token
IAM user's name, repeats (``Purplepwny2029`` again in ``assets/db.txt``, the API key and
Vault token again in ``templates/user_data.tpl``).

Doubtful labels, kept: the ``sns_secrets`` cheat sheet's key pair and API key (an example of
one run, "your keys will be different", but real values of a real deployment, not AWS's
documentation keys); the access key id (an identifier, yet half of the pair and what
scanners flag); ``wagrrrrwwgahhhhwwwrrggawwwwwwrr`` (a Wookiee's roar, the RDS master
password, listed and dropped by ``fresh2``'s placeholder filter for its runs of one letter);
``DavidsDelightfulDonuts2023`` and
``TorysTotallyTubular456`` (alliterative phrases with a year or counted digits, but the API
key the Flask app checks and the Vault root token, naming neither); ``cgoat9562!`` (the
app's short name, random digits and a sign).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/RhinoSecurityLabs+cloudgoat/repo")
REPO = "RhinoSecurityLabs/cloudgoat"

_S = "cloudgoat/scenarios/aws/"
_SNS = _S + "sns_secrets/"
_SIC = _S + "secrets_in_the_cloud/terraform/"
_CB = _S + "codebuild_secrets/terraform/"
_VPC = _S + "vpc_peering_overexposed/terraform/"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_SNS + "cheat_sheet.md", "cloudgoat:cheat-sheet-aws-access-key-id", "AKIA2GIZ2CSU6NO2YIXU", None),
    (_SNS + "cheat_sheet.md", "cloudgoat:cheat-sheet-aws-secret-access-key", "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", None),
    (_SNS + "cheat_sheet.md", "cloudgoat:cheat-sheet-api-gateway-key", "45a3da610dc64703b10e273a4db135bf", None),
    (_CB + "variables.tf", "cloudgoat:terraform-rds-password", "wagrrrrwwgahhhhwwwrrggawwwwwwrr", None),
    (_S + "rce_web_app/terraform/variables.tf", "cloudgoat:terraform-rds-password", "Purplepwny2029", None),
    (_S + "rds_snapshot/terraform/variable.tf", "cloudgoat:terraform-rds-password", "cgoat9562!", None),
    (_S + "rce_web_app/assets/rce_app/index.js", "cloudgoat:node-app-secret-key", "mjhbwmepyskaup9knxve", None),
    (_S + "static/terraform/ec2.tf", "cloudgoat:victim-bot-login-password", "H@cKallth3th!ngs!3", None),
    (_SIC + "lambda_function.tf", "cloudgoat:lambda-env-api-key", "DavidsDelightfulDonuts2023", None),
    (_SIC + "user_data.tpl", "cloudgoat:vault-dev-root-token", "TorysTotallyTubular456", None),
    # read as no secret (NO_SECRET): passwords naming the value or the app, a project's name
    (_S + "glue_privesc/terraform/source/flask/db.py", "cloudgoat:flask-db-password", "bob12cgv", None),
    (_VPC + "variables.tf", "cloudgoat:terraform-rds-password", "Sup3rSecr3tPassw0rd1", None),
    (_S + "data_secrets/terraform/ec2.tf", "cloudgoat:user-data-chpasswd-password", "CloudGoatInstancePassword!", None),
    (_SNS + "terraform/api_gateway.tf", "cloudgoat:api-gateway-response-password", "p@ssw0rd123", None),
    (_S + "rds_snapshot/cheat_sheet.md", "cloudgoat:cheat-sheet-master-user-password", "attack1234!", None),
    (_S + "sqs_flag_shop/terraform/variables.tf", "cloudgoat:terraform-sqs-auth", "sqs_flag_shop_charging_request_auth", None),
    # read as no secret (NO_SECRET): the scenarios' flags
    (_S + "detection_evasion/terraform/secrets_manager.tf", "cloudgoat:secrets-manager-flag", "cg-secret-889877-282341", None),
    (_S + "vulnerable_lambda/terraform/secretsmanager.tf", "cloudgoat:secrets-manager-flag", "cg-secret-846237-284529", None),
    (_S + "data_secrets/terraform/secrets.tf", "cloudgoat:secrets-manager-flag", "d4t4_s3cr3ts_4r3_fun", None),
    (_S + "beanstalk_secrets/terraform/variables.tf", "cloudgoat:secrets-manager-flag", "FLAG{D0nt_st0r3_s3cr3ts_in_b3@nsta1k!}", None),
    (_S + "secrets_in_the_cloud/terraform/secrets_manager.tf", "cloudgoat:secrets-manager-flag", "BensBubblyBacon", None),
    (_S + "secrets_in_the_cloud/terraform/secrets_manager.tf", "cloudgoat:secrets-manager-flag", "BenjaminsBlazingBungee", None),
    (_SIC + "user_data.tpl", "cloudgoat:vault-kv-flag", "TylerTantalizingTacosTangleToucans", None),
    (_SIC + "user_data.tpl", "cloudgoat:vault-kv-flag", "BradBefriendsBouncingBlueberryBison", None),
    (_CB + "ec2.tf", "cloudgoat:rds-seeded-flag", "V\\!C70RY-PvyOSDptpOVNX2JDS9K9jVetC1xI4gMO4", None),
    (_CB + "ec2.tf", "cloudgoat:rds-seeded-flag", "V\\!C70RY-JpZFReKtvUiWuhyPGF20m4SDYJtOTxws6", None),
    (_S + "rce_web_app/terraform/ec2.tf", "cloudgoat:rds-seeded-flag", "V\\!C70RY-4hy2809gnbv40h8g4b", None),
    (_S + "rds_snapshot/assets/insert_data.sql", "cloudgoat:rds-seeded-flag", "flag{cg-secret-495624-205465}", None),
    (_S + "ecs_privesc_evade_protection/terraform/flag.txt", "cloudgoat:s3-flag", "cg-secret-lets-try-hard-path-g7Hz2&f#9!mP3x$vE", None),
    (_S + "ecs_privesc_evade_protection/terraform/secret-string.txt", "cloudgoat:s3-flag", "cg-secret-bob12-gC9!+Xy#QJ37fa@H3D7Kd@2*a&#+Tp%", None),
    (_S + "agentcore_identity_confusion/terraform/s3.tf", "cloudgoat:s3-flag", "FLAG{ar3_y0u_@n_ag3nt?}", None),
    (_S + "sqs_flag_shop/terraform/source/initialize_database.sql", "cloudgoat:rds-seeded-flag", "FLAG{sqs-shop-super-secret-item}", None),
)  # fmt: skip

_FLAG = "a CTF flag (the player's proof, not a credential)"
NO_SECRET: dict[str, str] = {
    "bob12cgv": "the authors' project name, the databases' own name bob12cgvdb less its db",
    "Sup3rSecr3tPassw0rd1": "words naming the value in leet, a digit",
    "CloudGoatInstancePassword!": "the app's name and words naming the value",
    "p@ssw0rd123": "the word password in leet and digits counted in order",
    "attack1234!": "a word and digits counted in order",
    "sqs_flag_shop_charging_request_auth": "the scenario's name and words naming the value",
    "cg-secret-889877-282341": _FLAG,
    "cg-secret-846237-284529": _FLAG,
    "d4t4_s3cr3ts_4r3_fun": _FLAG + ", in leet",
    "FLAG{D0nt_st0r3_s3cr3ts_in_b3@nsta1k!}": _FLAG,
    "BensBubblyBacon": _FLAG + ": the Secrets Manager entry a player loots",
    "BenjaminsBlazingBungee": _FLAG + ": the Secrets Manager entry a player loots",
    "TylerTantalizingTacosTangleToucans": _FLAG + ": a Vault entry a player loots",
    "BradBefriendsBouncingBlueberryBison": _FLAG + ": a Vault entry a player loots",
    "V\\!C70RY-PvyOSDptpOVNX2JDS9K9jVetC1xI4gMO4": _FLAG + ": the scenario's goal seeded into RDS",
    "V\\!C70RY-JpZFReKtvUiWuhyPGF20m4SDYJtOTxws6": _FLAG + ": the scenario's goal seeded into RDS",
    "V\\!C70RY-4hy2809gnbv40h8g4b": _FLAG + ": the scenario's goal seeded into RDS",
    "flag{cg-secret-495624-205465}": _FLAG,
    "cg-secret-lets-try-hard-path-g7Hz2&f#9!mP3x$vE": _FLAG + ": the S3 flag.txt",
    "cg-secret-bob12-gC9!+Xy#QJ37fa@H3D7Kd@2*a&#+Tp%": _FLAG + ": the S3 secret-string.txt",
    "FLAG{ar3_y0u_@n_ag3nt?}": _FLAG,
    "FLAG{sqs-shop-super-secret-item}": _FLAG,
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # Terraform references to the keys and passwords it creates
    (_CB + "lambda.tf", "cloudgoat-fp:reference", 'DB_PASSWORD = "${var.rds-password}"'),
    (_CB + "codebuild.tf", "cloudgoat-fp:reference", 'value = "${aws_iam_access_key.cg-calrissian.secret}"'),
    (_CB + "codebuild.tf", "cloudgoat-fp:config", 'name = "calrissian-aws-secret-key"'),
    (_CB + "outputs.tf", "cloudgoat-fp:reference", 'value = "${aws_iam_access_key.cg-solo.secret}"'),
    (_CB + "ssm-parameters.tf", "cloudgoat-fp:reference", 'value = "${file("../cloudgoat")}"'),
    (_CB + "ssm-parameters.tf", "cloudgoat-fp:identifier", 'name = "cg-ec2-private-key-${var.cgid}"'),
    (_CB + "ec2.tf", "cloudgoat-fp:reference", "psql postgresql://${var.rds-username}:${var.rds-password}@${aws_db_instance.cg-psql-rds.endpoint}/${var.rds-database-name} \\"),
    (_S + "data_secrets/terraform/lambda.tf", "cloudgoat-fp:reference", "DB_USER_SECRET_KEY = aws_iam_access_key.lambda_user.secret"),
    (_S + "ec2_ssrf/terraform/lambda.tf", "cloudgoat-fp:reference", "EC2_SECRET_KEY_ID = aws_iam_access_key.wrex.secret"),
    (_S + "ec2_ssrf/terraform/s3.tf", "cloudgoat-fp:reference", "aws_secret_access_key = ${aws_iam_access_key.shepard.secret}"),
    (_S + "ec2_ssrf/terraform/s3.tf", "cloudgoat-fp:path", 'key     = "/aws/credentials"'),
    (_S + "beanstalk_secrets/terraform/ec2.tf", "cloudgoat-fp:reference", "value     = aws_iam_access_key.secondary_key.secret"),
    (_S + "rds_snapshot/terraform/s3.tf", "cloudgoat-fp:reference", 'content = "Access Key: ${aws_iam_access_key.cg-david.id}, Secret Key: ${aws_iam_access_key.cg-david.secret}"'),
    (_S + "glue_privesc/terraform/ec2.tf", "cloudgoat-fp:reference", "aws_secret_access_key = aws_iam_access_key.glue_admin_access_key.secret"),
    (_S + "glue_privesc/terraform/glue.tf", "cloudgoat-fp:config", "return_connection_password_encrypted = false"),
    (_S + "glue_privesc/terraform/source/sql_template.tpl", "cloudgoat-fp:template", "INSERT INTO original_data (order_date, item_id, price, country_code) VALUES ('${aws_access_key_id}', '${aws_secret_access_key}', DEFAULT, DEFAULT);"),
    (_SNS + "terraform/lambda.tf", "cloudgoat-fp:reference", "API_GATEWAY_KEY = aws_api_gateway_api_key.api_key.value"),
    (_SIC + "dynamodb.tf", "cloudgoat-fp:identifier", 'S = "secrets_manager_user_key_secret"'),
    (_SIC + "ec2_instance.tf", "cloudgoat-fp:reference", "private_key           = tls_private_key.id_rsa.private_key_pem,"),
    (_VPC + "ec2.tf", "cloudgoat-fp:reference", "DB_PASSWORD=${var.db_password}"),
    (_VPC + "ec2.tf", "cloudgoat-fp:reference", "content         = tls_private_key.ssh_key.private_key_pem"),
    (_VPC + "ec2.tf", "cloudgoat-fp:reference", 'while ! mysql -h $DB_HOST -u $DB_USER -p$DB_PASSWORD -e "SELECT 1" >/dev/null 2>&1; do'),
    (_VPC + "variables.tf", "cloudgoat-fp:config", "condition     = length(var.db_password) >= 8"),
    (_S + "cloud_breach_s3/terraform/variables.tf", "cloudgoat-fp:config", 'variable "ssh-private-key-for-ec2" {'),
    (_S + "ec2_ssrf/terraform/variables.tf", "cloudgoat-fp:config", 'description = "Path to the private EC2 key"'),
    (_S + "vulnerable_cognito/terraform/cognito.tf", "cloudgoat-fp:config", "generate_secret                      = false"),
    # code reading keys and passwords at run time, templates
    (_SNS + "terraform/source/lambda.py", "cloudgoat-fp:reference", 'api_gateway_key = os.getenv("API_GATEWAY_KEY", "No API Gateway Key found")'),
    (_SNS + "terraform/source/lambda.py", "cloudgoat-fp:reference", '"default": f"DEBUG: API GATEWAY KEY {api_gateway_key}"'),
    (_SIC + "lambda_handler.py", "cloudgoat-fp:reference", "api_key = os.environ['API_KEY']"),
    (_SIC + "user_data.tpl", "cloudgoat-fp:reference", "API_KEY = os.environ.get('API_KEY')"),
    (_SIC + "user_data.tpl", "cloudgoat-fp:reference", "const response = await fetch('/api/check-api-key?key=' + apiKey);"),
    (_SIC + "user_data.tpl", "cloudgoat-fp:template", 'export SSH_PRIVATE_KEY="${private_key}"'),
    (_SIC + "user_data.tpl", "cloudgoat-fp:reference", 'vault kv put secret/id_rsa value="$SSH_PRIVATE_KEY"'),
    (_SIC + "user-data.sh.tpl", "cloudgoat-fp:template", "define('DB_PASSWORD', '${db_password}');"),
    (_S + "glue_privesc/terraform/source/flask/s3.py", "cloudgoat-fp:reference", 'AWS_SECRET_ACCESS_KEY = os.environ.get("AWS_SECRET_ACCESS_KEY")'),
    (_S + "sqs_flag_shop/terraform/source/flask/app.py", "cloudgoat-fp:reference", 'if data["auth"] == os.environ["auth"]:'),
    (_S + "ecs_privesc_evade_protection/terraform/push-dockerfile.py", "cloudgoat-fp:template", 'return f"docker login --username {username} --password {password} {registry}"'),
    (_S + "ecs_privesc_evade_protection/terraform/push-dockerfile.py", "cloudgoat-fp:reference", 'base64.b64decode(token["authorizationToken"]).decode().split(":")'),
    ("cloudgoat/core/python/python_terraform/__init__.py", "cloudgoat-fp:placeholder", "'secret_key': 'mysecretkey', 'bucket': 'mybucketname'})"),
    # the cheat sheets' masked, cut and typed stand-ins
    (_S + "beanstalk_secrets/cheat_sheet.md", "cloudgoat-fp:masked", "AWS Access Key ID: AKIA2HV********"),
    (_S + "beanstalk_secrets/cheat_sheet.md", "cloudgoat-fp:masked", "AWS Secret Access Key: v+xInRa11dSj**************"),
    (_S + "iam_privesc_by_key_rotation/cheat_sheet.md", "cloudgoat-fp:truncated", "aws_secret_access_key = Mm8ij9L8eV..."),
    (_S + "iam_privesc_by_key_rotation/cheat_sheet.md", "cloudgoat-fp:truncated", "aws_session_token = IQoJb3JpZ2luX2VjE..."),
    (_S + "lambda_privesc/cheat_sheet_chris.md", "cloudgoat-fp:truncated", "aws_secret_access_key = 5sJu......."),
    (_S + "lambda_privesc/cheat_sheet_chris.md", "cloudgoat-fp:truncated", "aws_session_token = FwoGZ....."),
    (_S + "sqs_flag_shop/cheat_sheet.md", "cloudgoat-fp:masked", "cloudgoat_output_sqsuser_secret_key = isbXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"),
    (_S + "sqs_flag_shop/cheat_sheet.md", "cloudgoat-fp:masked", "aws_access_key_id = ASIAXXXXXXXXXXXXXXXX"),
    (_S + "sqs_flag_shop/cheat_sheet.md", "cloudgoat-fp:masked", '"SecretAccessKey": "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXQPgU",'),
    (_S + "ec2_ssrf/cheat_sheet_solus.md", "cloudgoat-fp:placeholder", "aws_secret_access_key = asdasdsadas"),
    (_S + "data_secrets/cheat_sheet.md", "cloudgoat-fp:placeholder", "aws_session_token = <PASTE_TOKEN_HERE>"),
    (_S + "cloud_breach_s3/cheat_sheet.md", "cloudgoat-fp:placeholder", "`aws_session_token = <session-token>`"),
    (_S + "secrets_in_the_cloud/cheat_sheet.md", "cloudgoat-fp:placeholder", "export AWS_SECRET_ACCESS_KEY=[low-priv-user]"),
    (_S + "rce_web_app/cheat_sheet_lara.md", "cloudgoat-fp:placeholder", "`psql postgresql://<db_user>:<db_password>@<rds-instance>:5432/<db_name>`"),
    (_S + "federated_console_takeover/cheat_sheet.md", "cloudgoat-fp:reference", 'curl -H "X-aws-ec2-metadata-token: $TOKEN" http://169.254.169.254/latest/meta-data/iam/security-credentials/'),
    # CI workflows
    (".github/workflows/docker-image.yml", "cloudgoat-fp:reference", "password: ${{ secrets.DOCKER_PASSWORD }}"),
    (".github/workflows/release.yml", "cloudgoat-fp:reference", 'gh auth login --with-token <<< "${{ secrets.GITHUB_TOKEN }}"'),
    (".github/workflows/release.yml", "cloudgoat-fp:reference", "GH_PAT: ${{ secrets.GITHUB_TOKEN }}"),
)  # fmt: skip

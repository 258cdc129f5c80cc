# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""INE's AWSGoat, for the ``fresh19`` split (``fresh19.py`` reads and writes).

``ine-labs/AWSGoat`` is a damn vulnerable AWS infrastructure in two Terraform modules: a
serverless blog (API Gateway, Lambda, DynamoDB, an S3 bucket of "shared" files) and an HR
portal in PHP on ECS with an RDS MySQL database. Its secrets sit where such a deployment puts
them: the HS256 key the blog's Lambda signs its tokens with, set as the function's
environment (``modules/module-1/main.tf``); the RDS master password, written three times in
``modules/module-2/main.tf`` (the instance, and a Secrets Manager secret holding it) and again
in the PHP app's ``config.inc`` and its start script; and the SSH private keys of eight users
that the blog's bucket exposes (``resources/s3/shared/shared/files/.ssh/keys/*.pem``: one
OpenSSH key, seven PEM RSA keys), with their public halves and an SSH ``config.txt``. The
Terraform, the Lambda code, the PHP app, the shared scripts and files and the attack manuals
were read at ``HEAD`` (the React front end under ``modules/module-1/src`` and the built
bundle hold no value); each value is cited by the first line holding it. A PEM key's value is
its second line of key material, cited with the header and the first line, as ``crapi.py``
does; an OpenSSH key's is its third, cited with the header and the first two (its first line
is the same for every unencrypted RSA key, its second opens with the format's fixed fields and
a run of ``A``, which the placeholder filter reads as a stand-in).

``SECRETS``: (file, kind, value, anchor), the kind the place and the field. ``NEGATIVES``:
(file, kind, text) for lines beside the secrets that hold none: the public keys, the SSH
config's hosts and key paths, CI workflows' ``${{ secrets.… }}``, code reading the JWT secret
and AWS keys from the environment, the API Gateway's header names, the deploy script's
``$db_root_password`` references and its grep for MySQL's temporary password, the endpoint
placeholder the start-up swaps, the Secrets Manager secret's name, a PHP form's password
fields, the DynamoDB users' security questions.

``NO_SECRET``: the WordPress deploy script's ``PassWord4-root`` and ``PassWord4-user`` (the
word password, a digit and the role), the attack manuals' ``jameshill@123``,
``attacker@123``, ``HackerPassword@123`` (a name, a role or words naming the value, digits
counted in order). Left out without a row: the DynamoDB users' bcrypt hashes and the HR
portal's MD5 rows (digests of passwords: not the secret, nor a fair negative), their security
answers (``Football``, ``Tiger``: words a reset asks for, most under 8 signs), the keys over
the three a kind holds (``john``, ``mary``, ``mike``, ``sophia``: listed, dropped by the cap).

Doubtful labels, kept: ``T2BYL6#]zc>Byuzu`` (one JWT secret INE's AzureGoat and GCPGoat
repeat: cited here, where it is first set).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/ine-labs+AWSGoat/repo")
REPO = "ine-labs/AWSGoat"

_M1 = "modules/module-1/"
_M2 = "modules/module-2/"
_SH = _M1 + "resources/s3/shared/shared/"
_K = _SH + "files/.ssh/keys/"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_M1 + "main.tf", "awsgoat:lambda-env-jwt-secret", "T2BYL6#]zc>Byuzu", None),
    (_M2 + "main.tf", "awsgoat:terraform-rds-password", "T2kVB3zgeN3YbrKS", None),
    (_K + "VincentVanGoat.pem", "awsgoat:ssh-openssh-private-key", "CnyOkuhx89+GY3/UqNSUuZJxuUIsqpzMaiM8f56yPq4JTlO/Xcxgu47Cxhmy9JRGBGh/Cn", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAABFwAAAAdzc2gtcn\nNhAAAAAwEAAQAAAQEAyifcS9Hzc82Dw1JW8U1xaU/RF0HBpeizIPOuW6L2pe1zmemyudWR\nCnyOkuhx89+GY3/UqNSUuZJxuUIsqpzMaiM8f56yPq4JTlO/Xcxgu47Cxhmy9JRGBGh/Cn"),
    (_K + "alice.pem", "awsgoat:ssh-rsa-private-key", "NGis7eIegaLgJOGyy4BuY9/J1V+rfDgMPmiy53xt4CCUnVuup9amdsO6oXEKyyMu", "-----BEGIN RSA PRIVATE KEY-----\nMIIG5AIBAAKCAYEAxRCvCwd1G1A437/OQoggHfpTMn9eJVY0iz1Gki4WzWYprvTP\nNGis7eIegaLgJOGyy4BuY9/J1V+rfDgMPmiy53xt4CCUnVuup9amdsO6oXEKyyMu"),
    (_K + "bob.pem", "awsgoat:ssh-rsa-private-key", "pWYNeWdEgBX/LIhh9fh28h+GwvFxQpim/QjEcCtqmZmu8l5CiyLz1WBH7sECRX7p", "-----BEGIN RSA PRIVATE KEY-----\nMIIG5AIBAAKCAYEAonV+W7iMiBZ81WYU1S7QlSJ4ip2pvS6ma4I4V8QI/nVIkM7B\npWYNeWdEgBX/LIhh9fh28h+GwvFxQpim/QjEcCtqmZmu8l5CiyLz1WBH7sECRX7p"),
    (_K + "charles.pem", "awsgoat:ssh-rsa-private-key", "6FUeGlgeO6UpbPLwprCK/O5OsL5CDhNJpOAIx37dD6NarjdeDBlQ9RFCf1h4tNM8", "-----BEGIN RSA PRIVATE KEY-----\nMIIG4wIBAAKCAYEA0FhZONlMl73nZtnZxKVKPAuZAAmCt+AE4GIct/4CI25Sw6S7\n6FUeGlgeO6UpbPLwprCK/O5OsL5CDhNJpOAIx37dD6NarjdeDBlQ9RFCf1h4tNM8"),
    (_K + "john.pem", "awsgoat:ssh-rsa-private-key", "sqL59TDikl5bNh3r++RKfUwLYzwa2u8dvMIkFslGI4UAB6JX43QnPjqK5D91Hg/5", "-----BEGIN RSA PRIVATE KEY-----\nMIIG5AIBAAKCAYEA0pGaRWE9ithMTfyhhLNEFkFhenNJLXqBTRFI728u5oNWQFJ4\nsqL59TDikl5bNh3r++RKfUwLYzwa2u8dvMIkFslGI4UAB6JX43QnPjqK5D91Hg/5"),
    (_K + "mary.pem", "awsgoat:ssh-rsa-private-key", "2D1nnHkjkg+CZUUOrz1AiD7ASr+Bn49V5RIqbXp7OYN00bJL4z+CWrCebHiBYN7Q", "-----BEGIN RSA PRIVATE KEY-----\nMIIG5QIBAAKCAYEAqpPFr34JTXtt9MF5Hp3KW2JgqNc/7aWPwDkmTzk4OGWTEHAX\n2D1nnHkjkg+CZUUOrz1AiD7ASr+Bn49V5RIqbXp7OYN00bJL4z+CWrCebHiBYN7Q"),
    (_K + "mike.pem", "awsgoat:ssh-rsa-private-key", "vyajQNXna6PRelsCjZd5deW3Jwa6440ozr3PiOzj5V9XYgMn8JinrX+HzDv3u37j", "-----BEGIN RSA PRIVATE KEY-----\nMIIG4wIBAAKCAYEAuXvcuffw56vvF3Sqwf+FJHqg525DX0ZBzkke7p8+fpry9D3K\nvyajQNXna6PRelsCjZd5deW3Jwa6440ozr3PiOzj5V9XYgMn8JinrX+HzDv3u37j"),
    (_K + "sophia.pem", "awsgoat:ssh-rsa-private-key", "CKvrSxAO63qui2zhk9a8BJASrlgNyu4r/47gMN90uiGzCpcrsnGL2wLk3t/sUhV6", "-----BEGIN RSA PRIVATE KEY-----\nMIIG5QIBAAKCAYEAvE21PN2YpKKtnVsCrG2ylKpb0o9d85N5e/6RIBIQDMIW0j72\nCKvrSxAO63qui2zhk9a8BJASrlgNyu4r/47gMN90uiGzCpcrsnGL2wLk3t/sUhV6"),
    # read as no secret (NO_SECRET)
    (_SH + "scripts/wordpress_deploy.sh", "awsgoat:deploy-script-db-password", "PassWord4-root", None),
    (_SH + "scripts/wordpress_deploy.sh", "awsgoat:deploy-script-db-password", "PassWord4-user", None),
    ("attack-manuals/module-1/03-Insecure Direct Object Reference.md", "awsgoat:manual-new-password", "jameshill@123", None),
    ("attack-manuals/module-1/06-Server Side Request Forgery Part 2.md", "awsgoat:manual-new-password", "attacker@123", None),
    ("attack-manuals/module-1/07-IAM Privilege Escalation.md", "awsgoat:manual-login-profile-password", "HackerPassword@123", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "PassWord4-root": "the word password, a digit and the role",
    "PassWord4-user": "the word password, a digit and the role",
    "jameshill@123": "a name and digits counted in order",
    "attacker@123": "a role and digits counted in order",
    "HackerPassword@123": "a role, the word password and digits counted in order",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # public keys and the SSH config beside the private ones
    (_K + "alice.pub", "awsgoat-fp:public-key", "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQDFEK8LB3UbUDjfv85CiCAd+lMyf14lVjSLPUaSLhbNZimu9M80aKzt4h6BouAk4bLLgG5j38nVX6t8OAw+"),
    (_K + "VincentVanGoat.pub", "awsgoat-fp:public-key", "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQDKJ9xL0fNzzYPDUlbxTXFpT9EXQcGl6LMg865boval7XOZ6bK51ZEKfI6S6HHz34Zjf9So1JS5knG5Qiyq"),
    (_SH + "files/.ssh/config.txt", "awsgoat-fp:path", "IdentityFile /shared/files/.ssh/keys/alice.pem"),
    (_SH + "files/.ssh/config.txt", "awsgoat-fp:config", "Host 34.207.133.229"),
    (_SH + "files/.ssh/config.txt", "awsgoat-fp:config", "HostName VincentVanGoat"),
    # CI workflows, code reading secrets from the environment
    (".github/workflows/tf-apply-main.yml", "awsgoat-fp:reference", "AWS_SECRET_ACCESS_KEY: ${{ secrets.AWS_SECRET_ACCESS_KEY }}"),
    (".github/workflows/tf-apply-main.yml", "awsgoat-fp:reference", "AWS_ACCESS_KEY_ID: ${{ secrets.AWS_ACCESS_KEY }}"),
    (_M1 + "resources/dynamodb/populate-table.py", "awsgoat-fp:reference", "session=boto3.Session(aws_access_key_id=os.environ['AWS_ACCESS_KEY_ID'], aws_secret_access_key=os.environ['AWS_SECRET_ACCESS_KEY'])"),
    (_M1 + "resources/lambda/data/lambda_function.py", "awsgoat-fp:reference", 'JWT_SECRET = os.environ["JWT_SECRET"]'),
    (_M1 + "resources/lambda/data/lambda_function.py", "awsgoat-fp:reference", 'return jwt.encode(payload=userInfo, key=JWT_SECRET, algorithm="HS256")'),
    (_M1 + "resources/lambda/data/lambda_function.py", "awsgoat-fp:empty", 'JWT_SECRET = ""'),
    (_M1 + "resources/lambda/data/lambda_function.py", "awsgoat-fp:reference", 'elif "jwt_token" in event["headers"]:'),
    (_M1 + "resources/lambda/data/lambda_function.py", "awsgoat-fp:reference", 'UpdateExpression="set password = :r",'),
    (_M1 + "resources/lambda/data/lambda_function.py", "awsgoat-fp:masked", 'item["password"] = ""'),
    (_M1 + "resources/lambda/data/lambda_function.py", "awsgoat-fp:reference", 'user_password = data["password"].encode("utf-8")'),
    (_M1 + "resources/dynamodb/blog-users.json", "awsgoat-fp:text", '"secretQuestion": "What is your favourite sport?",'),
    # the API Gateway's settings and header names
    (_M1 + "main.tf", "awsgoat-fp:config", "\"method.response.header.Access-Control-Allow-Headers\" = \"'Content-Type,X-Amz-Date,Authorization,X-Api-Key,X-Amz-Security-Token,JWT_TOKEN'\","),
    (_M1 + "main.tf", "awsgoat-fp:config", 'request_parameters = { "method.request.header.JWT_TOKEN" = false }'),
    (_M1 + "main.tf", "awsgoat-fp:config", 'api_key_source = "HEADER"'),
    (_M1 + "main.tf", "awsgoat-fp:path", 'filename                 = "resources/lambda/layer/bcrypt-pyjwt.zip"'),
    # the deploy script's references and the RDS endpoint placeholder
    (_SH + "scripts/wordpress_deploy.sh", "awsgoat-fp:reference", "mysql -u root -p\"$db_root_password\" -e \"GRANT ALL PRIVILEGES ON *.* TO '$db_username'@'localhost' IDENTIFIED BY '$db_user_password';FLUSH PRIVILEGES;\""),
    (_SH + "scripts/wordpress_deploy.sh", "awsgoat-fp:reference", 'sed -i "s/password_here/$db_user_password/g" wp-config.php'),
    (_SH + "scripts/wordpress_deploy.sh", "awsgoat-fp:reference", "temppassword=$(grep 'temporary password' /var/log/mysqld.log | grep -o \".\\{12\\}$\")"),
    (_M2 + "src/src/config.inc", "awsgoat-fp:placeholder", '$server = "RDS_ENDPOINT_VALUE";'),
    (_M2 + "main.tf", "awsgoat-fp:identifier", 'name                    = "RDS_CREDS"'),
    (_M2 + "main.tf", "awsgoat-fp:reference", 'sed -i "s,RDS_ENDPOINT_VALUE,$RDS_URL,g" ${path.module}/resources/ecs/task_definition.json'),
    (_M2 + "src/src/admin/admin-index.php", "awsgoat-fp:reference", "$npass = $_REQUEST['inputnewPassword'];"),
    (_M2 + "src/src/admin/admin-index.php", "awsgoat-fp:template", '<input type="password" class="form-control" id="inputnewPassword" name="inputnewPassword" placeholder="New Password">'),
    (_M2 + "src/src/dump.sql", "awsgoat-fp:config", "`password` varchar(255) NOT NULL,"),
    # the attack manuals' placeholders
    ("attack-manuals/module-1/06-Server Side Request Forgery Part 2.md", "awsgoat-fp:placeholder", "export AWS_SECRET_ACCESS_KEY = <value>"),
    ("attack-manuals/module-2/02-File Upload and Task Metadata.md", "awsgoat-fp:reference", "--secret-id RDS_CREDS"),
)  # fmt: skip

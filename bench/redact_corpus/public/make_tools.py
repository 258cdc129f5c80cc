# ruff: noqa: E501  (a table of documented formats: one case per line reads best)
"""Write ``tools.jsonl``: credentials in the flags and files of everyday tools.

The values are synthetic (written here, in the shape each tool documents); the ``source``
is the tool's documentation of the flag or file format. Each case has a ``form``: the
line that carries the value (``{v}``), and the file or command it belongs to.
"""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

HERE = Path(__file__).resolve().parent

FORMS: list[tuple[str, str, str, str]] = [
    # kind, form, where it lives ("cmd" or a file name), documentation
    ("tool:mysql-p", "mysql -h db.internal -u root -p{v} shop", "cmd", "https://dev.mysql.com/doc/refman/8.0/en/connection-options.html"),
    ("tool:mysql-password-flag", "mysqldump --user=app --password='{v}' shop > dump.sql", "cmd", "https://dev.mysql.com/doc/refman/8.0/en/connection-options.html"),
    ("tool:redis-cli-a", "redis-cli -h cache.internal -p 6379 -a {v} PING", "cmd", "https://redis.io/docs/latest/develop/tools/cli/"),
    ("tool:sshpass-p", "sshpass -p '{v}' ssh deploy@10.0.3.7 'systemctl restart app'", "cmd", "https://linux.die.net/man/1/sshpass"),
    ("tool:curl-user", "curl --user admin:'{v}' https://ci.example.org/api/json", "cmd", "https://curl.se/docs/manpage.html#-u"),
    ("tool:curl-u-short", "curl -s -u deploy:{v} -X POST https://registry.example.org/v2/token", "cmd", "https://curl.se/docs/manpage.html#-u"),
    ("tool:wget-password", "wget --user=ci --password={v} https://artifacts.example.org/build.tar.gz", "cmd", "https://www.gnu.org/software/wget/manual/wget.html"),
    ("tool:httpie-auth", "http -a alice:{v} POST https://api.example.org/items name=x", "cmd", "https://httpie.io/docs/cli/authentication"),
    ("tool:psql-url", "psql postgresql://app:{v}@db.internal:5432/shop -c 'select 1'", "cmd", "https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING"),
    ("tool:pgpassword-env", "PGPASSWORD={v} psql -h db.internal -U app shop", "cmd", "https://www.postgresql.org/docs/current/libpq-envars.html"),
    ("tool:mongodb-uri", "mongosh 'mongodb+srv://admin:{v}@cluster0.ab12c.mongodb.net/test'", "cmd", "https://www.mongodb.com/docs/manual/reference/connection-string/"),
    ("tool:docker-login-p", "docker login -u ci-bot -p {v} registry.example.org", "cmd", "https://docs.docker.com/reference/cli/docker/login/"),
    ("tool:podman-login-password", "podman login --username ci --password {v} quay.io", "cmd", "https://docs.podman.io/en/latest/markdown/podman-login.1.html"),
    ("tool:git-credential-url", "git clone https://oauth2:{v}@gitlab.example.org/team/app.git", "cmd", "https://git-scm.com/docs/gitcredentials"),
    ("tool:pip-index-url", "pip install --index-url https://__token__:{v}@pypi.example.org/simple app", "cmd", "https://pip.pypa.io/en/stable/topics/authentication/"),
    ("tool:az-login-p", "az login --service-principal -u 0f6c2b1e-app -p {v} --tenant contoso.onmicrosoft.com", "cmd", "https://learn.microsoft.com/en-us/cli/azure/reference-index#az-login"),
    ("tool:smbclient-U", "smbclient //fs01/share -U backup%{v}", "cmd", "https://www.samba.org/samba/docs/current/man-html/smbclient.1.html"),
    ("tool:openssl-pass", "openssl pkcs12 -export -in cert.pem -inkey key.pem -out b.p12 -passout pass:{v}", "cmd", "https://docs.openssl.org/master/man1/openssl-passphrase-options/"),
    ("tool:htpasswd-b", "htpasswd -b -c /etc/nginx/.htpasswd admin {v}", "cmd", "https://httpd.apache.org/docs/2.4/programs/htpasswd.html"),
    ("tool:mysql-root-pass-env", "docker run -e MYSQL_ROOT_PASS={v} -d mysql:8", "cmd", "https://hub.docker.com/_/mysql"),
    ("tool:smtp-pwd-env", "SMTP_PWD={v} python send_report.py", "cmd", "https://docs.python.org/3/library/smtplib.html"),
    ("tool:aws-secret-key-space", "aws_secret_key {v}", ".s3cfg", "https://s3tools.org/kb/item14.htm"),
    ("tool:netrc", "machine api.example.org login deploy password {v}", ".netrc", "https://everything.curl.dev/usingcurl/netrc.html"),
    ("tool:pgpass", "db.internal:5432:shop:app:{v}", ".pgpass", "https://www.postgresql.org/docs/current/libpq-pgpass.html"),
    ("tool:npmrc-auth", "//registry.example.org/:_auth={v}", ".npmrc", "https://docs.npmjs.com/cli/v10/configuring-npm/npmrc"),
    ("tool:npmrc-authtoken", "//npm.pkg.github.com/:_authToken={v}", ".npmrc", "https://docs.npmjs.com/cli/v10/configuring-npm/npmrc"),
    ("tool:docker-config-auth", '{{"auths": {{"registry.example.org": {{"auth": "{v}"}}}}}}', "config.json", "https://docs.docker.com/reference/cli/docker/login/#credential-stores"),
    ("tool:kubeconfig-client-key-data", "    client-key-data: {v}", "kubeconfig", "https://kubernetes.io/docs/concepts/configuration/organize-cluster-access-kubeconfig/"),
    ("tool:kubeconfig-token", "    token: {v}", "kubeconfig", "https://kubernetes.io/docs/reference/access-authn-authz/authentication/"),
    ("tool:django-secret-key", "SECRET_KEY = '{v}'", "settings.py", "https://docs.djangoproject.com/en/5.0/ref/settings/#secret-key"),
    ("tool:flask-secret-key", "app.config['SECRET_KEY'] = '{v}'", "app.py", "https://flask.palletsprojects.com/en/stable/config/#SECRET_KEY"),
    ("tool:rails-secret-key-base", "secret_key_base: {v}", "secrets.yml", "https://guides.rubyonrails.org/security.html#custom-credentials"),
    ("tool:terraform-tfvars", 'db_password = "{v}"', "terraform.tfvars", "https://developer.hashicorp.com/terraform/language/values/variables#variable-definitions-tfvars-files"),
    ("tool:tf-var-env", "TF_VAR_admin_pwd={v} terraform apply", "cmd", "https://developer.hashicorp.com/terraform/cli/config/environment-variables#tf_var_name"),
    ("tool:gha-env", "      DEPLOY_PASS: {v}", ".github/workflows/deploy.yml", "https://docs.github.com/en/actions/writing-workflows/workflow-syntax-for-github-actions#env"),
    ("tool:gitlab-ci-variable", "  REGISTRY_PWD: \"{v}\"", ".gitlab-ci.yml", "https://docs.gitlab.com/ci/variables/"),
    ("tool:dotenv-pwd", "DB_PWD={v}", ".env", "https://github.com/motdotla/dotenv#usage"),
    ("tool:spring-datasource", "spring.datasource.password={v}", "application.properties", "https://docs.spring.io/spring-boot/appendix/application-properties/index.html"),
    ("tool:jdbc-password-param", "jdbc:mysql://db.internal:3306/shop?user=app&password={v}", "application.properties", "https://dev.mysql.com/doc/connector-j/en/connector-j-reference-configuration-properties.html"),
    ("tool:aws-credentials-file", "aws_secret_access_key = {v}", ".aws/credentials", "https://docs.aws.amazon.com/cli/latest/userguide/cli-configure-files.html"),
    ("tool:boto-cfg", "aws_secret_access_key={v}", ".boto", "https://docs.aws.amazon.com/cli/latest/userguide/cli-configure-files.html"),
    ("tool:gcloud-access-token-flag", "gcloud storage ls --access-token-file=/dev/null --billing-project=x --impersonate-service-account=ci && export CLOUDSDK_AUTH_ACCESS_TOKEN={v}", "cmd", "https://cloud.google.com/sdk/gcloud/reference#--access-token-file"),
    ("tool:heroku-api-key-env", "HEROKU_API_KEY={v} heroku apps", "cmd", "https://devcenter.heroku.com/articles/authentication"),
    ("tool:vault-login-token", "vault login {v}", "cmd", "https://developer.hashicorp.com/vault/docs/commands/login"),
    ("tool:ldapsearch-w", "ldapsearch -x -H ldap://ldap.internal -D cn=admin,dc=corp -w {v} -b dc=corp", "cmd", "https://linux.die.net/man/1/ldapsearch"),
    ("tool:sqlcmd-P", "sqlcmd -S db01 -U sa -P {v} -Q 'SELECT 1'", "cmd", "https://learn.microsoft.com/en-us/sql/tools/sqlcmd/sqlcmd-utility"),
    ("tool:rabbitmq-url", "AMQP_URL=amqp://guest:{v}@mq.internal:5672/", ".env", "https://www.rabbitmq.com/docs/uri-spec"),
    ("tool:redis-url-password", "REDIS_URL=redis://:{v}@cache.internal:6379/0", ".env", "https://www.iana.org/assignments/uri-schemes/prov/redis"),
    ("tool:ansible-become-pass", "ansible-playbook site.yml -e ansible_become_pass={v}", "cmd", "https://docs.ansible.com/ansible/latest/reference_appendices/special_variables.html"),
    ("tool:settings-xml-password", "      <password>{v}</password>", "settings.xml", "https://maven.apache.org/settings.html#servers"),
    ("tool:pypirc-password", "password = {v}", ".pypirc", "https://packaging.python.org/en/latest/specifications/pypirc/"),
    ("tool:composer-auth", '{{"http-basic": {{"repo.example.org": {{"username": "ci", "password": "{v}"}}}}}}', "auth.json", "https://getcomposer.org/doc/articles/authentication-for-private-packages.md"),
    ("tool:git-config-token", "[http]\n\textraheader = AUTHORIZATION: basic {v}", ".gitconfig", "https://git-scm.com/docs/git-config#Documentation/git-config.txt-httpextraHeader"),
    ("tool:mysql-cnf", "password={v}", ".my.cnf", "https://dev.mysql.com/doc/refman/8.0/en/option-files.html"),
    ("tool:sshpass-env", "SSHPASS='{v}' sshpass -e ssh root@10.0.0.5", "cmd", "https://linux.die.net/man/1/sshpass"),
]  # fmt: skip


def _human(rng: random.Random) -> str:
    words = ["Summer", "dragon", "Hunter", "river", "Orange", "castle", "Winter", "falcon"]
    return (
        rng.choice(words)
        + rng.choice(["2024", "99", "!", "#7", "_42"])
        + rng.choice(["!", "$", "x", "Q"])
    )


def _random(rng: random.Random, n: int, alphabet: str) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def values(kind: str, rng: random.Random) -> list[str]:
    """Three synthetic values of the shape the tool's users type."""
    alnum = string.ascii_letters + string.digits
    if "client-key-data" in kind or "docker-config-auth" in kind or kind[5:] == "npmrc-auth":
        import base64

        raw = bytes(rng.randrange(256) for _ in range(48 if "docker" in kind else 120))
        return [base64.b64encode(raw).decode() for _ in range(1)] + [
            base64.b64encode(bytes(rng.randrange(256) for _ in range(len(raw)))).decode()
            for _ in range(2)
        ]
    if "django" in kind or "rails" in kind or "flask" in kind:
        return [_random(rng, 50, alnum + "!@#%^&*(-_=+)") for _ in range(3)]
    return [_human(rng), _random(rng, 14, alnum), _random(rng, 24, alnum + "-_.")]


def main() -> None:
    rng = random.Random(29)
    with (HERE / "tools.jsonl").open("w") as fh:
        for kind, form, where, doc in FORMS:
            for value in values(kind, rng):
                if "'" in form and "'" in value:
                    value = value.replace("'", "")
                row = {"kind": kind, "value": value, "form": form, "where": where,
                       "source": doc, "synthetic": True}  # fmt: skip
                fh.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()

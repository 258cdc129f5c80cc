# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""CI/CD Goat, for the ``fresh11`` split (``fresh11.py`` reads and writes).

``cider-security-research/cicd-goat`` is a deliberately vulnerable CI/CD environment
(Jenkins, Gitea, GitLab, a CTFd of eleven challenges) brought up with Docker Compose. Its
configuration plants the credentials the challenges are about: Jenkins' configuration as
code (``jenkins-server/jenkins.yaml``, ``secrets.properties``) and job DSL
(``jenkins-server/jobdsl/``), Gitea's users and ``app.ini``, GitLab's Terraform
(``gitlab/gitlab.tf``, ``gitlab/resources/gryphon/``) and the Compose file; the flags
(``FLAG1``…``FLAG11``, stored as Jenkins credentials and GitLab variables) are what a
player must steal. Each value was read in its file and is cited by the first line holding
it (``anchor``, else the value); a value set in several files (Gitea's tokens, the GitLab
tokens, ``ciderland5#``) is listed where it is defined. A private key written on one line
with ``\\n`` escapes is cut at a line of its private part (its first lines are the OpenSSH
header), the PEM key at its first line of key material, cited with the header.

``SECRETS``: (file, kind, value, anchor), the kind the file and the field. ``NEGATIVES``:
(file, kind, text) for pipeline and configuration lines that hold none: credential ids and
variables a step reads (``credentialsId``, ``$TOKEN``, ``${FLAG1}``), hosts, URLs, image
names, e-mail addresses, the agent's public key.

``NO_SECRET``: the CTF flags (UUIDs, one base64 of a UUID: ``FLAG1``, ``flag2``, ``flag3``,
``flag5``, ``flag7``, ``FLAG8``, ``flag9``, ``FLAG11``, the mock-turtle and twiddledum
flags), a password equal to its user's name (``thealice``) and ``dummy`` keys. Left out
without a row: values under 8 signs (Jenkins' ``alice`` and ``rockme``), the private keys
of the vendored libraries' own tests (the Gitea repositories are copies of sanic, PyJWT,
urllib3…: their ``tests/`` keys are not the goat's), the packed histories (``not.git``),
and ``tests/data/`` (copies of the planted key and ``.pypirc``).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/cider-security-research+cicd-goat/repo")
REPO = "cider-security-research/cicd-goat"

_J = "jenkins-server/"
_DSL = _J + "jobdsl/"
_GITEA = "gitea/gitea.yaml"
_INI = "gitea/app.ini"
_GL = "gitlab/gitlab.tf"
_GRY = "gitlab/resources/gryphon/"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_J + "secrets.properties", "cicd-goat:jenkins-secrets-gitea-token", "a644940c92efe2d1876e16a5d29e6c6d7e199b68", None),
    (_J + "secrets.properties", "cicd-goat:jenkins-secrets-agent-ssh-key", "1gy88sCLMGMB5NZy4NJR74l+4H+kBixzUxk1Ztk6B4D8/M+oYdAL0Lzo5uJrlbyrpa3APN", None),
    (_J + "secrets.properties", "cicd-goat:jenkins-flag", "06165DF2-C047-4402-8CAB-1C8EC526C115", None),
    (_J + "secrets.properties", "cicd-goat:jenkins-flag", "B1A648E1-FD8B-4D66-8CAF-78114F55D396", None),
    (_J + "flag5.txt", "cicd-goat:jenkins-flag", "6B31A679-6D70-469D-9F8D-6D6E80B3C29C", None),
    (_J + "jenkins.yaml", "cicd-goat:jenkins-user-password", "ciderland5#", 'password: "ciderland5#"'),
    (_J + "jenkins.yaml", "cicd-goat:jenkins-agent-env-token", "5d3ed5564341d5060c8524c41fe03507e296ca46", None),
    (_DSL + "reportcov.groovy", "cicd-goat:jenkins-job-env-ssh-key", "byadeJpMb9p6f1w31PJD7WZK6pifAT7s02L5zdKRri0dO89WbJmKgIujfFVPrTS9UM1QIT", None),
    (_DSL + "reportcov.groovy", "cicd-goat:jenkins-webhook-trigger-token", "6AE44837-0E0C-4970-9A40-8C780E6FFBA1", None),
    (_DSL + "caterpillar-prod.groovy", "cicd-goat:jenkins-credential-flag", "AEB14966-FFC2-4FB0-BF45-CD903B3535DA", None),
    (_DSL + "mad-hatter.groovy", "cicd-goat:jenkins-credential-flag", "ACD6E6B8-3584-4F43-AB9C-ACD080B8EBB2", None),
    (_DSL + "dodo.groovy", "cicd-goat:jenkins-credential-flag", "QTYyRjBFNTItN0Q2Ny00MTBFLTgyNzktMzI0NDdBREFEOTE2Cg==", None),
    (_DSL + "dormouse.groovy", "cicd-goat:jenkins-credential-flag", "31350FBC-A959-4B4B-A8BD-DCA7AC9248A6", None),
    (_DSL + "mock-turtle.groovy", "cicd-goat:jenkins-credential-flag", "D54734AB-7B83-4931-A9BB-171476101FDF", None),
    (_DSL + "twiddledum.groovy", "cicd-goat:jenkins-credential-flag", "710866F2-2CED-4E60-A4EB-223FD892D95A", None),
    (_GITEA, "cicd-goat:gitea-user-password", "jenko123%", None),
    (_GITEA, "cicd-goat:gitea-user-password", "thealice", "password: thealice"),
    (_GITEA, "cicd-goat:gitea-user-password", "jenjen123&^*", None),
    (_GITEA, "cicd-goat:gitea-user-password", "tuturjgkjf#$@#%", None),
    (_GITEA, "cicd-goat:gitea-user-password", "1leg2leg3leg", None),
    (_GITEA, "cicd-goat:gitea-user-token", "03f186631edec80f38b9cc2f7f45870a30cc33e2", None),
    (_INI, "cicd-goat:gitea-lfs-jwt-secret", "ts7WeOTBzMfd1yXFIr3-oy0lrfOYPzYXlZfAHXw1MOI", None),
    (_INI, "cicd-goat:gitea-secret-key", "rllCEczhSiQdeQSiyPuVdFv9aniKVGgtE5im3fXI8bSMZUOeJ0GlWJDQI8xtVnTf", None),
    (_INI, "cicd-goat:gitea-internal-token", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJuYmYiOjE2MzY2MjkyMDl9.4JHZLNZBo6S9fxSMX33qhQuVMVf2Th8YU82UMIKLQYw", None),
    (_GL, "cicd-goat:gitlab-terraform-provider-token", "60b6c7ba41475b2ebdded2c0d3b079f0", None),
    (_GL, "cicd-goat:gitlab-terraform-user-password", "ali12345", None),
    (_GL, "cicd-goat:gitlab-terraform-user-password", "^SKF$T6c9C1*", None),
    (_GL, "cicd-goat:gitlab-terraform-variable", "04b6bdf425dbd720a34705a398500937", None),
    (_GL, "cicd-goat:gitlab-terraform-variable", "7ED44218-C9CC-4824-BC85-C9841305A642", None),
    (_GL, "cicd-goat:gitlab-terraform-variable-ssh-key", "LS0tLS1CRUdJTiBPUEVOU1NIIFBSSVZBVEUgS0VZLS0tLS0KYjNCbGJuTnphQzFyWlhrdGRqRUFBQUFBQkc1dmJtVUFBQUFFYm05dVpRQUFBQUFBQUFBQkFBQUJsd0FBQUFkemMyZ3RjbgpOaEFBQUFBd0VBQVFBQUFZRUF6S01RWTlUN1IySkJEakZ1eEN4UVd4S0k5TmYzOUVkZXdNcFNZZmdSNEFzbFNjRXpKSlgwCk8zbGZrcTFqYWxMNHpwMDY2YkZrVTIxTTNwNDJoVmdYbkJyY1ZPUjdKVTNGaUVGRHc0cWZFMkNjSlRYRkhMNG9iQXFGaXkKY3A2UnhzSWpSSW9Sejh6ckJJNTdrOEN5aHFaSzEwNHh0NzlYRGtXY0RuQTdsY3RCd3E5RHE5dnhzSzhTcVh2VzRjSlR1Nwpvc295TWl0TzNSUDN4MEVZb2NzTk5uVEROQmoxSklNc2ZtU2tPdTUwM0xGWnFBdXFoY2hLbTdCY25wZU9ZVDJxS1J1RnF2CkJvd2tsZWdDWlJXWk5XU1ZJMWxHaFVRUTN3RGdFazBkcVVQekhsT2hEeDRoTkFlVC9SWHR0bGxZK2x4Y2kwMEVGbWpSczMKWFhnY3VscFhSczNjeUMrVDNJdG40clFvRTVBVjUxOTFtSXV3dWZvelhDaUdnRmhPS2ZPbVllOFpIQ2NJMDlwbVQyeFo5bQpDcHE1VmhhckxLSFIza3U0eXkzTkVZWnJPY052aElmU2xrRkNUWVY1SUtYcjlWY1MzZitLTU5yQmd2RUYwdEVxbzNzeTg3CjFiYlVJbmpDVFZpTXZDUzhHMnVGUWxudk1SaVc0K0ZOeUNjU1VxcEJBQUFGa0F6cGVBRU02WGdCQUFBQUIzTnphQzF5YzIKRUFBQUdCQU15akVHUFUrMGRpUVE0eGJzUXNVRnNTaVBUWDkvUkhYc0RLVW1INEVlQUxKVW5CTXlTVjlEdDVYNUt0WTJwUworTTZkT3VteFpGTnRUTjZlTm9WWUY1d2EzRlRrZXlWTnhZaEJROE9LbnhOZ25DVTF4UnkrS0d3S2hZc25LZWtjYkNJMFNLCkVjL002d1NPZTVQQXNvYW1TdGRPTWJlL1Z3NUZuQTV3TzVYTFFjS3ZRNnZiOGJDdkVxbDcxdUhDVTd1NkxLTWpJclR0MFQKOThkQkdLSExEVFowd3pRWTlTU0RMSDVrcERydWROeXhXYWdMcW9YSVNwdXdYSjZYam1FOXFpa2JoYXJ3YU1KSlhvQW1VVgptVFZrbFNOWlJvVkVFTjhBNEJKTkhhbEQ4eDVUb1E4ZUlUUUhrLzBWN2JaWldQcGNYSXROQkJabzBiTjExNEhMcGFWMGJOCjNNZ3ZrOXlMWitLMEtCT1FGZWRmZFppTHNMbjZNMXdvaG9CWVRpbnpwbUh2R1J3bkNOUGFaazlzV2ZaZ3FhdVZZV3F5eWgKMGQ1THVNc3R6UkdHYXpuRGI0U0gwcFpCUWsyRmVTQ2w2L1ZYRXQzL2lqRGF3WUx4QmRMUktxTjdNdk85VzIxQ0o0d2sxWQpqTHdrdkJ0cmhVSlo3ekVZbHVQaFRjZ25FbEtxUVFBQUFBTUJBQUVBQUFHQVJlc1JGb3NXci9VcU5TYytxVmhhdkVOQStDCmN5V1F4cG00V0ZVR1BwOTVyWFNyUHdQWGZlMHROTmpGZ2h0NXBSMklad01waWhwcitabkJhQ21selc5RWRaTU1oQUt5YS8KYnlhZGVKcE1iOXA2ZjF3MzFQSkQ3V1pLNnBpZkFUN3MwMkw1emRLUnJpMGRPODlXYkptS2dJdWpmRlZQclRTOVVNMVFJVAoyY0p3M1l2MG15dXpFS05BeFJmQys2L2gzQ3BvUmZValRwNVMrRllWY2tpMk5OU0dYc3JFZzZ1aGIzaE5mdUpSU0VhVU5QClZ0TmxtQUF2UGJLc2NxTmx5bU8rdTFFUDlXMzRVRFJDTnFHZExaeEZzNjUxYTUwcW1tUXZUQU1ZSENPVEZVRTNDaEduRUkKQkdMRXRzT2tZS2xFblFnNXFRSUhLTEpFeEgwYTJiMGZWRnJHSzdkY1ZLM2tjN3hMZ0d3dnh1RnZLbDREZU1nQ1g1cTg1ZwowMk11OU9kY3Npbzd0NkdvNnNYVGlCM1YvSWRiemNwM3piTzNCNzZBUUR6aGp6VHRHWU9OUFIrYUR0aGZuSklKaHl4UkpnCm1hRTlJSFdJcGlXZTBnempuU3M0SEJHcUYwRjZSci9YSWJqTi81M3dCbXlNTzZlVnEyd0FIYlJ1L05FZ2lzY3RmaEFBQUEKd1FDdUltZVRuTDhmR29mYjNqVEFZZWNrVFBpVXNNMlJzc2hTYndsWmFYM1RSNFRXTnUwbWNjOTRoWUJ1dEljRzJTTVZYYwpGNGk5amw2Y2RnQWZmNDN1b1B5OEdLaUdjOWpGNGV5bGt5NGM0Zmd3N0V6YnRGTVBtcEZudGVBL09oMFN4bHhobVVEVkhVCm14Umtzc0RTSTdaaWY2ejJLYVQzWjl5SzkyeS8yNjVTbTJna0lVc2htMkJOcGxnc3NDZElrTnRxWmFlUEJtSHI2LzA5b0oKaFJTSm1tZ2tlc3g3VEo5QnFWdXVpWmRuM0U3MVhOSHNiQk95RDA4Y0xyWkVvTnRqa0FBQURCQVBLVzh0clhVL0g4NURPbAptOVpONlZHSWJuRmd0SXRVTjhudHNTMnNySjNONVZ5Zk5pR2czcE0zcDBwV3RPbVNnalRQanJiZUV0YjQ0TzczLzB6MzhXCkhmenBoc2JnSGcwVFZWRUZOMjhON3lMSFlwTVJrTFB6NzBoL1JJQkxSbWFacklZS3VRK0tnU0FQQUt5ZG5IYVY4SkpWNzUKdWJPVGI2SUVHY1I5akZPanduRWUrN3BDM0FaT3dka3N0UXFDTThtVVdVeXdxS1ZRMmo0aUZlQ1d5R2MyaldHcTN0cFQ5QwpvUnExV2l2NTZLTzhJSkdIZklBY3pLeVR5THdyeGd4d0FBQU1FQTEvTUZibGwrN2ZpcjdlTmFKdUQybmh2T1ZxMEJsQlRqCktMT2xDZ1puQnNXaGgrdUwrLzdoelBRSmRHOXFaeWprMm5rUGVVemd3Z2ZidHNqRGhwMThkMXJOK1p2UDdtWGd0elMwMksKb3duQ0RjUXord2VPL0JoQUZGbDZJa0RQQjBYbkM4b0MwUE5LczlQcDlTS2xraUR0VEtjdkZDT0JhcTVMT24zWEZRZGFaUgpsRkFlQ3RwTEZaZDFhcW96TCtXeGRoSitPbFVNV2V4QUhOVkluWDN2TTI0NVIyaGlTRUhKZkNNS3dLbWRRMm5rcHlDak16Cm5GWDJZTEVGZTlCcVMzQUFBQUYyRnphVUJCYzJGbUxrZHlaV1Z1YUc5c2RITXRUVUpRQVFJRAotLS0tLUVORCBPUEVOU1NIIFBSSVZBVEUgS0VZLS0tLS0K", None),
    (_GRY + "gryphon.tf", "cicd-goat:gitlab-terraform-provider-token", "8225526e2656be28b1dfdcb48988746c", None),
    (_GRY + "token.sh", "cicd-goat:gitlab-rails-set-token", "cd79dd622c6d463a574635e874765c0b", None),
    ("docker-compose.yaml", "cicd-goat:gitlab-runner-registration-token", "GR1348hansd87fyzDiqyZeuHuxe", None),
    ("gitlab/cert/server.key", "cicd-goat:gitlab-tls-private-key", "MIIJQQIBADANBgkqhkiG9w0BAQEFAASCCSswggknAgEAAoICAQDZUX76QmhVHQ4d", "-----BEGIN PRIVATE KEY-----\nMIIJQQIBADANBgkqhkiG9w0BAQEFAASCCSswggknAgEAAoICAQDZUX76QmhVHQ4d"),
    ("gitea/repositories/dodo/main.tf", "cicd-goat:terraform-aws-key", "dummy", 'access_key                  = "dummy"'),
)  # fmt: skip

_FLAG = "a CTF flag (a player's proof, not a credential)"
NO_SECRET: dict[str, str] = {
    "06165DF2-C047-4402-8CAB-1C8EC526C115": _FLAG + ": FLAG1",
    "B1A648E1-FD8B-4D66-8CAF-78114F55D396": _FLAG + ": FLAG8",
    "6B31A679-6D70-469D-9F8D-6D6E80B3C29C": _FLAG + ": flag5",
    "AEB14966-FFC2-4FB0-BF45-CD903B3535DA": _FLAG + ": flag2",
    "ACD6E6B8-3584-4F43-AB9C-ACD080B8EBB2": _FLAG + ": flag3",
    "QTYyRjBFNTItN0Q2Ny00MTBFLTgyNzktMzI0NDdBREFEOTE2Cg==": _FLAG + ": flag7, base64 of a UUID",
    "31350FBC-A959-4B4B-A8BD-DCA7AC9248A6": _FLAG + ": flag9",
    "D54734AB-7B83-4931-A9BB-171476101FDF": _FLAG + ": mock-turtle's flag4",
    "710866F2-2CED-4E60-A4EB-223FD892D95A": _FLAG + ": twiddledum's flag6",
    "7ED44218-C9CC-4824-BC85-C9841305A642": _FLAG + ": FLAG11",
    "thealice": "the user's name (user thealice, password thealice)",
    "dummy": "a placeholder (LocalStack's provider keys)",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    # credential ids and variables a step or a config reads
    (_J + "jenkins.yaml", "cicd-goat-fp:reference", 'privateKey: "${AGENT_PRIVATE_KEY}"'),
    (_J + "jenkins.yaml", "cicd-goat-fp:reference", 'token: "${GITEA_ACCESS_TOKEN}"'),
    (_J + "jenkins.yaml", "cicd-goat-fp:reference", '- usernamePassword:\n    id: "ssh-creds-flag8"\n    username: "agent"\n    scope: SYSTEM\n    password: "${FLAG8}"'),
    (_J + "Dockerfile", "cicd-goat-fp:reference", "ENV SECRETS_FILE=/var/jenkins_home/secrets.properties"),
    (_J + "Dockerfile", "cicd-goat-fp:reference", "COPY --chown=jenkins:jenkins secrets.properties /var/jenkins_home/secrets.properties"),
    (_DSL + "caterpillar-prod.groovy", "cicd-goat-fp:reference", "credentialsId('gitea-access-token')"),
    ("gitea/repositories/dormouse/Jenkinsfile", "cicd-goat-fp:reference", "withCredentials([usernamePassword(credentialsId: 'flag9', usernameVariable: 'USERNAME', passwordVariable: 'FLAG')]) {"),
    ("gitea/repositories/caterpillar/Jenkinsfile", "cicd-goat-fp:reference", """sh 'curl -isSL "http://wonderland:1234/api/user" -H "Authorization: Token ${TOKEN}" -H "Content-Type: application/json" || true'"""),
    ("gitea/repositories/mock-turtle/Jenkinsfile", "cicd-goat-fp:reference", "withCredentials([usernamePassword(credentialsId: 'mock-turtle-token', usernameVariable: 'USERNAME', passwordVariable: 'TOKEN')]) {"),
    ("gitea/repositories/reportcov/Jenkinsfile", "cicd-goat-fp:reference", 'sh "set +x && echo \\"${KEY}\\" > key && chmod 400 key && set -x"'),
    ("gitea/repositories/reportcov/Jenkinsfile", "cicd-goat-fp:reference", "sh 'scp -o StrictHostKeyChecking=no -i key reportcov.sh root@prod:/var/www/localhost/htdocs'"),
    ("gitlab/repositories/awesome-app/.gitlab-ci.yml", "cicd-goat-fp:reference", "- docker login -u gryphon -p $TOKEN $CI_REGISTRY"),
    ("gitlab/repositories/nest-of-gold/.gitlab-ci.yml", "cicd-goat-fp:reference", "- echo $SSH_KEY | base64 -d > key && chmod 400 key"),
    ("gitlab/repositories/nest-of-gold/.gitlab-ci.yml", "cicd-goat-fp:reference", "- ssh -fN -o StrictHostKeyChecking=no -i key -L 1111:127.0.0.1:2376 root@prod"),
    (_DSL + "dodo.groovy", "cicd-goat-fp:reference", "decoded=`echo $FLAG7 | base64 -d`"),
    (_GL, "cicd-goat-fp:reference", "nest_of_gold_project_id = gitlab_project.nest_of_gold_project.id"),
    # hosts, URLs, paths, images, names and the public key
    (_GL, "cicd-goat-fp:config", 'base_url = "http://gitlab/api/v4/"'),
    (_GL, "cicd-goat-fp:config", 'email            = "gryphon@wonderland.com"'),
    (_INI, "cicd-goat-fp:config", "PASSWORD_HASH_ALGO            = pbkdf2"),
    (_INI, "cicd-goat-fp:config", "LFS_CONTENT_PATH = /data/git/lfs"),
    (_INI, "cicd-goat-fp:config", "PROVIDER_CONFIG = /data/gitea/sessions"),
    (_GITEA, "cicd-goat-fp:config", "jenkins:\n    email: jenkins@wonderland.com"),
    ("docker-compose.yaml", "cicd-goat-fp:config", "image: cidersecurity/goat-jenkins-server:latest"),
    ("docker-compose.yaml", "cicd-goat-fp:config", "registry_external_url 'https://gitlab:5050'"),
    ("docker-compose.yaml", "cicd-goat-fp:public-key", "JENKINS_AGENT_SSH_PUBKEY=ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQC33zkdtvwp8giZLp1mVUbqzCKi0KIiWD8/towT0+9k1SCDYjJ/YVPqKidkSefYaKBgJ1yFcWa9qroXAUd5nACXN3Xdes2fe4w+xZ8GQTpqHKyStEHy6R9QXi00r/VxGcmBYZWLifEyzV//PiRC+hUaG27JeeBnkZ1FEOyXUunpaPixNaDkfnLbCimflkd2uYH2arMY+FdOH950ezow/+v4vsNrzoMwVVCCSg/dIJBS2G/JaoAbbQgIGo63Kyz0j++rIInsXMFmxhy9hEpViX/tEorFzGh4gUvJPLy3IDjWjUz/Nfte9By6usQjN/1plJcuP+rUqrjjGeMpfhDP6aq5ZvfuPTmXOVkWJ9vJZaK2BCtSZk1vOJR4luxCyUZQbKgb3jS9YZ4N1ZS26z3EKwJGP/acNtEMx2u2zhY7zXdG7ca1Qo1yeVDMRctlvH++KMEYX/ZR6LqYlJyV6TFICZVUT7dLF65gq68UyIFswMu9pQ8/VvIMkkO6eiU1cqFr8gc="),
    (_GRY + ".pypirc", "cicd-goat-fp:config", "repository = http://localhost/api/v4/projects/pygryphon%2Fpygryphon/packages/pypi"),
    (_J + "jenkins.yaml", "cicd-goat-fp:config", 'sshHostKeyVerificationStrategy: "nonVerifyingKeyVerificationStrategy"'),
    (_GRY + "gryphon.tf", "cicd-goat-fp:config", 'cron        = "*/10 * * * *"'),
)  # fmt: skip

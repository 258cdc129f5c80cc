# ruff: noqa: E501  (tables of wordings: one wording per entry reads best)
"""Tool cases' forms (a flag or a file line from the tool's documentation) wrapped in other
settings: a Makefile recipe, a CI step, a ``set -x`` trace, history, ``ps`` output, a
line-numbered file view, a file of its kind around the line."""

from __future__ import annotations

from bench.redact_corpus.public.carriers2.compose import _diff, _new_file

_TOOL_COMMANDS = [
    "sudo -E {form}",
    "{form} 2>&1 | tee /tmp/debug.log",
    "time {form}",
    "for i in 1 2 3; do {form} && break; sleep 2; done",
    'ssh bastion.internal "{form}"',
    "docker compose exec app {form}",
    "nohup {form} > run.out 2>&1 &",
    "timeout 30 {form}; echo exit=$?",
]

_TOOL_OUTPUTS = [
    "+ echo 'connecting to db.internal'\nconnecting to db.internal\n+ {form}\nERROR 1045 (28000): Access denied",
    " 1041  2024-05-02 10:11:09 cd ~/src/shop\n 1042  2024-05-02 10:11:31 {form}\n 1043  2024-05-02 10:12:02 history | tail -3",
    'Executing "step_script" stage of the job script\n$ {form}\nERROR: Job failed: exit code 1',
    "USER       PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\napp       4121  0.3  1.2 215400 48212 pts/0    S+   10:11   0:00 {form}",
    "$ make restore\n{form}\nmake: *** [Makefile:14: restore] Error 1",
    "May 02 10:11:09 web-1 CRON[2231]: (deploy) CMD ({form})",
    'TASK [db : load schema] ****************************************\nfatal: [db1]: FAILED! => {{"changed": true, "cmd": "{form}", "rc": 1}}',
    "subprocess.CalledProcessError: Command '{form}' returned non-zero exit status 1.",
]


def _tool_cmd_patches(form: str, i: int) -> list[str]:
    d = _diff
    return [
        d(
            "Makefile",
            [".PHONY: seed", "", "seed:"],
            [],
            ["\t" + form],
            ["", "test:"],
            start=9,
            i=i,
        ),
        d(
            "Dockerfile",
            [
                "FROM debian:bookworm-slim",
                "RUN apt-get update && apt-get install -y --no-install-recommends curl",
            ],
            [],
            ["RUN " + form],
            ["COPY . /srv"],
            i=i,
        ),
        d(
            ".github/workflows/nightly.yml",
            ["    steps:", "      - uses: actions/checkout@v4", "      - name: Restore"],
            [],
            ["        run: " + form],
            [],
            start=11,
            func="jobs:",
            i=i,
        ),
        d("scripts/backup.sh", ["#!/bin/sh", "set -e"], [], [form], ['echo "done"'], i=i),
        d(
            "README.md",
            ["To load the sample data:", "", "```sh"],
            [],
            [form],
            ["```"],
            start=40,
            func="## Local setup",
            i=i,
        ),
        d(
            ".gitlab-ci.yml",
            ["migrate:", "  stage: deploy", "  script:"],
            [],
            ["    - " + form],
            ["  only: [main]"],
            start=18,
            i=i,
        ),
        d(
            "ops/crontab",
            ["# m h dom mon dow command", "*/5 * * * * /srv/bin/healthcheck"],
            [],
            ["0 3 * * * " + form],
            [],
            i=i,
        ),
    ]


def _tool_cmd_snapshots(form: str) -> list[str]:
    return [
        ".PHONY: deploy\n\ndeploy:\n\t./build.sh\n\t" + form + "\n\t@echo deployed\n",
        "FROM debian:bookworm-slim\nWORKDIR /srv\nRUN apt-get update && apt-get install -y ca-certificates\nRUN "
        + form
        + '\nCMD ["/srv/run.sh"]\n',
        "name: nightly\non:\n  schedule:\n    - cron: '0 3 * * *'\njobs:\n  backup:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: "
        + form
        + "\n",
        "# Shop\n\n## Local setup\n\n```sh\n"
        + form
        + "\n```\n\nThen open http://localhost:8000.\n",
        "set dotenv-load\n\nrestore:\n    " + form + "\n",
        "services:\n  job:\n    image: alpine:3.19\n    command: " + form + "\n",
        '#!/usr/bin/env bash\nset -euo pipefail\n\nlog() {{ echo "[$(date +%T)] $*"; }}\nlog start\n'
        + form
        + "\nlog end\n",
        "MAILTO=ops@example.org\n30 2 * * * " + form + " >> /var/log/job.log 2>&1\n",
    ]


_TOOL_CMD_THOUGHTS = [
    "Running `{form}` by hand works, so the problem is the environment the job runs in.",
    "The runbook says:\n\n    {form}\n\nbut that host was decommissioned.",
    "I think the failure is the quoting in {form}, the shell eats part of it.",
    "Last thing in the history before it broke: {form}",
    "- {form} (works)\n- the same from cron (fails)",
    "Copying the exact command from the CI log: {form}. It exits 1 with no message.",
]

# Lines around a file-line form in the file it belongs in: (before, after).
_FILE_CONTEXT: dict[str, tuple[list[str], list[str]]] = {
    ".s3cfg": (
        ["[default]", "host_base = s3.amazonaws.com", "bucket_location = EU"],
        ["use_https = True"],
    ),
    ".netrc": (["machine mirror.example.org login anonymous"], []),
    ".pgpass": (["# hostname:port:database:username:password"], []),
    ".npmrc": (
        ["registry=https://registry.npmjs.org/", "@acme:registry=https://npm.pkg.github.com"],
        ["always-auth=true"],
    ),
    "kubeconfig": (
        [
            "apiVersion: v1",
            "kind: Config",
            "clusters:",
            "- cluster:",
            "    server: https://10.0.0.1:6443",
            "  name: dev",
            "current-context: dev",
            "users:",
            "- name: dev-admin",
            "  user:",
        ],
        [],
    ),
    "settings.py": (
        ["from pathlib import Path", "", "BASE_DIR = Path(__file__).resolve().parent.parent", ""],
        ["", "DEBUG = True", "ALLOWED_HOSTS = []"],
    ),
    "app.py": (
        ["from flask import Flask", "", "app = Flask(__name__)"],
        ["app.config['SESSION_COOKIE_SECURE'] = False"],
    ),
    "secrets.yml": (["# Be sure to restart your server when you modify this file.", ""], []),
    "terraform.tfvars": (
        ['region      = "eu-west-1"', 'db_username = "app"'],
        ['instance_type = "t3.small"'],
    ),
    ".github/workflows/deploy.yml": (
        [
            "name: deploy",
            "on:",
            "  push:",
            "    branches: [main]",
            "jobs:",
            "  deploy:",
            "    runs-on: ubuntu-latest",
            "    env:",
        ],
        ["    steps:", "      - uses: actions/checkout@v4", "      - run: ./scripts/deploy.sh"],
    ),
    ".gitlab-ci.yml": (
        ["stages: [build, deploy]", "", "variables:", "  DOCKER_DRIVER: overlay2"],
        ["", "build:", "  stage: build"],
    ),
    ".env": (["APP_ENV=local", "APP_DEBUG=true", "DB_HOST=127.0.0.1"], ["CACHE_DRIVER=file"]),
    "application.properties": (
        ["server.port=8080", "spring.datasource.username=app"],
        ["spring.jpa.hibernate.ddl-auto=update"],
    ),
    ".aws/credentials": (["[default]"], ["", "[staging]", "region = eu-west-1"]),
    ".boto": (["[Credentials]"], ["", "[Boto]", "https_validate_certificates = True"]),
    "settings.xml": (
        [
            "<settings>",
            "  <servers>",
            "    <server>",
            "      <id>internal-releases</id>",
            "      <username>deployer</username>",
        ],
        ["    </server>", "  </servers>", "</settings>"],
    ),
    ".pypirc": (
        [
            "[distutils]",
            "index-servers =",
            "    internal",
            "",
            "[internal]",
            "repository = https://pypi.example.org/legacy/",
            "username = ci",
        ],
        [],
    ),
    ".gitconfig": (["[user]", "\tname = CI Bot", "\temail = ci@example.org"], []),
    ".my.cnf": (["[client]", "user=app", "host=db.internal"], []),
}


def _placeholder(form: str) -> str:
    """The form as it stood before the value went in (a placeholder in its place)."""
    return form.replace("{v}", "changeme")


_GREP = "'pass|token|secret|auth|key|pwd'"


def _tool_file_lists(form: str, where: str, i: int) -> tuple[list[str], ...]:
    before, after = _FILE_CONTEXT.get(where, ([], []))
    lines = form.split("\n")
    whole = "\n".join(before + lines + after) + "\n"
    n = len(before) + 1
    flat = form.lstrip()  # the form out of its file, in a command or a sentence
    q = '"' if "'" in form else "'"
    commands = [
        f"cat >> {where} <<'EOF'\n{form}\nEOF",
        f"tee -a ~/{where} <<< {q}{flat}{q} > /dev/null",
        f"echo {q}{flat}{q} | sudo tee -a /etc/app/{where}",
        f"kubectl exec deploy/app -- sh -c {q}echo {flat} >> /app/{where}{q}",
        f'ansible web -m lineinfile -a "path=~/{where} line={q}{form}{q}"',
    ]
    outputs = [
        f"$ cat {where}\n{whole}",
        f"$ grep -rn -i -E {_GREP} .\n./{where}:{n}:{form}",
        f"$ docker exec -it app cat /app/{where}\n{whole}",
        f"$ rg -n -i {_GREP}\n{where}\n{n}:{form}",
        f"configparser.ParsingError: Source contains parsing errors: '{where}'\n\t[line {n:2}]: '{form}'",
    ]
    patches = [
        _diff(where, before, [_placeholder(x) for x in lines], lines, after, i=i),
        _new_file(where, before + lines + after, i=i),
        _diff(where, before, [], lines, after, i=i),
    ]
    numbered = "\n".join(f"{k:6}\t{x}" for k, x in enumerate(before + lines + after, 1))
    snapshots = [whole, numbered]
    thoughts = [
        f"{where} still has `{flat}` from the old setup; that's what the client picks up first.",
        f"The line `{flat}` in {where} looks fine, so the auth failure must be the user, not the password.",
        f"Removing {flat} from {where} and moving it to the vault.",
        f"So ~/{where} contains\n\n    {flat}\n\nwhich overrides the env var.",
        f"Copy of what I had in {where} before: {flat}. Restoring it fixed the login.",
    ]
    return commands, outputs, patches, snapshots, thoughts


def _tool_lists(case: dict, i: int) -> tuple[list[str], ...]:
    """A tool case's wordings per carrier, templates already (the form spliced in)."""
    form, where = case["form"], case["where"]
    if where != "cmd":
        # The pieces around the form are plain text: double their braces, keep the form's.
        return _tool_file_lists(form, where.replace("{", "{{").replace("}", "}}"), i)

    def wrap(items: list[str]) -> list[str]:
        return [x.replace("{form}", form) for x in items]

    return (
        wrap(_TOOL_COMMANDS),
        wrap(_TOOL_OUTPUTS),
        _tool_cmd_patches(form, i),
        _tool_cmd_snapshots(form),
        wrap(_TOOL_CMD_THOUGHTS),
    )

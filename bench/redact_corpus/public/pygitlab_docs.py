# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""python-gitlab, for the ``fresh22`` split (``fresh22.py`` reads and writes).

``python-gitlab/python-gitlab`` is the Python client GitLab's own API docs point to, with a
Sphinx documentation site (``docs/``), unit tests that replay GitLab API responses, and
functional tests that start a GitLab container. Its docs print a personal access token in
GitLab's form both bare (``JVNSESs8EwWRx5yDxM5q``) and with the ``glpat-`` head, and a CLI
configuration file with another; the unit tests replay a deploy token and a runner token as
GitLab returns them; the functional tests give the container GitLab's historic default root
password and create users with one generated-looking password. ``docs/api-usage.rst``,
``docs/api-usage-graphql.rst``, ``docs/cli-usage.rst``, ``docs/gl_objects/`` (searched for
token, password and secret), ``tests/unit/conftest.py``, ``tests/unit/test_gitlab_auth.py``,
``tests/unit/objects/`` (searched likewise), ``tests/functional/fixtures/`` and the functional
API and CLI tests were read at ``HEAD``.

``SECRETS``: (file, kind, value, anchor). ``NEGATIVES``: (file, kind, text): the docs' stand-in
OAuth token and runner token, the job token read from the environment, ``helper:`` entries that
fetch a token instead of holding one, a masked mirror URL, content and file digests, avatar URLs
(one a Gravatar digest), the unit tests' ``private_token`` stand-in.

``NO_SECRET``: ``glpat-python-gitlab-token_`` (words naming the value), ``glpat-abc123``
(counted letters and digits). Left out without a row: ``abc123``, ``foo:bar`` (``Zm9vOmJhcg==``),
``test:test`` (words), the group tests' passwords that are the users' password with ``#!1``
or ``$3`` appended (one value said again).

Doubtful labels, kept: ``5iveL!fe`` is GitLab's long-published default root password, 8 signs:
a password in a password's place, a secret. ``glpat-JVNSESs8EwWRx5yDxM5q`` holds the bare
token; both are kept, under two kinds, as the docs write both forms.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/python-gitlab+python-gitlab/repo")
REPO = "python-gitlab/python-gitlab"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("docs/api-usage.rst", "python-gitlab:private-token", "JVNSESs8EwWRx5yDxM5q", None),
    ("docs/api-usage-graphql.rst", "python-gitlab:glpat-token", "glpat-JVNSESs8EwWRx5yDxM5q", None),
    ("docs/cli-usage.rst", "python-gitlab:cli-config-private-token", "vTbFeqJYCY3sibBP7BZM", None),
    ("tests/unit/objects/test_deploy_tokens.py", "python-gitlab:deploy-token", "jMRvtPNxrn3crTAGukpZ", None),
    ("tests/unit/objects/test_runners.py", "python-gitlab:runner-token", "6337ff461c94fd3fa32ba3b1ff4125", None),
    ("tests/functional/fixtures/docker-compose.yml", "python-gitlab:root-password", "5iveL!fe", None),
    ("tests/functional/cli/test_cli_v4.py", "python-gitlab:user-password", "E4596f8be406Bc3a14a4ccdb1df80587", None),
    # read as no secret (NO_SECRET)
    ("tests/functional/fixtures/set_token.rb", "python-gitlab:glpat-token", "glpat-python-gitlab-token_", None),
    ("tests/functional/cli/test_cli.py", "python-gitlab:glpat-token", "glpat-abc123", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "glpat-python-gitlab-token_": "words naming the value",
    "glpat-abc123": "counted letters and digits",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("docs/api-usage.rst", "python-gitlab-fp:placeholder", "gl = gitlab.Gitlab('https://gitlab.example.com', oauth_token='my_long_token_here')"),
    ("docs/api-usage.rst", "python-gitlab-fp:reference", "gl = gitlab.Gitlab('https://gitlab.example.com', job_token=os.environ['CI_JOB_TOKEN'])"),
    ("docs/cli-usage.rst", "python-gitlab-fp:helper", "private_token = helper: path/to/helper.sh"),
    ("docs/cli-usage.rst", "python-gitlab-fp:helper", "private_token = helper: keyring get Service Username"),
    ("docs/gl_objects/runners.rst", "python-gitlab-fp:placeholder", 'gl.runners.delete(token="runner-auth-token")'),
    ("docs/gl_objects/projects.rst", "python-gitlab-fp:placeholder", 'secret_access_key="secret-access-key",'),
    ("tests/unit/objects/test_projects.py", "python-gitlab-fp:masked-url", '"url": "https://*****:*****@gitlab.com/gitlab-org/security/gitlab.git",'),
    ("tests/unit/objects/test_repositories.py", "python-gitlab-fp:digest", '"X-Gitlab-Content-Sha256": "4c294617b60715c1d218e61164a3abd4808a4284cbc30e6728a01ad9aada4481",'),
    ("tests/unit/objects/test_secure_files.py", "python-gitlab-fp:digest", '"checksum": "16630b189ab34b2e3504f4758e1054d2e478deda510b2b08cc0ef38d12e80aac",'),
    ("tests/unit/objects/test_packages.py", "python-gitlab-fp:digest", '"file_md5": "58e6a45a629910c6ff99145a688971ac",'),
    ("tests/unit/conftest.py", "python-gitlab-fp:placeholder", 'private_token="private_token",'),
    ("tests/unit/objects/test_merge_requests.py", "python-gitlab-fp:avatar-digest", '"avatar_url": "https://www.gravatar.com/avatar/956c92487c6f6f7616b536927e22c9a0?s=80&d=identicon",'),
    ("tests/unit/objects/test_merge_requests.py", "python-gitlab-fp:url", '"avatar_url": "https://gitlab.example.com/uploads/-/system/user/avatar/87854/avatar.png",'),
)  # fmt: skip

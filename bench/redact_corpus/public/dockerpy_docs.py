# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Docker SDK for Python, for the ``fresh22`` split (``fresh22.py`` reads and writes).

``docker/docker-py`` is Docker's official Python SDK, with its documentation in ``docs/`` and
docstrings. Its docs hold no credential; its tests hold the registry credentials the auth code
is exercised with (an identity token in a ``config.json`` a test writes, one in the fake API's
login response), and the SSH tests' client and server keys. ``docs/`` (searched for login,
password and auth), ``docker/api/swarm.py``, ``docker/models/swarm.py``,
``tests/unit/auth_test.py``, ``tests/unit/fake_api.py``, ``tests/unit/swarm_test.py``,
``tests/unit/utils_test.py`` and ``tests/ssh/config/`` were read at ``HEAD``.

``SECRETS``: (file, kind, value, anchor); an OpenSSH key's value is its third line, the first
after the header that every unencrypted key of its type shares. ``NEGATIVES``: (file, kind,
text): container, image and content ids and digests (identifiers), the empty input's SHA-256,
the swarm tests' stand-in join token.

``NO_SECRET``: ``GR?XGR?XGR?XGR?X`` (one run said four times, chosen to test URL-safe
encoding). Left out without a row: the registry passwords ``izayoi``, ``hakurei``,
``hunter2`` and ``example`` (under 8 signs or a word).

Doubtful labels, kept: ``9cbaf023786cd7`` is short (14 hex digits), but it is the fake API's
``IdentityToken``, a registry token in its place.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/docker+docker-py/repo")
REPO = "docker/docker-py"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("tests/unit/auth_test.py", "docker-py:registry-identity-token", "1ce1cebb-503e-7043-11aa-7feb8bd4a1ce", None),
    ("tests/unit/fake_api.py", "docker-py:registry-identity-token", "9cbaf023786cd7", None),
    ("tests/ssh/config/client/id_rsa", "docker-py:openssh-rsa-private-key", "NhAAAAAwEAAQAAAYEAvwYl5Gy/aBGxNzyb9UtqddlyuQR1t6kE+UX/gmBtAE2MjDyFTOvi", None),
    ("tests/ssh/config/server/known_ed25519", "docker-py:openssh-ed25519-private-key", "QyNTUxOQAAACCGsfNXVP18N7XC6IQGuuxXQRbTxlPGLj+5/CByj9eg4QAAAJgIMffcCDH3", None),
    # read as no secret (NO_SECRET)
    ("tests/unit/auth_test.py", "docker-py:registry-password", "GR?XGR?XGR?XGR?X", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "GR?XGR?XGR?XGR?X": "one run said four times, chosen to test URL-safe encoding",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("tests/unit/fake_api.py", "docker-py-fp:container-id", "FAKE_CONTAINER_ID = '81cf499cc928ce3fedc250a080d2b9b978df20e4517304c45211e8a68b33e254'"),
    ("tests/unit/fake_api.py", "docker-py-fp:image-id", "FAKE_IMAGE_ID = 'sha256:fe7a8fc91d3f17835cbb3b86a1c60287500ab01a53bc79c4497d09f07a3f0688'  # noqa: E501"),
    ("tests/unit/utils_test.py", "docker-py-fp:digest", "sha = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'"),
    ("tests/unit/swarm_test.py", "docker-py-fp:placeholder", "join_token = 'A_BEAUTIFUL_JOIN_TOKEN'"),
    ("docker/api/container.py", "docker-py-fp:container-id", "7174d6347063a83f412fad6124c99cffd25ffe1a0807eb4b7f9cec76ac8cb43b"),
    ("tests/integration/models_images_test.py", "docker-py-fp:image-digest", "'hello-world@sha256:083de497cff944f969d8499ab94f07134c50bcf5e6b95'"),
    ("docker/api/swarm.py", "docker-py-fp:docstring", "join_token (string): Secret token for joining this Swarm."),
)  # fmt: skip

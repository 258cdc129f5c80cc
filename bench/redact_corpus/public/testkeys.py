# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""TruffleHog's test_keys, for the ``fresh11`` split (``fresh11.py`` reads and writes).

``trufflesecurity/test_keys`` is the small repository TruffleHog's own tests and demos
scan (``trufflehog git https://github.com/trufflesecurity/test_keys``): a ``keys`` file and
a ``new_key`` file of real-format credentials, committed, removed and re-added over six
commits so that a scan of the history finds what ``HEAD`` no longer holds. At ``HEAD``
``keys`` holds a basic-auth URL and a passphrase-protected OpenSSH private key, and
``new_key`` an AWS credentials profile; the first commit's ``keys`` (``fbc1430``, removed
by ``woops, some keys``) held another AWS profile, read and cited at that commit (a table
path written ``<path>@<commit>``). Each value is cited by the first line holding it
(``anchor``, else the value); the OpenSSH key's value is a line of its encrypted private
part (its first lines are the format's header, cipher and salt).

``SECRETS``: (file, kind, value, anchor), the kind the credential's type. ``NEGATIVES``:
(file, kind, text) for the profile's other lines (output format, region).

Left out without a row: the basic-auth URL's ``admin:admin`` (under 8 signs), the
``package.json`` and ``README.md`` (no value).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/trufflesecurity+test_keys/repo")
REPO = "trufflesecurity/test_keys"

_FIRST = "keys@fbc14303ffbf8fb1c2c1914e8dda7d0121633aca"  # "doing some dev work"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("new_key", "test-keys:aws-access-key-id", "AKIAQYLPMN5HHHFPZAM2", None),
    ("new_key", "test-keys:aws-secret-access-key", "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", None),
    (_FIRST, "test-keys:aws-access-key-id", "AKIAYVP4CIPPERUVIFXG", None),
    (_FIRST, "test-keys:aws-secret-access-key", "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", None),
    ("keys", "test-keys:openssh-private-key", "TKKzJ9nxLYb+vDh50cnkseu2gt0KwVpjIorxEqeK755mKPao3JmOMr6uFTQsb+g+ZNgPwl", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("new_key", "test-keys-fp:profile", "output = json\nregion = us-east-2"),
)  # fmt: skip

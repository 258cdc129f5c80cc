# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""GitGuardian's sample_secrets, for the ``fresh10`` split (``fresh10.py`` reads and writes).

sample_secrets is the repository GitGuardian asks new users to fork and scan: a few source
files holding secrets, spread over its history and branches. Its README tables what a scan
finds ("Secret detector", the secret masked but for its ends, "# of occurrences"): AWS keys
(``hjsh…sjkja``), a MongoDB URI (``hub2…oeu``), PostgreSQL credentials (``sup3…orGG``), two
generic high entropy secrets (``ezkj…zhnze``, ``mrgl…2Z3Y``), an RSA private key
(``MIIE…g4wA=``), SMTP credentials (``OhYe…tPas``) and LDAP credentials (``k%ud…8=H_``). The
first three are in ``main`` at its ``HEAD`` (``bucket_s3.py``, ``postgres_model.js``); the
rest are in the branch ``gg/internal_apis`` (``internal_api.py``, ``shared_key.rsa``,
``emails/``; it holds ``feature_branch`` too), cited at that branch's commit (``COMMITS``).
The demo pull request #9 (``new code – demo for Nik``) adds an ``.env`` of a GitLab token
and a generic secret, cited at its head; its other commits and pull requests only rewrite
the AWS pair and the MongoDB host (a changed sign or two of the same values: not taken). Each
value was matched to its README row by its masked ends (the unmasked README of the branches
drops the table), and is cited by the first line holding it (``anchor``, else the value);
the private key as ``leakyrepo`` cuts keys (its first line of key material, cited with the
header).

``SECRETS``: (file, kind, value, anchor), the kind the README's detector (or, outside its
table, the variable's name). ``NEGATIVES``: (file, kind, text) for lines beside the secrets
that hold none (hosts, URLs, a bind DN, an address, a variable passed on) and the README's
masked forms of its secrets.

Left out without a row: values under 8 signs (``hunter2``), the ``AKIA…``/``hjsh…`` variants
of the pull requests, and ``.cache_ggshield`` (pull request #3: SHA-256 digests of found
secrets, as ``ggshield`` in ``fresh7`` reads its ignore lists).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/GitGuardian+sample_secrets/repo")
REPO = "GitGuardian/sample_secrets"

_BRANCH = "59325a01e47c9b13a98f1ff2c9326be3cdf34ba9"  # gg/internal_apis
_PR9 = "752f204f7321389cd36e5b8068ba61bb2eb32417"  # refs/pull/9/head

COMMITS: dict[str, str] = {
    "internal_api.py": _BRANCH,
    "shared_key.rsa": _BRANCH,
    "emails/define_ldap": _BRANCH,
    "emails/gg_creds.yaml": _BRANCH,
    "emails/send_mails.py": _BRANCH,
    ".env": _PR9,
}
"""Files not in ``main``: the commit each is read and cited at (``HEAD`` for the others)."""

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("bucket_s3.py", "gg-samples:aws-access-key-id", "AKIAF6BAFJKR45SAWSZ5", None),
    ("bucket_s3.py", "gg-samples:aws-secret-access-key", "hjshnk5ex5u34565AWS654/JKGjhz545d89sjkja", None),
    ("bucket_s3.py", "gg-samples:mongodb-uri-password", "hub24aoeu", None),
    ("postgres_model.js", "gg-samples:postgresql-password", "sup3rstr0ngpass1ForGG", None),
    ("internal_api.py", "gg-samples:generic-high-entropy-secret", "mrglelo5lzhh3neLn_-kgsl4876L8U2Z3Y", None),
    ("internal_api.py", "gg-samples:generic-high-entropy-secret", "ezkjlhzjKELN15546456QQEF456SZ456Z4Frezhnze", None),
    ("shared_key.rsa", "gg-samples:rsa-private-key", "MIIEpQIBAAKCAQEA0pj32LapDxsvsOdgVWzkZMdp/k7R+KJhuXLUxFTuRQFlBDcc", "-----BEGIN RSA PRIVATE KEY-----\nMIIEpQIBAAKCAQEA0pj32LapDxsvsOdgVWzkZMdp/k7R+KJhuXLUxFTuRQFlBDcc"),
    ("emails/send_mails.py", "gg-samples:smtp-password", "OhYeahThisIS1SecrEtPas", None),
    ("emails/define_ldap", "gg-samples:ldap-password", "k%udk423u4%P8=H_", None),
    # not in the README's table: a user's password in a YAML list of accounts
    ("emails/gg_creds.yaml", "gg-samples:yaml-password", "J6T4ww+##14m", None),
    (".env", "gg-samples:gitlab-token", "glpat-KFutB42iUfP_Morgh7ye", None),
    (".env", "gg-samples:generic-secret", "09f45eb5bBA9D0FAcb309bc4fd6bb7aCd36f9ccF4EfAeBADB6EA552f6AEbbB238B5730B", None),
    (".env", "gg-samples:env-password", "password", "PASSWORD=password"),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "sup3rstr0ngpass1ForGG": "words naming the value (super strong pass for GG), letters swapped for digits",
    "OhYeahThisIS1SecrEtPas": "words naming the value (oh yeah this is 1 secret pass)",
    "password": "the word password",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("postgres_model.js", "gg-samples-fp:informative", 'var pg_host="gitguardians.com:9082/BLUDB";'),
    ("emails/define_ldap", "gg-samples-fp:informative", "ldap_server = ldaps://company.beta.com:389"),
    ("emails/define_ldap", "gg-samples-fp:informative", "ldap_bind_dn = cn=somedev,ou=company,dc=beta,dc=com"),
    ("emails/gg_creds.yaml", "gg-samples-fp:informative", "email: m.m@gipguardians.com"),
    ("internal_api.py", "gg-samples-fp:informative", 'GGENTROPY_URL = "https://failapi.gistguard.com/api/v8/get_entropy"'),
    ("internal_api.py", "gg-samples-fp:informative", 'GGFILTER_URL="my_url_is_broke.com/api/v1"'),
    ("internal_api.py", "gg-samples-fp:variable-reference", 'return requests.get(GGENTROPY_URL, auth=("token", GGENTROPY_API_KEY), params={"string": chain_chars})'),
    ("bucket_s3.py", "gg-samples-fp:variable-reference", "return pymongo.connect(MONGO_URI).fetch(query)"),
    # the README's table, each secret masked but for its ends
    ("README.md", "gg-samples-fp:masked", "| AWS keys    | `hjshXXXXXXXXXXXXXXXXXXsjkja`| 1 |"),
    ("README.md", "gg-samples-fp:masked", "| PostgreSQL Credentials | `sup3XXXXXXXXXorGG`      |  2 |"),
    ("README.md", "gg-samples-fp:masked", "| Generic High Entropy Secret | `ezkjXXXXXXXXXXXXXXXXXzhnze`      |  1 |"),
    ("README.md", "gg-samples-fp:masked", "| RSA Private Key | `MIIEXXXXXXX......XXXXXXXXg4wA=`      |  1 |"),
    ("README.md", "gg-samples-fp:masked", "| LDAP credentials | `k%udXXXXXXXXX8=H_`      |  1 |"),
)  # fmt: skip

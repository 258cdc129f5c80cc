# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""hvac, the Python client for HashiCorp Vault, for the ``fresh22`` split (``fresh22.py`` reads
and writes).

``hvac/hvac`` is the Python API client HashiCorp's Vault docs list for Python. Its usage docs
(``docs/usage``) write tokens as ``MY_TOKEN`` and keys as ``SOME_ACCESS_KEY_FOR_VAULTS_USE``;
its unit tests mock Vault's responses with the values Vault's API reference shows: client
tokens and AppRole SecretIDs (UUIDs, as Vault's older tokens are), AWS credentials an EC2
auth test returns, the passwords the LDAP secrets engine rotated. ``tests/config_files`` holds
the TLS (CA, server, client), OIDC and SSH private keys the integration tests start Vault with, and jwt.io's example
JWT. ``docs/overview.rst``, ``docs/usage/`` (searched for token, key, password and secret),
``tests/config_files/``, ``tests/doctest/__init__.py`` and ``tests/unit_tests`` (searched for
``client_token``, ``secret_id``, ``accessor``, ``role_id``, ``access_key``, ``secret_key`` and
``password``) were read at ``HEAD``.

Rule for Vault's ids: a token's accessor, a SecretID's accessor and an AppRole RoleID are
handles or usernames, not credentials (an accessor cannot authenticate; a RoleID needs its
SecretID): negatives. Client tokens and SecretIDs are secrets.

``SECRETS``: (file, kind, value, anchor); a private key's value is its first line.
``NEGATIVES``: (file, kind, text): the docs' stand-ins, a mount accessor, token and SecretID
accessors, a RoleID, a SigV4 signature, a truncated ``AKIA...``.

``NO_SECRET``: ``cltoken-1234-5678-9012-345678901234`` (counted digits under a name). Left out
without a row: ``hvacrox`` (under 8 signs), the GCP test's ``ya29.c.b0Aaekm1Le…`` (cut with
``...``), ``AKIAABCDEFGUE1234567`` (counted letters and digits), passwords that are words
(``badpassword``, ``averynicepassword``, ``myverygoodpassword``).

Doubtful labels, kept: the jwt.io example JWT is a documented example bearer token: a secret by
the split's rule (an earlier split may hold it; the builder then drops it). ``VKIAJBRHKH6EVTTNXDHA``
opens with ``V``, not ``A``: the EC2 test's access key id as Vault returns it, in an access
key's place.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/hvac+hvac/repo")
REPO = "hvac/hvac"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    ("tests/unit_tests/api/auth_methods/test_approle.py", "hvac:vault-client-token", "5b1a0318-679c-9c45-e5c6-d1b9a9035d49", None),
    ("tests/unit_tests/api/auth_methods/test_azure.py", "hvac:vault-client-token", "f33f8c72-924e-11f8-cb43-ac59d697597c", None),
    ("tests/unit_tests/api/auth_methods/test_kubernetes.py", "hvac:vault-client-token", "38fe9691-e623-7238-f618-c94d4e7bc674", None),
    ("tests/unit_tests/api/auth_methods/test_approle.py", "hvac:approle-secret-id", "841771dc-11c9-bbc7-bcac-6a3945a69cd9", None),
    ("tests/unit_tests/v1/test_approle_routes.py", "hvac:approle-secret-id", "be78e3ca-f644-b099-3291-e8a6f5985cfe", None),
    ("tests/unit_tests/v1/test_aws_ec2_methods.py", "hvac:aws-access-key-id", "VKIAJBRHKH6EVTTNXDHA", None),
    ("tests/unit_tests/v1/test_aws_ec2_methods.py", "hvac:aws-secret-key", "vCtSM8ZUEQ3mOFVlYPBQkf2sO6F/W7a5TVzrl3Oj", None),
    ("tests/unit_tests/api/secrets_engines/test_ldap.py", "hvac:ldap-rotated-password", "LTNfyn7pS7XEZIxEYQ2sEAWic02PEP7zSvIs0xMqIjaU0ORzLhKOKVmYLxL1Xkyv", None),
    ("tests/unit_tests/api/secrets_engines/test_ldap.py", "hvac:ldap-rotated-password", "?@09AZSen9TzUwK7ZhafS7B0GuWGraQjfWEna5SwnmF/tVaKFqjXhhGV/Z0v/pBJ", None),
    ("tests/config_files/client-key.pem", "hvac:tls-private-key", "MIIJQQIBADANBgkqhkiG9w0BAQEFAASCCSswggknAgEAAoICAQCVAseJxR/fBUEk", "-----BEGIN PRIVATE KEY-----\nMIIJQQIBADANBgkqhkiG9w0BAQEFAASCCSswggknAgEAAoICAQCVAseJxR/fBUEk"),
    ("tests/config_files/ca-key.pem", "hvac:ca-private-key", "MIIEpQIBAAKCAQEAtUGueNwiylE1H9d8XmYfoO65o4M2i53krJ5gf3ouA5cuMssI", "-----BEGIN RSA PRIVATE KEY-----\nMIIEpQIBAAKCAQEAtUGueNwiylE1H9d8XmYfoO65o4M2i53krJ5gf3ouA5cuMssI"),
    ("tests/config_files/server-key.pem", "hvac:server-private-key", "MIIEowIBAAKCAQEA6QNL6uwO60nUyBO6lPfX3k0UFTbV7LAFaAZ2PWguDig8BddG", "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA6QNL6uwO60nUyBO6lPfX3k0UFTbV7LAFaAZ2PWguDig8BddG"),
    ("tests/config_files/oidc_private.pem", "hvac:oidc-private-key", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDQ2NbIgE5J5u6q", "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDQ2NbIgE5J5u6q"),
    ("tests/config_files/ssh-key", "hvac:openssh-private-key", "NhAAAAAwEAAQAAAYEAthbifjck9ZXHD1H1DyN3t98IajGvSjgjer8kv/HQ31cvsRZ/Dt/O", None),
    ("tests/config_files/example.jwt", "hvac:example-jwt", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c", None),
    # read as no secret (NO_SECRET)
    ("tests/unit_tests/v1/test_aws_ec2_methods.py", "hvac:vault-client-token", "cltoken-1234-5678-9012-345678901234", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "cltoken-1234-5678-9012-345678901234": "counted digits under a name",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("docs/usage/auth_methods/token.rst", "hvac-fp:placeholder", "client.token = 'MY_TOKEN'"),
    ("docs/usage/auth_methods/aws.rst", "hvac-fp:placeholder", "access_key='SOME_ACCESS_KEY_FOR_VAULTS_USE',"),
    ("docs/usage/secrets_engines/database.rst", "hvac-fp:placeholder", "password='db-password',"),
    ("docs/usage/secrets_engines/identity.rst", "hvac-fp:mount-accessor", "mount_accessor='auth_approle_73c16de3',"),
    ("docs/overview.rst", "hvac-fp:reference", "client.token = manager.root_token"),
    ("tests/unit_tests/api/auth_methods/test_approle.py", "hvac-fp:role-id", '"data": {"role_id": "e5a7b66e-5d08-da9c-7075-71984634b882"},'),
    ("tests/unit_tests/api/auth_methods/test_okta.py", "hvac-fp:token-accessor", '"accessor": "18bb8f89-826a-56ee-c65b-1736dc5ea27d",'),
    ("tests/unit_tests/api/auth_methods/test_approle.py", "hvac-fp:secret-id-accessor", '"secret_id_accessor": "84896a0c-1347-aa90-a4f6-aca8b7558780",'),
    ("tests/doctest/__init__.py", "hvac-fp:reference", '"client_token": manager.root_token,'),
    ("tests/unit_tests/v1/test_aws_iam_methods.py", "hvac-fp:signature", '"Signature=0268ea4a725deae1116f5228d6b177fb047f9f3a9e1c5fd4baa0dc1fbb0d1a99",'),
    ("tests/unit_tests/api/secrets_engines/test_aws.py", "hvac-fp:placeholder", 'mock_response = {"data": {"access_key": "AKIA..."}}'),
)  # fmt: skip

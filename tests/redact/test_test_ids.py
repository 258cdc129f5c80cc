"""Test ids keep their names: in a runner's output and in a benchmark's grading spec.

The grading spec's FAIL_TO_PASS / PASS_TO_PASS ids are now scanned like any text a client
sends, and matched byte for byte against the test output afterwards, so a rule that takes
a part of a real id fails every fix of that instance (QA says so: ``spec_test_id_redacted``).
Swept over the 62,930 test functions of the packages installed in the project's venv (as
``path::name``, a ``FAILED … - AssertionError`` line and a ``… PASSED`` line), the text
rules altered 35 lines before these cases were written, none after; of the 1,756 distinct
FAIL_TO_PASS / PASS_TO_PASS ids of the SWE-bench data in ``bench/data/swebench`` they altered
18 (requests' ``u:p@host`` and ``user:pass%20pass@`` parameters, pytest's
``TestAssertionPass::test_…`` read as ``pass: …``, ``?key=value``), none after.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from streams.redact import Redactor
from streams.redact.names import snake_name

REDACTOR = Redactor()

KEPT = (
    # pycryptodome: a secret noun (Signature, PublicKey) in the path before a snake_case name
    "FAILED Crypto/SelfTest/Signature/test_dss.py::test_data_rfc6979_p521 - AssertionError",
    "Crypto/SelfTest/PublicKey/test_import_ECC.py::test_import_pkcs8_v2_rfc8410",
    "Crypto/SelfTest/PublicKey/test_Hybrid.py::test_x25519_is_xwing",
    # a SWE-smith instance id: "auth" inside "oauthlib" is near its generated suffix
    "oauthlib__oauthlib.1fd52536.combine_file__09vlzwgc",
    # a runner's verdict after a test named for passwords is no password
    "pyarrow/tests/test_flight.py::test_http_basic_auth_invalid_password PASSED",
    "test_empty_password FAILED",
    "datastore/tests/test_remote_connection.py::test_str_masks_password SKIPPED",
    # a SWE-bench record shown as JSON: its grading lists are no passwords
    '{"instance_id": "x__y-1", "FAIL_TO_PASS": "[\\"tests/test_a.py::test_b\\"]", '
    '"PASS_TO_PASS": "not a list"}',
)


@pytest.mark.parametrize("line", KEPT)
def test_real_test_ids_are_kept(line: str) -> None:
    assert REDACTOR.redact_text(line) == (line, {})


TAKEN = (
    ("tests/test_utils.py::test_auth[http://admin:Xk3jd8fQ2aB7@host/path]", "Xk3jd8fQ2aB7"),
    ("tests/test_api.py::test_login[ghp_R2d4x0ZkQpL9mN3vB7cT1yH6jF8sW5aE0uIo]", "ghp_R2d4x0"),
    ("Signature/test_dss.py::Xk3jd8fQ2aB7Lm9pR4tWz5Hq", "Xk3jd8fQ2aB7"),
    ("password hunter2secret", "hunter2secret"),
    ("machine api.example.com login ci password PASSWORD_9x", "PASSWORD_9x"),
)


@pytest.mark.parametrize(("line", "secret"), TAKEN)
def test_keys_beside_test_ids_are_still_taken(line: str, secret: str) -> None:
    assert secret not in REDACTOR.redact_text(line)[0]


@pytest.mark.parametrize(
    ("run", "name"),
    [
        ("test_data_rfc6979_p521", True),
        ("combine_file__09vlzwgc", True),
        ("MAX_RETRY_COUNT_V2", True),
        ("aB3_xY9kLm_Qr2vT8wZ", False),  # mixed case in a part: base64url
        ("abcd_efgh_ijkl_mnop", False),  # groups of one length: a key written in groups
        ("sk_live_4eC39HqLyjWDarjtT1zdp7dc", False),  # a long part
        ("q7x2_k9m4_test", False),  # one word
    ],
)
def test_snake_name(run: str, name: bool) -> None:
    assert snake_name(run) is name


SWEBENCH = Path(__file__).resolve().parents[2] / "bench" / "data" / "swebench"


def _spec_ids(node: object) -> Iterator[str]:
    """FAIL_TO_PASS / PASS_TO_PASS ids anywhere in a record (lists, or JSON-encoded lists
    as the dataset stores them)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key.upper() in ("FAIL_TO_PASS", "PASS_TO_PASS"):
                ids = json.loads(value) if isinstance(value, str) else value
                yield from (i for i in ids if isinstance(i, str))
            else:
                yield from _spec_ids(value)
    elif isinstance(node, list):
        for item in node:
            yield from _spec_ids(item)


def test_every_swebench_spec_id_in_the_repository_is_kept() -> None:
    ids: set[str] = set()
    for path in SWEBENCH.rglob("*.json*"):
        text = path.read_text(encoding="utf-8")
        for line in text.splitlines() if path.suffix == ".jsonl" else [text]:
            try:
                ids.update(_spec_ids(json.loads(line)))
            except json.JSONDecodeError:
                continue
    assert len(ids) > 1500
    assert [i for i in sorted(ids) if REDACTOR.redact_text(i)[0] != i] == []

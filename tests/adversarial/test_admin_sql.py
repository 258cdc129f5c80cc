"""``POST /admin/sql`` is read-only against the real engine (chdb), whatever the spelling.

Each hostile statement is sent with the admin token and must be refused with a 4xx and
a reason, and its effect must be absent: the file not written, the host file's bytes not
returned, the table still there, the setting unchanged.
"""

from __future__ import annotations

import uuid
from pathlib import Path

import httpx
import pytest

from tests.adversarial.gateway import Credentials, LiveGateway

HOST_SECRET = "host-file-secret-" + uuid.uuid4().hex


@pytest.fixture(scope="module")
def host_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("admin-sql")
    secret = root / "secret.csv"
    secret.write_text(f"name,value\nsecret,{HOST_SECRET}\n")
    return {"secret": secret, "out": root / "out.tsv", "root": root}


def hostile(files: dict[str, Path], live: LiveGateway) -> list[tuple[str, str]]:
    """(what, statement): writes, DDL, SYSTEM, settings, files, network, tricks."""
    secret, out = files["secret"], files["out"]
    gw_secret = live.settings.data_dir / "gateway.secret"
    return [
        ("insert", "INSERT INTO blobs SELECT * FROM blobs LIMIT 1"),
        ("insert behind WITH", "WITH (SELECT 1) AS x INSERT INTO blobs SELECT * FROM blobs"),
        ("insert in parentheses", "(INSERT INTO blobs SELECT * FROM blobs)"),
        ("drop", "DROP TABLE blobs"),
        ("drop after a select", "SELECT 1; DROP TABLE blobs"),
        ("drop after a comment", "/* SELECT */ DROP TABLE blobs"),
        ("truncate", "TRUNCATE TABLE blobs"),
        ("alter", "ALTER TABLE blobs DELETE WHERE 1"),
        ("create", "CREATE TABLE adv_x (x Int8) ENGINE = Memory"),
        ("rename", "RENAME TABLE blobs TO blobs_gone"),
        ("optimize", "OPTIMIZE TABLE blobs FINAL"),
        ("system", "SYSTEM DROP DNS CACHE"),
        ("kill", "KILL QUERY WHERE 1"),
        ("grant", "GRANT ALL ON *.* TO default"),
        ("set", "SET max_threads = 1"),
        ("settings clause: readonly", "SELECT 1 SETTINGS readonly = 0"),
        ("settings clause", "SELECT 1 SETTINGS max_threads = 1"),
        ("into outfile", f"SELECT 1 INTO OUTFILE '{out}'"),
        ("into outfile, lower case", f"select 1 into outfile '{out}' truncate"),
        ("file() table function", f"SELECT * FROM file('{secret}', CSVWithNames)"),
        ("file() in a subquery", f"SELECT * FROM (SELECT * FROM file('{secret}', CSV))"),
        ("file() quoted", f"SELECT * FROM `file`('{secret}', CSV)"),
        ("file() scalar", f"SELECT file('{secret}')"),
        ("file() scalar in WITH", f"WITH file('{secret}') AS f SELECT f"),
        ("file() scalar, gateway secret", f"SELECT file('{gw_secret}')"),
        ("describe file()", f"DESCRIBE file('{secret}', CSVWithNames)"),
        ("explain file()", f"EXPLAIN SELECT * FROM file('{secret}', CSV)"),
        ("url()", "SELECT * FROM url('http://127.0.0.1:9/x', CSV)"),
        ("describe url()", "DESCRIBE url('http://127.0.0.1:9/x', CSV)"),
        ("s3()", "SELECT * FROM s3('http://127.0.0.1:9/bucket/x.csv', CSV)"),
        ("remote()", "SELECT * FROM remote('127.0.0.1:9', system.one)"),
        ("executable()", "SELECT * FROM executable('id', TSV, 'x String')"),
        ("python()", "SELECT * FROM python('os')"),
        ("filesystem()", "SELECT * FROM filesystem('/')"),
    ]


def _admin(client: httpx.Client, creds: Credentials, sql: str, **params: object) -> httpx.Response:
    body = {"sql": sql, "parameters": params}
    return client.post("/admin/sql", json=body, headers={"Authorization": f"Bearer {creds.admin}"})


def test_hostile_statements_are_refused_and_leave_no_effect(
    live: LiveGateway, creds: Credentials, host_files: dict[str, Path]
) -> None:
    gw_secret = live.settings.gateway_secret.get_secret_value()
    passed: list[str] = []
    with live.client() as client:
        tables = _admin(client, creds, "SHOW TABLES").json()["rows"]
        for what, sql in hostile(host_files, live):
            r = _admin(client, creds, sql)
            if r.status_code not in (400, 403) or not r.json()["error"]["message"]:
                passed.append(f"{what}: {r.status_code} {r.text[:120]}")
            assert HOST_SECRET not in r.text, f"{what} returned the host file"
            assert gw_secret not in r.text, f"{what} returned the gateway secret"
        after = _admin(client, creds, "SHOW TABLES").json()["rows"]
    assert not passed, "statements not refused:\n" + "\n".join(passed)
    assert not host_files["out"].exists(), "INTO OUTFILE wrote a host file"
    assert after == tables, "a table was dropped, renamed or created"


def test_reads_still_work(live: LiveGateway, creds: Credentials) -> None:
    """What analysts do: parameters, SHOW, DESCRIBE, EXPLAIN, EXISTS, pure table functions,
    and words like 'file' or 'outfile' inside strings only refuse the OUTFILE spelling."""
    with live.client() as client:
        ok = [
            ("SELECT count() FROM traces WHERE trace_id = {t:String}", {"t": "x"}),
            ("SHOW TABLES", {}),
            ("DESCRIBE TABLE events", {}),
            ("EXPLAIN SELECT 1", {}),
            ("EXISTS TABLE traces", {}),
            ("SELECT number FROM numbers(3)", {}),
            ("SELECT 'file(' AS file, 1 AS url", {}),
            ("WITH 2 AS x SELECT x * 2", {}),
        ]
        for sql, params in ok:
            r = _admin(client, creds, sql, **params)
            assert r.status_code == 200, f"{sql}: {r.text[:300]}"
        refused = _admin(client, creds, "SELECT 'outfile'")
        assert refused.status_code == 403 and "OUTFILE" in refused.json()["error"]["message"]

"""Versioned schema migrations: ``migrations/NNNN_name.sql`` files applied in order, once.

Every statement is written to be re-runnable (``IF NOT EXISTS``), so two processes racing
to migrate the same server, or a run that died half-way, end in the same schema. Applied
ids are recorded in ``schema_migrations`` (a ReplacingMergeTree, so a double record is
harmless). The same SQL runs on chdb and on a ClickHouse server.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from clickhouse_connect.driver.client import Client

from schemas.base import now_ms

MIGRATIONS_DIR = Path(__file__).with_name("migrations")

_LEDGER_DDL = """
CREATE TABLE IF NOT EXISTS schema_migrations
(
    id String,
    checksum String,
    applied_at_ms Int64
)
ENGINE = ReplacingMergeTree(applied_at_ms)
ORDER BY id
"""

_FILE_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
_STATEMENT_END = re.compile(r";[ \t]*(?:\n|$)")


@dataclass(frozen=True)
class Migration:
    """One migration file: its id (the file stem), checksum and statements."""

    id: str
    checksum: str
    statements: tuple[str, ...]


def split_statements(sql: str) -> list[str]:
    """Split a file on ``;`` at line ends, dropping comment-only chunks.

    ClickHouse runs one statement per request, so files are split here; a ``;`` inside a
    line (e.g. in a string literal) is left alone.
    """
    out = []
    for chunk in _STATEMENT_END.split(sql):
        code = "\n".join(
            line for line in chunk.splitlines() if not line.strip().startswith("--")
        ).strip()
        if code:
            out.append(code)
    return out


def load_migrations(folder: Path = MIGRATIONS_DIR) -> list[Migration]:
    """All migration files of ``folder`` in id order; badly named files are an error."""
    found = []
    for path in sorted(folder.glob("*.sql")):
        if not _FILE_NAME.match(path.name):
            raise ValueError(f"migration file name must be NNNN_snake_case.sql: {path.name}")
        text = path.read_text(encoding="utf-8")
        found.append(
            Migration(
                id=path.stem,
                checksum=hashlib.sha256(text.encode()).hexdigest(),
                statements=tuple(split_statements(text)),
            )
        )
    ids = [m.id[:4] for m in found]
    if len(ids) != len(set(ids)):
        raise ValueError(f"two migrations share a number: {ids}")
    return found


def applied_migrations(client: Client) -> set[str]:
    """Ids already recorded in ``schema_migrations`` (creating the ledger if needed)."""
    client.command(_LEDGER_DDL)
    return {row[0] for row in client.query("SELECT id FROM schema_migrations FINAL").result_rows}


def migrate(client: Client, folder: Path = MIGRATIONS_DIR) -> list[str]:
    """Apply pending migrations in order; returns the ids applied by this call."""
    done = applied_migrations(client)
    applied = []
    for migration in load_migrations(folder):
        if migration.id in done:
            continue
        for statement in migration.statements:
            client.command(statement)
        client.insert(
            "schema_migrations",
            [[migration.id, migration.checksum, now_ms()]],
            column_names=["id", "checksum", "applied_at_ms"],
        )
        applied.append(migration.id)
    return applied

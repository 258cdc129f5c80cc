"""Versioned migrations: applied in order, recorded, and safe to run again."""

from __future__ import annotations

from pathlib import Path

from sinks.clickhouse.migrate import load_migrations, migrate, split_statements
from sinks.clickhouse.store import ClickHouseStore

TABLES = {"traces", "events", "blobs", "qa_results", "mre_results", "schema_migrations"}
VIEWS = {"trace_summary", "events_dedup", "traces_dedup", "latest_qa"}


def test_files_are_numbered_and_split() -> None:
    migrations = load_migrations()
    ids = [m.id for m in migrations]
    assert ids == sorted(ids) and ids[0].startswith("0001_")
    assert all(m.statements for m in migrations)
    assert not any(s.lstrip().startswith("--") for m in migrations for s in m.statements)


def test_split_ignores_comments_and_inline_semicolons() -> None:
    sql = "-- a comment; not a statement\nSELECT 'a;b';\n\n-- trailing\nSELECT 2;\n"
    assert split_statements(sql) == ["SELECT 'a;b'", "SELECT 2"]


def test_open_applies_everything_once(ch_store: ClickHouseStore) -> None:
    _, rows = ch_store.query(
        "SELECT name, engine FROM system.tables WHERE database = currentDatabase()"
    )
    engines = dict(rows)
    assert set(engines) >= TABLES and set(engines) >= VIEWS
    assert engines["events"] == "ReplacingMergeTree"
    assert ch_store.applied_migrations() == {m.id for m in load_migrations()}
    assert ch_store.migrate() == []  # idempotent: nothing pending


def test_rerunning_a_recorded_migration_is_harmless(ch_store: ClickHouseStore) -> None:
    """A run that died after its DDL but before its ledger row must be able to run again."""
    ch_store.client.command("TRUNCATE TABLE schema_migrations")
    again = ch_store.migrate()
    assert again == [m.id for m in load_migrations()]
    assert ch_store.migrate() == []


def test_later_files_apply_in_order(ch_store: ClickHouseStore, tmp_path: Path) -> None:
    """0004 alters the table 0003 creates, so it only works when applied after it."""
    (tmp_path / "0004_extra_col.sql").write_text(
        "ALTER TABLE extra ADD COLUMN IF NOT EXISTS y UInt8;\n"
    )
    (tmp_path / "0003_extra.sql").write_text(
        "-- a table for this test\n"
        "CREATE TABLE IF NOT EXISTS extra (x UInt8) ENGINE = MergeTree ORDER BY x;\n"
    )
    assert migrate(ch_store.client, tmp_path) == ["0003_extra", "0004_extra_col"]
    assert migrate(ch_store.client, tmp_path) == []
    _, rows = ch_store.query("DESCRIBE TABLE extra")
    assert [r[0] for r in rows] == ["x", "y"]

"""ClickHouse sink: client factory, schema migrations and the store (see CONTRACT.md)."""

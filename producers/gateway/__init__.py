"""HTTP ingestion gateway: the trace API for clients that cannot speak Kafka."""

from producers.gateway.app import create_app

__all__ = ["create_app"]

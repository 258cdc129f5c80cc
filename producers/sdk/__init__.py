"""Producer SDK: ``TraceProducer`` (async, aiokafka) and ``SyncTraceProducer`` (blocking)."""

from producers.sdk.client import EmittedEvent, SdkError, TraceProducer
from producers.sdk.config import ProducerConfig
from producers.sdk.sync import SyncTraceProducer

__all__ = ["EmittedEvent", "ProducerConfig", "SdkError", "SyncTraceProducer", "TraceProducer"]

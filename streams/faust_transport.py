"""faust's App with a short fetch long-poll on its worker consumer.

Why this exists: faust hard-codes the worker consumer's ``fetch_max_wait_ms`` to 1500, and
Tansu answers a waiting fetch only when that time is up, not when records arrive. A record
then waits most of that time before the worker sees it, which alone would eat most of the
stream's latency budget (the probe's figures are in ``streams/README.md``). faust has no
setting for it, so the app swaps in a transport whose consumer thread sets the value on the
aiokafka consumer it creates. Nothing else of faust's behaviour changes.
"""

from __future__ import annotations

from typing import Any

import faust
from faust.transport.drivers import aiokafka as faust_aiokafka

FETCH_MAX_WAIT_MS = 100
"""The worker consumer's fetch long-poll (ms)."""


class _ConsumerThread(faust_aiokafka.AIOKafkaConsumerThread):
    def _create_worker_consumer(self, transport: Any) -> Any:
        consumer = super()._create_worker_consumer(transport)
        consumer._fetch_max_wait_ms = FETCH_MAX_WAIT_MS  # read by consumer.start() (aiokafka)
        return consumer


class _Consumer(faust_aiokafka.Consumer):
    def _new_consumer_thread(self) -> Any:
        return _ConsumerThread(self, loop=self.loop, beacon=self.beacon)


class _Transport(faust_aiokafka.Transport):
    Consumer = _Consumer


class ShortFetchApp(faust.App):
    """faust's App whose worker consumer long-polls ``FETCH_MAX_WAIT_MS``, not 1500 ms."""

    def _new_transport(self) -> Any:
        if not self.conf.broker_consumer[0].scheme.startswith("kafka"):
            return super()._new_transport()
        return _Transport(self.conf.broker_consumer, self)

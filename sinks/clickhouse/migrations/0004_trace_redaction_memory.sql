-- 0004: the stream's trace-wide redaction memory, so a restarted worker keeps it.
-- One row per value redacted in a trace: its length and a keyed BLAKE2b fingerprint
-- (streams/redact/memory.py), never the value. Written with the events of the same
-- micro-batch; read once per trace by a worker that meets the trace after a (re)start.
-- A replay writes the same rows again: the key deduplicates them.
CREATE TABLE IF NOT EXISTS trace_redaction_memory
(
    trace_id String,
    length UInt32,
    fingerprint String,
    learned_at_ms Int64
)
ENGINE = ReplacingMergeTree(learned_at_ms)
ORDER BY (trace_id, fingerprint, length);

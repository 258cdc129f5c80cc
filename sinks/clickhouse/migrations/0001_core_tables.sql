-- 0001: the five core tables. Every table is a ReplacingMergeTree so that at-least-once
-- delivery is harmless: re-inserting a row with the same sort key collapses on merge, and
-- reads use FINAL (or the *_dedup / latest_* views) to see one row per key right away.
-- Times are epoch milliseconds (Int64, the wire unit); `ts`-style DateTime64 columns are
-- MATERIALIZED next to them for analysts who prefer date functions.

-- One row per trace, rewritten whole on every state change (opened, finalize, complete)
-- with a higher `version`; FINAL keeps the newest. Sorted by trace_id: the store and the
-- views look traces up by id; the table is small (one row per session), so time filters
-- on created_at_ms scan it cheaply with the minmax index.
CREATE TABLE IF NOT EXISTS traces
(
    trace_id String,
    trace_version LowCardinality(String),
    created_at_ms Int64,
    repo_id String,
    remote_url Nullable(String),
    default_branch Nullable(String),
    commit_base String,
    task_id Nullable(String),
    bug_report_title String,
    bug_report_description String,
    labels Array(String),
    developer_id String,
    experience_level LowCardinality(String),
    consent_store_raw_code Bool,
    consent_store_terminal_output Bool,
    consent_allow_llm_judge Bool,
    env_os Nullable(String),
    env_ide Nullable(String),
    env_ide_version Nullable(String),
    env_languages Array(String),
    env_containerized Bool,
    env_timezone Nullable(String),
    ingestion_mode LowCardinality(String),
    client_session_id String,
    opened_redaction_applied Bool,
    opened_redaction_rules Array(LowCardinality(String)),
    opened_redaction_counts Map(String, UInt32),
    opened_json String,
    finalized_at_ms Nullable(Int64),
    seq_last Nullable(UInt32),
    final_commit_head Nullable(String),
    pr_title Nullable(String),
    pr_diff_blob_id Nullable(String),
    finalize_json String,
    status LowCardinality(String),
    missing_seqs Array(UInt32),
    event_count UInt32,
    completed_at_ms Nullable(Int64),
    final_trace_blob_id Nullable(String),
    updated_at_ms Int64,
    version UInt64,
    created_at DateTime64(3, 'UTC') MATERIALIZED fromUnixTimestamp64Milli(created_at_ms),
    INDEX idx_created created_at_ms TYPE minmax GRANULARITY 1,
    INDEX idx_status status TYPE set(8) GRANULARITY 1
)
ENGINE = ReplacingMergeTree(version)
ORDER BY trace_id;

-- One row per event; the key (trace_id, seq, event_id) makes a re-delivered event collapse
-- and gives "a trace's events in seq order" as a range read. Partitioned by the event's
-- month: re-deliveries carry the same ts_ms, so duplicates always share a partition, and
-- time-bounded analyst queries prune whole months. Queries by event type across traces
-- ("all test runs last week") use the by_type_time projection, a narrow copy of the
-- analyst columns sorted by (type, ts_ms); FINAL reads use the main sort key instead.
-- payload_json is the typed payload as JSON; command/exit_code/passed/file_path/
-- duration_ms/subtype/blob_ids are lifted out of it for SQL without JSON functions.
CREATE TABLE IF NOT EXISTS events
(
    trace_id String,
    seq UInt32,
    event_id String,
    ts_ms Int64,
    type LowCardinality(String),
    subtype LowCardinality(Nullable(String)),
    actor_kind LowCardinality(String),
    actor_id Nullable(String),
    workspace_root Nullable(String),
    branch Nullable(String),
    commit_head Nullable(String),
    correlation_id Nullable(String),
    parent_event_id Nullable(String),
    command Nullable(String),
    exit_code Nullable(Int32),
    passed Nullable(Bool),
    file_path Nullable(String),
    duration_ms Nullable(Int64),
    blob_ids Array(String),
    payload_json String,
    redaction_applied Bool,
    redaction_rules Array(LowCardinality(String)),
    redaction_counts Map(String, UInt32),
    ingested_at_ms Int64,
    version UInt64,
    ts DateTime64(3, 'UTC') MATERIALIZED fromUnixTimestamp64Milli(ts_ms),
    INDEX idx_ts ts_ms TYPE minmax GRANULARITY 4,
    PROJECTION by_type_time
    (
        SELECT type, ts_ms, trace_id, seq, event_id, subtype, actor_kind, command, exit_code,
               passed, file_path, duration_ms
        ORDER BY (type, ts_ms)
    )
)
ENGINE = ReplacingMergeTree(version)
PARTITION BY toYYYYMM(fromUnixTimestamp64Milli(ts_ms))
ORDER BY (trace_id, seq, event_id)
SETTINGS deduplicate_merge_projection_mode = 'rebuild';

-- Blob metadata (the bytes live in the blob store). Content-addressed ids never change
-- meaning, so any copy of a row is right; the newest wins on merge.
CREATE TABLE IF NOT EXISTS blobs
(
    blob_id String,
    content_type LowCardinality(String),
    byte_length UInt64,
    storage_uri String,
    redaction_applied Bool,
    redaction_rules Array(LowCardinality(String)),
    redaction_counts Map(String, UInt32),
    inline Nullable(String),
    inserted_at_ms Int64,
    version UInt64
)
ENGINE = ReplacingMergeTree(version)
ORDER BY blob_id;

-- One row per QA stage of a run. Run ids are deterministic (trace, config), so a replayed
-- run rewrites its own rows; a new rubric or judge model is a new run_id, kept side by
-- side. config_id groups runs by configuration for the latest_qa view. The judge_*,
-- rubric_version, final_passed, schema_valid and mre_verdict columns are lifted out of
-- result_json/config_json by the store at insert time.
CREATE TABLE IF NOT EXISTS qa_results
(
    trace_id String,
    run_id String,
    stage LowCardinality(String),
    status LowCardinality(String),
    started_at_ms Int64,
    finished_at_ms Int64,
    config_json String,
    config_id String DEFAULT lower(hex(cityHash64(config_json))),
    result_json String,
    flags Array(LowCardinality(String)),
    error Nullable(String),
    judge_overall Nullable(Float64),
    judge_model Nullable(String),
    judge_mode LowCardinality(Nullable(String)),
    rubric_version Nullable(String),
    final_passed Nullable(Bool),
    schema_valid Nullable(Bool),
    mre_verdict LowCardinality(Nullable(String)),
    inserted_at_ms Int64,
    version UInt64,
    finished_at DateTime64(3, 'UTC') MATERIALIZED fromUnixTimestamp64Milli(finished_at_ms)
)
ENGINE = ReplacingMergeTree(version)
ORDER BY (trace_id, run_id, stage);

-- One row per MRE validation of a trace's bug report (written from the "mre" QA stage).
CREATE TABLE IF NOT EXISTS mre_results
(
    trace_id String,
    run_id String,
    verdict LowCardinality(String),
    mode LowCardinality(String),
    report_blob_id Nullable(String),
    artifacts Map(String, String),
    errors_json String,
    summary String,
    created_at_ms Int64,
    version UInt64
)
ENGINE = ReplacingMergeTree(version)
ORDER BY (trace_id, run_id);

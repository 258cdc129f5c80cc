-- 0002: the views analysts reach for first. All of them read deduplicated data (FINAL or
-- argMax on version), so they are right even before background merges run.

-- One row per event_id key, whatever the delivery count.
CREATE VIEW IF NOT EXISTS events_dedup AS
SELECT *, ts FROM events FINAL;

-- One row per trace: its newest state.
CREATE VIEW IF NOT EXISTS traces_dedup AS
SELECT *, created_at FROM traces FINAL;

-- The newest QA row per (trace, stage, configuration). Two configurations of one trace
-- (e.g. rubric 1.0 vs 1.1, or two judge models) stay side by side.
CREATE VIEW IF NOT EXISTS latest_qa AS
SELECT *, finished_at FROM qa_results FINAL
ORDER BY trace_id, stage, config_id, finished_at_ms DESC, version DESC
LIMIT 1 BY trace_id, stage, config_id;

-- One row per trace: metadata, timeline shape, test outcomes, QA and MRE verdicts.
-- fail_to_pass: some test_run failed and a later one (higher seq) passed.
-- final_passed: the QA sandbox's verdict when there is one, else the trace's last test_run.
-- judge_*/qa_*: the newest QA stage row of the trace across configurations.
CREATE VIEW IF NOT EXISTS trace_summary AS
SELECT
    t.trace_id AS trace_id,
    t.repo_id AS repo_id,
    t.developer_id AS developer_id,
    t.experience_level AS experience_level,
    t.bug_report_title AS bug_report_title,
    t.status AS status,
    t.created_at_ms AS created_at_ms,
    t.finalized_at_ms AS finalized_at_ms,
    t.completed_at_ms AS completed_at_ms,
    t.seq_last AS seq_last,
    t.missing_seqs AS missing_seqs,
    ev.events_stored AS events_stored,
    ev.first_event_ms AS first_event_ms,
    ev.last_event_ms AS last_event_ms,
    ev.last_event_ms - ev.first_event_ms AS duration_ms,
    ev.events_by_type AS events_by_type,
    ev.test_runs AS test_runs,
    ev.test_runs_passed AS test_runs_passed,
    ev.edits AS edits,
    ev.commands AS commands,
    ev.thoughts AS thoughts,
    ev.first_fail_seq AS first_fail_seq,
    ev.last_pass_seq AS last_pass_seq,
    ifNull(ev.first_fail_seq < ev.last_pass_seq, false) AS fail_to_pass,
    ev.last_test_passed AS last_test_passed,
    qa.q_qa_final_passed AS qa_final_passed,
    ifNull(qa.q_qa_final_passed, ev.last_test_passed) AS final_passed,
    qa.q_schema_valid AS schema_valid,
    qa.q_judge_overall AS judge_overall,
    qa.q_judge_model AS judge_model,
    qa.q_judge_mode AS judge_mode,
    qa.q_rubric_version AS rubric_version,
    mre.mre_verdict AS mre_verdict
FROM traces AS t FINAL
LEFT JOIN
(
    SELECT
        trace_id,
        count() AS events_stored,
        minOrNull(ts_ms) AS first_event_ms,
        maxOrNull(ts_ms) AS last_event_ms,
        sumMap(map(toString(type), toUInt64(1))) AS events_by_type,
        countIf(type = 'test_run') AS test_runs,
        countIf(type = 'test_run' AND passed) AS test_runs_passed,
        countIf(type = 'file_edit') AS edits,
        countIf(type = 'terminal_command') AS commands,
        countIf(type = 'thought') AS thoughts,
        minIfOrNull(seq, type = 'test_run' AND NOT passed) AS first_fail_seq,
        maxIfOrNull(seq, type = 'test_run' AND passed) AS last_pass_seq,
        argMaxIfOrNull(passed, seq, type = 'test_run') AS last_test_passed
    FROM events FINAL
    GROUP BY trace_id
) AS ev USING (trace_id)
LEFT JOIN
(
    SELECT
        trace_id,
        argMaxIfOrNull(final_passed, (finished_at_ms, version), stage = 'tests')
            AS q_qa_final_passed,
        argMaxIfOrNull(schema_valid, (finished_at_ms, version), stage = 'schema')
            AS q_schema_valid,
        argMaxIfOrNull(judge_overall, (finished_at_ms, version),
                       stage = 'judge' AND judge_overall IS NOT NULL) AS q_judge_overall,
        argMaxIfOrNull(judge_model, (finished_at_ms, version),
                       stage = 'judge' AND judge_overall IS NOT NULL) AS q_judge_model,
        argMaxIfOrNull(judge_mode, (finished_at_ms, version),
                       stage = 'judge' AND judge_overall IS NOT NULL) AS q_judge_mode,
        argMaxIfOrNull(rubric_version, (finished_at_ms, version),
                       stage = 'judge' AND judge_overall IS NOT NULL) AS q_rubric_version
    FROM qa_results FINAL
    GROUP BY trace_id
) AS qa USING (trace_id)
LEFT JOIN
(
    SELECT trace_id, toNullable(argMax(verdict, (created_at_ms, version))) AS mre_verdict
    FROM mre_results FINAL
    GROUP BY trace_id
) AS mre USING (trace_id);

-- 0003: the benchmark verdict of traces imported with an evaluation spec.

-- The tests stage's verdict, lifted out of result_json like final_passed (old rows: NULL).
ALTER TABLE qa_results ADD COLUMN IF NOT EXISTS resolved Nullable(Bool) AFTER final_passed;

-- One row per trace, as in 0002, with five columns added at the end: task_id, labels,
-- eval_dataset, eval_instance_id and resolved.
-- fail_to_pass: some test_run failed and a later one (higher seq) passed.
-- final_passed: the QA sandbox's verdict when there is one, else the trace's last test_run.
-- judge_*/qa_*: the newest QA stage row of the trace across configurations.
-- eval_*: the evaluation spec the trace was imported with (e.g. a SWE-bench instance).
-- resolved: the held-out tests' verdict (every FAIL_TO_PASS and PASS_TO_PASS test passes
--   after the final patch); NULL when the trace has no evaluation spec, or no verdict yet.
CREATE OR REPLACE VIEW trace_summary AS
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
    mre.mre_verdict AS mre_verdict,
    t.task_id AS task_id,
    t.labels AS labels,
    JSONExtract(t.opened_json, 'task', 'evaluation', 'dataset', 'Nullable(String)') AS eval_dataset,
    JSONExtract(t.opened_json, 'task', 'evaluation', 'instance_id', 'Nullable(String)')
        AS eval_instance_id,
    CAST(if(eval_instance_id IS NULL, NULL, qa.q_resolved), 'Nullable(Bool)') AS resolved
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
                       stage = 'judge' AND judge_overall IS NOT NULL) AS q_rubric_version,
        argMaxIfOrNull(resolved, (finished_at_ms, version), stage = 'tests') AS q_resolved
    FROM qa_results FINAL
    GROUP BY trace_id
) AS qa USING (trace_id)
LEFT JOIN
(
    SELECT trace_id, toNullable(argMax(verdict, (created_at_ms, version))) AS mre_verdict
    FROM mre_results FINAL
    GROUP BY trace_id
) AS mre USING (trace_id);

-- The job claim reads due jobs in the order it takes them, through the index, so that the entries
-- of jobs claimed before are marked dead as it passes them and never read again (issue 19,
-- session 30). The one-statement claim before this (runner.ts until now) ORed due jobs with jobs
-- whose lease ran out and sorted background kinds last; PostgreSQL could only answer that with a
-- bitmap of both partial indexes, and a bitmap scan never marks an entry dead: each claim re-read
-- every job claimed since the last vacuum, heap page and all (0.3-0.7 ms a claim on the bench
-- data set, over 1.4 ms with a 3,000-job backlog). Now four classes, each read lazily in its own
-- order, stopping as soon as the batch is full: foreground jobs whose lease ran out, foreground
-- jobs due, then the same two of the background kinds (ADR 0049).
--
-- The settings fix the plan whatever the statistics say: with statistics from before a burst, the
-- planner chose a sequential or bitmap scan for the "few" due rows it expected, the very scans
-- that read everything (session 29's notes). A generic plan is kept from the first call, so the
-- claim is planned once per connection, not once per claim.
DROP INDEX IF EXISTS "jobs_due_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_due_idx" ON "jobs" USING btree ("run_at","id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE OR REPLACE FUNCTION claim_jobs(p_kinds text[], p_background text[], p_limit int, p_lease_ms int)
RETURNS TABLE (job_id bigint, job_kind text, job_payload jsonb, job_attempts int, job_max_attempts int)
LANGUAGE plpgsql
SET enable_seqscan = off
SET enable_bitmapscan = off
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN QUERY
  WITH lost_fg AS (
    SELECT j.id FROM jobs j
     WHERE j.status = 'running' AND j.locked_until < now()
       AND j.kind = ANY (p_kinds) AND j.kind <> ALL (p_background)
     ORDER BY j.locked_until
     LIMIT p_limit FOR UPDATE SKIP LOCKED
  ), due_fg AS (
    SELECT j.id FROM jobs j
     WHERE j.status = 'pending' AND j.run_at <= now()
       AND j.kind = ANY (p_kinds) AND j.kind <> ALL (p_background)
     ORDER BY j.run_at, j.id
     LIMIT p_limit FOR UPDATE SKIP LOCKED
  ), lost_bg AS (
    SELECT j.id FROM jobs j
     WHERE j.status = 'running' AND j.locked_until < now()
       AND j.kind = ANY (p_kinds) AND j.kind = ANY (p_background)
     ORDER BY j.locked_until
     LIMIT p_limit FOR UPDATE SKIP LOCKED
  ), due_bg AS (
    SELECT j.id FROM jobs j
     WHERE j.status = 'pending' AND j.run_at <= now()
       AND j.kind = ANY (p_kinds) AND j.kind = ANY (p_background)
     ORDER BY j.run_at, j.id
     LIMIT p_limit FOR UPDATE SKIP LOCKED
  ), picked AS (
    SELECT id FROM lost_fg
    UNION ALL SELECT id FROM due_fg
    UNION ALL SELECT id FROM lost_bg
    UNION ALL SELECT id FROM due_bg
    LIMIT p_limit
  )
  UPDATE jobs j
     SET status = 'running', attempts = j.attempts + 1,
         locked_until = now() + p_lease_ms * interval '1 millisecond'
   WHERE j.id IN (SELECT id FROM picked)
  RETURNING j.id, j.kind, j.payload, j.attempts, j.max_attempts;
END
$$;

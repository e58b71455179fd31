-- The claim's last step, the UPDATE of the jobs it picked, reads them by primary key whatever the
-- statistics say (issue 19, session 31). Written `j.id IN (SELECT id FROM picked)`, the semi join
-- let the generic plan (0030: planned once per connection, with sequential and bitmap scans off)
-- walk the whole primary key index and test every job against the picked ones: with statistics
-- from an emptier queue (the bench's fresh database, or any connection planned before a busy spell)
-- that is every job in the table, done ones included. `bench:cpu` of recordings found the claim at
-- 0.85 ms a call on average, the slow ones reading 3,595 jobs to take 2; the same claim over 5,000
-- finished jobs took 4.6-5.0 ms, and takes 0.3-0.5 ms as `= ANY (ARRAY(...))`, which PostgreSQL
-- can only use as an index condition: the picked ids are computed first, then looked up.
-- Nothing else changes: the same four classes in the same order, the same result.
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
   WHERE j.id = ANY (ARRAY(SELECT id FROM picked))
  RETURNING j.id, j.kind, j.payload, j.attempts, j.max_attempts;
END
$$;

-- One pending fair-play refresh per golfer instead of one per recording transaction (issue 19).
-- 0020 named the transaction in each job so that no refresh ran before the change it was for was
-- committed; under load every round then queued its own refresh, the runner fell behind and the
-- backlog grew without end (each refresh reads all of the golfer's records).
--
-- Now a change takes the golfer's pending refresh, if there is one, by locking its row until the
-- change commits: the runner claims with FOR UPDATE SKIP LOCKED, so it cannot start that refresh
-- before the change is visible, and a refresh that is still pending at commit runs after it. Only
-- when no pending refresh can be locked (none, already claimed, or locked by another change) is a
-- new one inserted. SKIP LOCKED here too: a change never waits for another, so two transactions
-- touching the same golfers in opposite orders cannot deadlock on the queue. At most one pending
-- refresh per golfer, give or take the few inserted under contention.
CREATE OR REPLACE FUNCTION fairplay_enqueue(p_users integer[]) RETURNS void AS $$
DECLARE
  u integer;
BEGIN
  FOR u IN SELECT DISTINCT x FROM unnest(p_users) AS x WHERE x IS NOT NULL ORDER BY 1 LOOP
    PERFORM 1 FROM jobs
      WHERE kind = 'fairplay.refresh' AND status = 'pending' AND payload = jsonb_build_object('userId', u)
      LIMIT 1
      FOR UPDATE SKIP LOCKED;
    IF NOT FOUND THEN
      INSERT INTO jobs (kind, payload) VALUES ('fairplay.refresh', jsonb_build_object('userId', u));
    END IF;
  END LOOP;
END;
$$ LANGUAGE plpgsql;

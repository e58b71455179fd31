-- Boards proportional to what they show (ADR 0036): per (challenge, player) standings and a
-- points histogram per period, both kept by triggers in the transaction that changes the records.
--
-- Which records count, in ONE place: a record counts toward points, tallies, holes and the
-- leaderboards when record_counts() says so. Today that is the `counted` flag (one counted record
-- per hole without multiple birdies, docs/product/rules.md#one-record-per-hole-or-many). A later
-- rule (e.g. a verification status) changes this function's body with CREATE OR REPLACE and adds
-- its column to the UPDATE OF lists of birdie_records_stats_trigger below; the standings trigger
-- fires on every update. The body is one SQL expression, so the planner inlines it.
CREATE OR REPLACE FUNCTION record_counts(r birdie_records) RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT r.counted $$;
--> statement-breakpoint
-- 0005's period bookkeeping, now asking record_counts() instead of reading the flag itself.
CREATE OR REPLACE FUNCTION birdie_records_stats() RETURNS trigger AS $$
BEGIN
  IF (TG_OP = 'DELETE' OR TG_OP = 'UPDATE') AND record_counts(OLD) THEN
    PERFORM birdie_stats_apply(OLD.user_id, OLD.date_played, OLD.score, -1);
  END IF;
  IF (TG_OP = 'INSERT' OR TG_OP = 'UPDATE') AND record_counts(NEW) THEN
    PERFORM birdie_stats_apply(NEW.user_id, NEW.date_played, NEW.score, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- One row per (challenge, player) with at least one counting record; members without one have no
-- row (the boards read members from challenge_players and left join this). No foreign keys, like
-- user_period_stats: the trigger runs inside cascaded deletes of challenges and users.
-- hole_moments: the moment each hole first got a record, ascending, over the holes with a counting
-- record; hole_moments[n] is when the player reached n holes (the threshold tiebreaker reads
-- [tiebreaker_threshold], first-to-complete reads [18]), so editing the threshold needs no rewrite.
-- hole_counts: {"<hole>": {"birdies": n, "eagles": n}} over counting records.
CREATE TABLE IF NOT EXISTS "challenge_standings" (
  "challenge_id" integer NOT NULL,
  "user_id" integer NOT NULL,
  "points" integer DEFAULT 0 NOT NULL,
  "birdies" integer DEFAULT 0 NOT NULL,
  "eagles" integer DEFAULT 0 NOT NULL,
  "holes" integer DEFAULT 0 NOT NULL,
  "hole_moments" timestamp with time zone[] DEFAULT '{}' NOT NULL,
  "hole_counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "last_at" timestamp with time zone,
  CONSTRAINT "challenge_standings_challenge_id_user_id_pk" PRIMARY KEY ("challenge_id", "user_id")
);
--> statement-breakpoint
-- Recomputes one player's standing in one challenge from that pair's records (an index range of
-- birdie_records_challenge_user_hole_idx: at most a few dozen rows), so every path - recording,
-- an eagle superseding a birdie, deleting, removing a player, a cascaded delete - ends right.
CREATE OR REPLACE FUNCTION challenge_standing_refresh(p_challenge integer, p_user integer) RETURNS void AS $$
DECLARE
  s record;
BEGIN
  SELECT coalesce(sum(h.points), 0)::int AS points,
         coalesce(sum(h.birdies), 0)::int AS birdies,
         coalesce(sum(h.eagles), 0)::int AS eagles,
         count(*)::int AS holes,
         coalesce(array_agg(h.first_at ORDER BY h.first_at), '{}') AS moments,
         coalesce(jsonb_object_agg(h.hole_number::text, jsonb_build_object('birdies', h.birdies, 'eagles', h.eagles)), '{}'::jsonb) AS counts,
         max(h.last_at) AS last_at
  INTO s
  FROM (
    SELECT r.hole_number, min(r.created_at) AS first_at,
           coalesce(sum(record_points(r.score)) FILTER (WHERE r.c), 0) AS points,
           (count(*) FILTER (WHERE r.c AND NOT is_eagle(r.score)))::int AS birdies,
           (count(*) FILTER (WHERE r.c AND is_eagle(r.score)))::int AS eagles,
           max(r.created_at) FILTER (WHERE r.c) AS last_at
    FROM (SELECT b.hole_number, b.score, b.created_at, record_counts(b) AS c
          FROM birdie_records b
          WHERE b.challenge_id = p_challenge AND b.user_id = p_user) r
    GROUP BY r.hole_number
    HAVING bool_or(r.c)
  ) h;
  IF s.holes = 0 THEN
    DELETE FROM challenge_standings WHERE challenge_id = p_challenge AND user_id = p_user;
  ELSE
    INSERT INTO challenge_standings AS t (challenge_id, user_id, points, birdies, eagles, holes, hole_moments, hole_counts, last_at)
    VALUES (p_challenge, p_user, s.points, s.birdies, s.eagles, s.holes, s.moments, s.counts, s.last_at)
    ON CONFLICT (challenge_id, user_id) DO UPDATE
      SET points = EXCLUDED.points, birdies = EXCLUDED.birdies, eagles = EXCLUDED.eagles, holes = EXCLUDED.holes,
          hole_moments = EXCLUDED.hole_moments, hole_counts = EXCLUDED.hole_counts, last_at = EXCLUDED.last_at;
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- An AFTER ROW trigger runs once its statement has finished, so the refresh sees the statement's
-- final state (a cascaded delete of a whole challenge ends with no standings left).
CREATE OR REPLACE FUNCTION birdie_records_standings() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
    PERFORM challenge_standing_refresh(OLD.challenge_id, OLD.user_id);
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM challenge_standing_refresh(NEW.challenge_id, NEW.user_id);
  ELSIF TG_OP = 'UPDATE' AND (NEW.challenge_id <> OLD.challenge_id OR NEW.user_id <> OLD.user_id) THEN
    PERFORM challenge_standing_refresh(NEW.challenge_id, NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS birdie_records_standings_trigger ON birdie_records;
--> statement-breakpoint
CREATE TRIGGER birdie_records_standings_trigger
AFTER INSERT OR DELETE OR UPDATE ON birdie_records
FOR EACH ROW EXECUTE FUNCTION birdie_records_standings();
--> statement-breakpoint
-- Rebuilds every standing in one set-based statement (this migration's backfill, and the bench
-- seed after a bulk load with the trigger paused). Same rules as challenge_standing_refresh.
CREATE OR REPLACE FUNCTION challenge_standings_rebuild() RETURNS void AS $$
BEGIN
  DELETE FROM challenge_standings;
  INSERT INTO challenge_standings (challenge_id, user_id, points, birdies, eagles, holes, hole_moments, hole_counts, last_at)
  SELECT h.challenge_id, h.user_id, sum(h.points)::int, sum(h.birdies)::int, sum(h.eagles)::int, count(*)::int,
         array_agg(h.first_at ORDER BY h.first_at),
         jsonb_object_agg(h.hole_number::text, jsonb_build_object('birdies', h.birdies, 'eagles', h.eagles)),
         max(h.last_at)
  FROM (
    SELECT r.challenge_id, r.user_id, r.hole_number, min(r.created_at) AS first_at,
           coalesce(sum(record_points(r.score)) FILTER (WHERE r.c), 0) AS points,
           (count(*) FILTER (WHERE r.c AND NOT is_eagle(r.score)))::int AS birdies,
           (count(*) FILTER (WHERE r.c AND is_eagle(r.score)))::int AS eagles,
           max(r.created_at) FILTER (WHERE r.c) AS last_at
    FROM (SELECT b.challenge_id, b.user_id, b.hole_number, b.score, b.created_at, record_counts(b) AS c
          FROM birdie_records b) r
    GROUP BY r.challenge_id, r.user_id, r.hole_number
    HAVING bool_or(r.c)
  ) h
  GROUP BY h.challenge_id, h.user_id;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
SELECT challenge_standings_rebuild();
--> statement-breakpoint
-- How many golfers hold each points total in each period, as signed deltas: the trigger on
-- user_period_stats only INSERTs (-1 for the old total, +1 for the new), so concurrent recorders
-- never wait on or deadlock over a shared counter row. compact_period_points() folds the fresh
-- deltas of a (period, points) into one row now and then; until then readers sum a few more rows.
-- Own rank = 1 + sum(golfers) over the period's totals above one's own: O(distinct totals).
CREATE TABLE IF NOT EXISTS "period_points" (
  "period" varchar(16) NOT NULL,
  "points" integer NOT NULL,
  "golfers" integer NOT NULL,
  "fresh" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "period_points_rank_idx" ON "period_points" USING btree ("period", "points") INCLUDE ("golfers");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "period_points_fresh_idx" ON "period_points" USING btree ("period", "points") WHERE "fresh";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION period_points_track() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.period = OLD.period AND NEW.points = OLD.points THEN
      RETURN NULL;
    END IF;
  END IF;
  IF (TG_OP = 'DELETE' OR TG_OP = 'UPDATE') AND OLD.points > 0 THEN
    INSERT INTO period_points (period, points, golfers) VALUES (OLD.period, OLD.points, -1);
  END IF;
  IF (TG_OP = 'INSERT' OR TG_OP = 'UPDATE') AND NEW.points > 0 THEN
    INSERT INTO period_points (period, points, golfers) VALUES (NEW.period, NEW.points, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS user_period_stats_points_trigger ON user_period_stats;
--> statement-breakpoint
CREATE TRIGGER user_period_stats_points_trigger
AFTER INSERT OR DELETE OR UPDATE OF period, points ON user_period_stats
FOR EACH ROW EXECUTE FUNCTION period_points_track();
--> statement-breakpoint
-- Folds the fresh deltas of each (period, points) touched since the last run into one row. One
-- caller at a time (a transaction-scoped advisory lock; another caller returns -1 at once). Rows
-- inserted after the statement's snapshot stay fresh for the next run; sums never change.
CREATE OR REPLACE FUNCTION compact_period_points() RETURNS integer AS $$
DECLARE
  n integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('compact_period_points')) THEN
    RETURN -1;
  END IF;
  WITH keys AS (
    SELECT DISTINCT period, points FROM period_points WHERE fresh
  ), moved AS (
    DELETE FROM period_points d USING keys k
    WHERE d.period = k.period AND d.points = k.points
    RETURNING d.period, d.points, d.golfers
  ), folded AS (
    INSERT INTO period_points (period, points, golfers, fresh)
    SELECT period, points, sum(golfers)::int, false FROM moved
    GROUP BY period, points HAVING sum(golfers) <> 0
    RETURNING 1
  )
  SELECT count(*)::int INTO n FROM moved;
  RETURN n;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Totals written before this migration (the bench seed does the same after a bulk load).
CREATE OR REPLACE FUNCTION period_points_rebuild() RETURNS void AS $$
BEGIN
  DELETE FROM period_points;
  INSERT INTO period_points (period, points, golfers, fresh)
  SELECT period, points, count(*)::int, false FROM user_period_stats WHERE points > 0 GROUP BY period, points;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
SELECT period_points_rebuild();

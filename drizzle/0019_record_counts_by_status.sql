-- Two-key verification and creator moderation (issue 18, ADR 0040): which statuses count.
--
-- Whether a status may count, in ONE place (shared/domain/verification.ts has its twin, tested to
-- agree): without require_confirmation signed, pending and confirmed records count; with it only
-- confirmed ones. Disputed and voided records never count.
CREATE OR REPLACE FUNCTION verification_counts(status varchar, require_confirmation boolean) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN require_confirmation THEN status = 'confirmed' ELSE status IN ('signed', 'pending', 'confirmed') END $$;
--> statement-breakpoint
-- The `counted` flag is kept as "this record is its hole's counting record" (the best record of the
-- hole among those whose status may count; every such record with multiple birdies on), so it
-- already folds in the challenge's require_confirmation (re-decided below whenever a status or the
-- option changes). record_counts() adds the status itself, so a disputed or voided record never
-- counts whatever its flag says. Still one SQL expression over the row: the planner inlines it.
CREATE OR REPLACE FUNCTION record_counts(r birdie_records) RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT r.counted AND r.verification_status IN ('signed', 'pending', 'confirmed') $$;
--> statement-breakpoint
-- 0016 asks this trigger to list every column record_counts() reads.
DROP TRIGGER IF EXISTS birdie_records_stats_trigger ON birdie_records;
--> statement-breakpoint
CREATE TRIGGER birdie_records_stats_trigger
AFTER INSERT OR DELETE OR UPDATE OF counted, score, date_played, user_id, verification_status ON birdie_records
FOR EACH ROW EXECUTE FUNCTION birdie_records_stats();
--> statement-breakpoint
-- Re-decides which records of one player's hole count (docs/product/rules.md#verification): the
-- best record whose status may count (an eagle over a birdie, then the earliest), or every such
-- record when the challenge allows multiple birdies. Only rows whose flag changes are written, so
-- the stats and standings triggers fire for real changes only. Used when a status changes, a
-- record is deleted, or the challenge's require_confirmation is toggled.
CREATE OR REPLACE FUNCTION hole_records_recount(p_challenge integer, p_user integer, p_hole integer) RETURNS void AS $$
DECLARE
  c record;
BEGIN
  SELECT allow_multiple_birdies, require_confirmation INTO c FROM challenges WHERE id = p_challenge;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  WITH hole AS (
    SELECT b.id, b.counted, verification_counts(b.verification_status, c.require_confirmation) AS may,
           row_number() OVER (
             PARTITION BY verification_counts(b.verification_status, c.require_confirmation)
             ORDER BY b.score, b.created_at, b.id) AS place
    FROM birdie_records b
    WHERE b.challenge_id = p_challenge AND b.user_id = p_user AND b.hole_number = p_hole
  ), decided AS (
    SELECT id, counted, (may AND (c.allow_multiple_birdies OR place = 1)) AS counts FROM hole
  )
  UPDATE birdie_records b SET counted = d.counts
  FROM decided d
  WHERE b.id = d.id AND d.counted IS DISTINCT FROM d.counts;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Every hole of a challenge, when its require_confirmation is toggled: the flags change through
-- UPDATEs, so the stats trigger moves the global board's points and the standings trigger
-- refreshes each player's standing (challenge_standing_refresh, 0016).
CREATE OR REPLACE FUNCTION challenge_records_recount(p_challenge integer) RETURNS void AS $$
DECLARE
  h record;
BEGIN
  FOR h IN SELECT DISTINCT user_id, hole_number FROM birdie_records WHERE challenge_id = p_challenge LOOP
    PERFORM hole_records_recount(p_challenge, h.user_id, h.hole_number);
  END LOOP;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION challenges_require_confirmation_changed() RETURNS trigger AS $$
BEGIN
  IF NEW.require_confirmation IS DISTINCT FROM OLD.require_confirmation THEN
    PERFORM challenge_records_recount(NEW.id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS challenges_require_confirmation_trigger ON challenges;
--> statement-breakpoint
CREATE TRIGGER challenges_require_confirmation_trigger
AFTER UPDATE OF require_confirmation ON challenges
FOR EACH ROW EXECUTE FUNCTION challenges_require_confirmation_changed();

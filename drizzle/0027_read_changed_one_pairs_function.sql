-- One trigger function for both kinds of (challenge, golfer) pairs 0026 announces on
-- 'read_changed' (ADR 0056): the records and the memberships of a golfer in a challenge were two
-- copies of the same body. The kind is the trigger's argument. Same payloads as before, so
-- processes of the previous release read them unchanged.
CREATE OR REPLACE FUNCTION "read_changed_pairs"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  items json[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(json_build_array(challenge_id, user_id)) INTO items
      FROM (SELECT DISTINCT challenge_id, user_id FROM added) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(json_build_array(challenge_id, user_id)) INTO items
      FROM (SELECT DISTINCT challenge_id, user_id FROM removed) d;
  ELSE
    SELECT array_agg(json_build_array(challenge_id, user_id)) INTO items
      FROM (SELECT challenge_id, user_id FROM added UNION SELECT challenge_id, user_id FROM removed) d;
  END IF;
  PERFORM read_changed_send(TG_ARGV[0], items);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "birdie_records_read_changed_insert" AFTER INSERT ON "birdie_records" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "read_changed_pairs"('records');--> statement-breakpoint
CREATE OR REPLACE TRIGGER "birdie_records_read_changed_update" AFTER UPDATE ON "birdie_records" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "read_changed_pairs"('records');--> statement-breakpoint
CREATE OR REPLACE TRIGGER "birdie_records_read_changed_delete" AFTER DELETE ON "birdie_records" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "read_changed_pairs"('records');--> statement-breakpoint
CREATE OR REPLACE TRIGGER "challenge_players_read_changed_insert" AFTER INSERT ON "challenge_players" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "read_changed_pairs"('members');--> statement-breakpoint
CREATE OR REPLACE TRIGGER "challenge_players_read_changed_update" AFTER UPDATE ON "challenge_players" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "read_changed_pairs"('members');--> statement-breakpoint
CREATE OR REPLACE TRIGGER "challenge_players_read_changed_delete" AFTER DELETE ON "challenge_players" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "read_changed_pairs"('members');--> statement-breakpoint
DROP FUNCTION IF EXISTS "birdie_records_read_changed"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "challenge_players_read_changed"();

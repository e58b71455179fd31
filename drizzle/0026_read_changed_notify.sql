-- Per-process read caches (ADR 0056) keep golfers' challenge lists, boards and member lists. Each
-- commit announces on 'read_changed' what it changed, so every process drops what depended on it:
--   {"records": [[challenge, user], ...]}   a golfer's records in a challenge (their progress, the board)
--   {"members": [[challenge, user], ...]}   someone joined or left a challenge
--   {"challenges": [challenge, ...]}        a challenge's row or its courses
--   {"all": true}                           a course changed (its name shows in many challenges)
-- Statement-level triggers: a bulk change sends its distinct pairs, 400 to a notification (under
-- NOTIFY's 8 KB payload limit), not one notification per row.
CREATE OR REPLACE FUNCTION "read_changed_send"(p_kind text, p_items json[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  i integer := 1;
  n integer := coalesce(array_length(p_items, 1), 0);
BEGIN
  WHILE i <= n LOOP
    PERFORM pg_notify('read_changed', json_build_object(p_kind, to_json(p_items[i:i + 399]))::text);
    i := i + 400;
  END LOOP;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "birdie_records_read_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  PERFORM read_changed_send('records', items);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "birdie_records_read_changed_insert" ON "birdie_records";--> statement-breakpoint
CREATE TRIGGER "birdie_records_read_changed_insert" AFTER INSERT ON "birdie_records" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "birdie_records_read_changed"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "birdie_records_read_changed_update" ON "birdie_records";--> statement-breakpoint
CREATE TRIGGER "birdie_records_read_changed_update" AFTER UPDATE ON "birdie_records" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "birdie_records_read_changed"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "birdie_records_read_changed_delete" ON "birdie_records";--> statement-breakpoint
CREATE TRIGGER "birdie_records_read_changed_delete" AFTER DELETE ON "birdie_records" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "birdie_records_read_changed"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "challenge_players_read_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  PERFORM read_changed_send('members', items);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "challenge_players_read_changed_insert" ON "challenge_players";--> statement-breakpoint
CREATE TRIGGER "challenge_players_read_changed_insert" AFTER INSERT ON "challenge_players" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "challenge_players_read_changed"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "challenge_players_read_changed_update" ON "challenge_players";--> statement-breakpoint
CREATE TRIGGER "challenge_players_read_changed_update" AFTER UPDATE ON "challenge_players" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "challenge_players_read_changed"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "challenge_players_read_changed_delete" ON "challenge_players";--> statement-breakpoint
CREATE TRIGGER "challenge_players_read_changed_delete" AFTER DELETE ON "challenge_players" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "challenge_players_read_changed"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "challenges_read_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  items json[];
BEGIN
  IF TG_TABLE_NAME = 'challenges' THEN
    IF TG_OP = 'DELETE' THEN
      SELECT array_agg(to_json(id)) INTO items FROM (SELECT DISTINCT id FROM removed) d;
    ELSE
      SELECT array_agg(to_json(id)) INTO items FROM (SELECT DISTINCT id FROM added) d;
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(to_json(challenge_id)) INTO items FROM (SELECT DISTINCT challenge_id FROM added) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(to_json(challenge_id)) INTO items FROM (SELECT DISTINCT challenge_id FROM removed) d;
  ELSE
    SELECT array_agg(to_json(challenge_id)) INTO items
      FROM (SELECT challenge_id FROM added UNION SELECT challenge_id FROM removed) d;
  END IF;
  PERFORM read_changed_send('challenges', items);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "challenges_read_changed_update" ON "challenges";--> statement-breakpoint
CREATE TRIGGER "challenges_read_changed_update" AFTER UPDATE ON "challenges" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "challenges_read_changed"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "challenges_read_changed_delete" ON "challenges";--> statement-breakpoint
CREATE TRIGGER "challenges_read_changed_delete" AFTER DELETE ON "challenges" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "challenges_read_changed"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "challenge_courses_read_changed_insert" ON "challenge_courses";--> statement-breakpoint
CREATE TRIGGER "challenge_courses_read_changed_insert" AFTER INSERT ON "challenge_courses" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "challenges_read_changed"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "challenge_courses_read_changed_update" ON "challenge_courses";--> statement-breakpoint
CREATE TRIGGER "challenge_courses_read_changed_update" AFTER UPDATE ON "challenge_courses" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "challenges_read_changed"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "challenge_courses_read_changed_delete" ON "challenge_courses";--> statement-breakpoint
CREATE TRIGGER "challenge_courses_read_changed_delete" AFTER DELETE ON "challenge_courses" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "challenges_read_changed"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "courses_read_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('read_changed', '{"all":true}');
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "courses_read_changed" ON "courses";--> statement-breakpoint
CREATE TRIGGER "courses_read_changed" AFTER UPDATE OR DELETE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION "courses_read_changed"();

-- A golfer's achievements join the read caches (ADR 0063): each commit that awards, removes or
-- re-points an achievement announces on 'read_changed' whose list changed,
--   {"achievements": [user, ...]}
-- so every process drops the lists (and the memoised dashboards) made of them. Awarding is not
-- always a record's side effect (results.freeze awards at a challenge's end without touching one),
-- so the records' announcement cannot stand in for this one. Processes of the previous release
-- read the new key as a change too wide to name and drop everything: safe, only slower.
CREATE OR REPLACE FUNCTION "user_achievements_read_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  items json[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(to_json(user_id)) INTO items FROM (SELECT DISTINCT user_id FROM added) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(to_json(user_id)) INTO items FROM (SELECT DISTINCT user_id FROM removed) d;
  ELSE
    SELECT array_agg(to_json(user_id)) INTO items
      FROM (SELECT user_id FROM added UNION SELECT user_id FROM removed) d;
  END IF;
  PERFORM read_changed_send('achievements', items);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "user_achievements_read_changed_insert" AFTER INSERT ON "user_achievements" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "user_achievements_read_changed"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "user_achievements_read_changed_update" AFTER UPDATE ON "user_achievements" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "user_achievements_read_changed"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "user_achievements_read_changed_delete" AFTER DELETE ON "user_achievements" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "user_achievements_read_changed"();

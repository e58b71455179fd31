-- Per-process session caches (ADR 0044) hold the user row beside the session. Any change to a
-- user row (name, picture, admin, disabled, password, confirmed e-mail) is announced on
-- 'user_changed' at commit, so every process evicts that user's cached sessions. Deleted sessions
-- are already announced on 'session_ended' (drizzle/0010). Ids go out in batches of 500 (under
-- NOTIFY's 8 KB payload limit); rows an UPDATE left as they were are not announced.
CREATE OR REPLACE FUNCTION "users_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  batch integer[];
BEGIN
  FOR batch IN
    SELECT array_agg(id) FROM (
      SELECT n.id, (row_number() OVER () - 1) / 500 AS grp
      FROM changed_new n JOIN changed_old o ON o.id = n.id
      WHERE o IS DISTINCT FROM n
    ) numbered GROUP BY grp
  LOOP
    PERFORM pg_notify('user_changed', json_build_object('userIds', batch)::text);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_changed_notify" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_changed_notify" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION "users_changed_notify"();

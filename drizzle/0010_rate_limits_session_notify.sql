-- Rate limits shared by every server process (src/server/lib/rate-limit.ts, ADR 0016). UNLOGGED:
-- counters are not worth WAL traffic, and a crash that empties the table only forgives attempts.
CREATE UNLOGGED TABLE "rate_limit_hits" (
	"rule" text NOT NULL,
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_hits_rule_key_window_start_pk" PRIMARY KEY("rule","key","window_start")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_expires_idx" ON "rate_limit_hits" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
-- A socket must not outlive its session on any process (logout, password change, disabled or
-- deleted account, expiry sweep): announce every deleted session on 'session_ended' at commit.
-- One statement can delete thousands of sessions (the sweep, a disabled user), so the ids go out
-- in batches of 100 (about 6.7 KB, under NOTIFY's 8 KB payload limit).
CREATE FUNCTION "sessions_ended_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  batch text[];
BEGIN
  FOR batch IN
    SELECT array_agg(id) FROM (SELECT id, (row_number() OVER () - 1) / 100 AS grp FROM ended) numbered GROUP BY grp
  LOOP
    PERFORM pg_notify('session_ended', json_build_object('sessionIds', batch)::text);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_ended_notify" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS ended FOR EACH STATEMENT EXECUTE FUNCTION "sessions_ended_notify"();

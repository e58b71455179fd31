-- The fair-play trigger's "already pending?" probe (0024) gets an index only it can use: one for
-- its own kind. The index on (kind, payload) of every pending job let PostgreSQL read the job
-- claim's `kind in (...)` through it whenever the statistics made those kinds look rare (they
-- knew none of them, say, before a burst): every pending job of the claim's kinds, the reminders
-- and results scheduled weeks ahead (one or two per challenge) included, on every claim: ~0.3 ms a
-- claim with 2,400 of them, growing with the challenges (issue 19, session 29). Moving the kind
-- second was not enough: the planner scanned the whole index for it. Now the claim's only way to
-- pending jobs is jobs_due_idx, which it reads up to now(). The previous release's claim and
-- probe work unchanged on the new indexes.
CREATE INDEX IF NOT EXISTS "jobs_pending_fairplay_payload_idx" ON "jobs" USING btree ("payload") WHERE "status" = 'pending' AND "kind" = 'fairplay.refresh';--> statement-breakpoint
DROP INDEX IF EXISTS "jobs_pending_kind_payload_idx";

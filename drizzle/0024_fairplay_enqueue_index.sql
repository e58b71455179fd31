-- Recording a birdie enqueues a fair-play refresh (0020) only when the same one is not already
-- pending: that NOT EXISTS read every pending job, so each record cost O(queue backlog) (225 ms a
-- record behind 585k pending jobs; issue 19). This partial index makes it one probe.
CREATE INDEX IF NOT EXISTS "jobs_pending_kind_payload_idx" ON "jobs" USING btree ("kind", "payload") WHERE "status" = 'pending';

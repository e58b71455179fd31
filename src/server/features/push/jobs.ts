import { eq } from "drizzle-orm";
import { z } from "zod";
import { pushSubscriptions } from "../../db/schema/push";
import type { AppDeps } from "../../deps";
import { logger } from "../../lib/logger";
import { pushCounters } from "./metrics";
import { sendPush } from "./sender";
import { forgetSubscriptions } from "./service";
import { vapidKeys, vapidSubject } from "./vapid";

// The "push.send" job (payload per the job queue's contract, ADR 0032): one message to every
// device the golfer subscribed. ADR 0038 explains the retry rule below.

export const pushJobPayloadSchema = z.object({
  userId: z.number().int().positive(),
  title: z.string().min(1).max(200),
  body: z.string().max(1000),
  // Opened on click by the service worker: a path in this app, never another site.
  url: z
    .string()
    .regex(/^\/(?!\/)/, "url must be a path in the app")
    .max(2000),
  tag: z.string().max(100).optional(),
});
export type PushJobPayload = z.infer<typeof pushJobPayloadSchema>;

type JobContext = { deps: AppDeps; attempt: number };

/**
 * Sends to each subscription: 2xx counts as sent; 404/410 deletes the subscription (the browser
 * dropped it); an endpoint that is not (or no longer resolves to) a public host is refused and
 * deleted. Other failures are counted and logged; the job is retried (network errors, 5xx, 429)
 * only when nothing was delivered, so a retry never alerts a device twice.
 */
export async function sendPushJob(
  raw: unknown,
  { deps }: JobContext,
  opts: { resolve?: Parameters<typeof sendPush>[3]["resolve"] } = {},
) {
  const parsed = pushJobPayloadSchema.safeParse(raw);
  if (!parsed.success) {
    // Retrying cannot fix a malformed payload.
    logger.error("push.send: invalid payload", { issue: parsed.error.issues[0]?.message });
    return;
  }
  const { userId, ...message } = parsed.data;
  const db = deps.database.db;
  const subscriptions = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  if (!subscriptions.length) return;

  const keys = await vapidKeys(deps);
  const vapid = { ...keys, subject: vapidSubject(deps.env) };
  const counters = pushCounters(deps.metrics);
  const forget: number[] = [];
  let sent = 0;
  let retryable = 0;
  for (const sub of subscriptions) {
    const outcome = await sendPush(sub, message, vapid, {
      allowHttpLoopback: deps.env.PUSH_ALLOW_HTTP_LOOPBACK,
      resolve: opts.resolve,
    });
    if (outcome.kind === "sent") {
      sent += 1;
      counters?.sent.inc();
      continue;
    }
    counters?.failed.inc({ reason: outcome.kind });
    if (outcome.kind === "gone" || outcome.kind === "refused") forget.push(sub.id);
    // A push service that is down or busy may take it later; any other answer will not change.
    else if (outcome.kind === "network" || outcome.status >= 500 || outcome.status === 429) retryable += 1;
    logger.warn("push.send: not delivered", {
      userId,
      subscription: sub.id,
      outcome: outcome.kind,
      detail: "status" in outcome ? outcome.status : outcome.reason,
    });
  }
  await forgetSubscriptions(db, forget);
  if (retryable && !sent) throw new Error(`push.send: no device reached for user ${userId}; will retry`);
}

export const pushJobs = { "push.send": sendPushJob };

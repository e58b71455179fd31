import { and, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { pushEndpointSchema, pushSubscriptionSchema } from "../../../shared/schemas/push";
import { now, type ServiceContext, type SignedInContext } from "../../context";
import { pushSubscriptions } from "../../db/schema/push";
import { sessions } from "../../db/schema/users";
import { badRequest } from "../../lib/errors";
import { endpointProblem } from "./endpoint-guard";
import { vapidKeys } from "./vapid";

// Web Push subscriptions (docs/product/rules.md#push-notifications, ADR 0038).

/** Devices one golfer may have subscribed at once; subscribing one more forgets the least recent. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;

/** The VAPID public key browsers subscribe with (base64url); not a secret. */
export async function pushPublicKey(ctx: ServiceContext) {
  return { publicKey: (await vapidKeys(ctx.deps)).publicKey };
}

/**
 * Stores this browser's subscription for the caller. The endpoint names one device at its push
 * service, so subscribing an endpoint again updates it, and moves it to the caller when another
 * account subscribed it before on that device (the device alerts whoever turned push on last).
 * It is tied to the caller's session: when the session ends, the subscription goes with it.
 */
export async function subscribePush(ctx: SignedInContext, input: z.output<typeof pushSubscriptionSchema>) {
  const problem = endpointProblem(input.endpoint, ctx.deps.env.PUSH_ALLOW_HTTP_LOOPBACK);
  if (problem) throw badRequest(problem);
  const at = now(ctx);
  // The stored session row (tests' contexts may carry a session id that has no row: then null).
  const sessionId = sql<
    string | null
  >`(select ${sessions.id} from ${sessions} where ${sessions.id} = ${ctx.session.id})`;
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({
        userId: ctx.user.id,
        sessionId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId: ctx.user.id,
          sessionId: sql`excluded.session_id`,
          p256dh: sql`excluded.p256dh`,
          auth: sql`excluded.auth`,
          updatedAt: at,
        },
      });
    const keep = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, ctx.user.id))
      .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
      .limit(PUSH_SUBSCRIPTIONS_PER_USER);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, ctx.user.id), notInArray(pushSubscriptions.id, keep)));
  });
  return { success: true as const };
}

/** Forgets the caller's subscription with this endpoint (nothing to forget is fine: turning off twice). */
export async function unsubscribePush(ctx: SignedInContext, input: z.output<typeof pushEndpointSchema>) {
  await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, ctx.user.id), eq(pushSubscriptions.endpoint, input.endpoint)));
  return { success: true as const };
}

/**
 * Whether the caller has this endpoint subscribed: Settings shows the toggle on only then (the
 * browser may still hold a subscription of an account that signed out on this device).
 */
export async function pushSubscriptionStatus(ctx: SignedInContext, input: z.output<typeof pushEndpointSchema>) {
  const [row] = await ctx.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, ctx.user.id), eq(pushSubscriptions.endpoint, input.endpoint)));
  return { subscribed: Boolean(row) };
}

/** Removes subscriptions the push service said are gone (404/410). */
export async function forgetSubscriptions(db: ServiceContext["db"], ids: number[]) {
  if (ids.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

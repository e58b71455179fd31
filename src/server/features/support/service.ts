import { asc, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import {
  MY_SUPPORT_REQUESTS_MAX,
  type MySupportRequest,
  type supportRequestSchema,
} from "../../../shared/schemas/support";
import type { ServiceContext, SignedInContext } from "../../context";
import { supportReplies, supportRequests } from "../../db/schema/support";
import { onlyRow } from "../../lib/rows";

const TOO_MANY = "You have sent several support requests recently. Please wait a while before sending another.";

/** Stores a request (status open) for the admin inbox. Signed-out senders are welcome too. */
export async function createSupportRequest(ctx: ServiceContext, input: z.output<typeof supportRequestSchema>) {
  const sender = ctx.user ? `user:${ctx.user.id}` : `ip:${ctx.meta.ip}`;
  await ctx.deps.limits.supportPerSender.consume(sender, TOO_MANY);
  const row = onlyRow(
    await ctx.db
      .insert(supportRequests)
      .values({
        userId: ctx.user?.id ?? null,
        email: input.email,
        subject: input.subject,
        message: input.message,
        type: input.type,
      })
      .returning({ id: supportRequests.id, status: supportRequests.status, createdAt: supportRequests.createdAt }),
  );
  return { success: true as const, id: row.id, status: row.status, createdAt: row.createdAt.toISOString() };
}

/**
 * The caller's own requests (newest first, at most 50) with the admins' replies, oldest reply
 * first (docs/product/routes-and-screens.md#support). Requests sent signed out are not theirs
 * to see here: only the address they gave heard back.
 */
export async function mySupportRequests(ctx: SignedInContext): Promise<{ items: MySupportRequest[] }> {
  const rows = await ctx.db
    .select()
    .from(supportRequests)
    .where(eq(supportRequests.userId, ctx.user.id))
    .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
    .limit(MY_SUPPORT_REQUESTS_MAX);
  const replies = rows.length
    ? await ctx.db
        .select({
          id: supportReplies.id,
          requestId: supportReplies.requestId,
          message: supportReplies.message,
          createdAt: supportReplies.createdAt,
        })
        .from(supportReplies)
        .where(
          inArray(
            supportReplies.requestId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(supportReplies.id))
    : [];
  return {
    items: rows.map((r) => ({
      id: r.id,
      subject: r.subject,
      message: r.message,
      type: r.type,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      resolvedAt: r.resolvedAt?.toISOString() ?? null,
      replies: replies
        .filter((reply) => reply.requestId === r.id)
        .map((reply) => ({ id: reply.id, message: reply.message, createdAt: reply.createdAt.toISOString() })),
    })),
  };
}

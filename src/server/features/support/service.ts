import type { z } from "zod";
import type { supportRequestSchema } from "../../../shared/schemas/support";
import type { ServiceContext } from "../../context";
import { supportRequests } from "../../db/schema/support";
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

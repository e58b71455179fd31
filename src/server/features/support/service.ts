import { supportRequestSchema, type SupportRequestInput } from "../../../shared/schemas/support";
import type { Db } from "../../db/client";
import { supportRequests } from "../../db/schema/support";
import { parseInput } from "../../lib/validate";
import type { AppDeps } from "../../trpc/context";

const TOO_MANY = "You have sent several support requests recently. Please wait a while before sending another.";

/** Stores a request (status open) for the admin inbox. Signed-out senders are welcome too. */
export async function createSupportRequest(
  deps: AppDeps,
  db: Db,
  raw: SupportRequestInput,
  sender: { userId: number | null; ip: string },
) {
  const input = parseInput(supportRequestSchema, raw);
  const key = sender.userId ? `user:${sender.userId}` : `ip:${sender.ip}`;
  await deps.limits.supportPerSender.consume(key, TOO_MANY);
  const [row] = await db
    .insert(supportRequests)
    .values({
      userId: sender.userId,
      email: input.email,
      subject: input.subject,
      message: input.message,
      type: input.type,
    })
    .returning({ id: supportRequests.id, status: supportRequests.status, createdAt: supportRequests.createdAt });
  return { success: true as const, id: row.id, status: row.status, createdAt: row.createdAt.toISOString() };
}

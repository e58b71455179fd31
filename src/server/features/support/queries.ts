import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { supportReplies, supportRequests } from "../../db/schema/support";

// Reads of support requests other features need (notifications tell the sender of a reply).

export type ReplyWithRequest = {
  replyId: number;
  message: string;
  requestId: number;
  userId: number | null;
  email: string;
  subject: string;
};

/** A reply with the request it answers, or undefined when either is gone. */
export async function replyWithRequest(db: Db, replyId: number): Promise<ReplyWithRequest | undefined> {
  const [row] = await db
    .select({
      replyId: supportReplies.id,
      message: supportReplies.message,
      requestId: supportRequests.id,
      userId: supportRequests.userId,
      email: supportRequests.email,
      subject: supportRequests.subject,
    })
    .from(supportReplies)
    .innerJoin(supportRequests, eq(supportRequests.id, supportReplies.requestId))
    .where(eq(supportReplies.id, replyId));
  return row;
}

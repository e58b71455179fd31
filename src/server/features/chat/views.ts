import { asc, eq, sql } from "drizzle-orm";
import type { ChatMessage } from "../../../shared/schemas/chat";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { type ChatMessageRow, chatMessages } from "../../db/schema/chat";
import { users } from "../../db/schema/users";
import { UNKNOWN_USER } from "../users/queries";

// Messages as clients see them (docs/product/api.md#chatmessage).

type Author = { id: number | null; displayName: string | null; profilePicture: string | null };

export function toView(row: ChatMessageRow, author: Author | null): ChatMessage {
  return {
    id: row.id,
    challengeId: row.challengeId,
    type: row.type,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    user:
      author?.id != null
        ? { id: author.id, displayName: author.displayName ?? UNKNOWN_USER, profilePicture: author.profilePicture }
        : null,
  };
}

/** Messages with their authors, ready for `toView`. */
export function selectViews(db: Db) {
  return db
    .select({
      row: chatMessages,
      author: { id: users.id, displayName: users.displayName, profilePicture: users.profilePicture },
    })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.userId));
}

/** Messages by id, oldest first (missing ids are skipped): what the realtime fan-out sends. */
export async function getMessagesByIds(db: Db, ids: readonly number[]): Promise<ChatMessage[]> {
  if (!ids.length) return [];
  const rows = await prepared(db, "chat_messages_by_ids", (d) =>
    selectViews(d)
      .where(sql`${chatMessages.id} = any(${sql.placeholder("ids")}::int[])`)
      .orderBy(asc(chatMessages.id)),
  ).execute({ ids: [...ids] });
  return rows.map((r) => toView(r.row, r.author));
}

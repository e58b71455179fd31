import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  ChatMessage,
  ChatPage,
  listChatMessagesSchema,
  sendChatMessageSchema,
} from "../../../shared/schemas/chat";
import type { SignedInContext } from "../../context";
import { prepared } from "../../db/prepared";
import { chatMessages } from "../../db/schema/chat";
import { readAsMember, requireMember } from "../challenges/access";
import { readDeps, readThrough } from "../../lib/read-cache";
import { noteUntracked } from "../../lib/read-trace";
import { getMessagesByIds, selectViews, toView } from "./views";
import { onlyRow } from "../../lib/rows";

// What members do in a room, over REST and tRPC. Realtime delivery is not this file's concern:
// a database trigger announces every committed message (drizzle/0006_chat.sql).

export const TOO_MANY_CHAT_MESSAGES = "You are sending messages too quickly. Please wait a moment and try again.";

/**
 * A room's messages in id order, spelled to match chat_messages_challenge_id_idx, which is
 * (challenge_id, id DESC NULLS LAST): a plain `id desc` means NULLS FIRST, so PostgreSQL could not
 * read the index in order and, with a prepared LIMIT, walked the whole primary key backwards
 * instead (milliseconds per page, growing with the table). ids are never null: same rows.
 */
const newestFirst = sql`${chatMessages.id} desc nulls last`;
const oldestFirst = sql`${chatMessages.id} asc nulls first`;

/**
 * A room's messages, members only. By default the newest page; `cursor` pages back to older ones;
 * `after` catches up on what a client missed (oldest first). Pages are in chronological order.
 */
export async function listMessages(
  ctx: SignedInContext,
  input: z.output<typeof listChatMessagesSchema>,
): Promise<ChatPage> {
  const { db } = ctx;
  const inRoom = eq(chatMessages.challengeId, input.challengeId);

  if (input.after !== undefined) {
    // Read around the read cache: an answer the answer memo must not keep (ADR 0062).
    noteUntracked();
    const after = input.after;
    const rows = await readAsMember(ctx, input.challengeId, () =>
      selectViews(db)
        .where(and(inRoom, gt(chatMessages.id, after)))
        .orderBy(oldestFirst)
        .limit(input.limit),
    );
    // Older pages are not what a catching-up client wants; it asks again from its last id.
    return { messages: rows.map((r) => toView(r.row, r.author)), nextCursor: null };
  }

  // One extra row tells whether an older page exists without a count. The newest page (what every
  // chat card opens with) is a prepared query; older pages are rarer. Membership is checked
  // alongside the read (readAsMember): a non-member sees nothing of it.
  // The newest page goes through the read cache (ADR 0056): it changes with the room's messages,
  // its members and how their authors are shown.
  const cursor = input.cursor;
  if (cursor === undefined) {
    const { challengeId, limit } = input;
    return readAsMember(ctx, challengeId, () =>
      readThrough(
        ctx,
        `chat:${challengeId}:${limit}`,
        async () =>
          pageOf(
            await prepared(db, "chat_newest_page", (d) =>
              selectViews(d)
                .where(eq(chatMessages.challengeId, sql.placeholder("challengeId")))
                .orderBy(newestFirst)
                .limit(sql.placeholder("limit")),
            ).execute({ challengeId, limit: limit + 1 }),
            limit,
          ),
        // The challenge too: a deleted account's lines lose their author through a cascade that
        // no chat trigger announces (the account's own changes and removed memberships do).
        (page) => [
          readDeps.chat(challengeId),
          readDeps.challenge(challengeId),
          ...page.messages.flatMap((m) => (m.user ? [readDeps.name(m.user.id)] : [])),
        ],
      ),
    );
  }
  noteUntracked();
  const rows = await readAsMember(ctx, input.challengeId, () =>
    selectViews(db)
      .where(and(inRoom, lt(chatMessages.id, cursor)))
      .orderBy(newestFirst)
      .limit(input.limit + 1),
  );
  return pageOf(rows, input.limit);
}

/** Rows newest first, one more than a page when an older page exists: the page, oldest first. */
function pageOf(
  rows: readonly { row: Parameters<typeof toView>[0]; author: Parameters<typeof toView>[1] }[],
  limit: number,
): ChatPage {
  const more = rows.length > limit;
  const messages = rows
    .slice(0, limit)
    .reverse()
    .map((r) => toView(r.row, r.author));
  return { messages, nextCursor: more ? (messages[0]?.id ?? null) : null };
}

/** A member's message (trimmed, 1-1000 characters), at most so many a minute per golfer. */
export async function sendMessage(
  ctx: SignedInContext,
  input: z.output<typeof sendChatMessageSchema>,
): Promise<ChatMessage> {
  const userId = ctx.user.id;
  await requireMember(ctx.db, input.challengeId, userId);
  await ctx.deps.limits.chatMessagesPerUser.consume(String(userId), TOO_MANY_CHAT_MESSAGES);
  const row = onlyRow(
    await ctx.db
      .insert(chatMessages)
      .values({ challengeId: input.challengeId, userId, type: "user", message: input.message })
      .returning({ id: chatMessages.id }),
  );
  const [view] = await getMessagesByIds(ctx.db, [row.id]);
  if (!view) throw new Error(`chat message ${row.id} vanished`);
  return view;
}

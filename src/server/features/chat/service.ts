import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import type { RecordType } from "../../../shared/domain/scoring";
import {
  CHAT_MESSAGE_MAX,
  listChatMessagesSchema,
  sendChatMessageSchema,
  type ChatMessage,
  type ChatPage,
  type ListChatMessagesInput,
  type SendChatMessageInput,
} from "../../../shared/schemas/chat";
import type { Db } from "../../db/client";
import type { AppDeps } from "../../deps";
import { prepared } from "../../db/prepared";
import { chatMessages, type ChatMessageRow } from "../../db/schema/chat";
import { users } from "../../db/schema/users";
import { parseInput } from "../../lib/validate";
import { readAsMember, requireMember } from "../challenges/service";

// Realtime delivery is not this file's concern: a database trigger announces every committed
// message (drizzle/0006_chat.sql), so these functions may run inside any caller's transaction and
// nothing is published for a transaction that rolls back.

/** The texts of server-written messages (DECISIONS.md "Chat"). */
export const systemText = {
  joined: (name: string) => `${name} joined the challenge`,
  recorded: (name: string, holeNumber: number, type: RecordType) =>
    `${name} recorded ${type === "eagle" ? "an eagle" : "a birdie"} on hole ${holeNumber}`,
  left: (name: string) => `${name} left the challenge`,
  removed: (name: string) => `${name} was removed from the challenge`,
  earned: (name: string, achievementName: string) => `${name} earned ${achievementName}`,
};

// ---- Views -------------------------------------------------------------------------------------

type Author = { id: number | null; displayName: string | null; profilePicture: string | null };

function toView(row: ChatMessageRow, author: Author | null): ChatMessage {
  return {
    id: row.id,
    challengeId: row.challengeId,
    type: row.type,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    user:
      author?.id != null
        ? { id: author.id, displayName: author.displayName ?? "Unknown User", profilePicture: author.profilePicture }
        : null,
  };
}

/**
 * A room's messages in id order, spelled to match chat_messages_challenge_id_idx, which is
 * (challenge_id, id DESC NULLS LAST): a plain `id desc` means NULLS FIRST, so PostgreSQL could not
 * read the index in order and, with a prepared LIMIT, walked the whole primary key backwards
 * instead (milliseconds per page, growing with the table). ids are never null: same rows.
 */
const newestFirst = sql`${chatMessages.id} desc nulls last`;
const oldestFirst = sql`${chatMessages.id} asc nulls first`;

function selectViews(db: Db) {
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
      .orderBy(asc(chatMessages.id))
      .prepare("chat_messages_by_ids"),
  ).execute({ ids: [...ids] });
  return rows.map((r) => toView(r.row, r.author));
}

async function getMessage(db: Db, id: number): Promise<ChatMessage> {
  const [view] = await getMessagesByIds(db, [id]);
  if (!view) throw new Error(`chat message ${id} vanished`);
  return view;
}

// ---- Member calls (REST and tRPC) --------------------------------------------------------------

/**
 * A room's messages, members only. By default the newest page; `cursor` pages back to older ones;
 * `after` catches up on what a client missed (oldest first). Pages are in chronological order.
 */
export async function listMessages(db: Db, userId: number, raw: ListChatMessagesInput): Promise<ChatPage> {
  const input = parseInput(listChatMessagesSchema, raw);
  const inRoom = eq(chatMessages.challengeId, input.challengeId);

  if (input.after !== undefined) {
    const after = input.after;
    const rows = await readAsMember(db, input.challengeId, userId, () =>
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
  const cursor = input.cursor;
  const rows = await readAsMember(db, input.challengeId, userId, () =>
    cursor === undefined
      ? prepared(db, "chat_newest_page", (d) =>
          selectViews(d)
            .where(eq(chatMessages.challengeId, sql.placeholder("challengeId")))
            .orderBy(newestFirst)
            .limit(sql.placeholder("limit"))
            .prepare("chat_newest_page"),
        ).execute({ challengeId: input.challengeId, limit: input.limit + 1 })
      : selectViews(db)
          .where(and(inRoom, lt(chatMessages.id, cursor)))
          .orderBy(newestFirst)
          .limit(input.limit + 1),
  );
  const more = rows.length > input.limit;
  const messages = rows
    .slice(0, input.limit)
    .reverse()
    .map((r) => toView(r.row, r.author));
  return { messages, nextCursor: more && messages.length ? messages[0].id : null };
}

export const TOO_MANY_CHAT_MESSAGES = "You are sending messages too quickly. Please wait a moment and try again.";

/** A member's message (trimmed, 1-1000 characters), at most so many a minute per golfer. */
export async function sendMessage(
  deps: Pick<AppDeps, "limits">,
  db: Db,
  userId: number,
  raw: SendChatMessageInput,
): Promise<ChatMessage> {
  const input = parseInput(sendChatMessageSchema, raw);
  await requireMember(db, input.challengeId, userId);
  await deps.limits.chatMessagesPerUser.consume(String(userId), TOO_MANY_CHAT_MESSAGES);
  const [row] = await db
    .insert(chatMessages)
    .values({ challengeId: input.challengeId, userId, type: "user", message: input.message })
    .returning({ id: chatMessages.id });
  return getMessage(db, row.id);
}

// ---- Server-written messages (called by other features inside their transactions) -------------

/**
 * A system message in a room. Texts come from the server, so an over-long one (a long name) is
 * shortened rather than allowed to fail the caller's transaction.
 */
export async function postSystemMessage(db: Db, challengeId: number, text: string): Promise<ChatMessage> {
  const message = text.trim().slice(0, CHAT_MESSAGE_MAX);
  if (!message) throw new Error("a system message needs text");
  const [row] = await db
    .insert(chatMessages)
    .values({ challengeId, userId: null, type: "system", message })
    .returning();
  return toView(row, null);
}

/** Several system messages in one insert, in the given order (ids ascend with it). */
export async function postSystemMessages(db: Db, challengeId: number, texts: readonly string[]): Promise<void> {
  const values = texts.map((t) => t.trim().slice(0, CHAT_MESSAGE_MAX)).filter(Boolean);
  if (!values.length) return;
  await db
    .insert(chatMessages)
    .values(values.map((message) => ({ challengeId, userId: null, type: "system" as const, message })));
}

/** The name system messages use for a user (SPEC.md §8's 'Unknown User' when they are gone). */
export async function displayNameOf(db: Db, userId: number): Promise<string> {
  const [row] = await db.select({ displayName: users.displayName }).from(users).where(eq(users.id, userId));
  return row?.displayName ?? "Unknown User";
}

export const announceJoin = (db: Db, challengeId: number, displayName: string) =>
  postSystemMessage(db, challengeId, systemText.joined(displayName));

export const announceLeave = (db: Db, challengeId: number, displayName: string, removed: boolean) =>
  postSystemMessage(db, challengeId, removed ? systemText.removed(displayName) : systemText.left(displayName));

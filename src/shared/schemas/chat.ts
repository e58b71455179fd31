import { z } from "zod";
import { positiveIdSchema } from "./courses";
import { readableText } from "./text";

export const MESSAGE_EMPTY = "Message cannot be empty";
export const MESSAGE_TOO_LONG = "Message must be at most 1000 characters";
export const CHAT_MESSAGE_MAX = 1000;
export const CHAT_PAGE_DEFAULT = 50;
export const CHAT_PAGE_MAX = 100;

const LIMIT_RANGE = `Limit must be between 1 and ${CHAT_PAGE_MAX}`;
const CURSOR_AND_AFTER = "Use either cursor or after, not both";

/** What a member types: readable (./text.ts), trimmed, then 1-1000 characters (SPEC.md §5, DECISIONS.md "Chat"). */
export const chatMessageTextSchema = readableText(z.string({ error: MESSAGE_EMPTY }), "Message", MESSAGE_EMPTY)
  .min(1, MESSAGE_EMPTY)
  .max(CHAT_MESSAGE_MAX, MESSAGE_TOO_LONG);

export const sendChatMessageSchema = z.object({
  challengeId: positiveIdSchema("challenge"),
  message: chatMessageTextSchema,
});
export type SendChatMessageInput = z.input<typeof sendChatMessageSchema>;

/**
 * Without cursor/after: the newest page. `cursor` (a message id, from `nextCursor`) pages back to
 * older messages. `after` (the last id a client saw) catches up after a disconnect: the messages
 * newer than it, oldest first; a full page means there may be more, so ask again from its last id.
 */
export const listChatMessagesSchema = z
  .object({
    challengeId: positiveIdSchema("challenge"),
    cursor: positiveIdSchema("cursor").optional(),
    after: z.coerce
      .number({ error: "Invalid after id" })
      .int("Invalid after id")
      .min(0, "Invalid after id")
      .max(2147483647, "Invalid after id")
      .optional(),
    limit: z.coerce
      .number({ error: LIMIT_RANGE })
      .int(LIMIT_RANGE)
      .min(1, LIMIT_RANGE)
      .max(CHAT_PAGE_MAX, LIMIT_RANGE)
      .default(CHAT_PAGE_DEFAULT),
  })
  .refine((v) => v.cursor === undefined || v.after === undefined, { message: CURSOR_AND_AFTER, path: ["after"] });
export type ListChatMessagesInput = z.input<typeof listChatMessagesSchema>;

export type ChatMessageType = "system" | "user";

/** SPEC.md §3 Chat message. System messages have no user; neither does a deleted author's message. */
export type ChatMessage = {
  id: number;
  challengeId: number;
  type: ChatMessageType;
  message: string;
  createdAt: string;
  user: { id: number; displayName: string; profilePicture: string | null } | null;
};

/** Messages in chronological order; `nextCursor` fetches the page before them (null: none older). */
export type ChatPage = { messages: ChatMessage[]; nextCursor: number | null };

/**
 * What /ws sends (SPEC.md §7). `chat_message` carries the new message; a `chat_message` without
 * one (`resync: true`) means "messages may have been missed: refetch" (after the server's
 * database listener reconnected). ERROR answers a refused JOIN and is not in SPEC.md.
 */
export type ChatServerEvent =
  | { type: "PING" }
  | { type: "JOINED_CHALLENGE_CHAT"; challengeId: number }
  | { type: "chat_message"; data: { challengeId: number; message: ChatMessage } }
  | { type: "chat_message"; data: { challengeId: number; resync: true } }
  | { type: "ERROR"; message: string; challengeId?: number };

export type ChatClientEvent =
  | { type: "PONG" }
  | { type: "JOIN_CHALLENGE_CHAT"; userId?: number; challengeId: number }
  | { type: "LEAVE_CHALLENGE_CHAT" };

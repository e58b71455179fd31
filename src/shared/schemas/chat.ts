import { z } from "zod";
import { positiveIdSchema } from "./courses";
import { CHAT_MESSAGE_MAX, CHAT_PAGE_DEFAULT, CHAT_PAGE_MAX } from "../domain/chat-limits";
import { readableText } from "./text";

export { CHAT_MESSAGE_MAX, CHAT_PAGE_DEFAULT, CHAT_PAGE_MAX };

export const MESSAGE_EMPTY = "Message cannot be empty";
export const MESSAGE_TOO_LONG = `Message must be at most ${CHAT_MESSAGE_MAX} characters`;

const LIMIT_RANGE = `Limit must be between 1 and ${CHAT_PAGE_MAX}`;
const CURSOR_AND_AFTER = "Use either cursor or after, not both";

/** What a member types: readable (./text.ts), trimmed, then 1-1000 characters (docs/product/texts-and-messages.md#chat-fields, docs/product/rules.md#rooms). */
export const chatMessageTextSchema = readableText(z.string({ error: MESSAGE_EMPTY }), "Message", MESSAGE_EMPTY)
  .min(1, MESSAGE_EMPTY)
  .max(CHAT_MESSAGE_MAX, MESSAGE_TOO_LONG);

export const sendChatMessageSchema = z.object({
  challengeId: positiveIdSchema("challenge"),
  message: chatMessageTextSchema,
});

/** POST /api/challenges/{challengeId}/chat: the body (the room is in the path). */
export const chatMessageBodySchema = z.object({ message: chatMessageTextSchema });

/**
 * Without cursor/after: the newest page. `cursor` (a message id, from `nextCursor`) pages back to
 * older messages. `after` (the last id a client saw) catches up after a disconnect: the messages
 * newer than it, oldest first; a full page means there may be more, so ask again from its last id.
 */
const pageFields = {
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
};
const notBoth = (v: { cursor?: number; after?: number }) => v.cursor === undefined || v.after === undefined;

export const listChatMessagesSchema = z
  .object({ challengeId: positiveIdSchema("challenge"), ...pageFields })
  .refine(notBoth, { message: CURSOR_AND_AFTER, path: ["after"] });
/** GET /api/challenges/{challengeId}/chat: the page parameters (the room is in the path). */
export const chatPageQuerySchema = z.object(pageFields).refine(notBoth, { message: CURSOR_AND_AFTER, path: ["after"] });

export type ChatMessageType = "system" | "user";

/** A chat message (docs/product/api.md#chatmessage). System messages have no user; neither does a deleted author's message. */
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
 * What /ws sends (docs/product/api.md#from-the-server). `chat_message` carries the new message; a `chat_message` without
 * one (`resync: true`) means "messages may have been missed: refetch" (after the server's
 * database listener reconnected). ERROR answers a refused JOIN (the original client had no such frame).
 */
export type ChatServerEvent =
  | { type: "PING" }
  | { type: "JOINED_CHALLENGE_CHAT"; challengeId: number }
  | { type: "chat_message"; data: { challengeId: number; message: ChatMessage } }
  | { type: "chat_message"; data: { challengeId: number; resync: true } }
  /** A message already sent was amended (a round line after a record was deleted), or removed (`message: null`). */
  | { type: "chat_message_changed"; data: { challengeId: number; id: number; message: ChatMessage | null } }
  | { type: "ERROR"; message: string; challengeId?: number };

export type ChatClientEvent =
  | { type: "PONG" }
  | { type: "JOIN_CHALLENGE_CHAT"; userId?: number; challengeId: number }
  | { type: "LEAVE_CHALLENGE_CHAT" };

import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import {
  type AdminMutationResult,
  type AdminSupportPage,
  type AdminSupportReply,
  type AdminSupportRequest,
  type adminSupportListSchema,
  type adminSupportReplySchema,
  type adminSupportSetStatusSchema,
  SUPPORT_REQUEST_NOT_FOUND,
} from "../../../shared/schemas/admin";
import { now, type SignedInContext } from "../../context";
import type { Db } from "../../db/client";
import { supportReplies, supportRequests } from "../../db/schema/support";
import { users } from "../../db/schema/users";
import { notFound } from "../../lib/errors";
import { notificationEvents } from "../notifications/public";
import { writeAudit } from "./audit";
import { iso, isoOrNull, offsetOf } from "./sql";
import { onlyRow } from "../../lib/rows";

// The support inbox: requests golfers sent (signed in or not), resolved and reopened by admins.

const sender = alias(users, "sender");
const resolver = alias(users, "resolver");

const selectRequests = (db: Db) =>
  db
    .select({
      id: supportRequests.id,
      type: supportRequests.type,
      status: supportRequests.status,
      email: supportRequests.email,
      subject: supportRequests.subject,
      message: supportRequests.message,
      createdAt: iso(supportRequests.createdAt),
      resolvedAt: isoOrNull(supportRequests.resolvedAt),
      senderId: sender.id,
      senderUsername: sender.username,
      senderDisplayName: sender.displayName,
      resolverId: resolver.id,
      resolverUsername: resolver.username,
      resolverDisplayName: resolver.displayName,
    })
    .from(supportRequests)
    .leftJoin(sender, eq(sender.id, supportRequests.userId))
    .leftJoin(resolver, eq(resolver.id, supportRequests.resolvedBy));

type RequestRow = Awaited<ReturnType<typeof selectRequests>>[number];

const person = (id: number | null, username: string | null, displayName: string | null) =>
  id === null ? null : { id, username: username ?? "", displayName: displayName ?? "" };

const author = alias(users, "author");

/** The replies of these requests, oldest first, by request id. */
async function repliesOf(db: Db, requestIds: readonly number[]): Promise<Map<number, AdminSupportReply[]>> {
  const out = new Map<number, AdminSupportReply[]>();
  if (!requestIds.length) return out;
  const found = await db
    .select({
      id: supportReplies.id,
      requestId: supportReplies.requestId,
      message: supportReplies.message,
      createdAt: iso(supportReplies.createdAt),
      authorName: author.displayName,
    })
    .from(supportReplies)
    .leftJoin(author, eq(author.id, supportReplies.authorId))
    .where(inArray(supportReplies.requestId, [...requestIds]))
    .orderBy(asc(supportReplies.id));
  for (const { requestId, ...reply } of found) out.set(requestId, [...(out.get(requestId) ?? []), reply]);
  return out;
}

function toSupportRequest(row: RequestRow, replies: AdminSupportReply[] = []): AdminSupportRequest {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.createdAt,
    resolvedAt: row.resolvedAt,
    sender: person(row.senderId, row.senderUsername, row.senderDisplayName),
    resolvedBy: person(row.resolverId, row.resolverUsername, row.resolverDisplayName),
    replies,
  };
}

export async function listSupport(
  ctx: SignedInContext,
  input: z.output<typeof adminSupportListSchema>,
): Promise<AdminSupportPage> {
  const { db } = ctx;
  const byType = input.type === "all" ? undefined : eq(supportRequests.type, input.type);
  const byStatus = input.status === "all" ? undefined : eq(supportRequests.status, input.status);
  // The counts follow the type filter, so the status tabs tell how many each would show.
  const perStatus = await db
    .select({ status: supportRequests.status, n: count() })
    .from(supportRequests)
    .where(byType)
    .groupBy(supportRequests.status);
  const counts = { open: 0, resolved: 0 };
  for (const { status, n } of perStatus) counts[status] = n;
  const total = input.status === "all" ? counts.open + counts.resolved : counts[input.status];
  const found = await selectRequests(db)
    .where(and(byType, byStatus))
    .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
    .limit(input.pageSize)
    .offset(offsetOf(input.page, input.pageSize));
  const replies = await repliesOf(
    db,
    found.map((r) => r.id),
  );
  return {
    items: found.map((r) => toSupportRequest(r, replies.get(r.id))),
    total,
    page: input.page,
    pageSize: input.pageSize,
    counts,
  };
}

async function supportById(db: Db, id: number): Promise<AdminSupportRequest> {
  const [row] = await selectRequests(db).where(eq(supportRequests.id, id));
  if (!row) throw notFound(SUPPORT_REQUEST_NOT_FOUND);
  return toSupportRequest(row, (await repliesOf(db, [id])).get(id));
}

export async function setSupportStatus(
  ctx: SignedInContext,
  input: z.output<typeof adminSupportSetStatusSchema>,
): Promise<AdminMutationResult<AdminSupportRequest>> {
  const actorId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    const [request] = await tx.select().from(supportRequests).where(eq(supportRequests.id, input.id)).for("update");
    if (!request) throw notFound(SUPPORT_REQUEST_NOT_FOUND);
    if (request.status === input.status) return { changed: false, item: await supportById(tx, request.id) };
    const resolved = input.status === "resolved";
    await tx
      .update(supportRequests)
      .set({ status: input.status, resolvedAt: resolved ? now(ctx) : null, resolvedBy: resolved ? actorId : null })
      .where(eq(supportRequests.id, request.id));
    await writeAudit(tx, actorId, resolved ? "support.resolve" : "support.reopen", {
      type: "support_request",
      id: request.id,
      label: request.subject,
    });
    return { changed: true, item: await supportById(tx, request.id) };
  });
}

/**
 * Replies to a request: the reply is stored, then mailed to the request's address and shown
 * in-app to its signed-in sender by a job that exists only if this commits (ADR 0033).
 */
export async function replyToSupport(
  ctx: SignedInContext,
  input: z.output<typeof adminSupportReplySchema>,
): Promise<AdminSupportRequest> {
  const actorId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    const [request] = await tx.select().from(supportRequests).where(eq(supportRequests.id, input.id));
    if (!request) throw notFound(SUPPORT_REQUEST_NOT_FOUND);
    const reply = onlyRow(
      await tx
        .insert(supportReplies)
        .values({ requestId: request.id, authorId: actorId, message: input.message })
        .returning({ id: supportReplies.id }),
    );
    await writeAudit(tx, actorId, "support.reply", { type: "support_request", id: request.id, label: request.subject });
    await notificationEvents.supportReplied(tx, { replyId: reply.id });
    return supportById(tx, request.id);
  });
}

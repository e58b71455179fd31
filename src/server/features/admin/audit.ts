import { and, desc, eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type {
  AuditAction,
  AuditEntry,
  AuditTargetType,
  adminAuditListSchema,
  Page,
} from "../../../shared/schemas/admin";
import type { SignedInContext } from "../../context";
import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema/admin";
import { users } from "../../db/schema/users";
import { iso, offsetOf } from "./sql";

// The audit log: every admin action writes its entry inside the transaction that performs it, so
// the log never claims what was rolled back (docs/product/routes-and-screens.md#admin-pages).

type AuditTarget = { type: AuditTargetType; id: number; label: string };

export async function writeAudit(
  tx: Db,
  actorId: number,
  action: AuditAction,
  target: AuditTarget,
  details: Record<string, unknown> = {},
) {
  await tx.insert(auditLog).values({
    actorId,
    action,
    targetType: target.type,
    targetId: target.id,
    details: { label: target.label, ...details },
  });
}

/** The entries about one user or challenge, for its detail view. */
export const auditOf = (type: AuditTargetType, id: number) =>
  and(eq(auditLog.targetType, type), eq(auditLog.targetId, id));

/** The newest entries first; `where` narrows them. */
export async function auditEntries(
  db: Db,
  page: { where?: SQL; limit: number; offset?: number },
): Promise<AuditEntry[]> {
  const found = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      details: auditLog.details,
      createdAt: iso(auditLog.createdAt),
      actorId: users.id,
      actorUsername: users.username,
      actorDisplayName: users.displayName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(page.where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return found.map(({ details, actorId, actorUsername, actorDisplayName, ...row }) => {
    const { label, ...rest } = details;
    return {
      id: row.id,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      targetLabel: typeof label === "string" ? label : null,
      details: rest,
      actor:
        actorId === null ? null : { id: actorId, username: actorUsername ?? "", displayName: actorDisplayName ?? "" },
      createdAt: row.createdAt,
    };
  });
}

export async function listAudit(
  ctx: SignedInContext,
  input: z.output<typeof adminAuditListSchema>,
): Promise<Page<AuditEntry>> {
  const { page, pageSize } = input;
  const total = await ctx.db.$count(auditLog);
  const items = await auditEntries(ctx.db, { limit: pageSize, offset: offsetOf(page, pageSize) });
  return { items, total, page, pageSize };
}

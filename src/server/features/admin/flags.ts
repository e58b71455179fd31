import type { z } from "zod";
import type { AdminMutationResult } from "../../../shared/schemas/admin";
import {
  type AdminFlag,
  type AdminFlagPage,
  type adminFlagDisableSchema,
  type adminFlagIdSchema,
  type adminFlagListSchema,
  type adminFlagVoidSchema,
  FLAG_NOT_FOUND,
  FLAG_NOT_OPEN,
  FLAG_USER_NOT_NAMED,
} from "../../../shared/schemas/fairplay";
import { now, type SignedInContext } from "../../context";
import type { Db } from "../../db/client";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { FLAG_PAGE_SIZE, flagById, flagPage, resolveFlag } from "../fairplay/queries";
import { changeRecordStatus } from "../verification/public";
import { writeAudit } from "./audit";
import { setDisabled } from "./users";

// The fair-play review queue (docs/product/routes-and-screens.md#admin-pages, ADR 0041): open
// flags with their explanation and records; an admin dismisses a flag, voids its records (through
// the one status change of the verification feature, with a reason) or disables the golfer
// (the same disable as on the Users page). Every action is in the audit log.

export async function listFlags(
  ctx: SignedInContext,
  input: z.output<typeof adminFlagListSchema>,
): Promise<AdminFlagPage> {
  const { items, total } = await flagPage(ctx.db, input.status, input.page);
  return { items, total, page: input.page, pageSize: FLAG_PAGE_SIZE };
}

const flagLabel = (flag: AdminFlag) => `${flag.title}: @${flag.user.username}`;

/** The flag, locked, and still open: two admins acting at once act once. */
async function openFlag(tx: Db, id: number): Promise<AdminFlag> {
  const flag = await flagById(tx, id, true);
  if (!flag) throw notFound(FLAG_NOT_FOUND);
  if (flag.status !== "open") throw conflict(FLAG_NOT_OPEN);
  return flag;
}

async function reread(db: Db, id: number): Promise<AdminFlag> {
  const flag = await flagById(db, id);
  if (!flag) throw notFound(FLAG_NOT_FOUND);
  return flag;
}

export async function dismissFlag(
  ctx: SignedInContext,
  { id }: z.output<typeof adminFlagIdSchema>,
): Promise<AdminMutationResult<AdminFlag>> {
  return ctx.db.transaction(async (tx) => {
    const flag = await openFlag(tx, id);
    await resolveFlag(tx, id, "dismissed", "Dismissed", ctx.user.id, now(ctx));
    await writeAudit(
      tx,
      ctx.user.id,
      "flag.dismiss",
      { type: "fairplay_flag", id, label: flagLabel(flag) },
      {
        rule: flag.rule,
      },
    );
    return { changed: true, item: await reread(tx, id) };
  });
}

/** Voids every record of the flag that is not voided yet, with the admin's reason. */
export async function voidFlagRecords(
  ctx: SignedInContext,
  { id, reason }: z.output<typeof adminFlagVoidSchema>,
): Promise<AdminMutationResult<AdminFlag>> {
  const at = now(ctx);
  return ctx.db.transaction(async (tx) => {
    const flag = await openFlag(tx, id);
    const voided: number[] = [];
    // In id order, so two transactions voiding overlapping records lock them in the same order.
    for (const record of [...flag.records].sort((a, b) => a.id - b.id)) {
      if (record.verificationStatus === "voided") continue;
      const changed = await changeRecordStatus(tx, {
        recordId: record.id,
        to: "voided",
        actorUserId: ctx.user.id,
        reason,
        at,
      });
      if (changed && changed.before.verificationStatus !== "voided") voided.push(record.id);
    }
    const resolution = `Voided ${voided.length === 1 ? "1 record" : `${voided.length} records`}: ${reason}`;
    await resolveFlag(tx, id, "actioned", resolution, ctx.user.id, at);
    await writeAudit(
      tx,
      ctx.user.id,
      "flag.void_records",
      { type: "fairplay_flag", id, label: flagLabel(flag) },
      {
        rule: flag.rule,
        recordIds: voided,
        reason,
      },
    );
    return { changed: true, item: await reread(tx, id) };
  });
}

/**
 * Disables the flagged golfer (or, for a ring, either golfer named in it) with the admin area's own
 * disable (sessions revoked, "user.disable" in the audit log), then marks the flag actioned.
 */
export async function disableFlaggedUser(
  ctx: SignedInContext,
  { id, userId }: z.output<typeof adminFlagDisableSchema>,
): Promise<AdminMutationResult<AdminFlag>> {
  const flag = await flagById(ctx.db, id);
  if (!flag) throw notFound(FLAG_NOT_FOUND);
  if (flag.status !== "open") throw conflict(FLAG_NOT_OPEN);
  const target = userId ?? flag.user.id;
  const named = [flag.user, flag.otherUser].find((u) => u?.id === target);
  if (!named) throw badRequest(FLAG_USER_NOT_NAMED);
  await setDisabled(ctx, { userId: target, disabled: true });
  return ctx.db.transaction(async (tx) => {
    const locked = await openFlag(tx, id);
    await resolveFlag(tx, id, "actioned", `Disabled @${named.username}`, ctx.user.id, now(ctx));
    await writeAudit(
      tx,
      ctx.user.id,
      "flag.disable_user",
      { type: "fairplay_flag", id, label: flagLabel(locked) },
      {
        rule: locked.rule,
        userId: target,
      },
    );
    return { changed: true, item: await reread(tx, id) };
  });
}

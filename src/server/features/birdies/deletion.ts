import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { challengeStatus } from "../../../shared/domain/challenge-timing";
import type { deleteBirdieSchema } from "../../../shared/schemas/birdies";
import { now, type SignedInContext } from "../../context";
import { birdieRecords } from "../../db/schema/birdies";
import { badRequest, forbidden, notFound } from "../../lib/errors";
import { isMember } from "../challenges/access";
import { findChallenge } from "../challenges/queries";
import { amendRoundLines } from "../chat/public";
import { displayNameOf } from "../users/queries";

export const BIRDIE_NOT_FOUND = "Birdie not found";
export const NOT_YOUR_BIRDIE = "You can only delete your own birdies";
export const RECORDS_FINAL = "This challenge has ended; its records are final";

/** Deletes one of the caller's own records; a superseded birdie on that hole counts again. */
export async function deleteBirdie(
  ctx: SignedInContext,
  { id }: z.output<typeof deleteBirdieSchema>,
): Promise<{ ok: true; id: number }> {
  const userId = ctx.user.id;
  const at = now(ctx);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(birdieRecords).where(eq(birdieRecords.id, id)).for("update");
    if (!row) throw notFound(BIRDIE_NOT_FOUND);
    if (row.userId !== userId) {
      // Fellow members learn it is someone else's; anyone else learns nothing.
      if (await isMember(tx, row.challengeId, userId)) throw forbidden(NOT_YOUR_BIRDIE);
      throw notFound(BIRDIE_NOT_FOUND);
    }
    const challenge = await findChallenge(tx, row.challengeId);
    if (challenge && challengeStatus(challenge.startDate, challenge.endDate, at) === "past") {
      throw badRequest(RECORDS_FINAL);
    }
    // The round's chat line no longer claims this hole: amended, or removed with its last hole (ADR 0028).
    await amendRoundLines(tx, id, await displayNameOf(tx, userId));
    await tx.delete(birdieRecords).where(eq(birdieRecords.id, id));
    if (row.counted) {
      // The next best record of the hole counts again (drizzle/0019: an eagle over a birdie, then
      // the earliest, among records whose verification status may count).
      await tx.execute(sql`select hole_records_recount(${row.challengeId}, ${row.userId}, ${row.holeNumber})`);
    }
    return { ok: true as const, id };
  });
}

import { eq } from "drizzle-orm";
import type { z } from "zod";
import { courseInfoText } from "../../../shared/domain/challenge-courses";
import { CHALLENGE_ENDED_TEXT, challengeStatus } from "../../../shared/domain/challenge-timing";
import { INVITE_CODE_PATTERN, isWellFormedPin } from "../../../shared/domain/invite-codes";
import {
  INVALID_PIN,
  type InviteDetails,
  type InvitePreview,
  type inviteCodeInputSchema,
  type JoinResult,
  type PinLookupResult,
  type pinLookupSchema,
} from "../../../shared/schemas/invites";
import { now, type ServiceContext, type SignedInContext } from "../../context";
import type { Db } from "../../db/client";
import { type ChallengeRow, challenges } from "../../db/schema/challenges";
import { conflict, notFound, tooManyRequests } from "../../lib/errors";
import { addPlayer, CHALLENGE_NOT_FOUND, isMember } from "../challenges/access";
import { summarise } from "../challenges/queries";
import { announceJoin } from "../chat/public";
import { displayNameOf } from "../users/queries";
import { notificationEvents } from "../notifications/public";

const TOO_MANY_PIN_LOOKUPS = "Too many PIN attempts. Please wait a few minutes and try again.";

export const alreadyJoinedMessage = (challengeId: number) => `Already joined challenge ${challengeId}`;

type InviteCode = z.output<typeof inviteCodeInputSchema>;

/** The challenge behind an invite link, or 404 (a malformed code is just as unknown). */
async function challengeByCode(db: Db, { code }: InviteCode): Promise<ChallengeRow> {
  if (!INVITE_CODE_PATTERN.test(code)) throw notFound(CHALLENGE_NOT_FOUND);
  const [row] = await db.select().from(challenges).where(eq(challenges.inviteCode, code));
  if (!row) throw notFound(CHALLENGE_NOT_FOUND);
  return row;
}

async function previewOf(db: Db, row: ChallengeRow, at: Date): Promise<InvitePreview> {
  const summary = (await summarise(db, [row])).get(row.id)!;
  return {
    id: row.id,
    name: row.name,
    creatorName: summary.creatorName,
    rules: row.rules,
    description: row.description,
    courseMode: row.courseMode,
    courseInfo: courseInfoText(
      row.courseMode,
      summary.courses.map((c) => c.name),
    ),
    courses: summary.courses,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    status: challengeStatus(row.startDate, row.endDate, at),
    playerCount: summary.playerCount,
    // The win rule's second half (docs/product/rules.md#challenge-boards): a visitor reads the same rule as a member.
    tiebreaker: row.tiebreaker,
    tiebreakerThreshold: row.tiebreakerThreshold,
  };
}

/**
 * The public preview behind a share link: no session needed, since holding the link is the
 * permission. It never carries the PIN or the link code itself.
 */
export async function previewInvite(ctx: ServiceContext, input: InviteCode): Promise<InvitePreview> {
  return previewOf(ctx.db, await challengeByCode(ctx.db, input), now(ctx));
}

/** The same preview for a signed-in golfer, with whether they already play in it. */
export async function inviteDetails(ctx: SignedInContext, input: InviteCode): Promise<InviteDetails> {
  const row = await challengeByCode(ctx.db, input);
  const preview = await previewOf(ctx.db, row, now(ctx));
  return { ...preview, challengeId: row.id, alreadyJoined: await isMember(ctx.db, row.id, ctx.user.id) };
}

/** Joins through an invite link. A second join is a 409 whose message names the challenge. */
export async function joinByCode(ctx: SignedInContext, input: InviteCode): Promise<JoinResult> {
  const userId = ctx.user.id;
  const row = await challengeByCode(ctx.db, input);
  if (await isMember(ctx.db, row.id, userId)) throw conflict(alreadyJoinedMessage(row.id));
  // A finished challenge has nothing left to play for; its results stay with its players.
  if (challengeStatus(row.startDate, row.endDate, now(ctx)) === "past") throw conflict(CHALLENGE_ENDED_TEXT);
  // The insert itself decides a double-click race: the loser gets the same 409.
  return ctx.db.transaction(async (tx) => {
    if (!(await addPlayer(tx, row.id, userId))) throw conflict(alreadyJoinedMessage(row.id));
    // The chat hears about it only if the join commits (NOTIFY is sent on commit).
    await announceJoin(tx, row.id, await displayNameOf(tx, userId));
    // The other players are told by a job that exists only if the join commits.
    await notificationEvents.challengeJoined(tx, { challengeId: row.id, userId });
    return { challengeId: row.id, name: row.name };
  });
}

/**
 * PIN look-up for the /join page: case, spaces and dashes do not matter. Every look-up counts
 * against the caller and their address, found or not, so PINs cannot be scanned (a form error
 * does not count: it is refused at the edge, before this runs).
 */
export async function lookupPin(
  ctx: SignedInContext,
  { pin }: z.output<typeof pinLookupSchema>,
): Promise<PinLookupResult> {
  const { limits } = ctx.deps;
  // Per address and per account: many accounts at one address, or one account hopping addresses,
  // both stay slow. The user's count is checked first so a refused look-up costs no address budget.
  if (!(await limits.pinLookupPerUser.tryConsume(String(ctx.user.id)))) throw tooManyRequests(TOO_MANY_PIN_LOOKUPS);
  await limits.pinLookupPerAddress.consume(ctx.meta.ip, TOO_MANY_PIN_LOOKUPS);
  if (!isWellFormedPin(pin)) throw notFound(INVALID_PIN);
  const [row] = await ctx.db
    .select({ id: challenges.id, name: challenges.name, inviteCode: challenges.inviteCode })
    .from(challenges)
    .where(eq(challenges.invitePin, pin));
  if (!row) throw notFound(INVALID_PIN);
  return { success: true, name: row.name, challengeId: row.id, inviteCode: row.inviteCode };
}

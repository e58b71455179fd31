import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { CHALLENGE_ENDED_TEXT, challengeStatus } from "../../../shared/domain/challenge-timing";
import { latestDayOnEarth, playDateProblem, playDateWindow } from "../../../shared/domain/play-date-window";
import { countedType, holeOutcome, holeTaken } from "../../../shared/domain/hole-rule";
import { recordType } from "../../../shared/domain/scoring";
import { statusCounts, type VerificationStatus } from "../../../shared/domain/verification";
import type { Achievement } from "../../../shared/schemas/achievements";
import {
  type BirdieRecord,
  type checkRoundSchema,
  type RoundCheck,
  type recordBirdieSchema,
  type recordRoundSchema,
  SIGNATURE_PREFIX,
} from "../../../shared/schemas/birdies";
import { now, type SignedInContext } from "../../context";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { statement } from "../../db/raw";
import { together } from "../../db/together";
import { commitAhead } from "../../db/commit-ahead";
import { birdieRecords, recordStatusEvents, roundSubmissions } from "../../db/schema/birdies";
import { users } from "../../db/schema/users";
import type { ChallengeRow } from "../../db/schema/challenges";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { isUniqueViolation } from "../../lib/sql-state";
import { awardForRecords } from "../achievements/public";
import { CHALLENGE_NOT_FOUND, lockMembership, requireMember } from "../challenges/access";
import { coursesOf } from "../challenges/queries";
import { announceRound } from "../chat/public";
import { coursesByIds, findOrCreateCourse } from "../courses/queries";
import { standingOf } from "../leaderboards/queries";
import { notificationEvents } from "../notifications/public";
import { displayNameOf } from "../users/queries";
import { toView } from "./views";
import { onlyRow } from "../../lib/rows";

// Recording holes: one (POST /api/birdies) or a verified round (birdies.recordRound), with the
// rules of docs/product/rules.md#recording-window and #one-record-per-hole-or-many.

export const CHOOSE_COURSE = "Choose a course";
export const COURSE_NOT_IN_CHALLENGE = "That course is not part of this challenge";
export const NOT_STARTED = "This challenge has not started yet";
export const ROUND_ID_USED = "This round was already recorded in another challenge";
export const PARTNER_IS_YOU = "You cannot name yourself as your partner: pick the golfer who played with you";
export const PARTNER_NOT_FOUND = "That partner's account was not found";
/** How a record naming a partner's account keeps its verifier signature: no typed signature exists. */
export const ACCOUNT_SIGNATURE_PREFIX = "account:@";
export { holeTaken };

type RecordContext = { challenge: ChallengeRow; courseId: number; courseName: string; date: string };
/** Who verifies a record and the status it starts in (docs/product/rules.md#verification). */
type Verifier = { name: string; signature: string; partnerUserId: number | null; status: VerificationStatus };

type VerifierInput = { partnerUserId?: number | null; verifiedBy?: { name: string; signature: string } };
type Partner = { id: number; displayName: string; username: string; disabled: boolean };

/** The named partner's account, read with the round's other reads (a resend never needs it). */
async function partnerOf(tx: Db, input: VerifierInput): Promise<Partner | undefined> {
  if (input.partnerUserId == null) return undefined;
  const [partner] = await prepared(tx, "record_partner", (d) =>
    d
      .select({ id: users.id, displayName: users.displayName, username: users.username, disabled: users.disabled })
      .from(users)
      .where(eq(users.id, sql.placeholder("partnerUserId"))),
  ).execute({ partnerUserId: input.partnerUserId });
  return partner;
}

/**
 * The partner's account (the record starts pending until they confirm it), or the typed name and
 * signature (signed). Naming oneself is refused: the golfer never verifies their own record.
 */
function verifierOf(userId: number, input: VerifierInput, partner: Partner | undefined): Verifier {
  if (input.partnerUserId != null) {
    if (input.partnerUserId === userId) throw badRequest(PARTNER_IS_YOU);
    if (!partner || partner.disabled) throw badRequest(PARTNER_NOT_FOUND);
    return {
      name: partner.displayName,
      signature: `${ACCOUNT_SIGNATURE_PREFIX}${partner.username}`,
      partnerUserId: partner.id,
      status: "pending",
    };
  }
  // The schema requires the typed pair when no account is named.
  const typed = input.verifiedBy ?? { name: "", signature: "" };
  return {
    name: typed.name,
    signature: `${SIGNATURE_PREFIX}${typed.signature}`,
    partnerUserId: null,
    status: "signed",
  };
}

export type RecordedRound = {
  records: BirdieRecord[];
  birdies: number;
  eagles: number;
  newAchievements: Achievement[];
};

/** The challenge's recording window and the date played (docs/product/rules.md#recording-window). */
function checkWindow(challenge: ChallengeRow, date: string, at: Date): void {
  const status = challengeStatus(challenge.startDate, challenge.endDate, at);
  if (status === "upcoming") throw badRequest(NOT_STARTED);
  if (status === "past") throw badRequest(CHALLENGE_ENDED_TEXT);
  // The server does not know the golfer's zone: "today" is the latest day anyone has.
  const dateProblem = playDateProblem(
    date,
    playDateWindow(challenge.startDate, challenge.endDate, latestDayOnEarth(at)),
  );
  if (dateProblem) throw badRequest(dateProblem);
}

type CourseInput = { courseId?: number; customCourseName?: string | null };

/** A single-course challenge's course: implied, and a different one is refused. */
function singleCourse(own: readonly { id: number; name: string }[], input: CourseInput) {
  const course = input.courseId ? own.find((c) => c.id === input.courseId) : own[0];
  if (!course) throw badRequest(input.courseId ? COURSE_NOT_IN_CHALLENGE : CHOOSE_COURSE);
  return course;
}

/** Everything a record needs except the hole: membership, an active window, the date, the course. */
async function prepareRecord(
  tx: Db,
  userId: number,
  input: { challengeId: number; date: string } & CourseInput,
  at: Date,
): Promise<RecordContext> {
  // Three independent reads sent together (one round trip on PostgreSQL, where the transaction's
  // connection pipelines them). The lock on the membership row serialises one player's records in
  // one challenge, so the "one counted record per hole" rule holds under concurrent submissions;
  // everything that reads records runs after it is granted. A removal deletes that row first, so
  // it serialises with recording too: the locked read, not requireMember's (which may have seen
  // the row before a removal committed), decides whether the caller is still a member. Reads a
  // caller sends right after calling this join the same batch and run once the lock is granted
  // (the resend check and the standing before the round, ADR 0060): nothing here awaits before
  // these three queries are issued.
  const [challenge, locked, own] = await together([
    requireMember(tx, input.challengeId, userId),
    lockMembership(tx, input.challengeId, userId),
    coursesOf(tx, input.challengeId),
  ]);
  if (!locked) throw notFound(CHALLENGE_NOT_FOUND);
  checkWindow(challenge, input.date, at);

  if (challenge.courseMode === "single") {
    const course = singleCourse(own, input);
    return { challenge, courseId: course.id, courseName: course.name, date: input.date };
  }
  // Hybrid: any known course, or a typed name found or created.
  if (input.customCourseName?.trim()) {
    const course = await findOrCreateCourse(tx, userId, input.customCourseName);
    return { challenge, courseId: course.id, courseName: course.name, date: input.date };
  }
  if (!input.courseId) throw badRequest(CHOOSE_COURSE);
  const course = onlyRow(await coursesByIds(tx, [input.courseId]));
  return { challenge, courseId: course.id, courseName: course.name, date: input.date };
}

/**
 * birdies.checkRound: the dry run before the partner signs (docs/product/rules.md#checking-a-round-before-signing).
 * The same membership, window, date, course and hole rules as recordRound, on the data as it is
 * now; nothing is written (a typed course name is not created) and nothing is locked, so a round
 * that passes can still meet a clash at submit (a race), which recordRound then refuses.
 * Challenge-level problems are the same 400/404 errors; hole clashes are listed, all of them.
 */
export async function checkRound(ctx: SignedInContext, input: z.output<typeof checkRoundSchema>): Promise<RoundCheck> {
  const userId = ctx.user.id;
  const at = now(ctx);
  const [challenge, own] = await Promise.all([
    requireMember(ctx.db, input.challengeId, userId),
    coursesOf(ctx.db, input.challengeId),
  ]);
  checkWindow(challenge, input.date, at);
  if (challenge.courseMode === "single") singleCourse(own, input);
  else if (!input.customCourseName?.trim()) {
    if (!input.courseId) throw badRequest(CHOOSE_COURSE);
    const [course] = await coursesByIds(ctx.db, [input.courseId]);
    if (!course) throw badRequest(CHOOSE_COURSE);
  }
  if (input.partnerUserId === userId) throw badRequest(PARTNER_IS_YOU);
  const holes = [...input.holes].sort((a, b) => a.holeNumber - b.holeNumber);
  const holders = await roundHolders(ctx.db, challenge.id, userId, holes);
  const clashes = takenHoles(challenge, holes, holders).map((h) => ({
    holeNumber: h.holeNumber,
    message: holeTaken(h.holeNumber),
  }));
  return { clashes };
}

/** A record holding its hole (not voided), as the hole rule reads it. */
type Holder = { id: number; holeNumber: number; score: number; counted: boolean };

/**
 * The records holding each of a round's holes: every record not voided (a pending or disputed
 * record holds its hole although it may not count now; docs/product/rules.md#verification;
 * superseded birdies are in too: under an eagle they change nothing). A recording reads them in
 * its first batch with the membership lock held (so it sees every earlier record of this golfer
 * here): the hole rule is then decided for the whole round before anything is written, and the
 * writes go out together. checkRound reads them without the lock, as a dry run.
 */
const holdersOf = statement<Holder>(sql`
  select id, hole_number::int as "holeNumber", score::int as score, counted from ${birdieRecords}
  where challenge_id = ${sql.placeholder("challengeId")} and user_id = ${sql.placeholder("userId")}
    and verification_status <> 'voided'
    and hole_number in (select h::int from jsonb_array_elements_text(${sql.placeholder("holes")}::jsonb) as h)`);

const roundHolders = (tx: Db, challengeId: number, userId: number, holes: readonly { holeNumber: number }[]) =>
  holdersOf(tx, { challengeId, userId, holes: JSON.stringify(holes.map((h) => h.holeNumber)) });

type Hole = { holeNumber: number; score: number };

/**
 * The multiple-birdies rule (a birdie may be upgraded by an eagle) applied to a round's holes: the
 * ones already taken, in the order given. The one check behind checkRound's clashes and
 * recording's refusal.
 */
function takenHoles<H extends Hole>(
  challenge: Pick<ChallengeRow, "allowMultipleBirdies">,
  holes: readonly H[],
  holders: readonly Holder[],
): H[] {
  return holes.filter((hole) => {
    const held = countedType(holders.filter((r) => r.holeNumber === hole.holeNumber).map((r) => r.score));
    return holeOutcome(held, recordType(hole.score), challenge.allowMultipleBirdies) === "taken";
  });
}

/**
 * A round's holes against the rule: the first hole taken is refused before anything is written.
 * Returns the records the new ones take over from: with one record per hole, a new record that
 * counts (its status may count, shared/domain/verification.ts) takes over from the hole's counting
 * record, which it always beats (an upgrade). A pending eagle that may not count yet leaves the
 * birdie counting until it is confirmed (hole_records_recount, drizzle/0019).
 */
function takenOver(ctx: RecordContext, holes: readonly Hole[], holders: readonly Holder[], counts: boolean): number[] {
  const [taken] = takenHoles(ctx.challenge, holes, holders);
  if (taken) throw conflict(holeTaken(taken.holeNumber));
  // The holders are the round's holes' own (roundHolders).
  if (ctx.challenge.allowMultipleBirdies || !counts) return [];
  return holders.filter((r) => r.counted).map((r) => r.id);
}

/**
 * Writes a round's holes (checked by takenOver): the records they take over from stop counting,
 * then the inserts go out together (one round trip on PostgreSQL), in hole order.
 */
async function insertHoles(
  tx: Db,
  userId: number,
  ctx: RecordContext,
  holes: readonly Hole[],
  holders: readonly Holder[],
  verifier: Verifier,
): Promise<BirdieRecord[]> {
  const counts = statusCounts(verifier.status, ctx.challenge.requireConfirmation);
  const replaced = takenOver(ctx, holes, holders, counts);
  if (replaced.length)
    await tx.update(birdieRecords).set({ counted: false }).where(inArray(birdieRecords.id, replaced));
  const rows = await together(
    holes.map((hole) =>
      prepared(tx, "record_insert", (d) =>
        d
          .insert(birdieRecords)
          .values({
            challengeId: sql.placeholder("challengeId"),
            userId: sql.placeholder("userId"),
            courseId: sql.placeholder("courseId"),
            holeNumber: sql.placeholder("holeNumber"),
            score: sql.placeholder("score"),
            datePlayed: sql.placeholder("datePlayed"),
            verifierName: sql.placeholder("verifierName"),
            verifierSignature: sql.placeholder("verifierSignature"),
            counted: sql.placeholder("counted"),
            partnerUserId: sql.placeholder("partnerUserId"),
            verificationStatus: sql.placeholder("verificationStatus"),
          })
          .returning(),
      ).execute({
        challengeId: ctx.challenge.id,
        userId,
        courseId: ctx.courseId,
        holeNumber: hole.holeNumber,
        score: hole.score,
        datePlayed: ctx.date,
        verifierName: verifier.name,
        verifierSignature: verifier.signature,
        counted: counts,
        partnerUserId: verifier.partnerUserId,
        verificationStatus: verifier.status,
      }),
    ),
  );
  return rows.map((r) => toView(onlyRow(r), ctx.courseName));
}

/**
 * What the new records earn (awarded now), with the golfer's name for the round's chat line: the
 * name look-up travels with the award checks.
 */
async function awardWithName(
  tx: Db,
  userId: number,
  challengeId: number,
  records: readonly BirdieRecord[],
  at: Date,
): Promise<[Achievement[], string]> {
  return together([
    // Only records that count earn (a pending record under requireConfirmation earns when confirmed).
    awardForRecords(
      tx,
      userId,
      challengeId,
      records
        .filter((r) => r.counted)
        .map((r) => ({ holeNumber: r.holeNumber, score: r.score, date: r.date, courseId: r.courseId })),
      at,
    ),
    displayNameOf(tx, userId),
  ]);
}

/**
 * After the records are in: their history, what they earn, the round's notification job, then
 * the round's chat lines (delivered to sockets only once the records commit) with whatever else
 * needs the achievements (`alsoAfter`), with COMMIT behind them. Independent statements are sent
 * together, so on PostgreSQL, where a transaction's connection pipelines them, a usual recording
 * is four round trips in all: BEGIN with the reads, the inserts, this tail's two (a third when
 * the round earns an achievement). It was six, and eight with an achievement (issue 19: the
 * recording transaction's length under load is its round trips, and it holds the golfer's
 * membership lock throughout).
 */
async function afterInsert(
  tx: Db,
  userId: number,
  challengeId: number,
  verifier: Verifier,
  records: readonly BirdieRecord[],
  before: Record<string, unknown> | null,
  at: Date,
  alsoAfter?: (earned: Achievement[]) => Promise<unknown> | undefined,
): Promise<Achievement[]> {
  const [, [earned, name]] = await together([
    startVerification(tx, userId, verifier, records, at),
    awardWithName(tx, userId, challengeId, records, at),
    notifyRound(tx, userId, challengeId, records, before),
  ]);
  // One line for the round and one for what it earned (ADR 0028), not one per hole and achievement.
  // These are the transaction's last statements: COMMIT travels right behind them (ADR 0069), so
  // nothing after this may refuse the round. A write that fails here rolls everything back.
  await together([
    announceRound(
      tx,
      challengeId,
      name,
      records,
      earned.map((a) => a.name),
    ),
    alsoAfter?.(earned),
    commitAhead(tx),
  ]);
  return earned;
}

/**
 * The other players hear of the round (one notification per round, not per hole) and whoever it
 * overtook, from a job that exists only if the records commit (docs/product/rules.md#notifications).
 */
async function notifyRound(
  tx: Db,
  userId: number,
  challengeId: number,
  records: readonly BirdieRecord[],
  before: Record<string, unknown> | null,
) {
  const eagles = records.filter((r) => r.type === "eagle").length;
  await notificationEvents.roundRecorded(tx, {
    challengeId,
    userId,
    recordIds: records.map((r) => r.id),
    birdies: records.length - eagles,
    eagles,
    before,
  });
}

/**
 * Each record's history starts with how it was recorded (the golfer, signed or pending), and a
 * named partner is asked to confirm: one notification per round, from a job that exists only if
 * the records commit (docs/product/rules.md#verification).
 */
async function startVerification(
  tx: Db,
  userId: number,
  verifier: Verifier,
  records: readonly BirdieRecord[],
  at: Date,
) {
  const first = records[0];
  if (!first) return;
  await firstStatusEvents(tx, {
    recordIds: JSON.stringify(records.map((r) => r.id)),
    challengeId: first.challengeId,
    userId,
    status: verifier.status,
    at: at.toISOString(),
  });
  if (verifier.partnerUserId !== null) {
    await notificationEvents.partnerNamed(tx, {
      challengeId: first.challengeId,
      userId,
      partnerUserId: verifier.partnerUserId,
      recordIds: records.map((r) => r.id),
    });
  }
}

/** The first history entry of each record of one round (all in one challenge), one statement. */
const firstStatusEvents = statement(sql`
  insert into ${recordStatusEvents} (record_id, challenge_id, actor_user_id, from_status, to_status, created_at)
  select r.id::int, ${sql.placeholder("challengeId")}, ${sql.placeholder("userId")}, null,
         ${sql.placeholder("status")}, ${sql.placeholder("at")}::timestamptz
  from jsonb_array_elements_text(${sql.placeholder("recordIds")}::jsonb) as r(id)`);

/** POST /api/birdies: one hole. */
export async function recordBirdie(
  ctx: SignedInContext,
  input: z.output<typeof recordBirdieSchema>,
): Promise<BirdieRecord & { newAchievements: Achievement[] }> {
  const userId = ctx.user.id;
  const at = now(ctx);
  return ctx.db.transaction(async (tx) => {
    // Sent with the membership lock and run after it is granted (one round trip on PostgreSQL):
    // the standing this hole starts from (who it overtakes), the hole's records and the partner.
    const holes = [{ holeNumber: input.holeNumber, score: input.score }];
    const [record, before, holders, partner] = await together([
      prepareRecord(tx, userId, input, at),
      standingOf(tx, input.challengeId, userId),
      roundHolders(tx, input.challengeId, userId, holes),
      partnerOf(tx, input),
    ]);
    const verifier = verifierOf(userId, input, partner);
    const hole = onlyRow(await insertHoles(tx, userId, record, holes, holders, verifier));
    const newAchievements = await afterInsert(tx, userId, record.challenge.id, verifier, [hole], before, at);
    return { ...hole, newAchievements };
  });
}

/** A verified round: every marked hole is recorded, or none is (one transaction). */
export async function recordRound(
  ctx: SignedInContext,
  input: z.output<typeof recordRoundSchema>,
): Promise<RecordedRound> {
  const userId = ctx.user.id;
  const at = now(ctx);
  return ctx.db.transaction(async (tx) => {
    // Sent with the membership lock and run after it is granted, in the order sent (one round trip
    // on PostgreSQL): whether this round was recorded before, so two copies of one round cannot
    // both pass, the standing it starts from (who it overtakes), the records holding its holes and
    // the partner's account. A failure is reported in this order (together): a non-member hears
    // 404 first.
    const holes = [...input.holes].sort((a, b) => a.holeNumber - b.holeNumber);
    const [record, done, before, holders, partner] = await together([
      prepareRecord(tx, userId, input, at),
      input.clientRoundId ? submittedRound(tx, userId, input.clientRoundId) : undefined,
      standingOf(tx, input.challengeId, userId),
      roundHolders(tx, input.challengeId, userId, holes),
      partnerOf(tx, input),
    ]);
    if (done) {
      // A round has at least one hole, so its result names the challenge it was recorded in.
      if (done.records[0]?.challengeId !== record.challenge.id) throw conflict(ROUND_ID_USED);
      return done;
    }
    const verifier = verifierOf(userId, input, partner);
    const records = await insertHoles(tx, userId, record, holes, holders, verifier);
    const newAchievements = await afterInsert(
      tx,
      userId,
      record.challenge.id,
      verifier,
      records,
      before,
      at,
      (earned) =>
        // The membership lock serialises copies of a round sent to one challenge, not to two: a copy
        // sent to another challenge at the same moment waits on this key here, then finds it taken.
        input.clientRoundId ? saveSubmission(tx, userId, input.clientRoundId, roundResult(records, earned)) : undefined,
    );
    return roundResult(records, newAchievements);
  });
}

/** What recordRound answers (and keeps under the round's client id). */
function roundResult(records: BirdieRecord[], newAchievements: Achievement[]): RecordedRound {
  const eagles = records.filter((r) => r.type === "eagle").length;
  return { records, birdies: records.length - eagles, eagles, newAchievements };
}

/** The result of a round already recorded under this client id (a resend), if any. */
async function submittedRound(tx: Db, userId: number, clientRoundId: string): Promise<RecordedRound | undefined> {
  const [done] = await prepared(tx, "round_submission_of", (d) =>
    d
      .select({ result: roundSubmissions.result })
      .from(roundSubmissions)
      .where(
        and(
          eq(roundSubmissions.userId, sql.placeholder("userId")),
          eq(roundSubmissions.clientRoundId, sql.placeholder("clientRoundId")),
        ),
      ),
  ).execute({ userId, clientRoundId });
  return done ? (done.result as RecordedRound) : undefined;
}

/** Keeps a round's result under its client id; the same id taken meanwhile is a conflict. */
async function saveSubmission(tx: Db, userId: number, clientRoundId: string, result: RecordedRound): Promise<void> {
  await prepared(tx, "round_submission_insert", (d) =>
    d.insert(roundSubmissions).values({
      userId: sql.placeholder("userId"),
      clientRoundId: sql.placeholder("clientRoundId"),
      result: sql.placeholder("result"),
    }),
  )
    .execute({ userId, clientRoundId, result })
    .catch((err: unknown) => {
      throw isUniqueViolation(err) ? conflict(ROUND_ID_USED) : err;
    });
}

import { sql } from "drizzle-orm";
import {
  type FlagRule,
  flagExplanation,
  normaliseName,
  ONE_PARTNER_MIN_RECORDS,
  ONE_PARTNER_SHARE,
  RING_MIN_CONFIRMATIONS,
  ROUND_BIRDIES_LIMIT,
} from "../../../shared/domain/fairplay";
import type { Db } from "../../db/client";
import { rows } from "../../db/raw";

// The fair-play rules (docs/product/rules.md#fair-play-flags, ADR 0041), each one SQL query over
// one golfer's records (the user/date and partner indexes of birdie_records): cheap enough to run
// after every round. Voided records are left out: a record the creator or an admin voided has been
// dealt with. Each query returns what its explanation needs; the words are shared/domain/fairplay.ts.

export type FoundFlag = {
  rule: FlagRule;
  userId: number;
  otherUserId: number | null;
  subjectKey: string;
  recordIds: number[];
  explanation: string;
};

/** Case- and space-insensitive comparison form, the SQL twin of normaliseName (tested to agree). */
export const NORMALISED = (column: ReturnType<typeof sql>) => sql`lower(regexp_replace(${column}, '\\s+', '', 'g'))`;

type Golfer = { display_name: string; username: string };

async function golferOf(db: Db, userId: number): Promise<Golfer | undefined> {
  const [g] = await rows<Golfer>(db, sql`select display_name, username from users where id = ${userId}`);
  return g;
}

/** More than 5 birdies or better in one round: same golfer, challenge, course and day. */
async function roundBirdies(db: Db, userId: number, g: Golfer): Promise<FoundFlag[]> {
  const found = await rows<{
    challenge_id: number;
    course_id: number;
    day: string;
    n: number;
    ids: number[];
    course: string;
    challenge: string;
  }>(
    db,
    // Grouped first, named after: joined before grouping, the planner hashed every challenge and
    // course to name each record (3.4 of 7.6 ms for a golfer with 646 records, session 17).
    sql`select g.challenge_id, g.course_id, g.day, g.n, g.ids, c.name as course, ch.name as challenge
          from (select r.challenge_id, r.course_id, r.date_played::text as day, count(*)::int as n,
                       array_agg(r.id order by r.hole_number, r.id) as ids
                  from birdie_records r
                 where r.user_id = ${userId} and r.verification_status <> 'voided'
                 group by r.challenge_id, r.course_id, r.date_played
                having count(*) > ${ROUND_BIRDIES_LIMIT}) g
          cross join lateral (select name from courses where id = g.course_id limit 1) c
          cross join lateral (select name from challenges where id = g.challenge_id limit 1) ch
         order by g.challenge_id, g.course_id, g.day`,
  );
  return found.map((f) => ({
    rule: "round_birdies",
    userId,
    otherUserId: null,
    subjectKey: `${f.challenge_id}:${f.course_id}:${f.day}`,
    recordIds: f.ids.map(Number),
    explanation: flagExplanation.roundBirdies(g.display_name, f.n, f.course, f.day, f.challenge),
  }));
}

/** The typed partner name is the golfer's own display name or username (case/space-insensitive). */
async function selfPartner(db: Db, userId: number, g: Golfer): Promise<FoundFlag[]> {
  const found = await rows<{ challenge_id: number; challenge: string; partner: string; n: number; ids: number[] }>(
    db,
    sql`select r.challenge_id, min(ch.name) as challenge, min(r.verifier_name) as partner, count(*)::int as n,
               array_agg(r.id order by r.id) as ids
          from birdie_records r
          join challenges ch on ch.id = r.challenge_id
         where r.user_id = ${userId} and r.partner_user_id is null and r.verification_status <> 'voided'
           and ${NORMALISED(sql`r.verifier_name`)} in (${normaliseName(g.display_name)}, ${normaliseName(g.username)})
         group by r.challenge_id`,
  );
  return found.map((f) => ({
    rule: "self_partner",
    userId,
    otherUserId: null,
    subjectKey: String(f.challenge_id),
    recordIds: f.ids.map(Number),
    explanation: flagExplanation.selfPartner(g.display_name, f.partner, f.n, f.challenge),
  }));
}

/** One typed partner (no account) on more than 80% of the golfer's records, across 10 or more. */
async function onePartner(db: Db, userId: number, g: Golfer): Promise<FoundFlag[]> {
  const found = await rows<{ key: string; partner: string; n: number; total: number; ids: number[] }>(
    db,
    // The total is read as a scalar subquery of its own CTE: PostgreSQL counts once (an InitPlan
    // over the materialised CTE). Cross-joined instead, the planner (which guesses a few dozen
    // records per golfer) chose a nested loop that counted all the golfer's records again for each
    // one: 830 ms for a golfer with 3,000 records (issue 19).
    sql`with mine as (
          select id, verifier_name, partner_user_id, ${NORMALISED(sql`verifier_name`)} as key
            from birdie_records where user_id = ${userId} and verification_status <> 'voided'),
        total as (select count(*)::int as n from mine)
        select m.key, min(m.verifier_name) as partner, count(*)::int as n, (select n from total) as total,
               array_agg(m.id order by m.id) as ids
          from mine m
         where m.partner_user_id is null
         group by m.key
        having (select n from total) >= ${ONE_PARTNER_MIN_RECORDS}
           and count(*) > (select n from total) * ${ONE_PARTNER_SHARE}::numeric`,
  );
  return found.map((f) => ({
    rule: "one_partner",
    userId,
    otherUserId: null,
    subjectKey: f.key,
    recordIds: f.ids.map(Number),
    explanation: flagExplanation.onePartner(g.display_name, f.partner, f.n, f.total),
  }));
}

/** Records on two or more different courses on the same day. */
async function twoCourses(db: Db, userId: number, g: Golfer): Promise<FoundFlag[]> {
  const found = await rows<{ day: string; courses: string[]; ids: number[] }>(
    db,
    sql`select r.date_played::text as day, array_agg(distinct c.name) as courses, array_agg(r.id order by r.id) as ids
          from birdie_records r join courses c on c.id = r.course_id
         where r.user_id = ${userId} and r.verification_status <> 'voided'
         group by r.date_played
        having count(distinct r.course_id) > 1`,
  );
  return found.map((f) => ({
    rule: "two_courses",
    userId,
    otherUserId: null,
    subjectKey: f.day,
    recordIds: f.ids.map(Number),
    explanation: flagExplanation.twoCourses(g.display_name, f.day, [...f.courses].sort()),
  }));
}

/**
 * A confirmation ring: A confirmed only B's records and B only A's, 10 or more times together.
 * A confirmation is a record naming the partner's account (partner_user_id) that they confirmed.
 * Read from the partner index: the golfers this one confirmed for or was confirmed by, and theirs.
 */
async function confirmationRing(db: Db, userId: number): Promise<FoundFlag[]> {
  const found = await rows<{ a: number; b: number; a_name: string; b_name: string; n: number; ids: number[] }>(
    db,
    sql`with around as (
          select ${userId}::int as id
          union select user_id from birdie_records where partner_user_id = ${userId} and verification_status = 'confirmed'
          union select partner_user_id from birdie_records where user_id = ${userId} and verification_status = 'confirmed'
                                                             and partner_user_id is not null),
        conf as (
          select r.partner_user_id as confirmer, r.user_id as golfer, count(*)::int as n, array_agg(r.id) as ids
            from birdie_records r
           where r.verification_status = 'confirmed' and r.partner_user_id in (select id from around)
             and r.partner_user_id <> r.user_id
           group by r.partner_user_id, r.user_id),
        only_one as (select confirmer from conf group by confirmer having count(*) = 1)
        select x.confirmer as a, y.confirmer as b, ua.display_name as a_name, ub.display_name as b_name,
               (x.n + y.n)::int as n, x.ids || y.ids as ids
          from conf x
          join conf y on y.confirmer = x.golfer and y.golfer = x.confirmer
          join only_one ox on ox.confirmer = x.confirmer
          join only_one oy on oy.confirmer = y.confirmer
          join users ua on ua.id = x.confirmer
          join users ub on ub.id = y.confirmer
         where x.confirmer < y.confirmer and ${userId} in (x.confirmer, y.confirmer)
           and x.n + y.n >= ${RING_MIN_CONFIRMATIONS}`,
  );
  return found.map((f) => ({
    rule: "confirmation_ring",
    userId: f.a,
    otherUserId: f.b,
    subjectKey: `${f.a}:${f.b}`,
    recordIds: f.ids.map(Number).sort((x, y) => x - y),
    explanation: flagExplanation.confirmationRing(f.a_name, f.b_name, f.n),
  }));
}

/** Every flag the rules find for one golfer now (rings with either golfer of the pair). */
export async function findFlags(db: Db, userId: number): Promise<FoundFlag[]> {
  const g = await golferOf(db, userId);
  if (!g) return [];
  // One after another: inside a transaction (PGlite's only connection) queries run in turn anyway.
  return [
    ...(await roundBirdies(db, userId, g)),
    ...(await selfPartner(db, userId, g)),
    ...(await onePartner(db, userId, g)),
    ...(await twoCourses(db, userId, g)),
    ...(await confirmationRing(db, userId)),
  ];
}

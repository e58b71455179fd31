import { sql } from "drizzle-orm";
import {
  type FlagRule,
  flagExplanation,
  ONE_PARTNER_MIN_RECORDS,
  ONE_PARTNER_SHARE,
  RING_MIN_CONFIRMATIONS,
  ROUND_BIRDIES_LIMIT,
} from "../../../shared/domain/fairplay";
import type { Db } from "../../db/client";
import { statement } from "../../db/raw";
import { together } from "../../db/together";

// The fair-play rules (docs/product/rules.md#fair-play-flags, ADR 0041) in SQL over one golfer's
// records (the user/date and partner indexes of birdie_records): the four rules about the golfer's
// own records share one statement, the confirmation ring (the records of those around them) has
// its own. Cheap enough to run after every round. Voided records are left out: a record the creator
// or an admin voided has been dealt with. Each rule returns what its explanation needs; the words
// are shared/domain/fairplay.ts.

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

// The rules' statements are built once (statement(): building their text cost more server CPU
// than a small golfer's refresh costs PostgreSQL, issue 19); `userId` is the golfer refreshed.
const USER = sql.placeholder("userId");

const golfer = statement<Golfer>(sql`select display_name, username from users where id = ${USER}`);

type OwnRules = {
  round_birdies: {
    challenge_id: number;
    course_id: number;
    day: string;
    n: number;
    ids: number[];
    course: string;
    challenge: string;
  }[];
  self_partner: { challenge_id: number; challenge: string; partner: string; n: number; ids: number[] }[];
  one_partner: { key: string; partner: string; n: number; total: number; ids: number[] }[];
  two_courses: { day: string; courses: string[]; ids: number[] }[];
};

/**
 * The four rules over the golfer's own records, in one statement that reads those records once
 * (session 17: each rule read them again, and reading a golfer's scattered rows was most of each
 * rule's time; 24 -> 15 ms for a golfer with 1,451 records). Each rule is a CTE over `mine`, and
 * comes back as a JSON array of what its explanation needs.
 *
 * - round_birdies: more than 5 birdies or better in one round (same challenge, course and day).
 *   Grouped first, named after: joined before grouping, the planner hashed every challenge and
 *   course to name each record.
 * - self_partner: the typed partner name is the golfer's own display name or username (case- and
 *   space-insensitive). The names are read here, as scalar subqueries (computed once): written as
 *   `key in (select ... union all select ...)` the planner made it a semi join that looked the
 *   golfer up and normalised both names again for every record (0.22 -> 0.33 ms a call, ADR 0066).
 * - one_partner: one typed partner (no account) on more than 80% of the golfer's records, across 10
 *   or more. The total is read as a scalar subquery of its own CTE: PostgreSQL counts once (an
 *   InitPlan). Cross-joined instead, the planner (which guesses a few dozen records per golfer)
 *   chose a nested loop that counted all the golfer's records again for each one: 830 ms for a
 *   golfer with 3,000 records (issue 19).
 * - two_courses: records on two or more different courses on the same day.
 */
const ownRules = statement<OwnRules>(
  sql`with mine as materialized (
          select id, challenge_id, course_id, date_played, hole_number, verifier_name, partner_user_id,
                 ${NORMALISED(sql`verifier_name`)} as key
            from birdie_records where user_id = ${USER} and verification_status <> 'voided'),
        round_birdies as (
          select g.challenge_id, g.course_id, g.day, g.n, g.ids, c.name as course, ch.name as challenge
            from (select challenge_id, course_id, date_played::text as day, count(*)::int as n,
                         array_agg(id order by hole_number, id) as ids
                    from mine
                   group by challenge_id, course_id, date_played
                  having count(*) > ${ROUND_BIRDIES_LIMIT}) g
            cross join lateral (select name from courses where id = g.course_id limit 1) c
            cross join lateral (select name from challenges where id = g.challenge_id limit 1) ch),
        self_partner as (
          select s.challenge_id, ch.name as challenge, s.partner, s.n, s.ids
            from (select challenge_id, min(verifier_name) as partner, count(*)::int as n, array_agg(id order by id) as ids
                    from mine
                   where partner_user_id is null
                     and key in ((select ${NORMALISED(sql`display_name`)} from users where id = ${USER}),
                                 (select ${NORMALISED(sql`username`)} from users where id = ${USER}))
                   group by challenge_id) s
            cross join lateral (select name from challenges where id = s.challenge_id limit 1) ch),
        total as (select count(*)::int as n from mine),
        one_partner as (
          select key, min(verifier_name) as partner, count(*)::int as n, (select n from total) as total,
                 array_agg(id order by id) as ids
            from mine
           where partner_user_id is null
           group by key
          having (select n from total) >= ${ONE_PARTNER_MIN_RECORDS}
             and count(*) > (select n from total) * ${ONE_PARTNER_SHARE}::numeric),
        two_courses as (
          select d.day, array(select distinct name from courses where id = any(d.course_ids)) as courses, d.ids
            from (select date_played::text as day, array_agg(distinct course_id) as course_ids, array_agg(id order by id) as ids
                    from mine
                   group by date_played
                  having count(distinct course_id) > 1) d)
        select (select coalesce(json_agg(x), '[]') from round_birdies x) as round_birdies,
               (select coalesce(json_agg(x), '[]') from self_partner x) as self_partner,
               (select coalesce(json_agg(x), '[]') from one_partner x) as one_partner,
               (select coalesce(json_agg(x), '[]') from two_courses x) as two_courses`,
);

function ownRecordRules(userId: number, g: Golfer, found: OwnRules | undefined): FoundFlag[] {
  if (!found) return [];
  // The own-record rules flag the golfer alone; what differs is the subject and the words.
  const flag = (rule: FlagRule, subjectKey: string, ids: number[], explanation: string): FoundFlag => ({
    rule,
    userId,
    otherUserId: null,
    subjectKey,
    recordIds: ids.map(Number),
    explanation,
  });
  const name = g.display_name;
  return [
    ...found.round_birdies.map((f) =>
      flag(
        "round_birdies",
        `${f.challenge_id}:${f.course_id}:${f.day}`,
        f.ids,
        flagExplanation.roundBirdies(name, f.n, f.course, f.day, f.challenge),
      ),
    ),
    ...found.self_partner.map((f) =>
      flag(
        "self_partner",
        String(f.challenge_id),
        f.ids,
        flagExplanation.selfPartner(name, f.partner, f.n, f.challenge),
      ),
    ),
    ...found.one_partner.map((f) =>
      flag("one_partner", f.key, f.ids, flagExplanation.onePartner(name, f.partner, f.n, f.total)),
    ),
    ...found.two_courses.map((f) =>
      flag("two_courses", f.day, f.ids, flagExplanation.twoCourses(name, f.day, [...f.courses].sort())),
    ),
  ];
}

/** One confirmation ring: the pair, their names, their confirmations of each other and those records. */
type RingRow = { a: number; b: number; a_name: string; b_name: string; n: number; ids: number[] };

/**
 * A confirmation ring: A confirmed only B's records and B only A's, 10 or more times together.
 * A confirmation is a record naming the partner's account (partner_user_id) that they confirmed.
 * Read from the partner index: the golfers this one confirmed for or was confirmed by, and theirs.
 */
const ring = statement<RingRow>(
  sql`with around as (
          select ${USER}::int as id
          union select user_id from birdie_records where partner_user_id = ${USER} and verification_status = 'confirmed'
          union select partner_user_id from birdie_records where user_id = ${USER} and verification_status = 'confirmed'
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
         where x.confirmer < y.confirmer and ${USER}::int in (x.confirmer, y.confirmer)
           and x.n + y.n >= ${RING_MIN_CONFIRMATIONS}`,
);

function confirmationRing(found: RingRow[]): FoundFlag[] {
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
  // Three reads sent at once, before anything is awaited: in a transaction on PostgreSQL they go
  // in one round trip, after whatever the caller sent just before (refreshFlags's lock; ADR 0066).
  // The own-record rules read the golfer's names themselves, so nothing waits for the golfer row.
  const [[g], [own], rings] = await together([golfer(db, { userId }), ownRules(db, { userId }), ring(db, { userId })]);
  if (!g) return [];
  return [...ownRecordRules(userId, g, own), ...confirmationRing(rings)];
}

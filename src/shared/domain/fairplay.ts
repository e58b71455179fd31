import { countOf } from "./plural";

// Anti-cheat flags (docs/product/rules.md#fair-play-flags, ADR 0041): the rules the server checks
// after every change to a golfer's records, and the words that explain each flag. A flag informs
// the admins and the challenge's creator; it never blocks recording.

export const FLAG_RULES = ["round_birdies", "self_partner", "one_partner", "two_courses", "confirmation_ring"] as const;
export type FlagRule = (typeof FLAG_RULES)[number];
export const FLAG_STATUSES = ["open", "dismissed", "actioned"] as const;
export type FlagStatus = (typeof FLAG_STATUSES)[number];

/** More birdies or better than this in one round (golfer, challenge, course, day) is flagged. */
export const ROUND_BIRDIES_LIMIT = 5;
/** One typed partner on more than this share of a golfer's records... */
export const ONE_PARTNER_SHARE = 0.8;
/** ...once the golfer has at least this many records. */
export const ONE_PARTNER_MIN_RECORDS = 10;
/** Two golfers who confirm only each other, at least this many times together. */
export const RING_MIN_CONFIRMATIONS = 10;

export const FLAG_RULE_TITLES: Record<FlagRule, string> = {
  round_birdies: "Many birdies in one round",
  self_partner: "Own name as partner",
  one_partner: "Always the same typed partner",
  two_courses: "Two courses on one day",
  confirmation_ring: "Confirmation ring",
};

/** Comparison form of a typed name: case and spaces do not matter ("Jo Smith" = "josmith"). */
export function normaliseName(name: string): string {
  return name.toLowerCase().replace(/\s+/g, "");
}

export const flagExplanation = {
  roundBirdies: (golfer: string, count: number, course: string, date: string, challenge: string) =>
    `${golfer} recorded ${countOf(count, "birdie or better", "birdies or better")} in one round at ${course} on ${date} in ${challenge}. More than ${ROUND_BIRDIES_LIMIT} in one round is very rare.`,
  selfPartner: (golfer: string, partner: string, count: number, challenge: string) =>
    `The typed partner "${partner}" is ${golfer}'s own name or username, on ${countOf(count, "record", "records")} in ${challenge}. A golfer cannot verify their own round.`,
  onePartner: (golfer: string, partner: string, count: number, total: number) =>
    `"${partner}" (a typed partner without an account) verified ${count} of ${golfer}'s ${total} records (${Math.round((count / total) * 100)}%). More than ${Math.round(ONE_PARTNER_SHARE * 100)}% of ${ONE_PARTNER_MIN_RECORDS} or more records by one typed partner is unusual.`,
  twoCourses: (golfer: string, date: string, courses: readonly string[]) =>
    `${golfer} has records on ${courses.length} different courses on ${date}: ${courses.join(", ")}.`,
  confirmationRing: (a: string, b: string, count: number) =>
    `${a} and ${b} confirm only each other's records: ${countOf(count, "confirmation", "confirmations")} between them and none for anyone else.`,
};

import { stringify } from "csv-stringify/sync";
import { asc, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { recordType } from "../../../shared/domain/scoring";
import type { SignedInContext } from "../../context";
import type { ChallengeId } from "./challenge-id";
import { birdieRecords } from "../../db/schema/birdies";
import { courses } from "../../db/schema/challenges";
import { users } from "../../db/schema/users";
import { readAsMember, requireMember } from "../challenges/access";

// A challenge's data to take away (docs/product/rules.md#your-data): the records as CSV (RFC 4180,
// through csv-stringify) and the challenge window as an iCalendar event (RFC 5545, through ical.js,
// which also parses it back in the tests). Members only, like every challenge read. ADR 0039.

export const RECORDS_CSV_COLUMNS = [
  "Golfer",
  "Username",
  "Hole",
  "Type",
  "Strokes",
  "Course",
  "Date played",
  "Verified by",
  "Verification status",
  "Counted",
  "Recorded at",
] as const;

/**
 * Every record of the challenge, oldest first, with its verification status (signed, pending,
 * confirmed, disputed, voided: docs/product/rules.md#verification) and whether it counts.
 */
export async function recordsCsv(ctx: SignedInContext, { id }: ChallengeId): Promise<string> {
  const found = await readAsMember(ctx, id, () =>
    ctx.db
      .select({
        golfer: users.displayName,
        username: users.username,
        hole: birdieRecords.holeNumber,
        score: birdieRecords.score,
        course: courses.name,
        date: birdieRecords.datePlayed,
        verifier: birdieRecords.verifierName,
        counted: birdieRecords.counted,
        status: birdieRecords.verificationStatus,
        createdAt: birdieRecords.createdAt,
      })
      .from(birdieRecords)
      .innerJoin(users, eq(users.id, birdieRecords.userId))
      .innerJoin(courses, eq(courses.id, birdieRecords.courseId))
      .where(eq(birdieRecords.challengeId, id))
      .orderBy(asc(birdieRecords.createdAt), asc(birdieRecords.id)),
  );
  return stringify(
    found.map((r) => [
      r.golfer,
      r.username,
      r.hole,
      recordType(r.score),
      r.score,
      r.course,
      r.date,
      r.verifier,
      r.status,
      r.counted ? "yes" : "no",
      r.createdAt.toISOString(),
    ]),
    {
      header: true,
      columns: [...RECORDS_CSV_COLUMNS],
      record_delimiter: "\r\n",
      // A name like "=HYPERLINK(...)" must stay text in a spreadsheet (CSV injection): a leading
      // formula character gets an apostrophe, which spreadsheets show as plain text.
      cast: { string: (value) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value) },
    },
  );
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The challenge window as one all-day event: from the start's UTC day to the end's UTC day
 * inclusive (DTEND is exclusive in iCalendar, so it names the day after), the same calendar days
 * the recording window uses (docs/product/rules.md#recording-window).
 */
export async function calendarIcs(ctx: SignedInContext, { id }: ChallengeId): Promise<string> {
  const challenge = await requireMember(ctx.db, id, ctx.user.id);
  const cal = new ICAL.Component(["vcalendar", [], []]);
  cal.updatePropertyWithValue("prodid", "-//Birdie Challenge//Challenge calendar//EN");
  cal.updatePropertyWithValue("version", "2.0");
  cal.updatePropertyWithValue("calscale", "GREGORIAN");
  const vevent = new ICAL.Component("vevent");
  const event = new ICAL.Event(vevent);
  event.uid = `challenge-${challenge.id}@birdie-challenge`;
  event.summary = challenge.name;
  event.description = [
    challenge.description,
    challenge.rules,
    "Birdie all 18 holes: most points wins (birdie 1, eagle 3), then the challenge's tiebreaker.",
  ]
    .filter(Boolean)
    .join("\n\n");
  event.startDate = ICAL.Time.fromDateString(utcDay(challenge.startDate));
  const dayAfterEnd = new Date(
    Date.UTC(challenge.endDate.getUTCFullYear(), challenge.endDate.getUTCMonth(), challenge.endDate.getUTCDate() + 1),
  );
  event.endDate = ICAL.Time.fromDateString(utcDay(dayAfterEnd));
  const origin = ctx.deps.env.PUBLIC_ORIGIN[0];
  if (origin) vevent.updatePropertyWithValue("url", `${origin}/challenges/${challenge.id}`);
  vevent.updatePropertyWithValue("dtstamp", ICAL.Time.fromJSDate(challenge.createdAt, true));
  cal.addSubcomponent(vevent);
  return cal.toString();
}

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { normaliseScore, pointsFor, recordType } from "../../shared/domain/scoring";
import { createTestDatabase } from "../test/harness/harness";
import type { Database } from "./client";
import { rows } from "./raw";
import { users } from "./schema/users";

// The scoring rule lives twice, on purpose: in TypeScript (src/shared/domain/scoring.ts, for the
// client and the services) and in SQL (drizzle/0011: is_eagle and record_points, for the boards,
// the admin views and the trigger-kept period totals). This suite holds them to the same answers,
// on PGlite and, under scripts/test-postgres.sh, on PostgreSQL.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(() => database.close());

/** What the app accepts: strokes 1-3, and the relative reading -1..-3 turned into strokes. */
const ACCEPTED = [-3, -2, -1, 1, 2, 3].map((s) => normaliseScore(s)).filter((s): s is number => s !== null);
/** Around and beyond them: what the functions would say if a wider range ever reached them. */
const EDGES = [-100, -4, -3, -2, -1, 0, 4, 5, 100];

type Answer = { score: number; eagle: boolean; points: number };

async function sqlAnswers(scores: number[], type: "integer" | "smallint"): Promise<Answer[]> {
  return rows<Answer>(
    database.db,
    sql`select s::int as score, is_eagle(s) as eagle, record_points(s) as points
        from unnest(${`{${scores.join(",")}}`}::${sql.raw(type)}[]) as s order by s`,
  );
}

const tsAnswers = (scores: number[]): Answer[] =>
  [...new Set(scores)]
    .sort((a, b) => a - b)
    .map((score) => ({ score, eagle: recordType(score) === "eagle", points: pointsFor(score) }));

describe("SQL scoring functions agree with src/shared/domain/scoring.ts", () => {
  for (const type of ["integer", "smallint"] as const) {
    test(`accepted scores and the edges around them, as ${type} (the column is smallint)`, async () => {
      const scores = [...new Set([...ACCEPTED, ...EDGES])];
      expect(await sqlAnswers(scores, type)).toEqual(tsAnswers(scores));
    });
  }

  test("the period totals the trigger keeps score each record by the same rule", async () => {
    const [user] = await database.db
      .insert(users)
      .values({ username: "scorer", displayName: "Scorer", email: "scorer@example.com", passwordHash: "x" })
      .returning();
    for (const [i, score] of ACCEPTED.entries()) {
      const day = `2001-01-0${i + 1}`;
      await database.db.execute(sql`select birdie_stats_apply(${user.id}, ${day}::date, ${score}::smallint, 1)`);
      const [stats] = await rows<{ points: number; birdies: number; eagles: number }>(
        database.db,
        sql`select points, birdies, eagles from user_period_stats where user_id = ${user.id} and period = ${`d:${day}`}`,
      );
      const eagle = recordType(score) === "eagle";
      expect(stats).toEqual({ points: pointsFor(score), birdies: eagle ? 0 : 1, eagles: eagle ? 1 : 0 });
    }
  });
});

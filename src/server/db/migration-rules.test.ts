import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkMigrations, contractSteps } from "./migration-rules";

// The expand-then-contract check `bun run check:migrations` runs in the test command (ADR 0025).

const reasons = (sql: string) => contractSteps("x.sql", sql).map((f) => f.reason);

describe("contract steps: what breaks the release still running during a rollout", () => {
  test.each([
    ['DROP TABLE "chat_messages";', "drops a table"],
    ["drop table if exists old_things cascade;", "drops a table"],
    ['ALTER TABLE "users" DROP COLUMN "handicap";', "drops a column"],
    ["alter table users drop column if exists handicap;", "drops a column"],
    ["alter table users drop handicap;", "drops a column"],
    ['ALTER TABLE "users" RENAME COLUMN "handicap" TO "hcp";', "renames a column"],
    ["alter table users rename handicap to hcp;", "renames a column"],
    ['ALTER TABLE "users" RENAME TO "golfers";', "renames a table"],
    ['ALTER TABLE "users" ALTER COLUMN "handicap" SET DATA TYPE integer;', "changes a column's type"],
    ["alter table users alter column handicap type integer using handicap::integer;", "changes a column's type"],
    ['ALTER TABLE "users" ALTER COLUMN "bio" SET NOT NULL;', "makes a column NOT NULL"],
    ['ALTER TABLE "users" ADD COLUMN "nickname" text NOT NULL;', "adds a NOT NULL column without a default"],
  ])("%s -> %s", (sql, reason) => {
    expect(reasons(sql)).toEqual([reason]);
  });

  test.each([
    'CREATE TABLE "mails" ("id" serial PRIMARY KEY NOT NULL, "to" text NOT NULL);',
    'ALTER TABLE "users" ADD COLUMN "nickname" text;',
    'ALTER TABLE "users" ADD COLUMN "plan" text DEFAULT \'free\' NOT NULL;',
    'ALTER TABLE "users" ADD COLUMN "joined" timestamp with time zone NOT NULL DEFAULT now();',
    'ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id");',
    'ALTER TABLE "users" DROP CONSTRAINT "users_bio_check";',
    'ALTER TABLE "users" ALTER COLUMN "bio" DROP NOT NULL;',
    'ALTER TABLE "users" ALTER COLUMN "bio" DROP DEFAULT;',
    'CREATE INDEX "users_created_idx" ON "users" ("created_at");',
    "DROP INDEX IF EXISTS users_created_idx;",
    "DROP TRIGGER IF EXISTS chat_notify ON chat_messages;",
    // Function bodies, strings and comments are not statements of this migration.
    "create or replace function f() returns trigger language plpgsql as $$ begin drop table t; return new; end $$;",
    "create or replace function g() returns void as $body$ alter table x rename to y $body$ language sql;",
    "insert into notes (text) values ('we will drop table users later');",
    "-- drop table users once everyone has moved\ncreate table users_v2 (id int);",
  ])("expands only: %s", (sql) => {
    expect(reasons(sql)).toEqual([]);
  });

  test("drizzle's statement breakpoints split statements", () => {
    expect(reasons('CREATE TABLE "a" ("id" int);--> statement-breakpoint\nALTER TABLE "b" DROP COLUMN "c";')).toEqual([
      "drops a column",
    ]);
  });
});

describe("checkMigrations: a contract step passes only when marked with an existing ADR", () => {
  const dir = mkdtempSync(join(tmpdir(), "migration-rules-"));
  const migrations = join(dir, "drizzle");
  const decisions = join(dir, "decisions");
  mkdirSync(migrations);
  mkdirSync(decisions);
  writeFileSync(join(decisions, "0026-drop-handicap.md"), "# 0026\n");
  const check = (sql: string) => {
    rmSync(join(migrations, "0011_next.sql"), { force: true });
    writeFileSync(join(migrations, "0011_next.sql"), sql);
    const [result] = checkMigrations(migrations, decisions);
    return result;
  };

  test("unmarked: refused, naming what it does and how to proceed", () => {
    const result = check('ALTER TABLE "users" DROP COLUMN "handicap";');
    expect(result.problem).toContain("0011_next.sql drops a column");
    expect(result.problem).toContain("-- contract: ADR NNNN");
  });

  test("marked with an ADR that exists: accepted as a contract step", () => {
    const result = check('-- contract: ADR 0026\nALTER TABLE "users" DROP COLUMN "handicap";');
    expect(result).toEqual({
      file: "0011_next.sql",
      findings: [expect.objectContaining({ reason: "drops a column" })],
      contractAdr: "0026",
    });
  });

  test("marked with an ADR that does not exist: refused", () => {
    expect(check('-- contract: ADR 0099\nDROP TABLE "users";').problem).toContain("docs/decisions has no 0099-*.md");
  });

  test("expand-only migrations need no mark", () => {
    expect(check('ALTER TABLE "users" ADD COLUMN "nickname" text;')).toEqual({ file: "0011_next.sql", findings: [] });
  });

  test("the committed migrations pass", () => {
    const root = join(import.meta.dir, "../../..");
    const problems = checkMigrations(join(root, "drizzle"), join(root, "docs", "decisions")).filter((r) => r.problem);
    expect(problems).toEqual([]);
  });
});

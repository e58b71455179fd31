import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rows } from "../../db/raw";

/** A column that holds a user's id. */
export type UserColumn = { table: string; column: string };

/**
 * Tables that hold a user's id without a foreign key (a trigger-kept total must not trip over a
 * cascaded user delete: see db/schema/leaderboards.ts). Everything else is found from the catalogue.
 */
const WITHOUT_FOREIGN_KEY: UserColumn[] = [{ table: "user_period_stats", column: "user_id" }];

/**
 * Every column that names a user: each foreign key to `users(id)` in the schema, read from the
 * catalogue, so a table added later is exported and checked without anyone remembering to list it.
 */
export async function userColumns(db: Db): Promise<UserColumn[]> {
  const found = await rows<UserColumn>(
    db,
    sql`select kcu.table_name as "table", kcu.column_name as "column"
          from information_schema.referential_constraints rc
          join information_schema.key_column_usage kcu
            on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
          join information_schema.key_column_usage pk
            on pk.constraint_name = rc.unique_constraint_name and pk.constraint_schema = rc.unique_constraint_schema
         where rc.constraint_schema = current_schema() and pk.table_name = 'users' and pk.column_name = 'id'
         order by 1, 2`,
  );
  const all = [...found, ...WITHOUT_FOREIGN_KEY];
  const seen = new Set<string>();
  return all.filter((c) => {
    const key = `${c.table}.${c.column}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

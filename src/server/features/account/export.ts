import { sql } from "drizzle-orm";
import type { AccountExport } from "../../../shared/schemas/account";
import { now, type SignedInContext } from "../../context";
import { rows } from "../../db/raw";
import { userColumns } from "./user-tables";

// "Your data" (docs/product/rules.md#your-data): everything the service holds about the golfer.

/** Column names whose values are secrets, never handed out even to their owner: left out. */
const SECRET_COLUMN = /(^|_)(hash|token|secret|password|private|p256dh|auth)($|_)/i;

function exportValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  return value;
}

/**
 * Every row of every table that names the golfer (found from the schema's foreign keys, so new
 * tables are included without a list to keep), the users row itself first. Session ids are token
 * hashes and so are left out like every secret.
 */
export async function exportAccount(ctx: SignedInContext): Promise<AccountExport> {
  const userId = ctx.user.id;
  const columns = await userColumns(ctx.db);
  const tables: AccountExport["tables"] = {};
  const read = async (table: string, column: string) =>
    rows<Record<string, unknown>>(
      ctx.db,
      sql`select * from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`,
    );
  const targets = [{ table: "users", column: "id" }, ...columns];
  const [results, auditAbout] = await Promise.all([
    Promise.all(targets.map((t) => read(t.table, t.column))),
    // What admins did to the account names it by id only (no foreign key: the entry outlives it).
    rows<Record<string, unknown>>(
      ctx.db,
      sql`select * from audit_log where target_type = 'user' and target_id = ${userId} order by id`,
    ),
  ]);
  targets.forEach((t, i) => {
    const found = results[i] ?? [];
    if (!found.length) return;
    const clean = found.map((row) => {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(row)) {
        // A session's id is its token's hash: a secret like the others, left out.
        if (SECRET_COLUMN.test(key) || (t.table === "sessions" && key === "id")) continue;
        out[key] = exportValue(value);
      }
      return out;
    });
    tables[t.table] = [...(tables[t.table] ?? []), ...clean];
  });
  if (auditAbout.length) {
    tables.audit_log_about_you = auditAbout.map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, exportValue(v)])),
    );
  }
  return { exportedAt: now(ctx).toISOString(), userId, tables };
}

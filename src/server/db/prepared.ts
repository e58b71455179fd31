import type { Db } from "./client";

/** What `.prepare(name)` gives on either driver; the fields read here are drizzle's own. */
type PreparedQuery = {
  getQuery(): { sql: string; params: unknown[] };
  isResponseInArrayMode(): boolean;
  execute(values?: Record<string, unknown>): Promise<unknown>;
  fields?: unknown;
  customResultMapper?: unknown;
  joinsNotNullableMap?: unknown;
};

/** A built query, apart from the handle it was built on. */
type Template = {
  query: { sql: string; params: unknown[] };
  fields: unknown;
  arrayMode: boolean;
  mapper: unknown;
  joins: unknown;
};

const templates = new Map<string, Template>();
const byHandle = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query built once and reused on every handle, a transaction included: `build` returns a drizzle
 * `.prepare(name)`d query with `sql.placeholder`s. Drizzle spends far more CPU assembling a query
 * than the database spends answering a small one (~0.25 ms vs ~0.05 ms for the session look-up;
 * in a recorded birdie a third of the server's CPU went to building, issue 19), and named
 * statements also spare PostgreSQL the parse and plan. The first build's text, parameters and
 * row mapping are kept under `name`; another handle (a transaction is a new one every time) gets
 * them through its own session, which is what `.prepare()` does after building (ADR 0058).
 * `name` is the query's identity: one name, one query.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let own = byHandle.get(db);
  if (!own) {
    own = new Map();
    byHandle.set(db, own);
  }
  const known = own.get(name) as T | undefined;
  if (known !== undefined) return known;
  const template = templates.get(name);
  let query: T;
  if (template) {
    const q = db._.session.prepareQuery(
      template.query,
      template.fields as never,
      name,
      template.arrayMode,
      template.mapper as never,
    ) as unknown as PreparedQuery;
    q.joinsNotNullableMap = template.joins;
    query = q as unknown as T;
  } else {
    query = build(db);
    const q = query as unknown as PreparedQuery;
    templates.set(name, {
      query: q.getQuery(),
      fields: q.fields,
      arrayMode: q.isResponseInArrayMode(),
      mapper: q.customResultMapper,
      joins: q.joinsNotNullableMap,
    });
  }
  own.set(name, query);
  return query;
}

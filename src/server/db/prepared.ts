import type { Db } from "./client";

/** What `.prepare(name)` gives on either driver; the fields read here are drizzle's own. */
type PreparedQuery = {
  getQuery(): { sql: string; params: unknown[] };
  isResponseInArrayMode(): boolean;
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

function templateOf(q: PreparedQuery): Template {
  return {
    query: q.getQuery(),
    fields: q.fields,
    arrayMode: q.isResponseInArrayMode(),
    mapper: q.customResultMapper,
    joins: q.joinsNotNullableMap,
  };
}

/**
 * A query built once and run on every handle, a transaction included: `build` returns a drizzle
 * query (with `sql.placeholder`s for what changes between runs), which is prepared under `name`.
 * Drizzle spends far more CPU assembling a query than the database spends answering a small one
 * (~0.25 ms vs ~0.05 ms for the session look-up; in a recorded birdie a third of the server's CPU
 * went to building, issue 19), and named statements also spare PostgreSQL the parse and plan.
 * The first build's text, parameters and row mapping are kept under `name`; each call hands them
 * to the handle's own session, which is what `.prepare()` does after building (ADR 0058).
 * `name` is the query's identity: one name, one query.
 */
export function prepared<B extends { prepare(name: string): unknown }>(
  db: Db,
  name: string,
  build: (db: Db) => B,
): ReturnType<B["prepare"]> {
  let template = templates.get(name);
  if (!template) {
    template = templateOf(build(db).prepare(name) as PreparedQuery);
    templates.set(name, template);
  }
  const query = db._.session.prepareQuery(
    template.query,
    template.fields as never,
    name,
    template.arrayMode,
    template.mapper as never,
  ) as unknown as PreparedQuery;
  query.joinsNotNullableMap = template.joins;
  return query as ReturnType<B["prepare"]>;
}

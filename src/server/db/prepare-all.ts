import type { Sql } from "postgres";

// Drizzle runs every query that was not `.prepare(name)`d through postgres.js's `unsafe(...,
// { prepare: false })`: PostgreSQL then parses and plans it afresh on every call. For our
// CTE-and-window leaderboard that planning (~1 ms) cost more than running it. This wrapper makes
// every parameterised query a named prepared statement, so each connection parses it once and
// PostgreSQL may keep its plan (generic plans after five runs, when they are no worse).
//
// Queries without parameters keep the simple protocol: migrations send multi-statement text
// that cannot be prepared, and parameter-less queries are rare on the hot path.

type Unsafe = Sql["unsafe"];
type TxCallback = (sql: Sql) => unknown;

const wrapped = new WeakMap<Sql, Sql>();

export function preparingClient(sql: Sql): Sql {
  const known = wrapped.get(sql);
  if (known) return known;
  const proxy = new Proxy(sql, {
    get(target, prop, receiver) {
      if (prop === "unsafe") {
        const unsafe: Unsafe = (query, args, options) => {
          // unsafe(query, options) is also allowed by postgres.js.
          if (args !== undefined && !Array.isArray(args)) return target.unsafe(query, [], args as never);
          const prepare = Array.isArray(args) && args.length > 0;
          return target.unsafe(query, args, { ...options, prepare });
        };
        return unsafe;
      }
      if (prop === "begin" || prop === "savepoint") {
        // A transaction hands its callback a new client bound to one connection: wrap it too.
        const original = Reflect.get(target, prop, receiver) as (...a: unknown[]) => unknown;
        return (...a: unknown[]) => {
          const last = a.length - 1;
          const fn = a[last] as TxCallback;
          return original.apply(target, [...a.slice(0, last), (tx: Sql) => fn(preparingClient(tx))]);
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
  wrapped.set(sql, proxy);
  return proxy;
}

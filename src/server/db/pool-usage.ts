import type { Sql } from "postgres";

// postgres.js keeps its pool state private (no "connections in use" or "queries waiting" counters),
// so /metrics measures what passes through our handle instead: every query sent outside a
// transaction holds (or waits for) one connection until it settles, and every transaction holds
// one for its whole callback. Their sum is the demand on the pool; up to `max` of it is in use and
// the rest waits in postgres.js's queue. Queries inside a transaction run on the transaction's
// connection and are not counted again. The health probe and the LISTEN connection have their own
// connections and are not part of the pool.

export type PoolUsage = {
  /** The pool's size (DATABASE_POOL_MAX). */
  size: number;
  /** Connections holding a query or a transaction now (at most `size`). */
  inUse: number;
  /** Queries and transactions waiting for a free connection. */
  waiting: number;
};

export function usageTrackingClient(sql: Sql, size: number): { client: Sql; usage: () => PoolUsage } {
  let active = 0;
  const settle = () => {
    active -= 1;
  };
  const client = new Proxy(sql, {
    get(target, prop, receiver) {
      if (prop === "unsafe") {
        return (...args: Parameters<Sql["unsafe"]>) => {
          const query = target.unsafe(...args);
          active += 1;
          // postgres.js starts a query on its first then() and runs it a microtask later, so
          // drizzle's synchronous .values() still applies. Both outcomes are handled here: the
          // caller gets the query itself and sees its rejection.
          query.then(settle, settle);
          return query;
        };
      }
      if (prop === "begin") {
        const begin = Reflect.get(target, prop, receiver) as (...a: unknown[]) => Promise<unknown>;
        return async (...a: unknown[]) => {
          active += 1;
          try {
            return await begin.apply(target, a);
          } finally {
            settle();
          }
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
  return {
    client,
    usage: () => ({ size, inUse: Math.min(active, size), waiting: Math.max(0, active - size) }),
  };
}

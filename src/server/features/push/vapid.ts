import { eq } from "drizzle-orm";
import webpush from "web-push";
import type { Database } from "../../db/client";
import { pushVapidKeys } from "../../db/schema/push";
import type { AppDeps } from "../../deps";

// The server's VAPID identity (RFC 8292; ADR 0038). Browsers bind each subscription to the public
// key they were given, so the pair must never change by itself: it comes from configuration, or
// is generated once and kept in the database. Instances starting together may both generate a
// pair; the single-row table keeps the first insert and every instance reads that one back.

export type VapidKeys = { publicKey: string; privateKey: string };

const generated = new WeakMap<Database, Promise<VapidKeys>>();

async function loadOrCreate(database: Database): Promise<VapidKeys> {
  const read = async () => {
    const [row] = await database.db
      .select({ publicKey: pushVapidKeys.publicKey, privateKey: pushVapidKeys.privateKey })
      .from(pushVapidKeys)
      .where(eq(pushVapidKeys.id, 1));
    return row;
  };
  const existing = await read();
  if (existing) return existing;
  const pair = webpush.generateVAPIDKeys();
  await database.db
    .insert(pushVapidKeys)
    .values({ id: 1, publicKey: pair.publicKey, privateKey: pair.privateKey })
    .onConflictDoNothing();
  const kept = await read();
  if (!kept) throw new Error("VAPID keys were not kept");
  return kept;
}

/** The key pair pushes are signed with (configured, or generated once per database). */
export function vapidKeys(deps: Pick<AppDeps, "env" | "database">): Promise<VapidKeys> {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = deps.env;
  if (VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY) {
    return Promise.resolve({ publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY });
  }
  let keys = generated.get(deps.database);
  if (!keys) {
    keys = loadOrCreate(deps.database);
    // A failed read (database down) is retried on the next call rather than remembered.
    keys.catch(() => generated.delete(deps.database));
    generated.set(deps.database, keys);
  }
  return keys;
}

/**
 * The contact push services see in the VAPID token: VAPID_SUBJECT, else the first https origin in
 * PUBLIC_ORIGIN, else a mailto: on localhost (fine for development; set VAPID_SUBJECT in production).
 */
export function vapidSubject(env: AppDeps["env"]): string {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  const https = env.PUBLIC_ORIGIN.find((o) => o.startsWith("https://"));
  return https ?? "mailto:admin@localhost";
}

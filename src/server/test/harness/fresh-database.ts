// An empty database (no tables, no migrations) on the PostgreSQL server named by TEST_DATABASE_URL,
// for tests that start real server processes on it, as a first deployment would.

export type FreshDatabase = { url: string; drop(): Promise<void> };

export async function createFreshDatabase(): Promise<FreshDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("createFreshDatabase needs TEST_DATABASE_URL");
  const { default: postgres } = await import("postgres");
  const name = `birdie_fresh_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
      await cleanup.end();
    },
  };
}

import postgres from "postgres";

// The seeded data set as bench:seed left it, kept beside it as a template database
// (`<name>_seeded`), so that the benches which write restore it before they measure.
//
// Why (session 20): every birdie a bench run records stays. The mix's 200 golfers record every
// few seconds, so after a session of runs each of them had hundreds of records from the same day
// and fair-play flags naming up to 1,779 records: every run measured on a different data set, and
// "before" and "after" of a change were not measured on the same data. (Measured then: recording
// at 20 req/s cost no more on that drifted set than on a restored one, so the drift is not shown
// to move the figures; the restore, 1-2 s, removes the question.)

type Names = { admin: string; name: string; snapshot: string };

/** A database URL's name, the server's maintenance database beside it, and its snapshot's name. */
export function namesOf(url: string): Names {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = "/postgres";
  return { admin: admin.toString(), name, snapshot: `${name}_seeded` };
}

/** Keeps the just-seeded database as its snapshot (replacing an older one). */
export async function keepSeedSnapshot(url: string): Promise<void> {
  const { admin, name, snapshot } = namesOf(url);
  const sql = postgres(admin, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`drop database if exists "${snapshot}" with (force)`);
    // FILE_COPY: a checkpoint and a copy of the files, instead of writing the whole data set
    // through the WAL (PostgreSQL 15's default for CREATE DATABASE). Nobody may be connected.
    await sql.unsafe(`create database "${snapshot}" template "${name}" strategy file_copy`);
  } finally {
    await sql.end();
  }
}

/**
 * Puts the bench database back as bench:seed left it, when a snapshot exists: resolves with what
 * it did, for the bench to print. BENCH_RESTORE=0 keeps the database as it is (to look at what a
 * run wrote, or to measure on purpose after many runs).
 */
export async function restoreSeedSnapshot(url: string): Promise<string> {
  if (process.env.BENCH_RESTORE === "0") return "data set: kept as the last run left it (BENCH_RESTORE=0)";
  const { admin, name, snapshot } = namesOf(url);
  const sql = postgres(admin, { max: 1, onnotice: () => {} });
  try {
    const [found] = await sql`select 1 from pg_database where datname = ${snapshot}`;
    if (!found)
      return `data set: no snapshot ${snapshot} (seeded before session 20?): run bun run bench:seed for repeatable figures`;
    const t = performance.now();
    await sql.unsafe(`drop database if exists "${name}" with (force)`);
    await sql.unsafe(`create database "${name}" template "${snapshot}" strategy file_copy`);
    return `data set: restored from ${snapshot} as bench:seed left it (${((performance.now() - t) / 1000).toFixed(1)} s)`;
  } finally {
    await sql.end();
  }
}

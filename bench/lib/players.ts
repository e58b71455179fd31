import postgres, { type Sql } from "postgres";

/** A seeded golfer with a membership in an active challenge that allows multiple birdies. */
export type Player = { userId: number; username: string; challengeId: number; courseId: number; cookie: string };

/**
 * `n` distinct seeded golfers, each with one active challenge that allows multiple birdies (so
 * recording a round is always valid), spread over as many challenges as possible.
 */
export async function pickPlayers(sql: Sql, n: number): Promise<Omit<Player, "cookie">[]> {
  const rows = await sql<{ user_id: number; username: string; challenge_id: number; course_id: number }[]>`
    select user_id, username, challenge_id,
           (select course_id from challenge_courses cc where cc.challenge_id = x.challenge_id order by position limit 1) as course_id
    from (
      select distinct on (p.user_id) p.user_id, u.username, p.challenge_id,
             row_number() over (partition by p.challenge_id order by p.user_id) as k
      from challenge_players p
      join challenges c on c.id = p.challenge_id
      join users u on u.id = p.user_id
      where c.allow_multiple_birdies and c.start_date < now() - interval '2 days' and c.end_date > now() + interval '2 days'
        and not u.disabled
      order by p.user_id, p.challenge_id
    ) x
    order by k, challenge_id
    limit ${n}`;
  if (rows.length < n)
    throw new Error(
      `only ${rows.length} seeded golfers in active challenges (wanted ${n}); reseed with bun bench/seed.ts`,
    );
  return rows.map((r) => ({
    userId: r.user_id,
    username: r.username,
    challengeId: r.challenge_id,
    courseId: r.course_id,
  }));
}

/** Gives each of these rooms at least `perRoom` chat messages, so chat reads return a full page. */
export async function ensureChat(sql: Sql, challengeIds: number[], perRoom = 60) {
  await sql`
    insert into chat_messages (challenge_id, type, message, user_id)
    select c.id, 'user', 'Bench chatter ' || g, (select user_id from challenge_players p where p.challenge_id = c.id limit 1)
    from unnest(${sql.array(challengeIds)}::int[]) as c(id)
    cross join lateral generate_series(1, greatest(0, ${perRoom} - (select count(*)::int from chat_messages m where m.challenge_id = c.id))) g`;
}

/** Signs in through POST /api/login (with our Origin: the CSRF check) and returns the cookie. */
export async function login(base: string, username: string, password: string): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const res = await fetch(`${base}/api/login`, {
      method: "POST",
      headers: { Origin: base, "Content-Type": "application/json" },
      body: JSON.stringify({ username, password }),
      signal: AbortSignal.timeout(30_000),
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("session="));
    await res.arrayBuffer();
    if (res.ok && cookie) return cookie.split(";")[0];
    if (res.status !== 429 && res.status < 500) throw new Error(`login ${username}: HTTP ${res.status}`);
    await Bun.sleep(500);
  }
  throw new Error(`login ${username} failed`);
}

/** Signs everyone in, `concurrency` at a time (argon2 is deliberately slow). */
export async function loginAll(
  base: string,
  players: Omit<Player, "cookie">[],
  password: string,
  concurrency = 4,
): Promise<Player[]> {
  const out: Player[] = new Array(players.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < players.length) {
        const i = next++;
        out[i] = { ...players[i], cookie: await login(base, players[i].username, password) };
      }
    }),
  );
  return out;
}

/**
 * `n` golfers of the seeded data set at `url`, as pickPlayers chooses them; exits with a hint when
 * the database is not seeded. With `chat`, each of their rooms gets a full page of messages.
 */
export async function seededPlayers(
  url: string,
  n: number,
  opts: { chat?: boolean } = {},
): Promise<Omit<Player, "cookie">[]> {
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  try {
    const [{ users }] = await sql<{ users: number }[]>`select count(*)::int as users from users`.catch(() => [
      { users: 0 },
    ]);
    if (users < 1000) {
      console.error(`${url} is not seeded: run bun bench/seed.ts first`);
      process.exit(1);
    }
    const chosen = await pickPlayers(sql, n);
    if (opts.chat) await ensureChat(sql, [...new Set(chosen.map((p) => p.challengeId))]);
    return chosen;
  } finally {
    await sql.end();
  }
}

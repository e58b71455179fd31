import type { Outcome, Shot } from "./open-loop";
import type { Player } from "./players";

// The mixed player API, as the client calls it (tRPC over fetch, GET for queries).
//   dashboard 35%    auth.me + challenges.list, one batched GET (BENCH_DASHBOARD=one: GET /api/dashboard)
//   challenges 25%   challenges.list (the Challenges page)
//   leaderboard 20%  leaderboards.challenge of one of the player's challenges
//   chat 15%         chat.list: the newest page of that challenge's chat
//   record 5%        birdies.recordRound (POST): one birdie (BENCH_ROUND_HOLES: more), a fresh clientRoundId every call
export const MIX: [kind: string, percent: number][] = [
  ["dashboard", 35],
  ["challenges", 25],
  ["leaderboard", 20],
  ["chat", 15],
  ["record", 5],
];

/** Request i's kind: a fixed, interleaved pattern over every block of 100 (deterministic mix). */
const PATTERN: string[] = (() => {
  const out: string[] = [];
  const left = new Map(MIX);
  for (let i = 0; i < 100; i++) {
    // Largest remaining share first, round robin: spreads the 5% of writes across the block.
    let best = "";
    let bestScore = -1;
    for (const [kind, pct] of MIX) {
      const score = (left.get(kind) ?? 0) / pct;
      if (score > bestScore) [best, bestScore] = [kind, score];
    }
    out.push(best);
    left.set(best, (left.get(best) ?? 0) - 1);
  }
  return out;
})();

export const kindOf = (i: number) => PATTERN[i % 100];

/**
 * Request i's golfer, spread by Fibonacci hashing so that every golfer makes every kind of request.
 * (Before session 15 it was `(i * 7919) % n`: with 200 golfers and a 100-request pattern each
 * golfer then made one kind only, so nobody who recorded ever read a board - invisible while
 * nothing was cached, flattering once the read cache of ADR 0056 was.)
 */
export const playerOf = (i: number, n: number) => Math.floor(((Math.imul(i, 0x9e3779b1) >>> 0) / 2 ** 32) * n);

const q = (input: unknown) => encodeURIComponent(JSON.stringify(input));
const today = () => new Date().toISOString().slice(0, 10);
const runTag = Date.now().toString(36);
let roundSeq = 0;

/**
 * The mix's reads as the client sends them (tRPC GETs), by kind: bench:in-process answers the same
 * paths without the network. The dashboard is the batched GET (BENCH_DASHBOARD=one aside).
 */
export const READ_PATHS: Record<"dashboard" | "challenges" | "leaderboard" | "chat", (p: Player) => string> = {
  dashboard: () => `/trpc/auth.me,challenges.list?batch=1&input=${q({})}`,
  challenges: () => "/trpc/challenges.list",
  leaderboard: (p) => `/trpc/leaderboards.challenge?input=${q({ challengeId: p.challengeId })}`,
  chat: (p) => `/trpc/chat.list?input=${q({ challengeId: p.challengeId })}`,
};

/**
 * Holes per recorded round: 1 unless BENCH_ROUND_HOLES says (docs/capacity.md assumes rounds of ~3
 * holes; a round's inserts go out together since session 28, ADR 0069).
 */
const ROUND_HOLES = Math.min(18, Math.max(1, Math.trunc(Number(process.env.BENCH_ROUND_HOLES ?? 1)) || 1));

/**
 * The mix's recording (birdies.recordRound): one birdie (an eagle every tenth), or BENCH_ROUND_HOLES
 * consecutive holes, with a fresh round id.
 */
export function recordRoundInput(p: Player, i: number) {
  return {
    challengeId: p.challengeId,
    courseId: p.courseId,
    date: today(),
    holes: Array.from({ length: ROUND_HOLES }, (_, k) => ({
      holeNumber: 1 + ((i + k) % 18),
      score: i % 10 === 0 && k === 0 ? 2 : 3,
    })),
    verifiedBy: { name: "Bench Partner", signature: "bench" },
    clientRoundId: `bench-${runTag}-${++roundSeq}`,
  };
}

/** One request of the mix; `players` are signed in. Bodies are always read (keep-alive reuse). */
export function mixedShot(base: string, players: Player[]): Shot {
  return async (i: number, signal: AbortSignal): Promise<Outcome> => {
    const p = players[playerOf(i, players.length)];
    const kind = kindOf(i);
    const headers: Record<string, string> = { Cookie: p.cookie };
    let res: Response;
    switch (kind) {
      case "dashboard":
        // BENCH_DASHBOARD=one: the dashboard as the client loads it since issue 19 (one request with
        // the challenges, the current board and the achievements; the HTML named the golfer).
        res =
          process.env.BENCH_DASHBOARD === "one"
            ? await fetch(`${base}/api/dashboard`, { headers, signal })
            : await fetch(`${base}${READ_PATHS.dashboard(p)}`, { headers, signal });
        break;
      case "challenges":
      case "leaderboard":
      case "chat":
        res = await fetch(`${base}${READ_PATHS[kind](p)}`, { headers, signal });
        break;
      default:
        res = await fetch(`${base}/trpc/birdies.recordRound`, {
          method: "POST",
          headers: { ...headers, Origin: base, "Content-Type": "application/json" },
          body: JSON.stringify(recordRoundInput(p, i)),
          signal,
        });
    }
    const body = await res.text();
    // A refusal's message names the cause in the error summary (first 60 characters).
    const detail = res.ok ? "" : (body.match(/"message":"([^"]{0,60})/)?.[1] ?? "");
    return { ok: res.ok, status: res.status, kind, detail };
  };
}

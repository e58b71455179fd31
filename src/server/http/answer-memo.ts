import type { MiddlewareHandler } from "hono";
import type { AnswerMemo } from "../lib/answer-memo";
import { ReadTrace, tracing } from "../lib/read-trace";
import type { HonoEnv } from "./types";

/**
 * The tRPC reads whose answers may be memoised (ADR 0062). Each reads only through the read cache
 * (anything else it reads marks its trace untracked: chat's older pages, a membership the cache
 * does not list), writes nothing, and notes when a status it computed from the clock changes. A
 * procedure joins this list only with all three true.
 */
export const MEMOISED_PROCEDURES: ReadonlySet<string> = new Set([
  "auth.me",
  "challenges.list",
  "leaderboards.challenge",
  "leaderboards.challengeTop",
  "chat.list",
]);

const PREFIX = "/trpc/";

/** Whether every procedure a GET /trpc/ path names (several when batched) is memoised. */
export function memoisedTrpcPath(path: string): boolean {
  if (!path.startsWith(PREFIX)) return false;
  let names = path.slice(PREFIX.length);
  if (names.includes("%")) {
    try {
      names = decodeURIComponent(names);
    } catch {
      return false; // tRPC answers what it makes of it.
    }
  }
  return names.split(",").every((name) => MEMOISED_PROCEDURES.has(name));
}

/**
 * The REST reads whose answers may be memoised, by the same three rules: GET /api/dashboard reads
 * the golfer's challenges, the current board's top and their achievements, all through the read
 * cache (ADR 0063). It is the request every golfer's phone makes most.
 */
export const memoisedRestPath = (path: string): boolean => path === "/api/dashboard";

/**
 * Answers a signed-in golfer's GET of a memoised read from the memo while what it was made of is
 * unchanged; otherwise lets the route answer and keeps a 200's text with its trace. Runs after the
 * session is loaded: the memo checks the very user object the session cache holds. `memoised`
 * says which paths (as sent, without the query) qualify.
 */
export function answerMemo(
  memo: AnswerMemo | undefined,
  memoised: (path: string) => boolean,
): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    const user = c.get("user");
    const session = c.get("session");
    if (!memo || !user || !session || c.req.method !== "GET") return next();
    // A streaming (JSON lines) answer is another text for the same URL: not memoised.
    if (c.req.header("trpc-accept")) return next();
    const url = c.req.url;
    // The path and query as sent (not decoded): the key, and what `memoised` judges.
    const target = url.slice(url.indexOf("/", url.indexOf("//") + 2));
    const query = target.indexOf("?");
    if (!memoised(query < 0 ? target : target.slice(0, query))) return next();
    const key = `${session.id} ${target}`;
    const hit = memo.answer(key, user);
    if (hit) return c.body(hit.body, 200, hit.headers);

    const trace = new ReadTrace();
    await tracing(trace, next);
    const res = c.res;
    if (res.status !== 200) return;
    const body = await res.text();
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      if (name !== "set-cookie") headers[name] = value;
    });
    c.res = new Response(body, res);
    memo.keep(key, user, { body, headers }, trace);
  };
}

import type { Context } from "hono";
import { getChallenge, listUserChallenges } from "./features/challenges/public";
import { challengeLeaderboard, globalLeaderboard } from "./features/leaderboards/public";
import { signedIn } from "./http/rest-context";
import type { PageExtras } from "./http/static";
import type { HonoEnv } from "./http/types";
import { AppError } from "./lib/errors";
import { logger } from "./lib/logger";
import type { FirstPaintExtras } from "./http/first-paint";
import {
  carriesChallengeList,
  challengeBoardPageId,
  challengePageId,
  isGlobalBoardPage,
  periodFromParam,
} from "../shared/domain/page-data";

// What a signed-in page's HTML carries beside the golfer (the first-paint block), read as that
// golfer by the same services the API answers with, so the server's first screen and the app's
// first render are the page itself rather than a spinner and a request after it:
// - a challenge's page: the challenge (GET /api/challenges/:id; ADR 0055);
// - the record page and the boards: the golfer's challenges (GET /api/users/:id/challenges; the
//   round's form, ADR 0073; the boards' selector and tabs, ADR 0074);
// - the global board: its period's board (GET /api/leaderboard/global; ADR 0074);
// - a challenge's board, for one of its players: the board (GET /api/challenges/:id/leaderboard).
// A read the golfer may not make (not a player, no such challenge) or that fails carries nothing,
// and the page asks and says why as before.

/** `read`'s answer, or undefined when it is refused or fails (a failure other than a refusal is logged). */
async function quietly<T>(path: string, read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof AppError)) logger.warn("page data not read", { path, error: String(error) });
    return undefined;
  }
}

export const pageExtras: PageExtras = async (c: Context<HonoEnv>, path: string) => {
  const challengeId = challengePageId(path);
  if (challengeId === null && !carriesChallengeList(path)) return {};
  // The golfer's context, once for every read (the server asks only for a signed-in golfer's page).
  const ctx = await quietly(path, async () => signedIn(c));
  if (!ctx) return {};
  if (challengeId !== null) {
    const challenge = await quietly(path, () => getChallenge(ctx, { id: challengeId }));
    return challenge ? { challenge } : {};
  }
  const boardId = challengeBoardPageId(path);
  const period = periodFromParam(c.req.query("period"));
  const [challenges, globalBoard, challengeBoard] = await Promise.all([
    quietly(path, () => listUserChallenges(ctx)),
    isGlobalBoardPage(path) ? quietly(path, () => globalLeaderboard(ctx, { period })) : undefined,
    boardId === null ? undefined : quietly(path, () => challengeLeaderboard(ctx, { challengeId: boardId })),
  ]);
  const extras: FirstPaintExtras = {};
  if (challenges) extras.challenges = challenges;
  if (globalBoard) extras.globalBoard = { period, board: globalBoard };
  if (challengeBoard && boardId !== null) extras.challengeBoard = { challengeId: boardId, entries: challengeBoard };
  return extras;
};

import { Hono } from "hono";
import { assertSelf, idParam, requireUser } from "../../http/rest-helpers";
import type { HonoEnv } from "../../http/types";
import { challengeLeaderboard, globalLeaderboard, myChallengesLeaderboard } from "./service";

export const leaderboardsRest = new Hono<HonoEnv>()
  .get("/challenges/:id/leaderboard", async (c) => {
    const user = requireUser(c);
    return c.json(
      await challengeLeaderboard(c.get("deps").database.db, user.id, idParam(c.req.param("id"), "challenge")),
    );
  })
  .get("/users/:id/challenges/leaderboard", async (c) => {
    const user = requireUser(c);
    assertSelf(user, c.req.param("id"));
    return c.json(
      await myChallengesLeaderboard(c.get("deps").database.db, user.id, { offset: c.req.query("offset") as never }),
    );
  })
  .get("/leaderboard/global", async (c) => {
    const user = requireUser(c);
    // SPEC.md §7 names the period key without a parameter name: accept ?period= and ?p=.
    const period = c.req.query("period") ?? c.req.query("p") ?? undefined;
    return c.json(await globalLeaderboard(c.get("deps").database.db, user.id, { period }));
  });

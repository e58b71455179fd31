import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { globalBoardQuerySchema, myChallengesPageSchema } from "../../../shared/schemas/leaderboards";
import { assertSelf, signedIn, signedInOnly } from "../../http/rest-context";
import type { HonoEnv } from "../../http/types";
import { idParam, params, query } from "../../http/validate";
import { challengeLeaderboard, globalLeaderboard, myChallengesLeaderboard } from "./service";

/** `/users/{id}/...` must name the caller (403 otherwise), checked before the query is parsed. */
const selfInPath: MiddlewareHandler<HonoEnv> = async (c, next) => {
  assertSelf(signedIn(c).user, c.req.param("id"));
  await next();
};

export const leaderboardsRest = new Hono<HonoEnv>()
  .get("/challenges/:id/leaderboard", signedInOnly, params(z.object({ id: idParam("challenge") })), async (c) =>
    c.json(await challengeLeaderboard(signedIn(c), { challengeId: c.req.valid("param").id })),
  )
  .get("/users/:id/challenges/leaderboard", signedInOnly, selfInPath, query(myChallengesPageSchema), async (c) =>
    c.json(await myChallengesLeaderboard(signedIn(c), c.req.valid("query"))),
  )
  .get("/leaderboard/global", signedInOnly, query(globalBoardQuerySchema), async (c) =>
    c.json(await globalLeaderboard(signedIn(c), c.req.valid("query"))),
  );

import { Hono } from "hono";
import { z } from "zod";
import {
  addChallengeCourseSchema,
  createChallengeSchema,
  transferChallengeSchema,
  updateChallengeSchema,
} from "../../../shared/schemas/challenges";
import { assertSelf, signedIn, signedInOnly } from "../../http/rest-context";
import type { HonoEnv } from "../../http/types";
import { body, idParam, params } from "../../http/validate";
import * as commands from "./commands";
import * as views from "./views";

const challenge = params(z.object({ id: idParam("challenge") }));

/** The challenge calls of docs/product/api.md#challenges, as thin adapters over the challenges services. */
export const challengesRest = new Hono<HonoEnv>()
  .get("/users/:id/challenges", signedInOnly, async (c) => {
    const ctx = signedIn(c);
    // The path names whose challenges: only one's own (docs/product/api.md#userid-and-usersid).
    assertSelf(ctx.user, c.req.param("id"));
    return c.json(await views.listUserChallenges(ctx));
  })
  .post("/challenges", signedInOnly, body(createChallengeSchema), async (c) =>
    c.json(await commands.createChallenge(signedIn(c), c.req.valid("json")), 201),
  )
  .get("/challenges/:id", signedInOnly, challenge, async (c) =>
    c.json(await views.getChallenge(signedIn(c), c.req.valid("param"))),
  )
  .patch("/challenges/:id", signedInOnly, challenge, body(updateChallengeSchema), async (c) =>
    c.json(await commands.updateChallenge(signedIn(c), { ...c.req.valid("param"), ...c.req.valid("json") })),
  )
  .delete("/challenges/:id", signedInOnly, challenge, async (c) =>
    c.json(await commands.deleteChallenge(signedIn(c), c.req.valid("param"))),
  )
  .get("/challenges/:id/courses", signedInOnly, challenge, async (c) =>
    c.json(await views.listChallengeCourses(signedIn(c), c.req.valid("param"))),
  )
  .post("/challenges/:id/courses", signedInOnly, challenge, body(addChallengeCourseSchema), async (c) =>
    c.json(await commands.addChallengeCourse(signedIn(c), { ...c.req.valid("param"), ...c.req.valid("json") })),
  )
  .get("/challenges/:id/players", signedInOnly, challenge, async (c) =>
    c.json(await views.listPlayers(signedIn(c), c.req.valid("param"))),
  )
  .delete(
    "/challenges/:id/players/:userId",
    signedInOnly,
    params(z.object({ id: idParam("challenge"), userId: idParam("user") })),
    async (c) => c.json(await commands.removePlayer(signedIn(c), c.req.valid("param"))),
  )
  .post("/challenges/:id/leave", signedInOnly, challenge, async (c) =>
    c.json(await commands.leaveChallenge(signedIn(c), c.req.valid("param"))),
  )
  .post("/challenges/:id/transfer", signedInOnly, challenge, body(transferChallengeSchema), async (c) =>
    c.json(await commands.transferChallenge(signedIn(c), { ...c.req.valid("param"), ...c.req.valid("json") })),
  )
  .post("/challenges/:id/invite/regenerate", signedInOnly, challenge, async (c) =>
    c.json(await commands.regenerateInviteCodes(signedIn(c), c.req.valid("param"))),
  );

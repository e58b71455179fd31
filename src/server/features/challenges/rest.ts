import { Hono } from "hono";
import { actingUser, assertSelf, idParam, jsonBody } from "../../http/rest-helpers";
import { serviceContext } from "../../http/rest-context";
import type { HonoEnv } from "../../http/types";
import * as challenges from "./service";

/** SPEC.md §7 challenge calls, as thin adapters over the challenges service. */
export const challengesRest = new Hono<HonoEnv>()
  .get("/users/:id/challenges", async (c) => {
    const user = actingUser(c);
    // The path names whose challenges: only one's own (DECISIONS.md).
    assertSelf(user, c.req.param("id"));
    return c.json(await challenges.listUserChallenges(serviceContext(c).db, user.id));
  })
  .post("/challenges", async (c) => {
    const user = actingUser(c);
    return c.json(
      await challenges.createChallenge(c.get("deps"), serviceContext(c).db, user.id, (await jsonBody(c)) as never),
      201,
    );
  })
  .get("/challenges/:id", async (c) => {
    const user = actingUser(c);
    return c.json(
      await challenges.getChallenge(serviceContext(c).db, user.id, idParam(c.req.param("id"), "challenge")),
    );
  })
  .patch("/challenges/:id", async (c) => {
    const user = actingUser(c);
    const id = idParam(c.req.param("id"), "challenge");
    return c.json(await challenges.updateChallenge(serviceContext(c).db, user.id, id, (await jsonBody(c)) as never));
  })
  .delete("/challenges/:id", async (c) => {
    const user = actingUser(c);
    return c.json(
      await challenges.deleteChallenge(serviceContext(c).db, user.id, idParam(c.req.param("id"), "challenge")),
    );
  })
  .get("/challenges/:id/courses", async (c) => {
    const user = actingUser(c);
    return c.json(
      await challenges.listChallengeCourses(serviceContext(c).db, user.id, idParam(c.req.param("id"), "challenge")),
    );
  })
  .post("/challenges/:id/courses", async (c) => {
    const user = actingUser(c);
    const id = idParam(c.req.param("id"), "challenge");
    return c.json(await challenges.addChallengeCourse(serviceContext(c).db, user.id, id, (await jsonBody(c)) as never));
  })
  .get("/challenges/:id/players", async (c) => {
    const user = actingUser(c);
    return c.json(await challenges.listPlayers(serviceContext(c).db, user.id, idParam(c.req.param("id"), "challenge")));
  })
  .delete("/challenges/:id/players/:userId", async (c) => {
    const user = actingUser(c);
    const id = idParam(c.req.param("id"), "challenge");
    const playerId = idParam(c.req.param("userId"), "user");
    return c.json(await challenges.removePlayer(serviceContext(c).db, user.id, id, playerId));
  })
  .post("/challenges/:id/invite/regenerate", async (c) => {
    const user = actingUser(c);
    return c.json(
      await challenges.regenerateInviteCodes(
        c.get("deps"),
        serviceContext(c).db,
        user.id,
        idParam(c.req.param("id"), "challenge"),
      ),
    );
  });

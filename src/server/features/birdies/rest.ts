import { Hono } from "hono";
import { assertSelf, idParam, jsonBody, requireUser } from "../../http/rest-helpers";
import type { HonoEnv } from "../../http/types";
import { forbidden } from "../../lib/errors";
import * as birdies from "./service";

export const birdiesRest = new Hono<HonoEnv>()
  .get("/birdies", async (c) => {
    const user = requireUser(c);
    assertSelf(user, c.req.query("userId"));
    const challengeId = c.req.query("challengeId");
    return c.json(await birdies.listOwnBirdies(c.get("deps").database.db, user.id, challengeId ? { challengeId } : {}));
  })
  .post("/birdies", async (c) => {
    const user = requireUser(c);
    assertSelf(user, c.req.query("userId"));
    const record = await birdies.recordBirdie(c.get("deps").database.db, user.id, (await jsonBody(c)) as never);
    return c.json(record, 201);
  })
  .delete("/birdies/:id", async (c) => {
    const user = requireUser(c);
    // SPEC.md's client sends "Bearer <user id>": never authentication (the cookie decides), but a
    // header naming someone else is refused (DECISIONS.md).
    const bearer = c.req
      .header("authorization")
      ?.match(/^Bearer\s+(.+)$/i)?.[1]
      ?.trim();
    if (bearer && bearer !== String(user.id)) throw forbidden("You can only act as yourself");
    const id = idParam(c.req.param("id"), "birdie");
    return c.json(await birdies.deleteBirdie(c.get("deps").database.db, user.id, { id }));
  });

import { Hono } from "hono";
import { idParam, requireUser } from "../../http/rest-helpers";
import type { HonoEnv } from "../../http/types";
import { listAchievements, listUserAchievements } from "./service";

export const achievementsRest = new Hono<HonoEnv>()
  .get("/achievements", async (c) => {
    requireUser(c);
    return c.json(await listAchievements(c.get("deps").database.db));
  })
  .get("/users/:id/achievements", async (c) => {
    const viewer = requireUser(c);
    return c.json(await listUserAchievements(c.get("deps").database.db, viewer.id, idParam(c.req.param("id"), "user")));
  });

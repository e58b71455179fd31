import { Hono } from "hono";
import { z } from "zod";
import { signedIn, signedInOnly } from "../../http/rest-context";
import type { HonoEnv } from "../../http/types";
import { idParam, params } from "../../http/validate";
import { listAchievements, listUserAchievements } from "./service";

export const achievementsRest = new Hono<HonoEnv>()
  .get("/achievements", signedInOnly, async (c) => c.json(await listAchievements(signedIn(c))))
  .get("/users/:id/achievements", signedInOnly, params(z.object({ id: idParam("user") })), async (c) =>
    c.json(await listUserAchievements(signedIn(c), { userId: c.req.valid("param").id })),
  );

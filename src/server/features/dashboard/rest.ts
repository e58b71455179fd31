import { Hono } from "hono";
import { signedIn, signedInOnly } from "../../http/rest-context";
import type { HonoEnv } from "../../http/types";
import { dashboard } from "./service";

export const dashboardRest = new Hono<HonoEnv>().get("/dashboard", signedInOnly, async (c) =>
  c.json(await dashboard(signedIn(c))),
);

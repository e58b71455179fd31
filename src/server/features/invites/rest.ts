import { Hono } from "hono";
import { actingUser } from "../../http/rest-helpers";
import { serviceContext } from "../../http/rest-context";
import type { HonoEnv } from "../../http/types";
import * as invites from "./service";

/**
 * SPEC.md §7 invite calls. Mounted before the challenge routes so `/challenges/invite/...` and
 * `/challenges/pin/...` are never read as challenge ids.
 */
export const invitesRest = new Hono<HonoEnv>()
  .get("/challenge-preview/:code", async (c) => {
    return c.json(await invites.previewInvite(serviceContext(c).db, { code: c.req.param("code") }));
  })
  .get("/challenges/invite/:code", async (c) => {
    const user = actingUser(c);
    return c.json(await invites.inviteDetails(serviceContext(c).db, user.id, { code: c.req.param("code") }));
  })
  .post("/challenges/invite/:code/join", async (c) => {
    const user = actingUser(c);
    return c.json(await invites.joinByCode(serviceContext(c).db, user.id, { code: c.req.param("code") }));
  })
  .get("/challenges/pin/:pin", async (c) => {
    const user = actingUser(c);
    const ctx = serviceContext(c);
    return c.json(await invites.lookupPin(ctx.deps, ctx.db, user.id, { pin: c.req.param("pin") }, ctx.meta));
  });

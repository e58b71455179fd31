import { Hono } from "hono";
import { z } from "zod";
import { signedIn, signedInOnly } from "../../http/rest-context";
import type { HonoEnv } from "../../http/types";
import { idParam, params } from "../../http/validate";
import { challengeFlags } from "./service";

const challenge = params(z.object({ id: idParam("challenge") }));

/** The creator's view of fair-play flags (docs/product/api.md#fair-play). */
export const fairplayRest = new Hono<HonoEnv>().get("/challenges/:id/flags", signedInOnly, challenge, async (c) =>
  c.json(await challengeFlags(signedIn(c), c.req.valid("param"))),
);

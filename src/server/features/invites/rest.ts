import { Hono } from "hono";
import { z } from "zod";
import { inviteCodeInputSchema, inviteEmailsBodySchema, pinLookupSchema } from "../../../shared/schemas/invites";
import { serviceContext, signedIn, signedInOnly } from "../../http/rest-context";
import type { HonoEnv } from "../../http/types";
import { body, idParam, params } from "../../http/validate";
import { inviteByEmail } from "./email";
import * as invites from "./service";

/**
 * The invite calls of docs/product/api.md#invites. Mounted before the challenge routes so
 * `/challenges/invite/...` and `/challenges/pin/...` are never read as challenge ids.
 */
export const invitesRest = new Hono<HonoEnv>()
  .get("/challenge-preview/:code", params(inviteCodeInputSchema), async (c) =>
    c.json(await invites.previewInvite(serviceContext(c), c.req.valid("param"))),
  )
  .get("/challenges/invite/:code", signedInOnly, params(inviteCodeInputSchema), async (c) =>
    c.json(await invites.inviteDetails(signedIn(c), c.req.valid("param"))),
  )
  .post("/challenges/invite/:code/join", signedInOnly, params(inviteCodeInputSchema), async (c) =>
    c.json(await invites.joinByCode(signedIn(c), c.req.valid("param"))),
  )
  .get("/challenges/pin/:pin", signedInOnly, params(pinLookupSchema), async (c) =>
    c.json(await invites.lookupPin(signedIn(c), c.req.valid("param"))),
  )
  .post(
    "/challenges/:id/invite/email",
    signedInOnly,
    params(z.object({ id: idParam("challenge") })),
    body(inviteEmailsBodySchema),
    async (c) =>
      c.json(await inviteByEmail(signedIn(c), { challengeId: c.req.valid("param").id, ...c.req.valid("json") }), 202),
  );

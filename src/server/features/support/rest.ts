import { Hono } from "hono";
import { supportRequestSchema } from "../../../shared/schemas/support";
import { serviceContext, signedIn, signedInOnly } from "../../http/rest-context";
import type { HonoEnv } from "../../http/types";
import { body } from "../../http/validate";
import { createSupportRequest, mySupportRequests } from "./service";

export const supportRest = new Hono<HonoEnv>()
  .get("/support", signedInOnly, async (c) => c.json(await mySupportRequests(signedIn(c))))
  .post("/support", body(supportRequestSchema), async (c) =>
    c.json(await createSupportRequest(serviceContext(c), c.req.valid("json")), 201),
  );

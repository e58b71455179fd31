import { Hono } from "hono";
import { pushEndpointSchema, pushSubscriptionSchema } from "../../../shared/schemas/push";
import { serviceContext, signedIn, signedInOnly } from "../../http/rest-context";
import type { HonoEnv } from "../../http/types";
import { body, query } from "../../http/validate";
import { pushPublicKey, pushSubscriptionStatus, subscribePush, unsubscribePush } from "./service";

export const pushRest = new Hono<HonoEnv>()
  .get("/push/public-key", async (c) => c.json(await pushPublicKey(serviceContext(c))))
  .get("/push/subscriptions", signedInOnly, query(pushEndpointSchema), async (c) =>
    c.json(await pushSubscriptionStatus(signedIn(c), c.req.valid("query"))),
  )
  .post("/push/subscriptions", signedInOnly, body(pushSubscriptionSchema), async (c) =>
    c.json(await subscribePush(signedIn(c), c.req.valid("json")), 201),
  )
  .delete("/push/subscriptions", signedInOnly, body(pushEndpointSchema), async (c) =>
    c.json(await unsubscribePush(signedIn(c), c.req.valid("json"))),
  );

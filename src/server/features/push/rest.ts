import { Hono } from "hono";
import { pushSubscriptionSchema, pushUnsubscribeSchema } from "../../../shared/schemas/push";
import { serviceContext, signedIn, signedInOnly } from "../../http/rest-context";
import type { HonoEnv } from "../../http/types";
import { body } from "../../http/validate";
import { pushPublicKey, subscribePush, unsubscribePush } from "./service";

export const pushRest = new Hono<HonoEnv>()
  .get("/push/public-key", async (c) => c.json(await pushPublicKey(serviceContext(c))))
  .post("/push/subscriptions", signedInOnly, body(pushSubscriptionSchema), async (c) =>
    c.json(await subscribePush(signedIn(c), c.req.valid("json")), 201),
  )
  .delete("/push/subscriptions", signedInOnly, body(pushUnsubscribeSchema), async (c) =>
    c.json(await unsubscribePush(signedIn(c), c.req.valid("json"))),
  );

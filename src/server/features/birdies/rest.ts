import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { listBirdiesQuerySchema, recordBirdieSchema } from "../../../shared/schemas/birdies";
import { assertSelf, signedIn, signedInOnly } from "../../http/rest-context";
import type { HonoEnv } from "../../http/types";
import { body, idParam, params, query } from "../../http/validate";
import { deleteBirdie } from "./deletion";
import { recordBirdie } from "./recording";
import { listOwnBirdies } from "./views";

/**
 * The original client sends "Bearer <user id>": never authentication (the cookie decides), but a
 * header naming someone else is refused (docs/product/api.md#userid-and-usersid).
 */
const bearerNamesCaller: MiddlewareHandler<HonoEnv> = async (c, next) => {
  const bearer = c.req
    .header("authorization")
    ?.match(/^Bearer\s+(.+)$/i)?.[1]
    ?.trim();
  assertSelf(signedIn(c).user, bearer);
  await next();
};

/** The birdie calls of docs/product/api.md#birdies, as thin adapters over the birdies services. */
export const birdiesRest = new Hono<HonoEnv>()
  .get("/birdies", signedInOnly, query(listBirdiesQuerySchema), async (c) =>
    c.json(await listOwnBirdies(signedIn(c), c.req.valid("query"))),
  )
  .post("/birdies", signedInOnly, body(recordBirdieSchema), async (c) =>
    c.json(await recordBirdie(signedIn(c), c.req.valid("json")), 201),
  )
  .delete("/birdies/:id", signedInOnly, bearerNamesCaller, params(z.object({ id: idParam("birdie") })), async (c) =>
    c.json(await deleteBirdie(signedIn(c), c.req.valid("param"))),
  );

import { Hono } from "hono";
import { z } from "zod";
import { profileUpdateSchema } from "../../../shared/schemas/profile";
import { signedIn, signedInOnly } from "../../http/rest-context";
import type { HonoEnv } from "../../http/types";
import { body, idParam, params } from "../../http/validate";
import { getPicture, updateMe } from "./service";

/** The picture URL carries its version, so a cached copy is never stale: cache it for a year. */
export const PICTURE_CACHE_CONTROL = "private, max-age=31536000, immutable";

export const profileRest = new Hono<HonoEnv>()
  // The same route takes either a picture (a data URL) or the profile fields, or both
  // (docs/product/api.md#put-apiusersme).
  .put("/users/me", signedInOnly, body(profileUpdateSchema), async (c) =>
    c.json(await updateMe(signedIn(c), c.req.valid("json"))),
  )
  .get("/users/:id/picture", signedInOnly, params(z.object({ id: idParam("user") })), async (c) => {
    const pic = await getPicture(signedIn(c), { userId: c.req.valid("param").id });
    const etag = `"pic-${pic.userId}-${pic.version}"`;
    c.header("Cache-Control", PICTURE_CACHE_CONTROL);
    c.header("ETag", etag);
    if (c.req.header("if-none-match") === etag) return c.body(null, 304);
    c.header("Content-Type", pic.contentType);
    return c.body(pic.data as Uint8Array<ArrayBuffer>);
  });

import { Hono } from "hono";
import { idParam, jsonBody, requireUser } from "../../http/rest-helpers";
import type { HonoEnv } from "../../http/types";
import { parseInput } from "../../lib/validate";
import { updateProfileSchema } from "../../../shared/schemas/auth";
import { updateProfile } from "../auth/service";
import { getPicture, removePicture, uploadPicture } from "./service";

/** The picture URL carries its version, so a cached copy is never stale: cache it for a year. */
export const PICTURE_CACHE_CONTROL = "private, max-age=31536000, immutable";

export const profileRest = new Hono<HonoEnv>()
  // SPEC.md §7: the same route takes either a picture (JPEG data URL) or the profile fields.
  .put("/users/me", async (c) => {
    const user = requireUser(c);
    const db = c.get("deps").database.db;
    const body = (await jsonBody(c)) as Record<string, unknown>;
    const hasPicture = body && typeof body === "object" && "profilePicture" in body;
    const { profilePicture, ...fields } = hasPicture ? body : { profilePicture: undefined, ...body };
    // Check the fields before storing a picture, so a refused request changes nothing.
    if (hasPicture && Object.keys(fields).length) parseInput(updateProfileSchema, fields);
    let result = hasPicture
      ? profilePicture === null
        ? await removePicture(db, user.id)
        : await uploadPicture(db, user.id, { profilePicture })
      : undefined;
    if (!hasPicture || Object.keys(fields).length) result = await updateProfile(db, user.id, fields as never);
    return c.json(result);
  })
  .get("/users/:id/picture", async (c) => {
    requireUser(c);
    const pic = await getPicture(c.get("deps").database.db, idParam(c.req.param("id"), "user"));
    const etag = `"pic-${pic.userId}-${pic.version}"`;
    c.header("Cache-Control", PICTURE_CACHE_CONTROL);
    c.header("ETag", etag);
    if (c.req.header("if-none-match") === etag) return c.body(null, 304);
    c.header("Content-Type", pic.contentType);
    return c.body(pic.data as Uint8Array<ArrayBuffer>);
  });

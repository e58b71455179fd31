import { z } from "zod";
import { updateProfileSchema } from "./auth";

import { INVALID_PICTURE_TYPE, MAX_PICTURE_BYTES, PICTURE_TOO_LARGE } from "./picture-limits";

export { INVALID_PICTURE_TYPE, MAX_PICTURE_BYTES, PICTURE_TOO_LARGE } from "./picture-limits";

/** A picture as the client sends it: a base64 data URL (the client resizes to 800x800 JPEG 0.85). */
export const pictureUploadSchema = z.object({
  // 5 MB of bytes is about 6.7 MB of base64; anything longer is too large before decoding.
  profilePicture: z
    .string({ error: INVALID_PICTURE_TYPE })
    .max(Math.ceil((MAX_PICTURE_BYTES * 4) / 3) + 100, PICTURE_TOO_LARGE)
    .regex(/^data:[\w.+-]+\/[\w.+-]+;base64,/, INVALID_PICTURE_TYPE),
});

/**
 * PUT /api/users/me: the profile fields, and optionally `profilePicture`, a data URL to store or
 * null to remove the picture (docs/product/api.md#put-apiusersme). The fields come first, so a bad
 * field is reported before a bad picture.
 */
export const profileUpdateSchema = updateProfileSchema.extend({
  profilePicture: pictureUploadSchema.shape.profilePicture.nullable().optional(),
});

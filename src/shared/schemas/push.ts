import { z } from "zod";
import { base64UrlBytes } from "./base64url";

export { base64UrlBytes } from "./base64url";

// Web Push subscriptions (docs/product/rules.md#push-notifications, ADR 0038): the body is the
// browser's PushSubscription.toJSON(). The shape is checked here; which hosts an endpoint may name
// (https on a public host) is the push service's rule on the server, as it depends on configuration.

export const PUSH_ENDPOINT_MAX = 2048;
export const ENDPOINT_INVALID = "The push endpoint must be a web address";
export const KEYS_INVALID = "The push subscription keys are missing or invalid";

const endpointSchema = z
  .string({ error: ENDPOINT_INVALID })
  .trim()
  .min(1, ENDPOINT_INVALID)
  .max(PUSH_ENDPOINT_MAX, `The push endpoint must be at most ${PUSH_ENDPOINT_MAX} characters`)
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), ENDPOINT_INVALID);

/** The browser's public key: an uncompressed P-256 point, 65 bytes starting 0x04 (RFC 8291). */
const p256dhSchema = z
  .string({ error: KEYS_INVALID })
  .max(200, KEYS_INVALID)
  .refine((v) => {
    const bytes = base64UrlBytes(v);
    return bytes !== null && bytes.length === 65 && bytes[0] === 4;
  }, KEYS_INVALID);

/** The browser's authentication secret: 16 bytes (RFC 8291). */
const authSchema = z
  .string({ error: KEYS_INVALID })
  .max(100, KEYS_INVALID)
  .refine((v) => base64UrlBytes(v)?.length === 16, KEYS_INVALID);

/** POST /api/push/subscriptions: `{ endpoint, keys: { p256dh, auth } }` (other fields, e.g. expirationTime, are ignored). */
export const pushSubscriptionSchema = z.object({
  endpoint: endpointSchema,
  keys: z.object({ p256dh: p256dhSchema, auth: authSchema }, { error: KEYS_INVALID }),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscriptions `{ endpoint }`, and GET /api/push/subscriptions?endpoint= (is it mine?). */
export const pushEndpointSchema = z.object({ endpoint: endpointSchema });

import http from "node:http";
import https from "node:https";
import webpush from "web-push";
import { publicOnlyLookup, RefusedAddressError, endpointProblem } from "./endpoint-guard";
import type { VapidKeys } from "./vapid";

// One Web Push request (RFC 8030): web-push encrypts the payload (RFC 8291, aes128gcm) and signs
// the VAPID token (RFC 8292); the request itself goes out here, through a lookup that connects
// only to public addresses (./endpoint-guard.ts), with no redirects followed and a deadline.

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
export type PushMessage = { title: string; body: string; url: string; tag?: string };
export type PushOutcome =
  | { kind: "sent"; status: number }
  | { kind: "gone"; status: number }
  | { kind: "rejected"; status: number }
  | { kind: "refused"; reason: string }
  | { kind: "network"; reason: string };

/** How long a push service may keep an undelivered message (seconds): a day-old alert is still news. */
const TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;

type LookupAll = Parameters<typeof publicOnlyLookup>[0];

export async function sendPush(
  target: PushTarget,
  message: PushMessage,
  vapid: VapidKeys & { subject: string },
  opts: { allowHttpLoopback: boolean; resolve?: LookupAll },
): Promise<PushOutcome> {
  const problem = endpointProblem(target.endpoint, opts.allowHttpLoopback);
  if (problem) return { kind: "refused", reason: problem };
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(message),
    {
      vapidDetails: vapid,
      TTL: TTL_SECONDS,
      contentEncoding: "aes128gcm",
      urgency: "normal",
      // A newer message with the same topic replaces an undelivered older one at the push service.
      ...(message.tag && /^[A-Za-z0-9_-]{1,32}$/.test(message.tag) ? { topic: message.tag } : {}),
    },
  );
  const url = new URL(details.endpoint);
  const transport = url.protocol === "http:" ? http : https;
  try {
    const status = await new Promise<number>((resolve, reject) => {
      const req = transport.request(
        url,
        {
          method: details.method,
          headers: { ...details.headers, "Content-Length": String(details.body.length) },
          lookup: publicOnlyLookup(opts.resolve) as never,
          timeout: TIMEOUT_MS,
        },
        (res) => {
          // The answer's body is not needed; drain it so the socket is released.
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
          res.on("error", reject);
        },
      );
      req.on("timeout", () => req.destroy(new Error("push service did not answer in time")));
      req.on("error", reject);
      req.end(details.body);
    });
    if (status >= 200 && status < 300) return { kind: "sent", status };
    if (status === 404 || status === 410) return { kind: "gone", status };
    return { kind: "rejected", status };
  } catch (err) {
    if (err instanceof RefusedAddressError || (err as { code?: string })?.code === "EPUSHREFUSED") {
      return { kind: "refused", reason: (err as Error).message };
    }
    return { kind: "network", reason: String((err as Error)?.message ?? err) };
  }
}

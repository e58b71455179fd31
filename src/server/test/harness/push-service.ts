import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify } from "node:crypto";

// Test helpers: a push service stand-in on 127.0.0.1 and the browser's side of RFC 8291, written
// here with node:crypto (not web-push) so the tests check the library's output independently.

export type ReceivedPush = { path: string; headers: Headers; body: Uint8Array };

/** A push service that records each POST and answers with the status its path asks for (/410/..., default 201). */
export function startPushServiceStandIn() {
  const received: ReceivedPush[] = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const path = new URL(req.url).pathname;
      received.push({ path, headers: req.headers, body: new Uint8Array(await req.arrayBuffer()) });
      const status = /^\/(\d{3})\//.exec(path)?.[1];
      return new Response(null, { status: status ? Number(status) : 201 });
    },
  });
  return {
    received,
    origin: `http://127.0.0.1:${server.port}`,
    endpoint: (path: string) => `http://127.0.0.1:${server.port}${path}`,
    stop: () => server.stop(true),
  };
}

/** A browser's subscription keys: an ECDH P-256 pair and a 16-byte auth secret (base64url). */
export function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    authBytes: auth,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
  };
}

const hmac = (key: Uint8Array, data: Uint8Array) => createHmac("sha256", key).update(data).digest();

/** Decrypts an aes128gcm Web Push message body (RFC 8188 framing, RFC 8291 keys) as the browser would. */
export function decryptPush(body: Uint8Array, browser: ReturnType<typeof browserKeys>): string {
  const buf = Buffer.from(body);
  const salt = buf.subarray(0, 16);
  const recordSize = buf.readUInt32BE(16);
  const idLength = buf[20];
  const serverPublic = buf.subarray(21, 21 + idLength);
  const ciphertext = buf.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid must be the 65-byte server key, got ${idLength}`);
  if (ciphertext.length > recordSize) throw new Error("more than one record");

  const ecdhSecret = browser.ecdh.computeSecret(serverPublic);
  const browserPublic = browser.ecdh.getPublicKey();
  // RFC 8291 section 3.4: PRK_key = HMAC(auth, ecdh); IKM = HKDF-Expand(PRK_key, key_info, 32).
  const prkKey = hmac(browser.authBytes, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), browserPublic, serverPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  // RFC 8188 section 2.2: PRK = HMAC(salt, IKM); CEK and NONCE by HKDF-Expand with their labels.
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);

  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("missing last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}

/** Checks an RFC 8292 `Authorization: vapid t=..., k=...` header; returns the JWT claims and key. */
export function verifyVapid(authorization: string | null) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`not a vapid Authorization header: ${authorization}`);
  const [, token, k] = match;
  const [headerPart, claimsPart, signaturePart] = token.split(".");
  const header = JSON.parse(Buffer.from(headerPart, "base64url").toString());
  const claims = JSON.parse(Buffer.from(claimsPart, "base64url").toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  const point = Buffer.from(k, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const valid = verify(
    "sha256",
    Buffer.from(`${headerPart}.${claimsPart}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signaturePart, "base64url"),
  );
  return { header, claims, publicKey: k, valid };
}

import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP } from "node:net";

// Sending a push is a server-side request to an address a golfer gave us (the subscription's
// endpoint), so it must never reach this machine or its private network (SSRF). Endpoints must be
// https on a public host; the rule is checked on the literal address when a subscription is
// stored and again on every address its name resolves to at the moment of sending (the connection
// uses exactly the checked addresses, so a name that changes its answer cannot slip through).
// ADR 0038; docs/product/rules.md#push-notifications.

export type AddressClass =
  | "public"
  | "unspecified"
  | "loopback"
  | "private"
  | "link-local"
  | "unique-local"
  | "CGNAT"
  | "multicast"
  | "reserved";

const V4_RANGES: [string, number, AddressClass][] = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "CGNAT"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"],
  ["192.0.2.0", 24, "reserved"],
  ["192.88.99.0", 24, "reserved"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "reserved"],
  ["198.51.100.0", 24, "reserved"],
  ["203.0.113.0", 24, "reserved"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

function v4ToInt(ip: string): number | null {
  const parts = ip.split(".");
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = n * 256 + Number(p);
  }
  return n;
}

function classifyV4(n: number): AddressClass {
  for (const [base, bits, kind] of V4_RANGES) {
    const block = 2 ** (32 - bits);
    if (Math.floor(n / block) === Math.floor((v4ToInt(base) as number) / block)) return kind;
  }
  return "public";
}

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail included), or null. */
function v6Groups(ip: string): number[] | null {
  let text = ip.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  const tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text)?.[1];
  if (tail) {
    const n = v4ToInt(tail);
    if (n === null) return null;
    text = `${text.slice(0, -tail.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (s: string | undefined) => (s ? s.split(":") : []);
  const head = parse(halves[0]);
  const rest = halves.length === 2 ? parse(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if ((halves.length === 2 && missing < 1) || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => Number.parseInt(g, 16));
}

function classifyV6(groups: number[]): AddressClass {
  // Eight 16-bit groups, always (parseV6 makes them); a missing one reads as 0.
  const g = (i: number) => groups[i] ?? 0;
  const v4At = (hi: number) => classifyV4(g(hi) * 65536 + g(hi + 1));
  const zeros = (from: number, to: number) => groups.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return "unspecified";
  if (zeros(0, 7) && g(7) === 1) return "loopback";
  // IPv4-mapped (::ffff:a.b.c.d) and the NAT64 well-known prefix (64:ff9b::/96) reach IPv4 hosts.
  if (zeros(0, 5) && g(5) === 0xffff) return v4At(6);
  if (g(0) === 0x64 && g(1) === 0xff9b && zeros(2, 6)) return v4At(6);
  // 6to4 (2002::/16) carries an IPv4 address in its next 32 bits.
  if (g(0) === 0x2002) return v4At(1);
  if (zeros(0, 6)) return "reserved"; // IPv4-compatible (deprecated)
  if ((g(0) & 0xfe00) === 0xfc00) return "unique-local";
  if ((g(0) & 0xffc0) === 0xfe80) return "link-local";
  if ((g(0) & 0xffc0) === 0xfec0) return "private"; // site-local (deprecated)
  if ((g(0) & 0xff00) === 0xff00) return "multicast";
  if (g(0) === 0x2001 && g(1) === 0x0db8) return "reserved"; // documentation
  if (g(0) === 0x2001 && g(1) === 0) return "reserved"; // Teredo: a tunnelled IPv4 peer
  if (g(0) === 0x0100 && zeros(1, 4)) return "reserved"; // discard prefix
  return "public";
}

/** What kind of address `ip` is (a literal IPv4 or IPv6 address, brackets allowed); null when not an IP. */
export function classifyAddress(ip: string): AddressClass | null {
  const bare = ip.replace(/^\[|\]$/g, "");
  const kind = isIP(bare.replace(/%.*$/, ""));
  if (kind === 4) {
    const n = v4ToInt(bare);
    return n === null ? null : classifyV4(n);
  }
  if (kind === 6) {
    const groups = v6Groups(bare);
    return groups ? classifyV6(groups) : null;
  }
  return null;
}

export const ENDPOINT_NOT_HTTPS = "The push endpoint must be an https address";
export const ENDPOINT_NOT_PUBLIC = "The push endpoint must be on a public host";

/**
 * Why the endpoint may not be used, or null when it may. `allowHttpLoopback` (configuration
 * PUSH_ALLOW_HTTP_LOOPBACK, tests only) lets http://127.0.0.1 through for a local push service.
 */
export function endpointProblem(endpoint: string, allowHttpLoopback: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return ENDPOINT_NOT_HTTPS;
  }
  if (url.username || url.password) return ENDPOINT_NOT_PUBLIC;
  // WHATWG URL parsing has already turned 0x7f.1, 2130706433 and friends into dotted quads.
  const host = url.hostname.toLowerCase();
  if (url.protocol === "http:") {
    return allowHttpLoopback && host === "127.0.0.1" ? null : ENDPOINT_NOT_HTTPS;
  }
  if (url.protocol !== "https:") return ENDPOINT_NOT_HTTPS;
  const kind = classifyAddress(host);
  if (kind !== null) return kind === "public" ? null : ENDPOINT_NOT_PUBLIC;
  // Names that always mean this machine or the local network (RFC 6761, RFC 6762).
  const name = host.replace(/\.$/, "");
  if (!name.includes(".") || /(^|\.)(localhost|local|internal|home\.arpa)$/.test(name)) return ENDPOINT_NOT_PUBLIC;
  return null;
}

export class RefusedAddressError extends Error {
  readonly code = "EPUSHREFUSED";
  constructor(host: string, address: string, kind: AddressClass) {
    super(`push endpoint ${host} resolves to a ${kind} address (${address})`);
    this.name = "RefusedAddressError";
  }
}

type LookupAll = (host: string) => Promise<LookupAddress[]>;

const systemLookup: LookupAll = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/** Every address `host` resolves to, or a RefusedAddressError when any of them is not public. */
export async function resolvePublicAddresses(host: string, resolve: LookupAll = systemLookup) {
  const addresses = await resolve(host);
  if (!addresses.length) throw new Error(`push endpoint ${host} has no address`);
  for (const a of addresses) {
    const kind = classifyAddress(a.address) ?? "reserved";
    if (kind !== "public") throw new RefusedAddressError(host, a.address, kind);
  }
  return addresses;
}

type LookupCallback = (err: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request: the connection goes only to addresses that were just checked,
 * so a DNS answer that changes between a check and the connect (rebinding) cannot reach a
 * private address.
 */
export function publicOnlyLookup(resolve: LookupAll = systemLookup) {
  return (host: string, options: { all?: boolean }, callback: LookupCallback) => {
    resolvePublicAddresses(host, resolve).then(
      (addresses) =>
        options?.all || !addresses[0]
          ? callback(null, addresses)
          : callback(null, addresses[0].address, addresses[0].family),
      (err: Error) => callback(err, ""),
    );
  };
}

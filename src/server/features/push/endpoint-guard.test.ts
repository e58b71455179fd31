import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import webpush from "web-push";
import { pushSubscriptions } from "../../db/schema/push";
import { Metrics } from "../../metrics/metrics";
import { createTestHarness, signUp, type TestHarness } from "../../test/harness/harness";
import { browserKeys } from "../../test/harness/push-service";
import {
  type AddressClass,
  classifyAddress,
  ENDPOINT_NOT_HTTPS,
  ENDPOINT_NOT_PUBLIC,
  endpointProblem,
  resolvePublicAddresses,
} from "./endpoint-guard";
import { sendPushJob } from "./jobs";
import { sendPush } from "./sender";

// Push endpoints are addresses golfers give the server to send to (SSRF): docs/product/rules.md#push-notifications.

const ADDRESSES: [string, AddressClass][] = [
  ["0.0.0.0", "unspecified"],
  ["0.1.2.3", "unspecified"],
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback"],
  ["10.0.0.1", "private"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["192.168.1.1", "private"],
  ["169.254.169.254", "link-local"],
  ["100.64.0.1", "CGNAT"],
  ["100.127.255.255", "CGNAT"],
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["255.255.255.255", "reserved"],
  ["192.0.2.10", "reserved"],
  ["198.18.0.1", "reserved"],
  ["172.32.0.1", "public"],
  ["100.128.0.1", "public"],
  ["8.8.8.8", "public"],
  ["142.250.74.10", "public"],
  ["::", "unspecified"],
  ["::1", "loopback"],
  ["[::1]", "loopback"],
  ["fe80::1", "link-local"],
  ["fe80::1%eth0", "link-local"],
  ["febf:ffff::1", "link-local"],
  ["fc00::1", "unique-local"],
  ["fd12:3456:789a::1", "unique-local"],
  ["ff02::1", "multicast"],
  ["::ffff:127.0.0.1", "loopback"],
  ["::ffff:7f00:1", "loopback"],
  ["::ffff:10.0.0.1", "private"],
  ["::ffff:8.8.8.8", "public"],
  ["64:ff9b::a9fe:a9fe", "link-local"],
  ["2002:0a00:0001::1", "private"],
  ["2001:db8::1", "reserved"],
  ["::127.0.0.1", "reserved"],
  ["2001:4860:4860::8888", "public"],
  ["2a00:1450:4001:80b::200a", "public"],
];

describe("address classes", () => {
  for (const [address, kind] of ADDRESSES) {
    test(`${address} is ${kind}`, () => expect(classifyAddress(address)).toBe(kind));
  }
  test("names are not addresses", () => {
    expect(classifyAddress("push.example.com")).toBeNull();
    expect(classifyAddress("1.2.3")).toBeNull();
  });
});

describe("the endpoint rule (literal addresses)", () => {
  const cases: [string, boolean, string | null][] = [
    ["https://fcm.googleapis.com/fcm/send/abc", false, null],
    ["https://updates.push.services.mozilla.com/wpush/v2/abc", false, null],
    ["https://8.8.8.8/x", false, null],
    ["http://fcm.googleapis.com/fcm/send/abc", false, ENDPOINT_NOT_HTTPS],
    ["http://127.0.0.1:9000/x", false, ENDPOINT_NOT_HTTPS],
    ["http://127.0.0.1:9000/x", true, null],
    ["http://localhost:9000/x", true, ENDPOINT_NOT_HTTPS],
    ["http://10.0.0.1/x", true, ENDPOINT_NOT_HTTPS],
    ["https://127.0.0.1/x", true, ENDPOINT_NOT_PUBLIC],
    ["https://2130706433/x", false, ENDPOINT_NOT_PUBLIC],
    ["https://0x7f.1/x", false, ENDPOINT_NOT_PUBLIC],
    ["https://0/x", false, ENDPOINT_NOT_PUBLIC],
    ["https://[::1]/x", false, ENDPOINT_NOT_PUBLIC],
    ["https://[::ffff:192.168.0.1]/x", false, ENDPOINT_NOT_PUBLIC],
    ["https://[fd00::1]/x", false, ENDPOINT_NOT_PUBLIC],
    ["https://100.100.100.200/x", false, ENDPOINT_NOT_PUBLIC],
    ["https://224.0.0.251/x", false, ENDPOINT_NOT_PUBLIC],
    ["https://localhost/x", false, ENDPOINT_NOT_PUBLIC],
    ["https://push.localhost/x", false, ENDPOINT_NOT_PUBLIC],
    ["https://printer.local/x", false, ENDPOINT_NOT_PUBLIC],
    ["https://metadata.google.internal/x", false, ENDPOINT_NOT_PUBLIC],
    ["https://intranet/x", false, ENDPOINT_NOT_PUBLIC],
    ["https://user:pw@push.example.com/x", false, ENDPOINT_NOT_PUBLIC],
    ["file:///etc/passwd", true, ENDPOINT_NOT_HTTPS],
  ];
  for (const [endpoint, allowLoopback, expected] of cases) {
    test(`${endpoint}${allowLoopback ? " (loopback allowed)" : ""}: ${expected ?? "allowed"}`, () =>
      expect(endpointProblem(endpoint, allowLoopback)).toBe(expected));
  }
});

describe("at send time, every address the name resolves to must be public", () => {
  const resolvesTo =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

  test("the system resolver: localhost is loopback", async () => {
    await expect(resolvePublicAddresses("localhost")).rejects.toThrow(/loopback/);
  });

  for (const addresses of [
    ["127.0.0.1"],
    ["10.0.0.5"],
    ["93.184.215.14", "169.254.169.254"],
    ["::1"],
    ["::ffff:192.168.1.1"],
    ["100.64.1.1"],
    ["fd00::2"],
  ]) {
    test(`a public name resolving to ${addresses.join(", ")} is refused before any connection`, async () => {
      const { keys } = browserKeys();
      const outcome = await sendPush(
        { endpoint: "https://push.example.test/sub/1", ...keys },
        { title: "t", body: "b", url: "/" },
        { ...webpush.generateVAPIDKeys(), subject: "mailto:a@example.com" },
        { allowHttpLoopback: true, resolve: resolvesTo(...addresses) },
      );
      expect(outcome).toMatchObject({ kind: "refused" });
      if (outcome.kind === "refused") expect(outcome.reason).toContain(addresses.at(-1) as string);
    });
  }

  let h: TestHarness;
  beforeAll(async () => {
    h = await createTestHarness({ env: { PUSH_ALLOW_HTTP_LOOPBACK: "true" } });
  }, 120_000);
  afterAll(() => h.close());

  test("the job: a subscription whose name now resolves to a private address is refused and deleted", async () => {
    const { client, user } = await signUp(h);
    const browser = browserKeys();
    const endpoint = "https://push.example.test/sub/rebound";
    expect((await client.post("/api/push/subscriptions", { endpoint, keys: browser.keys })).status).toBe(201);
    const metrics = new Metrics();
    const lookedUp: string[] = [];
    await sendPushJob(
      { userId: user.id, title: "t", body: "b", url: "/" },
      { deps: { ...h.deps, metrics }, attempt: 1 },
      {
        resolve: async (host) => {
          lookedUp.push(host);
          return [{ address: "127.0.0.1", family: 4 }];
        },
      },
    );
    // The connection asked our lookup (so it can only reach checked addresses), and was refused.
    expect(lookedUp).toEqual(["push.example.test"]);
    expect(await h.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toHaveLength(0);
    expect(await metrics.text()).toContain('birdie_pushes_failed_total{reason="refused"} 1');
  });
});

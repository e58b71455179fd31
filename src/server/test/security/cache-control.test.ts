import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { AnyProcedure } from "@trpc/server";
import { uploadPicture } from "../../features/profile/service";
import { createTestHarness, type TestHarness } from "../harness/harness";
import { appRouter } from "../../trpc/router";
import { enc, headersFor, trpcRequest, type Sent } from "./http";
import type { ParamKind } from "./hostile";
import { REST_ROUTES, routeKey, STATE_CHANGING, type RestRoute } from "./routes";
import { TINY_PNG, World, type PersonaName } from "./world";

// Every /api route (from the route table, so a new route is covered the day it is added) and
// every tRPC procedure answers with Cache-Control: no-store, signed in or not, success or error
// (issue 13 row 18): private answers must not be kept by a shared cache or the browser's disk
// cache. A route with a caching policy of its own (the versioned profile picture) keeps it on
// success, as the table declares.

let h: TestHarness;
let w: World;
beforeAll(async () => {
  h = await createTestHarness();
  w = await World.create(h);
  // The member's own picture, so the picture route answers 200 with its own caching.
  await uploadPicture(h.as(w.member.user), {
    profilePicture: `data:image/png;base64,${Buffer.from(TINY_PNG).toString("base64")}`,
  });
}, 120_000);
afterAll(() => h?.close());

/** What each kind of path parameter names: the signed-in member's own things, so reads succeed. */
const OWN: Record<ParamKind, string> = {
  challenge: "own.id",
  user: "member.id",
  course: "own.courseId",
  birdie: "birdie.member",
  code: "own.inviteCode",
  pin: "own.invitePin",
  token: "own.inviteCode",
  flag: "flag.id",
};

function restRequest(route: RestRoute, cookie: string | null): Sent {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const kind = route.params?.[name];
    if (!kind) throw new Error(`${routeKey(route)}: parameter ${name} is missing from the route table`);
    return enc(String(w.resolve(OWN[kind])));
  });
  const mutating = STATE_CHANGING.has(route.method);
  return {
    method: route.method,
    path: route.sampleQuery ? `${path}?${route.sampleQuery}` : path,
    headers: headersFor(cookie, mutating ? { "Content-Type": "application/json" } : {}),
    body: mutating ? "{}" : undefined,
  };
}

async function answer(req: Sent) {
  const res = await h.app.request(`http://localhost${req.path}`, {
    method: req.method,
    headers: req.headers,
    body: req.body,
  });
  await res.arrayBuffer();
  return { status: res.status, cacheControl: res.headers.get("cache-control") };
}

const directives = (value: string | null) => (value ?? "").split(",").map((d) => d.trim().toLowerCase());

type Seen = { target: string; who: string; status: number; cacheControl: string | null };

function problems(seen: Seen[], declared: (target: string) => string | undefined): string[] {
  const out: string[] = [];
  for (const s of seen) {
    const own = declared(s.target);
    const ok =
      own && s.status >= 200 && s.status < 300
        ? s.cacheControl === own
        : directives(s.cacheControl).includes("no-store");
    if (!ok) out.push(`${s.target} as ${s.who}: ${s.status} with Cache-Control ${JSON.stringify(s.cacheControl)}`);
  }
  return out;
}

describe("Cache-Control on API answers", () => {
  test("every route in the route table: no-store (or the route's own policy on success)", async () => {
    const seen: Seen[] = [];
    for (const route of REST_ROUTES) {
      // Admin routes are read as the admin (a member's 403 is checked by the other suites).
      for (const who of [route.admin ? "admin" : "member", null] as (PersonaName | null)[]) {
        const cookie = who ? w.personas[who].cookie : null;
        const { status, cacheControl } = await answer(restRequest(route, cookie));
        seen.push({ target: routeKey(route), who: who ? "signed in" : "signed out", status, cacheControl });
        // A request may have signed the member out or deleted their challenge: put it back.
        if (STATE_CHANGING.has(route.method)) await w.ensure();
      }
    }
    const byKey = new Map(REST_ROUTES.map((r) => [routeKey(r), r]));
    expect(problems(seen, (t) => byKey.get(t)?.cache)).toEqual([]);
    // The sweep reached real, signed-in answers, not only refusals: every signed-in read succeeded.
    const reads = seen.filter(
      (s) => s.who === "signed in" && s.target.startsWith("GET ") && s.target !== "GET /api/health",
    );
    expect(
      reads.filter((s) => s.status !== (byKey.get(s.target)?.readStatus ?? 200)).map((s) => `${s.target}: ${s.status}`),
    ).toEqual([]);
    // The picture's own caching survived (its success answer is in the sweep).
    expect(seen.find((s) => s.target === "GET /api/users/:id/picture" && s.who === "signed in")?.cacheControl).toBe(
      byKey.get("GET /api/users/:id/picture")?.cache,
    );
  });

  test("unknown /api paths: no-store", async () => {
    const res = await answer({ method: "GET", path: "/api/no-such-route", headers: headersFor(w.member.cookie) });
    expect(res.status).toBe(404);
    expect(directives(res.cacheControl)).toContain("no-store");
  });

  test("every tRPC procedure: no-store, signed in or not", async () => {
    const procedures = Object.entries(
      (appRouter as unknown as { _def: { procedures: Record<string, AnyProcedure> } })._def.procedures,
    );
    const seen: Seen[] = [];
    for (const [path, procedure] of procedures) {
      const type = procedure._def.type as "query" | "mutation" | "subscription";
      const persona: PersonaName = path.startsWith("admin.") ? "admin" : "member";
      for (const who of [persona, null]) {
        const cookie = who ? w.personas[who].cookie : null;
        const { status, cacheControl } = await answer(
          trpcRequest(path, type, type === "query" ? undefined : "{}", cookie, true),
        );
        seen.push({ target: `trpc ${path}`, who: who ?? "signed out", status, cacheControl });
        if (type === "mutation") await w.ensure();
      }
    }
    expect(problems(seen, () => undefined)).toEqual([]);
    expect(seen.filter((s) => s.who !== "signed out" && s.status === 200).length).toBeGreaterThan(5);
  });
});

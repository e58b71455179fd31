import { Hono } from "hono";
import { blankSessionCookie, sessionCookie } from "../../auth/session";
import { actingUser, jsonBody, requireUser } from "../../http/rest-helpers";
import { serviceContext } from "../../http/rest-context";
import type { HonoEnv } from "../../http/types";
import { unauthorized } from "../../lib/errors";
import * as auth from "./service";

/** SPEC.md §7 auth calls, as thin adapters over the auth service. */
export const authRest = new Hono<HonoEnv>()
  .get("/user", (c) => {
    c.header("Cache-Control", "no-store, no-cache, must-revalidate");
    c.header("Pragma", "no-cache");
    const user = requireUser(c);
    return c.json(auth.toPublicUser(user));
  })
  .post("/register", async (c) => {
    const ctx = serviceContext(c);
    const signedIn = await auth.register(ctx.deps, ctx.db, (await jsonBody(c)) as never, ctx.meta);
    c.header("Set-Cookie", sessionCookie(signedIn.token, signedIn.session.expiresAt, ctx.meta.secure), {
      append: true,
    });
    return c.json(signedIn.user, 201);
  })
  .post("/login", async (c) => {
    const ctx = serviceContext(c);
    const signedIn = await auth.login(ctx.deps, ctx.db, (await jsonBody(c)) as never, ctx.meta);
    c.header("Set-Cookie", sessionCookie(signedIn.token, signedIn.session.expiresAt, ctx.meta.secure), {
      append: true,
    });
    return c.json(signedIn.user);
  })
  .post("/logout", async (c) => {
    const ctx = serviceContext(c);
    const result = await auth.logout(ctx.db, ctx.session);
    c.header("Set-Cookie", blankSessionCookie(ctx.meta.secure), { append: true });
    return c.json(result);
  })
  .put("/users/me/password", async (c) => {
    const user = actingUser(c);
    const ctx = serviceContext(c);
    const session = ctx.session;
    if (!session) throw unauthorized();
    return c.json(await auth.changePassword(ctx.deps, ctx.db, user.id, session.id, (await jsonBody(c)) as never));
  });
// PUT /api/users/me lives in the profile feature (it takes pictures as well as fields).

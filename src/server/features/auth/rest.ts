import { Hono, type MiddlewareHandler } from "hono";
import { changePasswordSchema, loginSchema, registerSchema } from "../../../shared/schemas/auth";
import { serviceContext, signedIn, signedInOnly } from "../../http/rest-context";
import type { HonoEnv } from "../../http/types";
import { body } from "../../http/validate";
import * as auth from "./service";

/** The current user is never cached, not even by an old proxy that ignores no-store. */
const neverCached: MiddlewareHandler<HonoEnv> = async (c, next) => {
  c.header("Cache-Control", "no-store, no-cache, must-revalidate");
  c.header("Pragma", "no-cache");
  await next();
};

/** The sign-in routes (docs/product/api.md#sign-in-and-the-current-user), over the auth service. */
export const authRest = new Hono<HonoEnv>()
  .get("/user", neverCached, signedInOnly, (c) => c.json(auth.me(signedIn(c))))
  .post("/register", body(registerSchema), async (c) =>
    c.json(await auth.register(serviceContext(c), c.req.valid("json")), 201),
  )
  .post("/login", body(loginSchema), async (c) => c.json(await auth.login(serviceContext(c), c.req.valid("json"))))
  .post("/logout", async (c) => c.json(await auth.logout(serviceContext(c))))
  .put("/users/me/password", signedInOnly, body(changePasswordSchema), async (c) =>
    c.json(await auth.changePassword(signedIn(c), c.req.valid("json"))),
  );
// PUT /api/users/me lives in the profile feature (it takes pictures as well as fields).

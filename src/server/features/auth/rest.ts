import { Hono, type MiddlewareHandler } from "hono";
import { changePasswordSchema, loginSchema, registerSchema } from "../../../shared/schemas/auth";
import {
  changeEmailSchema,
  emailTokenParams,
  passwordResetRequestSchema,
  passwordResetSchema,
  passwordResetTokenParams,
} from "../../../shared/schemas/recovery";
import { serviceContext, signedIn, signedInOnly } from "../../http/rest-context";
import type { HonoEnv } from "../../http/types";
import { body, params } from "../../http/validate";
import * as email from "./email-verification";
import * as reset from "./password-reset";
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
  )
  // Password reset and e-mail confirmation (docs/product/api.md#password-reset-and-e-mail).
  .post("/password-reset", body(passwordResetRequestSchema), async (c) =>
    c.json(await reset.requestPasswordReset(serviceContext(c), c.req.valid("json")), 202),
  )
  .post("/password-reset/:token", params(passwordResetTokenParams), body(passwordResetSchema), async (c) =>
    c.json(await reset.resetPassword(serviceContext(c), { ...c.req.valid("json"), ...c.req.valid("param") })),
  )
  .post("/email-verification/:token", params(emailTokenParams), async (c) =>
    c.json(await email.confirmEmail(serviceContext(c), c.req.valid("param"))),
  )
  .get("/users/me/email", neverCached, signedInOnly, async (c) => c.json(await email.emailStatus(signedIn(c))))
  .put("/users/me/email", signedInOnly, body(changeEmailSchema), async (c) =>
    c.json(await email.changeEmail(signedIn(c), c.req.valid("json")), 202),
  )
  .post("/users/me/email/verification", signedInOnly, async (c) =>
    c.json(await email.resendConfirmation(signedIn(c)), 202),
  );
// PUT /api/users/me lives in the profile feature (it takes pictures as well as fields).

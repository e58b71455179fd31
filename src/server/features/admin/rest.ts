import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { ADMINS_ONLY } from "../../../shared/schemas/admin";
import {
  adminFlagDisableBodySchema,
  adminFlagListSchema,
  adminFlagVoidBodySchema,
} from "../../../shared/schemas/fairplay";
import { signedIn } from "../../http/rest-context";
import type { HonoEnv } from "../../http/types";
import { body, idParam, params, query } from "../../http/validate";
import { forbidden } from "../../lib/errors";
import { disableFlaggedUser, dismissFlag, listFlags, voidFlagRecords } from "./flags";

/**
 * Admins only, as adminProcedure does for tRPC: 401 signed out, 403 for everyone else before any
 * parameter or body is read, so a non-admin learns nothing of the inputs.
 */
const adminsOnly: MiddlewareHandler<HonoEnv> = async (c, next) => {
  const { user } = signedIn(c);
  if (!user.isAdmin || user.disabled) throw forbidden(ADMINS_ONLY);
  await next();
};

const flag = params(z.object({ id: idParam("flag") }));

/** The fair-play review queue (docs/product/api.md#fair-play): the tRPC admin.flags twins. */
export const adminRest = new Hono<HonoEnv>()
  .get("/admin/flags", adminsOnly, query(adminFlagListSchema), async (c) =>
    c.json(await listFlags(signedIn(c), c.req.valid("query"))),
  )
  .post("/admin/flags/:id/dismiss", adminsOnly, flag, async (c) =>
    c.json(await dismissFlag(signedIn(c), c.req.valid("param"))),
  )
  .post("/admin/flags/:id/void", adminsOnly, flag, body(adminFlagVoidBodySchema), async (c) =>
    c.json(await voidFlagRecords(signedIn(c), { ...c.req.valid("param"), ...c.req.valid("json") })),
  )
  .post("/admin/flags/:id/disable-user", adminsOnly, flag, body(adminFlagDisableBodySchema), async (c) =>
    c.json(await disableFlaggedUser(signedIn(c), { ...c.req.valid("param"), ...c.req.valid("json") })),
  );

import { Hono } from "hono";
import { jsonBody } from "../../http/rest-helpers";
import { serviceContext, type HonoEnv } from "../../http/types";
import { createSupportRequest } from "./service";

export const supportRest = new Hono<HonoEnv>().post("/support", async (c) => {
  const ctx = serviceContext(c);
  const result = await createSupportRequest(ctx.deps, ctx.db, (await jsonBody(c)) as never, {
    userId: ctx.user?.id ?? null,
    ip: ctx.meta.ip,
  });
  return c.json(result, 201);
});

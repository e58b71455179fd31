import { Hono } from "hono";
import { actingUser, idParam, jsonBody } from "../../http/rest-helpers";
import type { HonoEnv } from "../../http/types";
import * as chat from "./service";

export const chatRest = new Hono<HonoEnv>()
  .get("/challenges/:challengeId/chat", async (c) => {
    const user = actingUser(c);
    const challengeId = idParam(c.req.param("challengeId"), "challenge");
    const { cursor, after, limit } = c.req.query();
    const page = await chat.listMessages(c.get("deps").database.db, user.id, { challengeId, cursor, after, limit });
    // SPEC.md's client reads a plain list; the older-page cursor travels in a header.
    if (page.nextCursor !== null) c.header("X-Next-Cursor", String(page.nextCursor));
    return c.json(page.messages);
  })
  .post("/challenges/:challengeId/chat", async (c) => {
    const user = actingUser(c);
    const challengeId = idParam(c.req.param("challengeId"), "challenge");
    const body = (await jsonBody(c)) as { message?: unknown } | null;
    const message = await chat.sendMessage(c.get("deps"), c.get("deps").database.db, user.id, {
      challengeId,
      message: body?.message as string,
    });
    return c.json(message, 201);
  });

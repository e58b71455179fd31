import { Hono } from "hono";
import { z } from "zod";
import { chatMessageBodySchema, chatPageQuerySchema } from "../../../shared/schemas/chat";
import { signedIn, signedInOnly } from "../../http/rest-context";
import type { HonoEnv } from "../../http/types";
import { body, idParam, params, query } from "../../http/validate";
import * as chat from "./service";

const room = params(z.object({ challengeId: idParam("challenge") }));

/** The chat calls of docs/product/api.md#chat, as thin adapters over the chat service. */
export const chatRest = new Hono<HonoEnv>()
  .get("/challenges/:challengeId/chat", signedInOnly, room, query(chatPageQuerySchema), async (c) => {
    const page = await chat.listMessages(signedIn(c), { ...c.req.valid("param"), ...c.req.valid("query") });
    // The original client reads a plain list; the older-page cursor travels in a header
    // (docs/product/api.md#get-apichallengeschallengeidchat).
    if (page.nextCursor !== null) c.header("X-Next-Cursor", String(page.nextCursor));
    return c.json(page.messages);
  })
  .post("/challenges/:challengeId/chat", signedInOnly, room, body(chatMessageBodySchema), async (c) =>
    c.json(await chat.sendMessage(signedIn(c), { ...c.req.valid("param"), ...c.req.valid("json") }), 201),
  );

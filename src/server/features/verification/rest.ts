import { Hono } from "hono";
import { z } from "zod";
import { reasonBodySchema, restoreBodySchema } from "../../../shared/schemas/verification";
import { signedIn, signedInOnly } from "../../http/rest-context";
import type { HonoEnv } from "../../http/types";
import { body, idParam, params } from "../../http/validate";
import { confirmRecord, disputeRecord, recordHistory, restoreRecord, voidRecord } from "./service";

const record = params(z.object({ id: idParam("birdie") }));

/** Two-key verification and moderation (docs/product/api.md#verification), thin adapters over the service. */
export const verificationRest = new Hono<HonoEnv>()
  .post("/birdies/:id/confirm", signedInOnly, record, async (c) =>
    c.json(await confirmRecord(signedIn(c), c.req.valid("param"))),
  )
  .post("/birdies/:id/dispute", signedInOnly, record, body(reasonBodySchema), async (c) =>
    c.json(await disputeRecord(signedIn(c), { ...c.req.valid("param"), ...c.req.valid("json") })),
  )
  .post("/birdies/:id/void", signedInOnly, record, body(reasonBodySchema), async (c) =>
    c.json(await voidRecord(signedIn(c), { ...c.req.valid("param"), ...c.req.valid("json") })),
  )
  .post("/birdies/:id/restore", signedInOnly, record, body(restoreBodySchema), async (c) =>
    c.json(await restoreRecord(signedIn(c), { ...c.req.valid("param"), ...c.req.valid("json") })),
  )
  .get("/birdies/:id/history", signedInOnly, record, async (c) =>
    c.json(await recordHistory(signedIn(c), c.req.valid("param"))),
  );

import { Hono } from "hono";
import { z } from "zod";
import { signedIn, signedInOnly } from "../../http/rest-context";
import type { HonoEnv } from "../../http/types";
import { idParam, params } from "../../http/validate";
import { calendarIcs, recordsCsv } from "./exports";
import { renderResultsCard } from "./card";
import { challengeResultsOf } from "./final";
import { holeLegends } from "./holes";

const challenge = params(z.object({ id: idParam("challenge") }));

/** A file download: the browser saves it under this name instead of showing it. */
const download = (name: string, type: string) => ({
  "Content-Type": type,
  "Content-Disposition": `attachment; filename="${name}"`,
});

/** Hole legends and a challenge's data to take away (docs/product/api.md#results-and-your-data). */
export const resultsRest = new Hono<HonoEnv>()
  .get("/challenges/:id/holes", signedInOnly, challenge, async (c) =>
    c.json(await holeLegends(signedIn(c), c.req.valid("param"))),
  )
  .get("/challenges/:id/records.csv", signedInOnly, challenge, async (c) => {
    const { id } = c.req.valid("param");
    const csv = await recordsCsv(signedIn(c), { id });
    return c.body(csv, 200, download(`challenge-${id}-records.csv`, "text/csv; charset=utf-8; header=present"));
  })
  .get("/challenges/:id/calendar.ics", signedInOnly, challenge, async (c) => {
    const { id } = c.req.valid("param");
    const ics = await calendarIcs(signedIn(c), { id });
    return c.body(ics, 200, download(`challenge-${id}.ics`, "text/calendar; charset=utf-8"));
  })
  .get("/challenges/:id/results", signedInOnly, challenge, async (c) =>
    c.json(await challengeResultsOf(signedIn(c), c.req.valid("param"))),
  )
  .get("/challenges/:id/results/card.png", signedInOnly, challenge, async (c) => {
    const { id } = c.req.valid("param");
    const png = await renderResultsCard(await challengeResultsOf(signedIn(c), { id }));
    return c.body(png, 200, {
      "Content-Type": "image/png",
      "Content-Disposition": `inline; filename="challenge-${id}-results.png"`,
    });
  });

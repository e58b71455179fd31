import { Hono } from "hono";
import { deleteAccountSchema } from "../../../shared/schemas/account";
import { signedIn, signedInOnly } from "../../http/rest-context";
import type { HonoEnv } from "../../http/types";
import { body } from "../../http/validate";
import { deleteAccount } from "./deletion";
import { exportAccount } from "./export";

/** The golfer's own data and account (docs/product/api.md#results-and-your-data). */
export const accountRest = new Hono<HonoEnv>()
  .get("/users/me/export", signedInOnly, async (c) => {
    const data = await exportAccount(signedIn(c));
    c.header("Content-Disposition", `attachment; filename="birdie-challenge-export-${data.userId}.json"`);
    return c.json(data);
  })
  .delete("/users/me", signedInOnly, body(deleteAccountSchema), async (c) =>
    c.json(await deleteAccount(signedIn(c), c.req.valid("json"))),
  );

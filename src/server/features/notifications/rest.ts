import { Hono } from "hono";
import {
  markNotificationsReadSchema,
  notificationListSchema,
  notificationSettingsSchema,
} from "../../../shared/schemas/notifications";
import { signedIn, signedInOnly } from "../../http/rest-context";
import type { HonoEnv } from "../../http/types";
import { body, query } from "../../http/validate";
import {
  getNotificationSettings,
  listNotifications,
  markNotificationsRead,
  updateNotificationSettings,
} from "./service";

export const notificationsRest = new Hono<HonoEnv>()
  .get("/notifications", signedInOnly, query(notificationListSchema), async (c) =>
    c.json(await listNotifications(signedIn(c), c.req.valid("query"))),
  )
  .post("/notifications/read", signedInOnly, body(markNotificationsReadSchema), async (c) =>
    c.json(await markNotificationsRead(signedIn(c), c.req.valid("json"))),
  )
  .get("/users/me/notification-settings", signedInOnly, async (c) => c.json(await getNotificationSettings(signedIn(c))))
  .put("/users/me/notification-settings", signedInOnly, body(notificationSettingsSchema), async (c) =>
    c.json(await updateNotificationSettings(signedIn(c), c.req.valid("json"))),
  );

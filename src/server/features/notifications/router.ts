import {
  markNotificationsReadSchema,
  notificationListSchema,
  notificationSettingsSchema,
} from "../../../shared/schemas/notifications";
import { protectedProcedure, router } from "../../trpc/init";
import {
  getNotificationSettings,
  listNotifications,
  markNotificationsRead,
  updateNotificationSettings,
} from "./service";

export const notificationsRouter = router({
  list: protectedProcedure.input(notificationListSchema).query(({ ctx, input }) => listNotifications(ctx, input)),
  markRead: protectedProcedure
    .input(markNotificationsReadSchema)
    .mutation(({ ctx, input }) => markNotificationsRead(ctx, input)),
  settings: protectedProcedure.query(({ ctx }) => getNotificationSettings(ctx)),
  updateSettings: protectedProcedure
    .input(notificationSettingsSchema)
    .mutation(({ ctx, input }) => updateNotificationSettings(ctx, input)),
});

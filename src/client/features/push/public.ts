// What other features may use from push.

/** Settings places the per-device push toggle among its notification settings. */
export { PushNotificationsToggle } from "./components/push-notifications-toggle";

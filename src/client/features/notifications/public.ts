// What other client features and the app shell use from notifications.
export { NotificationBell } from "./components/notification-bell";
export { NotificationSettingsForm } from "./components/notification-settings-form";

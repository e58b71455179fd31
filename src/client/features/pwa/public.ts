// What other features and the app shell may use from pwa.

/** The dashboard offers installing the app. */
export { InstallAppCard } from "./components/install-app-card";
/** The signed-in layout shows 'New version available'. */
export { UpdatePrompt } from "./components/update-prompt";
/** main.tsx starts both before the first render (the install prompt event fires once, early). */
export { captureInstallPrompt } from "./lib/install-prompt";
export { registerServiceWorker } from "./lib/service-worker";

import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { captureInstallPrompt } from "./features/pwa/lib/install-prompt";
import { registerServiceWorker } from "./features/pwa/lib/service-worker";
import { initTheme } from "./lib/theme";
import "./styles.css";

initTheme();
// Before the first render: the install prompt event can fire early and only once.
captureInstallPrompt();
registerServiceWorker();

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element in index.html");

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

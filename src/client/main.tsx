import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { captureInstallPrompt, registerServiceWorker } from "./features/pwa/public";
import { mountAnnouncer } from "./lib/announce";
import { keepKeyboardFocusInView } from "./lib/focus";
import { initTheme } from "./lib/theme";
import { firstPaintData } from "./lib/first-paint";
import { startHistory } from "./lib/router";
import { startDashboardLoad } from "./features/dashboard/public";
import { startChallengeLoad } from "./features/challenges/public";
import { challengePageId } from "../shared/domain/page-data";
import "./styles.css";

// Before anything else: the dashboard's data loads beside the page's chunks (the HTML preloads it
// when the server knew the golfer; without that page data, a cached shell, it may still be ours).
if (window.location.pathname === "/" && firstPaintData()?.user !== null) startDashboardLoad();
// A challenge's data likewise, only when the server's HTML named the golfer (a cached shell may be
// opened offline or signed out: the page then asks as before).
const challengeId = challengePageId(window.location.pathname);
if (challengeId !== null && firstPaintData()?.user) startChallengeLoad(challengeId);
initTheme();
startHistory();
mountAnnouncer();
keepKeyboardFocusInView();
// Before the first render: the install prompt event can fire early and only once.
captureInstallPrompt();
registerServiceWorker();

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element in index.html");

// The first render as a transition: React then renders in slices of a few milliseconds and lets
// the browser in between, instead of one long task that blocks a phone's main thread while the
// page fills (Lighthouse's Total Blocking Time; ADR 0052).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

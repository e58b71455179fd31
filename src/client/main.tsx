import { StrictMode, startTransition } from "react";
import { App } from "./app/app";
import { preloadFirstScreen } from "./app/router";
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
// A challenge's data likewise, only when the server's HTML named the golfer (a cached shell may be
// opened offline or signed out: the page then asks as before).
// From a microtask, right after this module has run and before any render: a request made while
// the entry chunk's body is on the stack makes DevTools (Lighthouse, a profiler) record that stack,
// and V8 then re-parses the whole chunk for its source positions, ~70-100 ms of a 4x-slowed phone's
// main thread inside the entry's long task (ADR 0059).
queueMicrotask(() => {
  if (window.location.pathname === "/" && firstPaintData()?.user !== null) startDashboardLoad();
  const challengeId = challengePageId(window.location.pathname);
  if (challengeId !== null && firstPaintData()?.user) startChallengeLoad(challengeId);
});
initTheme();
startHistory();
// A task of its own, after this one: the region must exist before the first announcement (a
// navigation, well after the first render), not inside the entry's long task (issue 19, TBT).
setTimeout(mountAnnouncer, 0);
keepKeyboardFocusInView();
// Before the first render: the install prompt event can fire early and only once.
captureInstallPrompt();
registerServiceWorker();

// React's DOM renderer, asked for now (the HTML modulepreloads its chunk) and evaluated in a task
// of its own once this one is over: evaluated with the app it was about half of one long task that
// blocked a phone's main thread before anything could render (issue 19, Total Blocking Time; ADR
// 0065). Nothing renders before both have run either way.
const loadingRenderer = import("react-dom/client");

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element in index.html");

/** Once React has committed the page: a first screen that came as HTML takes input from then on. */
function adopted() {
  container?.removeAttribute("inert");
}

const app = (
  <StrictMode>
    <App onCommitted={adopted} />
  </StrictMode>
);
// The page's first screen came as HTML from the server. The sign-in page's (ADR 0054), built before
// anyone asked, is adopted by React (hydration keeps the nodes the phone already painted). A
// signed-in golfer's (ADR 0055) is painted, then replaced by the app's own first render, which
// commits over it at once when done: hydrating it would be one long task after the paint (every
// page's components at once, a phone's main thread blocked), and data that came half-way through
// would not match the loading state the server rendered.
const hydrating =
  container.dataset.firstScreen === window.location.pathname && firstPaintData()?.user === null
    ? preloadFirstScreen(window.location.pathname)
    : null;
void loadingRenderer.then(({ createRoot, hydrateRoot }) => {
  if (hydrating !== null) {
    // The page's chunk is modulepreloaded with the HTML: this waits for its evaluation, not the network.
    // A chunk that failed to load leaves React.lazy to try again while hydrating. Hydrated as a
    // transition, in slices like the other first renders (ADR 0068).
    void hydrating
      .catch(() => {})
      .then(() =>
        startTransition(() => {
          hydrateRoot(container, app);
        }),
      );
  } else {
    // The first render as a transition: React then renders in slices of a few milliseconds and lets
    // the browser in between, instead of one long task that blocks a phone's main thread while the
    // page fills (Lighthouse's Total Blocking Time; ADR 0052). What the server painted stays on screen
    // until the render commits.
    const root = createRoot(container);
    startTransition(() => {
      root.render(app);
    });
  }
});

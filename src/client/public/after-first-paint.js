// Starts the app once the browser has painted the page's first screen, which the server sent as
// HTML (ADR 0054: the sign-in page, built ahead; ADR 0055: a signed-in golfer's page, rendered per
// request). As a module script (or a modulepreload) in the HTML the entry would download beside the
// stylesheet and run as soon as it arrived, often before the first frame, and the painted page
// would wait for the app's first long task. "Painted" is the browser's own first-contentful-paint
// entry, which is reported once the frame is presented (a requestAnimationFrame can run before
// that). A separate file because the CSP forbids inline scripts; kept tiny and dependency-free.
(() => {
  var started = false;
  function start() {
    var entry = document.querySelector('meta[name="app-entry"]');
    if (started || !entry) return;
    started = true;
    // The chunks the entry will ask for (React's renderer among them), fetched beside it.
    var preloads = document.querySelectorAll('meta[name="app-preload"]');
    for (var i = 0; i < preloads.length; i++) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = preloads[i].getAttribute("content");
      document.head.appendChild(link);
    }
    var script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = entry.getAttribute("content");
    document.head.appendChild(script);
  }
  // A hidden tab paints nothing: start at once.
  if (document.visibilityState === "hidden") return start();
  try {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: "paint", buffered: true });
  } catch (e) {
    // No paint timing in this browser: the frame after the next one.
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
  }
  // Whatever happens to the paint, the app starts.
  setTimeout(start, 1000);
})();

// Runs before the app bundle so the page never flashes the wrong theme. Mirrors src/client/lib/theme.ts
// (key "theme", values light | dark | system); kept tiny and dependency-free on purpose.
(() => {
  var choice = "system";
  try {
    var stored = localStorage.getItem("theme");
    if (stored === "light" || stored === "dark" || stored === "system") choice = stored;
  } catch (e) {
    // Storage can be blocked (private mode, policies): fall back to the OS preference.
  }
  var dark =
    choice === "dark" ||
    (choice === "system" && window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.setAttribute("data-theme", dark ? "dark" : "light");
})();

// Initial-load budget (issues 9 and 19): the JavaScript a first visit downloads before the app
// renders (entry script, every modulepreload'ed chunk and whatever they import statically) must
// stay under 120 KB gzipped; route pages are lazy chunks and do not count. CSS is reported
// alongside. Measured 145.7 KB with react-router, 117.1 KB once wouter replaced it (ADR 0047).
// Also fails when the dashboard, a challenge's page or a board loads zod up front (ADR 0048).
//   bun scripts/check-bundle-size.ts [path/to/index.html | build folder]
// Without an argument: $BUILD_OUT_DIR, else dist/client. Run `bun run build` first.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Manifest, staticChunkFiles } from "../src/server/http/first-paint";
import { formatKb, KB, parseInitialAssets, resolveAssetPath, staticImportsOf } from "./bundle-size-lib";

const BUDGET_JS_GZIP = 120 * KB;

function indexPathFromArgs(): string {
  const given = process.argv[2] ?? process.env.BUILD_OUT_DIR ?? join(import.meta.dir, "..", "dist", "client");
  const path = resolve(given);
  const isFolder = existsSync(path) ? statSync(path).isDirectory() : !path.endsWith(".html");
  return isFolder ? join(path, "index.html") : path;
}

const indexPath = indexPathFromArgs();
if (!existsSync(indexPath)) {
  console.error(`No built index.html at ${indexPath}: run \`bun run build\` first (or pass the build folder).`);
  process.exit(2);
}
const root = resolve(indexPath, "..");
const assets = parseInitialAssets(readFileSync(indexPath, "utf8"));

type Row = { path: string; kind: "js" | "css"; via: string; raw: number; gzip: number };
const rows: Row[] = [];
const seen = new Set<string>();

function fileOf(urlPath: string): string {
  return join(root, decodeURIComponent(urlPath.replace(/^\//, "").split(/[?#]/)[0] ?? ""));
}

function add(urlPath: string, kind: Row["kind"], via: string, followImports: boolean) {
  if (/^[a-z]+:\/\//i.test(urlPath) || urlPath.startsWith("//")) return; // another origin: not ours to budget
  const path = urlPath.startsWith("/") ? urlPath : `/${urlPath}`;
  if (seen.has(path)) return;
  seen.add(path);
  const file = fileOf(path);
  if (!existsSync(file)) {
    console.error(`index.html refers to ${path}, which is not in ${root}`);
    process.exit(2);
  }
  const bytes = readFileSync(file);
  rows.push({ path, kind, via, raw: bytes.byteLength, gzip: Bun.gzipSync(bytes).byteLength });
  if (followImports) followStaticImports(path, bytes.toString("utf8"));
}

// Static imports load before the importing module runs, preloaded or not (Vite preloads them all
// today; this catches a chunk that slips onto the critical path without a preload).
function followStaticImports(path: string, code: string) {
  for (const specifier of staticImportsOf(code)) add(resolveAssetPath(path, specifier), "js", "static import", true);
}

for (const src of assets.scripts) add(src, "js", "script", false);
for (const href of assets.modulepreloads) add(href, "js", "modulepreload", false);
for (const href of assets.styles) add(href, "css", "stylesheet", false);
for (const row of [...rows])
  if (row.kind === "js") followStaticImports(row.path, readFileSync(fileOf(row.path), "utf8"));

if (!rows.some((r) => r.kind === "js")) {
  console.error(`No entry script found in ${indexPath}.`);
  process.exit(2);
}

const sum = (kind: Row["kind"], key: "raw" | "gzip") =>
  rows.filter((r) => r.kind === kind).reduce((total, r) => total + r[key], 0);
const width = Math.max(...rows.map((r) => r.path.length), 10);
const line = (cells: string[]) =>
  console.log(
    `${cells[0]!.padEnd(width)}  ${cells[1]!.padEnd(14)}  ${cells[2]!.padStart(11)}  ${cells[3]!.padStart(11)}`,
  );

console.log(`Initial load of ${indexPath}`);
line(["file", "loaded by", "raw", "gzip"]);
for (const r of rows.sort((a, b) => (a.kind === b.kind ? b.gzip - a.gzip : a.kind === "js" ? -1 : 1)))
  line([r.path, r.via, formatKb(r.raw), formatKb(r.gzip)]);
line(["total JS", "", formatKb(sum("js", "raw")), formatKb(sum("js", "gzip"))]);
line(["total CSS", "", formatKb(sum("css", "raw")), formatKb(sum("css", "gzip"))]);
line(["total", "", formatKb(sum("js", "raw") + sum("css", "raw")), formatKb(sum("js", "gzip") + sum("css", "gzip"))]);

// Pages that only show and count load no zod (ADR 0048): a shared chunk that took in one form
// helper once made every page download and evaluate zod and the schemas (~24 KB gzipped).
// zod's chunk is the one with its issue codes; our code never spells this one. A challenge's page
// has forms (invite by e-mail, chat) but loads their checks only when they are used. The chat card,
// loaded after the first paint of the dashboard and a challenge's page, checks a message without
// zod (it took in the whole chat schema once, through three size constants).
const ZOD_MARKER = "invalid_type";
const SCREENS_WITHOUT_ZOD = [
  "features/dashboard/routes/dashboard-page.tsx",
  "features/challenges/routes/challenge-detail-page.tsx",
  "features/leaderboards/routes/global-leaderboard-page.tsx",
  "features/leaderboards/routes/challenge-leaderboard-page.tsx",
  "features/chat/components/challenge-chat-card.tsx",
];
const manifestPath = join(root, ".vite", "manifest.json");
const manifest: Manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, "utf8")) : {};
const pagesWithZod: string[] = [];
for (const page of SCREENS_WITHOUT_ZOD) {
  if (!manifest[page]) {
    console.error(`${manifestPath} has no ${page}: build with \`bun run build\` (manifest: true).`);
    process.exit(2);
  }
  const withZod = [...staticChunkFiles(manifest, page)].filter((file) =>
    readFileSync(join(root, file), "utf8").includes(ZOD_MARKER),
  );
  if (withZod.length) pagesWithZod.push(`${page} loads zod in ${withZod.join(", ")}`);
}

const jsGzip = sum("js", "gzip");
if (pagesWithZod.length) {
  console.error(`\nFAIL: screens that check nothing with zod load it (ADR 0048):\n  ${pagesWithZod.join("\n  ")}`);
  process.exit(1);
}
if (jsGzip > BUDGET_JS_GZIP) {
  console.error(
    `\nFAIL: initial JS is ${formatKb(jsGzip)} gzipped, over the ${formatKb(BUDGET_JS_GZIP)} budget. Code-split (lazy routes, dynamic imports) to get back under.`,
  );
  process.exit(1);
}
console.log(
  `\nOK: initial JS ${formatKb(jsGzip)} gzipped, within the ${formatKb(BUDGET_JS_GZIP)} budget (${formatKb(BUDGET_JS_GZIP - jsGzip)} to spare).`,
);

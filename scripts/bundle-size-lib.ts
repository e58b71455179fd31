// Pure helpers for scripts/check-bundle-size.ts (unit-tested in src/tooling/bundle-size.test.ts):
// which files a built index.html makes the browser fetch before the first render.

export type InitialAssets = {
  /** <script src> entries, classic and module, in document order. */
  scripts: string[];
  /** <link rel="modulepreload"> chunks. */
  modulepreloads: string[];
  /** <link rel="stylesheet"> sheets. */
  styles: string[];
};

/** Attributes of one tag as a map (names lower-cased; valueless attributes map to ""). */
export function parseAttributes(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const body = tag.replace(/^<\s*[\w-]+/, "").replace(/\/?>$/, "");
  for (const match of body.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    const name = match[1]?.toLowerCase();
    if (name) attributes[name] = match[2] ?? match[3] ?? match[4] ?? "";
  }
  return attributes;
}

/** Scripts, module preloads and style sheets the page loads up front (HTML comments ignored). */
export function parseInitialAssets(html: string): InitialAssets {
  const source = html.replace(/<!--[\s\S]*?-->/g, "");
  const assets: InitialAssets = { scripts: [], modulepreloads: [], styles: [] };
  for (const match of source.matchAll(/<script\b[^>]*>/gi)) {
    const { src } = parseAttributes(match[0]);
    if (src) assets.scripts.push(src);
  }
  for (const match of source.matchAll(/<link\b[^>]*>/gi)) {
    const { rel = "", href } = parseAttributes(match[0]);
    if (!href) continue;
    const rels = rel.toLowerCase().split(/\s+/);
    if (rels.includes("modulepreload")) assets.modulepreloads.push(href);
    else if (rels.includes("stylesheet")) assets.styles.push(href);
  }
  return assets;
}

/**
 * Relative specifiers of the static imports of a (minified) ES module: `import x from "./a.js"`,
 * `import "./b.js"`, `export * from "./c.js"`. Dynamic `import("./d.js")` is a lazy chunk, not
 * part of the first load, so it is left out. Only relative paths: bare names cannot be fetched.
 */
export function staticImportsOf(code: string): string[] {
  const found = new Set<string>();
  const pattern = /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
  for (const match of code.matchAll(pattern)) if (match[1]) found.add(match[1]);
  return [...found];
}

/** Resolves `specifier` against the URL path of the module that imports it ("/assets/a.js"). */
export function resolveAssetPath(fromPath: string, specifier: string): string {
  return new URL(specifier, `http://bundle${fromPath}`).pathname;
}

export const KB = 1024;

export function formatKb(bytes: number): string {
  return `${(bytes / KB).toFixed(2)} KB`;
}

import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

// Comments cite the repo's own docs (docs/product, docs/decisions), never files outside it (issue 14):
// a reader of the repo cannot open the product notes that lived beside it. And a citation to a
// heading must keep resolving when the docs are edited, or it rots into a dead link.

const ROOT = join(import.meta.dir, "../../../..");
const SCANNED = ["src", "e2e", "bench", "scripts"];
const SOURCE_FILES = new Bun.Glob("**/*.{ts,tsx,js,mjs,cjs,sh,css,html}");

// The product notes that lived beside the repo, the spec and the decisions file, by their upper-case
// names: as files, as sections ("§2") and bare ("the ... messages"). The "...-era" compound names a
// time, not a file. Built from pieces so this file does not match its own pattern.
const OUTSIDE_NOTES = new RegExp(`\\b(${["SP", "EC"].join("")}|${["DECI", "SIONS"].join("")})\\b(?!-)`);
const DOC_CITATION = /docs\/(product|decisions)\/([\w.-]+\.md)(?:#([\w-]+))?/g;

type Line = { where: string; text: string };

function sourceLines(): Line[] {
  const lines: Line[] = [];
  for (const dir of SCANNED) {
    for (const path of SOURCE_FILES.scanSync({ cwd: join(ROOT, dir), dot: false })) {
      if (path.includes("node_modules/") || path.startsWith("tmp/")) continue;
      const file = join(ROOT, dir, path);
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((text, i) => {
          lines.push({ where: `${relative(ROOT, file)}:${i + 1}`, text });
        });
    }
  }
  return lines;
}

/** GitHub's heading anchor: rendered text lowercased, punctuation dropped, spaces to '-'; repeats get -1, -2. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/<[^>]+>/g, "");
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const lines = sourceLines();

describe("citations in src, e2e, bench and scripts", () => {
  test("the scan sees the code base", () => {
    // A broken root or glob would make every check below pass on nothing.
    expect(lines.some((l) => l.where.startsWith("src/server/") && l.text.includes("docs/product/"))).toBe(true);
  });

  test("cite no product notes outside the repo", () => {
    const offending = lines.filter((l) => OUTSIDE_NOTES.test(l.text)).map((l) => `${l.where}: ${l.text.trim()}`);
    expect(offending).toEqual([]);
  });

  test("every cited docs file and heading exists", () => {
    const anchorsByFile = new Map<string, Set<string> | null>();
    const broken: string[] = [];
    for (const line of lines) {
      for (const [, folder, file, anchor] of line.text.matchAll(DOC_CITATION)) {
        const path = `docs/${folder}/${file}`;
        if (!anchorsByFile.has(path)) {
          const full = join(ROOT, path);
          anchorsByFile.set(path, existsSync(full) ? headingAnchors(readFileSync(full, "utf8")) : null);
        }
        const anchors = anchorsByFile.get(path);
        if (!anchors) broken.push(`${line.where}: ${path} does not exist`);
        else if (anchor && !anchors.has(anchor)) broken.push(`${line.where}: ${path} has no heading #${anchor}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe("headingAnchors", () => {
  test("follows GitHub's slugs for code, punctuation and repeated headings", () => {
    const doc = [
      "# Product rules",
      "### `?userId=` and `/users/{id}/...`",
      "### `GET /api/challenges/:challengeId/chat`",
      "## Sessions, CSRF and rate limits",
      "```",
      "# not a heading",
      "```",
      "### Dashboard",
      "### Dashboard",
    ].join("\n");
    expect([...headingAnchors(doc)]).toEqual([
      "product-rules",
      "userid-and-usersid",
      "get-apichallengeschallengeidchat",
      "sessions-csrf-and-rate-limits",
      "dashboard",
      "dashboard-1",
    ]);
  });
});

import { describe, expect, test } from "bun:test";
import {
  formatKb,
  parseAttributes,
  parseInitialAssets,
  resolveAssetPath,
  staticImportsOf,
} from "../../scripts/bundle-size-lib";

const BUILT_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <!-- <script src="/commented-out.js"></script> -->
    <script src="/theme-boot.js"></script>
    <script type="module" crossorigin src="/assets/index-BB5S9fbB.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-DyZJNswf.js">
    <link rel=modulepreload href='/assets/hooks-Byhy9UKI.js' />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <link rel="stylesheet" crossorigin href="/assets/index-Cn85JUKW.css">
    <link rel="manifest" href="/manifest.webmanifest">
  </head>
  <body><div id="root"></div><script>console.log("inline")</script></body>
</html>`;

describe("parseInitialAssets", () => {
  test("finds the scripts, module preloads and style sheets, skipping comments, inline scripts and other links", () => {
    expect(parseInitialAssets(BUILT_INDEX)).toEqual({
      scripts: ["/theme-boot.js", "/assets/index-BB5S9fbB.js"],
      modulepreloads: ["/assets/jsx-runtime-DyZJNswf.js", "/assets/hooks-Byhy9UKI.js"],
      styles: ["/assets/index-Cn85JUKW.css"],
    });
  });

  test("an index without assets yields empty lists", () => {
    expect(parseInitialAssets("<html><body></body></html>")).toEqual({ scripts: [], modulepreloads: [], styles: [] });
  });
});

describe("parseAttributes", () => {
  test("reads double-quoted, single-quoted, bare and valueless attributes", () => {
    expect(parseAttributes(`<script type="module" crossorigin src='/a.js' data-x=1>`)).toEqual({
      type: "module",
      crossorigin: "",
      src: "/a.js",
      "data-x": "1",
    });
  });
});

describe("staticImportsOf", () => {
  test("lists static imports and re-exports of a minified chunk, not dynamic imports or bare names", () => {
    const code = `import{a as e,b as t}from"./jsx-runtime-DyZJNswf.js";import"./side-effect.js";import*as n from"../x/ns.js";export*from"./re.js";import r from"react";const o=()=>import("./lazy-page.js");`;
    expect(staticImportsOf(code)).toEqual(["./jsx-runtime-DyZJNswf.js", "./side-effect.js", "../x/ns.js", "./re.js"]);
  });

  test("a property named import is not an import", () => {
    expect(staticImportsOf(`x.import"./nope.js"`)).toEqual([]);
  });
});

test("resolveAssetPath and formatKb", () => {
  expect(resolveAssetPath("/assets/index.js", "./hooks.js")).toBe("/assets/hooks.js");
  expect(resolveAssetPath("/assets/deep/a.js", "../b.js")).toBe("/assets/b.js");
  expect(formatKb(170 * 1024)).toBe("170.00 KB");
});

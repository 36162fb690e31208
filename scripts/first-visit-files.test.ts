import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { firstVisitFiles } from "./first-visit-files";

let directory: string;
afterEach(() => rmSync(directory, { recursive: true, force: true }));

function site(files: Record<string, string>): string {
  directory = mkdtempSync(join(tmpdir(), "first-visit-"));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(directory, name, ".."), { recursive: true });
    writeFileSync(join(directory, name), content);
  }
  return directory;
}

/** The start script's settings as the build writes them: JSON in an attribute, its quotes escaped. */
function startAttribute(config: object): string {
  return JSON.stringify(config).replaceAll("&", "&amp;").replaceAll('"', "&quot;");
}

describe("firstVisitFiles", () => {
  it("finds what the page loads, what its start script fetches and what those scripts import at once", () => {
    const config = {
      wasmUrl: "./assets/sql-wasm-abc.wasm",
      workerUrl: "./assets/sqlite.worker-abc.js",
      manifestUrl: "./samples/manifest.json",
      firstSample: {
        file: "bookshop.sqlite",
        url: "./samples/bookshop.sqlite",
        headUrl: "./assets/bookshop-head-abc.sqlite",
        schema: { note: 'a "quoted" & escaped text' },
      },
    };
    const root = site({
      "index.html": `<!doctype html><html><head><script data-start="${startAttribute(config)}">start()</script>
        <script type="module" crossorigin src="./assets/index-abc.js"></script>
        <link rel="modulepreload" crossorigin href="./assets/app-abc.js">
        <link rel="stylesheet" crossorigin href="/assets/app-abc.css">
        <link rel="icon" href="data:image/svg+xml,x"><a href="https://example.com/x.js">x</a></head></html>`,
      "assets/index-abc.js": `import"./app-abc.js";`,
      "assets/app-abc.js": `import{a}from"./runtime-abc.js";const grid=()=>import("./grid-abc.js");`,
      "assets/runtime-abc.js": "export const a=1;",
      "assets/grid-abc.js": `import"./virtual-abc.js";`,
      "assets/virtual-abc.js": "export {};",
      "assets/app-abc.css": "body{}",
      "assets/sql-wasm-abc.wasm": "wasm",
      "assets/sqlite.worker-abc.js": "import(`./sqlite-worker-main-abc.js`).then(()=>{});",
      "assets/sqlite-worker-main-abc.js": `import"./worker-shared-abc.js";const later=()=>import("./worker-later-abc.js");`,
      "assets/worker-shared-abc.js": "export {};",
      "assets/worker-later-abc.js": "export {};",
      "assets/bookshop-head-abc.sqlite": "head",
      "samples/manifest.json": "[]",
      "samples/bookshop.sqlite": "whole",
    });
    expect([...firstVisitFiles(root)].sort()).toEqual(
      [
        "assets/app-abc.css",
        "assets/app-abc.js",
        "assets/bookshop-head-abc.sqlite",
        "assets/index-abc.js",
        "assets/runtime-abc.js",
        "assets/sql-wasm-abc.wasm",
        "assets/sqlite-worker-main-abc.js",
        "assets/sqlite.worker-abc.js",
        "assets/worker-shared-abc.js",
        "index.html",
        "samples/manifest.json",
      ].sort(),
    );
  });

  it("skips files the page names that the site lacks, and finds nothing without a page", () => {
    const root = site({
      "index.html": '<script type="module" src="./assets/gone.js"></script><link rel="stylesheet" href="./assets/app.css">',
      "assets/app.css": "a{}",
    });
    expect([...firstVisitFiles(root)].sort()).toEqual(["assets/app.css", "index.html"]);
    rmSync(join(root, "index.html"));
    expect(firstVisitFiles(root).size).toBe(0);
  });
});

import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { precompressedCopy, precompressDirectory } from "./precompress";

let directory: string;
afterEach(() => rmSync(directory, { recursive: true, force: true }));

function site(files: Record<string, Buffer | string>): string {
  directory = mkdtempSync(join(tmpdir(), "precompress-"));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(directory, name, ".."), { recursive: true });
    writeFileSync(join(directory, name), content);
  }
  return directory;
}

describe("precompressDirectory", () => {
  it("writes brotli and gzip copies that decode to the file, in sub-folders too", async () => {
    const script = "export const rows = [" + Array.from({ length: 500 }, (_, index) => `{ id: ${index}, title: "Book ${index}" }`).join(", ") + "];\n";
    const root = site({ "assets/index-abc.js": script, "samples/manifest.json": JSON.stringify({ samples: script }) });
    expect(await precompressDirectory(root)).toBe(4);
    expect(brotliDecompressSync(readFileSync(join(root, "assets/index-abc.js.br"))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(root, "assets/index-abc.js.gz"))).toString()).toBe(script);
    expect(existsSync(join(root, "samples/manifest.json.br"))).toBe(true);
  });

  it("gives the files named best brotli's best level and window, the others the quicker level", async () => {
    const script =
      "export const rows = [" +
      Array.from({ length: 3000 }, (_, index) => `{ id: ${index}, title: "Book ${index % 97}", price: ${(index * 7) % 113} }`).join(", ") +
      "];\n";
    const root = site({ "assets/app-abc.js": script, "assets/later-abc.js": script });
    await precompressDirectory(root, { best: (path) => path === "assets/app-abc.js" });
    const brotli = (quality: number, window?: number) =>
      brotliCompressSync(script, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          ...(window ? { [constants.BROTLI_PARAM_LGWIN]: window } : {}),
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(script),
        },
      });
    expect(brotli(11, 24).byteLength).toBeLessThan(brotli(9).byteLength);
    expect(readFileSync(join(root, "assets/app-abc.js.br")).equals(brotli(11, 24))).toBe(true);
    expect(readFileSync(join(root, "assets/later-abc.js.br")).equals(brotli(9))).toBe(true);
    expect(brotliDecompressSync(readFileSync(join(root, "assets/app-abc.js.br"))).toString()).toBe(script);
  });

  it("leaves tiny files, files that do not shrink and unknown types alone", async () => {
    const root = site({ "tiny.js": "export {};\n", "noise.wasm": randomBytes(64 * 1024), "notes.md": "# Notes\n".repeat(1000) });
    expect(await precompressDirectory(root)).toBe(0);
    expect(existsSync(join(root, "tiny.js.gz"))).toBe(false);
    expect(existsSync(join(root, "noise.wasm.br"))).toBe(false);
    expect(existsSync(join(root, "notes.md.gz"))).toBe(false);
  });
});

describe("precompressedCopy", () => {
  it("prefers brotli, falls back to gzip, and keeps the file's own type", () => {
    const root = site({ "app.wasm": "w", "app.wasm.br": "b", "app.wasm.gz": "g" });
    const file = join(root, "app.wasm");
    expect(precompressedCopy(file, "gzip, deflate, br")).toEqual({ path: `${file}.br`, encoding: "br", contentType: "application/wasm" });
    expect(precompressedCopy(file, "gzip")).toEqual({ path: `${file}.gz`, encoding: "gzip", contentType: "application/wasm" });
    expect(precompressedCopy(file, "br;q=0, gzip")?.encoding).toBe("gzip");
    expect(precompressedCopy(file, "")).toBeNull();
  });

  it("offers nothing for a file without copies or of a type it does not compress", () => {
    const root = site({ "page.html": "<p>", "data.dat": "x", "data.dat.gz": "g" });
    expect(precompressedCopy(join(root, "page.html"), "br, gzip")).toBeNull();
    expect(precompressedCopy(join(root, "data.dat"), "gzip")).toBeNull();
  });
});

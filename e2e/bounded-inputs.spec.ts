// Inputs from outside stay within stated bounds: trace files (size, turns, nesting, a duplicate id) and databases
// from a URL (scheme, size announced or streamed, the real cause of a failure). A wide result: wide-result.spec.ts.
import { writeFile } from "node:fs/promises";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { alertWith, databaseBytes, openApp, runSql } from "./helpers";
import { TRACE } from "./sample-trace";

async function importTrace(page: Page, name: string, buffer: Buffer): Promise<void> {
  await page.getByLabel("Trace file").setInputFiles({ name, mimeType: "application/json", buffer });
}

const historyCount = (page: Page) => page.getByRole("complementary", { name: "Agent trace" }).getByText(/^History \(\d+\)$/);

test("trace files: a duplicate id asks Replace, Keep both or Cancel; too large or too deep is refused with the limit", async ({ page }) => {
  await openApp(page);
  const json = Buffer.from(JSON.stringify(TRACE));
  await importTrace(page, "trace.json", json);
  await expect(page.getByRole("heading", { name: TRACE.question })).toBeVisible();
  await expect(historyCount(page)).toHaveText("History (1)");

  await importTrace(page, "trace.json", json);
  const dialog = page.getByRole("dialog", { name: "This trace is already in History" });
  await expect(dialog).toContainText("trace-imported");
  await page.screenshot({ path: "test-results/duplicate-trace-dialog.png" });
  await dialog.getByRole("button", { name: "Keep both" }).click();
  await expect(historyCount(page)).toHaveText("History (2)");

  await importTrace(page, "trace.json", json);
  await dialog.getByRole("button", { name: "Replace" }).click();
  await expect(dialog).toBeHidden();
  await expect(historyCount(page)).toHaveText("History (2)");

  await importTrace(page, "trace.json", json);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(historyCount(page)).toHaveText("History (2)");
  const stored = await page.evaluate(() => window.__querylab!.agent().history.map((entry) => entry.id));
  expect(stored.filter((id) => id === "trace-imported")).toHaveLength(1);

  // From a file on disk: 21 MB sent inline over the DevTools protocol took most of the test's minute on a busy machine.
  const huge = test.info().outputPath("huge.json");
  await writeFile(huge, Buffer.alloc(21 * 1024 * 1024, 0x20));
  await page.getByLabel("Trace file").setInputFiles(huge);
  await expect(alertWith(page, "huge.json: The file is 21.0 MB; traces up to 20.0 MB can be imported. Nothing was imported.")).toBeVisible();

  const deep = JSON.stringify({ ...TRACE, id: "deep", events: [{ ...TRACE.events[2], input: "DEEP" }] }).replace(
    '"DEEP"',
    `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
  );
  await importTrace(page, "deep.json", Buffer.from(deep));
  await expect(alertWith(page, /^deep\.json: The file nests objects or arrays more than 64 levels deep/)).toBeVisible();
  await expect(historyCount(page)).toHaveText("History (2)");
});

/** A server on another origin (127.0.0.1 on its own port, which the page's policy allows) behaving in chosen ways. */
let server: Server;
let origin: string;
/** Bytes of the endless body written before the browser hung up. */
let endlessWritten = 0;
let endlessClosed: Promise<void>;
let sqliteFile: Buffer;

const cors = { "access-control-allow-origin": "*" };

/** Lets the rest of /slow.sqlite's body go (the test calls it once it has seen the download's progress). */
let releaseSlowBody: () => void = () => {};

/**
 * Half the body, then the rest once the test releases it: the download is under way for as long as the test takes to
 * look at it, however slow the machine (timed pieces could all arrive before a busy test looked).
 */
function writeHalfThenRest(response: ServerResponse, body: Buffer): void {
  const half = Math.floor(body.length / 2);
  response.write(body.subarray(0, half));
  void new Promise<void>((resolve) => (releaseSlowBody = resolve)).then(() => response.end(body.subarray(half)));
}

test.beforeAll(async () => {
  sqliteFile = await databaseBytes("CREATE TABLE downloaded(x); INSERT INTO downloaded VALUES ('over the wire');");
  let closed: () => void = () => {};
  endlessClosed = new Promise((resolve) => (closed = resolve));
  server = createServer((request, response) => {
    switch (request.url) {
      case "/endless.sqlite": {
        // No Content-Length: only reading stops it. 256 MB if read to the end.
        response.writeHead(200, { ...cors, "content-type": "application/octet-stream" });
        const chunk = Buffer.alloc(64 * 1024, 7);
        const pump = () => {
          while (endlessWritten < 256 * 1024 * 1024) {
            endlessWritten += chunk.length;
            if (!response.write(chunk)) return void response.once("drain", pump);
          }
          response.end();
        };
        response.on("close", () => closed());
        pump();
        return;
      }
      case "/announced-huge.sqlite":
        response.writeHead(200, { ...cors, "content-length": String(1_181_116_006) });
        response.write(Buffer.alloc(64 * 1024));
        response.on("close", () => response.destroy());
        return;
      case "/slow.sqlite":
        response.writeHead(200, { ...cors, "content-length": String(sqliteFile.length) });
        writeHalfThenRest(response, sqliteFile);
        return;
      case "/loop.sqlite":
        response.writeHead(302, { ...cors, location: "/loop.sqlite" });
        return void response.end();
      case "/away.sqlite":
        response.writeHead(302, { ...cors, location: "https://exfiltration.example/db.sqlite" });
        return void response.end();
      case "/private.sqlite":
        response.writeHead(200, { "content-type": "application/octet-stream" });
        return void response.end(sqliteFile);
      default:
        response.writeHead(404, cors);
        response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function openUrl(page: Page, url: string): Promise<void> {
  await page.getByRole("button", { name: "Open URL" }).click();
  await page.getByLabel("Database URL").fill(url);
  await page.getByRole("dialog", { name: "Open a database from a URL" }).getByRole("button", { name: "Open" }).click();
}

test("Open URL: streamed with progress, stopped at the size limit, and every failure says its cause", async ({ page }) => {
  await openApp(page);
  await page.evaluate(() => window.__querylab!.limitDownloads(1024 * 1024));
  const openName = page.getByLabel("Open database");
  await expect(openName).toHaveText("Bookshop");

  // Progress while the body arrives, then the database opens.
  await openUrl(page, `${origin}/slow.sqlite`);
  await expect(page.getByRole("progressbar", { name: new RegExp(`^Downloading ${origin}/slow\\.sqlite… .* of `) })).toBeVisible();
  releaseSlowBody();
  await expect(openName).toHaveText("slow.sqlite");
  await runSql(page, "SELECT x FROM downloaded");
  await expect(page.getByRole("gridcell", { name: "over the wire" })).toBeVisible();

  // A body past the limit: stopped there, the connection dropped long before its end, the open database kept.
  await openUrl(page, `${origin}/endless.sqlite`);
  await expect(
    alertWith(
      page,
      `Could not download ${origin}/endless.sqlite: the download was stopped at 1.0 MB, the largest database the page opens; the file is larger.`,
    ),
  ).toBeVisible();
  await endlessClosed;
  expect(endlessWritten).toBeLessThan(64 * 1024 * 1024);
  await expect(openName).toHaveText("slow.sqlite");
  await runSql(page, "SELECT x || '!' FROM downloaded");
  await expect(page.getByRole("gridcell", { name: "over the wire!" })).toBeVisible();

  const causes: [string, string][] = [
    ["/announced-huge.sqlite", "the server announces 1.1 GB, and the page opens databases up to 1.0 MB; nothing was downloaded."],
    ["/loop.sqlite", "the server keeps redirecting (a redirect loop, or more than 20 redirects)."],
    ["/away.sqlite", "the server redirected to a site this page's Content-Security-Policy does not allow."],
    ["/private.sqlite", "answered, but does not allow other sites to read it"],
    ["/missing.sqlite", "the server answered 404 Not Found."],
  ];
  for (const [path, cause] of causes) {
    await openUrl(page, `${origin}${path}`);
    await expect(alertWith(page, `Could not download ${origin}${path}: `).filter({ hasText: cause })).toBeVisible();
    await expect(alertWith(page, "Failed to fetch")).toHaveCount(0);
  }
  await openUrl(page, "http://127.0.0.1:9/missing.sqlite");
  await expect(alertWith(page, "Could not download http://127.0.0.1:9/missing.sqlite: no connection to 127.0.0.1:9")).toBeVisible();
  await openUrl(page, "ftp://files.example/data.sqlite");
  await expect(
    alertWith(page, "Could not download ftp://files.example/data.sqlite: only http and https addresses can be opened, and this one is ftp:."),
  ).toBeVisible();
  await expect(openName).toHaveText("slow.sqlite");
});

test("?db= with another scheme is refused with that reason, and the usual database opens", async ({ page }) => {
  await openApp(page, `/?db=${encodeURIComponent("data:application/octet-stream;base64,U1FMaXRl")}`);
  await expect(alertWith(page, "only http and https addresses can be opened, and this one is data:.")).toBeVisible();
  await expect(page.getByLabel("Open database")).toHaveText("Bookshop");
});

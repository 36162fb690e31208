// Each worker reaches only what it needs: the SQLite worker nothing once its WASM is in but the databases opened to be
// read on demand, the embedding worker this site
// and the model location. Two layers, both checked: the guard each worker puts on its own fetch (every host), and the
// CSP header `vite preview` sends with each worker script, as docs/hosting.md asks a host to.
import { expect, test, type Page, type Worker } from "@playwright/test";
import { embedWorkerPolicy, SQLITE_WORKER_POLICY } from "../app/browser/security-headers";
import { chooseFolderModel, openApp } from "./helpers";

async function workerNamed(page: Page, pattern: RegExp): Promise<Worker> {
  await expect.poll(() => page.workers().some((worker) => pattern.test(worker.url()))).toBe(true);
  return page.workers().find((worker) => pattern.test(worker.url()))!;
}

/** A fetch from inside the worker: "ok <status>" or the error it was refused with. */
function fetchFrom(worker: Worker, url: string): Promise<string> {
  return worker.evaluate(async (target) => {
    try {
      return `ok ${(await fetch(target)).status}`;
    } catch (error) {
      // fetch rejects with a TypeError; the page's errorMessage() cannot be imported into a worker evaluation.
      return (error as TypeError).message;
    }
  }, url);
}

/**
 * A request the fetch guard does not see (EventSource), so only the worker's own CSP can refuse it: the directives
 * of the violations it reports, or none when nothing refused it.
 */
function headerViolations(worker: Worker, url: string): Promise<string[]> {
  return worker.evaluate(async (target) => {
    const directives: string[] = [];
    // Until the first violation is reported (a fixed wait could end before a busy machine reports it), or a long
    // while without one: then nothing refused the request.
    const reported = new Promise((resolve) => {
      self.addEventListener("securitypolicyviolation", (event) => {
        directives.push(event.effectiveDirective);
        resolve(undefined);
      });
    });
    const source = new EventSource(target);
    await Promise.race([reported, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    source.close();
    return directives;
  }, url);
}

test("the SQLite worker refuses every request once its WASM has loaded, and its script carries its own CSP", async ({ page }) => {
  const workerScript = page.waitForResponse((response) => /sqlite\.worker-[^/]*\.js$/.test(response.url()));
  await openApp(page);
  // The first sample is read on demand until the worker holds it whole; from then on its address is refused too.
  await page.waitForFunction(() => window.__querylab?.database().current?.saveState === "saved");
  expect((await workerScript).headers()["content-security-policy"]).toBe(SQLITE_WORKER_POLICY);

  const worker = await workerNamed(page, /sqlite\.worker/);
  expect(await fetchFrom(worker, "https://exfiltration.example/collect")).toBe(
    "The SQLite worker refused a request to https://exfiltration.example/collect: it may only reach its own WASM file, before it has loaded, the first visit's sample the page asked it to open, and the databases the page opened to be read on demand.",
  );
  // Its own site too: nothing it does after loading needs the network, not even the sample it downloaded at the start.
  expect(await fetchFrom(worker, "../samples/manifest.json")).toMatch(
    /^The SQLite worker refused a request to http:\/\/127\.0\.0\.1:\d+\/samples\/manifest\.json/,
  );
  expect(await fetchFrom(worker, "../samples/bookshop.sqlite")).toMatch(
    /^The SQLite worker refused a request to http:\/\/127\.0\.0\.1:\d+\/samples\/bookshop\.sqlite/,
  );
  // Its header no longer refuses other sites: a database read on demand may be on any host a ?db= address names, and a
  // static header cannot name it, so connect-src allows http(s) and the guard above narrows that to the opened URLs;
  // the channels the guard cannot check are taken away.
  const eventSource = await worker.evaluate((target) => {
    try {
      new EventSource(target);
      return "opened";
    } catch (error) {
      return (error as TypeError).message;
    }
  }, "https://exfiltration.example/stream");
  expect(eventSource).toBe("The SQLite worker has no EventSource: it reaches the network only through its request guard.");
  // The worker still answers queries.
  const answer = await page.evaluate(async () => (await window.__querylab!.engine().execute("SELECT 40 + 2 AS n")).ok);
  expect(answer).toBe(true);
});

test("the embedding worker reaches this site and the model location only, and still loads the model from ./models/", async ({ page }) => {
  test.setTimeout(120_000);
  const workerScript = page.waitForResponse((response) => /embed\.worker-[^/]*\.js$/.test(response.url()));
  await openApp(page);
  const section = await chooseFolderModel(page, "./models/", "querylab/tiny-embed");
  await section.getByRole("button", { name: "Load model" }).click();
  await expect(section.getByRole("status")).toContainText("Embedding model ready: querylab/tiny-embed", { timeout: 90_000 });
  expect((await workerScript).headers()["content-security-policy"]).toBe(embedWorkerPolicy());

  const worker = await workerNamed(page, /embed\.worker/);
  expect(await fetchFrom(worker, "https://exfiltration.example/collect")).toBe(
    "The embedding worker refused a request to https://exfiltration.example/collect: it may only reach this site and the chosen model location.",
  );
  expect(await fetchFrom(worker, "../models/querylab/tiny-embed/config.json")).toBe("ok 200");
  expect(await headerViolations(worker, "https://exfiltration.example/stream")).toContain("connect-src");
});

// The embed worker in Chromium: the tiny model from the app's own ./models/ folder, WASM served by the app, under the page's CSP.
import { expect, test } from "@playwright/test";
import { chooseFolderModel, openApp } from "./helpers";

test("the embed worker loads the tiny model from ./models/ on WASM, reports progress and embeds, without leaving the page's host", async ({
  page,
  context,
}) => {
  // The first load compiles onnxruntime's 27 MB WASM, which takes seconds on a busy two-core machine.
  test.setTimeout(120_000);
  const requests: string[] = [];
  context.on("request", (request) => requests.push(request.url()));
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await openApp(page);
  const section = await chooseFolderModel(page, "./models/", "querylab/tiny-embed");
  const started = Date.now();
  await section.getByRole("button", { name: "Load model" }).click();
  await expect(section.getByRole("status")).toContainText("Embedding model ready: querylab/tiny-embed, 64 dimensions, on WASM", { timeout: 90_000 });
  const loadWallMs = Date.now() - started;

  const outcome = await page.evaluate(async () => {
    const hook = window.__querylab!.embedding();
    const connection = hook.connection()!;
    const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
    const [question, related, unrelated] = await hook
      .embedder()!
      .embed(["which customer paid the largest invoice", "invoice customer: the customer an invoice is for", "flight pilot: pilot of the flight"]);
    // About a hundred short retrieval units, straight through the worker (no cache), to time inference.
    const units = Array.from({ length: 100 }, (_, i) => `table${i % 7}.column ${i}: the ${["name", "city", "price", "date", "title"][i % 5]} of item ${i}`);
    const embedStarted = performance.now();
    const vectors = await connection.embed(units);
    const embedMs = performance.now() - embedStarted;
    const status = hook.status;
    return {
      status,
      norm: Math.sqrt(dot(question!, question!)),
      related: dot(question!, related!),
      unrelated: dot(question!, unrelated!),
      count: vectors.length,
      width: vectors[0]!.length,
      embedMs,
      progress: connection.progressLog.map((event) => ({ file: event.file, progress: event.progress, overall: event.overall })),
    };
  });
  expect(outcome.status).toMatchObject({ state: "ready", device: "wasm", dimensions: 64 });
  expect(outcome.norm).toBeCloseTo(1, 4);
  expect(outcome.related).toBeGreaterThan(outcome.unrelated + 0.15);
  expect(outcome.count).toBe(100);
  expect(outcome.width).toBe(64);
  expect(outcome.progress).toContainEqual({ file: "onnx/model_quantized.onnx", progress: 1, overall: false });
  expect(outcome.progress.some((event) => event.overall && event.progress === 1)).toBe(true);

  // Every request stayed on the app's host: the model from ./models/, onnxruntime's WASM from the app's assets.
  const foreign = requests.filter((url) => !/^(data|blob):/.test(url) && new URL(url).hostname !== "127.0.0.1");
  expect(foreign).toEqual([]);
  expect(requests.some((url) => /\/models\/querylab\/tiny-embed\/onnx\/model_quantized\.onnx$/.test(url))).toBe(true);
  expect(requests.some((url) => /ort-wasm-simd-threaded\.asyncify[^/]*\.wasm$/.test(url))).toBe(true);
  expect(violations).toEqual([]);
  test.info().annotations.push({
    type: "figures",
    description: `load ${Math.round((outcome.status as { loadMs: number }).loadMs)} ms in the worker (${loadWallMs} ms from the click); 100 texts embedded in ${Math.round(outcome.embedMs)} ms`,
  });
  console.log(
    `[embedding figures] load ${Math.round((outcome.status as { loadMs: number }).loadMs)} ms in worker, ${loadWallMs} ms wall; embed 100 texts ${Math.round(outcome.embedMs)} ms`,
  );
});

test("a wrong model folder says which model, where it looked and why, and embedding then fails with the same message", async ({ page }) => {
  await openApp(page);
  const section = await chooseFolderModel(page, "./no-models-here/", "querylab/tiny-embed");
  await section.getByRole("button", { name: "Load model" }).click();
  const alert = section.getByRole("alert");
  await expect(alert).toContainText('The embedding model "querylab/tiny-embed" could not be loaded from the folder http://127.0.0.1:');
  await expect(alert).toContainText("/no-models-here/querylab/tiny-embed/");
  await expect(alert).toContainText("Pruning uses lexical and value matching until the model loads.");
  const message = await page.evaluate(() =>
    window
      .__querylab!.embedding()
      .embedder()!
      .embed(["hello"])
      .then(
        () => "embedded",
        (error: Error) => error.message,
      ),
  );
  expect(message).toContain('The embedding model "querylab/tiny-embed" could not be loaded');
  await expect(section.getByRole("button", { name: "Retry loading the model" })).toBeVisible();
});

test("the setting persists, and Off stops the model from loading at all", async ({ page }) => {
  await openApp(page);
  const section = await chooseFolderModel(page, "./models/", "querylab/tiny-embed");
  await section.getByLabel("Embedding model").selectOption("off");
  await expect(section.getByLabel("Model location")).toHaveCount(0);
  expect(await page.evaluate(() => window.__querylab!.embedding().embedder())).toBeNull();
  await page.reload();
  await openApp(page);
  await page.getByRole("button", { name: "Settings" }).click();
  const again = page.getByRole("dialog", { name: "Settings" }).getByRole("region", { name: "Schema pruning model" });
  await expect(again.getByLabel("Embedding model")).toHaveValue("off");
  expect(await page.evaluate(() => window.__querylab!.embedding().status.state)).toBe("off");
});

// The provider "In this browser": the tiny chat model (test-models/querylab/tiny-chat, served by the test build at
// ./models/) runs in the page's worker and answers through the plain-text protocol; the page asks before a hub download
// and says plainly when this browser cannot run a model.
import { expect, test, type Page } from "@playwright/test";
import { openApp } from "./helpers";

const trace = (page: Page) => page.getByRole("complementary", { name: "Agent trace" });

async function chooseInPage(page: Page, options: { baseUrl?: string; model?: string } = {}) {
  await page.getByRole("button", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await dialog.getByLabel("Provider").selectOption("in-page");
  if (options.baseUrl) await dialog.getByLabel("Base URL").fill(options.baseUrl);
  if (options.model) await dialog.getByRole("combobox", { name: "Model", exact: true }).fill(options.model);
  return dialog;
}

async function ask(page: Page, question: string): Promise<void> {
  await page.getByLabel("Question for the agent").fill(question);
  await page.getByRole("button", { name: "Ask" }).click();
}

/** Every request the page and its workers make, by origin. */
function recordOrigins(page: Page): string[] {
  const origins: string[] = [];
  page.on("request", (request) => origins.push(new URL(request.url()).origin));
  return origins;
}

test("the in-page model answers a question on a sample through the text protocol, with tokens per second", async ({ page, baseURL }) => {
  // Compiling onnxruntime's WASM and creating the session take tens of seconds on a busy two-core machine.
  test.setTimeout(180_000);
  const origins = recordOrigins(page);
  await openApp(page);
  const dialog = await chooseInPage(page, { baseUrl: "./models/", model: "querylab/tiny-chat" });
  // No key to give, and the files come from the site's own folder: no download question.
  await expect(dialog.getByLabel(/^API key/)).toHaveCount(0);
  await expect(dialog.getByRole("region", { name: "In-page model" })).toContainText("Its files come from /models/querylab/tiny-chat/");
  await expect(dialog.getByRole("region", { name: "In-page model download" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Close" }).click();
  await page.getByRole("radio", { name: "Schema + example values + query results" }).check();

  await ask(page, "How many books are there?");
  const turn1 = trace(page).getByRole("listitem", { name: "Turn 1" });
  await expect(turn1).toContainText("list_tables", { timeout: 120_000 });
  await expect(turn1).toContainText("books");
  await expect(trace(page).getByLabel("Final SQL")).toContainText("SELECT COUNT(*) AS book_count FROM books;");
  await expect(trace(page).getByLabel("Totals")).toContainText("2 turns");
  // The status above the trace: the model ready on the CPU (this Chromium has no WebGPU), and the last reply's speed.
  await expect(trace(page).getByRole("status").filter({ hasText: "querylab/tiny-chat is ready on the CPU (WASM)" })).toBeVisible();
  await expect(trace(page).getByLabel("Generation speed")).toHaveText(/^Last reply: \d+(\.\d)? tokens\/s \(11 tokens\)$/);
  const start = await page.evaluate(() => window.__querylab!.agent().trace?.events.find((event) => event.type === "run-start"));
  expect(start && "protocol" in start && start.protocol).toBe("text");
  await page.screenshot({ path: "test-results/in-page-model.png" });

  // Nothing left the page: every request went to the app's own origin.
  expect(origins.filter((origin) => origin !== new URL(baseURL!).origin && origin !== "null" && !origin.startsWith("blob:"))).toEqual([]);
});

test("a hub model is not downloaded before the person agrees, and the question says what to do", async ({ page }) => {
  const origins = recordOrigins(page);
  await openApp(page);
  const dialog = await chooseInPage(page);
  const choice = dialog.getByRole("region", { name: "In-page model download" });
  await expect(choice).toContainText("Nothing is downloaded until you agree: onnx-community/Qwen2.5-Coder-0.5B-Instruct");
  await expect(choice.getByRole("button", { name: /^Download the model \(about \d+ MB, approximate\)$/ })).toBeVisible();
  await expect(dialog.getByRole("status").filter({ hasText: "is downloaded only once you agree" })).toBeVisible();
  await page.screenshot({ path: "test-results/in-page-settings.png" });
  await dialog.getByRole("button", { name: "Close" }).click();
  await page.getByRole("radio", { name: "Schema only" }).check();
  await ask(page, "How many books are there?");
  await expect(trace(page).getByRole("alert").filter({ hasText: "only once you agree: open Settings and press Download" })).toBeVisible();
  expect(origins.filter((origin) => origin.includes("huggingface"))).toEqual([]);
});

test("a browser without WebGPU and with little memory is told plainly that it cannot run the model", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "deviceMemory", { get: () => 1 });
    Object.defineProperty(Navigator.prototype, "gpu", { get: () => undefined });
  });
  await openApp(page);
  const dialog = await chooseInPage(page);
  await expect(dialog.getByRole("alert")).toHaveText(
    "This browser cannot run onnx-community/Qwen2.5-Coder-0.5B-Instruct: it has no WebGPU, and this device reports 1 GB of memory, too little for a model of about 790 MB on the CPU. " +
      "Pick a smaller model, open the page in a browser with WebGPU (Chrome or Edge 113 and later), or choose another provider.",
  );
  // Nothing to agree to or load for a model that cannot run.
  await expect(dialog.getByRole("button", { name: /Download the model|Load model/ })).toHaveCount(0);
});

// The embedding model's state: one sentence wherever it is shown, and a question before the first download from the hub
// that says what, from where and how large, with the three ways on.
import { expect, test, type Page } from "@playwright/test";
import { chooseFolderModel, openApp } from "./helpers";

async function chooseHubModel(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Settings" }).click();
  const section = page.getByRole("dialog", { name: "Settings" }).getByRole("region", { name: "Schema pruning model" });
  await section.getByLabel("Embedding model").selectOption("Xenova/all-MiniLM-L6-v2");
  await section.getByLabel("Model location").selectOption("hub");
}

test("before the first hub download the page says what, from where and how large, and nothing is fetched until the person chooses", async ({ page }) => {
  const hubRequests: string[] = [];
  page.on("request", (request) => {
    if (/huggingface|hf\.co/.test(request.url())) hubRequests.push(request.url());
  });
  await openApp(page);
  await chooseHubModel(page);
  const dialog = page.getByRole("dialog", { name: "Settings" });
  const inSettings = dialog.getByRole("region", { name: "Embedding model download" });
  await expect(inSettings).toContainText("Xenova/all-MiniLM-L6-v2 (about 23 MB)");
  await expect(inSettings).toContainText("huggingface.co");
  await expect(inSettings).toContainText("nothing of your database or questions is sent");
  await dialog.getByRole("button", { name: "Close" }).click();

  // The same question in the schema panel, and one status line that agrees with it.
  const choice = page.getByRole("region", { name: "Embedding model download" });
  await expect(choice.getByRole("button", { name: "Download the model (about 23 MB)" })).toBeVisible();
  await expect(choice.getByRole("button", { name: "Names and values only" })).toBeVisible();
  await expect(choice.getByRole("button", { name: "Use a self-hosted folder" })).toBeVisible();
  const status = page.getByRole("contentinfo", { name: "Status" });
  await expect(status).toContainText("Embedding model not downloaded");

  // A preview ranks without the model and starts no download.
  await page.getByLabel("Question for the agent").fill("How many books are there?");
  await page.getByRole("button", { name: "Preview for the question" }).click();
  await expect(page.getByRole("region", { name: "Schema for the question" }).getByRole("status")).toContainText("For “How many books are there?”");
  expect(await page.evaluate(() => window.__querylab!.embedding().status.state)).toBe("needs-approval");
  expect(hubRequests).toEqual([]);

  // "Names and values only" turns the model off: the question goes, and the status line says so.
  await choice.getByRole("button", { name: "Names and values only" }).click();
  await expect(choice).toHaveCount(0);
  await expect(status).toContainText("Embedding model off: ranking by names, descriptions and values.");
  expect(hubRequests).toEqual([]);
});

test("a self-hosted folder is offered in place of the download and opens Settings on it", async ({ page }) => {
  await openApp(page);
  await chooseHubModel(page);
  await page.getByRole("dialog", { name: "Settings" }).getByRole("button", { name: "Close" }).click();
  await page.getByRole("region", { name: "Embedding model download" }).getByRole("button", { name: "Use a self-hosted folder" }).click();
  const section = page.getByRole("dialog", { name: "Settings" }).getByRole("region", { name: "Schema pruning model" });
  await expect(section.getByLabel("Model location")).toHaveValue("folder");
  await expect(section.getByLabel("Model folder URL")).toBeVisible();
  await expect(page.getByRole("region", { name: "Embedding model download" })).toHaveCount(0);
});

test("Settings and the status line say the same about a loaded model", async ({ page }) => {
  test.setTimeout(120_000);
  await openApp(page);
  const section = await chooseFolderModel(page, "./models/", "querylab/tiny-embed");
  await section.getByRole("button", { name: "Load model" }).click();
  const ready = "Embedding model ready: querylab/tiny-embed, 64 dimensions, on WASM";
  await expect(section.getByRole("status")).toContainText(ready, { timeout: 90_000 });
  await page.getByRole("dialog", { name: "Settings" }).getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("contentinfo", { name: "Status" })).toContainText(ready);
});

// Settings that do not mislead: another provider starts clean, "Connected" is only shown for what was tested, the
// page's own policy is named (with the reload it needs) instead of CORS, and Gemini's 400 for a bad key reads as a bad key.
import { expect, test } from "@playwright/test";
import { alertWith, openApp } from "./helpers";
import { startScriptedLlmServer, textTurn, type ScriptedServer } from "./llm-server/scripted-llm-server";

let server: ScriptedServer;

test.beforeAll(async () => {
  server = await startScriptedLlmServer({ script: [textTurn("Final SQL: SELECT 1")], requiredApiKey: "right-key", models: ["other-model", "scripted-model"] });
});
test.afterAll(async () => {
  await server.close();
});

async function openSettings(page: import("@playwright/test").Page) {
  await openApp(page);
  await page.getByRole("button", { name: "Settings" }).click();
  return page.getByRole("dialog", { name: "Settings" });
}

test("Other OpenAI-compatible starts with no URL and no model of the previous preset", async ({ page }) => {
  const dialog = await openSettings(page);
  await dialog.getByLabel("Provider").selectOption("groq");
  await expect(dialog.getByLabel("Base URL")).toHaveValue("https://api.groq.com/openai/v1");
  await expect(dialog.getByRole("combobox", { name: "Model", exact: true })).toHaveValue("llama-3.3-70b-versatile");
  await dialog.getByLabel("Provider").selectOption("custom");
  await expect(dialog.getByLabel("Base URL")).toHaveValue("");
  await expect(dialog.getByRole("combobox", { name: "Model", exact: true })).toHaveValue("");
});

test("Connected is shown only while the tested URL, key and model are the ones in the form", async ({ page }) => {
  const dialog = await openSettings(page);
  await dialog.getByLabel("Provider").selectOption("custom");
  const baseUrl = dialog.getByLabel("Base URL");
  const model = dialog.getByRole("combobox", { name: "Model", exact: true });
  const key = dialog.getByLabel(/^API key/);
  await baseUrl.fill(server.url);
  await model.fill("scripted-model");
  await key.fill("right-key");
  const connected = dialog.getByRole("status").filter({ hasText: "Connected" });

  const testAndExpectConnected = async () => {
    await dialog.getByRole("button", { name: "Test connection" }).click();
    await expect(connected).toBeVisible();
  };
  await testAndExpectConnected();
  await model.fill("other-model");
  await expect(connected).toHaveCount(0);
  await testAndExpectConnected();
  await key.fill("right-key-changed");
  await expect(connected).toHaveCount(0);
  await key.fill("right-key");
  await testAndExpectConnected();
  await baseUrl.fill(`${server.url}/`);
  await expect(connected).toHaveCount(0);
});

test("an endpoint outside the page's policy says a reload is needed, not CORS, in Settings and in the agent's trace", async ({ page }) => {
  const dialog = await openSettings(page);
  await dialog.getByLabel("Provider").selectOption("custom");
  await dialog.getByLabel("Base URL").fill("https://llm.internal.example/v1");
  await dialog.getByRole("combobox", { name: "Model", exact: true }).fill("some-model");
  await dialog.getByRole("button", { name: "Test connection" }).click();
  const refusal = dialog.getByRole("alert");
  await expect(refusal).toContainText("Reload the page to allow it");
  await expect(refusal).toContainText("https://llm.internal.example");
  await expect(refusal).not.toContainText("CORS");

  await dialog.getByRole("button", { name: "Close" }).click();
  await page.getByRole("radio", { name: "Schema only", exact: true }).check();
  await page.getByLabel("Question for the agent").fill("How many books are there?");
  await page.getByRole("button", { name: "Ask" }).click();
  const failure = alertWith(page, "Reload the page to allow it");
  await expect(failure).toBeVisible();
  await expect(failure).not.toContainText("CORS");
});

test("a wrong Gemini key on Test connection is a refused key, not an unexplained HTTP 400", async ({ page }) => {
  const dialog = await openSettings(page);
  await dialog.getByLabel("Provider").selectOption("google");
  await dialog.getByLabel("Base URL").fill(server.baseUrlFor("google"));
  await dialog.getByLabel(/^API key/).fill("wrong-key");
  await dialog.getByRole("button", { name: "Test connection" }).click();
  await expect(dialog.getByRole("alert")).toContainText("The provider refused the API key (HTTP 400). Check the key in Settings.");
  await expect(dialog.getByRole("alert")).not.toContainText("to the model list");
});

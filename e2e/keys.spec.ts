// API keys stay in memory unless the person opts in, one action forgets them, and each stays with the endpoint it was typed for.
import { expect, test } from "@playwright/test";
import { openApp } from "./helpers";
import { startScriptedLlmServer, toolCall, toolTurn, type ScriptedServer } from "./llm-server/scripted-llm-server";

test("a key is forgotten on reload unless remembered, and Forget keys clears it everywhere", async ({ page }) => {
  await openApp(page);
  const openSettings = async () => {
    await page.getByRole("button", { name: "Settings" }).click();
    return page.getByRole("dialog", { name: "Settings" });
  };
  let dialog = await openSettings();
  await dialog.getByLabel(/^API key/).fill("sk-memory-only");
  await dialog.getByRole("button", { name: "Close" }).click();
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain("sk-memory-only");
  await page.reload();
  await openApp(page);
  dialog = await openSettings();
  await expect(dialog.getByLabel(/^API key/)).toHaveValue("");

  await dialog.getByLabel(/^API key/).fill("sk-remembered");
  await dialog.getByLabel("Remember the key on this device").check();
  await dialog.getByRole("button", { name: "Close" }).click();
  await page.reload();
  await openApp(page);
  dialog = await openSettings();
  await expect(dialog.getByLabel(/^API key/)).toHaveValue("sk-remembered");

  await dialog.getByRole("button", { name: "Forget keys" }).click();
  await expect(dialog.getByLabel(/^API key/)).toHaveValue("");
  await expect(dialog.getByLabel("Remember the key on this device")).not.toBeChecked();
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain("sk-remembered");
});

test.describe("keys stay with the endpoint they were typed for", () => {
  const KEY_A = "sk-typed-for-server-a";
  const SQL = "SELECT count(*) AS books FROM books";
  let serverA: ScriptedServer;
  let serverB: ScriptedServer;

  test.beforeAll(async () => {
    const script = [toolTurn(toolCall("submit_sql", { sql: SQL }), "Counting the books.")];
    // A refuses requests without its key; B asks for none, like a local server, and records whatever it is sent.
    serverA = await startScriptedLlmServer({ requiredApiKey: KEY_A, models: ["scripted-model"], script });
    serverB = await startScriptedLlmServer({ models: ["scripted-model"], script });
  });
  test.afterAll(async () => {
    await Promise.all([serverA?.close(), serverB?.close()]);
  });

  test("a key typed for server A never reaches server B (Test connection, a question, a preset), and switching back uses A's key", async ({ page }) => {
    // Every request the page makes, with all its headers, so a key sent anywhere at all is seen (not only at B).
    const headersSent: Promise<{ origin: string; headers: string }>[] = [];
    page.on("request", (request) => {
      headersSent.push(request.allHeaders().then((headers) => ({ origin: new URL(request.url()).origin, headers: JSON.stringify(headers) })));
    });
    await openApp(page);
    await page.getByRole("button", { name: "Settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Settings" });
    const keyField = dialog.getByLabel(/^API key/);
    const baseUrl = dialog.getByLabel("Base URL");
    const testConnection = async () => {
      await dialog.getByRole("button", { name: "Test connection" }).click();
      await expect(dialog.locator(".connection-ok, .notice.error")).toBeVisible();
    };
    const ask = async (question: string) => {
      await dialog.getByRole("button", { name: "Close" }).click();
      await page.getByRole("radio", { name: "Schema only", exact: true }).check();
      await page.getByLabel("Question for the agent").fill(question);
      await page.getByRole("button", { name: "Ask" }).click();
      await expect(page.getByRole("complementary", { name: "Agent trace" }).getByLabel("Final SQL")).toContainText("count(*)");
      await page.waitForFunction(() => window.__querylab!.agent().running === false);
      await page.getByRole("button", { name: "Settings" }).click();
    };

    await dialog.getByLabel("Provider").selectOption("custom");
    await baseUrl.fill(serverA.url);
    await dialog.getByRole("combobox", { name: "Model", exact: true }).fill("scripted-model");
    await keyField.fill(KEY_A);
    await expect(keyField).toHaveAccessibleDescription(`Key for ${serverA.origin} (Other OpenAI-compatible)`);
    await testConnection();
    await expect(dialog.getByRole("status")).toHaveText("Connected: 1 model available.");

    // Another Base URL: its own (empty) key, said so, and Test connection reaches B without A's key.
    await baseUrl.fill(serverB.url);
    await expect(keyField).toHaveValue("");
    await expect(keyField).toHaveAccessibleDescription(`Key for ${serverB.origin} (Other OpenAI-compatible)`);
    await testConnection();
    await expect(dialog.getByRole("status")).toHaveText("Connected: 1 model available.");
    expect(serverB.requests.some((request) => request.path.endsWith("/models"))).toBe(true);

    // A preset pointing elsewhere (Ollama's address; nothing listens there) shows no key and sends none.
    await dialog.getByLabel("Provider").selectOption("ollama");
    await expect(keyField).toHaveValue("");
    await expect(keyField).toHaveAccessibleDescription("Key for http://localhost:11434 (Ollama (local))");
    await testConnection();
    await dialog.getByLabel("Provider").selectOption("custom");
    await baseUrl.fill(serverB.url);
    await dialog.getByRole("combobox", { name: "Model", exact: true }).fill("scripted-model");
    await expect(keyField).toHaveValue("");

    await ask("How many books are there?");
    expect(serverB.chatRequests().length).toBeGreaterThan(0);
    for (const request of serverB.requests) {
      expect(request.headers.authorization).toBeUndefined();
      expect(JSON.stringify(request)).not.toContain(KEY_A);
    }

    // Back to A: A's key is there again and is what A receives, for the model list and the question.
    await baseUrl.fill(serverA.url);
    await expect(keyField).toHaveValue(KEY_A);
    await testConnection();
    await expect(dialog.getByRole("status")).toHaveText("Connected: 1 model available.");
    await ask("How many books are there, again?");
    const fromPage = serverA.requests.filter((request) => request.method !== "OPTIONS");
    expect(fromPage.filter((request) => request.path.endsWith("/chat/completions")).length).toBeGreaterThan(0);
    for (const request of fromPage) expect(request.headers.authorization).toBe(`Bearer ${KEY_A}`);

    const carryingKeyA = (await Promise.all(headersSent)).filter((sent) => sent.headers.includes(KEY_A));
    expect(carryingKeyA.length).toBeGreaterThan(0);
    expect(new Set(carryingKeyA.map((sent) => sent.origin))).toEqual(new Set([serverA.origin]));
  });
});

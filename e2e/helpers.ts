// Shared steps for the end-to-end tests: wait on app state through window.__querylab, type SQL, build fixture files.
import { expect, type Page } from "@playwright/test";
import initSqlJs from "sql.js";

export async function openApp(page: Page, path = "/"): Promise<void> {
  await page.goto(path);
  await waitForReady(page);
}

export async function waitForReady(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__querylab?.database().status === "ready" && window.__querylab.query().running === null);
}

/** Replaces the editor's text the way a paste would (typing into Monaco triggers auto-closing and suggestions). */
export async function setSql(page: Page, sql: string): Promise<void> {
  const editor = page.getByRole("textbox", { name: "SQL editor" });
  await expect(editor).toBeAttached();
  await page.waitForFunction(() => document.querySelector(".monaco-editor") !== null);
  await page.locator(".monaco-editor").first().click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(sql);
  await expect.poll(() => page.evaluate(() => window.__querylab!.editor().text)).toBe(sql);
}

/** Puts SQL in the editor and runs all of it (selected, so a script of several statements runs whole). */
export async function runSql(page: Page, sql: string): Promise<void> {
  await setSql(page, sql);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("ControlOrMeta+Enter");
  await page.waitForFunction(() => window.__querylab!.query().running === null);
}

/** Runs a query that never ends, stops it with Stop (the worker is replaced and the database reopened), and waits until the page is ready again. */
export async function runEndlessQueryAndStop(page: Page): Promise<void> {
  await setSql(page, "WITH RECURSIVE forever(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM forever) SELECT count(*) FROM forever;");
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(page.getByRole("button", { name: "Stop", exact: true })).toBeEnabled();
  await page.getByRole("button", { name: "Stop", exact: true }).click();
  await expect(alertWith(page, "Query stopped after")).toBeVisible();
  await waitForReady(page);
}

export function resultSummary(page: Page) {
  return page.getByRole("region", { name: "Results" }).getByRole("status");
}

export function cell(page: Page, row: number, column: number) {
  // aria-rowindex 1 is the header; column 1 is the row number.
  return page.locator(`[role=grid] [role=row][aria-rowindex="${row + 1}"] [role=gridcell]`).nth(column - 1);
}

export async function databaseBytes(sql: string): Promise<Buffer> {
  const SQL = await initSqlJs();
  const database = new SQL.Database();
  database.exec(sql);
  const bytes = Buffer.from(database.export());
  database.close();
  return bytes;
}

/** A message shown in an alert (Monaco keeps empty alert regions of its own, so match by text). */
export function alertWith(page: Page, text: string | RegExp) {
  return page.getByRole("alert").filter({ hasText: text });
}

export function queryError(page: Page) {
  return page.getByRole("region", { name: "Results" }).getByRole("alert");
}

/**
 * Points the app at the scripted LLM server in Settings (custom provider, "scripted-model") and chooses what may be
 * sent; the key is set when given.
 */
export async function configureScriptedLlm(
  page: Page,
  baseUrl: string,
  options: { apiKey?: string; sharing?: "Schema only" | "Schema + example values" | "Schema + example values + query results" } = {},
): Promise<void> {
  await page.getByRole("button", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await dialog.getByLabel("Provider").selectOption("custom");
  await dialog.getByLabel("Base URL").fill(baseUrl);
  await dialog.getByRole("combobox", { name: "Model", exact: true }).fill("scripted-model");
  if (options.apiKey) await dialog.getByLabel(/^API key/).fill(options.apiKey);
  await dialog.getByRole("button", { name: "Close" }).click();
  await page.getByRole("radio", { name: options.sharing ?? "Schema + example values + query results", exact: true }).check();
}

/** Opens Settings and points the embedding model at a folder served by the app, on WASM; returns the settings section. */
export async function chooseFolderModel(page: Page, folder: string, model: string): Promise<ReturnType<Page["getByRole"]>> {
  await page.getByRole("button", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  const section = dialog.getByRole("region", { name: "Schema pruning model" });
  // The test build starts with the model off; choosing a model turns it on.
  await section.getByLabel("Embedding model").selectOption("Xenova/all-MiniLM-L6-v2");
  await section.getByLabel("Model location").selectOption("folder");
  await section.getByLabel("Model folder URL").fill(folder);
  await section.getByLabel("Model name or folder").fill(model);
  await section.getByLabel("Device").selectOption("wasm");
  return section;
}

/** The tests' tiny model chosen from the site's ./models/ folder and loaded; Settings closed again once it is ready. */
export async function loadTinyModel(page: Page, timeout = 120_000): Promise<void> {
  const section = await chooseFolderModel(page, "./models/", "querylab/tiny-embed");
  await section.getByRole("button", { name: "Load model" }).click();
  await expect(section.getByRole("status")).toContainText("Embedding model ready", { timeout });
  await page.getByRole("dialog", { name: "Settings" }).getByRole("button", { name: "Close" }).click();
}

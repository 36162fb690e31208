// Schema context in the panel: harvested comments as descriptions, editing one (kept across reloads), column profiles, and describing undocumented columns with the LLM.
import { expect, test, type Page } from "@playwright/test";
import { configureScriptedLlm, openApp, waitForReady } from "./helpers";
import { startScriptedLlmServer, type ScriptedServer } from "./llm-server/scripted-llm-server";

let server: ScriptedServer;

test.beforeAll(async () => {
  server = await startScriptedLlmServer({ requiredApiKey: "sk-test-secret", models: ["scripted-model"] });
});
test.afterAll(async () => {
  await server.close();
});

const schemaPanel = (page: Page) => page.getByRole("navigation", { name: "Schema" });

async function waitForProfile(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__querylab?.descriptions().profile.status === "ready");
}

async function expandTable(page: Page, table: string): Promise<void> {
  await schemaPanel(page).getByText(table, { exact: true }).click();
  await expect(schemaPanel(page).getByRole("list", { name: `Columns of ${table}` })).toBeVisible();
}

/**
 * The description edits kept for the open database, as stored (JSON), or "" before any. The page shows an edit at
 * once and stores it after; a reload before the store finished would lose it, and no leave guard covers it.
 */
function storedDescriptionEdits(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const key = `descriptions:${window.__querylab!.database().current!.id}`;
    const asked = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    // The schema context's idb-keyval store (app/browser/storage-areas.ts).
    const database = await asked(indexedDB.open("querylab-schema-context"));
    try {
      if (!database.objectStoreNames.contains("keyval")) return "";
      return JSON.stringify((await asked(database.transaction("keyval").objectStore("keyval").get(key))) ?? "");
    } finally {
      database.close();
    }
  });
}

test("comments are descriptions; an edit is kept across a reload and shows hostile text as text; a column's profile is shown", async ({ page }) => {
  await openApp(page);
  await waitForProfile(page);
  await expandTable(page, "books");
  const columns = schemaPanel(page).getByRole("list", { name: "Columns of books" });
  const title = columns.getByRole("listitem").filter({ has: page.getByRole("button", { name: "Edit description of books.title" }) });
  await expect(title).toContainText("Title as printed on the cover");
  await expect(title).toContainText("from comment");

  // Escape cancels an edit and leaves the description as it was.
  await page.getByRole("button", { name: "Edit description of books.title" }).click();
  await page.getByRole("textbox", { name: "Description of books.title" }).fill("something else");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("textbox", { name: "Description of books.title" })).toHaveCount(0);
  await expect(columns).toContainText("Title as printed on the cover");
  await expect(page.getByRole("button", { name: "Edit description of books.title" })).toBeFocused();

  const hostile = "The cover title <img src=x onerror=alert(1)>";
  await page.getByRole("button", { name: "Edit description of books.title" }).click();
  await page.getByRole("textbox", { name: "Description of books.title" }).fill(hostile);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(columns).toContainText(hostile);
  await expect(columns).toContainText("by you");
  await expect(columns.locator("img")).toHaveCount(0);

  await expect.poll(() => storedDescriptionEdits(page)).toContain("onerror=alert(1)");
  await page.reload();
  await waitForReady(page);
  await page.waitForFunction(() => window.__querylab?.descriptions().descriptions.tables.books?.columns.title?.source === "person");
  await expandTable(page, "books");
  const reloaded = schemaPanel(page).getByRole("list", { name: "Columns of books" });
  await expect(reloaded).toContainText(hostile);
  await expect(reloaded).toContainText("by you");

  // The profile: nulls, distinct values and frequent values, one click away.
  await waitForProfile(page);
  await page.getByRole("button", { name: "Profile of books.format" }).click();
  const profile = page.getByRole("group", { name: "Profile of books.format" });
  await expect(profile).toContainText("0% null");
  await expect(profile).toContainText(/\d+ distinct/);
  await expect(profile).toContainText("top:");
});

async function configure(page: Page): Promise<void> {
  await configureScriptedLlm(page, server.url, { apiKey: "sk-test-secret", sharing: "Schema + example values" });
}

test("describing undocumented columns with the LLM shows what will be sent first; the answers are editable", async ({ page }) => {
  await openApp(page);
  await waitForProfile(page);
  await configure(page);
  server.reset();
  server.setScript([{ text: "I think these columns are about sales." }]);

  await page.getByRole("button", { name: "Describe undocumented columns with the LLM…" }).click();
  const dialog = page.getByRole("dialog", { name: "Describe columns with the LLM" });
  // The books table is documented by comments; the views are not.
  await expect(dialog.getByRole("checkbox", { name: "book_sales.copies_sold" })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: /^books\./ })).toHaveCount(0);
  for (const column of [
    "book_sales.book_id",
    "book_sales.title",
    "book_sales.genre",
    "monthly_sales.month",
    "monthly_sales.channel",
    "monthly_sales.orders",
    "monthly_sales.revenue",
  ]) {
    await dialog.getByRole("checkbox", { name: column }).uncheck();
  }
  const sent = dialog.getByLabel("What will be sent");
  await expect(sent).toContainText("Table book_sales");
  await expect(sent).toContainText("- copies_sold");
  await expect(sent).toContainText("- revenue");
  await expect(sent).not.toContainText("monthly_sales");
  await expect(sent).toContainText("examples:");
  expect(server.chatRequests()).toHaveLength(0);
  const shownText = (await sent.textContent()) ?? "";

  // A model that does not answer in JSON: said clearly, nothing changes.
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(dialog.getByRole("alert")).toContainText("not the JSON asked for");
  expect(server.chatRequests()).toHaveLength(1);
  const request = server.chatRequests()[0]!;
  expect(`System:\n${request.messages[0]!.content}\n\nUser:\n${request.messages[1]!.content}`).toBe(shownText);

  server.setScript([
    {
      text: JSON.stringify({
        descriptions: [
          { table: "book_sales", column: "copies_sold", description: "Copies of the book sold, all stores and online." },
          { table: "book_sales", column: "revenue", description: "Money taken for the book, in dollars." },
        ],
      }),
    },
  ]);
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(dialog.getByRole("status")).toContainText("The LLM described 2 columns");
  await dialog.getByRole("button", { name: "Close", exact: true }).first().click();
  await expect(dialog).toHaveCount(0);

  await expandTable(page, "book_sales");
  const columns = schemaPanel(page).getByRole("list", { name: "Columns of book_sales" });
  await expect(columns).toContainText("Copies of the book sold, all stores and online.");
  await expect(columns).toContainText("by the LLM");
  await page.getByRole("button", { name: "Edit description of book_sales.revenue" }).click();
  await page.getByRole("textbox", { name: "Description of book_sales.revenue" }).fill("Revenue in US dollars");
  await page.keyboard.press("Enter");
  await expect(columns.getByRole("listitem").filter({ hasText: "Revenue in US dollars" })).toContainText("by you");
});

// search_schema in the page: the schema sent is pruned, the model searches the whole schema for what was left out,
// queries the table it found, and the trace shows both steps and the answer.
import { expect, test } from "@playwright/test";
import { configureScriptedLlm, openApp } from "./helpers";
import { startScriptedLlmServer, toolCall, toolTurn, type ScriptedServer } from "./llm-server/scripted-llm-server";

let server: ScriptedServer;

test.beforeAll(async () => {
  server = await startScriptedLlmServer({ models: ["scripted-model"] });
});
test.afterAll(async () => {
  await server.close();
});

const QUESTION = "What is the average pay of the staff in each branch?";
const ANSWER_SQL =
  "SELECT stores.name AS branch, round(avg(employees.salary), 2) AS average_salary FROM employees JOIN stores ON stores.store_id = employees.store_id GROUP BY stores.name ORDER BY average_salary DESC";

test("the model finds a pruned-away column with search_schema, queries it, and the trace shows both steps and the answer", async ({ page }) => {
  server.setScript([
    toolTurn(toolCall("search_schema", { terms: "salary store" }), "The schema shown has no pay column and no branches; searching the whole schema."),
    toolTurn(toolCall("run_sql", { sql: ANSWER_SQL }), "employees.salary and stores were left out; join them."),
    toolTurn(toolCall("submit_sql", { sql: ANSWER_SQL }), "That is the answer."),
  ]);
  await openApp(page);
  await configureScriptedLlm(page, server.url);
  await page.getByLabel("Question for the agent").fill(QUESTION);
  await page.getByRole("button", { name: "Ask" }).click();

  const trace = page.getByRole("complementary", { name: "Agent trace" });
  await expect(trace.getByLabel("Final SQL")).toContainText("average_salary");

  // The prompt carried a pruned schema without the salary, told the model about search_schema, and offered the tool.
  const [first, second] = server.chatRequests();
  const system = String(first!.messages.find((message) => message.role === "system")?.content ?? "");
  expect(system).toContain("The schema below is pruned");
  expect(system).not.toMatch(/\bsalary\b/);
  expect(first!.tools?.map((tool) => tool.function.name)).toContain("search_schema");

  // Turn 1: the search with its terms, and what it found: the left-out column, marked, with its reason.
  const turn1 = trace.getByRole("listitem", { name: "Turn 1" });
  await expect(turn1).toContainText("search_schema “salary store” · ✓");
  await turn1.locator("summary").first().click();
  const observation = turn1.getByLabel("Observation of search_schema");
  await expect(observation).toContainText('Whole-schema search for "salary store" by names, descriptions and stored values');
  await expect(observation).toContainText("- employees.salary REAL [not in the schema above]: name match 'salary'");
  await expect(observation).toContainText(/- stores \([\d,]+ rows\) \[not in the schema above\]: name match 'store'/);
  // The model read exactly that text.
  expect(JSON.stringify(second!.messages)).toContain("employees.salary REAL [not in the schema above]");

  // Turn 2: the query over the table it found ran and returned rows; then the answer.
  await expect(trace.getByRole("listitem", { name: "Turn 2" })).toContainText(/run_sql · \d+ rows/);
  await expect(trace.getByLabel("Totals")).toContainText("3 turns");
  await expect(trace.getByLabel("Final SQL")).toContainText("JOIN stores");

  await turn1.scrollIntoViewIfNeeded();
  await trace.screenshot({ path: "test-results/search-schema-trace.png" });
});

test("a question not in English makes the embedding settings suggest the multilingual model; nothing is downloaded", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  await openApp(page);
  await page.getByLabel("Question for the agent").fill("Wie viele Kunden wohnen in der Stadt Portland?");
  await page.getByRole("button", { name: "Settings" }).click();
  const section = page.getByRole("dialog", { name: "Settings" }).getByRole("region", { name: "Schema pruning model" });
  const note = section.getByRole("note", { name: "Embedding model for this language" });
  await expect(note).toContainText("The question is in German: Xenova/multilingual-e5-small (about 100 languages, a download of about 118 MB)");
  await section.screenshot({ path: "test-results/multilingual-suggestion.png" });
  await note.getByRole("button", { name: "Use multilingual-e5-small" }).click();
  await expect(section.getByLabel("Embedding model")).toHaveValue("Xenova/multilingual-e5-small");
  // Chosen, the suggestion has nothing left to say; an English question never raises it.
  await expect(note).toBeHidden();
  await section.getByLabel("Embedding model").selectOption("Xenova/all-MiniLM-L6-v2");
  await expect(note).toContainText("and Xenova/all-MiniLM-L6-v2 is not a multilingual model");
  await page.getByRole("dialog", { name: "Settings" }).getByRole("button", { name: "Close" }).click();
  await page.getByLabel("Question for the agent").fill("How many customers live in Portland?");
  await page.getByRole("button", { name: "Settings" }).click();
  await expect(note).toBeHidden();
  expect(requested.filter((url) => !url.startsWith(new URL(page.url()).origin))).toEqual([]);
});

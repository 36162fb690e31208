// One pipeline, proven on the wire: for the same teaching question the page's benchmark and `querylab eval` send the
// scripted model the same system prompt (the same pruned schema text), and `querylab prune` keeps the same tables.
import { execFile } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { configureScriptedLlm, openApp } from "./helpers";
import { startScriptedLlmServer, toolCall, toolTurn, type ChatRequest, type ScriptedServer } from "./llm-server/scripted-llm-server";
import { firstMessageText as textOf, readTeachingQuestions, type TeachingQuestion } from "./teaching-questions";

const run = promisify(execFile);
const QUESTIONS = 6;

let server: ScriptedServer;
let questions: TeachingQuestion[] = [];

/** The system prompt each question was asked with, by question text. */
function promptsByQuestion(requests: ChatRequest[]): Map<string, string> {
  return new Map(requests.map((request) => [textOf(request, "user"), textOf(request, "system")]));
}

test.beforeAll(async () => {
  questions = await readTeachingQuestions();
  server = await startScriptedLlmServer({
    script: (request) => {
      const gold = questions.find((question) => question.question === textOf(request, "user"))?.query ?? "SELECT 1";
      return toolTurn(toolCall("submit_sql", { sql: gold }), "Submitting.");
    },
  });
});
test.afterAll(async () => {
  await server.close();
});

test("the page's benchmark, querylab eval and querylab prune give a question the same schema", async ({ page }) => {
  test.setTimeout(120_000);
  await openApp(page);
  await configureScriptedLlm(page, server.url, { sharing: "Schema + example values" });
  await page.getByRole("button", { name: "Benchmark" }).click();
  const view = page.getByRole("region", { name: "Benchmark" });
  await expect(view.locator("strong", { hasText: "Teaching benchmark" })).toBeVisible();
  await view.getByLabel("Number of questions").fill(String(QUESTIONS));
  await view.getByLabel("Concurrency").fill("1");
  await view.getByRole("button", { name: "Run benchmark" }).click();
  await expect(view.getByRole("status", { name: "Benchmark status" })).toContainText(`done · ${QUESTIONS} of ${QUESTIONS}`, { timeout: 60_000 });
  const fromPage = promptsByQuestion(server.chatRequests());
  expect(fromPage.size).toBe(QUESTIONS);

  server.reset();
  const cli = ["--import", "tsx", "app/cli/querylab.ts"];
  await run(process.execPath, [
    ...cli,
    "eval",
    "--benchmark",
    "public/benchmark",
    "--base-url",
    server.url,
    "--model",
    "scripted-model",
    "--limit",
    String(QUESTIONS),
    "--sharing",
    "profiles",
  ]);
  const fromCli = promptsByQuestion(server.chatRequests());
  expect([...fromCli.keys()].sort()).toEqual([...fromPage.keys()].sort());
  for (const [question, prompt] of fromPage) {
    expect(prompt).toContain("Database schema:");
    expect(fromCli.get(question), question).toBe(prompt);
  }

  const out = join(await mkdtemp(join(tmpdir(), "querylab-same-schema-")), "pruned.jsonl");
  await run(process.execPath, [...cli, "prune", "--benchmark", "public/benchmark", "--limit", String(QUESTIONS), "--sharing", "profiles", "--out", out]);
  const lines = (await readFile(out, "utf8"))
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { index: number; kept: Record<string, string[]> });
  expect(lines).toHaveLength(QUESTIONS);
  for (const line of lines) {
    const prompt = fromPage.get(questions[line.index]!.question)!;
    const sentTables = [...prompt.matchAll(/^CREATE (?:TABLE|VIEW) "?([^\s"(]+)"?/gm)].map((match) => match[1]);
    expect(sentTables.sort(), questions[line.index]!.question).toEqual(Object.keys(line.kept).sort());
  }
});

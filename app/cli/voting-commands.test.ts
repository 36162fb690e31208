// `querylab eval --candidates N` and `ask --candidates N` as a person runs them: child processes against the scripted server,
// three candidates per question, one of which answers the last question wrongly.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastUserMessage, startScriptedLlmServer, toolCall, toolTurn, type ScriptedServer } from "../../e2e/llm-server/scripted-llm-server";
import { runQuerylab, SHOP_SETUP_SQL, writeBenchmarkFolder } from "./cli-test-support";

let server: ScriptedServer;
let benchmark = "";

const QUESTIONS = [
  { db_id: "shop", question: "How many products are there?", query: "SELECT count(*) FROM product" },
  { db_id: "shop", question: "Which products cost less than 5?", query: "SELECT name FROM product WHERE price < 5" },
];
const RIGHT_CHEAP = "SELECT name FROM product WHERE price < 5";
const WRONG_CHEAP = "SELECT name FROM product WHERE price <= 5";
/** Per question, what the candidates answer in the order their requests arrive: the cheap question gets one wrong answer in three. */
const ANSWERS: Record<string, string[]> = {
  "How many products are there?": ["SELECT COUNT(*) AS n FROM product"],
  "Which products cost less than 5?": [WRONG_CHEAP, RIGHT_CHEAP, RIGHT_CHEAP],
};

beforeAll(async () => {
  const asked = new Map<string, number>();
  server = await startScriptedLlmServer({
    script: (request) => {
      const question = lastUserMessage({ messages: request.messages.filter((message) => message.role === "user").slice(0, 1) }) ?? "";
      const key = Object.keys(ANSWERS).find((known) => question.includes(known)) ?? "";
      const count = asked.get(key) ?? 0;
      asked.set(key, count + 1);
      const answers = ANSWERS[key] ?? ["SELECT 1"];
      return toolTurn(toolCall("submit_sql", { sql: answers[count % answers.length]! }), "Submitting.");
    },
  });
  benchmark = await writeBenchmarkFolder({
    dbId: "shop",
    setupSql: SHOP_SETUP_SQL,
    questions: QUESTIONS,
    prefix: "querylab-vote-",
  });
});

afterAll(async () => {
  await server?.close();
});

describe("querylab eval --candidates", () => {
  it("answers by the vote, writes the groups in each JSON line and gives the accuracy without voting beside it", async () => {
    server.reset();
    const out = join(benchmark, "voted.jsonl");
    const { stdout } = await runQuerylab(
      "eval",
      "--benchmark",
      benchmark,
      "--base-url",
      server.url,
      "--model",
      "scripted-model",
      "--candidates",
      "3",
      "--out",
      out,
    );
    expect(stdout).toContain("Execution accuracy (spider): 2/2 = 100.0%");
    // Three candidates per question, every call at the default voting temperature.
    expect(server.chatRequests().map((request) => request.temperature)).toEqual(Array(6).fill(0.7));

    const lines = (await readFile(out, "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const cheap = lines.find((line) => line.question === "Which products cost less than 5?");
    expect(cheap).toMatchObject({ match: true, predicted: RIGHT_CHEAP });
    expect(cheap.voting).toMatchObject({ candidates: 3, temperature: 0.7, winner: 0, rule: "the largest group: 2 of 3 candidates." });
    expect(cheap.voting.groups.map((group: { candidates: number[]; rowCount: number }) => [group.candidates.length, group.rowCount])).toEqual([
      [2, 1],
      [1, 2],
    ]);
    // Candidate 1 alone is whichever answer it got; the summary counts it the same way.
    expect(cheap.voting.first.match).toBe(cheap.voting.first.predicted === RIGHT_CHEAP);
    const firstMatches = lines.filter((line) => line.voting.first.match).length;
    expect(stdout).toContain(
      `Without voting (candidate 1 alone, same questions): ${firstMatches}/2 = ${((firstMatches / 2) * 100).toFixed(1)}%; 3 candidates at temperature 0.7`,
    );
    expect(JSON.parse(stdout.trim().split("\n").at(-1)!).summary.withoutVoting).toEqual({ matches: firstMatches, accuracy: firstMatches / 2 });
  });

  it("refuses a number of candidates out of range", async () => {
    await expect(runQuerylab("eval", "--benchmark", benchmark, "--model", "m", "--candidates", "11")).rejects.toMatchObject({
      stderr: expect.stringContaining("--candidates must be a whole number from 1 to 10, not 11"),
    });
  });
});

describe("querylab ask --candidates", () => {
  it("prints each candidate's answer, the groups and the winner's SQL, at the given temperature", async () => {
    server.reset();
    const db = join(benchmark, "database", "shop", "shop.sqlite");
    const { stdout } = await runQuerylab(
      "ask",
      ...["--db", db, "--question", "Which products cost less than 5?", "--base-url", server.url, "--model", "scripted-model"],
      ...["--candidates", "3", "--temperature", "0.4"],
    );
    expect(server.chatRequests().map((request) => request.temperature)).toEqual([0.4, 0.4, 0.4]);
    expect(stdout.match(/\[candidate \d\] final SQL/g)).toHaveLength(3);
    expect(stdout).toContain("Vote of 3 candidates at temperature 0.4: the largest group: 2 of 3 candidates.");
    expect(stdout).toMatch(/winner: candidates \d, \d; 1 rows\n {4}2× SELECT name FROM product WHERE price < 5/);
    expect(stdout).toContain(`Final SQL:\n  ${RIGHT_CHEAP}`);
  });
});

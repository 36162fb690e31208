// `querylab ask` with a pruned schema: the model may search the whole schema (search_schema), and the trace prints it.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startScriptedLlmServer, toolCall, toolTurn, type ScriptedServer } from "../../e2e/llm-server/scripted-llm-server";

const run = promisify(execFile);
let server: ScriptedServer;

beforeAll(async () => {
  server = await startScriptedLlmServer({
    script: [
      toolTurn(toolCall("search_schema", { terms: "square feet" }), "The schema shown has no floor area; searching the whole schema."),
      toolTurn(toolCall("submit_sql", { sql: "SELECT name, square_feet FROM stores ORDER BY square_feet DESC LIMIT 1" })),
    ],
  });
});
afterAll(async () => {
  await server?.close();
});

function querylab(...args: string[]) {
  return run(process.execPath, ["--import", "tsx", "app/cli/querylab.ts", ...args], { env: { ...process.env, QUERYLAB_API_KEY: "" } });
}

describe("querylab ask and search_schema", () => {
  it("offers search_schema with a pruned schema and prints the call and what it found", async () => {
    const { stdout } = await querylab(
      "ask",
      "--db",
      "public/samples/bookshop.sqlite",
      "--question",
      "Which customers are in the gold loyalty tier?",
      "--base-url",
      server.url,
      "--model",
      "scripted-model",
      "--budget",
      "300",
    );
    expect(stdout).toContain('action: search_schema "square feet"');
    expect(stdout).toMatch(/observation:\n {4}Whole-schema search for "square feet" by names and descriptions \(not stored values/);
    expect(stdout).toMatch(
      /^ {4}- stores\.square_feet INTEGER \[not in the schema above\]: name match 'square'; name match 'feet'; holds an area, the kind of figure asked for$/m,
    );
    expect(stdout).toContain("Final SQL:");
    const [first] = server.chatRequests();
    expect(first!.tools?.map((tool) => tool.function.name)).toContain("search_schema");
    expect(String(first!.messages[0]!.content)).not.toContain("square_feet");
  });
});

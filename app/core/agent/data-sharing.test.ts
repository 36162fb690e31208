// The data-sharing setting, proven on the wire: what each level lets into the requests the LLM endpoint receives.
import initSqlJs from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startScriptedLlmServer, toolCall, toolTurn, type ScriptedServer } from "../../../e2e/llm-server/scripted-llm-server";
import { SqliteEngine } from "../db/sqljs-engine";
import { createLanguageModel, DEFAULT_LLM_SETTINGS } from "../llm/providers";
import { runAgent } from "./agent-loop";
import { DEFAULT_DATA_SHARING, sharesValues, type DataSharing } from "../data-sharing";
import type { DatabaseProfile } from "../schema/types";
import { profileDatabase } from "../schema/profile";
import { unprunedSchema } from "../schema/prune";

let server: ScriptedServer;
let engine: SqliteEngine;
let profile: DatabaseProfile;

// Six names, so the prompt's note on city.name gives three examples ("Paris", "Lyon", "Berlin"), not the list;
// "Zurich" and "Oslo" are only ever seen through the tools.
const FIXTURE = `
CREATE TABLE city (id INTEGER PRIMARY KEY, name TEXT, country TEXT);
INSERT INTO city VALUES (1, 'Paris', 'France'), (2, 'Lyon', 'France'), (3, 'Berlin', 'Germany'), (4, 'Zurich', 'Switzerland'), (5, 'Oslo', 'Norway'), (6, 'Madrid', 'Spain');
`;

beforeAll(async () => {
  server = await startScriptedLlmServer({
    script: [
      toolTurn(toolCall("sample_values", { table: "city", column: "name", like: "O%" })),
      toolTurn(toolCall("run_sql", { sql: "SELECT name FROM city WHERE country = 'Switzerland'" })),
      toolTurn(toolCall("describe_table", { table: "city" })),
      toolTurn(toolCall("submit_sql", { sql: "SELECT name FROM city WHERE country = 'Switzerland'" })),
    ],
  });
  const SQL = await initSqlJs();
  const database = new SQL.Database();
  database.exec(FIXTURE);
  engine = new SqliteEngine(SQL);
  await engine.open(database.export());
  profile = profileDatabase(database, await engine.schema(), "fixture");
});

afterAll(async () => {
  await server?.close();
});

/** What reached the endpoint over one run; the schema text obeys the same level, as every caller builds it. */
async function sentWith(sharing: DataSharing | undefined): Promise<string> {
  server.reset();
  const settings = { ...DEFAULT_LLM_SETTINGS, providerId: "custom", baseUrl: server.url, model: "scripted-model" };
  const schema = unprunedSchema(await engine.schema(), { profile, includeValues: sharesValues(sharing ?? DEFAULT_DATA_SHARING) });
  for await (const event of runAgent({
    question: "Which Swiss city is listed?",
    database: engine,
    model: createLanguageModel(settings),
    settings,
    schema,
    ...(sharing ? { sharing } : {}),
  })) {
    if (event.type === "run-end") expect(event.status).toBe("submitted");
  }
  return JSON.stringify(server.chatRequests());
}

describe("data sharing", () => {
  it("schema only: no value from the data is sent, not even example rows", async () => {
    const sent = await sentWith("schema");
    expect(sent).toContain("CREATE TABLE city");
    for (const value of ["Paris", "Berlin", "Zurich", "Oslo", "Norway"]) expect(sent).not.toContain(value);
    expect(sent).toContain("values withheld");
    expect(sent).toContain("schema only");
  });

  it("by default (no level given) nothing but the schema is sent", async () => {
    const sent = await sentWith(undefined);
    expect(sent).toContain("CREATE TABLE city");
    for (const value of ["Paris", "Berlin", "Zurich", "Oslo", "Norway"]) expect(sent).not.toContain(value);
    expect(sent).toContain("values withheld");
    expect(sent).toContain("schema only");
  });

  it("example values: example rows and looked-up values are sent, query results are not", async () => {
    const sent = await sentWith("profiles");
    expect(sent).toContain("Paris");
    expect(sent).toContain("Oslo"); // from sample_values
    expect(sent).not.toContain("Zurich"); // only in the result of run_sql
    expect(sent).toContain("1 row (values withheld");
  });

  it("query results: the agent sees its rows", async () => {
    const sent = await sentWith("results");
    expect(sent).toContain("Zurich");
  });
});

// How long a shared session's link is: agent runs on the Bookshop sample (the scripted model over real HTTP, the whole
// schema in the prompt, every request and response recorded as the page records them), made into sessions under each
// data-sharing level. Runs alone: npx tsx bench/session-size.ts
import { readFile } from "node:fs/promises";
import initSqlJs from "sql.js";
import { startScriptedLlmServer, toolCall, toolTurn } from "../e2e/llm-server/scripted-llm-server";
import { runAgent } from "../app/core/agent/agent-loop";
import { createSession, sessionFileText, SESSION_LIMITS, shareForm } from "../app/core/agent/session";
import type { Trace } from "../app/core/agent/trace";
import type { AgentEvent } from "../app/core/agent/events";
import { SqliteEngine } from "../app/core/db/sqljs-engine";
import { createLanguageModel, DEFAULT_LLM_SETTINGS } from "../app/core/llm/providers";
import { createRecordingFetch } from "../app/core/llm/recording-fetch";
import { unprunedSchema } from "../app/core/schema/prune";
import { sharesValues, type DataSharing } from "../app/core/data-sharing";

const LOOKS = [
  "SELECT name FROM genres ORDER BY name",
  "SELECT b.title, SUM(oi.quantity) AS copies FROM order_items oi JOIN books b ON b.book_id = oi.book_id GROUP BY b.book_id ORDER BY copies DESC LIMIT 10",
  "SELECT count(*) FROM orders WHERE status = 'Cancelled'",
];
const ANSWER =
  "SELECT b.title, SUM(oi.quantity) AS copies FROM order_items oi JOIN books b ON b.book_id = oi.book_id GROUP BY b.book_id ORDER BY copies DESC LIMIT 1";

async function main(): Promise<void> {
  const SQL = await initSqlJs();
  const engine = new SqliteEngine(SQL);
  await engine.open(new Uint8Array(await readFile("public/samples/bookshop.sqlite")));
  const server = await startScriptedLlmServer({ models: ["scripted-model"] });
  const rows: string[] = [];
  try {
    for (const turns of [2, 4]) {
      for (const sharing of ["schema", "results"] as DataSharing[]) {
        server.setScript([
          ...LOOKS.slice(0, turns - 1).map((sql) => toolTurn(toolCall("run_sql", { sql }), "Look first.")),
          toolTurn(toolCall("submit_sql", { sql: ANSWER }), "Done."),
        ]);
        const settings = { ...DEFAULT_LLM_SETTINGS, providerId: "custom", baseUrl: server.url, model: "scripted-model" };
        const recorder = createRecordingFetch(globalThis.fetch);
        const schema = unprunedSchema(await engine.schema(), { includeValues: sharesValues(sharing) });
        const events: AgentEvent[] = [];
        for await (const event of runAgent({
          question: "Which book sold the most copies?",
          database: engine,
          model: createLanguageModel(settings, recorder.fetch),
          settings,
          schema,
          sharing,
          recorder,
        })) {
          events.push(event);
        }
        const trace: Trace = {
          version: 1,
          id: `bench-${turns}-${sharing}`,
          question: "Which book sold the most copies?",
          databaseName: "Bookshop",
          model: "scripted-model",
          baseUrl: server.url,
          createdAt: 0,
          events,
        };
        const session = await createSession({
          trace,
          database: { kind: "sample", sample: "bookshop", name: "Bookshop" },
          pruningSettings: null,
          currentSharing: sharing,
          secrets: [],
        });
        const share = shareForm(session);
        const linkCharacters = share.kind === "link" ? share.payload.length : share.payloadCharacters;
        rows.push(
          `${turns} turns, ${sharing.padEnd(7)}: session file ${sessionFileText(session).length} characters → link payload ${linkCharacters} characters (${share.kind}; limit ${SESSION_LIMITS.linkCharacters})`,
        );
      }
    }
  } finally {
    await server.close();
  }
  console.log(rows.join("\n"));
}

await main();

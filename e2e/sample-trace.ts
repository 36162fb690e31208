// A stored agent run as a trace file holds it: one turn that submits a count. Imported by the specs that need a trace
// in the agent's history without running the agent.
export const TRACE = {
  version: 1,
  id: "trace-imported",
  question: "How many books are there?",
  databaseName: "Bookshop",
  model: "scripted-model",
  baseUrl: "http://127.0.0.1:9/v1",
  createdAt: Date.UTC(2025, 0, 2),
  events: [
    { type: "turn-start", turn: 1 },
    { type: "text-delta", turn: 1, text: "Count the books." },
    { type: "tool-call", turn: 1, toolCallId: "a", tool: "submit_sql", input: { sql: "SELECT count(*) FROM books" } },
    { type: "observation", turn: 1, toolCallId: "a", tool: "submit_sql", ok: true, text: "1 row" },
    { type: "turn-end", turn: 1, usage: { inputTokens: 10, outputTokens: 5 }, latencyMs: 20, raw: [] },
    { type: "final", turn: 1, sql: "SELECT count(*) FROM books" },
    { type: "run-end", status: "submitted", turns: 1, usage: { inputTokens: 10, outputTokens: 5 }, elapsedMs: 30, overheadMs: 2 },
  ],
};

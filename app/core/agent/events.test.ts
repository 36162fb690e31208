// Events read back from traces: older traces still parse, and error kinds are one closed list.
import { describe, expect, it } from "vitest";
import { agentErrorKindSchema, agentEventSchema } from "./events";
import { parseTrace } from "./trace";

describe("agentEventSchema", () => {
  it("reads an error kind this version does not know as unknown, keeping its message", () => {
    const parsed = agentEventSchema.parse({ type: "error", turn: 2, kind: "quota-exceeded", message: "The provider's quota ran out." });
    expect(parsed).toEqual({ type: "error", turn: 2, kind: "unknown", message: "The provider's quota ran out." });
  });

  it("keeps the loop's and the LLM's kinds as they are", () => {
    for (const kind of ["stopped", "max-turns", "token-budget", "repeated-failure", "auth", "rate-limit", "tools-unsupported", "unknown"]) {
      expect(agentEventSchema.parse({ type: "error", kind, message: "m" })).toMatchObject({ kind });
    }
    expect(agentErrorKindSchema.options).toContain("stream-cut");
  });

  it("parses a trace saved before pruning (no schema in run-start) and one saved with it", () => {
    const start = { type: "run-start", runId: "r", question: "q", model: "m", baseUrl: "u", protocol: "tools", systemPrompt: "s", startedAt: 1 };
    const pruning = {
      tokensKept: 10,
      tokensFull: 40,
      budget: 12,
      kept: { city: ["id", "name"] },
      columnsKept: 2,
      columnsTotal: 8,
      stagesUsed: ["lexical", "value"],
    };
    const trace = (events: unknown[]) =>
      JSON.stringify({ version: 1, id: "t", question: "q", databaseName: "d", model: "m", baseUrl: "u", createdAt: 1, events });
    const end = { type: "run-end", status: "failed", turns: 1, usage: { inputTokens: 1, outputTokens: 1 }, elapsedMs: 1, overheadMs: 0 };
    const old = parseTrace(trace([start, { type: "error", turn: 1, kind: "some-old-kind", message: "m" }, end]));
    expect(old.ok).toBe(true);
    const pruned = parseTrace(trace([{ ...start, schema: pruning }, end]));
    expect(pruned.ok && pruned.trace.events[0]).toMatchObject({ schema: pruning });
  });
});

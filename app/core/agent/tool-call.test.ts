// Tool calls: validation yields a call typed by its tool, and anything invalid becomes a message for the model.
import { describe, expect, expectTypeOf, it } from "vitest";
import { requestedCalls, sqlOf, validateToolCall, type ToolCall } from "./tool-call";

const request = (toolName: string, input: unknown, invalidReason?: string) => ({ id: "call-1", toolName, input, ...(invalidReason ? { invalidReason } : {}) });

describe("validateToolCall", () => {
  it("gives valid arguments their tool's type (from zod, no casts)", () => {
    const validated = validateToolCall(request("sample_values", { table: "city", column: "country", like: "%fr%" }));
    expect(validated).toEqual({ ok: true, call: { id: "call-1", name: "sample_values", input: { table: "city", column: "country", like: "%fr%" } } });
    if (!validated.ok) throw new Error("expected a valid call");
    const call: ToolCall = validated.call;
    if (call.name === "sample_values") expectTypeOf(call.input).toEqualTypeOf<{ table: string; column: string; like?: string | undefined }>();
    if (call.name === "run_sql") expectTypeOf(call.input.sql).toBeString();
  });

  it("reads arguments sent as a JSON string, and an empty string as no arguments", () => {
    expect(validateToolCall(request("run_sql", '{"sql": "SELECT 1"}'))).toMatchObject({ ok: true, call: { name: "run_sql", input: { sql: "SELECT 1" } } });
    expect(validateToolCall(request("list_tables", ""))).toMatchObject({ ok: true, call: { name: "list_tables", input: {} } });
  });

  it("turns each kind of invalid call into an observation the model can act on", () => {
    expect(validateToolCall(request("drop_table", {}))).toEqual({ ok: false, message: expect.stringContaining('there is no tool named "drop_table"') });
    expect(validateToolCall(request("run_sql", '{"sql": "SELECT 1'))).toEqual({ ok: false, message: expect.stringContaining("not valid JSON") });
    expect(validateToolCall(request("describe_table", { name: "city" }))).toEqual({
      ok: false,
      message: expect.stringMatching(/^Error: wrong arguments for describe_table: table:/),
    });
    expect(validateToolCall(request("run_sql", { sql: "" }))).toEqual({ ok: false, message: expect.stringContaining("wrong arguments for run_sql") });
    // The SDK's objection is passed on even when the value would pass our schema.
    expect(validateToolCall(request("run_sql", { sql: "SELECT 1" }, "Type validation failed"))).toEqual({
      ok: false,
      message: "Error: invalid arguments for run_sql: Type validation failed",
    });
  });
});

describe("sqlOf", () => {
  it("is the SQL of run_sql and submit_sql, nothing for other tools", () => {
    expect(sqlOf({ id: "a", name: "submit_sql", input: { sql: "SELECT 2" } })).toBe("SELECT 2");
    expect(sqlOf({ id: "b", name: "describe_table", input: { table: "city" } })).toBeNull();
  });
});

describe("requestedCalls", () => {
  it("takes native calls as they are, and else reads the action from the text", () => {
    const native = { id: "n", toolName: "list_tables", input: {}, source: "tools" as const };
    expect(requestedCalls({ text: "", toolCalls: [native] }, "tools", 1)).toEqual({ calls: [native], problem: null });
    expect(requestedCalls({ text: "ACTION: describe_table city", toolCalls: [] }, "text", 2)).toEqual({
      calls: [{ id: "text-2", toolName: "describe_table", input: { table: "city" }, source: "text" }],
      problem: null,
    });
  });

  it("tells the model what to do when it asked for nothing", () => {
    expect(requestedCalls({ text: "Thinking.", toolCalls: [] }, "tools", 1).problem).toContain("No tool was called");
    expect(requestedCalls({ text: "Thinking.", toolCalls: [] }, "text", 1).problem).toContain("No action found");
  });
});

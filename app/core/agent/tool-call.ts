// Tool calls: what the model asked for (raw, either protocol) and, once zod has checked it, a union typed per tool.
import type { z } from "zod";
import { readTextActions } from "./text-protocol";
import { isToolName, toolInputSchemas, TOOL_NAMES, type ToolName } from "./tools";
import { errorMessage } from "../error-message";

export type ToolInput<Name extends ToolName> = z.infer<(typeof toolInputSchemas)[Name]>;

/** A call whose arguments passed validation: `call.name` narrows `call.input` to that tool's arguments. */
export type ToolCall = { [Name in ToolName]: { id: string; name: Name; input: ToolInput<Name> } }[ToolName];

/** A call as the model made it: any name, any arguments, not yet trusted. */
export interface RequestedToolCall {
  id: string;
  toolName: string;
  input: unknown;
  /** Set when the SDK already found the arguments invalid (against the JSON schema it was given). */
  invalidReason?: string;
  /** A native tool call, or an action read from the reply's text. */
  source: "tools" | "text";
}

export type ValidatedToolCall = { ok: true; call: ToolCall } | { ok: false; message: string };

function issuesText(name: string, error: z.ZodError): string {
  return `Error: wrong arguments for ${name}: ${error.issues.map((issue) => `${issue.path.join(".") || "input"}: ${issue.message}`).join("; ")}.`;
}

/** Each tool checked by its own schema, so the result carries that tool's argument type without a cast. */
function checkedCall(id: string, name: ToolName, value: unknown): ValidatedToolCall {
  switch (name) {
    case "list_tables": {
      const parsed = toolInputSchemas.list_tables.safeParse(value);
      return parsed.success ? { ok: true, call: { id, name, input: parsed.data } } : { ok: false, message: issuesText(name, parsed.error) };
    }
    case "describe_table": {
      const parsed = toolInputSchemas.describe_table.safeParse(value);
      return parsed.success ? { ok: true, call: { id, name, input: parsed.data } } : { ok: false, message: issuesText(name, parsed.error) };
    }
    case "sample_values": {
      const parsed = toolInputSchemas.sample_values.safeParse(value);
      return parsed.success ? { ok: true, call: { id, name, input: parsed.data } } : { ok: false, message: issuesText(name, parsed.error) };
    }
    case "run_sql": {
      const parsed = toolInputSchemas.run_sql.safeParse(value);
      return parsed.success ? { ok: true, call: { id, name, input: parsed.data } } : { ok: false, message: issuesText(name, parsed.error) };
    }
    case "diagnose_sql": {
      const parsed = toolInputSchemas.diagnose_sql.safeParse(value);
      return parsed.success ? { ok: true, call: { id, name, input: parsed.data } } : { ok: false, message: issuesText(name, parsed.error) };
    }
    case "submit_sql": {
      const parsed = toolInputSchemas.submit_sql.safeParse(value);
      return parsed.success ? { ok: true, call: { id, name, input: parsed.data } } : { ok: false, message: issuesText(name, parsed.error) };
    }
    case "search_schema": {
      const parsed = toolInputSchemas.search_schema.safeParse(value);
      return parsed.success ? { ok: true, call: { id, name, input: parsed.data } } : { ok: false, message: issuesText(name, parsed.error) };
    }
  }
}

/** Validates a requested call; the message is what the model is told so it can try again. */
export function validateToolCall(requested: Pick<RequestedToolCall, "id" | "toolName" | "input" | "invalidReason">): ValidatedToolCall {
  const name = requested.toolName;
  if (!isToolName(name)) return { ok: false, message: `Error: there is no tool named "${name}". Tools: ${TOOL_NAMES.join(", ")}.` };
  let value = requested.input;
  if (typeof value === "string") {
    try {
      value = value.trim() === "" ? {} : JSON.parse(value);
    } catch (error) {
      return {
        ok: false,
        message: `Error: the arguments for ${name} are not valid JSON (${errorMessage(error)}). Send a JSON object.`,
      };
    }
  }
  const checked = checkedCall(requested.id, name, value ?? {});
  // The SDK's own objection stands even when our schema would accept the value: the model is told what it said.
  if (checked.ok && requested.invalidReason !== undefined) return { ok: false, message: `Error: invalid arguments for ${name}: ${requested.invalidReason}` };
  return checked;
}

const TEXT_CALL_PREFIX = "text-";

/** The id of an action read from a reply's text: providers give native calls ids of their own, never this form. */
function textCallId(turn: number, index: number): string {
  return index === 0 ? `${TEXT_CALL_PREFIX}${turn}` : `${TEXT_CALL_PREFIX}${turn}-${index + 1}`;
}

/** Whether a recorded call was read from the reply's text (it goes back to the model as text, not as a tool call). */
export function isTextCallId(id: string): boolean {
  return id.startsWith(TEXT_CALL_PREFIX);
}

/** The SQL a call runs (run_sql, submit_sql), if any. */
export function sqlOf(call: ToolCall): string | null {
  return call.name === "run_sql" || call.name === "submit_sql" ? call.input.sql : null;
}

/**
 * What the model asked for in one turn, in one form whatever the protocol: its native calls, or else the actions
 * written in its reply (a tool-calling model that answered in prose is read the same way). `problem` is what to tell
 * it when it asked for nothing usable.
 */
export function requestedCalls(
  reply: { text: string; toolCalls: RequestedToolCall[] },
  protocol: "tools" | "text",
  turn: number,
): { calls: RequestedToolCall[]; problem: string | null } {
  if (protocol === "tools" && reply.toolCalls.length > 0) return { calls: reply.toolCalls, problem: null };
  const reading = readTextActions(reply.text);
  if (reading.ok) {
    // Several calls written in one reply get ids of their own, as native parallel calls do.
    const calls = reading.calls.map((call, index): RequestedToolCall => ({
      id: textCallId(turn, index),
      toolName: call.name,
      input: call.input,
      source: "text",
    }));
    return { calls, problem: null };
  }
  if (protocol === "text") return { calls: [], problem: reading.message };
  return {
    calls: [],
    problem:
      reading.problem === "final-without-sql"
        ? "You gave a final answer but no query. Call submit_sql with the final query."
        : "No tool was called. Call exactly one tool; use submit_sql when you have the final query.",
  };
}

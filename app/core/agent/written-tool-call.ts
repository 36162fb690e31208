// Tool calls a model wrote into its text instead of making them: JSON objects in the shapes the model families use
// (OpenAI/Qwen/Hermes {"name","arguments"}, Llama {"name","parameters"}, small models' {"tool","args"|"input"},
// LangChain {"action","action_input"}, with or without a fence or <tool_call> tags) and Llama's <function=name>{…}</function>.
import { insideBlock, isSqlBlock, type FencedBlock } from "./reply-text";
import { isToolName } from "./tools";

export interface WrittenCall {
  name: string;
  input: unknown;
  start: number;
}

const NAME_KEYS = ["name", "tool", "tool_name", "function", "action"];
const ARGUMENT_KEYS = ["arguments", "parameters", "args", "input", "action_input", "tool_input"];
/** Keys a call object may carry beside its name and arguments. */
const ENVELOPE_KEYS = ["type", "id", "index"];
/** A reply is read in one pass; a hostile or runaway reply full of braces must not make it quadratic. */
const SCAN_BUDGET = 1_000_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A lone string argument (LangChain's "action_input": "SELECT …") given to the one argument a tool needs. A string
 * holding a JSON object is left for validateToolCall to parse, as native calls' string arguments are.
 */
function argumentsOf(name: string, value: unknown): unknown {
  if (typeof value !== "string" || value.trim().startsWith("{")) return value;
  if (name === "run_sql" || name === "submit_sql" || name === "diagnose_sql") return { sql: value.trim() };
  if (name === "describe_table") return { table: value.trim() };
  if (name === "search_schema") return { terms: value.trim() };
  return value;
}

/** The call an object describes, or null when it is not one (e.g. a result row {"name": "Paris", …}). */
export function callOf(value: unknown): { name: string; input: unknown } | null {
  if (!isRecord(value)) return null;
  // {"type": "function", "function": {"name", "arguments"}}, as the OpenAI wire format writes it.
  if (isRecord(value.function)) return callOf(value.function);
  const nameKey = NAME_KEYS.find((key) => typeof value[key] === "string");
  if (!nameKey) return null;
  const written = (value[nameKey] as string).trim();
  // LangChain's JSON agents end with {"action": "Final Answer", "action_input": "<the answer>"}.
  const name = /^final[ _]?answer$/i.test(written) ? "submit_sql" : written;
  const argumentKey = ARGUMENT_KEYS.find((key) => key in value);
  const otherKeys = Object.keys(value).filter((key) => key !== nameKey && key !== argumentKey && !ENVELOPE_KEYS.includes(key));
  if (isToolName(name)) {
    if (argumentKey) return { name, input: argumentsOf(name, value[argumentKey]) };
    // {"tool": "run_sql", "sql": "…"}: the arguments written beside the name.
    return { name, input: Object.fromEntries(otherKeys.map((key) => [key, value[key]])) };
  }
  // An unknown name counts only in the exact shape of a call, so the model hears that the tool does not exist.
  return argumentKey && otherKeys.length === 0 ? { name, input: value[argumentKey] } : null;
}

/**
 * The balanced {…} starting at `from`, with raw line breaks and tabs inside strings escaped (models often write a
 * multi-line query straight into a JSON string), or null when it never closes.
 */
function objectAt(text: string, from: number, budget: { left: number }): { json: string; end: number } | null {
  let depth = 0;
  let inString = false;
  let json = "";
  for (let index = from; index < text.length; index += 1) {
    if (--budget.left < 0) return null;
    const char = text[index]!;
    if (inString) {
      if (char === "\\") {
        json += char + (text[index + 1] ?? "");
        index += 1;
        continue;
      }
      if (char === '"') inString = false;
      json += char === "\n" ? "\\n" : char === "\r" ? "\\r" : char === "\t" ? "\\t" : char;
      continue;
    }
    json += char;
    if (char === '"') inString = true;
    else if (char === "{") depth += 1;
    else if (char === "}" && --depth === 0) return { json, end: index + 1 };
  }
  return null;
}

function jsonCalls(text: string, blocks: readonly FencedBlock[]): WrittenCall[] {
  const calls: WrittenCall[] = [];
  const budget = { left: SCAN_BUDGET };
  const sqlBlocks = blocks.filter(isSqlBlock);
  for (let index = text.indexOf("{"); index >= 0 && budget.left > 0; index = text.indexOf("{", index + 1)) {
    // Braces inside a SQL block are SQL (json_object, a string literal), not a call.
    if (insideBlock(sqlBlocks, index)) continue;
    const object = objectAt(text, index, budget);
    if (!object) continue;
    let value: unknown;
    try {
      value = JSON.parse(object.json);
    } catch {
      continue;
    }
    const call = callOf(value);
    if (call) {
      calls.push({ ...call, start: index });
      // The arguments object inside is part of this call, not another one.
      index = object.end - 1;
    }
  }
  return calls;
}

/** Llama 3.1's custom tool format: <function=run_sql>{"sql": "…"}</function>. */
function functionTagCalls(text: string): WrittenCall[] {
  const calls: WrittenCall[] = [];
  for (const match of text.matchAll(/<function=([\w.-]+)>([\s\S]*?)<\/function>/g)) {
    const body = match[2]!.trim();
    let input: unknown = body;
    try {
      input = body === "" ? {} : JSON.parse(body);
    } catch {
      // Not JSON: a lone argument, handed to the tool's one argument when it has one.
    }
    calls.push({ name: match[1]!, input: argumentsOf(match[1]!, input), start: match.index });
  }
  return calls;
}

/** Every call written in the text, in the order written. */
export function writtenToolCalls(text: string, blocks: readonly FencedBlock[]): WrittenCall[] {
  const tagged = functionTagCalls(text);
  const tagRanges = [...text.matchAll(/<function=[\s\S]*?<\/function>/g)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
  const json = jsonCalls(text, blocks).filter((call) => !tagRanges.some((range) => call.start >= range.start && call.start < range.end));
  return [...tagged, ...json].sort((a, b) => a.start - b.start);
}

// "Describe with the LLM": the model's answer checked against the columns asked (describe-request.ts built the
// request). Apart from it, so the page's start, which builds requests in the descriptions store, does not carry it.
import * as z from "../zod-mini";
import type { LlmErrorKind } from "../llm/llm-error-kinds";
import { withDescription, emptyDescriptions } from "./descriptions";
import type { DescribeRequest } from "./describe-request";
import type { SchemaDescriptions } from "./types";
import { errorMessage } from "../error-message";

export type DescribeErrorKind = LlmErrorKind | "malformed-response";

export interface DescribeError {
  kind: DescribeErrorKind;
  message: string;
}

export type DescribeOutcome =
  | { ok: true; descriptions: SchemaDescriptions; described: number; missing: Array<{ table: string; column: string }>; rawText: string }
  | { ok: false; error: DescribeError; rawText?: string };

const answerSchema = z.object({
  descriptions: z.array(z.object({ table: z.string(), column: z.string(), description: z.string() })),
});

/** The JSON object in a model's answer, which may come wrapped in a ```json fence or a sentence. */
function jsonIn(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text)?.[1] ?? text;
  const start = fenced.indexOf("{");
  const end = fenced.lastIndexOf("}");
  if (start < 0 || end < start) throw new Error("no JSON object in the answer");
  return JSON.parse(fenced.slice(start, end + 1));
}

/** Checks the model's answer against the columns asked; descriptions of columns not asked for are ignored. */
export function parseDescribeAnswer(text: string, request: DescribeRequest): DescribeOutcome {
  let value: unknown;
  try {
    value = jsonIn(text);
  } catch (error) {
    return {
      ok: false,
      rawText: text,
      error: {
        kind: "malformed-response",
        message: `The model's answer is not the JSON asked for (${errorMessage(error)}). Try again or pick another model.`,
      },
    };
  }
  const parsed = answerSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      rawText: text,
      error: {
        kind: "malformed-response",
        message: `The model's answer does not have the expected shape (${issue ? `${issue.path.join(".") || "top level"}: ${issue.message}` : "unknown"}). Try again or pick another model.`,
      },
    };
  }
  let descriptions = emptyDescriptions();
  const done = new Set<string>();
  const keyOf = (table: string, column: string) => `${table.toLowerCase()}\u0000${column.toLowerCase()}`;
  for (const entry of parsed.data.descriptions) {
    const asked = request.columns.find((column) => keyOf(column.table, column.column) === keyOf(entry.table, entry.column));
    const text = entry.description.replace(/\s+/g, " ").trim();
    if (!asked || !text || done.has(keyOf(asked.table, asked.column))) continue;
    done.add(keyOf(asked.table, asked.column));
    descriptions = withDescription(descriptions, asked.table, asked.column, { text: text.slice(0, 600), source: "llm" });
  }
  const missing = request.columns.filter((column) => !done.has(keyOf(column.table, column.column))).map(({ table, column }) => ({ table, column }));
  if (done.size === 0) {
    return {
      ok: false,
      rawText: text,
      error: { kind: "malformed-response", message: "The model's answer describes none of the columns asked for. Try again or pick another model." },
    };
  }
  return { ok: true, descriptions, described: done.size, missing, rawText: text };
}

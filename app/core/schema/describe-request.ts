// "Describe with the LLM", the part without the AI SDK: the exact request for undocumented columns (shown before
// sending); describe-answer.ts checks the answer.
import { sharesValues, type DataSharing } from "../data-sharing";
import { quoteIdentifierIfNeeded } from "../db/identifiers";
import type { DatabaseSchema } from "../db/types";
import type { DatabaseProfile } from "./types";

export interface ColumnToDescribe {
  table: string;
  column: string;
  type: string;
  /** Example values; present only when the data-sharing setting allows values to leave the page. */
  examples?: string[];
}

/** Everything that will be sent, so the person reads exactly this before agreeing. */
export interface DescribeRequest {
  system: string;
  prompt: string;
  columns: ColumnToDescribe[];
  /** Whether example values are in the prompt (from the data-sharing setting). */
  includesValues: boolean;
}

/** Columns asked at once; a long list makes answers slower and more often cut off. */
export const MAX_COLUMNS_PER_REQUEST = 60;
const EXAMPLES_PER_COLUMN = 3;
/** An example longer than this says little more about the column and could carry a lot of data. */
const EXAMPLE_CHARACTERS = 40;

const SYSTEM = [
  "You document database columns for people who write SQL.",
  "For each column listed, write one short sentence (at most 25 words) saying what it holds, with its unit or coding when the name, type or examples show it.",
  "Do not invent facts the names and examples do not support; say 'probably' when unsure.",
  'Answer with JSON only, no other text: {"descriptions": [{"table": "...", "column": "...", "description": "..."}]}, one entry per column listed, names exactly as given.',
].join("\n");

function shortExample(value: string): string {
  return value.length > EXAMPLE_CHARACTERS ? `${value.slice(0, EXAMPLE_CHARACTERS - 1)}…` : value;
}

/**
 * Builds the request for the chosen columns. Names, types and the other column names of each table are
 * always sent (they are the schema); example values only when `sharing` allows values.
 */
export function buildDescribeRequest(
  chosen: Array<{ table: string; column: string }>,
  schema: DatabaseSchema,
  profile: DatabaseProfile | null,
  sharing: DataSharing,
): DescribeRequest {
  const includesValues = sharesValues(sharing);
  const columns: ColumnToDescribe[] = [];
  for (const { table, column } of chosen.slice(0, MAX_COLUMNS_PER_REQUEST)) {
    const tableInfo = schema.tables.find((entry) => entry.name === table);
    const columnInfo = tableInfo?.columns.find((entry) => entry.name === column);
    if (!tableInfo || !columnInfo) continue;
    const columnProfile = profile?.tables.find((entry) => entry.table === table)?.columns.find((entry) => entry.column === column);
    const examples = includesValues ? (columnProfile?.examples ?? []).slice(0, EXAMPLES_PER_COLUMN).map(shortExample) : undefined;
    columns.push({ table, column, type: columnInfo.type, ...(examples ? { examples } : {}) });
  }
  const lines: string[] = [];
  for (const table of [...new Set(columns.map((column) => column.table))]) {
    const tableInfo = schema.tables.find((entry) => entry.name === table)!;
    lines.push(`Table ${quoteIdentifierIfNeeded(table)} (all columns: ${tableInfo.columns.map((column) => quoteIdentifierIfNeeded(column.name)).join(", ")})`);
    for (const column of columns.filter((entry) => entry.table === table)) {
      const examples =
        column.examples && column.examples.length > 0 ? `; examples: ${column.examples.map((example) => JSON.stringify(example)).join(", ")}` : "";
      lines.push(`- ${quoteIdentifierIfNeeded(column.column)} ${column.type || "(no declared type)"}${examples}`);
    }
  }
  const prompt = `Describe these columns.\n\n${lines.join("\n")}`;
  return { system: SYSTEM, prompt, columns, includesValues };
}

/** The request as the person reads it before sending: exactly the two messages the model receives. */
export function describeRequestText(request: DescribeRequest): string {
  return `System:\n${request.system}\n\nUser:\n${request.prompt}`;
}

// How much of the database the agent may send to the LLM: the person chooses, and prompts and tools obey exactly.
import * as z from "./zod-mini";

export const dataSharingSchema = z.enum(["schema", "profiles", "results"]);
/**
 * - schema: table and column names, types, keys and comments only; no values at all.
 * - profiles: also example rows in the prompt and the values sample_values and describe_table show.
 * - results: also the rows of the agent's queries in observations.
 */
export type DataSharing = z.infer<typeof dataSharingSchema>;

/** What the core assumes when a caller does not say: the most private level, so forgetting to ask sends no data. */
export const DEFAULT_DATA_SHARING: DataSharing = "schema";

export const DATA_SHARING_LABELS: Record<DataSharing, string> = {
  schema: "Schema only",
  profiles: "Schema + example values",
  results: "Schema + example values + query results",
};

export const DATA_SHARING_DESCRIPTIONS: Record<DataSharing, string> = {
  schema: "Table and column names, types, keys and comments. No value from the data leaves the page; the agent sees only how many rows its queries return.",
  profiles: "Also a few example rows per table and the values the agent looks up to match words of the question. Rows of its queries stay in the page.",
  results: "Also the first rows of each query the agent runs, so it can check its answer. Best answers; the most data sent.",
};

export function sharesValues(sharing: DataSharing): boolean {
  return sharing !== "schema";
}

export function sharesResults(sharing: DataSharing): boolean {
  return sharing === "results";
}

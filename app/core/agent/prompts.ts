// The system prompt: the rules of the task and the tools, around the schema text the schema layer rendered.
import type { DataSharing } from "../data-sharing";
import { textProtocolInstructions } from "./text-protocol";

export type ToolProtocol = "tools" | "text";

const RULES = `Rules:
- The database is SQLite. Queries are read-only: only SELECT or WITH … SELECT.
- Use table and column names exactly as in the schema.
- When the question names a value (a city, a status, a name), check how it is stored with sample_values before filtering on it.
- Check your query with run_sql and look at the result before submitting it.
- Return only the columns the question asks for, in a sensible order; do not add explanations to the SQL.
- If a query fails, read the error and fix the query.
- If a query returns no rows, or a row count that looks wrong for the question, call diagnose_sql on it: it shows after which clause (a join, a WHERE condition, GROUP BY, HAVING) the rows vanish or multiply; fix that clause.`;

/** Said when the schema is pruned and search_schema is offered: what was left out can be found, not only guessed. */
const PRUNED_SCHEMA_NOTE =
  "The schema below is pruned to what the question seems to need; other tables and columns exist. If one you need is missing, " +
  "call search_schema with a few words (what the question names, synonyms, words in the schema's language): it searches the whole schema " +
  "and says why each table and column matched. list_tables and describe_table show everything.";

export function systemPrompt(options: {
  schema: string;
  protocol: ToolProtocol;
  evidence?: string;
  sharing?: DataSharing;
  /** search_schema is offered: only when the schema shown is pruned (the agent loop decides). */
  schemaSearch?: boolean;
}): string {
  const intro =
    "You are an expert SQLite analyst. Answer the user's question by finding one SQLite query whose result answers it. " +
    "Work in turns: in each turn, say in one or two sentences what you will do next, then take exactly one action.";
  const tools =
    options.protocol === "tools"
      ? `Actions are tool calls: list_tables, describe_table, sample_values, run_sql, diagnose_sql, ${options.schemaSearch ? "search_schema, " : ""}and submit_sql for the final query (it ends the task).`
      : textProtocolInstructions({ schemaSearch: options.schemaSearch });
  const pruned = options.schemaSearch ? `\n\n${PRUNED_SCHEMA_NOTE}` : "";
  const evidence = options.evidence ? `\n\nHint from the person who asked: ${options.evidence}` : "";
  const privacy =
    options.sharing === "schema"
      ? "\n\nThe person shares the schema only: you will not see any value from the data (sample_values is unavailable and queries report only their columns and row counts). Write the query from the schema and the question."
      : options.sharing === "profiles"
        ? "\n\nThe person shares example values but not query results: queries report only their columns and row counts. Use sample_values to check values."
        : "";
  return `${intro}\n\n${tools}\n\n${RULES}${privacy}${evidence}${pruned}\n\nDatabase schema:\n${options.schema}`;
}

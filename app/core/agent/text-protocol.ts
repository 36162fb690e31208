// The same tools for models without native tool calling: actions written in plain text and parsed back.
import type { ToolName } from "./tools";

export const TEXT_PROTOCOL_INSTRUCTIONS = `You cannot call functions. End every reply with exactly one action, in one of these forms:
ACTION: list_tables
ACTION: describe_table <table>
ACTION: sample_values <table> <column> [<LIKE pattern>]
ACTION: diagnose_sql, followed by the query in a \`\`\`sql block (its clauses run one by one with their row counts)
or, to run a query, the query alone in a fenced block:
\`\`\`sql
SELECT …
\`\`\`
When you have the final query, write FINAL ANSWER: followed by the query in a \`\`\`sql block. The result of each action comes back as "Observation:".`;

export type TextAction = { ok: true; name: ToolName; input: Record<string, string> } | { ok: false; message: string };

const SQL_BLOCK = /```(?:sql|sqlite)?[ \t]*\r?\n([\s\S]*?)```/gi;

function lastSqlBlock(text: string): string | null {
  let last: string | null = null;
  for (const match of text.matchAll(SQL_BLOCK)) last = match[1]!.trim();
  return last && last.length > 0 ? last : null;
}

function unquote(word: string): string {
  return word.replace(/^["'`[]|["'`\]]$/g, "");
}

/** Reads the action from a reply. A final answer wins over anything else; otherwise the last action written counts. */
export function parseTextAction(reply: string): TextAction {
  const finalAt = reply.search(/FINAL ANSWER\s*:?/i);
  if (finalAt >= 0) {
    const sql = lastSqlBlock(reply.slice(finalAt));
    if (sql) return { ok: true, name: "submit_sql", input: { sql } };
    const inline = reply
      .slice(finalAt)
      .replace(/FINAL ANSWER\s*:?/i, "")
      .trim();
    if (/^(SELECT|WITH)\b/i.test(inline)) return { ok: true, name: "submit_sql", input: { sql: inline } };
  }
  const actions = [...reply.matchAll(/^\s*ACTION\s*:\s*(\w+)[ \t]*(.*)$/gim)];
  const action = actions.at(-1);
  const sql = lastSqlBlock(reply);
  // diagnose_sql names its query in the block after it, so that block is its argument rather than a query to run.
  if (action && action[1]!.toLowerCase() === "diagnose_sql" && sql && reply.lastIndexOf("```") > action.index!) {
    return { ok: true, name: "diagnose_sql", input: { sql } };
  }
  if (action && (!sql || action.index! > reply.lastIndexOf("```"))) {
    const name = action[1]!.toLowerCase();
    const args = action[2]!
      .trim()
      .replace(/^\(|\)$/g, "")
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(unquote);
    if (name === "list_tables") return { ok: true, name, input: {} };
    if (name === "describe_table" && args[0]) return { ok: true, name, input: { table: args[0] } };
    if (name === "sample_values" && args[0] && args[1]) {
      return { ok: true, name, input: args[2] ? { table: args[0], column: args[1], like: args.slice(2).join(" ") } : { table: args[0], column: args[1] } };
    }
    if (name === "run_sql" || name === "submit_sql") {
      if (sql) return { ok: true, name, input: { sql } };
    }
    return { ok: false, message: `The action "${action[0]!.trim()}" is incomplete or unknown. Follow the action forms exactly.` };
  }
  if (sql) return { ok: true, name: "run_sql", input: { sql } };
  return {
    ok: false,
    message: "No action found in the reply. End the reply with one ACTION line, a ```sql block to run, or FINAL ANSWER: with a ```sql block.",
  };
}

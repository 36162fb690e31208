// The same tools for models without native tool calling: actions written in plain text and parsed back. The same
// reader serves a tool-calling model that answered in prose instead of calling a tool.
import { finalAnswer } from "./final-answer";
import { fencedBlocks, inlineCode, isSqlBlock, looksLikeQuery, proseLines, statementAt, withoutReasoning, type FencedBlock } from "./reply-text";
import { writtenToolCalls } from "./written-tool-call";

/** The actions as the model is told to write them; search_schema only when it is offered (the schema sent is pruned). */
export function textProtocolInstructions(options: { schemaSearch?: boolean } = {}): string {
  return `You cannot call functions. End every reply with exactly one action, in one of these forms:
ACTION: list_tables
ACTION: describe_table <table>
ACTION: sample_values <table> <column> [<LIKE pattern>]
${options.schemaSearch ? "ACTION: search_schema <a few words> (searches the whole schema, also what the schema shown leaves out)\n" : ""}ACTION: diagnose_sql, followed by the query in a \`\`\`sql block (its clauses run one by one with their row counts)
or, to run a query, the query alone in a fenced block:
\`\`\`sql
SELECT …
\`\`\`
When you have the final query, write FINAL ANSWER: followed by the query in a \`\`\`sql block. The result of each action comes back as "Observation:".`;
}

/** An action read from text: a tool name (checked later, like a native call's) and its arguments. */
export interface TextCall {
  name: string;
  input: unknown;
}

/** Why no action was read: nothing at all, an ACTION line that cannot be used, or a final answer without its query. */
export type TextProblem = "no-action" | "incomplete-action" | "final-without-sql";

export type TextReading = { ok: true; calls: TextCall[] } | { ok: false; problem: TextProblem; message: string };

export type TextAction = ({ ok: true } & TextCall) | { ok: false; problem: TextProblem; message: string };

const NO_ACTION = "No action found in the reply. End the reply with one ACTION line, a ```sql block to run, or FINAL ANSWER: with a ```sql block.";
const FINAL_WITHOUT_SQL = "You gave a final answer but no query. Write FINAL ANSWER: followed by the query in a ```sql block.";

function unquote(word: string): string {
  return word.replace(/^["'`[]|["'`\]]$/g, "");
}

const SQL_TOOLS = new Set(["run_sql", "submit_sql", "diagnose_sql"]);

/**
 * The arguments of an ACTION line: JSON after the name, a ReAct "Action Input:" line below it, or words. A SQL tool
 * takes the first SQL block after the line, else the last one before it.
 */
function actionCall(text: string, line: { index: number; name: string; args: string; end: number }, sqlBlocks: FencedBlock[]): TextAction {
  const name = line.name.toLowerCase();
  const reactInput = /^[ \t]*Action[ \t]+Input[ \t]*:[ \t]*/i.exec(text.slice(line.end + 1));
  const argumentText = reactInput ? statementAt(text, line.end + 1 + reactInput[0].length) : line.args.trim();
  if (argumentText.startsWith("{")) {
    try {
      return { ok: true, name, input: JSON.parse(argumentText) };
    } catch {
      // Not JSON after all: read as words below.
    }
  }
  if (SQL_TOOLS.has(name)) {
    const sql =
      sqlBlocks.find((block) => block.start > line.index)?.body ??
      (looksLikeQuery(argumentText) ? argumentText : null) ??
      sqlBlocks.findLast((block) => block.end <= line.index)?.body;
    if (sql) return { ok: true, name, input: { sql } };
  }
  const args = argumentText
    .replace(/^\(|\)$/g, "")
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(unquote);
  if (name === "list_tables") return { ok: true, name, input: {} };
  if (name === "describe_table" && args[0]) return { ok: true, name, input: { table: args[0] } };
  if (name === "search_schema" && args.length > 0) return { ok: true, name, input: { terms: args.join(" ") } };
  if (name === "sample_values" && args[0] && args[1]) {
    return { ok: true, name, input: args[2] ? { table: args[0], column: args[1], like: args.slice(2).join(" ") } : { table: args[0], column: args[1] } };
  }
  return {
    ok: false,
    problem: "incomplete-action",
    message: `The action "${text.slice(line.index, line.end).trim()}" is incomplete or unknown. Follow the action forms exactly.`,
  };
}

/**
 * A query written bare in the prose, as small models do: a line that is a SELECT/WITH statement (optionally after
 * "SQL:" or "SQLQuery:"), or inline code holding one. Capitalised "Select"/"With" opens a sentence, so a bare line
 * must be upper- or lower-case; inline code is code whatever its case.
 */
function bareQuery(text: string, blocks: FencedBlock[]): string | null {
  let found: string | null = null;
  for (const line of proseLines(text, blocks)) {
    const match = /^[ \t]*(?:(?:SQL|SQLQuery|SQL query|Query)[ \t]*:[ \t]*)?(?=SELECT\b|WITH\b|select\b[^\n]*\bfrom\b)/.exec(line.text);
    if (match) found = statementAt(text, line.start + match[0].length);
  }
  if (found) return found;
  return inlineCode(text, blocks).findLast((span) => looksLikeQuery(span.code))?.code ?? null;
}

/**
 * Reads what a reply asks for. What wins, in order:
 * 1. Reasoning (<think>…</think>) is set aside first: a query drafted while thinking is never taken.
 * 2. Tool calls written as JSON (or <function=…>) are all taken, in order, as native parallel calls would be.
 * 3. A final-answer marker before or after a query submits it (see final-answer.ts for which query it names).
 * 4. The last ACTION line, unless a SQL block comes after it (then that block is the later action: it runs).
 * 5. Otherwise the last SQL block runs (earlier blocks are drafts), then a bare query line or inline code.
 * A final-answer marker with no query anywhere is told apart from a reply with no action, so the model hears what is missing.
 */
export function readTextActions(reply: string): TextReading {
  const text = withoutReasoning(reply);
  const blocks = fencedBlocks(text);
  const written = writtenToolCalls(text, blocks);
  if (written.length > 0) return { ok: true, calls: written.map(({ name, input }) => ({ name, input })) };

  const final = finalAnswer(text, blocks);
  if (final.found === "sql") return { ok: true, calls: [{ name: "submit_sql", input: { sql: final.sql } }] };

  const sqlBlocks = blocks.filter(isSqlBlock);
  const actionLines = [...text.matchAll(/^[ \t*]*ACTION[ \t*]*:[ \t*]*(\w+)[ \t]*(.*)$/gim)].filter(
    (match) => !blocks.some((block) => match.index >= block.start && match.index < block.end),
  );
  const last = actionLines.at(-1);
  const lastBlock = sqlBlocks.at(-1);
  if (last && (!lastBlock || SQL_TOOLS.has(last[1]!.toLowerCase()) || last.index > lastBlock.start)) {
    const action = actionCall(text, { index: last.index, name: last[1]!, args: last[2]!, end: last.index + last[0].length }, sqlBlocks);
    return action.ok ? { ok: true, calls: [{ name: action.name, input: action.input }] } : action;
  }
  if (lastBlock) return { ok: true, calls: [{ name: "run_sql", input: { sql: lastBlock.body } }] };
  const bare = bareQuery(text, blocks);
  if (bare) return { ok: true, calls: [{ name: "run_sql", input: { sql: bare } }] };
  return final.found === "marker-only"
    ? { ok: false, problem: "final-without-sql", message: FINAL_WITHOUT_SQL }
    : { ok: false, problem: "no-action", message: NO_ACTION };
}

/** The first action a reply asks for (the text protocol asks for exactly one). */
export function parseTextAction(reply: string): TextAction {
  const reading = readTextActions(reply);
  return reading.ok ? { ok: true, ...reading.calls[0]! } : reading;
}

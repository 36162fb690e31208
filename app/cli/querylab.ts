// The `querylab` command: the same core as the browser, run in Node. Subcommands are added here as they are built.
import { parseArgs } from "node:util";
import { blobToHex } from "../core/db/blob-hex";
import { formatCountOf } from "../core/format";
import { openDatabaseFile } from "./node-engine";
import { textTable } from "./text-table";
import { askCommand } from "./ask-command";
import { evalCommand } from "./eval-command";
import { EX_USAGE, exCommand } from "./ex-command";
import { pruneCommand } from "./prune-command";
import { DIAGNOSE_USAGE, diagnoseCommand } from "./diagnose-command";
import { errorMessage } from "../core/error-message";

const USAGE = `Usage: querylab <command> [options]

Commands:
  sql --db FILE [--json] "SQL"   Run SQL against a SQLite file and print the result
                                 (a table, or one JSON object per row with --json).
                                 The file is not changed: the database is opened in memory.
  ask --db FILE --question TEXT [--base-url URL --model M --api-key K]
      [--provider openai|anthropic|google|…] [--max-turns N] [--temperature T] [--protocol auto|tools|text]
      [--candidates N [--temperature T]]
                                 Ask the agent one question; the trace is printed as it happens.
                                 With --candidates N (2–10), N runs at temperature T (default 0.7)
                                 vote: the largest group of identical results answers.
                                 The key may also come from QUERYLAB_API_KEY.
  prune --benchmark DIR [--budget TOKENS] [--embed lexical|MODEL_DIR] --out FILE.jsonl
                                 The pruned schema of each question (kept columns, tokens), one JSON line each.
${EX_USAGE}${DIAGNOSE_USAGE}`;

async function sqlCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { db: { type: "string" }, json: { type: "boolean", default: false } },
    allowPositionals: true,
  });
  if (!values.db || positionals.length === 0) {
    process.stderr.write(USAGE);
    return 2;
  }
  const engine = await openDatabaseFile(values.db);
  const outcome = await engine.execute(positionals.join(" "));
  if (!outcome.ok) {
    process.stderr.write(`SQLite error: ${outcome.error.message}\n`);
    return 1;
  }
  let rows = outcome.firstRows;
  if (outcome.resultId && outcome.storedRowCount > rows.length) {
    const all = await engine.fetchRows(outcome.resultId, 0, outcome.storedRowCount);
    if (all.ok) rows = all.rows;
  }
  if (values.json) {
    for (const row of rows) {
      const values = outcome.columns.map((column, index) => {
        const value = row[index] ?? null;
        return [column, value instanceof Uint8Array ? `x'${blobToHex(value)}'` : value];
      });
      process.stdout.write(`${JSON.stringify(Object.fromEntries(values))}\n`);
    }
  } else if (outcome.columns.length > 0) {
    process.stdout.write(
      `${textTable(outcome.columns, rows)}\n(${outcome.rowCount} ${outcome.rowCount === 1 ? "row" : "rows"}, ${outcome.elapsedMs.toFixed(1)} ms)\n`,
    );
  } else {
    process.stdout.write(
      `${formatCountOf(outcome.statementCount, "statement")} run, ${formatCountOf(outcome.rowsModified, "row")} changed (in memory only).\n`,
    );
  }
  return 0;
}

const commands: Record<string, (argv: string[]) => Promise<number>> = {
  sql: sqlCommand,
  ask: askCommand,
  eval: evalCommand,
  ex: exCommand,
  prune: pruneCommand,
  diagnose: diagnoseCommand,
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(name && name !== "--help" ? `Unknown command: ${name}\n\n${USAGE}` : USAGE);
    return name && name !== "--help" ? 2 : 0;
  }
  try {
    return await command(rest);
  } catch (error) {
    process.stderr.write(`${errorMessage(error)}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));

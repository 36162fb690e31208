// `querylab diagnose`: a query's clause stages with their row counts (a table, or one JSON object with --json).
import { parseArgs } from "node:util";
import { diagnoseSql, queryPlanTree, type QueryPlanNode, type SqlDiagnosis } from "../core/db/sql-diagnosis";
import { DEFAULT_QUERY_TIME_LIMIT_MS } from "../core/db/query-watchdog";
import { openWatchedDatabaseFile } from "./watched-database";
import { textTable } from "./text-table";

export const DIAGNOSE_USAGE = `  diagnose --db FILE [--json] "SQL"
                                 Break a SELECT into clause stages (FROM/JOIN, each WHERE condition, GROUP BY,
                                 HAVING, SELECT, ORDER BY/LIMIT) and print each stage's row count, the first
                                 stage with no rows marked, and the query plan. --json: one JSON object
                                 {"stages": [{"part", "clause", "sql", "rows"}, …]} on the last line.
`;

/** The plan as an indented tree, one step a line. */
function planLines(nodes: QueryPlanNode[], depth = 0): string[] {
  return nodes.flatMap((node) => [`${"  ".repeat(depth + 1)}${depth === 0 ? "" : "└ "}${node.detail}`, ...planLines(node.children, depth + 1)]);
}

function humanReport(diagnosis: SqlDiagnosis): string {
  const rows = diagnosis.stages.map((stage, index) => [
    String(index + 1),
    stage.part,
    stage.clause,
    stage.rows === null ? `error: ${stage.error ?? ""}` : stage.rows.toLocaleString("en-US"),
    index === diagnosis.firstEmptyStage ? "<- first stage with no rows" : "",
  ]);
  const lines = [textTable(["#", "part", "clause", "rows", ""], rows, 60), ""];
  lines.push(
    diagnosis.firstEmptyStage === null
      ? "Every stage returns rows."
      : `Rows drop to zero at stage ${diagnosis.firstEmptyStage + 1}: ${diagnosis.stages[diagnosis.firstEmptyStage]!.clause}`,
  );
  lines.push("", "Query plan:", ...(diagnosis.planError ? [`  (not available: ${diagnosis.planError})`] : planLines(queryPlanTree(diagnosis.plan))));
  lines.push("", `Stage SQL:`, ...diagnosis.stages.map((stage, index) => `${index + 1}. ${stage.sql.replace(/\s+/g, " ")}`));
  lines.push("", `(${diagnosis.stages.length} stages, ${diagnosis.elapsedMs.toFixed(1)} ms)`);
  return `${lines.join("\n")}\n`;
}

export async function diagnoseCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { db: { type: "string" }, json: { type: "boolean", default: false } },
    allowPositionals: true,
  });
  if (!values.db || positionals.length === 0) {
    process.stderr.write(`Usage: querylab diagnose --db FILE [--json] "SQL"\n`);
    return 2;
  }
  // Each stage runs under the query time limit in a watched thread: a stage stuck in one SQLite step is ended.
  const watched = await openWatchedDatabaseFile(values.db, DEFAULT_QUERY_TIME_LIMIT_MS);
  const outcome = await diagnoseSql(watched.database, positionals.join(" "), { sampleRows: 0 }).finally(() => watched.close());
  if (!outcome.ok) {
    process.stderr.write(`Cannot diagnose this statement: ${outcome.error.message}\n`);
    return 1;
  }
  const { diagnosis } = outcome;
  if (values.json) {
    const stages = diagnosis.stages.map((stage) => ({
      part: stage.part,
      clause: stage.clause,
      sql: stage.sql,
      rows: stage.rows,
      ...(stage.error === null ? {} : { error: stage.error }),
    }));
    process.stdout.write(`${JSON.stringify({ stages, firstEmptyStage: diagnosis.firstEmptyStage, plan: diagnosis.plan })}\n`);
  } else {
    process.stdout.write(humanReport(diagnosis));
  }
  return 0;
}

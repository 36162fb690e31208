// `querylab prune`: the schema each question of a Spider-layout benchmark would get, one JSON line per question.
import { createWriteStream } from "node:fs";
import { parseArgs } from "node:util";
import type { DatabaseSchema } from "../core/db/types";
import { selectQuestions } from "../core/eval/benchmark";
import { BENCHMARK_PROFILE, benchmarkPruner } from "../core/eval/benchmark-session";
import { queryColumns } from "../core/eval/query-columns";
import type { SchemaPruner } from "../core/schema/schema-context";
import { errorMessage } from "../core/error-message";
import { openBenchmarkFolder } from "./benchmark-files";
import { sharesValues } from "../core/data-sharing";
import { SHARING_USAGE, sharingFrom } from "./llm-options";
import { countO200kTokens, pruningFromOptions } from "./schema-pruner";

const USAGE =
  `Usage: querylab prune --benchmark DIR [--budget TOKENS] [--embed lexical|MODEL_DIR] ${SHARING_USAGE} --out FILE.jsonl [--db ID[,ID]] [--limit N]\n` +
  "  One line per question: {index, db_id, kept: {table: [column, …]}, schema_tokens_full, schema_tokens_kept, gold_columns_kept, gold_columns}.\n" +
  "  Token counts are exact o200k counts of the schema text; the budget is applied with the same estimate the page uses.\n" +
  "  Without --budget it is 800 tokens plus 9% of what the schema has beyond them; --budget TOKENS fixes it.\n";

export async function pruneCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      benchmark: { type: "string" },
      budget: { type: "string" },
      embed: { type: "string", default: "lexical" },
      sharing: { type: "string", default: "schema" },
      out: { type: "string" },
      db: { type: "string" },
      limit: { type: "string" },
    },
  });
  if (!values.benchmark || !values.out) {
    process.stderr.write(USAGE);
    return 2;
  }
  let pruning;
  let sharing;
  try {
    pruning = await pruningFromOptions(values);
    sharing = sharingFrom(values);
  } catch (error) {
    process.stderr.write(`${errorMessage(error)}\n`);
    return 2;
  }
  const benchmark = await openBenchmarkFolder(values.benchmark);
  const questions = selectQuestions(benchmark.questions, {
    dbIds: values.db?.split(",").filter(Boolean),
    limit: values.limit === undefined ? undefined : Number(values.limit),
  });

  // The pruner the page's benchmark and `querylab eval` build for the same database (benchmarkPruner).
  const pruners = new Map<string, Promise<{ pruner: SchemaPruner; schema: DatabaseSchema; fullTokens: number }>>();
  const prunerFor = (dbId: string) => {
    let entry = pruners.get(dbId);
    if (!entry) {
      entry = (async () => {
        const database = await benchmark.source.openDatabase(dbId);
        const schema = await database.schema();
        const profileStarted = performance.now();
        await database.profile(BENCHMARK_PROFILE);
        const profileMs = performance.now() - profileStarted;
        const built = await benchmarkPruner(dbId, database, benchmark.source, pruning ?? { options: () => ({}) }, sharing, (_id, report) => {
          for (const warning of report.warnings) process.stderr.write(`${dbId}: ${warning}\n`);
          process.stderr.write(`${dbId}: profiled in ${profileMs.toFixed(0)} ms, indexed in ${report.indexMs.toFixed(0)} ms\n`);
        });
        return { pruner: built.prune, schema, fullTokens: countO200kTokens(built.fullText(sharesValues(sharing))) };
      })();
      pruners.set(dbId, entry);
    }
    return entry;
  };

  const out = createWriteStream(values.out);
  let recallSum = 0;
  let complete = 0;
  let ratioSum = 0;
  let denseNote: string | undefined;
  for (const question of questions) {
    const { pruner, schema, fullTokens } = await prunerFor(question.dbId);
    const result = await pruner(question.question);
    denseNote ??= result.denseUnavailable;
    const gold = queryColumns(question.gold, schema);
    const goldKept = gold.filter((column) => result.kept[column.table]?.includes(column.column)).length;
    recallSum += gold.length ? goldKept / gold.length : 1;
    if (goldKept === gold.length) complete += 1;
    const keptTokens = countO200kTokens(result.schemaText);
    ratioSum += keptTokens / fullTokens;
    out.write(
      `${JSON.stringify({
        index: question.index,
        db_id: question.dbId,
        kept: result.kept,
        schema_tokens_full: fullTokens,
        schema_tokens_kept: keptTokens,
        gold_columns_kept: goldKept,
        gold_columns: gold.length,
      })}\n`,
    );
  }
  await new Promise<void>((resolve) => out.end(resolve));
  const count = Math.max(1, questions.length);
  if (denseNote) process.stderr.write(`${denseNote}\n`);
  process.stdout.write(
    `${questions.length} questions: column recall ${(recallSum / count).toFixed(3)}, every gold column kept in ${((complete / count) * 100).toFixed(1)}%, ` +
      `kept/full tokens ${(ratioSum / count).toFixed(3)} on average\n`,
  );
  return 0;
}

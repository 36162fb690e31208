// `querylab prune`: the schema each question of a Spider-layout benchmark would get, one JSON line per question.
import { createWriteStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { selectQuestions } from "../core/eval/benchmark";
import { queryColumns } from "../core/eval/query-columns";
import { alignDescriptions, descriptionsFromComments, mergeDescriptions } from "../core/schema/descriptions";
import type { SchemaPruner } from "../core/schema/schema-context";
import type { DatabaseSchema } from "../core/db/types";
import { databasePath, readBenchmarkQuestions } from "./benchmark-files";
import { readBenchmarkDescriptions } from "./description-files";
import { createEngine } from "./node-engine";
import { createNodePruner } from "./schema-pruner";

const USAGE =
  "Usage: querylab prune --benchmark DIR [--budget TOKENS] [--embed lexical|MODEL_DIR] --out FILE.jsonl [--db ID[,ID]] [--limit N]\n" +
  "  One line per question: {index, db_id, kept: {table: [column, …]}, schema_tokens_full, schema_tokens_kept, gold_columns_kept, gold_columns}.\n";

export async function pruneCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      benchmark: { type: "string" },
      budget: { type: "string" },
      embed: { type: "string", default: "lexical" },
      out: { type: "string" },
      db: { type: "string" },
      limit: { type: "string" },
    },
  });
  if (!values.benchmark || !values.out) {
    process.stderr.write(USAGE);
    return 2;
  }
  const budget = values.budget === undefined ? undefined : Number(values.budget);
  if (budget !== undefined && !(budget > 0)) {
    process.stderr.write(`--budget must be a positive number of tokens, not ${values.budget}\n`);
    return 2;
  }
  const benchmark = values.benchmark;
  const questions = selectQuestions(await readBenchmarkQuestions(benchmark), {
    dbIds: values.db?.split(",").filter(Boolean),
    limit: values.limit === undefined ? undefined : Number(values.limit),
  });

  const pruners = new Map<string, Promise<{ pruner: SchemaPruner; schema: DatabaseSchema }>>();
  const prunerFor = (dbId: string) => {
    let entry = pruners.get(dbId);
    if (!entry) {
      entry = (async () => {
        const engine = await createEngine();
        const opened = await engine.open(new Uint8Array(await readFile(await databasePath(benchmark, dbId))));
        if (!opened.ok) throw new Error(`${dbId}: ${opened.error.message}`);
        const schema = await engine.schema();
        const harvested = await readBenchmarkDescriptions(benchmark, dbId);
        for (const warning of harvested.warnings) process.stderr.write(`${dbId}: ${warning}\n`);
        const descriptions = alignDescriptions(mergeDescriptions(descriptionsFromComments(schema), harvested.descriptions), schema);
        const { pruner, indexMs, profileMs } = await createNodePruner(engine, { budget, embed: values.embed, descriptions });
        process.stderr.write(`${dbId}: profiled in ${profileMs.toFixed(0)} ms, indexed in ${indexMs.toFixed(0)} ms\n`);
        return { pruner, schema };
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
    const { pruner, schema } = await prunerFor(question.dbId);
    const result = await pruner(question.question);
    denseNote ??= result.denseUnavailable;
    const gold = queryColumns(question.gold, schema);
    const goldKept = gold.filter((column) => result.kept[column.table]?.includes(column.column)).length;
    recallSum += gold.length ? goldKept / gold.length : 1;
    if (goldKept === gold.length) complete += 1;
    ratioSum += result.tokensKept / result.tokensFull;
    out.write(
      `${JSON.stringify({
        index: question.index,
        db_id: question.dbId,
        kept: result.kept,
        schema_tokens_full: result.tokensFull,
        schema_tokens_kept: result.tokensKept,
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

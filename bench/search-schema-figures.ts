// search_schema figures: on each benchmark, the gold tables pruning left out, and how many of them a search finds
// among its tables (at most 8) when the model searches for the question's own words; and the time one search takes.
// The question's words stand in for the terms a model would choose (a model picks fewer, better words): a floor.
// Run: npx tsx bench/search-schema-figures.ts
import { pathToFileURL } from "node:url";
import { openBenchmarkFolder } from "../app/cli/benchmark-files";
import { benchmarkPruner } from "../app/core/eval/benchmark-session";
import { queryColumns } from "../app/core/eval/query-columns";
import { searchSchema } from "../app/core/schema/schema-search";
import { median } from "./stats";

export interface SearchSchemaRun {
  questions: number;
  /** Questions whose pruned schema lacks at least one gold table. */
  questionsMissingATable: number;
  goldTablesLeftOut: number;
  /** Of those, found by search_schema among its tables: with stored values (profiles/results), and names only (schema). */
  foundWithValues: number;
  foundNamesOnly: number;
  searchMedianMs: number;
  searchMaxMs: number;
}

const BENCHMARKS = { teaching: "public/benchmark", "large-schema": "benchmarks/large-schema", german: "benchmarks/german" } as const;

async function measureBenchmark(folder: string): Promise<SearchSchemaRun> {
  const benchmark = await openBenchmarkFolder(folder);
  const pruners = new Map<string, Awaited<ReturnType<typeof benchmarkPruner>>>();
  const run: SearchSchemaRun = {
    questions: 0,
    questionsMissingATable: 0,
    goldTablesLeftOut: 0,
    foundWithValues: 0,
    foundNamesOnly: 0,
    searchMedianMs: 0,
    searchMaxMs: 0,
  };
  const times: number[] = [];
  for (const question of benchmark.questions) {
    let built = pruners.get(question.dbId);
    if (!built) {
      const engine = await benchmark.source.openDatabase(question.dbId);
      built = await benchmarkPruner(question.dbId, engine, benchmark.source, { options: () => ({}) }, "results");
      pruners.set(question.dbId, built);
    }
    run.questions += 1;
    const pruned = await built.prune(question.question);
    const goldTables = new Set(queryColumns(question.gold, built.retriever.schema).map((column) => column.table));
    const leftOut = [...goldTables].filter((table) => !(table in pruned.kept));
    const started = performance.now();
    const withValues = await searchSchema(built.retriever, question.question, { values: true });
    times.push(performance.now() - started);
    if (leftOut.length === 0) continue;
    const namesOnly = await searchSchema(built.retriever, question.question, { values: false });
    run.questionsMissingATable += 1;
    run.goldTablesLeftOut += leftOut.length;
    run.foundWithValues += leftOut.filter((table) => withValues.tables.some((hit) => hit.table === table)).length;
    run.foundNamesOnly += leftOut.filter((table) => namesOnly.tables.some((hit) => hit.table === table)).length;
  }
  run.searchMedianMs = Math.round(median(times) * 100) / 100;
  run.searchMaxMs = Math.round(Math.max(...times) * 100) / 100;
  return run;
}

export async function measureSearchSchemaFigures(): Promise<Record<keyof typeof BENCHMARKS, SearchSchemaRun>> {
  const figures: Partial<Record<keyof typeof BENCHMARKS, SearchSchemaRun>> = {};
  for (const [name, folder] of Object.entries(BENCHMARKS) as Array<[keyof typeof BENCHMARKS, string]>) figures[name] = await measureBenchmark(folder);
  return figures as Record<keyof typeof BENCHMARKS, SearchSchemaRun>;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const figures = await measureSearchSchemaFigures();
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
}

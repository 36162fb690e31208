// Schema-pruning figures on the teaching benchmark: column recall, share of questions with every gold column kept,
// kept/full tokens, time to profile and index each sample, and pruning latency per question (lexical + value; and
// with the repo's tiny test model, to time the dense path's mechanics, not its quality). Then the same figures per
// part (tuning / held-back) on the teaching, large-schema and German benchmarks, lexical + value, default settings.
import { existsSync } from "node:fs";
import initSqlJs from "sql.js";
import { openBenchmarkFolder } from "../app/cli/benchmark-files";
import { countO200kTokens } from "../app/cli/schema-pruner";
import { DatabaseService } from "../app/core/database-service";
import type { DatabaseSchema } from "../app/core/db/types";
import { BENCHMARK_PROFILE, benchmarkPruner } from "../app/core/eval/benchmark-session";
import { queryColumns } from "../app/core/eval/query-columns";
import { DEFAULT_SCHEMA_TOKEN_BUDGET } from "../app/core/schema/prune";
import { createSchemaPruner, type BuiltSchemaPruner } from "../app/core/schema/schema-pruner";
import { embedderFromFolder } from "../app/core/schema/text-embedder";
import type { TextEmbedder } from "../app/core/schema/types";
import { openBenchmarkPruning, pruneBenchmark, summarizePruning, type BenchmarkPruning, type PruningRun } from "./benchmark-pruning";
import { median } from "./stats";

export type { PruningRun } from "./benchmark-pruning";

/** The benchmarks measured per part, by the name the bench table gives them. */
export const PART_BENCHMARKS = { teaching: "public/benchmark", "large schema": "benchmarks/large-schema", German: "benchmarks/german" } as const;

export interface PartFigures {
  databases: BenchmarkPruning["databases"];
  tuning: PruningRun;
  heldBack: PruningRun;
}

export interface PruningFigures {
  budget: number;
  databases: Record<string, { columns: number; tokensFull: number; profileMs: number; indexMs: number; values: number }>;
  lexicalAndValue: PruningRun & { byDatabase: Record<string, PruningRun> };
  denseTinyModel: PruningRun & { modelLoadMs: number; unitEmbeddingMs: number };
  /** A synthetic schema of 100 tables × 10 columns (hub-and-spoke keys, a few values), budget 300: the large case. */
  wideSchema: { columns: number; indexMs: number; latencyMedianMs: number; latencyMaxMs: number; tokensFull: number; tokensKeptMax: number };
  /** Per benchmark and part; a benchmark whose folder is missing is absent. */
  byPart: Partial<Record<keyof typeof PART_BENCHMARKS, PartFigures>>;
}

/** Each benchmark's tuning and held-back parts pruned with the default settings (budget, share, lexical + value). */
async function measureParts(): Promise<PruningFigures["byPart"]> {
  const figures: PruningFigures["byPart"] = {};
  for (const [name, directory] of Object.entries(PART_BENCHMARKS) as Array<[keyof typeof PART_BENCHMARKS, string]>) {
    if (!existsSync(directory)) continue;
    const benchmark = await openBenchmarkPruning(directory);
    try {
      const tuning = summarizePruning(await pruneBenchmark(benchmark, ["tuning"]));
      const heldBack = summarizePruning(await pruneBenchmark(benchmark, ["held-back"]));
      figures[name] = { databases: benchmark.databases, tuning, heldBack };
    } finally {
      await benchmark.close();
    }
  }
  return figures;
}

async function measureWideSchema(SQL: Awaited<ReturnType<typeof initSqlJs>>): Promise<PruningFigures["wideSchema"]> {
  const engine = DatabaseService.create(SQL);
  await engine.open(null);
  const statements = ["CREATE TABLE hub (hub_id INTEGER PRIMARY KEY, hub_name TEXT);", "INSERT INTO hub VALUES (1, 'Central');"];
  const subjects = ["invoice", "shipment", "supplier", "warehouse", "vehicle", "driver", "customer", "product", "category", "region"];
  for (let index = 0; index < 100; index += 1) {
    const name = `${subjects[index % 10]}_${Math.floor(index / 10)}`;
    statements.push(
      `CREATE TABLE ${name} (${name}_id INTEGER PRIMARY KEY, hub_id INTEGER REFERENCES hub(hub_id), code TEXT, status TEXT, created_at TEXT, amount REAL, notes TEXT, label TEXT, is_active INTEGER, owner TEXT);`,
      `INSERT INTO ${name} VALUES (1, 1, '${name.toUpperCase()}', 'open', '2024-05-01', 1.5, 'n', '${name} one', 1, 'Kim');`,
    );
  }
  await engine.execute(statements.join("\n"));
  const schema = await engine.schema();
  // A fixed 300 tokens (no growth with the schema): the figure is the selection's speed on a wide schema.
  const built = await createSchemaPruner({ database: engine, schema, options: { budget: 300, budgetShare: 0 } });
  const questions = subjects.map((subject, index) => `How many ${subject}s of ${subject}_${index % 10} are open and what is their total amount?`);
  const latencies: number[] = [];
  let tokensFull = 0;
  let tokensKeptMax = 0;
  for (const question of [...questions, ...questions]) {
    const started = performance.now();
    const result = await built.prune(question);
    latencies.push(performance.now() - started);
    tokensFull = result.tokensFull;
    tokensKeptMax = Math.max(tokensKeptMax, result.tokensKept);
  }
  const measured = latencies.slice(questions.length); // the first pass warms up
  return {
    columns: schema.tables.reduce((sum, table) => sum + table.columns.length, 0),
    indexMs: Math.round(built.indexMs),
    latencyMedianMs: Math.round(median(measured) * 100) / 100,
    latencyMaxMs: Math.round(Math.max(...measured) * 100) / 100,
    tokensFull,
    tokensKeptMax,
  };
}

const SAMPLES = ["bookshop", "flights", "clinic"];
const TINY_MODEL = "test-models/querylab/tiny-embed";

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

interface Context {
  built: BuiltSchemaPruner;
  schema: DatabaseSchema;
  /** Exact o200k tokens of the whole schema text. */
  fullTokens: number;
}

/** The embedding model the pruners use now (they read their options per question, as in the page). */
let currentEmbedder: TextEmbedder | null = null;

async function run(
  questions: Array<{ dbId: string; question: string; gold: string }>,
  contexts: Map<string, Context>,
): Promise<PruningRun & { byDatabase: Record<string, PruningRun> }> {
  const rows: Array<{ dbId: string; recall: number; complete: boolean; ratio: number; ms: number }> = [];
  for (const question of questions) {
    const context = contexts.get(question.dbId)!;
    const started = performance.now();
    const result = await context.built.prune(question.question);
    const ms = performance.now() - started;
    const gold = queryColumns(question.gold, context.schema);
    const kept = gold.filter((column) => result.kept[column.table]?.includes(column.column)).length;
    const ratio = countO200kTokens(result.schemaText) / context.fullTokens;
    rows.push({ dbId: question.dbId, recall: gold.length ? kept / gold.length : 1, complete: kept === gold.length, ratio, ms });
  }
  const summarize = (subset: typeof rows): PruningRun => ({
    questions: subset.length,
    columnRecall: Math.round((subset.reduce((sum, row) => sum + row.recall, 0) / subset.length) * 1000) / 1000,
    allGoldKeptShare: Math.round((subset.filter((row) => row.complete).length / subset.length) * 1000) / 1000,
    tokenRatioMean: Math.round((subset.reduce((sum, row) => sum + row.ratio, 0) / subset.length) * 1000) / 1000,
    tokenRatioMax: Math.round(Math.max(...subset.map((row) => row.ratio)) * 1000) / 1000,
    latencyMedianMs: Math.round(median(subset.map((row) => row.ms)) * 100) / 100,
    latencyP95Ms:
      Math.round(
        percentile(
          subset.map((row) => row.ms),
          0.95,
        ) * 100,
      ) / 100,
    latencyMaxMs: Math.round(Math.max(...subset.map((row) => row.ms)) * 100) / 100,
  });
  const byDatabase = Object.fromEntries(SAMPLES.map((id) => [id, summarize(rows.filter((row) => row.dbId === id))]));
  return { ...summarize(rows), byDatabase };
}

export async function measurePruningFigures(): Promise<PruningFigures> {
  const SQL = await initSqlJs();
  // The teaching benchmark read and pruned exactly as `querylab prune` and the page's benchmark do (benchmarkPruner),
  // with values in the schema text (the sharing levels that allow them).
  const benchmark = await openBenchmarkFolder("public/benchmark");
  const questions = benchmark.questions;
  const contexts = new Map<string, Context>();
  const databases: PruningFigures["databases"] = {};
  for (const id of SAMPLES) {
    const engine = await benchmark.source.openDatabase(id);
    const schema = await engine.schema();
    const profileStarted = performance.now();
    await engine.profile(BENCHMARK_PROFILE);
    const profileMs = performance.now() - profileStarted;
    const built = await benchmarkPruner(id, engine, benchmark.source, { options: () => ({ embedder: currentEmbedder }) }, "results");
    const fullTokens = countO200kTokens(built.fullText(true));
    contexts.set(id, { built, schema, fullTokens });
    databases[id] = {
      columns: schema.tables.reduce((sum, table) => sum + table.columns.length, 0),
      tokensFull: fullTokens,
      profileMs: Math.round(profileMs),
      indexMs: Math.round(built.indexMs),
      values: built.valueCount,
    };
  }

  // Warm up once so the first question does not pay for the JIT.
  await run(questions.slice(0, 3), contexts);
  const lexicalAndValue = await run(questions, contexts);

  const loadStarted = performance.now();
  const embedder = await embedderFromFolder(TINY_MODEL, { device: "cpu" });
  const modelLoadMs = performance.now() - loadStarted;
  const unitsStarted = performance.now();
  for (const context of contexts.values()) await context.built.retriever.prepareDense(embedder);
  const unitEmbeddingMs = performance.now() - unitsStarted;
  currentEmbedder = embedder;
  const dense = await run(questions, contexts);
  currentEmbedder = null;
  await embedder.dispose();
  const { byDatabase: _ignored, ...denseSummary } = dense;
  const wideSchema = await measureWideSchema(SQL);
  const byPart = await measureParts();
  return {
    byPart,
    budget: DEFAULT_SCHEMA_TOKEN_BUDGET,
    wideSchema,
    databases,
    lexicalAndValue,
    denseTinyModel: { ...denseSummary, modelLoadMs: Math.round(modelLoadMs), unitEmbeddingMs: Math.round(unitEmbeddingMs) },
  };
}

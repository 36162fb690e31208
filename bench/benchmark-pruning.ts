// Pruning figures for one Spider-layout benchmark folder, per part (tuning / held-back): gold-column recall, share of
// questions with every gold column kept, kept/full tokens (o200k) and latency once indexed; lexical + value, default settings.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { openBenchmarkFolder } from "../app/cli/benchmark-files";
import { countO200kTokens } from "../app/cli/schema-pruner";
import type { DatabaseSchema } from "../app/core/db/types";
import type { BenchmarkQuestion } from "../app/core/eval/benchmark";
import { benchmarkPruner } from "../app/core/eval/benchmark-session";
import { queryColumns } from "../app/core/eval/query-columns";
import type { PruneOptions } from "../app/core/schema/prune";
import type { BuiltSchemaPruner } from "../app/core/schema/schema-pruner";
import { median } from "./stats";

export interface PruningRun {
  questions: number;
  columnRecall: number;
  allGoldKeptShare: number;
  tokenRatioMean: number;
  tokenRatioMax: number;
  latencyMedianMs: number;
  latencyP95Ms: number;
  latencyMaxMs: number;
}

export type Part = "tuning" | "held-back";

export interface PrunedQuestion {
  dbId: string;
  part: Part;
  recall: number;
  complete: boolean;
  ratio: number;
  ms: number;
  /** CPU time of the process while pruning (user + system), which a busy machine inflates less than wall time. */
  cpuMs: number;
  /** Gold columns the pruning dropped, as table.column. */
  missed: string[];
}

export interface PruningContext {
  built: BuiltSchemaPruner;
  schema: DatabaseSchema;
  /** Exact o200k tokens of the whole schema text. */
  fullTokens: number;
}

export interface BenchmarkPruning {
  questions: BenchmarkQuestion[];
  parts: Map<number, Part>;
  contexts: Map<string, PruningContext>;
  databases: Record<string, { tables: number; columns: number; tokensFull: number; indexMs: number; values: number }>;
  close(): Promise<void>;
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

export function summarizePruning(rows: PrunedQuestion[]): PruningRun {
  const ms = rows.map((row) => row.ms);
  return {
    questions: rows.length,
    columnRecall: round(rows.reduce((sum, row) => sum + row.recall, 0) / Math.max(1, rows.length), 3),
    allGoldKeptShare: round(rows.filter((row) => row.complete).length / Math.max(1, rows.length), 3),
    tokenRatioMean: round(rows.reduce((sum, row) => sum + row.ratio, 0) / Math.max(1, rows.length), 3),
    tokenRatioMax: round(Math.max(0, ...rows.map((row) => row.ratio)), 3),
    latencyMedianMs: round(median(ms), 2),
    latencyP95Ms: round(percentile(ms, 0.95), 2),
    latencyMaxMs: round(Math.max(0, ...ms), 2),
  };
}

/**
 * Each question's part as dev.json gives it (`"part": "tuning" | "held-back"`). A benchmark without parts (the
 * teaching one, on which the ranking was first tuned) is split by position: every third question held back.
 */
function readParts(directory: string, questions: BenchmarkQuestion[]): Map<number, Part> {
  const raw = JSON.parse(readFileSync(join(directory, "dev.json"), "utf8")) as Array<{ part?: string }>;
  return new Map(
    questions.map((question) => {
      const given = raw[question.index]?.part;
      const part: Part = given === "tuning" || given === "held-back" ? given : question.index % 3 === 2 ? "held-back" : "tuning";
      return [question.index, part];
    }),
  );
}

/** Opens a benchmark folder and indexes each database as the page's benchmark and `querylab prune` do (values shown). */
export async function openBenchmarkPruning(directory: string, options: () => PruneOptions = () => ({})): Promise<BenchmarkPruning> {
  const benchmark = await openBenchmarkFolder(directory);
  const contexts = new Map<string, PruningContext>();
  const databases: BenchmarkPruning["databases"] = {};
  for (const id of [...new Set(benchmark.questions.map((question) => question.dbId))]) {
    const engine = await benchmark.source.openDatabase(id);
    const schema = await engine.schema();
    const built = await benchmarkPruner(id, engine, benchmark.source, { options }, "results");
    const fullTokens = countO200kTokens(built.fullText(true));
    contexts.set(id, { built, schema, fullTokens });
    databases[id] = {
      tables: schema.tables.length,
      columns: schema.tables.reduce((sum, table) => sum + table.columns.length, 0),
      tokensFull: fullTokens,
      indexMs: Math.round(built.indexMs),
      values: built.valueCount,
    };
  }
  return { questions: benchmark.questions, parts: readParts(directory, benchmark.questions), contexts, databases, close: () => benchmark.close() };
}

/** Prunes the questions of the given parts (once to warm up the first few, then measured). */
export async function pruneBenchmark(benchmark: BenchmarkPruning, parts: readonly Part[]): Promise<PrunedQuestion[]> {
  const questions = benchmark.questions.filter((question) => parts.includes(benchmark.parts.get(question.index)!));
  const rows: PrunedQuestion[] = [];
  for (const [position, question] of [...questions.slice(0, 3), ...questions].entries()) {
    const context = benchmark.contexts.get(question.dbId)!;
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const result = await context.built.prune(question.question);
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuStarted);
    if (position < Math.min(3, questions.length)) continue; // the warm-up: the JIT, the stemmer's first load
    const gold = queryColumns(question.gold, context.schema);
    const missed = gold.filter((column) => !result.kept[column.table]?.includes(column.column)).map((column) => `${column.table}.${column.column}`);
    rows.push({
      dbId: question.dbId,
      part: benchmark.parts.get(question.index)!,
      recall: gold.length ? (gold.length - missed.length) / gold.length : 1,
      complete: missed.length === 0,
      ratio: countO200kTokens(result.schemaText) / context.fullTokens,
      ms,
      cpuMs: (cpu.user + cpu.system) / 1000,
      missed,
    });
  }
  return rows;
}

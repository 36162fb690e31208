// Schema-pruning figures on the teaching benchmark: column recall, share of questions with every gold column kept,
// kept/full tokens, time to profile and index each sample, and pruning latency per question (lexical + value; and
// with the repo's tiny test model, to time the dense path's mechanics, not its quality).
import { readFile } from "node:fs/promises";
import initSqlJs from "sql.js";
import { countO200kTokens } from "../app/cli/schema-pruner";
import { SqliteEngine } from "../app/core/db/sqljs-engine";
import type { DatabaseSchema } from "../app/core/db/types";
import { parseBenchmarkQuestions } from "../app/core/eval/benchmark";
import { queryColumns } from "../app/core/eval/query-columns";
import { alignDescriptions, descriptionsFromComments } from "../app/core/schema/descriptions";
import { DEFAULT_SCHEMA_TOKEN_BUDGET, pruneSchema } from "../app/core/schema/prune";
import { buildSchemaContext } from "../app/core/schema/schema-context";
import type { SchemaRetriever } from "../app/core/schema/schema-retriever";
import { embedderFromFolder } from "../app/core/schema/text-embedder";
import type { TextEmbedder } from "../app/core/schema/types";
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

export interface PruningFigures {
  budget: number;
  databases: Record<string, { columns: number; tokensFull: number; profileMs: number; indexMs: number; values: number }>;
  lexicalAndValue: PruningRun & { byDatabase: Record<string, PruningRun> };
  denseTinyModel: PruningRun & { modelLoadMs: number; unitEmbeddingMs: number };
  /** A synthetic schema of 100 tables × 10 columns (hub-and-spoke keys, a few values), budget 300: the large case. */
  wideSchema: { columns: number; indexMs: number; latencyMedianMs: number; latencyMaxMs: number; tokensFull: number; tokensKeptMax: number };
}

async function measureWideSchema(SQL: Awaited<ReturnType<typeof initSqlJs>>): Promise<PruningFigures["wideSchema"]> {
  const engine = new SqliteEngine(SQL);
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
  const built = await buildSchemaContext({ database: engine, schema });
  const questions = subjects.map((subject, index) => `How many ${subject}s of ${subject}_${index % 10} are open and what is their total amount?`);
  const latencies: number[] = [];
  let tokensFull = 0;
  let tokensKeptMax = 0;
  for (const question of [...questions, ...questions]) {
    const started = performance.now();
    const result = await pruneSchema(built.retriever, question, { budget: 300, countTokens: countO200kTokens });
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

async function run(
  questions: Array<{ dbId: string; question: string; gold: string }>,
  contexts: Map<string, { retriever: SchemaRetriever; schema: DatabaseSchema }>,
  embedder: TextEmbedder | null,
): Promise<PruningRun & { byDatabase: Record<string, PruningRun> }> {
  const rows: Array<{ dbId: string; recall: number; complete: boolean; ratio: number; ms: number }> = [];
  for (const question of questions) {
    const context = contexts.get(question.dbId)!;
    const started = performance.now();
    const result = await pruneSchema(context.retriever, question.question, { embedder, countTokens: countO200kTokens });
    const ms = performance.now() - started;
    const gold = queryColumns(question.gold, context.schema);
    const kept = gold.filter((column) => result.kept[column.table]?.includes(column.column)).length;
    rows.push({ dbId: question.dbId, recall: gold.length ? kept / gold.length : 1, complete: kept === gold.length, ratio: result.tokensKept / result.tokensFull, ms });
  }
  const summarize = (subset: typeof rows): PruningRun => ({
    questions: subset.length,
    columnRecall: Math.round((subset.reduce((sum, row) => sum + row.recall, 0) / subset.length) * 1000) / 1000,
    allGoldKeptShare: Math.round((subset.filter((row) => row.complete).length / subset.length) * 1000) / 1000,
    tokenRatioMean: Math.round((subset.reduce((sum, row) => sum + row.ratio, 0) / subset.length) * 1000) / 1000,
    tokenRatioMax: Math.round(Math.max(...subset.map((row) => row.ratio)) * 1000) / 1000,
    latencyMedianMs: Math.round(median(subset.map((row) => row.ms)) * 100) / 100,
    latencyP95Ms: Math.round(percentile(subset.map((row) => row.ms), 0.95) * 100) / 100,
    latencyMaxMs: Math.round(Math.max(...subset.map((row) => row.ms)) * 100) / 100,
  });
  const byDatabase = Object.fromEntries(SAMPLES.map((id) => [id, summarize(rows.filter((row) => row.dbId === id))]));
  return { ...summarize(rows), byDatabase };
}

export async function measurePruningFigures(): Promise<PruningFigures> {
  const SQL = await initSqlJs();
  const parsed = parseBenchmarkQuestions(await readFile("public/benchmark/dev.json", "utf8"));
  if (!parsed.ok) throw new Error(parsed.message);
  const questions = parsed.questions;
  const contexts = new Map<string, { retriever: SchemaRetriever; schema: DatabaseSchema }>();
  const databases: PruningFigures["databases"] = {};
  for (const id of SAMPLES) {
    const engine = new SqliteEngine(SQL);
    const opened = await engine.open(new Uint8Array(await readFile(`public/samples/${id}.sqlite`)));
    if (!opened.ok) throw new Error(opened.error.message);
    const schema = await engine.schema();
    const profileStarted = performance.now();
    const profile = await engine.profile();
    const profileMs = performance.now() - profileStarted;
    const built = await buildSchemaContext({ database: engine, schema, profile, descriptions: alignDescriptions(descriptionsFromComments(schema), schema) });
    contexts.set(id, { retriever: built.retriever, schema });
    const full = await pruneSchema(built.retriever, "", { budget: Number.MAX_SAFE_INTEGER, countTokens: countO200kTokens });
    databases[id] = {
      columns: schema.tables.reduce((sum, table) => sum + table.columns.length, 0),
      tokensFull: full.tokensFull,
      profileMs: Math.round(profileMs),
      indexMs: Math.round(built.indexMs),
      values: built.valueCount,
    };
  }

  // Warm up once so the first question does not pay for the JIT.
  await run(questions.slice(0, 3), contexts, null);
  const lexicalAndValue = await run(questions, contexts, null);

  const loadStarted = performance.now();
  const embedder = await embedderFromFolder(TINY_MODEL, { device: "cpu" });
  const modelLoadMs = performance.now() - loadStarted;
  const unitsStarted = performance.now();
  for (const context of contexts.values()) await context.retriever.prepareDense(embedder);
  const unitEmbeddingMs = performance.now() - unitsStarted;
  const dense = await run(questions, contexts, embedder);
  await embedder.dispose();
  const { byDatabase: _ignored, ...denseSummary } = dense;
  const wideSchema = await measureWideSchema(SQL);
  return {
    budget: DEFAULT_SCHEMA_TOKEN_BUDGET,
    wideSchema,
    databases,
    lexicalAndValue,
    denseTinyModel: { ...denseSummary, modelLoadMs: Math.round(modelLoadMs), unitEmbeddingMs: Math.round(unitEmbeddingMs) },
  };
}

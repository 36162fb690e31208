// Generates the German schema-linking benchmark (benchmarks/german, Spider layout): the Stadtwerke database and its
// tables.json, and labels the hand-written questions in dev.json with their difficulty and their part of the split.
// Run with `npx tsx scripts/benchmarks/make-german.ts`. Deterministic: two runs give byte-identical files.
// The questions and gold SQL in dev.json are written by hand; this script only (re)computes `difficulty` and `part`.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import initSqlJs from "sql.js";
import type { SqlJsStatic } from "sql.js";
import { z } from "zod";
import { analyzeHardness, HARDNESS_LEVELS, hardnessSchema, type Hardness } from "../../app/core/eval/hardness";
import { createRandom } from "../sample-data/sample-kit";
import { describeDatabase, renderJson, type SpiderTables } from "../teaching-benchmark";
import { buildGermanDatabase } from "./german/build";
import { GERMAN_DB_ID } from "./german/schema";

export { GERMAN_DB_ID };
export const GERMAN_DIRECTORY = fileURLToPath(new URL("../../benchmarks/german/", import.meta.url));
export const GERMAN_DATABASE_PATH = join(GERMAN_DIRECTORY, "database", GERMAN_DB_ID, `${GERMAN_DB_ID}.sqlite`);
const SEED = 0x5757_2025;

export const BENCHMARK_PARTS = ["tuning", "held-back"] as const;
export type BenchmarkPart = (typeof BENCHMARK_PARTS)[number];

/** One entry of dev.json: Spider's fields, the difficulty by Spider's hardness rules, and the part of the split. */
export interface GermanEntry {
  db_id: string;
  question: string;
  query: string;
  difficulty: Hardness;
  part: BenchmarkPart;
}

export const germanEntrySchema: z.ZodType<GermanEntry> = z.object({
  db_id: z.literal(GERMAN_DB_ID),
  question: z.string().min(1),
  query: z.string().min(1),
  difficulty: hardnessSchema,
  part: z.enum(BENCHMARK_PARTS),
});

/** FNV-1a (32 bit) of a text's UTF-16 code units: a fixed, dependency-free hash to split by. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The share of questions in the tuning part; the rest is held back. */
export const TUNING_SHARE = 0.6;

/**
 * The split rule: the questions are ordered by FNV-1a of their text (ties by the text), and the first 60 % of that
 * order (rounded) are the tuning part; the rest is held back. It depends only on the questions' own texts, so
 * nobody chooses which are held back, reordering the file changes nothing, and adding a question moves at most one
 * other across the line.
 */
export function partsOf(questions: readonly string[]): BenchmarkPart[] {
  const order = questions.map((question, index) => ({ index, question, hash: fnv1a(question) }));
  order.sort((a, b) => a.hash - b.hash || (a.question < b.question ? -1 : a.question > b.question ? 1 : 0));
  const tuningCount = Math.round(questions.length * TUNING_SHARE);
  const parts: BenchmarkPart[] = questions.map(() => "held-back");
  order.slice(0, tuningCount).forEach(({ index }) => (parts[index] = "tuning"));
  return parts;
}

/** The entries with `difficulty` computed from the gold SQL and `part` from the question; the text is kept as written. */
export function labelEntries(entries: readonly { db_id: string; question: string; query: string }[]): GermanEntry[] {
  const parts = partsOf(entries.map((entry) => entry.question));
  return entries.map((entry, index) => {
    const hardness = analyzeHardness(entry.query);
    if (!hardness.ok) throw new Error(`Question ${index} (${entry.question}): ${hardness.message}`);
    return { db_id: entry.db_id, question: entry.question, query: entry.query, difficulty: hardness.hardness, part: parts[index]! };
  });
}

/** The database file's bytes, built in memory from the seed. */
export function buildGermanBytes(SQL: SqlJsStatic): Uint8Array {
  const db = new SQL.Database();
  try {
    // Enforced while building, so a generator bug fails here instead of shipping dangling keys.
    db.run("PRAGMA foreign_keys = ON");
    buildGermanDatabase(db, createRandom(SEED));
    db.run("VACUUM");
    return db.export();
  } finally {
    db.close();
  }
}

/** tables.json's one entry, read from the database's bytes. */
export function buildGermanTables(SQL: SqlJsStatic, bytes: Uint8Array): SpiderTables[] {
  const db = new SQL.Database(bytes);
  try {
    return [describeDatabase(db, GERMAN_DB_ID)];
  } finally {
    db.close();
  }
}

/** The README's table of questions per part and difficulty. */
export function renderGermanCounts(entries: readonly GermanEntry[]): string {
  const count = (part: BenchmarkPart | undefined, level: Hardness | undefined): number =>
    entries.filter((entry) => (part === undefined || entry.part === part) && (level === undefined || entry.difficulty === level)).length;
  const row = (label: string, part: BenchmarkPart | undefined): string =>
    `| ${label} | ${count(part, undefined)} | ${HARDNESS_LEVELS.map((level) => count(part, level)).join(" | ")} |`;
  return [
    `| part | questions | ${HARDNESS_LEVELS.join(" | ")} |`,
    `|---|---|${HARDNESS_LEVELS.map(() => "---").join("|")}|`,
    ...BENCHMARK_PARTS.map((part) => row(part, part)),
    row("all", undefined),
  ].join("\n");
}

const rawEntriesSchema = z.array(z.object({ db_id: z.string(), question: z.string(), query: z.string() }).passthrough());

async function main(): Promise<void> {
  const SQL = await initSqlJs();
  const bytes = buildGermanBytes(SQL);
  mkdirSync(join(GERMAN_DIRECTORY, "database", GERMAN_DB_ID), { recursive: true });
  writeFileSync(GERMAN_DATABASE_PATH, bytes);
  writeFileSync(join(GERMAN_DIRECTORY, "tables.json"), renderJson(buildGermanTables(SQL, bytes)));
  console.log(`${GERMAN_DB_ID}.sqlite: ${bytes.length} bytes; tables.json written`);
  const devPath = join(GERMAN_DIRECTORY, "dev.json");
  if (!existsSync(devPath)) return;
  const entries = labelEntries(rawEntriesSchema.parse(JSON.parse(readFileSync(devPath, "utf8"))));
  writeFileSync(devPath, renderJson(entries));
  console.log(`dev.json: ${entries.length} questions labelled`);
  console.log(renderGermanCounts(entries));
}

// Only when run as a script; importing this module (the test does) must not write files.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

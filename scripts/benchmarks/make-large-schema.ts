// Generates the large-schema benchmark (benchmarks/large-schema): the `warehouse` database, its tables.json and dev.json.
// Run with `npx tsx scripts/benchmarks/make-large-schema.ts`. Deterministic: the same sources give byte-identical files.
// The questions are written by hand in large-schema/questions.ts; this script only adds each one's difficulty (Spider's
// hardness rules) and part (the split rule below), so dev.json is never edited by hand.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import initSqlJs from "sql.js";
import { analyzeHardness, HARDNESS_LEVELS, type Hardness } from "../../app/core/eval/hardness";
import { compactSql, describeDatabase, renderJson, SAMPLES_DIRECTORY, type SpiderTables } from "../teaching-benchmark";
import { buildWarehouse, WAREHOUSE_DB_ID } from "./large-schema/build-warehouse";
import { LARGE_SCHEMA_QUESTIONS, type LargeSchemaQuestion } from "./large-schema/questions";

export const LARGE_SCHEMA_DIRECTORY = fileURLToPath(new URL("../../benchmarks/large-schema/", import.meta.url));
export const WAREHOUSE_PATH = join(LARGE_SCHEMA_DIRECTORY, "database", WAREHOUSE_DB_ID, `${WAREHOUSE_DB_ID}.sqlite`);

export const BENCHMARK_PARTS = ["tuning", "held-back"] as const;
export type BenchmarkPart = (typeof BENCHMARK_PARTS)[number];

/** One entry of dev.json: Spider's fields plus the part of the split it belongs to. */
export interface LargeSchemaEntry {
  db_id: string;
  question: string;
  query: string;
  difficulty: Hardness;
  part: BenchmarkPart;
}

/**
 * The split, stratified by domain: within each domain, questions are numbered 0, 1, 2, … in file order, and those
 * whose number leaves 1 or 3 when divided by 5 are held back; the rest (0, 2, 4 of every five) are for tuning.
 * So each domain gives about 60% to tuning and 40% to the held-back part, whatever its size.
 */
export function partOf(positionInDomain: number): BenchmarkPart {
  return positionInDomain % 5 === 1 || positionInDomain % 5 === 3 ? "held-back" : "tuning";
}

/** dev.json's entries in the questions file's order; throws when a gold query cannot be classified. */
export function buildLargeSchemaEntries(questions: readonly LargeSchemaQuestion[] = LARGE_SCHEMA_QUESTIONS): LargeSchemaEntry[] {
  const seen = new Map<string, number>();
  return questions.map((entry, index) => {
    const position = seen.get(entry.domain) ?? 0;
    seen.set(entry.domain, position + 1);
    const query = compactSql(entry.query);
    const hardness = analyzeHardness(query);
    if (!hardness.ok) throw new Error(`Question ${index} (${entry.question}): ${hardness.message}`);
    return { db_id: WAREHOUSE_DB_ID, question: entry.question, query, difficulty: hardness.hardness, part: partOf(position) };
  });
}

/** The README's table of questions by domain, difficulty and part. */
export function renderLargeSchemaCounts(questions: readonly LargeSchemaQuestion[], entries: readonly LargeSchemaEntry[]): string {
  const domains = [...new Set(questions.map((question) => question.domain))];
  const row = (label: string, chosen: readonly LargeSchemaEntry[]): string =>
    `| ${label} | ${chosen.length} | ${HARDNESS_LEVELS.map((level) => chosen.filter((entry) => entry.difficulty === level).length).join(" | ")} | ${BENCHMARK_PARTS.map((part) => chosen.filter((entry) => entry.part === part).length).join(" | ")} |`;
  return [
    `| domain | questions | ${HARDNESS_LEVELS.join(" | ")} | ${BENCHMARK_PARTS.join(" | ")} |`,
    `|---|---|${HARDNESS_LEVELS.map(() => "---").join("|")}|${BENCHMARK_PARTS.map(() => "---").join("|")}|`,
    ...domains.map((domain) =>
      row(
        domain,
        entries.filter((_entry, index) => questions[index]!.domain === domain),
      ),
    ),
    row("all", entries),
  ].join("\n");
}

async function main(): Promise<void> {
  const SQL = await initSqlJs();
  const built = buildWarehouse(SQL, SAMPLES_DIRECTORY);
  mkdirSync(join(LARGE_SCHEMA_DIRECTORY, "database", WAREHOUSE_DB_ID), { recursive: true });
  writeFileSync(WAREHOUSE_PATH, built.bytes);
  const db = new SQL.Database(built.bytes);
  let tables: SpiderTables;
  try {
    tables = describeDatabase(db, WAREHOUSE_DB_ID);
  } finally {
    db.close();
  }
  writeFileSync(join(LARGE_SCHEMA_DIRECTORY, "tables.json"), renderJson([tables]));
  const entries = buildLargeSchemaEntries();
  writeFileSync(join(LARGE_SCHEMA_DIRECTORY, "dev.json"), renderJson(entries));
  console.log(`${WAREHOUSE_DB_ID}.sqlite: ${tables.table_names_original.length} tables, ${built.bytes.length} bytes`);
  for (const [domain, names] of built.tablesByDomain) console.log(`  ${domain}: ${names.length} tables (${names.join(", ")})`);
  console.log(`dev.json: ${entries.length} questions`);
  const counts = renderLargeSchemaCounts(LARGE_SCHEMA_QUESTIONS, entries);
  console.log(counts);
  let readme = "";
  try {
    readme = readFileSync(join(LARGE_SCHEMA_DIRECTORY, "README.md"), "utf8");
  } catch {
    // No README yet: the message below says what to put in it.
  }
  if (!readme.includes(counts)) console.log("README.md: update its table of questions to the one above");
}

// Only when run as a script; importing this module (the test does) must not write files.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

// A database of 5,000 tables (60,000 columns) opened from a file in the page (headless Chromium, the test build): the
// time from choosing the file to its tables listed, how many entries the schema panel draws, and the page's longest
// main-thread task until then and in the 10 s after (the column profile and the value index of so many tables come
// then); and the schema pruner over it in Node. `npx tsx bench/large-schema.ts [--dir=BUILT_TEST_DIRECTORY]` runs this
// part alone (it builds the test app first).
import { existsSync, mkdirSync, renameSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { Browser } from "@playwright/test";
import { openDatabaseFile } from "../app/cli/node-engine";
import { createSchemaPruner } from "../app/core/schema/schema-pruner";
import { launchBrowser, VIEWPORT } from "./browser";
import { buildApp, startPreview } from "./serve";
import { median, round, roundAll } from "./stats";

export const LARGE_SCHEMA_TABLES = 5000;
const COLUMNS_PER_TABLE = 12;
/** Bumped when the generated database changes, so a cached file of an older shape is not measured. */
const GENERATION = 1;
const DATABASE_PATH = join(tmpdir(), "querylab-bench", `tables-${LARGE_SCHEMA_TABLES}-v${GENERATION}.sqlite`);
const TIMEOUT_MS = 120_000;
/** How long after the tables are listed the page's tasks are still watched. */
const AFTER_MS = 10_000;

const tableName = (index: number) => `t${String(index).padStart(4, "0")}_orders`;

/**
 * 5,000 tables of 12 columns, each with a foreign key to the table before it, an index and three rows, as an ERP's
 * or a data warehouse's schema has thousands of tables. Deterministic, kept in the temp directory between runs.
 */
export function manyTablesDatabase(): { path: string; tables: number; columns: number } {
  if (!existsSync(DATABASE_PATH)) {
    mkdirSync(join(tmpdir(), "querylab-bench"), { recursive: true });
    const database = new Database(`${DATABASE_PATH}.partial`);
    const kinds = ["name TEXT", "amount REAL", "created_at TEXT", "status TEXT", "code TEXT", "note TEXT"];
    database.transaction(() => {
      for (let index = 0; index < LARGE_SCHEMA_TABLES; index += 1) {
        const columns = ["id INTEGER PRIMARY KEY", index > 0 ? `parent_id INTEGER REFERENCES ${tableName(index - 1)}(id)` : "parent_id INTEGER"];
        for (let column = 2; column < COLUMNS_PER_TABLE; column += 1) columns.push(`col_${column}_${kinds[column % kinds.length]}`);
        database.exec(`CREATE TABLE ${tableName(index)} (${columns.join(", ")})`);
        database.exec(`CREATE INDEX ${tableName(index)}_by_created ON ${tableName(index)} (col_2_created_at)`);
        database.exec(`INSERT INTO ${tableName(index)} (id) VALUES (1), (2), (3)`);
      }
    })();
    database.close();
    // Renamed only once complete, so an interrupted run never leaves a short file to be measured next time.
    renameSync(`${DATABASE_PATH}.partial`, DATABASE_PATH);
  }
  return { path: DATABASE_PATH, tables: LARGE_SCHEMA_TABLES, columns: LARGE_SCHEMA_TABLES * COLUMNS_PER_TABLE };
}

/** Records every long task (≥ 50 ms) of the page; a string, since tsx's helpers do not exist in the page. */
const LONG_TASKS = `(() => {
  const tasks = (window.__largeSchemaTasks = []);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
})();`;

interface LongTask {
  start: number;
  duration: number;
}

declare global {
  interface Window {
    __largeSchemaTasks?: LongTask[];
  }
}

export interface LargeSchemaOpen {
  /** Choosing the file → the panel's heading says "Tables (5000)" and entries are drawn. */
  listedMs: number;
  /** The schema panel's entries in the page then (every table, when the list is drawn whole). */
  entriesDrawn: number;
  /** The longest main-thread task from choosing the file to listed (0 when none ≥ 50 ms). */
  longestTaskUntilListedMs: number;
  /** …and in the 10 s after. */
  longestTaskAfterMs: number;
  longTasksAfter: number;
  /** In the same 10 s, `SELECT 1` sent to the worker every 50 ms: the median and the longest time to its answer. */
  queryWaitMedianMs: number;
  queryWaitLongestMs: number;
  /**
   * Then the page's own pruner (as the agent's question runs it, on the main thread) for PRUNING_QUESTIONS in turn:
   * the first builds its index too. Each question's time, and the longest main-thread task while they ran.
   */
  pagePruneMs: number[];
  longestTaskWhilePruningMs: number;
}

/**
 * The schema pruner over the same database in Node (the page runs the same core on its main thread: see LargeSchemaOpen): building its
 * index, and pruning for a question. The generated tables all have the same columns, so a question's words match
 * hundreds of them alike: a hard case for the join paths and the budget's search.
 */
export interface LargeSchemaPruning {
  buildMs: number;
  pruneMedianMs: number;
  pruneSamplesMs: number[];
  keptTables: number;
}

const PRUNING_QUESTIONS = ["which orders were created last week with status shipped", "total amount per code", "notes of order 3"];

async function measurePruning(path: string): Promise<LargeSchemaPruning> {
  const engine = await openDatabaseFile(path);
  const schema = await engine.schema();
  let started = performance.now();
  const pruner = await createSchemaPruner({ database: engine, schema, valueMatching: false });
  const buildMs = performance.now() - started;
  const samples: number[] = [];
  let keptTables = 0;
  for (const question of PRUNING_QUESTIONS) {
    started = performance.now();
    const result = await pruner.prune(question);
    samples.push(performance.now() - started);
    keptTables = Math.max(keptTables, result.tables.filter((table) => table.kept).length);
  }
  return { buildMs: round(buildMs), pruneMedianMs: round(median(samples)), pruneSamplesMs: roundAll(samples), keptTables };
}

export interface LargeSchemaFigures {
  pruning: LargeSchemaPruning;
  tables: number;
  columns: number;
  databaseMB: number;
  opens: LargeSchemaOpen[];
  listedMedianMs: number;
  longestTaskUntilListedMedianMs: number;
  longestTaskAfterMedianMs: number;
  /** The median over the opens of the longest wait of a small query in the 10 s after listing. */
  queryWaitLongestMedianMs: number;
  /** The page's pruner: the first question (its index built too), a later one (median over the opens), the longest task meanwhile. */
  pageFirstPruneMedianMs: number;
  pageLaterPruneMedianMs: number;
  longestTaskWhilePruningMedianMs: number;
  entriesDrawn: number;
}

async function openOnce(browser: Browser, url: string, path: string, tables: number): Promise<LargeSchemaOpen> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.addInitScript({ content: LONG_TASKS });
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => window.__querylab?.database().status === "ready", undefined, { timeout: TIMEOUT_MS });
    // The editor loaded and the sample's first work done, so the tasks measured are the open's.
    await page.waitForSelector(".monaco-editor", { timeout: TIMEOUT_MS });
    await page.waitForTimeout(3000);
    const chosenAt = await page.evaluate(() => performance.now());
    await page.getByLabel("Database file").setInputFiles(path);
    await page.waitForFunction(
      (count) =>
        document.querySelector(".schema-panel h2")?.textContent === `Tables (${count})` && document.querySelector(".schema-panel .table-name") !== null,
      tables,
      { timeout: TIMEOUT_MS, polling: "raf" },
    );
    const listedAt = await page.evaluate(() => performance.now());
    const entriesDrawn = await page.locator(".schema-panel .table-name").count();
    // A small query every 50 ms meanwhile, as a person trying the database would: how long the worker keeps one waiting
    // while it profiles, indexes values and copies or sends what the page asks for.
    const queryWaitsMs = await page.evaluate(async (afterMs) => {
      const engine = window.__querylab!.engine();
      const waits: number[] = [];
      const until = performance.now() + afterMs;
      while (performance.now() < until) {
        const asked = performance.now();
        await engine.execute("SELECT 1");
        waits.push(performance.now() - asked);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return waits;
    }, AFTER_MS);
    const pruningFrom = await page.evaluate(() => performance.now());
    const pagePruneMs = await page.evaluate(async (questions) => {
      const spent: number[] = [];
      for (const question of questions) {
        const asked = performance.now();
        const result = await window.__querylab!.prune().prune(question, "schema");
        if (!result) throw new Error(`The page could not prune for "${question}": ${window.__querylab!.prune().message ?? "no result"}`);
        spent.push(performance.now() - asked);
      }
      return spent;
    }, PRUNING_QUESTIONS);
    const pruningTo = await page.evaluate(() => performance.now());
    const tasks = await page.evaluate(() => window.__largeSchemaTasks ?? []);
    const longestBetween = (from: number, to: number) => {
      const inside = tasks.filter((task) => task.start + task.duration > from && task.start < to);
      return { longest: Math.max(0, ...inside.map((task) => task.duration)), count: inside.length };
    };
    const until = longestBetween(chosenAt, listedAt);
    const after = longestBetween(listedAt, listedAt + AFTER_MS);
    return {
      listedMs: round(listedAt - chosenAt),
      entriesDrawn,
      longestTaskUntilListedMs: round(until.longest),
      longestTaskAfterMs: round(after.longest),
      longTasksAfter: after.count,
      queryWaitMedianMs: round(median(queryWaitsMs)),
      queryWaitLongestMs: round(Math.max(...queryWaitsMs)),
      pagePruneMs: roundAll(pagePruneMs),
      longestTaskWhilePruningMs: round(longestBetween(pruningFrom, pruningTo).longest),
    };
  } finally {
    await context.close();
  }
}

export async function measureLargeSchema(browser: Browser, url: string, runs = 3): Promise<LargeSchemaFigures> {
  const { path, tables, columns } = manyTablesDatabase();
  const opens: LargeSchemaOpen[] = [];
  for (let run = 0; run < runs; run += 1) opens.push(await openOnce(browser, url, path, tables));
  return {
    pruning: await measurePruning(path),
    tables,
    columns,
    databaseMB: round(statSync(path).size / 1e6, 1),
    opens,
    listedMedianMs: round(median(opens.map((open) => open.listedMs))),
    longestTaskUntilListedMedianMs: round(median(opens.map((open) => open.longestTaskUntilListedMs))),
    longestTaskAfterMedianMs: round(median(opens.map((open) => open.longestTaskAfterMs))),
    queryWaitLongestMedianMs: round(median(opens.map((open) => open.queryWaitLongestMs))),
    pageFirstPruneMedianMs: round(median(opens.map((open) => open.pagePruneMs[0]!))),
    pageLaterPruneMedianMs: round(median(opens.flatMap((open) => open.pagePruneMs.slice(1)))),
    longestTaskWhilePruningMedianMs: round(median(opens.map((open) => open.longestTaskWhilePruningMs))),
    entriesDrawn: median(opens.map((open) => open.entriesDrawn)),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const directory = process.argv.find((argument) => argument.startsWith("--dir="))?.slice("--dir=".length);
  const built = directory ?? "bench/.dist-large-schema";
  if (!directory) await buildApp(built, "test");
  const server = await startPreview(built);
  const browser = await launchBrowser();
  try {
    const figures = await measureLargeSchema(browser, server.url);
    process.stdout.write(`${JSON.stringify({ ...figures, listedSamplesMs: roundAll(figures.opens.map((open) => open.listedMs)) }, null, 2)}\n`);
  } finally {
    await browser.close();
    await server.close();
  }
}

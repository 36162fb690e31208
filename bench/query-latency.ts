// Query latency through the worker (page → comlink → sql.js → page) against better-sqlite3 on the same file in Node.
import Database from "better-sqlite3";
import type { Browser, Page } from "@playwright/test";
import { openDatabaseFile } from "../app/cli/node-engine";
import type { DatabaseService } from "../app/core/database-service";
import { median, round, roundAll } from "./stats";

export interface BenchQuery {
  name: string;
  sql: string;
}

/** Representative queries over the bookshop sample (order_items, ~24k rows, is its biggest table). */
export const BOOKSHOP_QUERIES: readonly BenchQuery[] = [
  { name: "point lookup by primary key", sql: "SELECT * FROM books WHERE book_id = 1234" },
  {
    name: "filtered scan",
    sql: "SELECT order_id, order_date, shipping_cost FROM orders WHERE channel = 'Online' AND status = 'Delivered' AND shipping_cost > 4",
  },
  {
    name: "2-table join + GROUP BY",
    sql: "SELECT g.name, count(*) AS books, round(avg(b.list_price), 2) AS average_price FROM books AS b JOIN genres AS g ON g.genre_id = b.genre_id GROUP BY g.genre_id ORDER BY books DESC",
  },
  {
    name: "4-table join + ORDER BY LIMIT",
    sql:
      "SELECT b.title, a.first_name || ' ' || a.last_name AS author, sum(oi.quantity) AS copies, round(sum(oi.quantity * oi.unit_price), 2) AS revenue " +
      "FROM order_items AS oi JOIN orders AS o ON o.order_id = oi.order_id JOIN books AS b ON b.book_id = oi.book_id " +
      "JOIN book_authors AS ba ON ba.book_id = b.book_id AND ba.credit_order = 1 JOIN authors AS a ON a.author_id = ba.author_id " +
      "WHERE o.status NOT IN ('Cancelled', 'Returned') GROUP BY b.book_id ORDER BY revenue DESC LIMIT 10",
  },
  {
    name: "aggregate over order_items",
    sql: "SELECT count(*) AS lines, sum(quantity) AS copies, round(sum(quantity * unit_price), 2) AS revenue, round(avg(unit_price), 2) AS average_price FROM order_items",
  },
  { name: "LIKE search", sql: "SELECT book_id, title, subtitle FROM books WHERE title LIKE '%garden%' OR subtitle LIKE '%garden%'" },
  {
    name: "correlated subquery",
    sql: "SELECT b.book_id, b.title, b.list_price FROM books AS b WHERE b.list_price > (SELECT avg(list_price) FROM books AS inner_books WHERE inner_books.genre_id = b.genre_id) ORDER BY b.list_price DESC",
  },
  {
    name: "window function",
    sql:
      "SELECT store_id, strftime('%Y-%m', order_date) AS month, count(*) AS orders, " +
      "sum(count(*)) OVER (PARTITION BY store_id ORDER BY strftime('%Y-%m', order_date)) AS running_orders, " +
      "rank() OVER (PARTITION BY strftime('%Y-%m', order_date) ORDER BY count(*) DESC) AS store_rank " +
      "FROM orders WHERE store_id IS NOT NULL GROUP BY store_id, month ORDER BY store_id, month",
  },
  { name: "all rows of customers", sql: "SELECT * FROM customers" },
  {
    name: "date range on an index",
    sql: "SELECT channel, count(*) AS orders, round(sum(shipping_cost), 2) AS shipping FROM orders WHERE order_date >= '2024-01-01' AND order_date < '2024-07-01' GROUP BY channel",
  },
];

export interface LatencyOptions {
  warmups: number;
  repetitions: number;
}

interface Run {
  rowCount: number;
  elapsedMs: number;
}

/** A run in the worker, with the engine's own time (the statements run in the worker, from its reply) beside it. */
interface WorkerRun extends Run {
  inWorkerMs: number;
}

/** One run of engine().executePaged in the page (what the editor's Run calls): main thread → worker → main thread, as the UI pays it. */
async function runInWorker(page: Page, sql: string): Promise<WorkerRun> {
  return page.evaluate(async (sql) => {
    const engine = window.__querylab!.engine();
    const started = performance.now();
    const outcome = await engine.executePaged(sql);
    const elapsedMs = performance.now() - started;
    if (!outcome.ok) throw new Error(`${sql}: ${outcome.error.message}`);
    return { rowCount: outcome.rowCount, elapsedMs, inWorkerMs: outcome.elapsedMs };
  }, sql);
}

/**
 * A round trip with no query: a call the worker answers with a short string (contentKey), timed as runInWorker times
 * a run. It goes through comlink, while a run takes the editor's own message path (paged-query-channel.ts), which
 * costs a little less per call; so this is an upper bound of what a run pays for the round trip alone (the threads
 * waking, the messaging, the checks).
 */
async function emptyRoundTrip(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const engine = window.__querylab!.engine();
    const started = performance.now();
    await engine.contentKey();
    return performance.now() - started;
  });
}

/**
 * A page beside QueryLab's with a worker that only echoes (bench/floor/echo-worker.js): the machine's floor of a worker
 * round trip, timed as emptyRoundTrip times QueryLab's, each right after it.
 */
export async function openBareWorkerPage(browser: Browser, floorUrl: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(floorUrl);
  await page.evaluate(async () => {
    const worker = new Worker("echo-worker.js");
    await new Promise((resolve) => {
      worker.onmessage = resolve;
      worker.postMessage("ready?");
    });
    (window as unknown as { echoWorker: Worker }).echoWorker = worker;
  });
  return { page, close: () => context.close() };
}

async function bareRoundTrip(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const worker = (window as unknown as { echoWorker: Worker }).echoWorker;
    const started = performance.now();
    await new Promise((resolve) => {
      worker.onmessage = resolve;
      worker.postMessage("ping");
    });
    return performance.now() - started;
  });
}

/** better-sqlite3 materializing every row, as the worker does (it keeps all rows for paging). */
function runNatively(database: Database.Database, sql: string): Run {
  const started = performance.now();
  const rows = database.prepare(sql).all();
  return { rowCount: rows.length, elapsedMs: performance.now() - started };
}

/**
 * The worker's own engine class run in-process in Node (no worker, no RPC): splits the worker's time into what
 * sql.js and the engine's bookkeeping cost and what the round trip to the worker adds.
 */
async function runInProcess(engine: DatabaseService, sql: string): Promise<Run> {
  const started = performance.now();
  const outcome = await engine.execute(sql);
  const elapsedMs = performance.now() - started;
  if (!outcome.ok) throw new Error(`${sql}: ${outcome.error.message}`);
  return { rowCount: outcome.rowCount, elapsedMs };
}

export interface QueryLatency {
  name: string;
  sql: string;
  rowCount: number;
  workerMedianMs: number;
  nativeMedianMs: number;
  ratio: number;
  /** The same engine (sql.js) in Node without the worker: not part of the target, for attribution. */
  sqljsInNodeMedianMs: number;
  /** Breakdown of the worker's time (not part of the target): the engine's own time running the statements in the worker… */
  inWorkerMedianMs: number;
  /** …and an empty round trip to the worker, timed right after each run. */
  emptyRoundTripMedianMs: number;
  workerSamplesMs: number[];
  nativeSamplesMs: number[];
  sqljsInNodeSamplesMs: number[];
  emptyRoundTripSamplesMs: number[];
}

interface Samples {
  worker: number[];
  native: number[];
  sqljs: number[];
  inWorker: number[];
  emptyRoundTrip: number[];
  bareRoundTrip: number[];
}

function latencyOf(query: BenchQuery, rowCount: number, samples: Samples): QueryLatency {
  const workerMedianMs = median(samples.worker);
  const nativeMedianMs = median(samples.native);
  return {
    name: query.name,
    sql: query.sql,
    rowCount,
    workerMedianMs: round(workerMedianMs, 3),
    nativeMedianMs: round(nativeMedianMs, 3),
    ratio: round(workerMedianMs / nativeMedianMs, 2),
    sqljsInNodeMedianMs: round(median(samples.sqljs), 3),
    inWorkerMedianMs: round(median(samples.inWorker), 3),
    emptyRoundTripMedianMs: round(median(samples.emptyRoundTrip), 3),
    workerSamplesMs: roundAll(samples.worker, 3),
    nativeSamplesMs: roundAll(samples.native, 3),
    sqljsInNodeSamplesMs: roundAll(samples.sqljs, 3),
    emptyRoundTripSamplesMs: roundAll(samples.emptyRoundTrip, 3),
  };
}

export interface QueryLatencyResult {
  queries: QueryLatency[];
  /** Median over queries of each query's worker/native ratio. */
  medianOfRatios: number;
  /** Median worker time over median native time, each taken over the queries' medians. */
  ratioOfMedians: number;
  workerMedianMs: number;
  nativeMedianMs: number;
  /** Median over queries of sql.js-in-Node / native: the part of the ratio the worker and RPC do not explain. */
  sqljsInNodeMedianOfRatios: number;
  /** Median over all runs of the empty round trip to the worker (see emptyRoundTrip). */
  emptyRoundTripMedianMs: number;
  /** Median over all runs of a round trip to a worker that only echoes (the machine's floor), when a page for it was given. */
  bareRoundTripMedianMs: number | null;
}

/** The page must have the test build open with the same database file as databasePath. */
export async function measureQueryLatency(
  page: Page,
  databasePath: string,
  queries: readonly BenchQuery[],
  options: LatencyOptions,
  /** A page from openBareWorkerPage: the floor of a round trip, timed beside QueryLab's. */
  bareWorkerPage?: Page,
): Promise<QueryLatencyResult> {
  const database = new Database(databasePath, { readonly: true, fileMustExist: true });
  const engine = await openDatabaseFile(databasePath);
  const results: QueryLatency[] = [];
  const bareSamples: number[] = [];
  try {
    for (const query of queries) {
      // The three take turns run by run, so a change in the machine's load (other work on its two cores) weighs on
      // each alike instead of on whichever ran during it.
      const samples: Samples = { worker: [], native: [], sqljs: [], inWorker: [], emptyRoundTrip: [], bareRoundTrip: [] };
      const rowCounts = { worker: 0, native: 0 };
      for (let index = 0; index < options.warmups + options.repetitions; index += 1) {
        const inWorker = await runInWorker(page, query.sql);
        // After the run, not before it: the run still follows sql.js in Node as it did without the breakdown.
        const empty = await emptyRoundTrip(page);
        const bare = bareWorkerPage ? await bareRoundTrip(bareWorkerPage) : null;
        const inNode = runNatively(database, query.sql);
        const sqljs = await runInProcess(engine, query.sql);
        rowCounts.worker = inWorker.rowCount;
        rowCounts.native = inNode.rowCount;
        if (index < options.warmups) continue;
        samples.worker.push(inWorker.elapsedMs);
        samples.native.push(inNode.elapsedMs);
        samples.sqljs.push(sqljs.elapsedMs);
        samples.inWorker.push(inWorker.inWorkerMs);
        samples.emptyRoundTrip.push(empty);
        if (bare !== null) samples.bareRoundTrip.push(bare);
      }
      if (rowCounts.worker !== rowCounts.native) {
        throw new Error(`${query.name}: the worker returned ${rowCounts.worker} rows but better-sqlite3 ${rowCounts.native}; not the same database?`);
      }
      results.push(latencyOf(query, rowCounts.native, samples));
      bareSamples.push(...samples.bareRoundTrip);
    }
  } finally {
    database.close();
  }
  const workerMedianMs = median(results.map((result) => result.workerMedianMs));
  const nativeMedianMs = median(results.map((result) => result.nativeMedianMs));
  return {
    queries: results,
    medianOfRatios: round(median(results.map((result) => result.ratio)), 2),
    ratioOfMedians: round(workerMedianMs / nativeMedianMs, 2),
    workerMedianMs: round(workerMedianMs, 3),
    nativeMedianMs: round(nativeMedianMs, 3),
    sqljsInNodeMedianOfRatios: round(median(results.map((result) => result.sqljsInNodeMedianMs / result.nativeMedianMs)), 2),
    emptyRoundTripMedianMs: round(median(results.flatMap((result) => result.emptyRoundTripSamplesMs)), 3),
    bareRoundTripMedianMs: bareSamples.length > 0 ? round(median(bareSamples), 3) : null,
  };
}

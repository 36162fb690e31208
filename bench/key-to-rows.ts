// Key press to rows on screen: Ctrl+Enter pressed in the real editor → the result's rows in the grid (and the next
// frame after them), for 30 varied small queries, next to better-sqlite3 answering the same queries in Node.
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { median, round, roundAll } from "./stats";

/** Ten shapes of small query over the bookshop sample, each with three literals, so no two runs are the same text. */
const SMALL_QUERY_SHAPES: readonly { shape: string; literals: readonly (string | number)[]; sql: (literal: string | number) => string }[] = [
  { shape: "book by key", literals: [17, 842, 1593], sql: (id) => `SELECT * FROM books WHERE book_id = ${id}` },
  {
    shape: "customer by key",
    literals: [5, 1207, 3111],
    sql: (id) => `SELECT customer_id, first_name, last_name, email, city, loyalty_tier FROM customers WHERE customer_id = ${id}`,
  },
  { shape: "store by key", literals: [1, 4, 9], sql: (id) => `SELECT name, city, state, opened_date, square_feet FROM stores WHERE store_id = ${id}` },
  {
    shape: "genres of one language",
    literals: ["English", "French", "German"],
    sql: (language) =>
      `SELECT g.name, count(*) AS books FROM books AS b JOIN genres AS g ON g.genre_id = b.genre_id WHERE b.language = '${language}' GROUP BY g.genre_id ORDER BY books DESC`,
  },
  {
    shape: "orders of a customer",
    literals: [12, 640, 2890],
    sql: (id) => `SELECT order_id, order_date, channel, status, shipping_cost FROM orders WHERE customer_id = ${id} ORDER BY order_date`,
  },
  {
    shape: "title search",
    literals: ["garden", "night", "river"],
    sql: (word) => `SELECT book_id, title, list_price FROM books WHERE title LIKE '%${word}%' ORDER BY title LIMIT 20`,
  },
  {
    shape: "ratings of a book",
    literals: [3, 250, 1111],
    sql: (id) => `SELECT rating, count(*) AS reviews FROM reviews WHERE book_id = ${id} GROUP BY rating ORDER BY rating`,
  },
  {
    shape: "best-paid staff of a store",
    literals: [2, 5, 8],
    sql: (id) => `SELECT first_name, last_name, job_title, salary FROM employees WHERE store_id = ${id} ORDER BY salary DESC LIMIT 10`,
  },
  {
    shape: "authors of a book",
    literals: [7, 777, 1500],
    sql: (id) =>
      `SELECT a.first_name, a.last_name, ba.role, ba.credit_order FROM book_authors AS ba JOIN authors AS a ON a.author_id = ba.author_id WHERE ba.book_id = ${id} ORDER BY ba.credit_order`,
  },
  {
    shape: "stock of a book by store",
    literals: [33, 404, 1234],
    sql: (id) => `SELECT store_id, quantity_on_hand, last_restocked FROM inventory WHERE book_id = ${id} ORDER BY store_id`,
  },
];

export const SMALL_QUERIES: readonly { name: string; sql: string }[] = SMALL_QUERY_SHAPES.flatMap((shape) =>
  shape.literals.map((literal) => ({ name: `${shape.shape} (${literal})`, sql: shape.sql(literal) })),
);

/**
 * How the keys go up. "held": as a person presses Run: Ctrl goes down first (and its frame passes), then Enter, and both
 * are released only once the rows are on screen (a key is held for some 100 ms; the rows take a few). "at once":
 * Playwright's press(), which releases Enter and Ctrl 1-3 ms after Enter went down, before the worker has answered.
 * Each release is a discrete input event, after which Chromium renders a frame before it runs the task that delivers
 * the worker's reply, so on half of those presses the reply waited for that frame (4-12 ms from dispatch to reply),
 * the same with the app's key listeners bypassed. No hand releases a key that fast; the figure is kept beside the
 * target's for comparison with runs before the bench held its keys.
 */
export type KeyRelease = "held" | "at once";

export interface KeyToRowsOptions {
  release: KeyRelease;
  /** Rounds over all the queries before measuring (the first run warms the code paths, the grid's chunk and SQLite's cache). */
  warmups: number;
  /** Measured rounds, one press per query each; a query's figure is the median of its presses. */
  repetitions: number;
}

/** The page's window while a press is measured: the probe's promise waits there for the key. */
type ProbeWindow = Window & { keyToRowsProbe?: Promise<PressTiming> };

interface PressTiming {
  /** keydown's timestamp → the grid shows the new result's first rows (DOM committed). */
  rowsMs: number;
  /** keydown → the end of the next frame after that (the rows painted). */
  paintedMs: number;
  rowCount: number;
  /** Where the time went, each from the keydown: see PressPhases. */
  phases: PressPhases;
}

/**
 * Points on the way from the key to the rows, each in ms after the keydown, read from outside the app (no marks in its
 * code): the query store marking the run as started (the editor handled the key, Run found the statement and posted
 * it to the worker), the worker's reply event on the page, the store holding the result (the reply checked and
 * stored; before the render), and the rows committed to the grid.
 */
export interface PressPhases {
  dispatchedMs: number;
  replyMs: number;
  storedMs: number;
  rowsMs: number;
}

/**
 * Puts the query in the editor as a paste would, with the caret inside it, and lets the editor settle: two frames (the
 * new text rendered), then an idle moment, as there is one between pasting and pressing Run. Monaco tokenizes and
 * re-renders new text in tasks of its own after the paste; without the idle wait they ran during the press and were
 * counted in it (the reply waiting for the main thread: 4-12 ms from dispatch to reply on a third of the presses).
 */
async function typeQuery(page: Page, sql: string): Promise<void> {
  await page.evaluate(async (text) => {
    window.__querylab!.editor().setText(text);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 500 }));
  }, sql);
}

/**
 * Arms the page's probes, then presses Ctrl+Enter (see KeyRelease for how). The start is the keydown event's own timestamp (when the browser
 * received the key), read by a capturing listener. The end: the query store holds a new result and the grid shows its
 * rows (no cell still loading), checked in a task posted after each store change (React commits a store update in a
 * microtask, so the DOM is current by then) and after each DOM change of the results panel; then one frame more.
 */
async function pressRun(page: Page, release: KeyRelease): Promise<PressTiming> {
  if (release === "held") await page.keyboard.down("Control");
  // Armed and awaited before the key is sent: an evaluate left pending may reach the page after the key does. With
  // Ctrl held, the frame its keydown asked for has passed by the end of this evaluate (it waits for two).
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    (window as ProbeWindow).keyToRowsProbe = new Promise<PressTiming>((resolve, reject) => {
      const hook = window.__querylab!;
      const before = hook.query().result;
      const panel = document.querySelector(".results-panel");
      if (!panel) throw new Error("No results panel on the page.");
      const worker = hook.worker();
      let keyAt: number | null = null;
      let dispatchedAt: number | null = null;
      let replyAt: number | null = null;
      let storedAt: number | null = null;
      let done = false;
      // The reply's message event carries the time the page's main thread took it in, before the reply's handler ran (which
      // can store the result before this listener runs, so "until stored" cannot bound it): the first message after the
      // key. Another call's reply arriving first would be taken for it; nothing else talks to the worker during a press.
      const onReply = (event: MessageEvent) => {
        if (keyAt !== null && replyAt === null) replyAt = event.timeStamp;
      };
      const onKey = (event: KeyboardEvent) => {
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) keyAt = event.timeStamp;
      };
      const stop = (error: Error | null) => {
        done = true;
        observer.disconnect();
        unsubscribe();
        clearTimeout(timeout);
        window.removeEventListener("keydown", onKey, { capture: true });
        if (error) {
          worker.removeEventListener("message", onReply);
          reject(error);
        }
      };
      const check = () => {
        if (done) return;
        const state = hook.query();
        if (state.error) return stop(new Error(`The query failed: ${state.error.message}`));
        const result = state.result;
        if (keyAt === null || !result || result === before || state.running) return;
        const rows = panel.querySelectorAll(".grid-row");
        const shown = result.storedRowCount === 0 || (rows.length > 0 && panel.querySelector(".grid-row .cell-loading") === null);
        if (!shown) return;
        const rowsAt = performance.now();
        const pressedAt = keyAt;
        stop(null);
        // The frame that paints the rows runs its rAF callbacks first; a message posted from one arrives after it.
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            // Read only now: the rows can be committed inside the handler of the reply (its promises settle in
            // that listener's microtasks), before onReply, registered after it, has seen the same event.
            worker.removeEventListener("message", onReply);
            const since = (at: number | null) => (at === null ? Number.NaN : at - pressedAt);
            const phases = { dispatchedMs: since(dispatchedAt), replyMs: since(replyAt), storedMs: since(storedAt), rowsMs: rowsAt - pressedAt };
            resolve({ rowsMs: rowsAt - pressedAt, paintedMs: performance.now() - pressedAt, rowCount: result.rowCount, phases });
          };
          channel.port2.postMessage(null);
        });
      };
      const afterCommit = new MessageChannel();
      afterCommit.port1.onmessage = check;
      const unsubscribe = hook.onQueryChange(() => {
        const state = hook.query();
        if (keyAt !== null && dispatchedAt === null && state.running) dispatchedAt = performance.now();
        if (keyAt !== null && storedAt === null && state.result !== before) storedAt = performance.now();
        afterCommit.port2.postMessage(null);
      });
      worker.addEventListener("message", onReply);
      const observer = new MutationObserver(check);
      observer.observe(panel, { subtree: true, childList: true, characterData: true, attributes: true });
      window.addEventListener("keydown", onKey, { capture: true });
      const timeout = setTimeout(() => {
        const state = hook.query();
        const seen = keyAt === null ? "the key press never arrived" : state.result === before ? "no new result" : "the grid did not show the rows";
        stop(new Error(`No result appeared within 10 s of the key press (${seen}; running: ${state.running !== null}).`));
      }, 10_000);
    });
  });
  if (release === "at once") {
    await page.keyboard.press("Control+Enter");
    return page.evaluate(() => (window as ProbeWindow).keyToRowsProbe!);
  }
  await page.keyboard.down("Enter");
  try {
    return await page.evaluate(() => (window as ProbeWindow).keyToRowsProbe!);
  } finally {
    await page.keyboard.up("Enter");
    await page.keyboard.up("Control");
  }
}

/** The same query's worker round trip alone (engine.executePaged from the page, as Run calls it; no editor, store or render). */
async function executeRoundTripMs(page: Page, sql: string, runs: number): Promise<number[]> {
  return page.evaluate(
    async ({ sql, runs }) => {
      const engine = window.__querylab!.engine();
      const samples: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const started = performance.now();
        const outcome = await engine.executePaged(sql);
        samples.push(performance.now() - started);
        if (!outcome.ok) throw new Error(outcome.error.message);
      }
      return samples;
    },
    { sql, runs },
  );
}

/** better-sqlite3 preparing and reading every row, per run, as the page's engine does. */
function nativeMs(database: Database.Database, sql: string, runs: number): { samples: number[]; rowCount: number } {
  const samples: number[] = [];
  let rowCount = 0;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    rowCount = database.prepare(sql).all().length;
    samples.push(performance.now() - started);
  }
  return { samples, rowCount };
}

export interface KeyToRowsQuery {
  name: string;
  sql: string;
  rowCount: number;
  rowsMedianMs: number;
  paintedMedianMs: number;
  roundTripMedianMs: number;
  nativeMedianMs: number;
  rowsSamplesMs: number[];
  /** Median over the presses of each span of KeyToRowsBreakdown. */
  breakdown: KeyToRowsBreakdown;
}

/** Key → rows cut at the points of PressPhases, then the frame that paints them; each span in ms. */
export interface KeyToRowsBreakdown {
  /** The key reaching the editor, finding the statement under the cursor, posting it, the store marking the run started. */
  keyToDispatch: number;
  /** The worker running the query (posted just before the run was marked started), its reply reaching the main thread. */
  dispatchToReply: number;
  /** The reply's handler (paged-query-channel.ts), the reply check and the store update. */
  replyToStore: number;
  /** The render of what changed, up to the rows committed to the grid. */
  storeToRows: number;
  /** Committed → the end of the next frame (waiting for the display, style, layout, paint). */
  rowsToPainted: number;
}

function breakdownOf(presses: readonly PressTiming[]): KeyToRowsBreakdown {
  // A phase not seen in a press (no reply message noticed) is left out rather than counted as NaN.
  const spanMedian = (span: (press: PressTiming) => number) => round(median(presses.map(span).filter(Number.isFinite)), 2);
  return {
    keyToDispatch: spanMedian((press) => press.phases.dispatchedMs),
    dispatchToReply: spanMedian((press) => press.phases.replyMs - press.phases.dispatchedMs),
    replyToStore: spanMedian((press) => press.phases.storedMs - press.phases.replyMs),
    storeToRows: spanMedian((press) => press.phases.rowsMs - press.phases.storedMs),
    rowsToPainted: spanMedian((press) => press.paintedMs - press.rowsMs),
  };
}

export interface KeyToRowsResult {
  queries: KeyToRowsQuery[];
  /** Median over queries of key → rows in the grid. */
  rowsMedianMs: number;
  /** Median over queries of key → the frame after the rows (includes waiting for the display's next frame). */
  paintedMedianMs: number;
  nativeMedianMs: number;
  /** Median over queries of (key → rows) − native: the target's figure. */
  overNativeMedianMs: number;
  /** Median over queries of the worker round trip alone (engine.executePaged from the page). */
  roundTripMedianMs: number;
  /** Median over queries of (key → rows) − round trip: the editor, the store and the render. */
  pageWorkMedianMs: number;
  /** Median over queries of each span of the breakdown (their sum need not equal the median of the whole). */
  breakdownMedianMs: KeyToRowsBreakdown;
}

/** The page must have the test build open with the Monaco editor loaded and the same database as databasePath. */
export async function measureKeyToRows(
  page: Page,
  databasePath: string,
  queries: readonly { name: string; sql: string }[],
  options: KeyToRowsOptions,
): Promise<KeyToRowsResult> {
  // tsx compiles with esbuild's keepNames, which wraps the probe's named functions in __name(); the page lacks it.
  await page.evaluate("globalThis.__name ??= (target) => target");
  await page.locator(".monaco-editor").first().click();
  const database = new Database(databasePath, { readonly: true, fileMustExist: true });
  const measured: KeyToRowsQuery[] = [];
  try {
    // Pass by pass over all the queries, every third one in turn (the list holds each shape's three literals side by
    // side), so that each press shows other columns than the one before it. Pressed again on the same text, or on
    // another literal with the same result (two customers without orders), the grid showed the same rows: the render
    // changed nothing, no DOM change marked the moment it was done, and the probe saw the result only in its task
    // posted after the store change, which Chromium runs after the next frame when one is due (it gives rendering
    // priority after input): that measured the probe's wait for a frame (0-16 ms), not the app, and made the figure
    // bimodal (1-3 ms or 6-13 ms from store to rows, by the frame's phase). Run so, no press reuses a statement the
    // engine kept prepared (it keeps 16): SQLite parses and plans each, as better-sqlite3 does in nativeMs.
    const order = [0, 1, 2].flatMap((offset) => queries.map((_, index) => index).filter((index) => index % 3 === offset));
    const shapeOf = (index: number) => queries[index]!.name.replace(/ \([^)]*\)$/, "");
    if (order.some((index, at) => at > 0 && shapeOf(index) === shapeOf(order[at - 1]!))) {
      throw new Error("Two presses in a row would run the same query shape: the list must hold each shape's literals side by side, three each.");
    }
    const passes = options.warmups + options.repetitions;
    const pressesOf = queries.map((): PressTiming[] => []);
    const roundTripsOf = queries.map((): number[] => []);
    for (let pass = 0; pass < passes; pass += 1) {
      for (const index of order) {
        await typeQuery(page, queries[index]!.sql);
        const timing = await pressRun(page, options.release);
        if (pass >= options.warmups) pressesOf[index]!.push(timing);
      }
    }
    // The round trips alone in the same order, so that they do not reuse kept statements either.
    for (let pass = 0; pass < passes; pass += 1) {
      for (const index of order) {
        const [elapsed] = await executeRoundTripMs(page, queries[index]!.sql, 1);
        if (pass >= options.warmups) roundTripsOf[index]!.push(elapsed!);
      }
    }
    for (const [index, query] of queries.entries()) {
      const presses = pressesOf[index]!;
      const native = nativeMs(database, query.sql, passes);
      const roundTrip = roundTripsOf[index]!;
      if (presses[0]!.rowCount !== native.rowCount) {
        throw new Error(`${query.name}: the page showed ${presses[0]!.rowCount} rows but better-sqlite3 returned ${native.rowCount}; not the same database?`);
      }
      measured.push({
        name: query.name,
        sql: query.sql,
        rowCount: native.rowCount,
        rowsMedianMs: round(median(presses.map((press) => press.rowsMs)), 2),
        paintedMedianMs: round(median(presses.map((press) => press.paintedMs)), 2),
        roundTripMedianMs: round(median(roundTrip), 3),
        nativeMedianMs: round(median(native.samples.slice(options.warmups)), 3),
        rowsSamplesMs: roundAll(
          presses.map((press) => press.rowsMs),
          2,
        ),
        breakdown: breakdownOf(presses),
      });
    }
  } finally {
    database.close();
  }
  const over = (pick: (query: KeyToRowsQuery) => number) => round(median(measured.map(pick)), 2);
  return {
    queries: measured,
    rowsMedianMs: over((query) => query.rowsMedianMs),
    paintedMedianMs: over((query) => query.paintedMedianMs),
    nativeMedianMs: round(median(measured.map((query) => query.nativeMedianMs)), 3),
    overNativeMedianMs: over((query) => query.rowsMedianMs - query.nativeMedianMs),
    roundTripMedianMs: round(median(measured.map((query) => query.roundTripMedianMs)), 3),
    pageWorkMedianMs: over((query) => query.rowsMedianMs - query.roundTripMedianMs),
    breakdownMedianMs: {
      keyToDispatch: over((query) => query.breakdown.keyToDispatch),
      dispatchToReply: over((query) => query.breakdown.dispatchToReply),
      replyToStore: over((query) => query.breakdown.replyToStore),
      storeToRows: over((query) => query.breakdown.storeToRows),
      rowsToPainted: over((query) => query.breakdown.rowsToPainted),
    },
  };
}

// Stage 1 of the schema context: measures what every column holds (nulls, distinct values, range, frequent values, examples), bounded in time.
import type { Database, SqlValue as SqlJsValue } from "sql.js";
import { quoteIdentifier } from "../db/identifiers";
import type { DatabaseSchema, TableInfo } from "../db/types";
import type { ColumnProfile, DatabaseProfile, TableProfile, ValueCount } from "./types";

export interface ProfileOptions {
  /** Tables with more rows than this are profiled over a sample. */
  sampleThreshold?: number;
  /** Rows in a sample (of a large table, or of a view). */
  sampleRows?: number;
  /** Once the whole profile has taken this long, the remaining tables get a small sample. */
  timeBudgetMs?: number;
  /** Rows looked at per table after the budget is spent, and per table of a database read on demand (not counted). */
  overBudgetSampleRows?: number;
  /** Clock, replaceable so a test can spend the budget at once. */
  now?: () => number;
}

const DEFAULTS: Required<Omit<ProfileOptions, "now">> = {
  sampleThreshold: 50_000,
  sampleRows: 20_000,
  timeBudgetMs: 3_000,
  overBudgetSampleRows: 1_000,
};

/** Characters kept of a text value; the profile is for a glance and for prompts, not for reading documents. */
export const PROFILE_TEXT_LIMIT = 60;
const TOP_VALUES = 5;
const EXAMPLES = 3;
/** Columns per aggregate SELECT (4 expressions each), well below SQLite's 2000-column result limit. */
const AGGREGATE_COLUMNS_PER_QUERY = 100;
/** How long one step of the profile runs before it pauses for other work (besides the pause after every table). */
const PAUSE_WITHIN_TABLE_MS = 20;
/** Materialized sample; a temp table so the per-column queries do not re-run a view or re-scan a large table. */
const SAMPLE_TABLE = "querylab_profile_sample";

/** A value as the profile shows it: numbers as SQLite prints them, long text cut, BLOBs summarized. */
export function profileValueText(value: SqlJsValue): string {
  if (value === null) return "NULL";
  if (value instanceof Uint8Array) return `<blob ${value.byteLength} ${value.byteLength === 1 ? "byte" : "bytes"}>`;
  const text = String(value);
  return text.length > PROFILE_TEXT_LIMIT ? `${text.slice(0, PROFILE_TEXT_LIMIT - 1)}…` : text;
}

function rows(database: Database, sql: string): SqlJsValue[][] {
  return database.exec(sql)[0]?.values ?? [];
}

interface Source {
  /** SQL naming the rows to measure: the table itself or the temp sample. */
  from: string;
  /** Column names as they appear in `from`, in the schema's column order. */
  columns: string[];
  rowsProfiled: number;
  approximate: boolean;
  temporary: boolean;
}

/** Copies `select` into the temp sample table and reads its column names by position (a view's duplicate names get renamed). */
function materialize(database: Database, select: string): { columns: string[]; rowCount: number } {
  database.exec(`DROP TABLE IF EXISTS temp.${SAMPLE_TABLE}`);
  database.exec(`CREATE TEMP TABLE ${SAMPLE_TABLE} AS ${select}`);
  const columns = rows(database, `SELECT name FROM pragma_table_info('${SAMPLE_TABLE}', 'temp')`).map((row) => String(row[0]));
  const rowCount = Number(rows(database, `SELECT count(*) FROM temp.${SAMPLE_TABLE}`)[0]?.[0] ?? 0);
  return { columns, rowCount };
}

/** Runs a large table's sample is taken in (fewer when the sample is smaller than ten rows a run). */
const SAMPLE_RUNS = 100;

/**
 * A SELECT of about `limit` rows of the table `name` (quoted), in runs of consecutive rows that start at rowids spread
 * evenly from its first to its last; each run ends where the next one's range begins, so no row is taken twice.
 */
function spreadRunsSelect(database: Database, name: string, limit: number): string {
  const [first, last] = (rows(database, `SELECT min(_rowid_), max(_rowid_) FROM ${name}`)[0] ?? []).map(Number);
  if (first === undefined || last === undefined || !Number.isFinite(first) || !Number.isFinite(last)) return `SELECT * FROM ${name} LIMIT ${limit}`;
  const runs = Math.max(1, Math.min(SAMPLE_RUNS, Math.floor(limit / 10)));
  const runRows = Math.ceil(limit / runs);
  const span = last - first + 1;
  const starts = [...new Set(Array.from({ length: runs }, (_run, run) => first + Math.floor((span * run) / runs)))];
  const parts = starts.map((start, run) => {
    const end = starts[run + 1];
    const range = end === undefined ? `_rowid_ >= ${start}` : `_rowid_ >= ${start} AND _rowid_ < ${end}`;
    return `SELECT * FROM (SELECT * FROM ${name} WHERE ${range} ORDER BY _rowid_ LIMIT ${runRows})`;
  });
  return parts.join(" UNION ALL ");
}

function chooseSource(database: Database, table: TableInfo, limit: number, threshold: number): Source {
  const name = quoteIdentifier(table.name);
  const names = table.columns.map((column) => column.name);
  if (table.kind === "view") {
    // Counting a view can be arbitrarily slow, so it is only ever read up to the limit; one more row tells whether it was cut.
    const sample = materialize(database, `SELECT * FROM ${name} LIMIT ${limit + 1}`);
    const cut = sample.rowCount > limit;
    if (cut) database.exec(`DELETE FROM temp.${SAMPLE_TABLE} WHERE rowid > ${limit}`);
    return { from: `temp.${SAMPLE_TABLE}`, columns: sample.columns, rowsProfiled: Math.min(sample.rowCount, limit), approximate: cut, temporary: true };
  }
  if (table.rowCount === null) {
    // Not counted (a database read on demand, where a count reads the whole table): its first rows, read in place,
    // since such a connection cannot write a temp table either.
    const firstRows = Number(rows(database, `SELECT count(*) FROM (SELECT 1 FROM ${name} LIMIT ${limit})`)[0]?.[0] ?? 0);
    return { from: `(SELECT * FROM ${name} LIMIT ${limit})`, columns: names, rowsProfiled: firstRows, approximate: firstRows === limit, temporary: false };
  }
  const rowCount = table.rowCount;
  if (rowCount <= threshold && rowCount <= limit) {
    return { from: name, columns: names, rowsProfiled: rowCount, approximate: false, temporary: false };
  }
  // Runs of rows at SAMPLE_RUNS points spread over the rowids (the first rows are often the oldest, or sorted), the
  // same ones every time. Each run is found by a seek in the table's b-tree, so the sample costs the same in a table
  // of millions of rows as in one of thousands: a pick by a hash of every rowid read the whole table (~0.5 s for the
  // bench's 401 MB one, with the worker answering nothing else meanwhile). Runs of consecutive rows, unlike a stride,
  // do not alias with periodic data (every third row a NULL).
  let sample: { columns: string[]; rowCount: number };
  try {
    sample = materialize(database, spreadRunsSelect(database, name, limit));
    // Rowids bunched in a few ranges can leave most runs empty and the sample thin; then the first rows do instead.
    if (sample.rowCount < Math.min(limit, rowCount) / 4) sample = materialize(database, `SELECT * FROM ${name} LIMIT ${limit}`);
  } catch {
    // WITHOUT ROWID tables have no _rowid_.
    sample = materialize(database, `SELECT * FROM ${name} LIMIT ${limit}`);
  }
  return { from: `temp.${SAMPLE_TABLE}`, columns: sample.columns, rowsProfiled: sample.rowCount, approximate: true, temporary: true };
}

/**
 * A table's columns, with a pause (`pauseIfDue`) after the pass over its rows and after each column's frequent values,
 * where one is due: the queries of one large table (a sample of 20,000 rows, or a file read on demand) took ~0.3 s in
 * all, which a query asked meanwhile waited for.
 */
function* profileColumns(
  database: Database,
  table: TableInfo,
  source: Source,
  pauseIfDue: () => Generator<void, void, void>,
): Generator<void, ColumnProfile[], void> {
  const profiles: ColumnProfile[] = [];
  for (let start = 0; start < table.columns.length; start += AGGREGATE_COLUMNS_PER_QUERY) {
    const chunk = table.columns.slice(start, start + AGGREGATE_COLUMNS_PER_QUERY);
    // One pass over the rows measures every column of the chunk at once.
    const expressions = chunk.flatMap((_column, offset) => {
      const quoted = quoteIdentifier(source.columns[start + offset] ?? "");
      return [`count(${quoted})`, `count(DISTINCT ${quoted})`, `min(${quoted})`, `max(${quoted})`];
    });
    const aggregate = rows(database, `SELECT ${expressions.join(", ")} FROM ${source.from}`)[0] ?? [];
    yield* pauseIfDue();
    for (const [offset, column] of chunk.entries()) {
      const quoted = quoteIdentifier(source.columns[start + offset] ?? "");
      const base = offset * 4;
      const nonNull = Number(aggregate[base] ?? 0);
      const min = aggregate[base + 2] ?? null;
      const max = aggregate[base + 3] ?? null;
      // Ties are broken by value so the same data always gives the same profile.
      const topValues: ValueCount[] =
        nonNull === 0
          ? []
          : rows(
              database,
              `SELECT ${quoted}, count(*) AS n FROM ${source.from} WHERE ${quoted} IS NOT NULL GROUP BY ${quoted} ORDER BY n DESC, ${quoted} LIMIT ${TOP_VALUES}`,
            ).map((row) => ({ value: profileValueText(row[0] ?? null), count: Number(row[1]) }));
      const examples =
        nonNull === 0
          ? []
          : rows(database, `SELECT DISTINCT ${quoted} FROM ${source.from} WHERE ${quoted} IS NOT NULL LIMIT ${EXAMPLES}`).map((row) =>
              profileValueText(row[0] ?? null),
            );
      profiles.push({
        column: column.name,
        type: column.type,
        nullFraction: source.rowsProfiled === 0 ? 0 : (source.rowsProfiled - nonNull) / source.rowsProfiled,
        distinctCount: Number(aggregate[base + 1] ?? 0),
        approximate: source.approximate,
        min: min === null ? null : profileValueText(min),
        max: max === null ? null : profileValueText(max),
        topValues,
        examples,
      });
      yield* pauseIfDue();
    }
  }
  return profiles;
}

function emptyColumns(table: TableInfo): ColumnProfile[] {
  return table.columns.map((column) => ({
    column: column.name,
    type: column.type,
    nullFraction: 0,
    distinctCount: 0,
    approximate: true,
    min: null,
    max: null,
    topValues: [],
    examples: [],
  }));
}

/**
 * Profiles every table and view of an open sql.js database, one table per step: the generator yields after each
 * table and returns the whole profile, so a caller that has other calls to serve (the SQLite worker) can serve them
 * between tables (DatabaseService.profile) while profileDatabase runs the steps at once. Large tables and views are
 * measured over a sample, and once the time budget is spent the remaining tables get a small one; such figures are
 * marked approximate. The budget and `elapsedMs` count the steps' own time, not the pauses between them, so other
 * work served meanwhile does not shrink the samples. A table that cannot be read (a view over a missing table, say)
 * gets empty, approximate figures.
 */
export function* profileTables(
  database: Database,
  schema: DatabaseSchema,
  contentKey: string,
  options: ProfileOptions = {},
): Generator<void, DatabaseProfile, void> {
  const settings = { ...DEFAULTS, ...options };
  const now = options.now ?? (() => performance.now());
  let spent = 0;
  let stepStarted = now();
  // Within a table, a pause once its step has run PAUSE_WITHIN_TABLE_MS; the pauses are not counted as its time.
  const pauseIfDue = function* (): Generator<void, void, void> {
    if (now() - stepStarted < PAUSE_WITHIN_TABLE_MS) return;
    spent += now() - stepStarted;
    yield;
    stepStarted = now();
  };
  const tables: TableProfile[] = [];
  for (const table of schema.tables) {
    stepStarted = now();
    // A table not counted is read on demand (a large file, a URL): its first 20,000 rows were ~0.8 MB read from the
    // File or fetched from the host in the profile's first query, which a query asked then waited for (~0.3-0.4 s).
    const small = spent > settings.timeBudgetMs || (table.kind === "table" && table.rowCount === null);
    const limit = small ? settings.overBudgetSampleRows : settings.sampleRows;
    const threshold = small ? settings.overBudgetSampleRows : settings.sampleThreshold;
    let source: Source | null = null;
    try {
      source = chooseSource(database, table, limit, threshold);
      tables.push({
        table: table.name,
        kind: table.kind,
        rowCount: table.rowCount,
        rowsProfiled: source.rowsProfiled,
        columns: yield* profileColumns(database, table, source, pauseIfDue),
      });
    } catch {
      tables.push({ table: table.name, kind: table.kind, rowCount: table.rowCount, rowsProfiled: 0, columns: emptyColumns(table) });
    } finally {
      if (source?.temporary !== false) {
        try {
          database.exec(`DROP TABLE IF EXISTS temp.${SAMPLE_TABLE}`);
        } catch {
          // Nothing to drop.
        }
      }
    }
    spent += now() - stepStarted;
    yield;
  }
  return { contentKey, tables, elapsedMs: spent };
}

/** profileTables with every step run at once (the CLI, tests): the whole profile. */
export function profileDatabase(database: Database, schema: DatabaseSchema, contentKey: string, options: ProfileOptions = {}): DatabaseProfile {
  const steps = profileTables(database, schema, contentKey, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

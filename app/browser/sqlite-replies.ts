// Checks the SQLite worker's replies before the page uses them: a reply is foreign data (another script, a structured clone), not a typed value.
import * as z from "../core/zod-mini";
import type {
  ColumnInfo,
  DatabaseSchema,
  DbError,
  ExecuteOutcome,
  ForeignKeyInfo,
  ImportSummary,
  IndexInfo,
  OpenedDatabase,
  Outcome,
  PagedExecuteOutcome,
  ReadOnlyResult,
  SqlValue,
  TableInfo,
} from "../core/db/types";
import { databaseSchemaSchema, dbErrorSchema } from "../core/db/type-schemas";
import { isColumnarRows, type ColumnarRows } from "../core/db/columnar-rows";
import type { QueryOutcome } from "../core/eval/query-runner";
import { queryOutcomeSchema } from "../core/eval/query-outcome-schema";
import type { ValueMatch } from "../core/schema/value-index";
import type { ValueIndexOutcome } from "../core/schema/value-index-outcome";
import { checkedDatabaseProfile, checkedTableProfiles, databaseProfileSchema, tableProfileSchema } from "./storage";
import { isNumber, isRecord, isString, isStringArray } from "./plain-checks";

// The core types have no schemas for these replies yet; each schema is typed against its core type so the two cannot drift apart.

/** True when every cell is a value sql.js hands over (null, number, text, bytes). */
function isSqlRows(value: unknown): value is SqlValue[][] {
  if (!Array.isArray(value)) return false;
  for (const row of value) {
    if (!Array.isArray(row)) return false;
    for (const cell of row) {
      if (cell !== null && typeof cell !== "number" && typeof cell !== "string" && !(cell instanceof Uint8Array)) return false;
    }
  }
  return true;
}

/**
 * Rows checked by a plain loop rather than a zod union per cell: every query's first page and every value-index read
 * passes here on the main thread, and the per-cell union cost ~0.5 ms per 200 rows × 12 columns (20× the loop).
 * The check is the same (each cell one of the four SQLite value kinds), and the rows are not copied.
 */
const rowsSchema = z.custom<SqlValue[][]>(isSqlRows, "rows must be lists of SQLite values (null, number, text or bytes)");

const failedExecuteSchema = z.object({
  ok: z.literal(false),
  error: dbErrorSchema,
  elapsedMs: z.number(),
  statementsCompleted: z.number(),
  databaseChanged: z.boolean(),
});

/** What a successful run reports besides its first rows, whether they come as rows or as a columnar page. */
const succeededExecuteFields = {
  ok: z.literal(true),
  resultId: z.nullable(z.string()),
  columns: z.array(z.string()),
  rowCount: z.number(),
  storedRowCount: z.number(),
  truncated: z.boolean(),
  elapsedMs: z.number(),
  statementCount: z.number(),
  rowsModified: z.number(),
  databaseChanged: z.boolean(),
};

export const executeOutcomeSchema: z.ZodMiniType<ExecuteOutcome> = z.discriminatedUnion("ok", [
  z.object({ ...succeededExecuteFields, firstRows: rowsSchema }),
  failedExecuteSchema,
]);

const failedOutcomeSchema = z.object({ ok: z.literal(false), error: dbErrorSchema });

/** A page of rows in columnar buffers: typed arrays of consistent sizes, every cell of a known kind (see isColumnarRows). */
const columnarRowsSchema = z.custom<ColumnarRows>(isColumnarRows, "a page of rows must be columnar buffers of consistent sizes");

export const pagedExecuteOutcomeSchema: z.ZodMiniType<PagedExecuteOutcome> = z.discriminatedUnion("ok", [
  z.object({ ...succeededExecuteFields, firstPage: columnarRowsSchema }),
  failedExecuteSchema,
]);

export const pageOutcomeSchema: z.ZodMiniType<Outcome<{ page: ColumnarRows }>> = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), page: columnarRowsSchema }),
  failedOutcomeSchema,
]);

export const rowsPageOutcomeSchema: z.ZodMiniType<Outcome<{ rows: SqlValue[][] }>> = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), rows: rowsSchema }),
  failedOutcomeSchema,
]);

export const readOnlyOutcomeSchema: z.ZodMiniType<Outcome<ReadOnlyResult>> = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), columns: z.array(z.string()), rows: rowsSchema, rowCount: z.number(), elapsedMs: z.number() }),
  failedOutcomeSchema,
]);

export const openOutcomeSchema: z.ZodMiniType<Outcome<OpenedDatabase>> = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), sizeBytes: z.number(), tableCount: z.number() }),
  failedOutcomeSchema,
]);

export const importOutcomeSchema: z.ZodMiniType<Outcome<ImportSummary>> = z.discriminatedUnion("ok", [
  z.object({
    ok: z.literal(true),
    tableName: z.string(),
    rowCount: z.number(),
    columns: z.array(z.object({ name: z.string(), type: z.string() })),
    warnings: z.array(z.string()),
  }),
  failedOutcomeSchema,
]);

export const exportOutcomeSchema: z.ZodMiniType<Outcome<{ text: string }>> = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), text: z.string() }),
  failedOutcomeSchema,
]);

export const valueIndexOutcomeSchema: z.ZodMiniType<ValueIndexOutcome> = z.discriminatedUnion("ok", [
  z.object({
    ok: z.literal(true),
    contentKey: z.string(),
    valueCount: z.number(),
    columnCount: z.number(),
    truncated: z.boolean(),
    elapsedMs: z.number(),
    snapshot: z.nullable(z.instanceof(Blob)),
  }),
  z.object({ ok: z.literal(false), cancelled: z.boolean(), message: z.string() }),
]);

/** A match's fields checked by type; its kind is left open so a new kind of match needs no change here. */
function isValueMatch(value: unknown): value is ValueMatch {
  if (typeof value !== "object" || value === null) return false;
  const match = value as Record<string, unknown>;
  return (
    typeof match.table === "string" &&
    typeof match.column === "string" &&
    typeof match.value === "string" &&
    typeof match.score === "number" &&
    typeof match.kind === "string"
  );
}

export const valueMatchesSchema = z.nullable(z.array(z.custom<ValueMatch>(isValueMatch, "a value match has a table, column, value, score and kind")));

function unreadable(method: string, error: z.core.$ZodError): string {
  const issue = error.issues[0];
  const where = issue ? ` (${issue.path.join(".") || "reply"}: ${issue.message})` : "";
  return `The SQLite worker sent a reply to ${method} that this page cannot read${where}. Reload the page; if it happens again, the worker and the page are from different versions.`;
}

function workerFailed(message: string): DbError {
  return { kind: "worker-failed", message };
}

const isFiniteNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/**
 * A successful executePaged reply checked field by field, as pagedExecuteOutcomeSchema checks it (the tests hold the two
 * to the same verdicts), and copied without unknown fields as the schema's parse does; null when any check fails. Every
 * typed query's answer passes here on the main thread on its way to the grid: zod's parse of the same shape, which the
 * page's CSP keeps from compiling its checks, took ~35 µs in a loop and ~130 µs after an idle moment, a fifth of the
 * page's share of a round trip. A failed run, and a reply this refuses, go through the schema, which words the error.
 */
export function succeededPagedReply(reply: unknown): PagedExecuteOutcome | null {
  if (typeof reply !== "object" || reply === null) return null;
  const fields = reply as Record<string, unknown>;
  const { resultId, columns, rowCount, storedRowCount, truncated, elapsedMs, statementCount, rowsModified, databaseChanged, firstPage } = fields;
  if (fields.ok !== true || !(resultId === null || typeof resultId === "string")) return null;
  if (!Array.isArray(columns) || !columns.every((column) => typeof column === "string")) return null;
  if (!isFiniteNumber(rowCount) || !isFiniteNumber(storedRowCount) || !isFiniteNumber(elapsedMs)) return null;
  if (!isFiniteNumber(statementCount) || !isFiniteNumber(rowsModified)) return null;
  if (typeof truncated !== "boolean" || typeof databaseChanged !== "boolean" || !isColumnarRows(firstPage)) return null;
  return { ok: true, resultId, columns, rowCount, storedRowCount, truncated, elapsedMs, statementCount, rowsModified, databaseChanged, firstPage };
}

/** executePaged's reply checked, or a failed outcome saying it was unreadable (also used by paged-query-channel.ts). */
export function checkPagedExecuteReply(reply: unknown): PagedExecuteOutcome {
  const succeeded = succeededPagedReply(reply);
  if (succeeded) return succeeded;
  const parsed = pagedExecuteOutcomeSchema.safeParse(reply);
  return parsed.success
    ? parsed.data
    : { ok: false, error: workerFailed(unreadable("executePaged", parsed.error)), elapsedMs: 0, statementsCompleted: 0, databaseChanged: false };
}

/**
 * A schema reply checked field by field, as databaseSchemaSchema checks it (the tests hold the two to the same
 * verdicts), and copied without unknown fields as its parse does; null when any check fails (the schema then words
 * the error). zod's parse, which the page's CSP keeps from compiling its checks, took ~60 ms of the page's main thread
 * for a schema of 5,000 tables (60,000 columns), in the task that lists them.
 */
export function checkedDatabaseSchema(reply: unknown): DatabaseSchema | null {
  if (!isRecord(reply) || !Array.isArray(reply.tables)) return null;
  const tables: TableInfo[] = [];
  for (const table of reply.tables as unknown[]) {
    if (!isRecord(table)) return null;
    const { name, kind, rowCount, columns, foreignKeys, indexes, sql } = table;
    if (!isString(name) || (kind !== "table" && kind !== "view") || !isString(sql)) return null;
    if (!(rowCount === null || Number.isSafeInteger(rowCount))) return null;
    if (!Array.isArray(columns) || !Array.isArray(foreignKeys) || !Array.isArray(indexes)) return null;
    const checkedColumns: ColumnInfo[] = [];
    for (const column of columns as unknown[]) {
      if (!isRecord(column)) return null;
      const { name: columnName, type, notNull, defaultValue, primaryKeyPosition, comment, generated } = column;
      if (!isString(columnName) || !isString(type) || typeof notNull !== "boolean" || !Number.isSafeInteger(primaryKeyPosition)) return null;
      if (!(defaultValue === null || isString(defaultValue)) || !(comment === null || isString(comment))) return null;
      if (generated !== undefined && generated !== "virtual" && generated !== "stored") return null;
      const checked: ColumnInfo = { name: columnName, type, notNull, defaultValue, primaryKeyPosition: primaryKeyPosition as number, comment };
      if ("generated" in column) checked.generated = generated as ColumnInfo["generated"];
      checkedColumns.push(checked);
    }
    const checkedKeys: ForeignKeyInfo[] = [];
    for (const key of foreignKeys as unknown[]) {
      if (!isRecord(key) || !isStringArray(key.fromColumns) || !isString(key.toTable) || !isStringArray(key.toColumns)) return null;
      checkedKeys.push({ fromColumns: key.fromColumns, toTable: key.toTable, toColumns: key.toColumns });
    }
    const checkedIndexes: IndexInfo[] = [];
    for (const index of indexes as unknown[]) {
      if (!isRecord(index) || !isString(index.name) || !isStringArray(index.columns) || typeof index.unique !== "boolean" || !isString(index.origin))
        return null;
      checkedIndexes.push({ name: index.name, columns: index.columns, unique: index.unique, origin: index.origin });
    }
    tables.push({ name, kind, rowCount: rowCount as number | null, columns: checkedColumns, foreignKeys: checkedKeys, indexes: checkedIndexes, sql });
  }
  return { tables };
}

const count = z.int().check(z.nonnegative());
const profileHeadSchema = z.object({ contentKey: z.string(), elapsedMs: z.number(), tableCount: count });
const schemaHeadSchema = z.object({ id: count, tableCount: count, parts: count });

/** How each checked method's reply is validated, and what stands in for a reply that fails the check. */
const replyChecks: Record<string, (reply: unknown) => unknown> = {
  execute(reply): ExecuteOutcome {
    const parsed = executeOutcomeSchema.safeParse(reply);
    return parsed.success
      ? parsed.data
      : { ok: false, error: workerFailed(unreadable("execute", parsed.error)), elapsedMs: 0, statementsCompleted: 0, databaseChanged: false };
  },
  executePaged: checkPagedExecuteReply,
  fetchPage(reply): Outcome<{ page: ColumnarRows }> {
    const parsed = pageOutcomeSchema.safeParse(reply);
    return parsed.success ? parsed.data : { ok: false, error: workerFailed(unreadable("fetchPage", parsed.error)) };
  },
  fetchRows(reply): Outcome<{ rows: SqlValue[][] }> {
    const parsed = rowsPageOutcomeSchema.safeParse(reply);
    return parsed.success ? parsed.data : { ok: false, error: workerFailed(unreadable("fetchRows", parsed.error)) };
  },
  executeReadOnly(reply): Outcome<ReadOnlyResult> {
    const parsed = readOnlyOutcomeSchema.safeParse(reply);
    return parsed.success ? parsed.data : { ok: false, error: workerFailed(unreadable("executeReadOnly", parsed.error)) };
  },
  runForJudge(reply): QueryOutcome {
    const parsed = queryOutcomeSchema.safeParse(reply);
    // The judge's errors have no worker kind; an unreadable reply is reported as an error of the query run.
    return parsed.success ? parsed.data : { ok: false, error: { kind: "sql-error", message: unreadable("runForJudge", parsed.error) } };
  },
  open(reply): Outcome<OpenedDatabase> {
    const parsed = openOutcomeSchema.safeParse(reply);
    return parsed.success ? parsed.data : { ok: false, error: workerFailed(unreadable("open", parsed.error)) };
  },
  openBlob(reply): Outcome<OpenedDatabase> {
    const parsed = openOutcomeSchema.safeParse(reply);
    return parsed.success ? parsed.data : { ok: false, error: workerFailed(unreadable("openBlob", parsed.error)) };
  },
  importTable(reply): Outcome<ImportSummary> {
    const parsed = importOutcomeSchema.safeParse(reply);
    return parsed.success ? parsed.data : { ok: false, error: workerFailed(unreadable("importTable", parsed.error)) };
  },
  exportResult(reply): Outcome<{ text: string }> {
    const parsed = exportOutcomeSchema.safeParse(reply);
    return parsed.success ? parsed.data : { ok: false, error: workerFailed(unreadable("exportResult", parsed.error)) };
  },
  indexValues(reply): ValueIndexOutcome {
    const parsed = valueIndexOutcomeSchema.safeParse(reply);
    return parsed.success ? parsed.data : { ok: false, cancelled: false, message: unreadable("indexValues", parsed.error) };
  },
  loadValueIndex(reply): ValueIndexOutcome {
    const parsed = valueIndexOutcomeSchema.safeParse(reply);
    return parsed.success ? parsed.data : { ok: false, cancelled: false, message: unreadable("loadValueIndex", parsed.error) };
  },
  matchValues(reply) {
    const parsed = valueMatchesSchema.safeParse(reply);
    if (!parsed.success) throw new Error(unreadable("matchValues", parsed.error));
    return parsed.data;
  },
  // These return a value, not an outcome, so an unreadable reply can only be thrown; their callers already catch worker failures.
  schema(reply) {
    const checked = checkedDatabaseSchema(reply);
    if (checked) return checked;
    const parsed = databaseSchemaSchema.safeParse(reply);
    if (!parsed.success) throw new Error(unreadable("schema", parsed.error));
    return parsed.data;
  },
  profile(reply) {
    const checked = checkedDatabaseProfile(reply);
    if (checked) return checked;
    const parsed = databaseProfileSchema.safeParse(reply);
    if (!parsed.success) throw new Error(unreadable("profile", parsed.error));
    return parsed.data;
  },
  schemaHead(reply) {
    if (isRecord(reply) && [reply.id, reply.tableCount, reply.parts].every((value) => Number.isSafeInteger(value) && Number(value) >= 0))
      return { id: reply.id, tableCount: reply.tableCount, parts: reply.parts };
    const parsed = schemaHeadSchema.safeParse(reply);
    if (!parsed.success) throw new Error(unreadable("schemaHead", parsed.error));
    return parsed.data;
  },
  schemaTablesPart(reply) {
    if (reply === null) return null;
    const checked = checkedDatabaseSchema({ tables: reply });
    if (checked) return checked.tables;
    const parsed = databaseSchemaSchema.safeParse({ tables: reply });
    if (!parsed.success) throw new Error(unreadable("schemaTablesPart", parsed.error));
    return parsed.data.tables;
  },
  profileHead(reply) {
    if (isRecord(reply) && isString(reply.contentKey) && isNumber(reply.elapsedMs) && Number.isSafeInteger(reply.tableCount) && Number(reply.tableCount) >= 0)
      return { contentKey: reply.contentKey, elapsedMs: reply.elapsedMs, tableCount: reply.tableCount };
    const parsed = profileHeadSchema.safeParse(reply);
    if (!parsed.success) throw new Error(unreadable("profileHead", parsed.error));
    return parsed.data;
  },
  profileTablesPart(reply) {
    if (reply === null) return null;
    const checked = Array.isArray(reply) ? checkedTableProfiles(reply) : null;
    if (checked) return checked;
    const parsed = z.array(tableProfileSchema).safeParse(reply);
    if (!parsed.success) throw new Error(unreadable("profileTablesPart", parsed.error));
    return parsed.data;
  },
  exportDatabase(reply) {
    const parsed = z.instanceof(Uint8Array).safeParse(reply);
    if (!parsed.success) throw new Error(unreadable("exportDatabase", parsed.error));
    return parsed.data;
  },
  exportDatabaseCopy(reply) {
    const parsed = z.instanceof(Blob).safeParse(reply);
    if (!parsed.success) throw new Error(unreadable("exportDatabaseCopy", parsed.error));
    return parsed.data;
  },
  contentKey(reply) {
    const parsed = z.string().safeParse(reply);
    if (!parsed.success) throw new Error(unreadable("contentKey", parsed.error));
    return parsed.data;
  },
  checkPages(reply): DbError | null {
    const parsed = z.nullable(dbErrorSchema).safeParse(reply);
    return parsed.success ? parsed.data : workerFailed(unreadable("checkPages", parsed.error));
  },
  inTransaction(reply) {
    const parsed = z.boolean().safeParse(reply);
    if (!parsed.success) throw new Error(unreadable("inTransaction", parsed.error));
    return parsed.data;
  },
};

export const CHECKED_METHODS = Object.keys(replyChecks);

/**
 * Wraps a worker proxy so the replies that carry data are checked; every other member (comlink's release
 * symbol, methods that return nothing or a status) passes through unchanged. The type stays the proxy's own.
 */
export function withCheckedReplies<Remote extends object>(remote: Remote): Remote {
  return new Proxy(remote, {
    get(target, property, receiver) {
      const member: unknown = Reflect.get(target, property, receiver);
      const check = typeof property === "string" ? replyChecks[property] : undefined;
      if (!check || typeof member !== "function") return member;
      // Reflect.apply, not member.apply: on a comlink proxy, reading .apply would name a remote method "apply".
      return async (...args: unknown[]) => check(await Reflect.apply(member, target, args));
    },
  });
}

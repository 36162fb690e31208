// Clause-by-clause diagnosis of a SELECT: the query cut into stages (FROM/JOIN, each WHERE condition, GROUP BY,
// HAVING, SELECT, ORDER BY/LIMIT), each run through the read-only executor with its row count, plus the query plan.
//
// The parser: the clause boundaries are found by a small recursive-descent reader over the tokens of
// sql-tokens.ts (SQLite's own lexical rules: '…' strings with no backslash escapes, "…", `…` and […] identifiers,
// comments), and every stage's SQL is sliced from the person's own text, so quoted identifiers ("order", [group]),
// non-English names and SQLite functions reach SQLite exactly as written. SQLite itself stays the judge of
// validity: the whole query is run first and its error is the answer when it fails.
// The npm parsers were tried and rejected (December 2026): node-sql-parser 5.4.0 (sqlite dialect) rejects [group],
// INTERSECT/EXCEPT, WINDOW clauses, NULLS LAST and ESCAPE '\', and its sqlify silently turns
// `t NATURAL JOIN u CROSS JOIN v` into `"t" AS "NATURAL" INNER JOIN "u" AS "CROSS" …`, a different query, so stage
// SQL regenerated from its AST could not be trusted; sqlite-parser 1.0.1 (last release 2017) knows no window
// functions, keeps no source positions and drops identifier quoting ("b.order"). Slicing needs positions, which
// neither gives, and a stage that is not the person's SQL would diagnose a different query.
import { z } from "zod";
import type { ReadOnlyDatabase } from "./read-only-query";
import { splitStatements } from "./sql-statements";
import { scanTokens, type Token } from "./sql-tokens";
import { sqlValueSchema } from "./type-schemas";
import type { SqlValue } from "./types";
export { queryPlanTree, type QueryPlanNode } from "./query-plan-tree";

/** One stage: a prefix of the query's clauses, runnable on its own, and how many rows it returns. */
export interface DiagnosisStage {
  /** Which (sub)query the stage belongs to: "query", "subquery 1 in WHERE", "UNION part 2", … */
  part: string;
  /** The clause this stage adds: "FROM/JOIN", "WHERE <condition>", "GROUP BY", "HAVING", "SELECT", "ORDER BY/LIMIT", … */
  clause: string;
  /** The stage's SQL, runnable as it is (the query's WITH clause in front). */
  sql: string;
  /** Rows the stage returns; null when it failed (error says why). */
  rows: number | null;
  error: string | null;
  columns: string[];
  /** The first few rows, for a person or an agent allowed to see values. */
  sampleRows: SqlValue[][];
  elapsedMs: number;
}

export const diagnosisStageSchema: z.ZodType<DiagnosisStage> = z.object({
  part: z.string(),
  clause: z.string(),
  sql: z.string(),
  rows: z.number().int().nonnegative().nullable(),
  error: z.string().nullable(),
  columns: z.array(z.string()),
  sampleRows: z.array(z.array(sqlValueSchema)),
  elapsedMs: z.number().nonnegative(),
});

/** One row of `EXPLAIN QUERY PLAN`: a step, the step it belongs under (0 at the top), and SQLite's description. */
export interface QueryPlanStep {
  id: number;
  parent: number;
  detail: string;
}

export const queryPlanStepSchema: z.ZodType<QueryPlanStep> = z.object({ id: z.number().int(), parent: z.number().int(), detail: z.string() });

export interface SqlDiagnosis {
  stages: DiagnosisStage[];
  /** Index in stages of the first stage that returns no rows; null when every stage returns some. */
  firstEmptyStage: number | null;
  plan: QueryPlanStep[];
  /** Why the plan is missing, when it is. */
  planError: string | null;
  elapsedMs: number;
}

export const sqlDiagnosisSchema: z.ZodType<SqlDiagnosis> = z.object({
  stages: z.array(diagnosisStageSchema),
  firstEmptyStage: z.number().int().nonnegative().nullable(),
  plan: z.array(queryPlanStepSchema),
  planError: z.string().nullable(),
  elapsedMs: z.number().nonnegative(),
});

export type DiagnosisErrorKind = "no-statement" | "not-a-select" | "cannot-parse" | "sql-error";

export interface DiagnosisError {
  kind: DiagnosisErrorKind;
  message: string;
}

export type DiagnosisOutcome = { ok: true; diagnosis: SqlDiagnosis } | { ok: false; error: DiagnosisError };

export const diagnosisOutcomeSchema: z.ZodType<DiagnosisOutcome> = z.union([
  z.object({ ok: z.literal(true), diagnosis: sqlDiagnosisSchema }),
  z.object({
    ok: z.literal(false),
    error: z.object({ kind: z.enum(["no-statement", "not-a-select", "cannot-parse", "sql-error"]), message: z.string() }),
  }),
]);

/** A stage before it runs. */
export interface PlannedStage {
  part: string;
  clause: string;
  sql: string;
}

export type StagePlanOutcome = { ok: true; stages: PlannedStage[] } | { ok: false; error: DiagnosisError };

/** Stages beyond this many are not planned: a query with that many conditions and parts is read, not run piecewise. */
const MAXIMUM_STAGES = 60;

interface Reader {
  text: string;
  tokens: Token[];
  /** For each `(` token, the index of its matching `)`. */
  closeOf: Map<number, number>;
}

/** A half-open range of token indexes. */
interface TokenRange {
  from: number;
  to: number;
}

interface SelectCore {
  /** Index of the SELECT keyword. */
  select: number;
  distinct: boolean;
  columns: TokenRange;
  /** FROM keyword included. */
  from: TokenRange | null;
  /** The top-level AND terms of WHERE, keyword excluded. */
  whereTerms: TokenRange[];
  /** GROUP BY, HAVING and WINDOW keywords included. */
  groupBy: TokenRange | null;
  having: TokenRange | null;
  window: TokenRange | null;
  /** The core's tokens. */
  range: TokenRange;
  /** Subqueries inside FROM and WHERE, outermost only (their own subqueries are found when they are read). */
  fromSubqueries: TokenRange[];
  whereSubqueries: TokenRange[];
}

interface ParsedQuery {
  /** `WITH … ` up to the body, or null. */
  withClause: TokenRange | null;
  /** The compound's parts; a VALUES part is null. */
  parts: { range: TokenRange; core: SelectCore | null }[];
  operators: string[];
  /** ORDER BY … LIMIT … of the whole query (of the compound when there are several parts). */
  tail: TokenRange | null;
  body: TokenRange;
}

class ParseFailure extends Error {}

function wordAt(reader: Reader, index: number): string | null {
  const token = reader.tokens[index];
  return token?.kind === "word" ? reader.text.slice(token.start, token.end).toUpperCase() : null;
}

/** Next index at the same depth: past the matching `)` when the token opens a parenthesis. */
function step(reader: Reader, index: number): number {
  const close = reader.closeOf.get(index);
  return close === undefined ? index + 1 : close + 1;
}

function textOf(reader: Reader, range: TokenRange): string {
  if (range.to <= range.from) return "";
  return reader.text.slice(reader.tokens[range.from]!.start, reader.tokens[range.to - 1]!.end);
}

function readerFor(text: string): Reader {
  const tokens = [...scanTokens(text)];
  const closeOf = new Map<number, number>();
  const open: number[] = [];
  tokens.forEach((token, index) => {
    if (token.kind === "open") open.push(index);
    else if (token.kind === "close") {
      const opener = open.pop();
      if (opener === undefined) throw new ParseFailure("A `)` has no matching `(`.");
      closeOf.set(opener, index);
    }
  });
  if (open.length > 0) throw new ParseFailure("A `(` is never closed.");
  return { text, tokens, closeOf };
}

/** Outermost parenthesised SELECT/WITH/VALUES in a range, as the token range inside the parentheses. */
function subqueriesIn(reader: Reader, range: TokenRange): TokenRange[] {
  const found: TokenRange[] = [];
  let index = range.from;
  while (index < range.to) {
    const close = reader.closeOf.get(index);
    if (close !== undefined) {
      const first = wordAt(reader, index + 1);
      if (first === "SELECT" || first === "WITH" || first === "VALUES") {
        found.push({ from: index + 1, to: close });
        index = close + 1;
        continue;
      }
    }
    index++;
  }
  return found;
}

/**
 * The top-level AND terms of a condition. AND inside parentheses, a CASE expression or `BETWEEN x AND y` does not
 * split; a top-level OR binds looser than AND, so a condition with one is kept whole.
 */
function andTerms(reader: Reader, range: TokenRange): TokenRange[] {
  const cuts: number[] = [];
  let caseDepth = 0;
  let betweenPending = 0;
  for (let index = range.from; index < range.to; index = step(reader, index)) {
    const word = wordAt(reader, index);
    if (word === "CASE") caseDepth++;
    else if (word === "END" && caseDepth > 0) caseDepth--;
    else if (caseDepth > 0) continue;
    else if (word === "BETWEEN") betweenPending++;
    else if (word === "OR") return [range];
    else if (word === "AND") {
      if (betweenPending > 0) betweenPending--;
      else cuts.push(index);
    }
  }
  const terms: TokenRange[] = [];
  let start = range.from;
  for (const cut of cuts) {
    terms.push({ from: start, to: cut });
    start = cut + 1;
  }
  terms.push({ from: start, to: range.to });
  if (terms.some((term) => term.to <= term.from)) throw new ParseFailure("A WHERE condition is empty around an AND.");
  return terms;
}

const CORE_CLAUSES = new Set(["FROM", "WHERE", "GROUP", "HAVING", "WINDOW"]);

/** One `SELECT …` without ORDER BY/LIMIT: where each clause starts and ends. */
function readCore(reader: Reader, range: TokenRange): SelectCore {
  let index = range.from + 1;
  const modifier = wordAt(reader, index);
  const distinct = modifier === "DISTINCT";
  if (modifier === "DISTINCT" || modifier === "ALL") index++;
  const columnsStart = index;
  const clauseStarts: { keyword: string; index: number }[] = [];
  for (; index < range.to; index = step(reader, index)) {
    const word = wordAt(reader, index);
    if (word === null || !CORE_CLAUSES.has(word)) continue;
    // `a IS [NOT] DISTINCT FROM b` is an operator, not the FROM clause.
    if (word === "FROM" && wordAt(reader, index - 1) === "DISTINCT" && ["IS", "NOT"].includes(wordAt(reader, index - 2) ?? "")) continue;
    if (word === "GROUP" && wordAt(reader, index + 1) !== "BY") continue;
    clauseStarts.push({ keyword: word, index });
  }
  const clauseRange = (keyword: string): TokenRange | null => {
    const position = clauseStarts.findIndex((clause) => clause.keyword === keyword);
    if (position === -1) return null;
    const next = clauseStarts[position + 1];
    return { from: clauseStarts[position]!.index, to: next ? next.index : range.to };
  };
  const columns = { from: columnsStart, to: clauseStarts[0]?.index ?? range.to };
  if (columns.to <= columns.from) throw new ParseFailure("A SELECT has no result columns.");
  const from = clauseRange("FROM");
  const where = clauseRange("WHERE");
  const whereCondition = where ? { from: where.from + 1, to: where.to } : null;
  if (whereCondition && whereCondition.to <= whereCondition.from) throw new ParseFailure("WHERE has no condition.");
  return {
    select: range.from,
    distinct,
    columns,
    from,
    whereTerms: whereCondition ? andTerms(reader, whereCondition) : [],
    groupBy: clauseRange("GROUP"),
    having: clauseRange("HAVING"),
    window: clauseRange("WINDOW"),
    range,
    fromSubqueries: from ? subqueriesIn(reader, from) : [],
    whereSubqueries: whereCondition ? subqueriesIn(reader, whereCondition) : [],
  };
}

const COMPOUND_OPERATORS = new Set(["UNION", "INTERSECT", "EXCEPT"]);

/** A whole SELECT statement (or subquery): its WITH clause, compound parts and trailing ORDER BY/LIMIT. */
function readQuery(reader: Reader, range: TokenRange): ParsedQuery {
  let index = range.from;
  let withClause: TokenRange | null = null;
  if (wordAt(reader, index) === "WITH") {
    while (index < range.to && wordAt(reader, index) !== "SELECT" && wordAt(reader, index) !== "VALUES") index = step(reader, index);
    if (index >= range.to) throw new ParseFailure("The WITH clause is not followed by a SELECT.");
    withClause = { from: range.from, to: index };
  }
  const bodyStart = index;
  const first = wordAt(reader, bodyStart);
  if (first !== "SELECT" && first !== "VALUES") throw new ParseFailure(`A query starts with ${first ?? "something"} where SELECT was expected.`);
  const partRanges: TokenRange[] = [];
  const operators: string[] = [];
  let partStart = bodyStart;
  let tailStart = range.to;
  for (; index < range.to; index = step(reader, index)) {
    const word = wordAt(reader, index);
    if (word !== null && COMPOUND_OPERATORS.has(word)) {
      partRanges.push({ from: partStart, to: index });
      const all = word === "UNION" && wordAt(reader, index + 1) === "ALL";
      operators.push(all ? "UNION ALL" : word);
      index += all ? 1 : 0;
      partStart = index + 1;
    } else if ((word === "ORDER" && wordAt(reader, index + 1) === "BY") || word === "LIMIT") {
      tailStart = index;
      break;
    }
  }
  partRanges.push({ from: partStart, to: tailStart });
  const parts = partRanges.map((part) => {
    const keyword = wordAt(reader, part.from);
    if (keyword === "VALUES") return { range: part, core: null };
    if (keyword !== "SELECT") throw new ParseFailure(`A compound part starts with ${keyword ?? "something"} where SELECT was expected.`);
    return { range: part, core: readCore(reader, part) };
  });
  return {
    withClause,
    parts,
    operators,
    tail: tailStart < range.to ? { from: tailStart, to: range.to } : null,
    body: { from: bodyStart, to: range.to },
  };
}

/** Adds a stage unless it is the same SQL as the one before (a select list that changes nothing is no new stage). */
function pushStage(stages: PlannedStage[], stage: PlannedStage): void {
  if (stages.at(-1)?.sql !== stage.sql) stages.push(stage);
}

function join(...pieces: string[]): string {
  return pieces.filter((piece) => piece.length > 0).join(" ");
}

/** Stages of one SELECT core: clauses added one at a time, the select list last. */
function coreStages(reader: Reader, core: SelectCore, prefix: string, part: string): PlannedStage[] {
  const stages: PlannedStage[] = [];
  const text = (range: TokenRange | null) => (range ? textOf(reader, range) : "");
  const fromText = text(core.from);
  const allTerms = core.whereTerms.length > 0 ? { from: core.whereTerms[0]!.from, to: core.whereTerms.at(-1)!.to } : null;
  const whereText = allTerms ? `WHERE ${text(allTerms)}` : "";
  if (core.from) {
    stages.push({ part, clause: "FROM/JOIN", sql: join(prefix, "SELECT *", fromText) });
    for (const term of core.whereTerms) {
      const upTo = { from: core.whereTerms[0]!.from, to: term.to };
      stages.push({ part, clause: `WHERE ${text(term)}`, sql: join(prefix, "SELECT *", fromText, `WHERE ${text(upTo)}`) });
    }
  }
  // From here the select list is kept, so HAVING may name its aliases and window definitions are found.
  const columns = text(core.columns);
  const groupText = text(core.groupBy);
  const windowText = text(core.window);
  if (core.groupBy) stages.push({ part, clause: "GROUP BY", sql: join(prefix, "SELECT", columns, fromText, whereText, groupText, windowText) });
  if (core.having) stages.push({ part, clause: "HAVING", sql: join(prefix, "SELECT", columns, fromText, whereText, groupText, text(core.having), windowText) });
  pushStage(stages, { part, clause: core.distinct ? "SELECT DISTINCT" : "SELECT", sql: join(prefix, text(core.range)) });
  return stages;
}

/** Stages of a query and its nested parts: subqueries first (inner before outer), then the query's own clauses. */
function queryStages(reader: Reader, query: ParsedQuery, outerPrefix: string, part: string): PlannedStage[] {
  // A subquery with its own WITH cannot take the outer one in front as well; it runs with its own.
  const prefix = query.withClause ? textOf(reader, query.withClause) : outerPrefix;
  const stages: PlannedStage[] = [];
  const nested = (ranges: TokenRange[], where: string, owner: string) =>
    ranges.forEach((range, position) => {
      const label = `${owner === "query" ? "" : `${owner} › `}subquery ${position + 1} in ${where}`;
      stages.push(...queryStages(reader, readQuery(reader, range), prefix, label));
    });
  const compound = query.parts.length > 1;
  query.parts.forEach(({ range, core }, position) => {
    const partLabel = compound ? `${part === "query" ? "" : `${part} › `}${query.operators[0]} part ${position + 1}` : part;
    if (core === null) {
      stages.push({ part: partLabel, clause: "VALUES", sql: join(prefix, textOf(reader, range)) });
      return;
    }
    nested(core.fromSubqueries, "FROM", partLabel);
    nested(core.whereSubqueries, "WHERE", partLabel);
    stages.push(...coreStages(reader, core, prefix, partLabel));
  });
  const whole = join(prefix, textOf(reader, query.body));
  const lone = query.parts[0]!.core;
  const clause = query.tail ? "ORDER BY/LIMIT" : compound ? query.operators.join(", ") : lone?.distinct ? "SELECT DISTINCT" : lone ? "SELECT" : "VALUES";
  // A lone core without ORDER BY/LIMIT ends on the whole query already; its last stage is the query.
  pushStage(stages, { part, clause, sql: whole });
  return stages;
}

/**
 * The stages of one SELECT statement, without running them; the last stage is the whole statement as written.
 * Refusals are values: no statement, several, not a SELECT, or text the clause reader cannot follow.
 */
export function planStages(sql: string): StagePlanOutcome {
  const statements = splitStatements(sql);
  if (statements.length === 0) return { ok: false, error: { kind: "no-statement", message: "There is no SQL statement to diagnose." } };
  if (statements.length > 1) {
    return { ok: false, error: { kind: "not-a-select", message: `Only one statement can be diagnosed at a time; this text has ${statements.length}.` } };
  }
  const text = statements[0]!.text.trim();
  try {
    const reader = readerFor(text);
    const first = wordAt(reader, 0);
    if (first === "VALUES") {
      return { ok: false, error: { kind: "not-a-select", message: "A VALUES list has no clauses to break down; run it instead." } };
    }
    if (first !== "SELECT" && first !== "WITH") {
      return {
        ok: false,
        error: { kind: "not-a-select", message: `Only SELECT queries can be broken down into clauses; this is ${first ?? "not a statement"}.` },
      };
    }
    let end = reader.tokens.length;
    while (end > 0 && reader.tokens[end - 1]!.kind === "semicolon") end--;
    const query = readQuery(reader, { from: 0, to: end });
    const stages = queryStages(reader, query, "", "query");
    // The last stage is the statement exactly as written (comments and all), not a re-joined copy.
    stages[stages.length - 1] = { ...stages.at(-1)!, sql: textOf(reader, { from: 0, to: end }) };
    if (stages.length > MAXIMUM_STAGES) {
      return {
        ok: false,
        error: {
          kind: "cannot-parse",
          message: `The query breaks into ${stages.length} stages, more than the ${MAXIMUM_STAGES} that are run; diagnose a part of it.`,
        },
      };
    }
    return { ok: true, stages };
  } catch (error) {
    if (!(error instanceof ParseFailure)) throw error;
    return { ok: false, error: { kind: "cannot-parse", message: `The query could not be broken into clauses: ${error.message}` } };
  }
}

export interface DiagnosisOptions {
  /** Rows kept per stage as samples (0 for counts only). */
  sampleRows?: number;
  /** Wall-clock limit per stage, in ms. */
  timeoutMs?: number;
}

/** Reads EXPLAIN QUERY PLAN rows (id, parent, notused, detail) into steps. */
function planSteps(rows: SqlValue[][]): QueryPlanStep[] {
  return rows.map((row) => ({ id: Number(row[0]), parent: Number(row[1]), detail: String(row.at(-1) ?? "") }));
}

/**
 * Diagnoses a SELECT: runs the whole query first (its SQLite error is the answer when it fails), then every
 * stage, each through the one read-only executor, and the query plan.
 */
export async function diagnoseSql(database: ReadOnlyDatabase, sql: string, options: DiagnosisOptions = {}): Promise<DiagnosisOutcome> {
  const started = performance.now();
  const planned = planStages(sql);
  if (!planned.ok) return planned;
  const sampleRows = options.sampleRows ?? 3;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const whole = planned.stages.at(-1)!;
  const check = await database.executeReadOnly(whole.sql, { maxRows: 0, timeoutMs });
  if (!check.ok) {
    return { ok: false, error: { kind: "sql-error", message: `The query itself fails, so it cannot be broken down: ${check.error.message}` } };
  }
  const ran: DiagnosisStage[] = [];
  for (const stage of planned.stages) {
    const outcome = await database.executeReadOnly(stage.sql, { maxRows: sampleRows, timeoutMs });
    ran.push(
      outcome.ok
        ? { ...stage, rows: outcome.rowCount, error: null, columns: outcome.columns, sampleRows: outcome.rows, elapsedMs: outcome.elapsedMs }
        : { ...stage, rows: null, error: outcome.error.message, columns: [], sampleRows: [], elapsedMs: 0 },
    );
  }
  // A correlated subquery names the outer query's columns, so it cannot run on its own: its stages (and those of
  // subqueries inside it) would only repeat "no such column"; they are left out, and the outer stages stand.
  const correlated = new Set<string>();
  for (const [index, stage] of ran.entries()) {
    const lastOfPart = ran[index + 1]?.part !== stage.part;
    if (stage.part.includes("subquery") && lastOfPart && stage.error !== null) correlated.add(stage.part);
  }
  const stages = ran.filter((stage) => ![...correlated].some((part) => stage.part === part || stage.part.startsWith(`${part} › `)));
  const plan = await database.executeReadOnly(`EXPLAIN QUERY PLAN ${whole.sql}`, { maxRows: 1_000, timeoutMs });
  const firstEmpty = stages.findIndex((stage) => stage.rows === 0);
  return {
    ok: true,
    diagnosis: {
      stages,
      firstEmptyStage: firstEmpty === -1 ? null : firstEmpty,
      plan: plan.ok ? planSteps(plan.rows) : [],
      planError: plan.ok ? null : plan.error.message,
      elapsedMs: performance.now() - started,
    },
  };
}

// Classifies a SQL query as easy, medium, hard or extra by Spider's hardness rules, from a small tokenizer rather than a full parser.
import { scanTokens } from "../db/sql-tokens";
import { z } from "zod";

/**
 * The rules, as in Spider's evaluation.py (`Evaluator.eval_hardness` and the helpers it calls). They
 * look only at the outermost SELECT; a nested query adds to component 2 but its own clauses are not
 * counted.
 *
 * component 1 (`count_component1`): +1 for a WHERE, +1 for a GROUP BY, +1 for an ORDER BY, +1 for a
 * LIMIT, + (tables in FROM − 1), +1 per OR and +1 per LIKE (NOT LIKE too) among the conditions of
 * the JOIN … ON, WHERE and HAVING clauses. HAVING itself adds nothing.
 *
 * component 2 (`count_component2` = `len(get_nestedSQL(sql))`): +1 per subquery used as a value in a
 * JOIN … ON, WHERE or HAVING condition, +1 when the SELECT is followed by UNION, INTERSECT or EXCEPT.
 * Spider's parser keeps the rest of a compound as one nested query, so `A UNION B UNION C` counts 1
 * at the top, and an ORDER BY or LIMIT after the last member belongs to that member, not to the top.
 * A subquery in FROM is a table unit: it adds to the table count of component 1, not to component 2.
 *
 * others (`count_others`): +1 when `agg_count` > 1, +1 for more than one SELECT column, +1 for more
 * than one WHERE condition, +1 for more than one GROUP BY column. `agg_count` adds up `has_agg` over
 * the SELECT columns, the WHERE conditions, the GROUP BY columns, the ORDER BY items and the HAVING
 * list, where `has_agg(unit)` is `unit[0] != 0`. For a SELECT column, a GROUP BY column or an ORDER
 * BY item `unit[0]` is the aggregate, so those count when aggregated. For a condition `unit[0]` is its
 * NOT flag, and HAVING is passed with its AND/OR connectors (strings, never equal to 0), so in the
 * official code a negated WHERE or HAVING condition (`x NOT IN …`, `NOT LIKE`, `NOT BETWEEN`) and every
 * AND/OR connector in HAVING count as an "aggregate", while `HAVING count(*) > 1` counts nothing.
 * These quirks are reproduced on purpose: they decide Spider's published labels (its own "extra hard"
 * example `SELECT avg(life_expectancy) FROM country WHERE name NOT IN (SELECT …)` is extra only
 * because of the NOT).
 *
 * Then (`eval_hardness`):
 * - easy: component1 ≤ 1 and others = 0 and component2 = 0
 * - medium: (others ≤ 2 and component1 ≤ 1 and component2 = 0) or (component1 ≤ 2 and others < 2 and component2 = 0)
 * - hard: (others > 2 and component1 ≤ 2 and component2 = 0) or (2 < component1 ≤ 3 and others ≤ 2 and
 *   component2 = 0) or (component1 ≤ 1 and others = 0 and component2 ≤ 1)
 * - extra: everything else.
 *
 * Where Spider's parser cannot read a construct at all, this module extends the rules rather than
 * fail: a subquery in the SELECT list, GROUP BY, ORDER BY or LIMIT, an EXISTS subquery and each
 * common table expression of a WITH clause count as nested queries (component 2), and an aggregate
 * is recognised anywhere in a column (`round(avg(x), 2)`), not only as its outermost function.
 */

export const HARDNESS_LEVELS = ["easy", "medium", "hard", "extra"] as const;

export type Hardness = (typeof HARDNESS_LEVELS)[number];

export const hardnessSchema: z.ZodType<Hardness> = z.enum(HARDNESS_LEVELS);

/** The three counts `eval_hardness` compares. */
export interface HardnessCounts {
  component1: number;
  component2: number;
  others: number;
}

export const hardnessCountsSchema: z.ZodType<HardnessCounts> = z.object({
  component1: z.number().int().nonnegative(),
  component2: z.number().int().nonnegative(),
  others: z.number().int().nonnegative(),
});

/** Where a nested query sits in the SELECT that contains it. */
export type NestedPlace = "join-condition" | "where" | "having" | "union" | "intersect" | "except" | "select" | "group-by" | "order-by" | "limit" | "with";

/** What the rules read from one SELECT (one member of a compound), with the queries nested in it. */
export interface QueryLevel {
  selectColumns: number;
  /** Table units in FROM: tables, table functions and derived tables; 0 without FROM. */
  tables: number;
  /** Conditions joined by AND/OR in WHERE; 0 without WHERE. */
  whereConditions: number;
  groupByColumns: number;
  /** Conditions joined by AND/OR in HAVING; 0 without HAVING. */
  havingConditions: number;
  orderByItems: number;
  hasLimit: boolean;
  /** OR connectors in the ON, WHERE and HAVING conditions. */
  orConnectors: number;
  /** LIKE operators (NOT LIKE included) in the ON, WHERE and HAVING conditions. */
  likeOperators: number;
  /** Spider's `agg_count`, quirks included (see the module comment). */
  aggregates: number;
  /** The queries that count in component 2. */
  nested: NestedQuery[];
  /** Subqueries in FROM: table units to Spider, not nested queries. */
  derivedTables: QueryLevel[];
}

export interface NestedQuery {
  place: NestedPlace;
  query: QueryLevel;
}

export const queryLevelSchema: z.ZodType<QueryLevel> = z.lazy(() =>
  z.object({
    selectColumns: z.number().int().nonnegative(),
    tables: z.number().int().nonnegative(),
    whereConditions: z.number().int().nonnegative(),
    groupByColumns: z.number().int().nonnegative(),
    havingConditions: z.number().int().nonnegative(),
    orderByItems: z.number().int().nonnegative(),
    hasLimit: z.boolean(),
    orConnectors: z.number().int().nonnegative(),
    likeOperators: z.number().int().nonnegative(),
    aggregates: z.number().int().nonnegative(),
    nested: z.array(
      z.object({
        place: z.enum(["join-condition", "where", "having", "union", "intersect", "except", "select", "group-by", "order-by", "limit", "with"]),
        query: queryLevelSchema,
      }),
    ),
    derivedTables: z.array(queryLevelSchema),
  }),
);

export interface HardnessAnalysis {
  hardness: Hardness;
  counts: HardnessCounts;
  /** The outermost SELECT, whose counts decide the class. */
  query: QueryLevel;
}

export const hardnessAnalysisSchema: z.ZodType<HardnessAnalysis> = z.object({
  hardness: hardnessSchema,
  counts: hardnessCountsSchema,
  query: queryLevelSchema,
});

export type HardnessResult = ({ ok: true } & HardnessAnalysis) | { ok: false; message: string };

// ---------------------------------------------------------------------------------------------------
// Tokens and the tree of parentheses

type TokenKind = "word" | "string" | "identifier" | "open" | "close" | "comma" | "semicolon" | "symbol";

interface Token {
  kind: TokenKind;
  /** Upper-cased text for words, so keywords compare without case; the raw text otherwise. */
  text: string;
}

type SqlNode = { type: "token"; token: Token } | { type: "group"; children: SqlNode[] };

/** The shared scanner's tokens, with the distinctions the hardness rules need: strings apart from quoted names, commas apart. */
function tokenize(sql: string): Token[] {
  return [...scanTokens(sql)].map((token): Token => {
    const text = sql.slice(token.start, token.end);
    switch (token.kind) {
      case "word":
        return { kind: "word", text: text.toUpperCase() };
      case "quoted":
        return { kind: text.startsWith("'") ? "string" : "identifier", text };
      case "open":
      case "close":
      case "semicolon":
        return { kind: token.kind, text };
      default:
        return { kind: text === "," ? "comma" : "symbol", text };
    }
  });
}

/** The first statement as a tree in which each parenthesised run is one group node. */
function firstStatementTree(tokens: Token[]): SqlNode[] {
  const root: SqlNode[] = [];
  const stack: SqlNode[][] = [root];
  for (const token of tokens) {
    const current = stack[stack.length - 1]!;
    if (token.kind === "semicolon" && stack.length === 1) {
      if (root.length > 0) break;
      continue;
    }
    if (token.kind === "open") {
      const group: SqlNode = { type: "group", children: [] };
      current.push(group);
      stack.push(group.children);
    } else if (token.kind === "close") {
      // An unbalanced `)` is SQLite's error to report; dropping it keeps the rest countable.
      if (stack.length > 1) stack.pop();
    } else {
      current.push({ type: "token", token });
    }
  }
  return root;
}

function isWord(node: SqlNode | undefined, ...words: string[]): boolean {
  return node?.type === "token" && node.token.kind === "word" && words.includes(node.token.text);
}

function isComma(node: SqlNode | undefined): boolean {
  return node?.type === "token" && node.token.kind === "comma";
}

/** The statement inside a group that holds a query (`(SELECT …)`, `(WITH …)`, `(VALUES …)`, or one wrapped in extra parentheses). */
function subqueryBody(node: SqlNode | undefined): SqlNode[] | undefined {
  if (node?.type !== "group") return undefined;
  const first = node.children[0];
  if (isWord(first, "SELECT", "WITH", "VALUES")) return node.children;
  if (node.children.length === 1) return subqueryBody(first);
  return undefined;
}

function splitOnCommas(nodes: SqlNode[]): SqlNode[][] {
  const parts: SqlNode[][] = [[]];
  for (const node of nodes) {
    if (isComma(node)) parts.push([]);
    else parts[parts.length - 1]!.push(node);
  }
  return parts.filter((part) => part.length > 0);
}

/** Subqueries anywhere in `nodes`, looking through ordinary parentheses but not into the subqueries found. */
function findSubqueries(nodes: SqlNode[]): SqlNode[][] {
  const found: SqlNode[][] = [];
  for (const node of nodes) {
    if (node.type !== "group") continue;
    const body = subqueryBody(node);
    if (body) found.push(body);
    else found.push(...findSubqueries(node.children));
  }
  return found;
}

/** Spider's AGG_OPS (besides 'none'). */
const AGGREGATE_FUNCTIONS = ["MAX", "MIN", "COUNT", "SUM", "AVG"];

/** True when an aggregate call appears in `nodes` outside any subquery (`round(avg(x), 2)` included). */
function containsAggregate(nodes: SqlNode[]): boolean {
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!;
    if (node.type === "group") {
      if (!subqueryBody(node) && containsAggregate(node.children)) return true;
      continue;
    }
    const next = nodes[index + 1];
    if (isWord(node, ...AGGREGATE_FUNCTIONS) && next?.type === "group" && !subqueryBody(next)) {
      // min(a, b) and max(a, b) with several arguments are SQLite's scalar functions, not aggregates.
      const scalarMinMax = isWord(node, "MIN", "MAX") && next.children.some(isComma);
      if (!scalarMinMax) return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------
// Conditions (ON, WHERE, HAVING)

interface ConditionProfile {
  conditions: number;
  andConnectors: number;
  orConnectors: number;
  likeOperators: number;
  negations: number;
  subqueries: SqlNode[][];
}

/**
 * Reads a condition the way Spider's flat condition list sees it: conditions joined by AND/OR, with
 * the AND of `BETWEEN x AND y` and anything inside CASE … END not being connectors. Ordinary
 * parentheses are looked through, since Spider's list has no grouping either.
 */
function profileCondition(nodes: SqlNode[]): ConditionProfile {
  const profile: ConditionProfile = { conditions: 0, andConnectors: 0, orConnectors: 0, likeOperators: 0, negations: 0, subqueries: [] };
  let pendingBetween = 0;
  let caseDepth = 0;
  const walk = (list: SqlNode[]): void => {
    list.forEach((node, index) => {
      if (node.type === "group") {
        const body = subqueryBody(node);
        if (body) profile.subqueries.push(body);
        else walk(node.children);
        return;
      }
      if (node.token.kind !== "word") return;
      switch (node.token.text) {
        case "CASE":
          caseDepth++;
          return;
        case "END":
          if (caseDepth > 0) caseDepth--;
          return;
      }
      if (caseDepth > 0) return;
      switch (node.token.text) {
        case "BETWEEN":
          pendingBetween++;
          break;
        case "AND":
          if (pendingBetween > 0) pendingBetween--;
          else profile.andConnectors++;
          break;
        case "OR":
          profile.orConnectors++;
          break;
        case "LIKE":
          profile.likeOperators++;
          break;
        case "NOT":
          // `IS NOT` is Spider's `is` operator with a value, not its NOT flag.
          if (!isWord(list[index - 1], "IS")) profile.negations++;
          break;
      }
    });
  };
  walk(nodes);
  profile.conditions = nodes.length === 0 ? 0 : profile.andConnectors + profile.orConnectors + 1;
  return profile;
}

// ---------------------------------------------------------------------------------------------------
// SELECT statements

const JOIN_WORDS = ["JOIN", "LEFT", "RIGHT", "FULL", "INNER", "CROSS", "NATURAL", "OUTER"];

function emptyLevel(): QueryLevel {
  return {
    selectColumns: 0,
    tables: 0,
    whereConditions: 0,
    groupByColumns: 0,
    havingConditions: 0,
    orderByItems: 0,
    hasLimit: false,
    orConnectors: 0,
    likeOperators: 0,
    aggregates: 0,
    nested: [],
    derivedTables: [],
  };
}

type ClauseName = "SELECT" | "FROM" | "WHERE" | "GROUP BY" | "HAVING" | "ORDER BY" | "LIMIT" | "WINDOW";

/** Splits one SELECT core into its clauses by the keywords at its own level. */
function splitClauses(nodes: SqlNode[]): Map<ClauseName, SqlNode[]> {
  const clauses = new Map<ClauseName, SqlNode[]>();
  let current: SqlNode[] | undefined;
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!;
    let name: ClauseName | undefined;
    if (isWord(node, "SELECT", "FROM", "WHERE", "HAVING", "LIMIT", "WINDOW")) name = (node as { token: Token }).token.text as ClauseName;
    else if (isWord(node, "GROUP") && isWord(nodes[index + 1], "BY")) name = "GROUP BY";
    else if (isWord(node, "ORDER") && isWord(nodes[index + 1], "BY")) name = "ORDER BY";
    if (name && !clauses.has(name)) {
      current = [];
      clauses.set(name, current);
      if (name === "GROUP BY" || name === "ORDER BY") index++;
      continue;
    }
    current?.push(node);
  }
  return clauses;
}

function analyzeFrom(nodes: SqlNode[], level: QueryLevel): void {
  let tables = 1;
  let onSegment: SqlNode[] | undefined;
  const closeOnSegment = (): void => {
    if (!onSegment) return;
    addCondition(level, profileCondition(onSegment), "join-condition");
    onSegment = undefined;
  };
  for (const node of nodes) {
    if (isComma(node) || isWord(node, ...JOIN_WORDS)) {
      closeOnSegment();
      if (isComma(node) || isWord(node, "JOIN")) tables++;
      continue;
    }
    if (isWord(node, "ON")) {
      closeOnSegment();
      onSegment = [];
      continue;
    }
    if (onSegment) {
      onSegment.push(node);
      continue;
    }
    const body = subqueryBody(node);
    if (body) level.derivedTables.push(analyzeStatement(body));
  }
  closeOnSegment();
  level.tables = tables;
}

function addCondition(level: QueryLevel, profile: ConditionProfile, place: NestedPlace): void {
  level.orConnectors += profile.orConnectors;
  level.likeOperators += profile.likeOperators;
  for (const body of profile.subqueries) level.nested.push({ place, query: analyzeStatement(body) });
}

function addSubqueries(level: QueryLevel, nodes: SqlNode[], place: NestedPlace): void {
  for (const body of findSubqueries(nodes)) level.nested.push({ place, query: analyzeStatement(body) });
}

/** One member of a compound SELECT: its clauses and the subqueries in them. */
function analyzeCore(nodes: SqlNode[]): QueryLevel {
  const level = emptyLevel();
  const clauses = splitClauses(nodes);

  const select = clauses.get("SELECT") ?? [];
  const columns = splitOnCommas(isWord(select[0], "DISTINCT", "ALL") ? select.slice(1) : select);
  level.selectColumns = columns.length;
  level.aggregates += columns.filter(containsAggregate).length;
  addSubqueries(level, select, "select");

  const from = clauses.get("FROM");
  if (from) analyzeFrom(from, level);

  const where = clauses.get("WHERE");
  if (where) {
    const profile = profileCondition(where);
    level.whereConditions = profile.conditions;
    // Spider's quirk: has_agg on a condition reads its NOT flag.
    level.aggregates += profile.negations;
    addCondition(level, profile, "where");
  }

  const groupBy = clauses.get("GROUP BY");
  if (groupBy) {
    const items = splitOnCommas(groupBy);
    level.groupByColumns = items.length;
    level.aggregates += items.filter(containsAggregate).length;
    addSubqueries(level, groupBy, "group-by");
  }

  const having = clauses.get("HAVING");
  if (having) {
    const profile = profileCondition(having);
    level.havingConditions = profile.conditions;
    // Spider's quirk: HAVING goes to count_agg with its AND/OR strings, and each condition's NOT flag is read as an aggregate.
    level.aggregates += profile.andConnectors + profile.orConnectors + profile.negations;
    addCondition(level, profile, "having");
  }

  const orderBy = clauses.get("ORDER BY");
  if (orderBy) {
    const items = splitOnCommas(orderBy);
    level.orderByItems = items.length;
    level.aggregates += items.filter(containsAggregate).length;
    addSubqueries(level, orderBy, "order-by");
  }

  const limit = clauses.get("LIMIT");
  if (limit) {
    level.hasLimit = true;
    addSubqueries(level, limit, "limit");
  }
  return level;
}

/** Skips a WITH clause, returning its bodies and the main statement after it. */
function splitWith(nodes: SqlNode[]): { tableExpressions: SqlNode[][]; main: SqlNode[] } {
  if (!isWord(nodes[0], "WITH")) return { tableExpressions: [], main: nodes };
  const tableExpressions: SqlNode[][] = [];
  let index = isWord(nodes[1], "RECURSIVE") ? 2 : 1;
  // name [(columns)] AS [NOT] [MATERIALIZED] (body), repeated with commas.
  while (index < nodes.length) {
    while (index < nodes.length && !isWord(nodes[index], "AS")) index++;
    index++;
    while (isWord(nodes[index], "NOT", "MATERIALIZED")) index++;
    const body = subqueryBody(nodes[index]);
    if (body) tableExpressions.push(body);
    index++;
    if (!isComma(nodes[index])) break;
    index++;
  }
  return { tableExpressions, main: nodes.slice(index) };
}

/** A whole statement: the first member of a compound is the level counted; the rest of the compound is nested in it. */
function analyzeStatement(nodes: SqlNode[]): QueryLevel {
  const { tableExpressions, main } = splitWith(nodes);
  const operatorIndex = main.findIndex((node) => isWord(node, "UNION", "INTERSECT", "EXCEPT"));
  const core = operatorIndex === -1 ? main : main.slice(0, operatorIndex);
  const level = analyzeCore(core);
  if (operatorIndex !== -1) {
    const operator = (main[operatorIndex] as { token: Token }).token.text.toLowerCase() as "union" | "intersect" | "except";
    const restStart = isWord(main[operatorIndex + 1], "ALL") ? operatorIndex + 2 : operatorIndex + 1;
    level.nested.push({ place: operator, query: analyzeStatement(main.slice(restStart)) });
  }
  for (const body of tableExpressions) level.nested.push({ place: "with", query: analyzeStatement(body) });
  return level;
}

// ---------------------------------------------------------------------------------------------------
// The counts and the class

/** Spider's count_component1, count_component2 and count_others for one SELECT level. */
export function hardnessCounts(level: QueryLevel): HardnessCounts {
  const component1 =
    Number(level.whereConditions > 0) +
    Number(level.groupByColumns > 0) +
    Number(level.orderByItems > 0) +
    Number(level.hasLimit) +
    Math.max(0, level.tables - 1) +
    level.orConnectors +
    level.likeOperators;
  const others = Number(level.aggregates > 1) + Number(level.selectColumns > 1) + Number(level.whereConditions > 1) + Number(level.groupByColumns > 1);
  return { component1, component2: level.nested.length, others };
}

/** Spider's `eval_hardness` decision on the three counts. */
export function classifyHardness({ component1, component2, others }: HardnessCounts): Hardness {
  if (component1 <= 1 && others === 0 && component2 === 0) return "easy";
  if ((others <= 2 && component1 <= 1 && component2 === 0) || (component1 <= 2 && others < 2 && component2 === 0)) return "medium";
  if (
    (others > 2 && component1 <= 2 && component2 === 0) ||
    (component1 > 2 && component1 <= 3 && others <= 2 && component2 === 0) ||
    (component1 <= 1 && others === 0 && component2 <= 1)
  ) {
    return "hard";
  }
  return "extra";
}

/** The hardness of the first statement in `sql`, with the counts behind it; an error when it is not a query. */
export function analyzeHardness(sql: string): HardnessResult {
  const statement = firstStatementTree(tokenize(sql));
  const { main } = splitWith(statement);
  if (!isWord(main[0], "SELECT")) {
    return { ok: false, message: "Hardness is defined for SELECT queries; this SQL does not start with SELECT (or WITH … SELECT)." };
  }
  const query = analyzeStatement(statement);
  const counts = hardnessCounts(query);
  return { ok: true, hardness: classifyHardness(counts), counts, query };
}

/** The hardness of a query, or undefined when the SQL is not a SELECT. */
export function sqlHardness(sql: string): Hardness | undefined {
  const result = analyzeHardness(sql);
  return result.ok ? result.hardness : undefined;
}

/**
 * Questions with a difficulty for each: the benchmark's own labels when it has any, else Spider's hardness of the
 * gold SQL, so a benchmark without labels (BIRD-style folders, a course's own questions) can still be broken down
 * by difficulty. `computed` says which, for the page to tell the person. A benchmark labelled only in part keeps its
 * labels and leaves the rest unlabelled: mixing the two scales would compare unlike things.
 */
export function withDifficulties<Question extends { gold: string; difficulty?: string }>(questions: Question[]): { questions: Question[]; computed: boolean } {
  if (questions.length === 0 || questions.some((question) => question.difficulty !== undefined)) return { questions, computed: false };
  return { questions: questions.map((question) => ({ ...question, difficulty: sqlHardness(question.gold) })), computed: true };
}

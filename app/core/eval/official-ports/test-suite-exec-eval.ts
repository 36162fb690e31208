// Test-only: a line-by-line TypeScript port of the official Spider execution match, to check the EX judge against.
//
// Source: github.com/taoyds/test-suite-sql-eval at commit 14784c3546b8aac64dc6ce018ce923bc5efbc75d (exec_eval.py:
// permute_tuple, unorder_row, quick_rej, multiset_eq, get_constraint_permutation, result_eq, replace_cur_year,
// postprocess, exec_on_db_, eval_exec_match), parse.py's remove_distinct, and the exec part of evaluation.py's
// evaluate() (commit 893d0dfa60b3d80f02a65dcef9ed7c747ff3a411). Names are the official ones, so the two read side by
// side. What is not ported: plug_value (get_all_preds_for_execution; off by default), the progress bar, the
// directory of several test-suite databases (QueryLab's layout has one database per db_id), the 60 s asyncio
// timeout (which never fires there: exec_on_db_ does not await). sqlparse is not ported whole: remove_distinct
// needs its tokens and its StatementSplitter, which sqlparse_parse_first_flatten below reproduces for SQL text.
import {
  product,
  pyKey,
  pyListEq,
  pySet,
  pySetEq,
  pySorted,
  pyStr,
  pyStrip,
  pyTupleKey,
  pyTypeStr,
  type PyTuple,
  type Sqlite3Connection,
} from "./python-objects";

function assert(condition: boolean, message = "AssertionError"): asserts condition {
  if (!condition) throw new Error(message);
}

function range(length: number): number[] {
  return Array.from({ length }, (_, index) => index);
}

/** Python's global `random`, which get_constraint_permutation draws from; seeded by the caller for repeatable runs. */
let random: () => number = Math.random;
export function seedRandom(next: () => number): void {
  random = next;
}

export function permute_tuple(element: PyTuple, perm: readonly number[]): PyTuple {
  assert(element.length === perm.length);
  return perm.map((i) => element[i]!);
}

export function unorder_row(row: PyTuple): PyTuple {
  return pySorted(row, (x) => pyStr(x) + pyTypeStr(x));
}

// unorder each row in the table
// [result_1 and result_2 has the same bag of unordered row]
// is a necessary condition of
// [result_1 and result_2 are equivalent in denotation]
export function quick_rej(result1: readonly PyTuple[], result2: readonly PyTuple[], order_matters: boolean): boolean {
  const s1 = result1.map((row) => unorder_row(row));
  const s2 = result2.map((row) => unorder_row(row));
  if (order_matters) {
    return pyListEq(s1, s2);
  } else {
    return pySetEq(pySet(s1), pySet(s2));
  }
}

// return whether two bag of relations are equivalent
export function multiset_eq(l1: readonly PyTuple[], l2: readonly PyTuple[]): boolean {
  if (l1.length !== l2.length) return false;
  const d = new Map<string, number>(); // defaultdict(int)
  for (const e of l1) d.set(pyTupleKey(e), (d.get(pyTupleKey(e)) ?? 0) + 1);
  for (const e of l2) {
    d.set(pyTupleKey(e), (d.get(pyTupleKey(e)) ?? 0) - 1);
    if (d.get(pyTupleKey(e))! < 0) return false;
  }
  return true;
}

export function get_constraint_permutation(tab1_sets_by_columns: readonly Set<string>[], result2: readonly PyTuple[]): Iterable<number[]> {
  const num_cols = result2[0]!.length;
  // A Python set of small ints iterates in increasing order; so do these.
  const perm_constraints = range(num_cols).map(() => new Set(range(num_cols)));
  if (num_cols <= 3) return product(perm_constraints.map((constraint) => [...constraint]));

  // we sample 20 rows and constrain the space of permutations
  for (let _ = 0; _ < 20; _++) {
    const random_tab2_row = result2[Math.floor(random() * result2.length)]!; // random.choice(result2)

    for (const tab1_col of range(num_cols)) {
      for (const tab2_col of new Set(perm_constraints[tab1_col])) {
        if (!tab1_sets_by_columns[tab1_col]!.has(pyKey(random_tab2_row[tab2_col]!))) {
          perm_constraints[tab1_col]!.delete(tab2_col);
        }
      }
    }
  }
  return product(perm_constraints.map((constraint) => [...constraint].sort((a, b) => a - b)));
}

// check whether two denotations are correct
export function result_eq(result1: readonly PyTuple[], result2: readonly PyTuple[], order_matters: boolean): boolean {
  if (result1.length === 0 && result2.length === 0) return true;

  // if length is not the same, then they are definitely different bag of rows
  if (result1.length !== result2.length) return false;

  const num_cols = result1[0]!.length;

  // if the results do not have the same number of columns, they are different
  if (result2[0]!.length !== num_cols) return false;

  // unorder each row and compare whether the denotation is the same
  // this can already find most pair of denotations that are different
  if (!quick_rej(result1, result2, order_matters)) return false;

  // the rest of the problem is in fact more complicated than one might think
  // we want to find a permutation of column order and a permutation of row order,
  // s.t. result_1 is the same as result_2
  // we return true if we can find such column & row permutations
  // and false if we cannot
  const tab1_sets_by_columns = range(num_cols).map((i) => new Set(result1.map((row) => pyKey(row[i]!))));

  // on a high level, we enumerate all possible column permutations that might make result_1 == result_2
  // we decrease the size of the column permutation space by the function get_constraint_permutation
  // if one of the permutation make result_1, result_2 equivalent, then they are equivalent
  for (const perm of get_constraint_permutation(tab1_sets_by_columns, result2)) {
    if (perm.length !== new Set(perm).size) continue;
    let result2_perm: readonly PyTuple[];
    if (num_cols === 1) {
      result2_perm = result2;
    } else {
      result2_perm = result2.map((element) => permute_tuple(element, perm));
    }
    if (order_matters) {
      if (pyListEq(result1, result2_perm)) return true;
    } else {
      // in fact the first condition must hold if the second condition holds
      // but the first is way more efficient implementation-wise
      // and we use it to quickly reject impossible candidates
      if (pySetEq(pySet(result1), pySet(result2_perm)) && multiset_eq(result1, result2_perm)) return true;
    }
  }
  return false;
}

export function replace_cur_year(query: string): string {
  return query.replace(/YEAR\s*\(\s*CURDATE\s*\(\s*\)\s*\)\s*/gi, "2020");
}

type ExecOutcome = ["result", PyTuple[]] | ["exception", unknown];

export function exec_on_db_(connection: Sqlite3Connection, query: string): ExecOutcome {
  query = replace_cur_year(query);
  try {
    const result = connection.executeFetchall(query);
    return ["result", result];
  } catch (e) {
    return ["exception", e];
  }
}

// postprocess the model predictions to avoid execution errors
// e.g. removing spaces between ">" and "="
export function postprocess(query: string): string {
  query = query.replaceAll("> =", ">=").replaceAll("< =", "<=").replaceAll("! =", "!=");
  return query;
}

// ---------------------------------------------------------------------------------------------------
// parse.py's remove_distinct, over the part of sqlparse it uses
// ---------------------------------------------------------------------------------------------------

/**
 * sqlparse's lexer for the tokens SQL text is made of, in its precedence (sqlparse/keywords.py SQL_REGEX): comments,
 * whitespace, quoted names and strings, bracketed names, words, punctuation. Each entry: [kind, pattern].
 */
const SQLPARSE_REGEX: [string, RegExp][] = [
  ["Comment.Single", /(--|# )[^\r\n]*(\r\n|\r|\n|$)/y],
  ["Comment.Multiline", /\/\*[\s\S]*?\*\//y],
  ["Newline", /(\r\n|\r|\n)/y],
  ["Whitespace", /\s+?/y],
  ["String.Symbol", /"(""|\\.|[^"\\])*"/y],
  ["String.Backtick", /`(``|[^`])*`/y],
  ["String.Single", /'(''|\\.|[^'\\])*'/y],
  ["Name.Bracket", /\[[^\][]+\]/y],
  ["Word", /[0-9_\p{L}][_$#\p{L}\p{N}]*/uy],
  ["Punctuation", /[;:()[\],.]/y],
  ["Other", /[\s\S]/y],
];

interface SqlparseToken {
  ttype: string;
  value: string;
}

function sqlparse_tokenize(s: string): SqlparseToken[] {
  const tokens: SqlparseToken[] = [];
  let position = 0;
  while (position < s.length) {
    for (const [ttype, pattern] of SQLPARSE_REGEX) {
      pattern.lastIndex = position;
      const match = pattern.exec(s);
      if (!match || match[0] === "") continue;
      // A word is a keyword or a name; the splitter only asks whether it is END.
      tokens.push({ ttype: ttype === "Word" && match[0].toUpperCase() === "END" ? "Keyword" : ttype, value: match[0] });
      position += match[0].length;
      break;
    }
  }
  return tokens;
}

/**
 * `sqlparse.parse(s)[0].flatten()`: the tokens of the first statement (sqlparse/engine/statement_splitter.py). A `;`
 * at split level 0 or below ends a statement; `(` and `)` move the level, and so does the keyword END (-1). After the
 * `;`, whitespace (not a newline) and single-line comments still belong to it. No statement: IndexError.
 */
function sqlparse_parse_first_flatten(s: string): SqlparseToken[] {
  const statement: SqlparseToken[] = [];
  let level = 0;
  let consume_ws = false;
  for (const token of sqlparse_tokenize(s)) {
    if (consume_ws && token.ttype !== "Whitespace" && token.ttype !== "Comment.Single") break;
    if (token.ttype === "Punctuation" && token.value === "(") level += 1;
    else if (token.ttype === "Punctuation" && token.value === ")") level -= 1;
    else if (token.ttype === "Keyword") level -= 1;
    statement.push(token);
    if (level <= 0 && token.ttype === "Punctuation" && token.value === ";") consume_ws = true;
  }
  if (statement.length === 0 || statement.every((token) => token.ttype === "Whitespace" || token.ttype === "Newline")) {
    throw new Error("IndexError: tuple index out of range");
  }
  return statement;
}

export function remove_distinct(s: string): string {
  const toks = sqlparse_parse_first_flatten(s).map((t) => t.value);
  return toks.filter((t) => t.toLowerCase() !== "distinct").join("");
}

// ---------------------------------------------------------------------------------------------------
// eval_exec_match, and the lines of evaluate() that prepare its arguments
// ---------------------------------------------------------------------------------------------------

// approximate whether p_str and g_str are semantically equivalent
// 0 if denotationally equivalent
// 1 otherwise
export function eval_exec_match(db: Sqlite3Connection, p_str: string, g_str: string, plug_value: boolean, keep_distinct: boolean): 0 | 1 {
  // post-process the prediction.
  // e.g. removing spaces between ">" and "="
  [p_str, g_str] = [postprocess(p_str), postprocess(g_str)];
  if (!keep_distinct) {
    p_str = remove_distinct(p_str);
    g_str = remove_distinct(g_str);
  }

  // if there is order by in query, then we assume order of the rows matter
  const order_matters = g_str.toLowerCase().includes("order by");

  // find all databases in the same directory: one here
  const db_paths = [db];

  const preds = [p_str];
  assert(!plug_value, "plug_value is not ported");

  for (const pred of preds) {
    let pred_passes = 1;
    for (const db_path of db_paths) {
      const [g_flag, g_denotation] = exec_on_db_(db_path, g_str);
      const [p_flag, p_denotation] = exec_on_db_(db_path, pred);

      // we should expect the gold to be succesfully executed on the database
      assert(g_flag !== "exception", `gold query ${g_str} has error on database file`);

      // wrong if execution fails
      if (p_flag === "exception") {
        pred_passes = 0;
      }
      // if denotations are not equivalent, the prediction must be wrong
      else if (!result_eq(g_denotation as PyTuple[], p_denotation as PyTuple[], order_matters)) {
        pred_passes = 0;
      }
      if (pred_passes === 0) break;
    }

    // the model prediction has the same denotation as the gold for all databases
    if (pred_passes === 1) return 1;
  }

  // none of the predictions passed
  return 0;
}

/** evaluate()'s path from a prediction line and a gold line ("SQL\tdb_id") to eval_exec_match, exec only. */
export function evaluate_exec_one(db: Sqlite3Connection, p_line: string, g_line: string, keep_distinct: boolean): 0 | 1 {
  const p = pyStrip(p_line).split("\t");
  let p_str = p[0]!;
  p_str = p_str.replaceAll(" value ", " 1 ");
  const [g_str] = pyStrip(g_line).split("\t") as [string, string];
  return eval_exec_match(db, p_str, g_str, false, keep_distinct);
}

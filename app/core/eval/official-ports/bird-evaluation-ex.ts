// Test-only: a line-by-line TypeScript port of BIRD's official execution accuracy, to check the EX judge against.
//
// Source: github.com/bird-bench/mini_dev at commit 47f116d828a45d139c0261cf804e610e031b572a, evaluation/evaluation_ex.py
// (calculate_ex, execute_model) and evaluation/evaluation_utils.py at 21eb984c6a4c2c8952a98ece2832e15344e60d6b
// (execute_sql, SQLite only). The same comparison as AlibabaResearch/DAMO-ConvAI bird/llm/src/evaluation.py before it
// sorted the values inside each row (its later sort_tuple, not followed here). Not ported: the process pool, the
// 30 s func_timeout (meta_time_out), reading the prediction and gold files.
import { pySet, pySetEq, type PyTuple, type Sqlite3Connection } from "./python-objects";

export function calculate_ex(predicted_res: readonly PyTuple[], ground_truth_res: readonly PyTuple[]): 0 | 1 {
  let res: 0 | 1 = 0;
  if (pySetEq(pySet(predicted_res), pySet(ground_truth_res))) {
    res = 1;
  }
  return res;
}

export function execute_sql(
  predicted_sql: string,
  ground_truth: string,
  conn: Sqlite3Connection,
  calculate_func: (predicted_res: readonly PyTuple[], ground_truth_res: readonly PyTuple[]) => 0 | 1,
): 0 | 1 {
  const predicted_res = conn.executeFetchall(predicted_sql);
  const ground_truth_res = conn.executeFetchall(ground_truth);
  const res = calculate_func(predicted_res, ground_truth_res);
  return res;
}

/** execute_model without the timeout: any exception is a 0. */
export function execute_model(predicted_sql: string, ground_truth: string, db_place: Sqlite3Connection): 0 | 1 {
  let res: 0 | 1;
  try {
    res = execute_sql(predicted_sql, ground_truth, db_place, calculate_ex);
  } catch {
    res = 0;
  }
  return res;
}

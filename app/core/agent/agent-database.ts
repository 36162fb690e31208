// What the agent needs from a database: its schema and read-only queries. The SQLite engine provides both, in
// process (CLI, tests) or through the worker (browser).
import type { DatabaseSchema, Outcome, ReadOnlyResult } from "../db/types";

export interface AgentDatabase {
  schema(): Promise<DatabaseSchema>;
  executeReadOnly(sql: string, maxRows: number): Promise<Outcome<ReadOnlyResult>>;
}

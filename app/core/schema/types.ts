// Types of the schema-context pipeline (profile → describe → prune) shared by the worker, the page and the CLI.

/** A value as a profile shows it: text for everything (BLOBs summarized), so it crosses workers and JSON as is. */
export interface ValueCount {
  value: string;
  count: number;
}

/** What one column holds, measured in the SQLite worker. */
export interface ColumnProfile {
  column: string;
  /** Declared type ('' when none). */
  type: string;
  /** Share of NULLs among the rows looked at (0..1). */
  nullFraction: number;
  /** Distinct non-NULL values among the rows looked at. */
  distinctCount: number;
  /** True when distinctCount (and the other figures) come from a sample, not every row. */
  approximate: boolean;
  /** Smallest and largest non-NULL values in SQLite's order, as text; null when the column is all NULL. */
  min: string | null;
  max: string | null;
  /** The most frequent non-NULL values, most frequent first (at most 5). */
  topValues: ValueCount[];
  /** A few distinct example values (at most 3), short text. */
  examples: string[];
}

export interface TableProfile {
  table: string;
  kind: "table" | "view";
  /** Rows in the table (exact), or null for views. */
  rowCount: number | null;
  /** Rows the column figures were computed over (= rowCount unless sampled). */
  rowsProfiled: number;
  columns: ColumnProfile[];
}

export interface DatabaseProfile {
  /** Identifies the database content the profile was computed from; a different key means recompute. */
  contentKey: string;
  tables: TableProfile[];
  /** Time the profile took, in ms. */
  elapsedMs: number;
}

/** Where a description came from, so the panel can show it and a person's edit always wins. */
export type DescriptionSource = "comment" | "bird" | "spider" | "person" | "llm";

export interface Description {
  text: string;
  source: DescriptionSource;
}

/** Descriptions of tables and columns: `tables[table].columns[column]`. */
export interface SchemaDescriptions {
  tables: Record<string, { description?: Description; columns: Record<string, Description> }>;
}

/** Why a column or table is in the pruned schema (or why it is not). */
export type KeepReason =
  | "dense" // close to the question by the embedding model
  | "lexical" // BM25 over names and descriptions
  | "sub-word" // a word of the question is a form or part of its name (Kunden → kunde, Durchschnittspreis → preis)
  | "value" // a word or phrase of the question is one of its stored values
  | "measure" // the question asks for a figure of the kind its name says it holds (money, rating, quantity, area)
  | "key" // primary or foreign key of a kept table
  | "join-path" // on the foreign-key path joining kept tables
  | "label" // the column that names a kept table's rows (name, title): answers show it
  | "neighbour" // joined by a foreign key to a kept table the question is about (or bridging two kept tables)
  | "whole-table" // kept with all its columns: a small table the question is about, or a kept table the budget had room for whole
  | "room-left" // a weaker match than the tables chosen, kept because the budget had room once they were in
  | "pinned" // the person pinned it
  | "whole-schema"; // everything fits the budget, so everything is kept

export type DropReason = "below-budget" | "excluded";

/** The stage scores of one retrieval unit; absent when the stage did not run. Each in 0..1 after normalization. */
export interface StageScores {
  dense?: number;
  lexical?: number;
  /** Sub-word matches, on the lexical stage's scale (absent when there were none). */
  subword?: number;
  value?: number;
  /** 1 when the question asks for the kind of figure the column's name says it holds (measure-concepts.ts); columns only. */
  measure?: number;
}

export interface ColumnDecision {
  table: string;
  column: string;
  kept: boolean;
  /** Fused score (0..1). */
  score: number;
  stages: StageScores;
  /** Reasons it is kept (empty when dropped). */
  reasons: KeepReason[];
  dropReason?: DropReason;
  /** The stored value the question matched, for "value" reasons. */
  matchedValue?: string;
}

export interface TableDecision {
  table: string;
  kept: boolean;
  score: number;
  stages: StageScores;
  reasons: KeepReason[];
  dropReason?: DropReason;
}

/** One foreign-key edge used to join kept tables. */
export interface JoinEdge {
  fromTable: string;
  fromColumns: string[];
  toTable: string;
  toColumns: string[];
}

/** A person's choices that override the ranking for the next run. Keys are `table` or `table.column`. */
export interface PruneOverrides {
  pinned: string[];
  excluded: string[];
}

export interface PruneResult {
  question: string;
  tables: TableDecision[];
  columns: ColumnDecision[];
  /** Kept columns by table, in schema order. */
  kept: Record<string, string[]>;
  joinPath: JoinEdge[];
  /** The exact schema text the agent receives. */
  schemaText: string;
  tokensKept: number;
  tokensFull: number;
  budget: number;
  /** Stages that ran. */
  stagesUsed: Array<"dense" | "lexical" | "value">;
  /** Set when the dense stage was wanted but could not run (the model failed to load, say): said on screen. */
  denseUnavailable?: string;
  /** Time the ranking and selection took for this question, in ms (embedding the question included). */
  elapsedMs: number;
}

/** Embeds text into unit-length vectors; the dense stage's only dependency (a worker in the page, in-process in Node). */
export interface TextEmbedder {
  /** The model's name or folder, for caches and the screen. */
  readonly modelId: string;
  embed(texts: string[]): Promise<Float32Array[]>;
}

// The entity-relationship diagram's model, pure: tables → boxes with column rows, foreign keys → edges between rows, pruning marks, ELK graph in and positions out.
import type { ElkNode } from "elkjs/lib/elk-api";
import type { DatabaseSchema, TableInfo } from "../../core/db/types";
import type { JoinEdge, PruneResult } from "../../core/schema/types";

/** What a pruning did to a table, column or edge; "plain" when no pruning is shown. */
export type ErMark = "kept" | "dropped" | "plain";

/** The part of a pruning the diagram shows: kept columns by table, and the foreign keys joining them. */
export type ErHighlight = Pick<PruneResult, "kept" | "joinPath">;

export interface ErColumn {
  /** Position in the table's column list: the handle ids use it, so odd column names never reach the DOM as ids. */
  index: number;
  name: string;
  type: string;
  primaryKey: boolean;
  /** `table.column` it references, when it is (the first column of) a foreign key. */
  references: string | null;
  mark: ErMark;
}

export interface ErTable {
  id: string;
  name: string;
  kind: "table" | "view";
  mark: ErMark;
  /** The rows drawn; in a collapsed box only keys and kept columns. */
  columns: ErColumn[];
  /** Columns left out of a collapsed box. */
  hiddenColumns: number;
  width: number;
  height: number;
}

export interface ErEdge {
  id: string;
  source: string;
  sourceHandle: string;
  target: string;
  targetHandle: string;
  fromColumns: string[];
  toTable: string;
  toColumns: string[];
  joinPath: boolean;
  mark: ErMark;
  /** What a screen reader says for it. */
  label: string;
}

export interface ErModel {
  tables: ErTable[];
  edges: ErEdge[];
  /** True when boxes list only keys and kept columns (a large schema, or asked for). */
  compact: boolean;
}

export interface ErOptions {
  /** Force the compact (keys and kept columns only) or full form; by default compact for large schemas. */
  compact?: boolean;
}

// Sizes shared with the CSS in er-diagram.css: ELK must lay out the boxes at the size the page draws them.
export const HEADER_HEIGHT = 30;
export const ROW_HEIGHT = 20;
const CHAR_WIDTH = 7.2;
const MIN_WIDTH = 150;
const MAX_WIDTH = 320;

/**
 * Beyond these the full column lists make a diagram nobody can read and React Flow slow to draw (every row is
 * DOM), so boxes show only the keys (which carry the edges) and the kept columns: the shape of the schema is
 * what a diagram is for; the schema panel lists every column.
 */
export const COMPACT_TABLES = 40;
export const COMPACT_COLUMNS = 400;
/** A single table wider than this collapses even in a small schema (BIRD has tables of 100+ columns). */
export const MAX_ROWS_PER_TABLE = 30;

export function sourceHandleId(columnIndex: number): string {
  return `s${columnIndex}`;
}
export function targetHandleId(columnIndex: number): string {
  return `t${columnIndex}`;
}

const lower = (text: string) => text.toLowerCase();

/** SQLite names are case-insensitive, and REFERENCES clauses are not always spelled like the table. */
function indexByName(tables: TableInfo[]): Map<string, TableInfo> {
  const byName = new Map<string, TableInfo>();
  for (const table of tables) byName.set(lower(table.name), table);
  return byName;
}

function columnIndex(table: TableInfo, column: string | undefined): number {
  if (column !== undefined) {
    const found = table.columns.findIndex((candidate) => lower(candidate.name) === lower(column));
    if (found >= 0) return found;
  }
  // A key whose columns the DDL left out references the primary key; failing that, the first column.
  const primaryKey = table.columns.findIndex((candidate) => candidate.primaryKeyPosition === 1);
  return primaryKey >= 0 ? primaryKey : 0;
}

/** Columns match when equal ignoring case; an empty list (columns not given) matches any. */
function columnsMatch(a: string[], b: string[]): boolean {
  if (a.length === 0 || b.length === 0) return true;
  return a.length === b.length && a.every((column, index) => lower(column) === lower(b[index] ?? ""));
}

/** Whether a foreign key is one of the join path's edges; the pruner may walk a key in either direction. */
export function onJoinPath(joinPath: JoinEdge[], fromTable: string, fromColumns: string[], toTable: string, toColumns: string[]): boolean {
  return joinPath.some((edge) => {
    const forward =
      lower(edge.fromTable) === lower(fromTable) &&
      lower(edge.toTable) === lower(toTable) &&
      columnsMatch(edge.fromColumns, fromColumns) &&
      columnsMatch(edge.toColumns, toColumns);
    const backward =
      lower(edge.fromTable) === lower(toTable) &&
      lower(edge.toTable) === lower(fromTable) &&
      columnsMatch(edge.fromColumns, toColumns) &&
      columnsMatch(edge.toColumns, fromColumns);
    return forward || backward;
  });
}

function keptTables(highlight: ErHighlight): Set<string> {
  const kept = new Set(Object.keys(highlight.kept).map(lower));
  for (const edge of highlight.joinPath) {
    kept.add(lower(edge.fromTable));
    kept.add(lower(edge.toTable));
  }
  return kept;
}

function keptColumnsOf(highlight: ErHighlight, table: string): Set<string> {
  const entry = Object.entries(highlight.kept).find(([name]) => lower(name) === lower(table));
  return new Set((entry?.[1] ?? []).map(lower));
}

function boxWidth(table: TableInfo, columns: ErColumn[], marked: boolean): number {
  // The header holds the name, a "view" tag and, with a pruning shown, the "✓ kept"/"dropped" tag.
  const header = (table.name.length + (table.kind === "view" ? 6 : 0) + (marked ? 10 : 0)) * (CHAR_WIDTH + 0.8) + 24;
  const rows = columns.map((column) => (column.name.length + column.type.length + 4) * CHAR_WIDTH + 44);
  return Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, header, ...rows)));
}

/** Tables, their drawn rows and the foreign-key edges, marked by the pruning when there is one. */
export function buildErModel(schema: DatabaseSchema, highlight?: ErHighlight | null, options: ErOptions = {}): ErModel {
  const totalColumns = schema.tables.reduce((sum, table) => sum + table.columns.length, 0);
  const compact = options.compact ?? (schema.tables.length > COMPACT_TABLES || totalColumns > COMPACT_COLUMNS);
  const byName = indexByName(schema.tables);
  const kept = highlight ? keptTables(highlight) : null;

  // Columns an edge ends on, so a collapsed box still shows them.
  const referenced = new Map<string, Set<number>>();
  for (const table of schema.tables) {
    for (const key of table.foreignKeys) {
      const target = byName.get(lower(key.toTable));
      if (!target || target.columns.length === 0) continue;
      const set = referenced.get(target.name) ?? new Set<number>();
      set.add(columnIndex(target, key.toColumns[0]));
      referenced.set(target.name, set);
    }
  }

  const tables: ErTable[] = schema.tables.map((table) => {
    const references = new Map<string, string>();
    for (const key of table.foreignKeys) {
      key.fromColumns.forEach((column, index) => references.set(lower(column), `${key.toTable}.${key.toColumns[index] ?? "?"}`));
    }
    const tableKept = kept === null ? null : kept.has(lower(table.name));
    const keptColumns = highlight && tableKept ? keptColumnsOf(highlight, table.name) : new Set<string>();
    const all: ErColumn[] = table.columns.map((column, index) => ({
      index,
      name: column.name,
      type: column.type,
      primaryKey: column.primaryKeyPosition > 0,
      references: references.get(lower(column.name)) ?? null,
      mark: tableKept === null ? "plain" : keptColumns.has(lower(column.name)) ? "kept" : "dropped",
    }));
    const collapse = compact || table.columns.length > MAX_ROWS_PER_TABLE;
    const endsOfEdges = referenced.get(table.name) ?? new Set<number>();
    const columns = collapse
      ? all.filter((column) => column.primaryKey || column.references !== null || endsOfEdges.has(column.index) || column.mark === "kept")
      : all;
    const hiddenColumns = all.length - columns.length;
    return {
      id: table.name,
      name: table.name,
      kind: table.kind,
      mark: tableKept === null ? "plain" : tableKept ? "kept" : "dropped",
      columns,
      hiddenColumns,
      width: boxWidth(table, columns, tableKept !== null),
      height: HEADER_HEIGHT + (columns.length + (hiddenColumns > 0 ? 1 : 0)) * ROW_HEIGHT + 2,
    };
  });

  const edges: ErEdge[] = [];
  for (const table of schema.tables) {
    table.foreignKeys.forEach((key, keyIndex) => {
      const target = byName.get(lower(key.toTable));
      if (!target || target.columns.length === 0 || table.columns.length === 0) return;
      const from = columnIndex(table, key.fromColumns[0]);
      const to = columnIndex(target, key.toColumns[0]);
      const joinPath = highlight ? onJoinPath(highlight.joinPath, table.name, key.fromColumns, target.name, key.toColumns) : false;
      const bothKept = kept !== null && kept.has(lower(table.name)) && kept.has(lower(target.name));
      const mark: ErMark = kept === null ? "plain" : bothKept ? "kept" : "dropped";
      const toColumns = key.toColumns.length > 0 ? key.toColumns : [target.columns[to]?.name ?? "?"];
      const text = `${table.name}.${key.fromColumns.join(", ")} references ${target.name}.${toColumns.join(", ")}`;
      edges.push({
        id: `fk:${table.name}:${keyIndex}`,
        source: table.name,
        sourceHandle: sourceHandleId(from),
        target: target.name,
        targetHandle: targetHandleId(to),
        fromColumns: key.fromColumns,
        toTable: target.name,
        toColumns,
        joinPath,
        mark,
        label: joinPath ? `Join path: ${text}` : `Foreign key: ${text}`,
      });
    });
  }
  return { tables, edges, compact };
}

/**
 * For a small schema, the arrangement that fits the dialog best (measured on the Bookshop sample: about 20% less
 * height than the defaults, so a larger fit zoom).
 */
const SMALL_LAYOUT = {
  "elk.layered.layering.strategy": "LONGEST_PATH",
  "elk.layered.nodePlacement.strategy": "NETWORK_SIMPLEX",
  "elk.layered.considerModelOrder.strategy": "NODES_AND_EDGES",
};
/**
 * For hundreds of tables, the quick one: network-simplex placement, model-order tie breaking and post-compaction
 * each cost seconds there (measured: 150 tables 2.5 s → 10 s with them), for a picture nobody reads whole anyway.
 */
const FAST_LAYOUT = {
  "elk.layered.nodePlacement.strategy": "SIMPLE",
  "elk.layered.considerModelOrder.strategy": "NONE",
  "elk.layered.compaction.postCompaction.strategy": "NONE",
};

/** The ELK input: boxes at their drawn size, a port at each drawn row's height (left for references in, right for out). */
export function toElkGraph(model: ErModel): ElkNode {
  const rowOf = new Map<string, Map<number, number>>();
  for (const table of model.tables) rowOf.set(table.id, new Map(table.columns.map((column, row) => [column.index, row])));
  const portY = (table: string, handle: string) => HEADER_HEIGHT + (rowOf.get(table)?.get(Number(handle.slice(1))) ?? 0) * ROW_HEIGHT + ROW_HEIGHT / 2;
  const ids = new Map(model.tables.map((table, index) => [table.id, `n${index}`]));
  // Only rows an edge ends on get a port; ELK places the rest of the box freely.
  const handlesOf = new Map<string, Set<string>>();
  const addHandle = (table: string, handle: string) => handlesOf.set(table, (handlesOf.get(table) ?? new Set()).add(handle));
  for (const edge of model.edges) {
    addHandle(edge.source, edge.sourceHandle);
    addHandle(edge.target, edge.targetHandle);
  }
  return {
    id: "root",
    layoutOptions: {
      "elk.algorithm": "layered",
      "elk.direction": "RIGHT",
      "elk.layered.spacing.nodeNodeBetweenLayers": "80",
      "elk.spacing.nodeNode": "28",
      "elk.spacing.edgeNode": "20",
      // Tables without keys would otherwise stack into one tall column; packed components keep the picture wide.
      "elk.separateConnectedComponents": "true",
      "elk.spacing.componentComponent": "60",
      ...(model.tables.length > COMPACT_TABLES ? FAST_LAYOUT : SMALL_LAYOUT),
    },
    children: model.tables.map((table) => {
      const id = ids.get(table.id)!;
      const ports = [...(handlesOf.get(table.id) ?? [])].map((handle) => {
        const out = handle.startsWith("s");
        return {
          id: `${id}.${handle}`,
          x: out ? table.width : 0,
          y: portY(table.id, handle),
          width: 1,
          height: 1,
          layoutOptions: { "elk.port.side": out ? "EAST" : "WEST" },
        };
      });
      return { id, width: table.width, height: table.height, ports, layoutOptions: { "elk.portConstraints": "FIXED_POS" } };
    }),
    edges: model.edges.map((edge, index) => ({
      id: `e${index}`,
      sources: [`${ids.get(edge.source)}.${edge.sourceHandle}`],
      targets: [`${ids.get(edge.target)}.${edge.targetHandle}`],
    })),
  };
}

/** Top-left corners by table id, read back from ELK's answer (its node ids are positions in model.tables). */
export function positionsFrom(model: ErModel, laidOut: ElkNode): Map<string, { x: number; y: number }> {
  const positions = new Map<string, { x: number; y: number }>();
  for (const child of laidOut.children ?? []) {
    const table = model.tables[Number(child.id.slice(1))];
    if (table) positions.set(table.id, { x: child.x ?? 0, y: child.y ?? 0 });
  }
  return positions;
}

// joinPath against the way it was first written (a search from the whole tree each round, with Maps built anew, kept
// here as the reference): the same tables and edges, in the same order, on seeded random key graphs, whatever the
// terminals and the edge limit.
import { describe, expect, it } from "vitest";
import type { DatabaseSchema, TableInfo } from "../db/types";
import { seededRandom } from "../seeded-random";
import type { JoinEdge } from "./types";
import { foreignKeyGraph, joinPath } from "./join-path";

type Neighbour = ReturnType<typeof foreignKeyGraph> extends Map<string, (infer Entry)[]> ? Entry : never;

function referenceJoinPath(graph: ReturnType<typeof foreignKeyGraph>, terminals: string[], maxEdges = Infinity): { tables: string[]; edges: JoinEdge[] } {
  const wanted = terminals.filter((table, index) => graph.has(table) && terminals.indexOf(table) === index);
  if (wanted.length < 2) return { tables: wanted, edges: [] };
  const inTree = new Set<string>([wanted[0]]);
  const edges: JoinEdge[] = [];
  const remaining = new Set(wanted.slice(1));

  while (remaining.size > 0) {
    // One breadth-first search from the whole tree finds the nearest remaining terminal and the path to it.
    const cameFrom = new Map<string, Neighbour | null>([...inTree].map((table) => [table, null]));
    const depth = new Map<string, number>([...inTree].map((table) => [table, 0]));
    const queue = [...inTree];
    let found: string | null = null;
    for (let head = 0; head < queue.length && !found; head += 1) {
      const nextDepth = depth.get(queue[head])! + 1;
      if (nextDepth > maxEdges) break;
      for (const neighbour of graph.get(queue[head]) ?? []) {
        if (cameFrom.has(neighbour.table)) continue;
        cameFrom.set(neighbour.table, { table: queue[head], edge: neighbour.edge });
        depth.set(neighbour.table, nextDepth);
        if (remaining.has(neighbour.table)) {
          found = neighbour.table;
          break;
        }
        queue.push(neighbour.table);
      }
    }
    if (!found) break;
    for (let table = found; !inTree.has(table);) {
      const step = cameFrom.get(table);
      if (!step) break;
      inTree.add(table);
      remaining.delete(table);
      edges.push(step.edge);
      table = step.table;
    }
  }
  const order = [...graph.keys()];
  return { tables: order.filter((table) => inTree.has(table) || wanted.includes(table)), edges };
}

function randomSchema(random: () => number, tableCount: number, keyCount: number): DatabaseSchema {
  const name = (index: number) => `t${index}`;
  const tables: TableInfo[] = Array.from({ length: tableCount }, (_unused, index) => ({
    name: name(index),
    kind: "table",
    rowCount: null,
    columns: [{ name: "id", type: "INTEGER", notNull: false, defaultValue: null, primaryKeyPosition: 1, comment: null }],
    foreignKeys: [],
    indexes: [],
    sql: "",
  }));
  for (let key = 0; key < keyCount; key += 1) {
    const from = tables[Math.floor(random() * tableCount)]!;
    from.foreignKeys.push({ fromColumns: [`k${key}`], toTable: name(Math.floor(random() * tableCount)), toColumns: ["id"] });
  }
  return { tables };
}

describe("joinPath", () => {
  it("gives the reference's tables and edges on random key graphs", () => {
    const random = seededRandom(20261206);
    for (let trial = 0; trial < 300; trial += 1) {
      const tableCount = 2 + Math.floor(random() * 60);
      const schema = randomSchema(random, tableCount, Math.floor(random() * tableCount * 2));
      const graph = foreignKeyGraph(schema);
      const terminals = Array.from({ length: 1 + Math.floor(random() * 12) }, () => `t${Math.floor(random() * (tableCount + 3))}`);
      const maxEdges = random() < 0.3 ? Infinity : 1 + Math.floor(random() * 4);
      const edgeText = (edges: JoinEdge[]) => edges.map((edge) => `${edge.fromTable}.${edge.fromColumns.join()}→${edge.toTable}`);
      const expected = referenceJoinPath(graph, terminals, maxEdges);
      const actual = joinPath(graph, terminals, maxEdges);
      expect({ tables: actual.tables, edges: edgeText(actual.edges) }, `trial ${trial}`).toEqual({ tables: expected.tables, edges: edgeText(expected.edges) });
    }
  });

  it("gives the reference's tables and edges when many of the tables are terminals, as a large question's are", () => {
    // The rounds then build on each other's searches (see joinPath): paths that tie, terminals reached through others.
    const random = seededRandom(20261207);
    for (let trial = 0; trial < 200; trial += 1) {
      const tableCount = 20 + Math.floor(random() * 180);
      const schema = randomSchema(random, tableCount, Math.floor(tableCount * (0.8 + random() * 1.5)));
      const graph = foreignKeyGraph(schema);
      const terminals = Array.from({ length: Math.floor(tableCount * (0.1 + random() * 0.6)) }, () => `t${Math.floor(random() * tableCount)}`);
      const maxEdges = random() < 0.2 ? Infinity : 1 + Math.floor(random() * 4);
      const edgeText = (edges: JoinEdge[]) => edges.map((edge) => `${edge.fromTable}.${edge.fromColumns.join()}→${edge.toTable}`);
      const expected = referenceJoinPath(graph, terminals, maxEdges);
      const actual = joinPath(graph, terminals, maxEdges);
      expect({ tables: actual.tables, edges: edgeText(actual.edges) }, `trial ${trial}`).toEqual({ tables: expected.tables, edges: edgeText(expected.edges) });
    }
  });

  it("connects hundreds of terminals among thousands of chained tables", () => {
    const tables = Array.from({ length: 5000 }, (_unused, index) => `t${index}`);
    const schema: DatabaseSchema = {
      tables: tables.map((name, index) => ({
        name,
        kind: "table",
        rowCount: null,
        columns: [],
        foreignKeys: index > 0 ? [{ fromColumns: ["parent_id"], toTable: tables[index - 1]!, toColumns: ["id"] }] : [],
        indexes: [],
        sql: "",
      })),
    };
    const terminals = tables.filter((_name, index) => index % 5 === 0);
    const path = joinPath(foreignKeyGraph(schema), terminals, 5);
    // Every table of the chain is on the path between consecutive terminals five apart.
    expect(path.tables).toHaveLength(5000 - 4);
    expect(path.edges).toHaveLength(5000 - 5);
  });
});

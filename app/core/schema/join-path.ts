// Join-path completion: the foreign-key edges (and tables) that connect the kept tables, as a small Steiner tree.
import type { DatabaseSchema } from "../db/types";
import type { JoinEdge } from "./types";

interface Neighbour {
  table: string;
  edge: JoinEdge;
}

/** The foreign-key graph, undirected: a join can go either way along a key. Self-references add nothing to a path. */
export function foreignKeyGraph(schema: DatabaseSchema): Map<string, Neighbour[]> {
  const graph = new Map<string, Neighbour[]>(schema.tables.map((table) => [table.name, []]));
  const names = new Map(schema.tables.map((table) => [table.name.toLowerCase(), table.name]));
  for (const table of schema.tables) {
    for (const key of table.foreignKeys) {
      // SQLite matches the referenced table name without regard to case; so do we.
      const target = names.get(key.toTable.toLowerCase());
      if (!target || target === table.name) continue;
      const edge: JoinEdge = { fromTable: table.name, fromColumns: key.fromColumns, toTable: target, toColumns: key.toColumns };
      graph.get(table.name)?.push({ table: target, edge });
      graph.get(target)?.push({ table: table.name, edge });
    }
  }
  return graph;
}

/**
 * Connects the terminals (kept tables, most important first) with few extra tables: grow a tree from the first
 * terminal, each time attaching the terminal nearest to the tree by a shortest path (breadth first, ties broken
 * by schema order so the answer is stable). This is the classic shortest-path heuristic for Steiner trees, within
 * twice the optimum; schemas are small enough that it runs in well under a millisecond. Terminals no key path
 * reaches stay unconnected, and so do those further than `maxEdges` from the tree: in a schema merged from
 * several domains, a path through shared lookup tables (countries, states) joins nothing a question asks.
 */
export function joinPath(graph: Map<string, Neighbour[]>, terminals: string[], maxEdges = Infinity): { tables: string[]; edges: JoinEdge[] } {
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

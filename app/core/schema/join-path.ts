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
 * twice the optimum. Terminals no key path reaches stay unconnected, and so do those further than `maxEdges` from
 * the tree: in a schema merged from several domains, a path through shared lookup tables (countries, states) joins
 * nothing a question asks.
 * Each round searches from the whole tree again, so the tables are numbered and a round's marks are typed arrays
 * stamped with the round: with Maps built anew per round, a question kept ~800 of 5,000 chained tables and this took
 * ~13 s (in Node), on the page's main thread.
 */
export function joinPath(graph: Map<string, Neighbour[]>, terminals: string[], maxEdges = Infinity): { tables: string[]; edges: JoinEdge[] } {
  const wanted = [...new Set(terminals.filter((table) => graph.has(table)))];
  if (wanted.length < 2) return { tables: wanted, edges: [] };
  const names = [...graph.keys()];
  const numberOf = new Map(names.map((name, index) => [name, index]));
  // A neighbour the graph does not list leads nowhere and is never a terminal: left out.
  const neighbours = names.map((name) =>
    (graph.get(name) ?? []).flatMap((neighbour) => {
      const to = numberOf.get(neighbour.table);
      return to === undefined ? [] : [{ to, edge: neighbour.edge }];
    }),
  );
  const count = names.length;
  const inTree = new Uint8Array(count);
  const treeOrder: number[] = [];
  const remaining = new Uint8Array(count);
  let remainingCount = 0;
  for (const table of wanted.slice(1)) {
    remaining[numberOf.get(table)!] = 1;
    remainingCount += 1;
  }
  const first = numberOf.get(wanted[0]!)!;
  inTree[first] = 1;
  treeOrder.push(first);
  const seenInRound = new Int32Array(count);
  const depth = new Int32Array(count);
  const cameFrom = new Int32Array(count);
  const cameBy: (JoinEdge | null)[] = new Array<JoinEdge | null>(count).fill(null);
  const queue = new Int32Array(count);
  const edges: JoinEdge[] = [];

  for (let round = 1; remainingCount > 0; round += 1) {
    // One breadth-first search from the whole tree (in the order it grew) finds the nearest remaining terminal.
    let tail = 0;
    for (const table of treeOrder) {
      queue[tail++] = table;
      seenInRound[table] = round;
      depth[table] = 0;
    }
    let found = -1;
    for (let head = 0; head < tail && found < 0; head += 1) {
      const table = queue[head]!;
      const nextDepth = depth[table]! + 1;
      if (nextDepth > maxEdges) break;
      for (const { to, edge } of neighbours[table]!) {
        if (seenInRound[to] === round) continue;
        seenInRound[to] = round;
        cameFrom[to] = table;
        cameBy[to] = edge;
        depth[to] = nextDepth;
        if (remaining[to]) {
          found = to;
          break;
        }
        queue[tail++] = to;
      }
    }
    if (found < 0) break;
    for (let table = found; !inTree[table]; table = cameFrom[table]!) {
      inTree[table] = 1;
      treeOrder.push(table);
      if (remaining[table]) {
        remaining[table] = 0;
        remainingCount -= 1;
      }
      edges.push(cameBy[table]!);
    }
  }
  const wantedSet = new Set(wanted);
  return { tables: names.filter((name, index) => inTree[index] === 1 || wantedSet.has(name)), edges };
}

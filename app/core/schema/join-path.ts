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

interface NumberedGraph {
  names: string[];
  numberOf: Map<string, number>;
  neighbours: { to: number; edge: JoinEdge }[][];
}

/** The graph's tables numbered in its order, worked out once per graph: the budget's search joins ~30 times a question. */
const numberedGraphs = new WeakMap<Map<string, Neighbour[]>, NumberedGraph>();
function numbered(graph: Map<string, Neighbour[]>): NumberedGraph {
  let known = numberedGraphs.get(graph);
  if (!known) {
    const names = [...graph.keys()];
    const numberOf = new Map(names.map((name, index) => [name, index]));
    // A neighbour the graph does not list leads nowhere and is never a terminal: left out.
    const neighbours = names.map((name) =>
      (graph.get(name) ?? []).flatMap((neighbour) => {
        const to = numberOf.get(neighbour.table);
        return to === undefined ? [] : [{ to, edge: neighbour.edge }];
      }),
    );
    numberedGraphs.set(graph, (known = { names, numberOf, neighbours }));
  }
  return known;
}

/**
 * Connects the terminals (kept tables, most important first) with few extra tables: grow a tree from the first
 * terminal, each time attaching the terminal nearest to the tree by a shortest path (breadth first, ties broken
 * by schema order so the answer is stable). This is the classic shortest-path heuristic for Steiner trees, within
 * twice the optimum. Terminals no key path reaches stay unconnected, and so do those further than `maxEdges` from
 * the tree: in a schema merged from several domains, a path through shared lookup tables (countries, states) joins
 * nothing a question asks.
 *
 * A breadth-first search from the whole tree each round (as first written, kept in join-path.test.ts as the
 * reference) took ~1.8 s per question with ~1,500 of 5,000 chained tables kept: the budget's search joins ~30 times
 * per question, each time searching from a tree of hundreds of tables once per terminal. So the search's outcome is
 * kept between rounds instead, and only what the tables a round adds change is searched again. That search visits
 * the tree in the order it grew, each table's neighbours in the graph's order, and takes the first remaining terminal
 * it meets: the one nearest the tree, among those the one whose path reads smallest as (position of its tree table,
 * then the neighbour's place in each list along the path). Each table keeps that path's distance and reading
 * (`label`), which only improve as the tree grows. A table joining the tree starts a new path of distance 0 read as
 * its position, larger than every earlier one, so at an equal distance an earlier path stays, and only tables it
 * brings strictly nearer are searched again.
 */
export function joinPath(graph: Map<string, Neighbour[]>, terminals: string[], maxEdges = Infinity): { tables: string[]; edges: JoinEdge[] } {
  const wanted = [...new Set(terminals.filter((table) => graph.has(table)))];
  if (wanted.length < 2) return { tables: wanted, edges: [] };
  const { names, numberOf, neighbours } = numbered(graph);
  const count = names.length;
  // No shortest path is longer than the graph has tables: that bounds a label when the edges are not limited.
  const limit = Math.min(maxEdges, count);
  const inTree = new Uint8Array(count);
  const treeOrder: number[] = [];
  const remaining = new Uint8Array(count);
  let remainingCount = 0;
  for (const table of wanted.slice(1)) {
    remaining[numberOf.get(table)!] = 1;
    remainingCount += 1;
  }
  /** Each table's distance from the tree (count + 1: none within the limit), its path's label, where it came from. */
  const distance = new Int32Array(count).fill(count + 1);
  const label: (Int32Array | null)[] = new Array<Int32Array | null>(count).fill(null);
  const cameFrom = new Int32Array(count);
  const cameBy: (JoinEdge | null)[] = new Array<JoinEdge | null>(count).fill(null);
  /** Bumped whenever a table's path changes, so a terminal's older entry in the heap is known stale. */
  const version = new Int32Array(count);
  const nearest = new TerminalHeap();
  const edges: JoinEdge[] = [];

  /** Whether a path of this distance and label reads before the table's own. */
  const isBetter = (table: number, candidateDistance: number, candidate: Int32Array) => {
    if (candidateDistance !== distance[table]) return candidateDistance < distance[table]!;
    const own = label[table]!;
    for (let index = 0; index < candidate.length; index += 1) if (candidate[index] !== own[index]) return candidate[index]! < own[index]!;
    return false;
  };
  /** Searches again from the tables that joined the tree (or came nearer): first the nearer, then in label order. */
  const searchFrom = (starts: number[]) => {
    const queue = [...starts];
    for (let head = 0; head < queue.length; head += 1) {
      const table = queue[head]!;
      const nextDistance = distance[table]! + 1;
      if (nextDistance > limit) continue;
      const own = label[table]!;
      const list = neighbours[table]!;
      for (let place = 0; place < list.length; place += 1) {
        const { to, edge } = list[place]!;
        const candidate = new Int32Array(nextDistance + 1);
        candidate.set(own);
        candidate[nextDistance] = place;
        if (!isBetter(to, nextDistance, candidate)) continue;
        distance[to] = nextDistance;
        label[to] = candidate;
        cameFrom[to] = table;
        cameBy[to] = edge;
        version[to]! += 1;
        if (remaining[to]) nearest.push({ table: to, version: version[to]!, distance: nextDistance, label: candidate });
        queue.push(to);
      }
    }
  };
  const joinTree = (table: number) => {
    inTree[table] = 1;
    distance[table] = 0;
    label[table] = Int32Array.of(treeOrder.length);
    version[table]! += 1;
    treeOrder.push(table);
  };

  const first = numberOf.get(wanted[0]!)!;
  joinTree(first);
  searchFrom([first]);
  while (remainingCount > 0) {
    const entry = nearest.pop((entry) => remaining[entry.table] === 1 && entry.version === version[entry.table]);
    if (!entry) break;
    const joined: number[] = [];
    for (let table = entry.table; !inTree[table]; table = cameFrom[table]!) {
      edges.push(cameBy[table]!);
      if (remaining[table]) {
        remaining[table] = 0;
        remainingCount -= 1;
      }
      joined.push(table);
    }
    // The path's tables take their places in the order the first version added them (from the terminal back).
    for (const table of joined) joinTree(table);
    searchFrom(joined);
  }
  const wantedSet = new Set(wanted);
  return { tables: names.filter((name, index) => inTree[index] === 1 || wantedSet.has(name)), edges };
}

interface TerminalEntry {
  table: number;
  version: number;
  distance: number;
  label: Int32Array;
}

/** The remaining terminals by distance, then label: a binary heap whose stale entries are skipped when popped. */
class TerminalHeap {
  private readonly entries: TerminalEntry[] = [];

  push(entry: TerminalEntry): void {
    const entries = this.entries;
    let index = entries.push(entry) - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!readsBefore(entries[index]!, entries[parent]!)) break;
      [entries[index], entries[parent]] = [entries[parent]!, entries[index]!];
      index = parent;
    }
  }

  /** The first entry that is still current, or null; stale ones on the way are dropped. */
  pop(isCurrent: (entry: TerminalEntry) => boolean): TerminalEntry | null {
    while (this.entries.length > 0) {
      const top = this.entries[0]!;
      const last = this.entries.pop()!;
      if (this.entries.length > 0) {
        this.entries[0] = last;
        this.siftDown();
      }
      if (isCurrent(top)) return top;
    }
    return null;
  }

  private siftDown(): void {
    const entries = this.entries;
    let index = 0;
    for (;;) {
      const left = index * 2 + 1;
      const right = left + 1;
      let smallest = index;
      if (left < entries.length && readsBefore(entries[left]!, entries[smallest]!)) smallest = left;
      if (right < entries.length && readsBefore(entries[right]!, entries[smallest]!)) smallest = right;
      if (smallest === index) return;
      [entries[index], entries[smallest]] = [entries[smallest]!, entries[index]!];
      index = smallest;
    }
  }
}

function readsBefore(a: TerminalEntry, b: TerminalEntry): boolean {
  if (a.distance !== b.distance) return a.distance < b.distance;
  for (let index = 0; index < a.label.length; index += 1) if (a.label[index] !== b.label[index]) return a.label[index]! < b.label[index]!;
  return false;
}

// EXPLAIN QUERY PLAN's rows as a tree; apart from the diagnosis so the page can draw a plan without loading the clause reader.
import type { QueryPlanStep } from "./sql-diagnosis";

/** A query plan step with the steps under it, for drawing the plan as a tree. */
export interface QueryPlanNode {
  id: number;
  detail: string;
  children: QueryPlanNode[];
}

/** The plan's rows as a tree: each step under its parent, in SQLite's order; a step whose parent is missing sits at the top. */
export function queryPlanTree(steps: QueryPlanStep[]): QueryPlanNode[] {
  const nodes = new Map<number, QueryPlanNode>();
  for (const step of steps) nodes.set(step.id, { id: step.id, detail: step.detail, children: [] });
  const roots: QueryPlanNode[] = [];
  for (const step of steps) {
    const node = nodes.get(step.id)!;
    const parent = step.parent === step.id ? undefined : nodes.get(step.parent);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

// The pruning defaults, apart from prune.ts so the page can show and store the budget at start without loading the
// pruner (the pruner and its retrievers load with the first question, issue #14).

/**
 * The default budget's floor: whole schemas up to this size go as they are; larger ones are pruned to fit, and the
 * budget grows with the schema (budgetShare of its tokens, see table-selection.ts).
 */
export const DEFAULT_SCHEMA_TOKEN_BUDGET = 800;
/** Columns scoring below this share of the best column are not kept for relevance (see PruneOptions). */
export const DEFAULT_RELATIVE_THRESHOLD = 0.2;
